// tracc: expect SAFE bound=11
// A forward goto leaves the loop at i == 10 even when the nondeterministic bound n is larger, so i <= 10 after the label.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    while (i < n) {
        if (i == 10) {
            goto done;
        }
        i++;
    }
done:
    assert(i <= 10);
    assert(i == n || i == 10);
    return 0;
}
