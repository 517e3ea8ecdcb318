// tracc: expect SAFE verify=SAFE
// x counts from 0 to limit and back to 0 under a nondeterministic condition, in a helper main calls once: a cycle of 11 or 21 iterations, which the accelerators of x = x + 1 and of the reset take in two. The output's cycle check blocks an iteration that ends where the one before it began, so --unwind 3 decides the program.
#include <assert.h>
int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int run(int limit)
{
    int x = 0;
    unsigned char tracc_q1 = 0;
    int tracc_x_was1 = x;
    int tracc_x_prev1 = x;
    while (nondet_int()) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(x <= 2147483646);
            __CPROVER_assume(x + 1 > limit && (tracc_n1 - 1UL == 0UL ? x : 0) + 1 > limit);
            __CPROVER_assume(0 <= limit);
            x = 0;
            tracc_q1 = 1;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(!(x + 1 > limit) && !((int)((long)x + (long)(tracc_n2 - 1UL)) + 1 > limit));
            x = (int)((long)x + (long)tracc_n2);
            tracc_q1 = 2;
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        } else {
            __CPROVER_assume(!((x <= 2147483646 && x + 1 > limit && 0 <= limit) || (x < 2147483647 && x + 1 <= limit)));
            tracc_q1 = 0;
            x = x + 1;
            if (x > limit)
                x = 0;
            assert(x <= limit);
            __CPROVER_assume(x != tracc_x_was1 && x != tracc_x_prev1);
            tracc_x_prev1 = tracc_x_was1;
            tracc_x_was1 = x;
        }
    }
    return x;
}

int main(void)
{
    int r;
    if (nondet_int())
        r = run(10);
    else
        r = run(20);
    assert(r >= 0);
    return 0;
}
