// tracc: expect SAFE verify=UNKNOWN induction=1
// An endless loop in a helper that main calls once on either branch: its loops run at most once per execution, so k-induction may take it (the limit, a parameter the loop does not write, keeps its value in the step case). The for step keeps the output's cycle check off, so --unwind 3 alone does not decide it.
#include <assert.h>
int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int run(int limit)
{
    int x;
    unsigned char tracc_q1 = 0;
    for (x = 0; nondet_int(); x = x + 1) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(x >= limit && (tracc_n1 - 1UL == 0UL ? x : -1 + 1) >= limit);
            __CPROVER_assume(-1 < limit);
            x = -1;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(!(x >= limit) && !((int)((long)x + (long)(tracc_n2 - 1UL)) >= limit));
            x = (int)((long)x + (long)(tracc_n2 - 1UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(-1 < limit || x < limit));
            tracc_q1 = 0;
            if (x >= limit)
                x = -1;
            assert(x < limit);
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
