// tracc: expect UNSAFE verify=UNSAFE
// A for loop's increment wraps an unsigned int from 4294967295 to 0 on the way from 4294967000 to 100000 (100296 iterations), which the assertion excludes.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i;
    unsigned int k = 0;
    _Bool tracc_q1 = 0;
    for (i = 4294967000u; i != 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(tracc_n1 <= (100000UL - (unsigned long)i) % 4294967296UL);
            k = (unsigned int)((long)k + (long)tracc_n1);
            i = (unsigned int)(((unsigned long)i + (tracc_n1 - 1UL)) % 4294967296UL);
        } else {
            __CPROVER_assume(k >= 4294967295U);
            k++;
        }
    }
    assert(k != 100296);
    return 0;
}
