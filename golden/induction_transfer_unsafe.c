// tracc: expect UNSAFE verify=UNSAFE
// Units move from x to y, but one is lost on the way back: x + y == 10 fails after the first round (eleven iterations).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 10;
    int y = 0;
    _Bool tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    int tracc_y_was1 = y;
    int tracc_y_prev1 = y;
    while (1) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)((long)x - -2147483648L));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)y));
            __CPROVER_assume(y + 1 >= 0 ? x - 1 <= 2147483647 - (y + 1) : x - 1 >= (-2147483647 - 1) - (y + 1));
            __CPROVER_assume(x > 0 && (int)((long)x - (long)(tracc_n1 - 1UL)) > 0);
            __CPROVER_assume(x - 1 + (y + 1) == 10);
            x = (int)((long)x - (long)tracc_n1);
            y = (int)((long)y + (long)tracc_n1);
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        } else {
            _Bool tracc_cov1 = x > (-2147483647 - 1) && y < 2147483647 && (y + 1 >= 0 ? x - 1 <= 2147483647 - (y + 1) : x - 1 >= (-2147483647 - 1) - (y + 1)) && x > 0 && x - 1 + (y + 1) == 10;
            if (x > 0) {
                x = x - 1;
                y = y + 1;
            } else {
                x = y - 1;
                y = 0;
            }
            assert(x + y == 10);
            __CPROVER_assume(!tracc_cov1);
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        }
    }
    return 0;
}
