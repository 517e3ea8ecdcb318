// tracc: expect UNSAFE verify=UNSAFE
// The program of malloc_array_safe.c with an assertion that memory from malloc starts at zero: it holds any value (only calloc zeroes it).
#include <assert.h>
#include <stdlib.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i, k = 0;
    __CPROVER_assume(n >= 1 && n <= 2);
    int *a = malloc(n * sizeof(int));
    int *z = calloc(n, sizeof(int));
    if (a == NULL || z == NULL) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        z[i] = 7;
    }
    _Bool tracc_q1 = 0;
    while (k < 1000000) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k < 1000000 && (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) < 1000000);
            k = (unsigned int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            k++;
        }
    }
    assert(a[0] == 0 || k != 1000000);
    free(a);
    free(z);
    return 0;
}
