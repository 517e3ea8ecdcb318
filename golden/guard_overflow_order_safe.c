// tracc: expect SAFE verify=UNKNOWN induction=1
// The guard x + 2 < 6 is evaluated at every iteration but x never passes 5: an accelerator that evaluated it at its last iteration before assuming x < 5 there would report an overflow of x + 2 that no execution has.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 0;
    int y = 0;
    unsigned char tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    int tracc_y_was1 = y;
    int tracc_y_prev1 = y;
    while (nondet_int()) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(x <= 2147483645);
            __CPROVER_assume((int)((long)x + (long)(tracc_n1 - 1UL)) <= 2147483645);
            __CPROVER_assume(x + 2 < 6 && y < 1 && (int)((long)x + (long)(tracc_n1 - 1UL)) + 2 < 6 && (tracc_n1 - 1UL == 0UL ? y : 1) < 1);
            x = (int)((long)x + (long)tracc_n1);
            y = 1;
            tracc_q1 = 1;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(x <= 2147483645);
            __CPROVER_assume(x + 2 < 6 && y < 1 && (tracc_n2 - 1UL == 0UL ? y : 1) < 1);
            __CPROVER_assume(!(x < 5));
            y = 1;
            tracc_q1 = 2;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        } else if (tracc_q1 != 3 && nondet_bool()) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(x <= 2147483645);
            __CPROVER_assume((int)((long)x + (long)(tracc_n3 - 1UL)) <= 2147483645);
            __CPROVER_assume(!(x + 2 < 6 && y < 1));
            __CPROVER_assume(x < 5 && (int)((long)x + (long)(tracc_n3 - 1UL)) < 5);
            x = (int)((long)x + (long)tracc_n3);
            tracc_q1 = 3;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        } else {
            tracc_q1 = 0;
            if (x + 2 < 6 && y < 1)
                y = 1;
            if (x < 5)
                x = x + 1;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        }
    }
    assert(x <= 5);
    return 0;
}
