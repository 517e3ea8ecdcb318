// tracc: expect UNSAFE verify=UNSAFE
// Every unsigned int is at most 4294967295, so the loop never ends; its step of 1000000 wraps past 2^32 every 4295 iterations and the assertion in the body fails at the 5000th.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i <= 4294967295u; i += 1000000) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k + 1U > 5000 || (unsigned long)((long)5000 - (long)(k + 1U)) >= tracc_n1);
            k = (unsigned int)((long)k + (long)tracc_n1);
            i = (unsigned int)(((unsigned long)i + (tracc_n1 - 1UL) * 1000000UL) % 4294967296UL);
        } else {
            __CPROVER_assume(!(k < 4294967295U && k != 4999U));
            k++;
            assert(k != 5000);
        }
    }
    return 0;
}
