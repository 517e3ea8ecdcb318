// tracc: expect SAFE
// An unsigned char counts down from a nondeterministic value to 0, so at most 255 steps are taken (bound 256 is above the fixture limit).
#include <assert.h>

unsigned char nondet_uchar(void);

int main(void)
{
    unsigned char c = nondet_uchar();
    unsigned int steps = 0;
    while (c > 0) {
        c--;
        steps++;
    }
    assert(c == 0);
    assert(steps <= 255);
    return 0;
}
