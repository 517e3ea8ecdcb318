// tracc: expect UNSAFE bound=11 verify=UNSAFE
// Usual arithmetic conversions: comparing int -1 with an unsigned counter converts -1 to UINT_MAX, so neg < u is false.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int u = 0;
    int neg = -1;
    _Bool tracc_q1 = 0;
    while (u < 10) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - u));
            __CPROVER_assume(u < 10 && (unsigned int)((long)u + (long)(tracc_n1 - 1UL)) < 10);
            u = (unsigned int)((long)u + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            u++;
        }
    }
    assert(neg < u);
    return 0;
}
