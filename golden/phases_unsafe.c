// tracc: expect UNSAFE bound=77 verify=UNSAFE
// Two phases, x += 1 below 51 then x += 2, overshoot the limit 100 and end at 101 after 76 iterations.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 0;
    unsigned char tracc_q1 = 0;
    while (x < 100) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(x < 100 && (int)((long)x + (long)(tracc_n1 - 1UL)) < 100);
            __CPROVER_assume(x < 51 && (int)((long)x + (long)(tracc_n1 - 1UL)) < 51);
            x = (int)((long)x + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)x) / 2UL);
            __CPROVER_assume(x < 100 && (int)((long)x + (long)((tracc_n2 - 1UL) * 2UL)) < 100);
            __CPROVER_assume(!(x < 51));
            x = (int)((long)x + (long)(tracc_n2 * 2UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(0);
            if (x < 51) {
                x = x + 1;
            } else {
                x = x + 2;
            }
        }
    }
    assert(x == 100);
    return 0;
}
