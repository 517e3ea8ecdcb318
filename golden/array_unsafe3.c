// tracc: expect UNSAFE bound=51
// An off-by-one copy loop (i + 1 < n) misses the last of n nondeterministic elements, so b[n-1] == a[n-1] fails when a[n-1] != 0.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);
int nondet_int(void);

int a[50];
int b[50];

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n >= 1 && n <= 50);
    for (i = 0; i < n; i++) {
        a[i] = nondet_int();
    }
    for (i = 0; i + 1 < n; i++) {
        b[i] = a[i];
    }
    assert(b[n - 1] == a[n - 1]);
    return 0;
}
