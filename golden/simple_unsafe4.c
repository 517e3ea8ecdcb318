// tracc: expect UNSAFE verify=UNSAFE
// A long long counter steps by 2 up to 200000, a deep bug reached after 100000 iterations.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    long long i = 0;
    _Bool tracc_q1 = 0;
    while (i < 200000LL) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (i >= 0LL ? (unsigned long)(9223372036854775807LL - i) : 9223372036854775807UL + (unsigned long)-(i + 1LL) + 1UL) / 2UL);
            __CPROVER_assume(i < 200000LL && ((tracc_n1 - 1UL) * 2UL <= 9223372036854775807UL ? i + (long long)((tracc_n1 - 1UL) * 2UL) : (long long)((tracc_n1 - 1UL) * 2UL - (unsigned long)-(i + 1LL) - 1UL)) < 200000LL);
            i = tracc_n1 * 2UL <= 9223372036854775807UL ? i + (long long)(tracc_n1 * 2UL) : (long long)(tracc_n1 * 2UL - (unsigned long)-(i + 1LL) - 1UL);
        } else {
            __CPROVER_assume(0);
            i = i + 2;
        }
    }
    assert(i != 200000LL);
    return 0;
}
