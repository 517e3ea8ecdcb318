// tracc: expect SAFE verify=SAFE
// i moves by 2 from 0, so i % 4 is 0 or 2 and the branch is never taken: the path that skips it has a guard with period 2, assumed over one period (no quantifier over the iteration count, which CBMC's SAT back end would ignore).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i = 0;
    int odd = 0;
    unsigned char tracc_q1 = 0;
    while (i < 2000000) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 4UL);
            __CPROVER_assume(i < 2000000 && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) < 2000000);
            __CPROVER_assume(i % 4 == 3);
            __CPROVER_assume(i + 2 < 2000000 && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) + 2 < 2000000);
            i = (unsigned int)((long)i + (long)(tracc_n2 * 4UL));
            odd = 1;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(i < 2000000 && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) < 2000000);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 2UL) || (!(tracc_k1 < tracc_n1) || !((unsigned int)((long)i + (long)(tracc_k1 * 2UL)) % 4 == 3)) });
            i = (unsigned int)((long)i + (long)(tracc_n1 * 2UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(i + 2U < 2000000U || i % 4U != 3U));
            tracc_q1 = 0;
            if (i % 4 == 3) {
                odd = 1;
            }
            i += 2;
        }
    }
    assert(odd == 0);
    return 0;
}
