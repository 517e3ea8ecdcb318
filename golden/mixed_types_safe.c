// tracc: expect SAFE verify=SAFE
// An unsigned short counter up to a nondeterministic unsigned short bound sums into an unsigned long, checked against n*(n-1)/2 in unsigned long.
#include <assert.h>

unsigned short nondet_ushort(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned short n = nondet_ushort();
    unsigned short s = 0;
    unsigned long total = 0;
    _Bool tracc_q1 = 0;
    while (s < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(unsigned short)((int)65535 - (int)s));
            __CPROVER_assume((unsigned long)s * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) <= 18446744073709551615UL - total);
            __CPROVER_assume(total <= 18446744073709551615UL - s);
            __CPROVER_assume(total + ((unsigned long)s * (tracc_n1 - 1UL) + (tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 18446744073709551615UL - (unsigned short)((long)s + (long)(tracc_n1 - 1UL)));
            __CPROVER_assume(s < n && (unsigned short)((long)s + (long)(tracc_n1 - 1UL)) < n);
            total = total + ((unsigned long)s * tracc_n1 + (tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL));
            s = (unsigned short)((long)s + (long)tracc_n1);
        } else {
            __CPROVER_assume((unsigned long)s > 18446744073709551615UL - total);
            total = total + s;
            s++;
        }
    }
    unsigned long m = n;
    assert(2 * total == m * (m - 1));
    return 0;
}
