// tracc: expect UNSAFE bound=21 verify=UNSAFE
// A linear search with break over a[i] = 3*i misses targets that are not multiples of 3, so the found-assertion fails.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[20];

int main(void)
{
    unsigned int i;
    {
        i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
            for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                    for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                        for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                            if (tracc_go1) {
                                if (i < 20) {
                                    {
                                        a[i] = 3 * i;
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
        }
        if (tracc_go1) {
            for (; i < 20; i++) {
                a[i] = 3 * i;
            }
        }
    }
    int t = nondet_uint() % 60;
    int pos = -1;
    {
        i = 0;
        _Bool tracc_go2 = 1;
        for (unsigned int tracc_u2_4 = 0U; tracc_u2_4 < 2U; tracc_u2_4++) {
            for (unsigned int tracc_u2_3 = 0U; tracc_u2_3 < 2U; tracc_u2_3++) {
                for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                    for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                        for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                            if (tracc_go2) {
                                if (i < 20) {
                                    {
                                        if ((int)(3 * i) == t) {
                                            pos = i;
                                            {
                                                tracc_go2 = 0;
                                                break;
                                            }
                                        }
                                    }
                                    i++;
                                } else {
                                    tracc_go2 = 0;
                                }
                            }
                        }
                    }
                }
            }
        }
        if (tracc_go2) {
            for (; i < 20; i++) {
                if ((int)(3 * i) == t) {
                    pos = i;
                    break;
                }
            }
        }
    }
    assert(pos != -1);
    return 0;
}
