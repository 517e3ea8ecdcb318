// tracc: expect UNSAFE verify=UNSAFE
// The loop of wrap_counter_step_safe.c with the wrong count in the assertion: 2782049408 iterations, not 2782049407.
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
    assert(k == 2782049407u);
    return 0;
}
