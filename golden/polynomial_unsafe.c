// tracc: expect UNSAFE verify=UNSAFE
// An unsigned long long sum of the unsigned counter grows quadratically and exceeds 1000000 once the nondeterministic n reaches 1415.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i;
    unsigned long long s = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume((unsigned long)i * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) <= (unsigned long)(18446744073709551615ULL - s));
            __CPROVER_assume(s <= 18446744073709551615ULL - i);
            __CPROVER_assume(s + (unsigned long long)((unsigned long)i * (tracc_n1 - 1UL) + (tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 18446744073709551615ULL - (unsigned int)((long)i + (long)(tracc_n1 - 1UL)));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            s = s + (unsigned long long)((unsigned long)i * (tracc_n1 - 1UL) + (tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) + (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume((unsigned long)i > (unsigned long)(18446744073709551615ULL - s));
            s += i;
        }
    }
    assert(s < 1000000);
    return 0;
}
