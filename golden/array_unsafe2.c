// tracc: expect UNSAFE bound=9 verify=UNSAFE
// Nested int loops fill a 2-D local array with g[i][j] = i - j, which is negative below the diagonal the assertion forgets.
#include <assert.h>

void __CPROVER_assume(_Bool);
int nondet_int(void);

int main(void)
{
    int g[8][8];
    int i, j;
    {
        i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
            for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                    if (tracc_go1) {
                        if (i < 8) {
                            {
                                {
                                    j = 0;
                                    _Bool tracc_go2 = 1;
                                    for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                                        for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                                            for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                                if (tracc_go2) {
                                                    if (j < 8) {
                                                        {
                                                            g[i][j] = i - j;
                                                        }
                                                        j++;
                                                    } else {
                                                        tracc_go2 = 0;
                                                    }
                                                }
                                            }
                                        }
                                    }
                                    if (tracc_go2) {
                                        for (; j < 8; j++) {
                                            g[i][j] = i - j;
                                        }
                                    }
                                }
                            }
                            i++;
                        } else {
                            tracc_go1 = 0;
                        }
                    }
                }
            }
        }
        if (tracc_go1) {
            for (; i < 8; i++) {
                {
                    j = 0;
                    _Bool tracc_go2 = 1;
                    for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                        for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                            for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                if (tracc_go2) {
                                    if (j < 8) {
                                        {
                                            g[i][j] = i - j;
                                        }
                                        j++;
                                    } else {
                                        tracc_go2 = 0;
                                    }
                                }
                            }
                        }
                    }
                    if (tracc_go2) {
                        for (; j < 8; j++) {
                            g[i][j] = i - j;
                        }
                    }
                }
            }
        }
    }
    int r = nondet_int(), c = nondet_int();
    __CPROVER_assume(r >= 0 && r < 8 && c >= 0 && c < 8);
    assert(g[r][c] >= 0);
    return 0;
}
