// tracc: expect SAFE
// A pointer write before the loop sets the start value; the loop itself only uses plain integers and must still be handled.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int start = 1;
    unsigned int *p = &start;
    *p = 0;
    unsigned int n = nondet_uint();
    unsigned int i = start, s = 0;
    while (i < n) {
        s = s + 1;
        i = i + 1;
    }
    assert(s == n);
    return 0;
}
