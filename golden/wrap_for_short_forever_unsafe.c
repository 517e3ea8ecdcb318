// tracc: expect UNSAFE verify=UNKNOWN
// Every short is at least -32768, so the loop never ends; its increment wraps from 32767 to -32768 after seven iterations and the assertion in the body fails at the tenth.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    short c;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (c = 32761; c >= -32768; c++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(32767L - (long)c));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k + 1U > 10 || (unsigned long)((long)10 - (long)(k + 1U)) >= tracc_n1);
            c = (short)((long)c + (long)(tracc_n1 - 1UL));
            k = (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) + 1U;
        } else {
            __CPROVER_assume(!(c < 32767 && k < 4294967295U && k != 9U));
            k++;
            assert(k != 10);
        }
    }
    return 0;
}
