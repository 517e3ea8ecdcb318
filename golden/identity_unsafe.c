// tracc: expect UNSAFE verify=UNSAFE
// As identity_safe.c, but the assertion that fails sits in the idle path itself: at x == 100 the iteration changes nothing, and the output blocks it only after its body, so the failure 100 iterations deep is still found at --unwind 3.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 0;
    _Bool tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    while (nondet_int()) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(x < 100 && (int)((long)x + (long)(tracc_n1 - 1UL)) < 100);
            x = (int)((long)x + (long)tracc_n1);
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(x >= 100);
            if (x < 100) {
                x = x + 1;
            } else {
                assert(x != 100);
            }
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    return 0;
}
