// tracc: expect UNSAFE verify=UNSAFE
// An unsigned char is always below 256, so the loop never ends; its increment wraps every 256 iterations and the assertion in the body fails at the 300th.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (c = 0; c < 256; c++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k + 1U > 300 || (unsigned long)((long)300 - (long)(k + 1U)) >= tracc_n1);
            k = (unsigned int)((long)k + (long)tracc_n1);
            c = (unsigned char)(((unsigned long)c + (tracc_n1 - 1UL)) % 256UL);
        } else {
            __CPROVER_assume(!(k < 4294967295U && k != 299U));
            k++;
            assert(k != 300);
        }
    }
    return 0;
}
