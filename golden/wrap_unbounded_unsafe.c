// tracc: expect UNSAFE verify=UNSAFE
// As wrap_unbounded_safe, with a step of 6 down from near the top of unsigned long: x % 4 goes 2, 0, 2, ..., so the assertion fails after one iteration, and on every second iteration after any number of wrap-arounds.
#include <assert.h>
int nondet_int(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void) {
    unsigned long x = 18446744073709551614UL;
    _Bool tracc_q1 = 0;
    unsigned long tracc_x_was1 = x;
    unsigned long tracc_x_prev1 = x;
    while (nondet_int()) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            x = x + tracc_n1 * 18446744073709551610UL;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(0);
            x = x - 6;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    assert(x % 4 != 0);
    return 0;
}
