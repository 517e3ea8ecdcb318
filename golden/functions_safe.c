// tracc: expect SAFE
// The loop body calls loop-free helpers defined in the file (add_two, next_index) for a nondeterministic trip count.
#include <assert.h>

unsigned int nondet_uint(void);

unsigned int add_two(unsigned int v)
{
    return v + 2;
}

static unsigned int next_index(unsigned int i)
{
    return i + 1;
}

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    while (i < n) {
        x = add_two(x);
        i = next_index(i);
    }
    assert(x == 2 * n);
    return 0;
}
