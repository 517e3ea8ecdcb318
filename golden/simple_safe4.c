// tracc: expect SAFE
// A signed long counts down from a nondeterministic non-negative value while a second long counts up, so they meet at 0 and n.
#include <assert.h>

void __CPROVER_assume(_Bool);
long nondet_long(void);

int main(void)
{
    long n = nondet_long();
    __CPROVER_assume(n >= 0);
    long i = n;
    long j = 0;
    while (i > 0) {
        i = i - 1;
        j = j + 1;
    }
    assert(i == 0);
    assert(j == n);
    return 0;
}
