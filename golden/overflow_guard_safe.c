// tracc: expect SAFE bound=101 verify=SAFE
// A signed int starting at a nondeterministic value >= INT_MAX - 100 is incremented only while below INT_MAX, so it never overflows.
#include <assert.h>

void __CPROVER_assume(_Bool);
int nondet_int(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    int x = nondet_int();
    __CPROVER_assume(x >= 2147483547);
    _Bool tracc_q1 = 0;
    while (x < 2147483647) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)x));
            x = (int)((long)x + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            x = x + 1;
        }
    }
    assert(x == 2147483647);
    return 0;
}
