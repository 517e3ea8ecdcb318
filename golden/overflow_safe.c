// tracc: expect SAFE
// An unsigned char incremented 300 times wraps past 255 and ends at 300 mod 256 = 44 (unsigned wrap-around inside the loop).
#include <assert.h>

int main(void)
{
    unsigned char c = 0;
    unsigned int k = 0;
    while (k < 300) {
        c = c + 1;
        k = k + 1;
    }
    assert(c == 44);
    return 0;
}
