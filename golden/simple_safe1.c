// tracc: expect SAFE
// An unsigned int counter runs up to a nondeterministic bound n and ends exactly at n.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    while (i < n) {
        i++;
    }
    assert(i == n);
    return 0;
}
