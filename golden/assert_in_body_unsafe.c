// tracc: expect UNSAFE verify=UNSAFE
// A __CPROVER_assert inside the loop body fails in iteration 335 when x = 3*i reaches 1002, for nondeterministic n >= 335.
#include <assert.h>

void __CPROVER_assert(_Bool, const char *);
unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 3UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(x < 1000 && (unsigned int)((long)x + (long)((tracc_n1 - 1UL) * 3UL)) < 1000);
            i = (unsigned int)((long)i + (long)tracc_n1);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 3UL));
        } else {
            __CPROVER_assume(x >= 1000U);
            __CPROVER_assert(x < 1000, "x stays below 1000");
            x = x + 3;
            i = i + 1;
        }
    }
    return 0;
}
