// tracc: expect UNSAFE verify=UNSAFE
// After 2000001 swaps (an odd number) x holds y's first value, so the assertion fails two million iterations deep.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i = 0;
    long x = 1, y = -1;
    _Bool tracc_q1 = 0;
    while (i < 2000001) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 2000001 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 2000001);
            i = (unsigned int)((long)i + (long)tracc_n1);
            long tracc_s1 = x;
            x = tracc_n1 % 2UL == 0UL ? tracc_s1 : y;
            y = tracc_n1 % 2UL == 0UL ? y : tracc_s1;
        } else {
            __CPROVER_assume(0);
            {
                long t = x;
                x = y;
                y = t;
                i++;
            }
        }
    }
    assert(x == 1);
    return 0;
}
