// tracc: expect UNSAFE bound=10 verify=UNKNOWN
// A forward goto out of the loop fires at i == 9 (7*i % 10 == 3) when the nondeterministic bound is at least 10, reaching a failing assertion.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    int found = 0;
    while (i < n) {
        if (7 * i % 10 == 3) {
            found = 1;
            goto out;
        }
        i++;
    }
out:
    assert(found == 0);
    return 0;
}
