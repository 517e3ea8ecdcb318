// tracc: expect SAFE bound=101
// A signed int starting at a nondeterministic value >= INT_MAX - 100 is incremented only while below INT_MAX, so it never overflows.
#include <assert.h>

void __CPROVER_assume(_Bool);
int nondet_int(void);

int main(void)
{
    int x = nondet_int();
    __CPROVER_assume(x >= 2147483547);
    while (x < 2147483647) {
        x = x + 1;
    }
    assert(x == 2147483647);
    return 0;
}
