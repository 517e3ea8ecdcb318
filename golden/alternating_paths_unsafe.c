// tracc: expect UNSAFE verify=UNSAFE
// A toggled flag selects the branch, so the two paths alternate; after a million iterations of their composition y is 1,000,000.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int x = 0, y = 0;
    unsigned int i = 0;
    _Bool flag = 0;
    unsigned char tracc_q1 = 0;
    while (i < 1000000u) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - y) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(i < 1000000u && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) < 1000000u);
            __CPROVER_assume(flag);
            __CPROVER_assume(i + 1U < 1000000u && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1U < 1000000u);
            x = (unsigned int)((long)x + (long)tracc_n1);
            y = (unsigned int)((long)y + (long)(tracc_n1 * 2UL));
            i = (unsigned int)((long)i + (long)(tracc_n1 * 2UL));
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - y) / 2UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(i < 1000000u && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) < 1000000u);
            __CPROVER_assume(!flag);
            __CPROVER_assume(i + 1U < 1000000u && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) + 1U < 1000000u);
            x = (unsigned int)((long)x + (long)tracc_n2);
            y = (unsigned int)((long)y + (long)(tracc_n2 * 2UL));
            i = (unsigned int)((long)i + (long)(tracc_n2 * 2UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(x < 4294967295U && y <= 4294967293U && i + 1U < 1000000U));
            tracc_q1 = 0;
            if (flag) {
                x = x + 1;
            } else {
                y = y + 2;
            }
            flag = !flag;
            i++;
        }
    }
    assert(y != 1000000u);
    return 0;
}
