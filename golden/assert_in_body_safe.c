// tracc: expect SAFE
// An assertion inside the loop body checks the invariant x == 2*i on every iteration of a nondeterministic loop.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    while (i < n) {
        assert(x == 2 * i);
        x = x + 2;
        i = i + 1;
    }
    assert(x == 2 * n);
    return 0;
}
