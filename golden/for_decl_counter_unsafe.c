// tracc: expect UNSAFE verify=UNSAFE
// A for loop that declares its counter counts down from a million by 3 and asserts inside the body that the sum never reaches a value it reaches after 333,333 iterations.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned long s = 0;
    _Bool tracc_q1 = 0;
    for (long i = 1000000; i > 0; i -= 3) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (18446744073709551615UL - s) / 5UL);
            __CPROVER_assume(tracc_n1 <= (i < 0L ? (unsigned long)(i - (-9223372036854775807L - 1L)) : (unsigned long)i + 9223372036854775807UL + 1UL) / 3UL);
            __CPROVER_assume(i > 0 && ((tracc_n1 - 1UL) * 3UL <= 9223372036854775807UL ? i - (long)((tracc_n1 - 1UL) * 3UL) : -(long)((tracc_n1 - 1UL) * 3UL - (unsigned long)i - 1UL) - 1L) > 0);
            __CPROVER_assume(s + 5 > 1666665 || (1666665 - (s + 5)) % 5UL != 0UL || (1666665 - (s + 5)) / 5UL >= tracc_n1);
            s = s + (tracc_n1 - 1UL) * 5UL + 5;
            i = (tracc_n1 - 1UL) * 3UL <= 9223372036854775807UL ? i - (long)((tracc_n1 - 1UL) * 3UL) : -(long)((tracc_n1 - 1UL) * 3UL - (unsigned long)i - 1UL) - 1L;
        } else {
            __CPROVER_assume(!(s <= 18446744073709551610UL && s != 1666660UL));
            s += 5;
            assert(s != 1666665);
        }
    }
    return 0;
}
