// tracc: expect UNSAFE verify=UNSAFE
// A for loop skips odd counters with continue; for odd nondeterministic n the even count is (n+1)/2 and 2*evens <= n fails.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i, evens = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n1 - 1UL)) < n);
            evens = (unsigned int)((unsigned long)evens + (((unsigned long)i + tracc_n1) / 2UL - (unsigned long)i / 2UL + (unsigned long)(((unsigned long)i + tracc_n1) % 2UL > 0UL) - (unsigned long)((unsigned long)i % 2UL > 0UL)));
            i = (unsigned int)((unsigned long)i + (tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(0);
            if (i % 2 != 0) {
                continue;
            }
            evens++;
        }
    }
    assert(2 * evens <= n);
    return 0;
}
