// tracc: expect SAFE bound=65 verify=SAFE
// A local array is filled with a[i] = 2*i over its whole length and a nondeterministic element is checked.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int main(void)
{
    int a[64];
    unsigned int i;
    {
        i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_5 = 0U; tracc_u1_5 < 2U; tracc_u1_5++) {
            for (unsigned int tracc_u1_4 = 0U; tracc_u1_4 < 2U; tracc_u1_4++) {
                for (unsigned int tracc_u1_3 = 0U; tracc_u1_3 < 2U; tracc_u1_3++) {
                    for (unsigned int tracc_u1_2 = 0U; tracc_u1_2 < 2U; tracc_u1_2++) {
                        for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
                            for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                                if (tracc_go1) {
                                    if (i < 64) {
                                        {
                                            a[i] = 2 * i;
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
        if (tracc_go1) {
            for (; i < 64; i++) {
                a[i] = 2 * i;
            }
        }
    }
    unsigned int j = nondet_uint();
    __CPROVER_assume(j < 64);
    assert(a[j] == 2 * j);
    return 0;
}
