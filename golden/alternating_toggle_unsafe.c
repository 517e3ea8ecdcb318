// tracc: expect UNSAFE verify=UNSAFE
// t = 1 - t toggles between 0 and 1; after an odd number of iterations (1000001) it is 1, so the assertion fails a million iterations deep.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i = 0;
    int t = 0;
    _Bool tracc_q1 = 0;
    while (i < 1000001) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(t >= 0 ? 1 >= (-2147483647 - 1) + t : 1 <= 2147483647 + t);
            __CPROVER_assume(i < 1000001 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000001);
            i = (unsigned int)((long)i + (long)tracc_n1);
            t = tracc_n1 % 2UL == 0UL ? t : 1 - t;
        } else {
            __CPROVER_assume(t < -2147483646);
            t = 1 - t;
            i++;
        }
    }
    assert(t == 0);
    return 0;
}
