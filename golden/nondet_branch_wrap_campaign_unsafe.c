// tracc: expect UNSAFE verify=UNSAFE
// Found by the soundness campaign (seed 53) against the coverage flag that took a covered path for the path taken: a nondeterministic branch adds 255 to an unsigned short near its maximum, and the wrapped sum 507 is reachable.
#include <assert.h>

unsigned short nondet_ushort(void);
unsigned long nondet_ulong(void);
_Bool nondet_bool(void);

int main(void)
{
    unsigned short v1 = nondet_ushort();
    __CPROVER_assume(v1 >= 65529 && v1 <= 65535);
    unsigned long n = nondet_ulong();
    unsigned long i = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned short)((int)65535 - (int)v1) / 255UL);
            __CPROVER_assume(tracc_n1 <= 18446744073709551615UL - i);
            __CPROVER_assume(i < n && i + (tracc_n1 - 1UL) < n);
            v1 = (unsigned short)((long)v1 + (long)(tracc_n1 * 255UL));
            i = i + tracc_n1;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= 18446744073709551615UL - i);
            __CPROVER_assume(i < n && i + (tracc_n2 - 1UL) < n);
            i = i + tracc_n2;
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(v1 > 65280);
            tracc_q1 = 0;
            if (nondet_bool()) {
                v1 = v1 + 255;
            }
            i++;
        }
    }
    assert(v1 != 507);
    return 0;
}
