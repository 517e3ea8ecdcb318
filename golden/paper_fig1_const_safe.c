// tracc: expect SAFE
// Figure 1 of the paper with the constant N = 1000000 (Figure 6/7): a million iterations that plain BMC cannot unwind.
#include <assert.h>

int main(void)
{
    unsigned int N = 1000000;
    unsigned int x = N, y = 0;
    while (x > 0) {
        x = x - 1;
        y = y + 1;
    }
    assert(y == N);
    return 0;
}
