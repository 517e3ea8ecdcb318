// tracc: expect UNSAFE verify=UNSAFE
// Three nested counted loops (40 added per outer iteration); the assertion after 100,000 outer iterations is wrong.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int s = 0;
    unsigned int i;
    int j, k;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 100000u; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 40UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100000u && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000u);
            s = (unsigned int)((long)(unsigned int)((long)s + (long)((tracc_n1 - 1UL) * 40UL)) - 10L * (long)0 + 40L);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            j = (int)4L;
            k = (int)5L;
        } else {
            __CPROVER_assume(s > 4294967255U);
            for (j = 0; j < 4; j++) {
                for (k = 0; k < 5; k++) {
                    s += 2;
                }
            }
        }
    }
    assert(s != 4000000u);
    return 0;
}
