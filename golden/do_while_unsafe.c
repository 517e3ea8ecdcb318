// tracc: expect UNSAFE bound=5 verify=UNSAFE
// A do-while loop on an unsigned char steps 10 down to 0 by 2 in five iterations (CBMC needs unwind 5 for it), and the assertion excludes 5.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c = 10;
    int k = 0;
    _Bool tracc_q1 = 0;
    do {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)c / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)k));
            c = (unsigned char)((long)c - (long)(tracc_n1 * 2UL));
            k = (int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(!(c >= 2 && k < 2147483647));
            c = c - 2;
            k = k + 1;
        }
    } while (c != 0);
    assert(k != 5);
    return 0;
}
