// tracc: expect UNSAFE verify=UNSAFE
// The loop of condition_choice_safe.c with an assertion that x never reaches 42: it does through the path without accelerator (x == 242 gives 42) or after it (x == 299 gives 99, then the countdown), which blocking the covered original iterations must keep.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = nondet_int();
    if (x < 200 || x > 1000)
        return 0;
    _Bool tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    while (nondet_int()) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)((long)x - -2147483648L));
            __CPROVER_assume(!(x > 100));
            __CPROVER_assume(x > 0 && (int)((long)x - (long)(tracc_n1 - 1UL)) > 0);
            x = (int)((long)x - (long)tracc_n1);
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(!(x <= 100 && x > 0));
            if (x > 100)
                x = x % 100;
            else if (x > 0)
                x = x - 1;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    assert(x != 42);
    return 0;
}
