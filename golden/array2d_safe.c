// tracc: expect SAFE bound=11 verify=SAFE
// Nested loops fill a 2-D global array m[i][j] = 10*i + j and a nondeterministic element is checked. The inner loop is accelerated as a write into the row m[i]; its summary fills the row, so the outer loop is accelerated over all rows at once.
#include <assert.h>

unsigned int nondet_uint(void);

int m[10][10];

int main(void)
{
    unsigned int i, j;
    {
        i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
            for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                    for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                        if (tracc_go1) {
                            if (i < 10) {
                                {
                                    {
                                        j = 0;
                                        _Bool tracc_go2 = 1;
                                        for (unsigned int tracc_u2_3 = 0U; tracc_u2_3 < 2U; tracc_u2_3++) {
                                            for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                                                for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                                                    for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                                        if (tracc_go2) {
                                                            if (j < 10) {
                                                                {
                                                                    m[i][j] = 10 * i + j;
                                                                }
                                                                j++;
                                                            } else {
                                                                tracc_go2 = 0;
                                                            }
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                        if (tracc_go2) {
                                            for (; j < 10; j++) {
                                                m[i][j] = 10 * i + j;
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
        }
        if (tracc_go1) {
            for (; i < 10; i++) {
                {
                    j = 0;
                    _Bool tracc_go2 = 1;
                    for (unsigned int tracc_u2_3 = 0U; tracc_u2_3 < 2U; tracc_u2_3++) {
                        for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                            for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                                for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                    if (tracc_go2) {
                                        if (j < 10) {
                                            {
                                                m[i][j] = 10 * i + j;
                                            }
                                            j++;
                                        } else {
                                            tracc_go2 = 0;
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if (tracc_go2) {
                        for (; j < 10; j++) {
                            m[i][j] = 10 * i + j;
                        }
                    }
                }
            }
        }
    }
    unsigned int r = nondet_uint() % 10, c = nondet_uint() % 10;
    assert(m[r][c] == 10 * r + c);
    return 0;
}
