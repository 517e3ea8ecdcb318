// tracc: expect SAFE verify=SAFE
// Two branches of a loop that nothing bounds change disjoint unsigned counters (w and x, y and z), so their accelerators commute: the trace automaton lets them run in one order only (acc1 never right after acc2), and --unwind 3 covers every interleaving, wrap-arounds included (SV-COMP's loop-invariants/eq1.c, written anew).
#include <assert.h>
int nondet_int(void);
unsigned nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    unsigned w = nondet_uint();
    unsigned x = w;
    unsigned y = nondet_uint();
    unsigned z = y;
    unsigned char tracc_q1 = 0;
    unsigned int tracc_w_was1 = w;
    unsigned int tracc_w_prev1 = w;
    unsigned int tracc_x_was1 = x;
    unsigned int tracc_x_prev1 = x;
    unsigned int tracc_y_was1 = y;
    unsigned int tracc_y_prev1 = y;
    unsigned int tracc_z_was1 = z;
    unsigned int tracc_z_prev1 = z;
    while (nondet_int()) {
        if (tracc_q1 != 1 && tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            w = (unsigned int)(((unsigned long)w + tracc_n1) % 4294967296UL);
            x = (unsigned int)(((unsigned long)x + tracc_n1) % 4294967296UL);
            tracc_q1 = 1;
            __CPROVER_assume((w != tracc_w_was1 || x != tracc_x_was1 || y != tracc_y_was1 || z != tracc_z_was1) && (w != tracc_w_prev1 || x != tracc_x_prev1 || y != tracc_y_prev1 || z != tracc_z_prev1));
            tracc_w_prev1 = tracc_w_was1;
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_z_prev1 = tracc_z_was1;
            tracc_w_was1 = w;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
            tracc_z_was1 = z;
        } else if (tracc_q1 != 2) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            y = (unsigned int)(((unsigned long)y + tracc_n2 * 4294967295UL) % 4294967296UL);
            z = (unsigned int)(((unsigned long)z + tracc_n2 * 4294967295UL) % 4294967296UL);
            tracc_q1 = 2;
            __CPROVER_assume((w != tracc_w_was1 || x != tracc_x_was1 || y != tracc_y_was1 || z != tracc_z_was1) && (w != tracc_w_prev1 || x != tracc_x_prev1 || y != tracc_y_prev1 || z != tracc_z_prev1));
            tracc_w_prev1 = tracc_w_was1;
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_z_prev1 = tracc_z_was1;
            tracc_w_was1 = w;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
            tracc_z_was1 = z;
        } else {
            __CPROVER_assume(0);
            if (nondet_int()) {
                w = w + 1;
                x = x + 1;
            } else {
                y = y - 1;
                z = z - 1;
            }
            __CPROVER_assume((w != tracc_w_was1 || x != tracc_x_was1 || y != tracc_y_was1 || z != tracc_z_was1) && (w != tracc_w_prev1 || x != tracc_x_prev1 || y != tracc_y_prev1 || z != tracc_z_prev1));
            tracc_w_prev1 = tracc_w_was1;
            tracc_x_prev1 = tracc_x_was1;
            tracc_y_prev1 = tracc_y_was1;
            tracc_z_prev1 = tracc_z_was1;
            tracc_w_was1 = w;
            tracc_x_was1 = x;
            tracc_y_was1 = y;
            tracc_z_was1 = z;
        }
    }
    assert(w == x && y == z);
    return 0;
}
