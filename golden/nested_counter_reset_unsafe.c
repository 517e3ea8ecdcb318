// tracc: expect UNSAFE verify=UNSAFE
// An inner loop counts a reset counter up to 7 in each outer iteration; the assertion fails after 700,000 outer iterations, which the accelerated outer loop reaches at once.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int x = 0;
    unsigned int i = 0;
    int y = 0;
    _Bool tracc_q1 = 0;
    while (i < 1000000u) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000u && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000u);
            __CPROVER_assume(x + 3 > 2100000u || ((long)2100000u - (long)(x + 3)) % 3L != 0L || (unsigned long)(((long)2100000u - (long)(x + 3)) / 3L) >= tracc_n1);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 3UL));
            i = (unsigned int)((long)i + (long)tracc_n1);
            y = (int)7L;
        } else {
            __CPROVER_assume(!(x <= 4294967292U && x != 2099997U));
            x += 3;
            assert(x != 2100000u);
            y = 0;
            _Bool tracc_q2 = 0;
            while (y < 7) {
                if ((tracc_q2 = !tracc_q2)) {
                    unsigned long tracc_n2 = nondet_ulong();
                    __CPROVER_assume(tracc_n2 >= 1UL);
                    __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)y));
                    __CPROVER_assume(y < 7 && (int)((long)y + (long)(tracc_n2 - 1UL)) < 7);
                    y = (int)((long)y + (long)tracc_n2);
                } else {
                    __CPROVER_assume(0);
                    y++;
                }
            }
            i++;
        }
    }
    assert(y == 7);
    return 0;
}
