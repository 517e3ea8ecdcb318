// tracc: expect SAFE bound=6
// Integer promotion: s + 1 > s holds for an unsigned short even at 65535 because the addition is done in int, while s++ itself wraps.
#include <assert.h>

int main(void)
{
    unsigned short s = 65535;
    unsigned int k = 0;
    while (k < 5) {
        assert(s + 1 > s);
        s++;
        k++;
    }
    assert(s == 4);
    return 0;
}
