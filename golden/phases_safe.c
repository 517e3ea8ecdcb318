// tracc: expect SAFE verify=UNKNOWN induction=1
// Two phases, x += 1 while x < m and x += 2 afterwards, stop at n or n + 1; wrapped values never let the loop exit (nondeterministic n and m).
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int m = nondet_uint();
    unsigned int x = 0;
    unsigned char tracc_q1 = 0;
    while (x < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume(x < n && (unsigned int)((long)x + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(x < m && (unsigned int)((long)x + (long)(tracc_n1 - 1UL)) < m);
            x = (unsigned int)((long)x + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - x) / 2UL);
            __CPROVER_assume(x < n && (unsigned int)((long)x + (long)((tracc_n2 - 1UL) * 2UL)) < n);
            __CPROVER_assume(!(x < m));
            x = (unsigned int)((long)x + (long)(tracc_n2 * 2UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(x < m || x <= 4294967293U));
            tracc_q1 = 0;
            if (x < m) {
                x = x + 1;
            } else {
                x = x + 2;
            }
        }
    }
    assert(x == n || x == n + 1);
    return 0;
}
