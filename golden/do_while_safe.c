// tracc: expect SAFE
// A do-while loop runs max(n, 1) times for a nondeterministic n, keeping x == 2*i.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    do {
        x = x + 2;
        i = i + 1;
    } while (i < n);
    assert(x == 2 * i);
    assert(i == n || (n == 0 && i == 1));
    return 0;
}
