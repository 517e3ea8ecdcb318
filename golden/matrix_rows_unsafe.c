// tracc: expect UNSAFE bound=21 verify=UNSAFE
// The row fill of matrix_rows_safe.c with at least 10 columns, checked one column too far: element a[r][n] was never written, which only an execution through 10 or more inner iterations reaches.
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
    __CPROVER_assume(n >= 10 && n <= 20);
    unsigned char tracc_q1 = 0;
    for (i = 0; i < 2; i++) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 2 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 2);
            __CPROVER_assume(!((unsigned int)0 < n));
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            j = (unsigned int)0;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = 2UL - (unsigned long)i;
            if (!(tracc_n2 >= 1UL && tracc_n2 <= (unsigned long)(4294967295U - i) && i + 1 <= 2147483647U && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) + 1U <= 2147483647U && (i < 2 && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < 2) && (unsigned int)0 < n && (long)n - 1L < 20L && !((unsigned int)((long)i + (long)tracc_n2) < 2 && (unsigned int)0 < n && (long)(unsigned int)((long)i + (long)tracc_n2) + 1L <= 4294967295L && (long)(unsigned int)((long)i + (long)tracc_n2) + 1L <= 2147483647L && (long)(unsigned int)((long)i + (long)tracc_n2) >= 0L && (long)(unsigned int)((long)i + (long)tracc_n2) < 2L && (long)(unsigned int)0 >= 0L && (long)(unsigned int)0 < 20L && (long)n - 1L >= 0L && (long)n - 1L < 20L && !((unsigned int)(long)n < n)))) {
                tracc_n2 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i + 1 <= 2147483647U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n2 - 1UL)) + 1U <= 2147483647U);
            __CPROVER_assume(i < 2 && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < 2);
            __CPROVER_assume((unsigned int)0 < n);
            __CPROVER_assume((long)n - 1L < 20L);
            int tracc_a1[2][20];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 40UL) || ((!(tracc_k1 / 20UL - (unsigned long)i < tracc_n2 && tracc_k1 % 20UL < (unsigned long)(long)n) || tracc_a1[tracc_k1 / 20UL][tracc_k1 % 20UL] == (int)((unsigned int)((long)i + (long)(tracc_k1 / 20UL - (unsigned long)i)) + 1U)) && ((tracc_k1 / 20UL - (unsigned long)i < tracc_n2 && tracc_k1 % 20UL < (unsigned long)(long)n) || tracc_a1[tracc_k1 / 20UL][tracc_k1 % 20UL] == a[tracc_k1 / 20UL][tracc_k1 % 20UL])) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n2 - 1UL));
            j = (unsigned int)(long)n;
            tracc_q1 = 2;
        } else {
            tracc_q1 = 0;
            _Bool tracc_q2 = 0;
            for (j = 0; j < n; j++) {
                if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                    unsigned long tracc_n3 = (unsigned long)n - (unsigned long)j;
                    if (!(tracc_n3 >= 1UL && tracc_n3 <= (unsigned long)(4294967295U - j) && i <= 4294967294U && i + 1 <= 2147483647U && (j < 20U && (unsigned int)((long)j + (long)(tracc_n3 - 1UL)) < 20U) && i < 2U && (j < n && (unsigned int)((long)j + (long)(tracc_n3 - 1UL)) < n) && !((unsigned int)((long)j + (long)tracc_n3) < n))) {
                        tracc_n3 = nondet_ulong();
                    }
                    __CPROVER_assume(tracc_n3 >= 1UL);
                    __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - j));
                    __CPROVER_assume(i <= 4294967294U);
                    __CPROVER_assume(i + 1 <= 2147483647U);
                    __CPROVER_assume(j < 20U && (unsigned int)((long)j + (long)(tracc_n3 - 1UL)) < 20U);
                    __CPROVER_assume(i < 2U);
                    __CPROVER_assume(j < n && (unsigned int)((long)j + (long)(tracc_n3 - 1UL)) < n);
                    int tracc_a2[20];
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 20UL) || (!(tracc_n3 != 0UL && tracc_k2 >= (unsigned long)j && tracc_k2 <= (unsigned long)(unsigned int)((long)j + (long)(tracc_n3 - 1UL))) || tracc_a2[tracc_k2] == (int)(i + 1)) });
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 20UL) || ((tracc_n3 != 0UL && tracc_k3 >= (unsigned long)j && tracc_k3 <= (unsigned long)(unsigned int)((long)j + (long)(tracc_n3 - 1UL))) || tracc_a2[tracc_k3] == a[i][tracc_k3]) });
                    __CPROVER_array_replace(a[i], tracc_a2);
                    j = (unsigned int)((long)j + (long)(tracc_n3 - 1UL));
                } else {
                    a[i][j] = i + 1;
                    __CPROVER_assume(!(j < 20U && i < 2U));
                }
            }
            __CPROVER_assume(n > 20U);
        }
    }
    unsigned int r = nondet_uint(), c = nondet_uint();
    __CPROVER_assume(r < 2 && c < 20);
    if (c <= n) {
        assert(a[r][c] == r + 1);
    }
    return 0;
}
