// tracc: expect UNSAFE bound=10 verify=UNSAFE
// A forward goto out of the loop fires at i == 9 (7*i % 10 == 3) when the nondeterministic bound is at least 10, reaching a failing assertion.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    int found = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i <= 613566756U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 613566756U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 10UL) || (!(tracc_k1 < tracc_n1) || !(7 * (unsigned int)((long)i + (long)tracc_k1) % 10 == 3)) });
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(!(i <= 613566756U && 7U * i % 10U != 3U));
            if (7 * i % 10 == 3) {
                found = 1;
                goto out;
            }
            i++;
        }
    }
out:
    assert(found == 0);
    return 0;
}
