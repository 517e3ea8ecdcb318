// tracc: expect UNSAFE verify=UNSAFE
// A counter runs to a nondeterministic bound n >= 100000 and the final check i < 100000 fails, a deep bug with a nondeterministic depth.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n >= 100000);
    unsigned int i = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            i++;
        }
    }
    assert(i < 100000);
    return 0;
}
