// tracc: expect SAFE verify=SAFE
// A _Bool toggled by b = !b in every iteration of a nondeterministic loop ends equal to the parity of the trip count.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i;
    _Bool b = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            b = (_Bool)!((tracc_n1 - 1UL) % 2UL == 0UL ? b : (_Bool)!b);
        } else {
            __CPROVER_assume(0);
            b = !b;
        }
    }
    assert(b == (n % 2 == 1));
    return 0;
}
