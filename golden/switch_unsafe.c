// tracc: expect UNSAFE bound=31 verify=UNKNOWN
// A three-state machine driven by a switch inside a for loop returns to state 0 after 30 steps, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int state = 0;
    int k;
    unsigned char tracc_q1 = 0;
    for (k = 0; k < 30; k++) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)k));
            __CPROVER_assume(k < 30 && (int)((long)k + (long)(tracc_n1 - 1UL)) < 30);
            __CPROVER_assume(state == 0 && (tracc_n1 - 1UL == 0UL ? state : 1) == 0);
            state = 1;
            k = (int)((long)k + (long)(tracc_n1 - 1UL));
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)k));
            __CPROVER_assume(k < 30 && (int)((long)k + (long)(tracc_n2 - 1UL)) < 30);
            __CPROVER_assume(state != 0 && state != 1 && state != 2);
            k = (int)((long)k + (long)(tracc_n2 - 1UL));
            tracc_q1 = 2;
        } else if (tracc_q1 != 3 && nondet_bool()) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(2147483647L - (long)k));
            __CPROVER_assume(k < 30 && (int)((long)k + (long)(tracc_n3 - 1UL)) < 30);
            __CPROVER_assume(state == 2 && (tracc_n3 - 1UL == 0UL ? state : 0) == 2);
            state = 0;
            k = (int)((long)k + (long)(tracc_n3 - 1UL));
            tracc_q1 = 3;
        } else if (tracc_q1 != 4) {
            unsigned long tracc_n4 = nondet_ulong();
            __CPROVER_assume(tracc_n4 >= 1UL);
            __CPROVER_assume(tracc_n4 <= (unsigned long)(2147483647L - (long)k));
            __CPROVER_assume(k < 30 && (int)((long)k + (long)(tracc_n4 - 1UL)) < 30);
            __CPROVER_assume(state == 1 && (tracc_n4 - 1UL == 0UL ? state : 2) == 1);
            state = 2;
            k = (int)((long)k + (long)(tracc_n4 - 1UL));
            tracc_q1 = 4;
        } else {
            __CPROVER_assume(0);
            switch (state) {
            case 0:
                state = 1;
                break;
            case 1:
                state = 2;
                break;
            case 2:
                state = 0;
                break;
            }
        }
    }
    assert(state != 0);
    return 0;
}
