// tracc: expect SAFE verify=UNKNOWN induction=1
// A loop to a nondeterministic bound whose even sum is reset past 100: s stays even, an inductive assertion.
#include <assert.h>
unsigned nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned n = nondet_uint();
    unsigned i = 0;
    unsigned s = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(s <= 4294967293U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(s + 2 > 100 && (tracc_n1 - 1UL == 0UL ? s : (unsigned int)0) + 2 > 100);
            i = (unsigned int)((long)i + (long)tracc_n1);
            s = (unsigned int)0;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - s) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < n);
            __CPROVER_assume(!(s + 2 > 100) && !((unsigned int)((long)s + (long)((tracc_n2 - 1UL) * 2UL)) + 2 > 100));
            __CPROVER_assume((s + 2) % 2 == 0);
            i = (unsigned int)((long)i + (long)tracc_n2);
            s = (unsigned int)((long)s + (long)(tracc_n2 * 2UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!((s >= 99U && s <= 4294967293U) || (s <= 4294967293U && (s + 2U) % 2U == 0U)));
            tracc_q1 = 0;
            i++;
            s += 2;
            if (s > 100)
                s = 0;
            assert(s % 2 == 0);
        }
    }
    assert(s <= 100);
    return 0;
}
