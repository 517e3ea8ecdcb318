// tracc: expect UNSAFE bound=6 verify=UNKNOWN
// The matrix-style double loop of nested_matrix_safe.c writes only the first four columns, so the element checked in the last column is never written (zero, as a global). Verify UNKNOWN, as the safe one: the failure lies past both loops, which are left alone.
#include <assert.h>

int a[4][5];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int i, j;
    for (i = 0; i < 4; i++) {
        _Bool tracc_q1 = 0;
        for (j = 0; j < 4; j++) {
            if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)j));
                __CPROVER_assume(j >= 0 && j < 5 && (int)((long)j + (long)(tracc_n1 - 1UL)) < 5);
                __CPROVER_assume(i >= 0 && i < 4);
                __CPROVER_assume(j < 4 && (int)((long)j + (long)(tracc_n1 - 1UL)) < 4);
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
    assert(a[2][4] == 7);
    return 0;
}
