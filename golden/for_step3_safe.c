// tracc: expect SAFE verify=SAFE
// A for loop with step 3 up to a nondeterministic n runs ceil(n/3) times; UINT_MAX is a multiple of 3 so the counter never wraps.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i, cnt = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i += 3) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - cnt));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) < n);
            i = (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL));
            cnt = (unsigned int)((long)cnt + (long)(tracc_n1 - 1UL)) + 1U;
        } else {
            __CPROVER_assume(!(i <= 4294967292U && cnt < 4294967295U));
            cnt++;
        }
    }
    assert(cnt == n / 3 + (n % 3 != 0));
    return 0;
}
