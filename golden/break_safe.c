// tracc: expect SAFE
// An infinite while (1) loop left by break when the counter reaches the nondeterministic bound n.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    while (1) {
        if (i >= n) {
            break;
        }
        i++;
    }
    assert(i == n);
    return 0;
}
