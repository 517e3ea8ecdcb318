// tracc: expect UNSAFE bound=5
// A do-while loop on an unsigned char steps 10 down to 0 by 2 in five iterations (CBMC needs unwind 5 for it), and the assertion excludes 5.
#include <assert.h>

int main(void)
{
    unsigned char c = 10;
    int k = 0;
    do {
        c = c - 2;
        k = k + 1;
    } while (c != 0);
    assert(k != 5);
    return 0;
}
