// tracc: expect UNSAFE verify=UNSAFE
// A loop-free absolute value: negating INT_MIN wraps back to INT_MIN (unchecked two's complement), so y >= 0 can fail.
#include <assert.h>

int nondet_int(void);

int main(void)
{
    int x = nondet_int();
    int y;
    if (x >= 0) {
        y = x;
    } else {
        y = -x;
    }
    assert(y >= 0);
    return 0;
}
