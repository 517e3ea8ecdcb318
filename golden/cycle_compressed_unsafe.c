// tracc: expect UNSAFE verify=UNSAFE
// The helper of cycle_compressed_safe.c, with an assertion that the value returned stays below 15: run(20) may return any value up to 20, reached without a cycle, which the cycle check must keep.
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
    assert(r < 15);
    return 0;
}
