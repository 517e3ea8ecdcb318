// tracc: expect SAFE bound=101 verify=UNKNOWN
// Figure 9 of the paper (SV-COMP14 SUM_ARRAYS) over a nondeterministic prefix N <= 100: c[i] = a[i] + b[i] is written in one loop and checked in another (short inputs, so no signed overflow).
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);
short nondet_short(void);

int a[100], b[100], c[100];

int main(void)
{
    unsigned int N = nondet_uint(), i;
    __CPROVER_assume(N <= 100);
    for (i = 0; i < N; i = i + 1) {
        a[i] = nondet_short();
        b[i] = nondet_short();
    }
    for (i = 0; i < N; i = i + 1) {
        c[i] = a[i] + b[i];
    }
    for (i = 0; i < N; i = i + 1) {
        assert(c[i] == a[i] + b[i]);
    }
    return 0;
}
