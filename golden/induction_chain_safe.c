// tracc: expect SAFE verify=UNKNOWN induction=1
// x cycles 0 -> 1 -> 2; from states no execution reaches, 12, 11, ..., 4 count down to 3: x != 3 alone is 10-inductive, with the bound x <= 2 (Houdini) 1-inductive.
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
            __CPROVER_assume(!(x == 0) && !((tracc_n3 - 1UL == 0UL ? x : 0) == 0));
            __CPROVER_assume(!(x == 1));
            __CPROVER_assume(x == 2);
            x = 0;
            tracc_q1 = 3;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 4 && nondet_bool()) {
            unsigned long tracc_n4 = nondet_ulong();
            __CPROVER_assume(tracc_n4 >= 1UL);
            __CPROVER_assume(tracc_n4 <= (unsigned long)((long)x - -2147483648L));
            __CPROVER_assume(!(x == 0) && !((int)((long)x - (long)(tracc_n4 - 1UL)) == 0));
            __CPROVER_assume(!(x == 1) && !((int)((long)x - (long)(tracc_n4 - 1UL)) == 1));
            __CPROVER_assume(!(x == 2) && !((int)((long)x - (long)(tracc_n4 - 1UL)) == 2));
            __CPROVER_assume(x >= 4 && x <= 12 && (int)((long)x - (long)(tracc_n4 - 1UL)) >= 4);
            __CPROVER_assume(x - 1 != 3 && (int)((long)x - (long)(tracc_n4 - 1UL)) - 1 != 3);
            x = (int)((long)x - (long)tracc_n4);
            tracc_q1 = 4;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(!(x == 0 || x == 1 || x == 2 || (x >= 4 && x <= 12 && x != 4)));
            tracc_q1 = 0;
            if (x == 0)
                x = 1;
            else if (x == 1)
                x = 2;
            else if (x == 2)
                x = 0;
            else if (x >= 4 && x <= 12)
                x = x - 1;
            assert(x != 3);
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    return 0;
}
