// tracc: expect SAFE verify=UNKNOWN
// An if/else on the parity of the counter splits the iterations into even and odd ones, which differ by at most one.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, even = 0, odd = 0;
    while (i < n) {
        if (i % 2 == 0)
            even++;
        else
            odd++;
        i++;
    }
    assert(even == odd || even == odd + 1);
    return 0;
}
