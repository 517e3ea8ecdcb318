// tracc: expect SAFE bound=21 verify=SAFE
// A short counting loop whose body has a static local: it cannot be copied, so it is left to unrolling with an --unwindset.
#include <assert.h>

int main(void)
{
    int total = 0;
    for (int i = 0; i < 20; i++) {
        static int calls;
        calls++;
        total += calls;
    }
    assert(total == 210);
    return 0;
}
