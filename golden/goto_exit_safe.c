// tracc: expect SAFE bound=11 verify=SAFE
// A forward goto leaves the loop at i == 10 even when the nondeterministic bound n is larger, so i <= 10 after the label.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(i > 10 || (unsigned long)((long)10 - (long)i) >= tracc_n1);
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(i == 10U);
            if (i == 10) {
                goto done;
            }
            i++;
        }
    }
done:
    assert(i <= 10);
    assert(i == n || i == 10);
    return 0;
}
