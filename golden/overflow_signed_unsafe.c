// tracc: expect UNSAFE bound=101 verify=UNKNOWN
// A signed int near INT_MAX is incremented 100 times without a guard and wraps (two's complement, unchecked) to a negative value.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 2147483600;
    int i;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 100; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < 100 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 100);
            x = (int)((long)x + (long)(tracc_n1 - 1UL)) + 1;
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(x >= 2147483647);
            x++;
        }
    }
    assert(x > 0);
    return 0;
}
