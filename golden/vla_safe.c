// tracc: expect SAFE verify=UNKNOWN induction=1
// A variable-length array sized by a nondeterministic length (1..8) at its declaration: the checker models it, its loop is left alone (no constant length), the deep loop after it is accelerated.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int n = nondet_int();
    if (n < 1 || n > 8)
        return 0;
    int a[n];
    for (int i = 0; i < n; i++) {
        a[i] = 2 * i;
    }
    unsigned int s = 0;
    _Bool tracc_q1 = 0;
    for (unsigned int j = 0; j < 1000000u; j++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - j));
            __CPROVER_assume(j < 1000000u && (unsigned int)((long)j + (long)(tracc_n1 - 1UL)) < 1000000u);
            s = (unsigned int)((long)s + (long)((tracc_n1 - 1UL) * 3UL)) + 3;
            j = (unsigned int)((long)j + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(s > 4294967292U);
            s += 3;
        }
    }
    assert(a[n - 1] == 2 * (n - 1));
    assert(s == 3000000u);
    return 0;
}
