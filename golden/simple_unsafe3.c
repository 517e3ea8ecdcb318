// tracc: expect UNSAFE verify=UNSAFE
// An unsigned short counts down from a nondeterministic value while another counts up; the assertion t < 1000 fails for starts >= 1000.
#include <assert.h>

unsigned short nondet_ushort(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned short s = nondet_ushort();
    unsigned short t = 0;
    _Bool tracc_q1 = 0;
    while (s != 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned short)((int)65535 - (int)t));
            __CPROVER_assume(tracc_n1 <= (0UL - (unsigned long)s) % 65536UL * 65535UL % 65536UL);
            t = (unsigned short)((long)t + (long)tracc_n1);
            s = (unsigned short)(((unsigned long)s + tracc_n1 * 65535UL) % 65536UL);
        } else {
            __CPROVER_assume(t >= 65535);
            s--;
            t++;
        }
    }
    assert(t < 1000);
    return 0;
}
