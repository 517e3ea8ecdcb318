// tracc: expect SAFE verify=SAFE
// A pointer write before the loop sets the start value; the loop itself only uses plain integers and must still be handled.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int start = 1;
    unsigned int *p = &start;
    *p = 0;
    unsigned int n = nondet_uint();
    unsigned int i = start, s = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            s = (unsigned int)((long)s + (long)tracc_n1);
        } else {
            __CPROVER_assume(s >= 4294967295U);
            s = s + 1;
            i = i + 1;
        }
    }
    assert(s == n);
    return 0;
}
