// tracc: expect SAFE verify=SAFE
// The program's own variables use the names tracc would generate (tracc_q1, tracc_n1, tracc_cov1), so tracc must pick other fresh names.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int tracc_n1 = 0;
    unsigned int tracc_q1 = 0;
    unsigned int tracc_cov1 = 7;
    _Bool tracc2_q1 = 0;
    while (tracc_n1 < 100000) {
        if ((tracc2_q1 = !tracc2_q1 && nondet_bool())) {
            unsigned long tracc2_n1 = nondet_ulong();
            __CPROVER_assume(tracc2_n1 >= 1UL);
            __CPROVER_assume(tracc2_n1 <= (unsigned long)(4294967295U - tracc_n1));
            __CPROVER_assume(tracc2_n1 <= (unsigned long)(4294967295U - tracc_q1) / 2UL);
            __CPROVER_assume(tracc_n1 < 100000 && (unsigned int)((long)tracc_n1 + (long)(tracc2_n1 - 1UL)) < 100000);
            tracc_n1 = (unsigned int)((long)tracc_n1 + (long)tracc2_n1);
            tracc_q1 = (unsigned int)((long)tracc_q1 + (long)(tracc2_n1 * 2UL));
        } else {
            __CPROVER_assume(tracc_q1 > 4294967293U);
            tracc_n1++;
            tracc_q1 += 2;
        }
    }
    assert(tracc_q1 == 200000 && tracc_cov1 == 7);
    return 0;
}
