// tracc: expect SAFE bound=5 verify=UNKNOWN induction=1
// A nondeterministic branch adds 1 to x or to y, both from 0 and at most four times: x + y counts the iterations. verify stays UNKNOWN at --unwind 3: the two accelerators may alternate, each pass a trip through the loop head; k-induction proves it with the kept sum i - x - y.
#include <assert.h>

unsigned char nondet_uchar(void);
_Bool nondet_bool(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char n = nondet_uchar();
    __CPROVER_assume(n <= 4);
    unsigned char i = 0, x = 0, y = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned char)((int)255 - (int)i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned char)((int)255 - (int)x));
            __CPROVER_assume(i < n && (unsigned char)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned char)((long)i + (long)tracc_n1);
            x = (unsigned char)((long)x + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(unsigned char)((int)255 - (int)i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(unsigned char)((int)255 - (int)y));
            __CPROVER_assume(i < n && (unsigned char)((long)i + (long)(tracc_n2 - 1UL)) < n);
            i = (unsigned char)((long)i + (long)tracc_n2);
            y = (unsigned char)((long)y + (long)tracc_n2);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(x < 255 && y < 255));
            tracc_q1 = 0;
            if (nondet_bool()) {
                x = x + 1;
            } else {
                y = y + 1;
            }
            i = i + 1;
        }
    }
    assert(x + y == n);
    return 0;
}
