// tracc: expect UNSAFE verify=UNSAFE
// The quadratic sum of 0..99999 in unsigned long long reaches 4999950000 (above 2^32), a deep bug after 100000 iterations.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned long long s = 0;
    unsigned int i = 0;
    _Bool tracc_q1 = 0;
    while (i < 100000) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume((unsigned long)i * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) <= (unsigned long)(18446744073709551615ULL - s));
            __CPROVER_assume(s <= 18446744073709551615ULL - i);
            __CPROVER_assume(s + (unsigned long long)((unsigned long)i * (tracc_n1 - 1UL) + (tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 18446744073709551615ULL - (unsigned int)((long)i + (long)(tracc_n1 - 1UL)));
            __CPROVER_assume(i < 100000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            s = s + (unsigned long long)((unsigned long)i * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL));
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume((unsigned long)i > (unsigned long)(18446744073709551615ULL - s));
            s = s + i;
            i = i + 1;
        }
    }
    assert(s != 4999950000ULL);
    return 0;
}
