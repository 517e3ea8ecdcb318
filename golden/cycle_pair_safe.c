// tracc: expect SAFE verify=SAFE
// A loop under a nondeterministic condition toggles x between 1 and 2: every state recurs after two iterations, so without more no bound covers it. Two iterations that end where they began are dropped by the output (its cycle check), and --unwind 3 then decides it.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = nondet_int();
    if (x != 1 && x != 2)
        return 0;
    unsigned char tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    while (nondet_int()) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(x == 1 && (tracc_n1 - 1UL == 0UL ? x : 2) == 1);
            x = 2;
            tracc_q1 = 1;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(!(x == 1) && !((tracc_n2 - 1UL == 0UL ? x : 1) == 1));
            __CPROVER_assume(x == 2);
            x = 1;
            tracc_q1 = 2;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(!(x == 1 || x == 2));
            tracc_q1 = 0;
            if (x == 1)
                x = 2;
            else if (x == 2)
                x = 1;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    assert(x == 1 || x == 2);
    return 0;
}
