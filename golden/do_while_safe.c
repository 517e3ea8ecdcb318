// tracc: expect SAFE verify=UNKNOWN induction=6
// A do-while loop runs max(n, 1) times for a nondeterministic n, keeping x == 2*i.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    _Bool tracc_q1 = 0;
    do {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 2UL);
            __CPROVER_assume(tracc_n1 - 1UL == 0UL || (i + 1 < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL - 1UL)) + 1 < n));
            i = (unsigned int)((long)i + (long)tracc_n1);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 2UL));
        } else {
            __CPROVER_assume(!(i < 4294967295U && x <= 4294967293U));
            x = x + 2;
            i = i + 1;
        }
    } while (i < n);
    assert(x == 2 * i);
    assert(i == n || (n == 0 && i == 1));
    return 0;
}
