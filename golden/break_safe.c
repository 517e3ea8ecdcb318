// tracc: expect SAFE verify=SAFE
// An infinite while (1) loop left by break when the counter reaches the nondeterministic bound n.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    _Bool tracc_q1 = 0;
    while (1) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(!(i >= n) && !((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) >= n));
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(i >= n);
            if (i >= n) {
                break;
            }
            i++;
        }
    }
    assert(i == n);
    return 0;
}
