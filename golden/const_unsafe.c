// tracc: expect UNSAFE verify=UNSAFE
// A constant assignment done = 1 in a 100000-iteration loop makes the final assertion fail (deep bug).
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i = 0;
    int done = 0;
    _Bool tracc_q1 = 0;
    while (i < 100000u) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100000u && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000u);
            i = (unsigned int)((long)i + (long)tracc_n1);
            done = 1;
        } else {
            __CPROVER_assume(0);
            done = 1;
            i++;
        }
    }
    assert(done == 0);
    return 0;
}
