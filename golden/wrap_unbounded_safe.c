// tracc: expect SAFE verify=SAFE
// A loop that nothing bounds, over unsigned counters that wrap around again and again: x keeps its low bits 101 (start 5, steps of 8), y - z stays 1 whatever the order of the branches. Without an accelerator exact modulo 2^32 each wrap-around needs an original iteration, and no --unwind decides the loop.
#include <assert.h>
int nondet_int(void);
unsigned nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void) {
    unsigned x = 5;
    unsigned y = nondet_uint();
    unsigned z = y - 1;
    _Bool tracc_q1 = 0;
    unsigned int tracc_x_was1 = x;
    unsigned int tracc_x_prev1 = x;
    unsigned int tracc_y_was1 = y;
    unsigned int tracc_y_prev1 = y;
    unsigned int tracc_z_was1 = z;
    unsigned int tracc_z_prev1 = z;
    while (nondet_int()) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            x = (unsigned int)(((unsigned long)x + tracc_n1 * 8UL) % 4294967296UL);
            y = (unsigned int)(((unsigned long)y + tracc_n1) % 4294967296UL);
            z = (unsigned int)(((unsigned long)z + tracc_n1) % 4294967296UL);
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1 || z != tracc_z_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1 || z != tracc_z_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_z_prev1 = tracc_z_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
            tracc_z_was1 = z;
        } else {
            __CPROVER_assume(0);
            x += 8;
            y++;
            z++;
            __CPROVER_assume((x != tracc_x_was1 || y != tracc_y_was1 || z != tracc_z_was1) && (x != tracc_x_prev1 || y != tracc_y_prev1 || z != tracc_z_prev1));
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_z_prev1 = tracc_z_was1;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
            tracc_z_was1 = z;
        }
    }
    assert((x & 5) == 5);
    assert(y - z == 1);
    return 0;
}
