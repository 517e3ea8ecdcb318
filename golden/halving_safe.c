// tracc: expect SAFE bound=33 verify=SAFE
// Halving loops: a bit count over an unsigned value and a digit count over an int, each at most as long as the bits of its type allow, so tracc writes them for --unwind 3.
#include <assert.h>

unsigned int nondet_uint(void);
int nondet_int(void);

int main(void)
{
    unsigned int v = nondet_uint();
    unsigned int bits = 0, ones = 0;
    {
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
            for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                    for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                        for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                            if (tracc_go1) {
                                if (v != 0) {
                                    {
                                        bits++;
                                        ones += v & 1;
                                    }
                                    v >>= 1;
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
            for (; v != 0; v >>= 1) {
                bits++;
                ones += v & 1;
            }
        }
    }
    assert(ones <= bits && bits <= 32);
    int n = nondet_int();
    int digits = 0;
    {
        _Bool tracc_go2 = 1;
        for (unsigned int tracc_u2_3 = 0U; tracc_u2_3 < 2U; tracc_u2_3++) {
            for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                    for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                        if (tracc_go2) {
                            if (n != 0) {
                                {
                                    n /= 10;
                                    digits++;
                                }
                            } else {
                                tracc_go2 = 0;
                            }
                        }
                    }
                }
            }
        }
        if (tracc_go2) {
            while (n != 0) {
                n /= 10;
                digits++;
            }
        }
    }
    assert(digits <= 10);
    return 0;
}
