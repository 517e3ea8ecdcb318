// tracc: expect UNSAFE bound=151 verify=UNKNOWN
// <stdint.h> names: an int8_t incremented 150 times wraps from 127 to -128 and ends at -106, violating c >= 0.
#include <assert.h>
#include <stdint.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int8_t c = 0;
    uint16_t k;
    _Bool tracc_q1 = 0;
    for (k = 0; k < 150; k++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(127L - (long)c));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned short)((int)65535 - (int)k));
            __CPROVER_assume(k < 150 && (unsigned short)((long)k + (long)(tracc_n1 - 1UL)) < 150);
            c = (signed char)((int)(signed char)((long)c + (long)(tracc_n1 - 1UL)) + 1);
            k = (unsigned short)((long)k + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(c >= 127);
            c++;
        }
    }
    assert(c >= 0);
    return 0;
}
