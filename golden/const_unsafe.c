// tracc: expect UNSAFE
// A constant assignment done = 1 in a 100000-iteration loop makes the final assertion fail (deep bug).
#include <assert.h>

int main(void)
{
    unsigned int i = 0;
    int done = 0;
    while (i < 100000u) {
        done = 1;
        i++;
    }
    assert(done == 0);
    return 0;
}
