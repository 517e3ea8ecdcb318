// tracc: expect UNSAFE verify=UNSAFE
// An if/else on a nondeterministic _Bool adds 2 or 1; if every choice takes the first branch x reaches 2n and the assertion fails.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);
_Bool nondet_bool(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 1000000);
    unsigned int i = 0, x = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 2UL));
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n2);
            x = (unsigned int)((long)x + (long)tracc_n2);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(x > 4294967293U);
            tracc_q1 = 0;
            if (nondet_bool()) {
                x = x + 2;
            } else {
                x = x + 1;
            }
            i = i + 1;
        }
    }
    assert(n == 0 || x < 2 * n);
    return 0;
}
