// tracc: expect UNSAFE bound=33 verify=UNSAFE
// A halving loop over a nondeterministic unsigned value runs up to 32 times; the claim that it stops after 31 fails for values of 2^31 and more.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int x = nondet_uint();
    unsigned int k = 0;
    {
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
            for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                    for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                        for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                            if (tracc_go1) {
                                if (x > 0) {
                                    {
                                        x >>= 1;
                                        k++;
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
        if (tracc_go1) {
            while (x > 0) {
                x >>= 1;
                k++;
            }
        }
    }
    assert(k < 32);
    return 0;
}
