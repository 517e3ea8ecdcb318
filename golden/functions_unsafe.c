// tracc: expect UNSAFE
// The loop body calls a loop-free helper with a branch that saturates at 500; after n >= 500 iterations x == 500 violates the assertion.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int clamp_add(int v)
{
    if (v >= 500) {
        return v;
    }
    return v + 1;
}

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 100000);
    unsigned int i = 0;
    int x = 0;
    while (i < n) {
        x = clamp_add(x);
        i++;
    }
    assert(x < 500);
    return 0;
}
