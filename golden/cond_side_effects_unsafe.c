// tracc: expect UNSAFE verify=UNSAFE
// A pre-decrement condition: the body runs 99999 times (the test sees the decremented value), so the claim of 100000 bodies fails 100000 evaluations deep.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int c = 100000, k = 0;
    _Bool tracc_q1 = 0;
    while (--c > 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)c);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            c = (unsigned int)((long)c - (long)(tracc_n1 - 1UL));
            k = (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) + 1U;
        } else {
            __CPROVER_assume(!(c >= 1U && k < 4294967295U));
            k++;
        }
    }
    assert(k == 100000);
    return 0;
}
