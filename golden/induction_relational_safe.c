// tracc: expect SAFE verify=SAFE
// j grows twice as fast as i, which stops at 1000, for as long as a nondeterministic choice says: j - i <= 1000 needs the relation j == 2*i, which the accelerated path's closed forms give (i0 + k, j0 + 2*k) and no bound does. The loop condition is the only nondeterministic choice, so original iterations that the accelerator covers are blocked, the idle ones end where they began, and --unwind 3 decides it; k-induction proves it too, with that relation (tests/induction.rs).
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int i = 0;
    int j = 0;
    _Bool tracc_q1 = 0;
    int tracc_i_was1 = i;
    int tracc_i_prev1 = i;
    int tracc_j_was1 = j;
    int tracc_j_prev1 = j;
    while (nondet_int()) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)j) / 2UL);
            __CPROVER_assume(i < 1000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 1000);
            i = (int)((long)i + (long)tracc_n1);
            j = (int)((long)j + (long)(tracc_n1 * 2UL));
            __CPROVER_assume((i != tracc_i_was1 || j != tracc_j_was1) && (i != tracc_i_prev1 || j != tracc_j_prev1));
            tracc_i_prev1 = tracc_i_was1;
            tracc_j_prev1 = tracc_j_was1;
            tracc_i_was1 = i;
            tracc_j_was1 = j;
        } else {
            __CPROVER_assume(!(j <= 2147483645 && i < 1000));
            if (i < 1000) {
                i++;
                j += 2;
            }
            __CPROVER_assume((i != tracc_i_was1 || j != tracc_j_was1) && (i != tracc_i_prev1 || j != tracc_j_prev1));
            tracc_i_prev1 = tracc_i_was1;
            tracc_j_prev1 = tracc_j_was1;
            tracc_i_was1 = i;
            tracc_j_was1 = j;
        }
    }
    assert(j - i <= 1000);
    return 0;
}
