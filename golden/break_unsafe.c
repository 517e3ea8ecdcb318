// tracc: expect UNSAFE bound=21 verify=UNSAFE
// A linear search with break over a[i] = 3*i misses targets that are not multiples of 3, so the found-assertion fails.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[20];

int main(void)
{
    unsigned int i;
    for (i = 0; i < 20; i++) {
        a[i] = 3 * i;
    }
    int t = nondet_uint() % 60;
    int pos = -1;
    for (i = 0; i < 20; i++) {
        if (a[i] == t) {
            pos = i;
            break;
        }
    }
    assert(pos != -1);
    return 0;
}
