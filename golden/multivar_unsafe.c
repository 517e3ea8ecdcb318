// tracc: expect UNSAFE
// Two int variables grow linearly (+1, +2) for a nondeterministic n <= 100000 iterations; x + y reaches 3010 when n >= 1000.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 100000);
    int x = 0, y = 10;
    unsigned int i = 0;
    while (i < n) {
        x = x + 1;
        y = y + 2;
        i++;
    }
    assert(x + y < 3010);
    return 0;
}
