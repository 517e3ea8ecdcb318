// tracc: expect UNSAFE bound=129
// Plain char is signed (x86-64): counting up while c >= 0 wraps from 127 to -128 after 128 steps, which the assertion excludes.
#include <assert.h>

int main(void)
{
    char c = 0;
    unsigned int k = 0;
    while (c >= 0) {
        c++;
        k++;
    }
    assert(k != 128);
    return 0;
}
