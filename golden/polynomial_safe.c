// tracc: expect SAFE verify=UNKNOWN
// A quadratic recurrence y += x; x++ sums 0..n-1, so 2*y == n*(n-1) modulo 2^32 for every nondeterministic n.
// verify=UNKNOWN by design: for large n the sum wraps around 2^32, and an accelerator covers only
// iterations in which nothing wraps (METHOD.md, "Soundness rules"), so executions still pass the loop head often.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int x = 0, y = 0;
    _Bool tracc_q1 = 0;
    while (x < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume((unsigned long)y + (unsigned long)x * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) <= 4294967295UL);
            __CPROVER_assume(y <= 4294967295U - x);
            __CPROVER_assume((unsigned int)((unsigned long)y + (unsigned long)x * (tracc_n1 - 1UL) + (tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 4294967295U - (unsigned int)((long)x + (long)(tracc_n1 - 1UL)));
            __CPROVER_assume(x < n && (unsigned int)((long)x + (long)(tracc_n1 - 1UL)) < n);
            y = (unsigned int)((unsigned long)y + (unsigned long)x * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL));
            x = (unsigned int)((long)x + (long)tracc_n1);
        } else {
            __CPROVER_assume((unsigned long)y + (unsigned long)x > 4294967295UL);
            y = y + x;
            x = x + 1;
        }
    }
    assert(2 * y == n * (n - 1));
    return 0;
}
