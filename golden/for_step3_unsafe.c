// tracc: expect UNSAFE bound=34 verify=UNSAFE
// A for loop with step 3 from 1 below 100 visits 33 values, the last being 97, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    int i;
    int last = 0;
    _Bool tracc_q1 = 0;
    for (i = 1; i < 100; i += 3) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i) / 3UL);
            __CPROVER_assume(i < 100 && (int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) < 100);
            last = (int)((long)i + (long)((tracc_n1 - 1UL) * 3UL));
            i = (int)((long)i + (long)((tracc_n1 - 1UL) * 3UL));
        } else {
            __CPROVER_assume(0);
            last = i;
        }
    }
    assert(last != 97);
    return 0;
}
