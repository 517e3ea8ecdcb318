// tracc: expect UNSAFE verify=UNSAFE
// Two int variables grow linearly (+1, +2) for a nondeterministic n <= 100000 iterations; x + y reaches 3010 when n >= 1000.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 100000);
    int x = 0, y = 10;
    unsigned int i = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)x));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)y) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            x = (int)((long)x + (long)tracc_n1);
            y = (int)((long)y + (long)(tracc_n1 * 2UL));
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(!(x < 2147483647 && y <= 2147483645));
            x = x + 1;
            y = y + 2;
            i++;
        }
    }
    assert(x + y < 3010);
    return 0;
}
