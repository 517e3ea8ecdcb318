// tracc: expect UNSAFE verify=UNSAFE
// The loop body calls a loop-free helper with a branch that saturates at 500; after n >= 500 iterations x == 500 violates the assertion.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int clamp_add(int v)
{
    if (v >= 500) {
        return v;
    }
    return v + 1;
}

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 100000);
    unsigned int i = 0;
    int x = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(x >= 500);
            i = (unsigned int)((long)i + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < n);
            __CPROVER_assume(!(x >= 500) && !((int)((long)x + (long)(tracc_n2 - 1UL)) >= 500));
            i = (unsigned int)((long)i + (long)tracc_n2);
            x = (int)((long)x + (long)tracc_n2);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(0);
            x = clamp_add(x);
            i++;
        }
    }
    assert(x < 500);
    return 0;
}
