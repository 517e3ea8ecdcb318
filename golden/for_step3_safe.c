// tracc: expect SAFE
// A for loop with step 3 up to a nondeterministic n runs ceil(n/3) times; UINT_MAX is a multiple of 3 so the counter never wraps.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i, cnt = 0;
    for (i = 0; i < n; i += 3) {
        cnt++;
    }
    assert(cnt == n / 3 + (n % 3 != 0));
    return 0;
}
