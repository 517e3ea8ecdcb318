// tracc: expect UNSAFE verify=UNSAFE
// An endless loop whose counter is reset past 10, asserted to stay below 6: fails after six iterations; induction must not prove it.
#include <assert.h>
int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 0;
    unsigned char tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    while (1) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(x <= 2147483646);
            __CPROVER_assume(x + 1 > 10 && (tracc_n1 - 1UL == 0UL ? x : 0) + 1 > 10);
            x = 0;
            tracc_q1 = 1;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(!(x + 1 > 10) && !((int)((long)x + (long)(tracc_n2 - 1UL)) + 1 > 10));
            __CPROVER_assume(x + 1 < 6 && (int)((long)x + (long)(tracc_n2 - 1UL)) + 1 < 6);
            x = (int)((long)x + (long)tracc_n2);
            tracc_q1 = 2;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            tracc_q1 = 0;
            if (nondet_int()) {
                x = x + 1;
                if (x > 10)
                    x = 0;
            }
            assert(x < 6);
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    return 0;
}
