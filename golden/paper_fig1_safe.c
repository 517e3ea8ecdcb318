// tracc: expect SAFE
// Figure 1 of the paper: x counts down from a nondeterministic N while y counts up, so y == N on exit (invariant x + y == N, unbounded loop).
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
    assert(y == N);
    return 0;
}
