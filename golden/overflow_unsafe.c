// tracc: expect UNSAFE bound=101 verify=UNSAFE
// An unsigned char copy of a nondeterministic value is incremented 100 times and wraps for starts >= 156, breaking d > c.
#include <assert.h>

unsigned char nondet_uchar(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c = nondet_uchar();
    unsigned char d = c;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    while (k < 100) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned char)((int)255 - (int)d));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k < 100 && (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) < 100);
            d = (unsigned char)((long)d + (long)tracc_n1);
            k = (unsigned int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(d >= 255);
            d = d + 1;
            k = k + 1;
        }
    }
    assert(d > c);
    return 0;
}
