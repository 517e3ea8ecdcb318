// tracc: expect UNSAFE bound=34 verify=UNSAFE
// A for loop with step 3 from 1 below 100 visits 33 values, the last being 97, which the assertion excludes.
#include <assert.h>

int main(void)
{
    int i;
    int last = 0;
    {
        i = 1;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_5 = 0U; tracc_u1_5 < 2U; tracc_u1_5++) {
            for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
                for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                    for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                        for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                            for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                                if (tracc_go1) {
                                    if (i < 100) {
                                        {
                                            last = i;
                                        }
                                        i += 3;
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
        if (tracc_go1) {
            for (; i < 100; i += 3) {
                last = i;
            }
        }
    }
    assert(last != 97);
    return 0;
}
