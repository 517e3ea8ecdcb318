// tracc: expect UNSAFE bound=101 verify=UNSAFE
// A loop writes 1 to a[0..n-1] for a nondeterministic n <= 100, but the assertion claims every element of the array was written.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[100];

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n <= 100);
    for (i = 0; i < n; i++) {
        a[i] = 1;
    }
    unsigned int k = nondet_uint();
    __CPROVER_assume(k < 100);
    assert(a[k] == 1);
    return 0;
}
