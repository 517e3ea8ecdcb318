// tracc: expect SAFE verify=SAFE
// An unsigned char counts down from a nondeterministic value to 0, so at most 255 steps are taken (bound 256 is above the fixture limit).
#include <assert.h>

unsigned char nondet_uchar(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char c = nondet_uchar();
    unsigned int steps = 0;
    _Bool tracc_q1 = 0;
    while (c > 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)c);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - steps));
            c = (unsigned char)((long)c - (long)tracc_n1);
            steps = (unsigned int)((long)steps + (long)tracc_n1);
        } else {
            __CPROVER_assume(steps >= 4294967295U);
            c--;
            steps++;
        }
    }
    assert(c == 0);
    assert(steps <= 255);
    return 0;
}
