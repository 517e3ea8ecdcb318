// tracc: expect UNSAFE
// Figure 2 of the paper: the negated assertion y != N fails for every nondeterministic N (shallow bug, e.g. N = 0 or 1).
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int N = nondet_uint();
    unsigned int x = N, y = 0;
    while (x > 0) {
        x = x - 1;
        y = y + 1;
    }
    assert(y != N);
    return 0;
}
