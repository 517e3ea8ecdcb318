// tracc: expect SAFE verify=UNKNOWN
// A _Bool toggled by b = !b in every iteration of a nondeterministic loop ends equal to the parity of the trip count.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i;
    _Bool b = 0;
    for (i = 0; i < n; i++) {
        b = !b;
    }
    assert(b == (n % 2 == 1));
    return 0;
}
