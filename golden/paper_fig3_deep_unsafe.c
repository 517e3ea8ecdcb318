// tracc: expect UNSAFE
// Figure 3 of the paper: a "deep" bug, the assertion y != N only fails after 1000000 loop iterations.
#include <assert.h>

int main(void)
{
    unsigned int N = 1000000;
    unsigned int x = N, y = 0;
    while (x > 0) {
        x = x - 1;
        y = y + 1;
    }
    assert(y != N);
    return 0;
}
