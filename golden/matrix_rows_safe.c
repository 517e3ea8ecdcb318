// tracc: expect SAFE bound=21 verify=SAFE
// Two rows of a matrix are filled up to a nondeterministic column count n <= 20 with a value that depends on the row (the inner loop is accelerated as a write into the row a[i]); an element inside and one past the filled columns are checked.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[2][20];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint(), i, j;
    __CPROVER_assume(n <= 20);
    for (i = 0; i < 2; i++) {
        _Bool tracc_q1 = 0;
        for (j = 0; j < n; j++) {
            if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - j));
                __CPROVER_assume(i <= 4294967294U);
                __CPROVER_assume(i + 1 <= 2147483647U);
                __CPROVER_assume(j < 20U && (unsigned int)((long)j + (long)(tracc_n1 - 1UL)) < 20U);
                __CPROVER_assume(i < 2U);
                __CPROVER_assume(j < n && (unsigned int)((long)j + (long)(tracc_n1 - 1UL)) < n);
                int tracc_a1[20];
                __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 20UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)j && tracc_k1 <= (unsigned long)(unsigned int)((long)j + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == (int)(i + 1)) });
                __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 20UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)j && tracc_k2 <= (unsigned long)(unsigned int)((long)j + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[i][tracc_k2]) });
                __CPROVER_array_replace(a[i], tracc_a1);
                j = (unsigned int)((long)j + (long)(tracc_n1 - 1UL));
            } else {
                a[i][j] = i + 1;
                __CPROVER_assume(!(j < 20U && i < 2U));
            }
        }
    }
    unsigned int r = nondet_uint(), c = nondet_uint();
    __CPROVER_assume(r < 2 && c < 20);
    if (c < n) {
        assert(a[r][c] == r + 1);
    } else {
        assert(a[r][c] == 0);
    }
    return 0;
}
