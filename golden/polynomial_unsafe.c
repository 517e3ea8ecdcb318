// tracc: expect UNSAFE
// An unsigned long long sum of the unsigned counter grows quadratically and exceeds 1000000 once the nondeterministic n reaches 1415.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i;
    unsigned long long s = 0;
    for (i = 0; i < n; i++) {
        s += i;
    }
    assert(s < 1000000);
    return 0;
}
