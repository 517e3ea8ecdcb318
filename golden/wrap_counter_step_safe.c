// tracc: expect SAFE verify=SAFE
// A step of 1000001 from 4290000000 wraps past 2^32 again and again before the unsigned int meets 4000000, after 2782049408 iterations (the step is odd, so the counter meets every value once per 2^32 iterations; the accelerator inverts it modulo 2^32).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (i = 4290000000u; i != 4000000u; i += 1000001u) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(tracc_n1 <= (4000000UL - (unsigned long)i) % 4294967296UL * 2385628609UL % 4294967296UL);
            k = (unsigned int)((long)k + (long)tracc_n1);
            i = (unsigned int)(((unsigned long)i + (tracc_n1 - 1UL) * 1000001UL) % 4294967296UL);
        } else {
            __CPROVER_assume(k >= 4294967295U);
            k++;
        }
    }
    assert(k == 2782049408u);
    return 0;
}
