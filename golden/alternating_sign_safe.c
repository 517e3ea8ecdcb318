// tracc: expect SAFE verify=SAFE
// s = -s undoes itself: after n iterations s is 1 for even n and -1 for odd n, for any n up to UINT_MAX.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    int s = 1;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(s != (-2147483647 - 1));
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            s = tracc_n1 % 2UL == 0UL ? s : -s;
        } else {
            __CPROVER_assume(s == (-2147483647 - 1));
            s = -s;
            i++;
        }
    }
    assert(s == (n % 2 == 0 ? 1 : -1));
    return 0;
}
