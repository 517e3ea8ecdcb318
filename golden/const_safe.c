// tracc: expect SAFE verify=SAFE
// The loop body assigns constants (flag = 1, last = 7), which hold after the first iteration of a nondeterministic trip count.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    int flag = 0;
    int last = -1;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            flag = 1;
            last = 7;
        } else {
            __CPROVER_assume(0);
            flag = 1;
            last = 7;
            i++;
        }
    }
    if (n > 0) {
        assert(flag == 1 && last == 7);
    } else {
        assert(flag == 0 && last == -1);
    }
    return 0;
}
