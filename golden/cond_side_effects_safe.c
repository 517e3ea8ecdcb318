// tracc: expect SAFE verify=SAFE
// Conditions that change state before every body: a post-increment test runs 100000 bodies and leaves i one past n; a comma condition counts its own evaluations, one more than the bodies.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int i = 0, n = 100000, s = 0;
    _Bool tracc_q1 = 0;
    while (i++ < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)s) / 2UL);
            __CPROVER_assume(tracc_n1 - 1UL == 0UL || (i < n && (int)((long)i + (long)(tracc_n1 - 1UL - 1UL)) < n));
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
            s = (int)((long)s + (long)((tracc_n1 - 1UL) * 2UL)) + 2;
        } else {
            __CPROVER_assume(!(i < 2147483647 && s <= 2147483645));
            s += 2;
        }
    }
    assert(s == 200000 && i == 100001);
    int j = 0, k = 0;
    _Bool tracc_q2 = 0;
    while (k++, j < 50000) {
        if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)j));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)k));
            __CPROVER_assume(tracc_n2 - 1UL == 0UL || (j + 1 < 50000 && (int)((long)j + (long)(tracc_n2 - 1UL - 1UL)) + 1 < 50000));
            j = (int)((long)j + (long)(tracc_n2 - 1UL)) + 1;
            k = (int)((long)k + (long)(tracc_n2 - 1UL));
        } else {
            __CPROVER_assume(!(j < 2147483647 && k < 2147483647));
            j++;
        }
    }
    assert(k == 50001);
    return 0;
}
