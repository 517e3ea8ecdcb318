// tracc: expect SAFE bound=6 verify=UNKNOWN
// A matrix-style double loop fills a[4][5] with 7 and checks one element (verify UNKNOWN: the inner loop writes a two-dimensional array, for which there is no summary, so the outer loop is left alone with the reason).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int a[4][5];
    int i, j;
    for (i = 0; i < 4; i++) {
        _Bool tracc_q1 = 0;
        for (j = 0; j < 5; j++) {
            if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)j));
                __CPROVER_assume(j >= 0 && j < 5 && (int)((long)j + (long)(tracc_n1 - 1UL)) < 5);
                __CPROVER_assume(i >= 0 && i < 4);
                int tracc_a1[5];
                __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 5UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)j && tracc_k1 <= (unsigned long)(int)((long)j + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == 7) });
                __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 5UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)j && tracc_k2 <= (unsigned long)(int)((long)j + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[i][tracc_k2]) });
                __CPROVER_array_replace(a[i], tracc_a1);
                j = (int)((long)j + (long)(tracc_n1 - 1UL));
            } else {
                a[i][j] = 7;
                __CPROVER_assume(!(j >= 0 && i >= 0 && i < 4));
            }
        }
    }
    assert(a[2][3] == 7);
    return 0;
}
