// tracc: expect UNSAFE bound=101 verify=UNSAFE
// A signed int near INT_MAX is incremented 100 times without a guard and wraps (two's complement, unchecked) to a negative value.
#include <assert.h>

int main(void)
{
    int x = 2147483600;
    int i;
    for (i = 0; i < 100; i++) {
        x++;
    }
    assert(x > 0);
    return 0;
}
