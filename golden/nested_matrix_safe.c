// tracc: expect SAFE bound=6 verify=SAFE
// A matrix-style double loop fills a[4][5] with 7 and checks one element: the inner loop's summary fills the row a[i], and the outer loop is accelerated over the rows.
#include <assert.h>

int main(void)
{
    int a[4][5];
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
                                for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                                    for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                                        for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                            if (tracc_go2) {
                                                if (j < 5) {
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
                                }
                                if (tracc_go2) {
                                    for (; j < 5; j++) {
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
                    for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                        for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                            for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                                if (tracc_go2) {
                                    if (j < 5) {
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
                    }
                    if (tracc_go2) {
                        for (; j < 5; j++) {
                            a[i][j] = 7;
                        }
                    }
                }
            }
        }
    }
    assert(a[2][3] == 7);
    return 0;
}
