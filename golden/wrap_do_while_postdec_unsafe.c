// tracc: expect UNSAFE bound=5 verify=UNSAFE
// The post-decrement in a do-while condition tests the old value, which wraps from 0 to 255 and reaches 254 in the fifth test, so the body runs five times, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c = 2;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    do {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)c);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(c < 254 || (unsigned long)((long)c - (long)254) >= tracc_n1 - 1UL);
            c = (unsigned char)((long)c - (long)(tracc_n1 - 1UL));
            k = (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) + 1U;
        } else {
            __CPROVER_assume(!(c > 0 && k < 4294967295U));
            k++;
        }
    } while (c-- != 254);
    assert(k != 5);
    return 0;
}
