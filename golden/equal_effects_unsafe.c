// tracc: expect UNSAFE verify=UNSAFE
// The program of equal_effects_safe.c with an assertion that x stays below 1,999,990, which fails when n is 999,995 or more: found at --unwind 3 through the merged path's accelerator.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0, y = 0;
    __CPROVER_assume(n <= 1000000);
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - x) / 2UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - y));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 5UL) || (!(tracc_k2 < tracc_n2) || ((unsigned int)((long)i + (long)tracc_k2) % 5 == 1 || (unsigned int)((long)i + (long)tracc_k2) % 5 == 3 || !((unsigned int)((long)i + (long)tracc_k2) % 5 == 1 || (unsigned int)((long)i + (long)tracc_k2) % 5 == 3))) });
            i = (unsigned int)((long)i + (long)tracc_n2);
            x = (unsigned int)((long)x + (long)(tracc_n2 * 2UL));
            y = (unsigned int)((long)y + (long)tracc_n2);
        } else {
            __CPROVER_assume(!(x <= 4294967293U && y < 4294967295U));
            if (i % 5 == 1 || i % 5 == 3) {
                x = x + 2;
                y++;
            } else {
                x = x + 2;
                y++;
            }
            i++;
        }
    }
    assert(x < 1999990);
    return 0;
}
