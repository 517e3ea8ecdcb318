// tracc: expect SAFE bound=6 verify=SAFE
// Integer promotion: s + 1 > s holds for an unsigned short even at 65535 because the addition is done in int, while s++ itself wraps.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned short s = 65535;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    while (k < 5) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned short)((int)65535 - (int)s));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k < 5 && (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) < 5);
            s = (unsigned short)((long)s + (long)tracc_n1);
            k = (unsigned int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(s >= 65535);
            assert(s + 1 > s);
            s++;
            k++;
        }
    }
    assert(s == 4);
    return 0;
}
