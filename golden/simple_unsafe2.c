// tracc: expect UNSAFE bound=181 verify=UNSAFE
// A signed char counts down from 90 to -90 (negative values, no wrap) and the step count 180 violates the assertion.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    signed char c = 90;
    int k = 0;
    _Bool tracc_q1 = 0;
    while (c > -90) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)((long)c - -128L));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)k));
            __CPROVER_assume(c > -90 && (signed char)((long)c - (long)(tracc_n1 - 1UL)) > -90);
            c = (signed char)((long)c - (long)tracc_n1);
            k = (int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(k >= 2147483647);
            c--;
            k++;
        }
    }
    assert(k != 180);
    return 0;
}
