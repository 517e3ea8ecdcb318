// tracc: expect SAFE bound=101 verify=UNKNOWN
// A loop writes a constant to a global array at a moving index up to a nondeterministic n <= 100; written and unwritten elements are checked.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[100];

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n <= 100);
    for (i = 0; i < n; i++) {
        a[i] = 5;
    }
    unsigned int k = nondet_uint();
    __CPROVER_assume(k < 100);
    if (k < n) {
        assert(a[k] == 5);
    } else {
        assert(a[k] == 0);
    }
    return 0;
}
