// tracc: expect UNSAFE verify=UNSAFE
// j moves by 3 from 1, so j % 6 alternates between 1 and 4: the path that skips the branch has a guard with period 2 that holds throughout, and the counter passes 1000000 a million iterations deep.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int j = 1;
    unsigned int count = 0;
    unsigned char tracc_q1 = 0;
    while (j < 6000000) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - j) / 6UL);
            __CPROVER_assume(j < 6000000 && (unsigned int)((long)j + (long)((tracc_n2 - 1UL) * 6UL)) < 6000000);
            __CPROVER_assume(j % 6 == 5);
            __CPROVER_assume(j + 3 < 6000000 && (unsigned int)((long)j + (long)((tracc_n2 - 1UL) * 6UL)) + 3 < 6000000);
            j = (unsigned int)((long)j + (long)(tracc_n2 * 6UL));
            count = (unsigned int)0 + 1U + 1U;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - j) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - count));
            __CPROVER_assume(j < 6000000 && (unsigned int)((long)j + (long)((tracc_n1 - 1UL) * 3UL)) < 6000000);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 2UL) || (!(tracc_k1 < tracc_n1) || !((unsigned int)((long)j + (long)(tracc_k1 * 3UL)) % 6 == 5)) });
            __CPROVER_assume(count + 1U > 1000000 || (unsigned long)((long)1000000 - (long)(count + 1U)) >= tracc_n1);
            j = (unsigned int)((long)j + (long)(tracc_n1 * 3UL));
            count = (unsigned int)((long)count + (long)tracc_n1);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(j % 6U == 5U ? j + 3U < 6000000U : count < 4294967295U && count != 999999U));
            tracc_q1 = 0;
            if (j % 6 == 5) {
                count = 0;
            }
            j += 3;
            count++;
            assert(count != 1000000);
        }
    }
    return 0;
}
