// tracc: expect SAFE
// An unsigned short counter up to a nondeterministic unsigned short bound sums into an unsigned long, checked against n*(n-1)/2 in unsigned long.
#include <assert.h>

unsigned short nondet_ushort(void);

int main(void)
{
    unsigned short n = nondet_ushort();
    unsigned short s = 0;
    unsigned long total = 0;
    while (s < n) {
        total = total + s;
        s++;
    }
    unsigned long m = n;
    assert(2 * total == m * (m - 1));
    return 0;
}
