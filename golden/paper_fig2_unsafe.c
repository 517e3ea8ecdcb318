// tracc: expect UNSAFE verify=UNSAFE
// Figure 2 of the paper: the negated assertion y != N fails for every nondeterministic N (shallow bug, e.g. N = 0 or 1).
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int N = nondet_uint();
    unsigned int x = N, y = 0;
    _Bool tracc_q1 = 0;
    while (x > 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)x);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - y));
            x = (unsigned int)((long)x - (long)tracc_n1);
            y = (unsigned int)((long)y + (long)tracc_n1);
        } else {
            __CPROVER_assume(y >= 4294967295U);
            x = x - 1;
            y = y + 1;
        }
    }
    assert(y != N);
    return 0;
}
