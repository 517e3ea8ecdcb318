// tracc: expect SAFE
// A quadratic recurrence y += x; x++ sums 0..n-1, so 2*y == n*(n-1) modulo 2^32 for every nondeterministic n.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int x = 0, y = 0;
    while (x < n) {
        y = y + x;
        x = x + 1;
    }
    assert(2 * y == n * (n - 1));
    return 0;
}
