// tracc: expect UNSAFE
// A counter runs to a nondeterministic bound n >= 100000 and the final check i < 100000 fails, a deep bug with a nondeterministic depth.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n >= 100000);
    unsigned int i = 0;
    while (i < n) {
        i++;
    }
    assert(i < 100000);
    return 0;
}
