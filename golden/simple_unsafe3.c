// tracc: expect UNSAFE
// An unsigned short counts down from a nondeterministic value while another counts up; the assertion t < 1000 fails for starts >= 1000.
#include <assert.h>

unsigned short nondet_ushort(void);

int main(void)
{
    unsigned short s = nondet_ushort();
    unsigned short t = 0;
    while (s != 0) {
        s--;
        t++;
    }
    assert(t < 1000);
    return 0;
}
