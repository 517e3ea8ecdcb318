// tracc: expect SAFE verify=SAFE
// The loop condition is the loop's only nondeterministic choice: x is cut below 100 once (x % 100, no closed form) and then counts down to 0, where nothing changes. The condition has held where the coverage check is evaluated, so the original iterations that the countdown's accelerator covers are blocked although another path has no accelerator, the idle ones end where they began, and --unwind 3 decides it (SV-COMP's loop-zilu/benchmark51_polynomial.i has the same shape).
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
    assert(x >= 0 && x <= 1000);
    return 0;
}
