// tracc: expect UNSAFE
// A __CPROVER_assert inside the loop body fails in iteration 335 when x = 3*i reaches 1002, for nondeterministic n >= 335.
#include <assert.h>

void __CPROVER_assert(_Bool, const char *);
unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    while (i < n) {
        __CPROVER_assert(x < 1000, "x stays below 1000");
        x = x + 3;
        i = i + 1;
    }
    return 0;
}
