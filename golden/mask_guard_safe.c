// tracc: expect SAFE verify=SAFE
// A branch on the low bit of the counter, `(i & 1) ? 1 : 2`: the mask is the counter modulo 2, so the two paths alternate and are accelerated as their composition, 100,000 iterations at --unwind 3.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    unsigned x = 0;
    unsigned char tracc_q1 = 0;
    for (unsigned i = 0; i < 100000; i++) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(i < 100000 && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) < 100000);
            __CPROVER_assume(i & 1);
            __CPROVER_assume(i + 1U < 100000 && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1U < 100000);
            x = (unsigned int)((long)x + (long)((tracc_n1 - 1UL) * 3UL)) + 1 + 2;
            i = (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1U;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - x) / 3UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(i < 100000 && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) < 100000);
            __CPROVER_assume(!(i & 1));
            x = (unsigned int)((long)x + (long)((tracc_n2 - 1UL) * 3UL)) + 2 + 1;
            i = (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) + 1U;
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(x <= 4294967292U && ((i & 1U && i + 1U < 100000U) || !(i & 1U))));
            tracc_q1 = 0;
            x += (i & 1) ? 1 : 2;
        }
    }
    assert(x == 150000);
    return 0;
}
