// tracc: expect SAFE bound=2 verify=SAFE
// A loop left to unrolling that runs once and may `break`: its one slot still sits in a loop, since CBMC rejects a `break` outside one.
#include <assert.h>

int main(void) {
    int k = 0;
    {
        int i = 0;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
            if (tracc_go1) {
                if (i < 1) {
                    {
                        k++;
                        if (k == 6) {
                            tracc_go1 = 0;
                            break;
                        }
                    }
                    i++;
                } else {
                    tracc_go1 = 0;
                }
            }
        }
        if (tracc_go1) {
            for (; i < 1; i++) {
                k++;
                if (k == 6)
                    break;
            }
        }
    }
    assert(k == 1);
    return 0;
}
