// tracc: expect UNSAFE
// An if/else on a nondeterministic _Bool adds 2 or 1; if every choice takes the first branch x reaches 2n and the assertion fails.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);
_Bool nondet_bool(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 1000000);
    unsigned int i = 0, x = 0;
    while (i < n) {
        if (nondet_bool()) {
            x = x + 2;
        } else {
            x = x + 1;
        }
        i = i + 1;
    }
    assert(n == 0 || x < 2 * n);
    return 0;
}
