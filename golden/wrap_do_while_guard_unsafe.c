// tracc: expect UNSAFE bound=156 verify=UNSAFE
// The pre-increment in a do-while condition wraps an unsigned char from 255 to 0 on the way from 200 to 100, so the body runs 156 times, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c = 200;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    do {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned char)((int)255 - (int)c));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume((unsigned char)((int)c + 1) > 100 || (unsigned long)((long)100 - (long)(unsigned char)((int)c + 1)) >= tracc_n1 - 1UL);
            c = (unsigned char)((long)c + (long)(tracc_n1 - 1UL));
            k = (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) + 1U;
        } else {
            __CPROVER_assume(!(c < 255 && k < 4294967295U));
            k++;
        }
    } while (++c != 100);
    assert(k != 156);
    return 0;
}
