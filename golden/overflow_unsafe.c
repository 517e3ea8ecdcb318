// tracc: expect UNSAFE bound=101
// An unsigned char copy of a nondeterministic value is incremented 100 times and wraps for starts >= 156, breaking d > c.
#include <assert.h>

unsigned char nondet_uchar(void);

int main(void)
{
    unsigned char c = nondet_uchar();
    unsigned char d = c;
    unsigned int k = 0;
    while (k < 100) {
        d = d + 1;
        k = k + 1;
    }
    assert(d > c);
    return 0;
}
