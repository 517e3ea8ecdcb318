// tracc: expect SAFE verify=SAFE
// A for loop that declares its counter (`for (int i = 0; ...)`) runs a million times; the accelerator's covered-iteration flag reads the counter inside the body, where it is in scope.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int s = 0;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 1000000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < 1000000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            s = (unsigned int)((long)s + (long)((tracc_n1 - 1UL) * 2UL)) + 2;
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(s > 4294967293U);
            s += 2;
        }
    }
    assert(s == 2000000);
    return 0;
}
