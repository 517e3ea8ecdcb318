// tracc: expect SAFE
// An unsigned short counter starts at a nondeterministic value and counts up to 50000 (integer promotion in the comparison with an int constant).
#include <assert.h>

unsigned short nondet_ushort(void);

int main(void)
{
    unsigned short s = nondet_ushort();
    while (s < 50000) {
        s++;
    }
    assert(s >= 50000);
    return 0;
}
