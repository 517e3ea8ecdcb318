// tracc: expect SAFE verify=UNKNOWN induction=2
// A cycle 0 -> 1 -> 2 -> 6 -> 7 -> 0 and, between its values, states 5 -> 4 -> 3 no execution reaches: x != 3 is 2-inductive, not 1-inductive, even with the bounds 0 <= x <= 7.
#include <assert.h>

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
            __CPROVER_assume(x == 0 && (tracc_n1 - 1UL == 0UL ? x : 1) == 0);
            x = 1;
            tracc_q1 = 1;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(!(x == 0));
            __CPROVER_assume(x == 1 && (tracc_n2 - 1UL == 0UL ? x : 2) == 1);
            x = 2;
            tracc_q1 = 2;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 3 && nondet_bool()) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(!(x == 0));
            __CPROVER_assume(!(x == 1));
            __CPROVER_assume(x == 2 && (tracc_n3 - 1UL == 0UL ? x : 6) == 2);
            x = 6;
            tracc_q1 = 3;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 4 && nondet_bool()) {
            unsigned long tracc_n4 = nondet_ulong();
            __CPROVER_assume(tracc_n4 >= 1UL);
            __CPROVER_assume(!(x == 0));
            __CPROVER_assume(!(x == 1));
            __CPROVER_assume(!(x == 2));
            __CPROVER_assume(x == 6 && (tracc_n4 - 1UL == 0UL ? x : 7) == 6);
            x = 7;
            tracc_q1 = 4;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 5 && nondet_bool()) {
            unsigned long tracc_n5 = nondet_ulong();
            __CPROVER_assume(tracc_n5 >= 1UL);
            __CPROVER_assume(!(x == 0) && !((tracc_n5 - 1UL == 0UL ? x : 0) == 0));
            __CPROVER_assume(!(x == 1));
            __CPROVER_assume(!(x == 2));
            __CPROVER_assume(!(x == 6));
            __CPROVER_assume(x == 7);
            x = 0;
            tracc_q1 = 5;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 6 && nondet_bool()) {
            unsigned long tracc_n6 = nondet_ulong();
            __CPROVER_assume(tracc_n6 >= 1UL);
            __CPROVER_assume(!(x == 0));
            __CPROVER_assume(!(x == 1));
            __CPROVER_assume(!(x == 2));
            __CPROVER_assume(!(x == 6));
            __CPROVER_assume(!(x == 7));
            __CPROVER_assume(x == 5 && (tracc_n6 - 1UL == 0UL ? x : 4) == 5);
            x = 4;
            tracc_q1 = 6;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 7 && nondet_bool()) {
            unsigned long tracc_n7 = nondet_ulong();
            __CPROVER_assume(tracc_n7 >= 1UL);
            __CPROVER_assume(!(x == 0));
            __CPROVER_assume(!(x == 1));
            __CPROVER_assume(!(x == 2));
            __CPROVER_assume(!(x == 6));
            __CPROVER_assume(!(x == 7));
            __CPROVER_assume(!(x == 5));
            __CPROVER_assume(x == 4 && (tracc_n7 - 1UL == 0UL ? x : 3) == 4);
            __CPROVER_assume(3 != 3);
            x = 3;
            tracc_q1 = 7;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(!(x == 0 || x == 1 || x == 2 || x == 6 || x == 7 || x == 5 || 0));
            tracc_q1 = 0;
            if (x == 0)
                x = 1;
            else if (x == 1)
                x = 2;
            else if (x == 2)
                x = 6;
            else if (x == 6)
                x = 7;
            else if (x == 7)
                x = 0;
            else if (x == 5)
                x = 4;
            else if (x == 4)
                x = 3;
            assert(x != 3);
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    return 0;
}
