// tracc: expect UNSAFE bound=31 verify=UNSAFE
// A three-state machine driven by a switch inside a for loop returns to state 0 after 30 steps, which the assertion excludes.
#include <assert.h>

int main(void)
{
    int state = 0;
    int k;
    {
        k = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
            for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                    for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                        for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                            if (tracc_go1) {
                                if (k < 30) {
                                    {
                                        switch (state) {
                                        case 0:
                                            state = 1;
                                            break;
                                        case 1:
                                            state = 2;
                                            break;
                                        case 2:
                                            state = 0;
                                            break;
                                        }
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
        if (tracc_go1) {
            for (; k < 30; k++) {
                switch (state) {
                case 0:
                    state = 1;
                    break;
                case 1:
                    state = 2;
                    break;
                case 2:
                    state = 0;
                    break;
                }
            }
        }
    }
    assert(state != 0);
    return 0;
}
