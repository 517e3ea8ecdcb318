// tracc: expect UNSAFE bound=181
// A signed char counts down from 90 to -90 (negative values, no wrap) and the step count 180 violates the assertion.
#include <assert.h>

int main(void)
{
    signed char c = 90;
    int k = 0;
    while (c > -90) {
        c--;
        k++;
    }
    assert(k != 180);
    return 0;
}
