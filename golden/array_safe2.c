// tracc: expect SAFE bound=65 verify=SAFE
// A local array is filled with a[i] = 2*i over its whole length and a nondeterministic element is checked.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int main(void)
{
    int a[64];
    unsigned int i;
    for (i = 0; i < 64; i++) {
        a[i] = 2 * i;
    }
    unsigned int j = nondet_uint();
    __CPROVER_assume(j < 64);
    assert(a[j] == 2 * j);
    return 0;
}
