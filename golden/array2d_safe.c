// tracc: expect SAFE bound=11 verify=SAFE
// Nested loops fill a 2-D global array m[i][j] = 10*i + j and a nondeterministic element is checked. The inner loop is accelerated as a write into the row m[i]; its summary fills the row, so the outer loop is accelerated over all rows at once.
#include <assert.h>

unsigned int nondet_uint(void);

int m[10][10];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i, j;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 10; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = 10UL - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(4294967295U - i) && i <= 429496729U && 10 * i <= 2147483647U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 429496729U && 10U * (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U && (i < 10 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 10) && !((unsigned int)((long)i + (long)tracc_n1) < 10 && (unsigned int)0 < 10 && 10L * (long)(unsigned int)((long)i + (long)tracc_n1) <= 4294967295L && 10L * (long)(unsigned int)((long)i + (long)tracc_n1) + 9L <= 4294967295L && 10L * (long)(unsigned int)((long)i + (long)tracc_n1) + 9L <= 2147483647L && (long)(unsigned int)((long)i + (long)tracc_n1) >= 0L && (long)(unsigned int)((long)i + (long)tracc_n1) < 10L && (long)(unsigned int)0 >= 0L && (long)(unsigned int)0 < 10L && 9L >= 0L && 9L < 10L && !((unsigned int)10L < 10)))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i <= 429496729U);
            __CPROVER_assume(10 * i <= 2147483647U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 429496729U);
            __CPROVER_assume(10U * (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U);
            __CPROVER_assume(i < 10 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 10);
            int tracc_a1[10][10];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 100UL) || ((tracc_k1 / 10UL - (unsigned long)i >= tracc_n1 || tracc_a1[tracc_k1 / 10UL][tracc_k1 % 10UL] == (int)((long)(int)(10U * (unsigned int)((long)i + (long)(tracc_k1 / 10UL - (unsigned long)i))) + (long)(tracc_k1 % 10UL))) && (tracc_k1 / 10UL - (unsigned long)i < tracc_n1 || tracc_a1[tracc_k1 / 10UL][tracc_k1 % 10UL] == m[tracc_k1 / 10UL][tracc_k1 % 10UL])) });
            __CPROVER_array_copy(m, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            j = (unsigned int)10L;
        } else {
            _Bool tracc_q2 = 0;
            for (j = 0; j < 10; j++) {
                if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                    unsigned long tracc_n2 = 10UL - (unsigned long)j;
                    if (!(tracc_n2 >= 1UL && tracc_n2 <= (unsigned long)(4294967295U - j) && i <= 429496729U && 10 * i <= 4294967295U - j && 10 * i + j <= 2147483647U && 10 * i <= 4294967295U - (unsigned int)((long)j + (long)(tracc_n2 - 1UL)) && 10 * i + (unsigned int)((long)j + (long)(tracc_n2 - 1UL)) <= 2147483647U && (j < 10U && (unsigned int)((long)j + (long)(tracc_n2 - 1UL)) < 10U) && i < 10U && !((unsigned int)((long)j + (long)tracc_n2) < 10))) {
                        tracc_n2 = nondet_ulong();
                    }
                    __CPROVER_assume(tracc_n2 >= 1UL);
                    __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - j));
                    __CPROVER_assume(i <= 429496729U);
                    __CPROVER_assume(10 * i <= 4294967295U - j);
                    __CPROVER_assume(10 * i + j <= 2147483647U);
                    __CPROVER_assume(10 * i <= 4294967295U - (unsigned int)((long)j + (long)(tracc_n2 - 1UL)));
                    __CPROVER_assume(10 * i + (unsigned int)((long)j + (long)(tracc_n2 - 1UL)) <= 2147483647U);
                    __CPROVER_assume(j < 10U && (unsigned int)((long)j + (long)(tracc_n2 - 1UL)) < 10U);
                    __CPROVER_assume(i < 10U);
                    int tracc_a2[10];
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 10UL) || (!(tracc_n2 != 0UL && tracc_k2 >= (unsigned long)j && tracc_k2 <= (unsigned long)(unsigned int)((long)j + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k2] == (int)(10 * i + (unsigned int)tracc_k2)) });
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 10UL) || ((tracc_n2 != 0UL && tracc_k3 >= (unsigned long)j && tracc_k3 <= (unsigned long)(unsigned int)((long)j + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k3] == m[i][tracc_k3]) });
                    __CPROVER_array_replace(m[i], tracc_a2);
                    j = (unsigned int)((long)j + (long)(tracc_n2 - 1UL));
                } else {
                    m[i][j] = 10 * i + j;
                    __CPROVER_assume(i >= 10U);
                }
            }
            __CPROVER_assume(0);
        }
    }
    unsigned int r = nondet_uint() % 10, c = nondet_uint() % 10;
    assert(m[r][c] == 10 * r + c);
    return 0;
}
