// tracc: expect UNSAFE verify=UNSAFE
// A guard on the low two bits of a signed counter, `(i & 3) == 0`, true every fourth iteration from the first: the count after 100,000 iterations is 25,000, not the 25,001 asserted.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    int n = 0;
    unsigned char tracc_q1 = 0;
    for (int i = 0; i < 100000; i++) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)n));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)i) / 4UL);
            __CPROVER_assume(i < 100000 && (int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) < 100000);
            __CPROVER_assume((i & 3) == 0);
            n = (int)((long)n + (long)(tracc_n2 - 1UL)) + 1;
            i = (int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) + 1 + 1 + 1;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < 100000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 4UL) || (!(tracc_k1 < tracc_n1) || !(((int)((long)i + (long)tracc_k1) & 3) == 0)) });
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!((n < 2147483647 && (i & 3) == 0) || (i & 3) != 0));
            tracc_q1 = 0;
            if ((i & 3) == 0)
                n++;
        }
    }
    assert(n == 25001);
    return 0;
}
