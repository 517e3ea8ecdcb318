// tracc: expect UNSAFE bound=101 verify=UNSAFE
// A signed int near INT_MAX is incremented 100 times without a guard and wraps (two's complement, unchecked) to a negative value.
#include <assert.h>

int main(void)
{
    int x = 2147483600;
    int i;
    {
        i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_6 = 0U; tracc_u1_6 < 2U; tracc_u1_6++) {
            for (unsigned int tracc_u1_5 = 0U; tracc_u1_5 < 2U; tracc_u1_5++) {
                for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
                    for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                        for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                            for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                                for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                                    if (tracc_go1) {
                                        if (i < 100) {
                                            {
                                                x++;
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
            }
        }
        if (tracc_go1) {
            for (; i < 100; i++) {
                x++;
            }
        }
    }
    assert(x > 0);
    return 0;
}
