// tracc: expect UNSAFE verify=UNSAFE
// A 300-iteration counting loop with continue and break, written so that --unwind 3 runs all of it; the bug is 250 iterations deep.
#include <assert.h>

int main(void)
{
    int odd = 0, last = -1;
    {
        int i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_8 = 0U; tracc_u1_8 < 2U; tracc_u1_8++) {
            for (unsigned int tracc_u1_7 = 0U; tracc_u1_7 < 2U; tracc_u1_7++) {
                for (unsigned int tracc_u1_6 = 0U; tracc_u1_6 < 2U; tracc_u1_6++) {
                    for (unsigned int tracc_u1_5 = 0U; tracc_u1_5 < 2U; tracc_u1_5++) {
                        for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
                            for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                                for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                                    for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                                        for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                                            if (tracc_go1) {
                                                if (i < 300) {
                                                    do {
                                                        if (i % 2 == 0)
                                                            continue;
                                                        odd++;
                                                        last = i;
                                                        if (odd == 125) {
                                                            tracc_go1 = 0;
                                                            break;
                                                        }
                                                    } while (0);
                                                    if (tracc_go1) {
                                                        i++;
                                                    }
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
        }
        if (tracc_go1) {
            for (; i < 300; i++) {
                if (i % 2 == 0)
                    continue;
                odd++;
                last = i;
                if (odd == 125)
                    break;
            }
        }
    }
    assert(last != 249);
    return 0;
}
