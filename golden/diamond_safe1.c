// tracc: expect SAFE verify=UNKNOWN induction=1
// An if/else on a nondeterministic _Bool inside the body increments x or y, so x + y always equals the trip count n. k-induction proves it with the kept sum i - x - y.
#include <assert.h>

unsigned int nondet_uint(void);
_Bool nondet_bool(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0, y = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            x = (unsigned int)((long)x + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - y));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n2);
            y = (unsigned int)((long)y + (long)tracc_n2);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(x < 4294967295U && y < 4294967295U));
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
