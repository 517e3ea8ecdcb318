// tracc: expect UNSAFE bound=157 verify=UNSAFE
// A for loop's decrement wraps an unsigned char from 0 to 255 on the way from 100 down to 200, so the loop runs 156 times, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (c = 100; c != 200; c--) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(tracc_n1 <= (200UL - (unsigned long)c) % 256UL * 255UL % 256UL);
            k = (unsigned int)((long)k + (long)tracc_n1);
            c = (unsigned char)(((unsigned long)c + (tracc_n1 - 1UL) * 255UL) % 256UL);
        } else {
            __CPROVER_assume(k >= 4294967295U);
            k++;
        }
    }
    assert(k != 156);
    return 0;
}
