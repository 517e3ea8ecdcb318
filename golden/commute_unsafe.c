// tracc: expect UNSAFE verify=UNSAFE
// Commuting branches as in commute_safe.c: y starts at 1 and steps by 3, so y % 3 stays 1 until y wraps around 2^32 (2^32 is 1 modulo 3): after 1431655765 steps of the second branch, in any interleaving with the first, y is 0.
#include <assert.h>
int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    unsigned x = 1;
    unsigned y = 1;
    unsigned char tracc_q1 = 0;
    unsigned int tracc_x_was1 = x;
    unsigned int tracc_x_prev1 = x;
    unsigned int tracc_y_was1 = y;
    unsigned int tracc_y_prev1 = y;
    while (nondet_int()) {
        if (tracc_q1 != 1 && tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            x = (unsigned int)(((unsigned long)x + tracc_n1 * 2UL) % 4294967296UL);
            tracc_q1 = 1;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        } else if (tracc_q1 != 2) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            y = (unsigned int)(((unsigned long)y + tracc_n2 * 3UL) % 4294967296UL);
            tracc_q1 = 2;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        } else {
            __CPROVER_assume(0);
            if (nondet_int())
                x = x + 2;
            else
                y = y + 3;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
        }
    }
    assert(x % 2 == 1);
    assert(y % 3 != 0);
    return 0;
}
