// tracc: expect UNSAFE
// The quadratic sum of 0..99999 in unsigned long long reaches 4999950000 (above 2^32), a deep bug after 100000 iterations.
#include <assert.h>

int main(void)
{
    unsigned long long s = 0;
    unsigned int i = 0;
    while (i < 100000) {
        s = s + i;
        i = i + 1;
    }
    assert(s != 4999950000ULL);
    return 0;
}
