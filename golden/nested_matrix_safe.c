// tracc: expect SAFE bound=6 verify=SAFE
// A matrix-style double loop fills a[4][5] with 7 and checks one element: the inner loop's summary fills the row a[i], and the outer loop is accelerated over the rows.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int a[4][5];
    int i, j;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 4; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = 4UL - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(2147483647L - (long)i) && (i < 4 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 4) && (long)i >= 0L && !((int)((long)i + (long)tracc_n1) < 4 && 0 < 5 && (long)(int)((long)i + (long)tracc_n1) >= 0L && (long)(int)((long)i + (long)tracc_n1) < 4L && (long)0 >= 0L && (long)0 < 5L && 4L >= 0L && 4L < 5L && !((int)5L < 5)))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < 4 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 4);
            __CPROVER_assume((long)i >= 0L);
            int tracc_a1[4][5];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 20UL) || ((tracc_k1 / 5UL - (unsigned long)i >= tracc_n1 || tracc_a1[tracc_k1 / 5UL][tracc_k1 % 5UL] == 7) && (tracc_k1 / 5UL - (unsigned long)i < tracc_n1 || tracc_a1[tracc_k1 / 5UL][tracc_k1 % 5UL] == a[tracc_k1 / 5UL][tracc_k1 % 5UL])) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
            j = (int)5L;
        } else {
            _Bool tracc_q2 = 0;
            for (j = 0; j < 5; j++) {
                if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                    unsigned long tracc_n2 = 5UL - (unsigned long)j;
                    if (!(tracc_n2 >= 1UL && tracc_n2 <= (unsigned long)(2147483647L - (long)j) && (j >= 0 && j < 5 && (int)((long)j + (long)(tracc_n2 - 1UL)) < 5) && (i >= 0 && i < 4) && !((int)((long)j + (long)tracc_n2) < 5))) {
                        tracc_n2 = nondet_ulong();
                    }
                    __CPROVER_assume(tracc_n2 >= 1UL);
                    __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)j));
                    __CPROVER_assume(j >= 0 && j < 5 && (int)((long)j + (long)(tracc_n2 - 1UL)) < 5);
                    __CPROVER_assume(i >= 0 && i < 4);
                    int tracc_a2[5];
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 5UL) || (!(tracc_n2 != 0UL && tracc_k2 >= (unsigned long)j && tracc_k2 <= (unsigned long)(int)((long)j + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k2] == 7) });
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 5UL) || ((tracc_n2 != 0UL && tracc_k3 >= (unsigned long)j && tracc_k3 <= (unsigned long)(int)((long)j + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k3] == a[i][tracc_k3]) });
                    __CPROVER_array_replace(a[i], tracc_a2);
                    j = (int)((long)j + (long)(tracc_n2 - 1UL));
                } else {
                    a[i][j] = 7;
                    __CPROVER_assume(!(j >= 0 && i >= 0 && i < 4));
                }
            }
            __CPROVER_assume(i < 0);
        }
    }
    assert(a[2][3] == 7);
    return 0;
}
