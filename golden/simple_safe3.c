// tracc: expect SAFE verify=SAFE
// An unsigned short counter starts at a nondeterministic value and counts up to 50000 (integer promotion in the comparison with an int constant).
#include <assert.h>

unsigned short nondet_ushort(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned short s = nondet_ushort();
    _Bool tracc_q1 = 0;
    while (s < 50000) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned short)((int)65535 - (int)s));
            __CPROVER_assume(s < 50000 && (unsigned short)((long)s + (long)(tracc_n1 - 1UL)) < 50000);
            s = (unsigned short)((long)s + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            s++;
        }
    }
    assert(s >= 50000);
    return 0;
}
