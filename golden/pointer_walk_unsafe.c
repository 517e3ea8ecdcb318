// tracc: expect UNSAFE verify=UNSAFE
// The program of pointer_walk_safe.c with an assertion that the walk never writes buf[1], which it does when n is 2.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    int buf[4] = {0, 0, 0, 0};
    int *w = buf;
    unsigned int i, n = nondet_uint();
    unsigned int k = 0;
    __CPROVER_assume(n <= 2);
    for (i = 0; i < n; i++) {
        *w = 3;
        w++;
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
    assert(w - buf == n);
    assert(buf[1] == 0);
    assert(k == 1000000);
    return 0;
}
