// tracc: expect UNSAFE verify=UNKNOWN
// An if/else on i % 3 over 300000 iterations counts 100000 and 200000, so the deep assertion 2*a != b fails.
#include <assert.h>

int main(void)
{
    unsigned int i = 0, a = 0, b = 0;
    while (i < 300000u) {
        if (i % 3 == 0) {
            a++;
        } else {
            b++;
        }
        i++;
    }
    assert(2 * a != b);
    return 0;
}
