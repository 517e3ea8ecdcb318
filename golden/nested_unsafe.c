// tracc: expect UNSAFE bound=11
// A triangular nest of short counters (inner j < i) performs 45 inner iterations, which the assertion wrongly excludes.
#include <assert.h>

int main(void)
{
    short i, j;
    int c = 0;
    for (i = 0; i < 10; i++) {
        for (j = 0; j < i; j++) {
            c++;
        }
    }
    assert(c != 45);
    return 0;
}
