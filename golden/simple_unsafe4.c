// tracc: expect UNSAFE
// A long long counter steps by 2 up to 200000, a deep bug reached after 100000 iterations.
#include <assert.h>

int main(void)
{
    long long i = 0;
    while (i < 200000LL) {
        i = i + 2;
    }
    assert(i != 200000LL);
    return 0;
}
