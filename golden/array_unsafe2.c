// tracc: expect UNSAFE bound=9 verify=UNSAFE
// Nested int loops fill a 2-D local array with g[i][j] = i - j, which is negative below the diagonal the assertion forgets.
#include <assert.h>

void __CPROVER_assume(_Bool);
int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int g[8][8];
    int i, j;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 8; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = 8UL - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(2147483647L - (long)i) && (i < 8 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 8) && (long)i - 7L >= -2147483648L && (long)i >= 0L && !((int)((long)i + (long)tracc_n1) < 8 && 0 < 8 && (long)(int)((long)i + (long)tracc_n1) - 7L >= -2147483648L && (long)(int)((long)i + (long)tracc_n1) - (long)0 <= 2147483647L && (long)(int)((long)i + (long)tracc_n1) >= 0L && (long)(int)((long)i + (long)tracc_n1) < 8L && (long)0 >= 0L && (long)0 < 8L && 7L >= 0L && 7L < 8L && !((int)8L < 8)))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < 8 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 8);
            __CPROVER_assume((long)i - 7L >= -2147483648L);
            __CPROVER_assume((long)i >= 0L);
            int tracc_a1[8][8];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 64UL) || ((tracc_k1 / 8UL - (unsigned long)i >= tracc_n1 || tracc_a1[tracc_k1 / 8UL][tracc_k1 % 8UL] == (int)((long)(int)((long)i + (long)(tracc_k1 / 8UL - (unsigned long)i)) - (long)(tracc_k1 % 8UL))) && (tracc_k1 / 8UL - (unsigned long)i < tracc_n1 || tracc_a1[tracc_k1 / 8UL][tracc_k1 % 8UL] == g[tracc_k1 / 8UL][tracc_k1 % 8UL])) });
            __CPROVER_array_copy(g, tracc_a1);
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
            j = (int)8L;
        } else {
            _Bool tracc_q2 = 0;
            for (j = 0; j < 8; j++) {
                if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                    unsigned long tracc_n2 = 8UL - (unsigned long)j;
                    if (!(tracc_n2 >= 1UL && tracc_n2 <= (unsigned long)(2147483647L - (long)j) && (j >= 0 ? i >= (-2147483647 - 1) + j : i <= 2147483647 + j) && ((int)((long)j + (long)(tracc_n2 - 1UL)) >= 0 ? i >= (-2147483647 - 1) + (int)((long)j + (long)(tracc_n2 - 1UL)) : i <= 2147483647 + (int)((long)j + (long)(tracc_n2 - 1UL))) && (j >= 0 && j < 8 && (int)((long)j + (long)(tracc_n2 - 1UL)) < 8) && (i >= 0 && i < 8) && !((int)((long)j + (long)tracc_n2) < 8))) {
                        tracc_n2 = nondet_ulong();
                    }
                    __CPROVER_assume(tracc_n2 >= 1UL);
                    __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)j));
                    __CPROVER_assume(j >= 0 ? i >= (-2147483647 - 1) + j : i <= 2147483647 + j);
                    __CPROVER_assume((int)((long)j + (long)(tracc_n2 - 1UL)) >= 0 ? i >= (-2147483647 - 1) + (int)((long)j + (long)(tracc_n2 - 1UL)) : i <= 2147483647 + (int)((long)j + (long)(tracc_n2 - 1UL)));
                    __CPROVER_assume(j >= 0 && j < 8 && (int)((long)j + (long)(tracc_n2 - 1UL)) < 8);
                    __CPROVER_assume(i >= 0 && i < 8);
                    int tracc_a2[8];
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 8UL) || (!(tracc_n2 != 0UL && tracc_k2 >= (unsigned long)j && tracc_k2 <= (unsigned long)(int)((long)j + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k2] == i - (int)tracc_k2) });
                    __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 8UL) || ((tracc_n2 != 0UL && tracc_k3 >= (unsigned long)j && tracc_k3 <= (unsigned long)(int)((long)j + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k3] == g[i][tracc_k3]) });
                    __CPROVER_array_replace(g[i], tracc_a2);
                    j = (int)((long)j + (long)(tracc_n2 - 1UL));
                } else {
                    g[i][j] = i - j;
                    __CPROVER_assume(!(j >= 0 && i >= 0 && i < 8));
                }
            }
            __CPROVER_assume(i < 0);
        }
    }
    int r = nondet_int(), c = nondet_int();
    __CPROVER_assume(r >= 0 && r < 8 && c >= 0 && c < 8);
    assert(g[r][c] >= 0);
    return 0;
}
