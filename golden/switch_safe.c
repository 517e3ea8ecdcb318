// tracc: expect SAFE verify=UNKNOWN
// A switch on i % 4 with a fall-through case and an unreachable default classifies the iterations of a nondeterministic loop.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, a = 0, b = 0, c = 0, d = 0;
    while (i < n) {
        switch (i % 4) {
        case 0:
            a++;
            break;
        case 1:
            b++;
            break;
        case 2:
            /* fall through */
        case 3:
            c++;
            break;
        default:
            d++;
            break;
        }
        i++;
    }
    assert(d == 0);
    assert(a + b + c == n);
    assert(a >= b);
    return 0;
}
