// tracc: expect UNSAFE verify=UNKNOWN
// A signed char incremented in a for header converts 128 back to -128, so counting from 100 to 50 takes 206 iterations, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    signed char c;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (c = 100; c != 50; c++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(127L - (long)c));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(c > 50 || (unsigned long)((long)50 - (long)c) >= tracc_n1);
            c = (signed char)((long)c + (long)(tracc_n1 - 1UL));
            k = (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) + 1U;
        } else {
            __CPROVER_assume(!(c < 127 && k < 4294967295U));
            k++;
        }
    }
    assert(k != 206);
    return 0;
}
