// tracc: expect UNSAFE verify=UNSAFE
// An if/else on i % 3 over 300000 iterations counts 100000 and 200000, so the deep assertion 2*a != b fails.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i = 0, a = 0, b = 0;
    _Bool tracc_q1 = 0;
    while (i < 300000u) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n1 - 1UL)) < 300000u);
            a = (unsigned int)((unsigned long)a + (((unsigned long)i + tracc_n1) / 3UL - (unsigned long)i / 3UL + (unsigned long)(((unsigned long)i + tracc_n1) % 3UL > 0UL) - (unsigned long)((unsigned long)i % 3UL > 0UL)));
            b = (unsigned int)((unsigned long)b + (2UL * (((unsigned long)i + tracc_n1) / 3UL - (unsigned long)i / 3UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 3UL > 1UL) - (unsigned long)((unsigned long)i % 3UL > 1UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 3UL > 2UL) - (unsigned long)((unsigned long)i % 3UL > 2UL)));
            i = (unsigned int)((unsigned long)i + tracc_n1);
        } else {
            __CPROVER_assume(0);
            if (i % 3 == 0) {
                a++;
            } else {
                b++;
            }
            i++;
        }
    }
    assert(2 * a != b);
    return 0;
}
