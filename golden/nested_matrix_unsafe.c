// tracc: expect UNSAFE bound=6 verify=UNSAFE
// The matrix-style double loop of nested_matrix_safe.c writes only the first four columns, so the element checked in the last column is never written (zero, as a global). The failure lies past both loops, both accelerated as in the safe one.
#include <assert.h>

int a[4][5];

int main(void)
{
    int i, j;
    {
        i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
            for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                if (tracc_go1) {
                    if (i < 4) {
                        {
                            {
                                j = 0;
                                _Bool tracc_go2 = 1;
                                for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                                    for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                        if (tracc_go2) {
                                            if (j < 4) {
                                                {
                                                    a[i][j] = 7;
                                                }
                                                j++;
                                            } else {
                                                tracc_go2 = 0;
                                            }
                                        }
                                    }
                                }
                                if (tracc_go2) {
                                    for (; j < 4; j++) {
                                        a[i][j] = 7;
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
        if (tracc_go1) {
            for (; i < 4; i++) {
                {
                    j = 0;
                    _Bool tracc_go2 = 1;
                    for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                        for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                            if (tracc_go2) {
                                if (j < 4) {
                                    {
                                        a[i][j] = 7;
                                    }
                                    j++;
                                } else {
                                    tracc_go2 = 0;
                                }
                            }
                        }
                    }
                    if (tracc_go2) {
                        for (; j < 4; j++) {
                            a[i][j] = 7;
                        }
                    }
                }
            }
        }
    }
    assert(a[2][4] == 7);
    return 0;
}
