// tracc: expect SAFE verify=SAFE
// A signed long counts down from a nondeterministic non-negative value while a second long counts up, so they meet at 0 and n.
#include <assert.h>

void __CPROVER_assume(_Bool);
long nondet_long(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    long n = nondet_long();
    __CPROVER_assume(n >= 0);
    long i = n;
    long j = 0;
    _Bool tracc_q1 = 0;
    while (i > 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (i < 0L ? (unsigned long)(i - (-9223372036854775807L - 1L)) : (unsigned long)i + 9223372036854775807UL + 1UL));
            __CPROVER_assume(tracc_n1 <= (j >= 0L ? (unsigned long)(9223372036854775807L - j) : 9223372036854775807UL + (unsigned long)-(j + 1L) + 1UL));
            __CPROVER_assume(i > 0 && (tracc_n1 - 1UL <= 9223372036854775807UL ? i - (long)(tracc_n1 - 1UL) : -(long)(tracc_n1 - 1UL - (unsigned long)i - 1UL) - 1L) > 0);
            i = tracc_n1 <= 9223372036854775807UL ? i - (long)tracc_n1 : -(long)(tracc_n1 - (unsigned long)i - 1UL) - 1L;
            j = tracc_n1 <= 9223372036854775807UL ? j + (long)tracc_n1 : (long)(tracc_n1 - (unsigned long)-(j + 1L) - 1UL);
        } else {
            __CPROVER_assume(j >= 9223372036854775807L);
            i = i - 1;
            j = j + 1;
        }
    }
    assert(i == 0);
    assert(j == n);
    return 0;
}
