// tracc: expect UNSAFE verify=UNSAFE
// A guard on the low two bits of a signed counter, `(i & 3) == 0`, true every fourth iteration from the first: the count after 100,000 iterations is 25,000, not the 25,001 asserted.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    int n = 0;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(i >= 0);
            __CPROVER_assume((unsigned long)i <= 2147483647UL);
            __CPROVER_assume(tracc_n1 <= 2147483647UL - (unsigned long)i);
            __CPROVER_assume((int)((unsigned long)i + (tracc_n1 - 1UL)) < 100000);
            __CPROVER_assume((long)n + (long)(((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 0UL) - (unsigned long)((unsigned long)i % 4UL > 0UL)) <= 2147483647L);
            n = (int)((long)n + (long)(((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 0UL) - (unsigned long)((unsigned long)i % 4UL > 0UL)));
            i = (int)((unsigned long)i + (tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(i >= 0 && (long)n + (long)(((unsigned long)i + 1UL) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + 1UL) % 4UL > 0UL) - (unsigned long)((unsigned long)i % 4UL > 0UL)) <= 2147483647L));
            if ((i & 3) == 0)
                n++;
        }
    }
    assert(n == 25001);
    return 0;
}
