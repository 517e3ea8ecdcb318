// tracc: expect SAFE
// An if/else on a nondeterministic _Bool inside the body increments x or y, so x + y always equals the trip count n.
#include <assert.h>

unsigned int nondet_uint(void);
_Bool nondet_bool(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0, y = 0;
    while (i < n) {
        if (nondet_bool()) {
            x = x + 1;
        } else {
            y = y + 1;
        }
        i = i + 1;
    }
    assert(x + y == n);
    return 0;
}
