// tracc: expect SAFE verify=SAFE
// An if/else on the parity of the counter splits the iterations into even and odd ones, which differ by at most one.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, even = 0, odd = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - even));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - odd));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) < n);
            __CPROVER_assume(i % 2 == 0);
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1U < n);
            i = (unsigned int)((long)i + (long)(tracc_n1 * 2UL));
            even = (unsigned int)((long)even + (long)tracc_n1);
            odd = (unsigned int)((long)odd + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 2UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - even));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - odd));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) < n);
            __CPROVER_assume(!(i % 2 == 0));
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 2UL)) + 1U < n);
            i = (unsigned int)((long)i + (long)(tracc_n2 * 2UL));
            even = (unsigned int)((long)even + (long)tracc_n2);
            odd = (unsigned int)((long)odd + (long)tracc_n2);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(even < 4294967295U && odd < 4294967295U && i + 1U < n));
            tracc_q1 = 0;
            if (i % 2 == 0)
                even++;
            else
                odd++;
            i++;
        }
    }
    assert(even == odd || even == odd + 1);
    return 0;
}
