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
    while (nondet_int()) {
        if (tracc_q1 != 1 && tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            w = (unsigned int)(((unsigned long)w + tracc_n1) % 4294967296UL);
            x = (unsigned int)(((unsigned long)x + tracc_n1) % 4294967296UL);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            y = (unsigned int)(((unsigned long)y + tracc_n2 * 4294967295UL) % 4294967296UL);
            z = (unsigned int)(((unsigned long)z + tracc_n2 * 4294967295UL) % 4294967296UL);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(0);
            if (nondet_int()) {
                w = w + 1;
                x = x + 1;
            } else {
                y = y - 1;
                z = z - 1;
            }
        }
    }
    assert(w == x && y == z);
    return 0;
}
