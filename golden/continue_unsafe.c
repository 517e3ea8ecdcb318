// tracc: expect UNSAFE verify=UNSAFE
// A for loop skips odd counters with continue; for odd nondeterministic n the even count is (n+1)/2 and 2*evens <= n fails.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i, evens = 0;
    for (i = 0; i < n; i++) {
        if (i % 2 != 0) {
            continue;
        }
        evens++;
    }
    assert(2 * evens <= n);
    return 0;
}
