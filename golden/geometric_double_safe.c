// tracc: expect SAFE verify=SAFE
// Doubling an unsigned int a million times leaves 0 (it is 0 modulo 2^32 from the 32nd doubling on); the accelerator computes 2^n modulo 2^32 from the bits of n.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int y = 1;
    unsigned int i;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 1000000; i++) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            y = (unsigned int)((tracc_n1 < 32UL ? ((tracc_n1 & 1UL) != 0UL ? 2UL : 1UL) * ((tracc_n1 & 2UL) != 0UL ? 4UL : 1UL) * ((tracc_n1 & 4UL) != 0UL ? 16UL : 1UL) * ((tracc_n1 & 8UL) != 0UL ? 256UL : 1UL) * ((tracc_n1 & 16UL) != 0UL ? 65536UL : 1UL) : 0UL) * (unsigned long)y % 4294967296UL);
        } else {
            __CPROVER_assume(0);
            y *= 2;
        }
    }
    assert(y == 0);
    return 0;
}
