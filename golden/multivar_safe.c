// tracc: expect SAFE
// Several unsigned variables move linearly (+2, +3, -1) with a nondeterministic trip count; the linear relations hold modulo 2^32.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0, y = 0, z = 0;
    while (i < n) {
        x = x + 2;
        y = y + 3;
        z = z - 1;
        i = i + 1;
    }
    assert(i == n);
    assert(3 * x == 2 * y);
    assert(x + 2 * z == 0);
    return 0;
}
