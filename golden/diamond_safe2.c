// tracc: expect SAFE verify=SAFE
// An if/else on the parity of the counter splits the iterations into even and odd ones, which differ by at most one.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, even = 0, odd = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n1 - 1UL)) < n);
            even = (unsigned int)((unsigned long)even + (((unsigned long)i + tracc_n1) / 2UL - (unsigned long)i / 2UL + (unsigned long)(((unsigned long)i + tracc_n1) % 2UL > 0UL) - (unsigned long)((unsigned long)i % 2UL > 0UL)));
            odd = (unsigned int)((unsigned long)odd + (((unsigned long)i + tracc_n1) / 2UL - (unsigned long)i / 2UL + (unsigned long)(((unsigned long)i + tracc_n1) % 2UL > 1UL) - (unsigned long)((unsigned long)i % 2UL > 1UL)));
            i = (unsigned int)((unsigned long)i + tracc_n1);
        } else {
            __CPROVER_assume(0);
            if (i % 2 == 0)
                even++;
            else
                odd++;
            i++;
        }
    }
    assert(even == odd || even == odd + 1);
    return 0;
}
