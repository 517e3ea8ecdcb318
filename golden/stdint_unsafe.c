// tracc: expect UNSAFE bound=151 verify=UNSAFE
// <stdint.h> names: an int8_t incremented 150 times wraps from 127 to -128 and ends at -106, violating c >= 0.
#include <assert.h>
#include <stdint.h>

int main(void)
{
    int8_t c = 0;
    uint16_t k;
    {
        k = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_7 = 0U; tracc_u1_7 < 2U; tracc_u1_7++) {
            for (unsigned int tracc_u1_6 = 0U; tracc_u1_6 < 2U; tracc_u1_6++) {
                for (unsigned int tracc_u1_5 = 0U; tracc_u1_5 < 2U; tracc_u1_5++) {
                    for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
                        for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                            for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                                for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                                    for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                                        if (tracc_go1) {
                                            if (k < 150) {
                                                {
                                                    c++;
                                                }
                                                k++;
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
        }
        if (tracc_go1) {
            for (; k < 150; k++) {
                c++;
            }
        }
    }
    assert(c >= 0);
    return 0;
}
