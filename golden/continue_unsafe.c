// tracc: expect UNSAFE verify=UNSAFE
// A for loop skips odd counters with continue; for odd nondeterministic n the even count is (n+1)/2 and 2*evens <= n fails.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i, evens = 0;
    unsigned char tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - evens));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) < n);
            __CPROVER_assume(i % 2 != 0);
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1U < n);
            i = (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1U;
            evens = (unsigned int)((long)evens + (long)(tracc_n1 - 1UL)) + 1U;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - evens));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) < n);
            __CPROVER_assume(!(i % 2 != 0));
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) + 1U < n);
            i = (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) + 1U;
            evens = (unsigned int)((long)evens + (long)(tracc_n2 - 1UL)) + 1U;
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(evens < 4294967295U && i + 1U < n));
            tracc_q1 = 0;
            if (i % 2 != 0) {
                continue;
            }
            evens++;
        }
    }
    assert(2 * evens <= n);
    return 0;
}
