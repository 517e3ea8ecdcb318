// tracc: expect SAFE verify=UNKNOWN induction=6
// An unsigned char incremented 300 times wraps past 255 and ends at 300 mod 256 = 44 (unsigned wrap-around inside the loop).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c = 0;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    while (k < 300) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned char)((int)255 - (int)c));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k < 300 && (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) < 300);
            c = (unsigned char)((long)c + (long)tracc_n1);
            k = (unsigned int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(c >= 255);
            c = c + 1;
            k = k + 1;
        }
    }
    assert(c == 44);
    return 0;
}
