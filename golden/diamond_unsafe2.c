// tracc: expect UNSAFE verify=UNSAFE
// An if/else on i % 3 over 300000 iterations counts 100000 and 200000, so the deep assertion 2*a != b fails.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i = 0, a = 0, b = 0;
    unsigned char tracc_q1 = 0;
    while (i < 300000u) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 3UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - a));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - b) / 2UL);
            __CPROVER_assume(i < 300000u && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 3UL)) < 300000u);
            __CPROVER_assume(i % 3 == 0);
            i = (unsigned int)((long)i + (long)(tracc_n2 * 3UL));
            a = (unsigned int)((long)a + (long)tracc_n2);
            b = (unsigned int)((long)b + (long)(tracc_n2 * 2UL));
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - b));
            __CPROVER_assume(i < 300000u && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 300000u);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 3UL) || (!(tracc_k1 < tracc_n1) || !((unsigned int)((long)i + (long)tracc_k1) % 3 == 0)) });
            i = (unsigned int)((long)i + (long)tracc_n1);
            b = (unsigned int)((long)b + (long)tracc_n1);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!((a < 4294967295U && b <= 4294967293U) || (b < 4294967295U && i % 3U != 0U)));
            tracc_q1 = 0;
            if (i % 3 == 0) {
                a++;
            } else {
                b++;
            }
            i++;
        }
    }
    assert(2 * a != b);
    return 0;
}
