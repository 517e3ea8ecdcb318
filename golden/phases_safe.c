// tracc: expect SAFE
// Two phases, x += 1 while x < m and x += 2 afterwards, stop at n or n + 1; wrapped values never let the loop exit (nondeterministic n and m).
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int m = nondet_uint();
    unsigned int x = 0;
    while (x < n) {
        if (x < m) {
            x = x + 1;
        } else {
            x = x + 2;
        }
    }
    assert(x == n || x == n + 1);
    return 0;
}
