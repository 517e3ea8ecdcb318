// tracc: expect SAFE verify=SAFE
// Swapping x and y through a temporary alternates both: after n swaps they are (3, 8) for even n and (8, 3) for odd n, for any n.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    int x = 3, y = 8;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            int tracc_s1 = x;
            x = tracc_n1 % 2UL == 0UL ? tracc_s1 : y;
            y = tracc_n1 % 2UL == 0UL ? y : tracc_s1;
        } else {
            __CPROVER_assume(0);
            {
                int t = x;
                x = y;
                y = t;
                i++;
            }
        }
    }
    assert(x + y == 11);
    assert(x == (n % 2 == 0 ? 3 : 8));
    return 0;
}
