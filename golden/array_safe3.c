// tracc: expect SAFE bound=101 verify=UNKNOWN
// A for loop with step 3 writes b[i] = 1 into a global unsigned char array up to a nondeterministic n <= 300; only multiples of 3 below n are set.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

unsigned char b[300];

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n <= 300);
    for (i = 0; i < n; i += 3) {
        b[i] = 1;
    }
    unsigned int k = nondet_uint();
    __CPROVER_assume(k < 300);
    if (k % 3 != 0 || k >= n) {
        assert(b[k] == 0);
    } else {
        assert(b[k] == 1);
    }
    return 0;
}
