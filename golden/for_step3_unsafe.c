// tracc: expect UNSAFE bound=34 verify=UNSAFE
// A for loop with step 3 from 1 below 100 visits 33 values, the last being 97, which the assertion excludes.
#include <assert.h>

int main(void)
{
    int i;
    int last = 0;
    for (i = 1; i < 100; i += 3) {
        last = i;
    }
    assert(last != 97);
    return 0;
}
