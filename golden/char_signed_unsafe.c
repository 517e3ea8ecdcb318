// tracc: expect UNSAFE bound=129 verify=UNSAFE
// Plain char is signed (x86-64): counting up while c >= 0 wraps from 127 to -128 after 128 steps, which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    char c = 0;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    while (c >= 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(127L - (long)c));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(c >= 0);
            c = (signed char)((long)c + (long)tracc_n1);
            k = (unsigned int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(!(c < 127 && k < 4294967295U));
            c++;
            k++;
        }
    }
    assert(k != 128);
    return 0;
}
