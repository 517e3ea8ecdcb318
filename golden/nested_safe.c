// tracc: expect SAFE bound=21
// Two nested for loops up to a nondeterministic n <= 20 count n*n inner iterations.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 20);
    unsigned int i, j, c = 0;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            c++;
        }
    }
    assert(c == n * n);
    return 0;
}
