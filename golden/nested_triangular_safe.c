// tracc: expect SAFE bound=101 verify=SAFE
// A triangular nest (inner j < i) over 100 outer iterations counts 4,950 inner ones. The outer accelerator adds i per iteration: a sum quadratic in the count, monotone because the guard 0 < i holds at both ends.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int i, j;
    int c = 0;
    for (i = 0; i < 100; i++) {
        _Bool tracc_q1 = 0;
        for (j = 0; j < i; j++) {
            if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)j));
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)c));
                __CPROVER_assume(j < i && (int)((long)j + (long)(tracc_n1 - 1UL)) < i);
                j = (int)((long)j + (long)(tracc_n1 - 1UL));
                c = (int)((long)c + (long)(tracc_n1 - 1UL)) + 1;
            } else {
                __CPROVER_assume(c >= 2147483647);
                c++;
            }
        }
    }
    assert(c == 4950);
    return 0;
}
