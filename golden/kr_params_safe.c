// tracc: expect SAFE verify=SAFE
// A K&R definition (parameters declared between the declarator and the body; `scale` declared nowhere is an int) with a loop that adds 3 a million times; the result is scaled and offset by the other parameters.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

unsigned int sum(n, step, scale)
unsigned int n;
unsigned char step;
{
    unsigned int i = 0, s = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 3UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            s = (unsigned int)((long)s + (long)(tracc_n1 * 3UL));
        } else {
            __CPROVER_assume(s > 4294967292U);
            s += 3;
            i++;
        }
    }
    return s * scale + step;
}

int main(void)
{
    assert(sum(1000000u, 5, 2) == 6000005u);
    return 0;
}
