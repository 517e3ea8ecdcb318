// tracc: expect SAFE verify=SAFE
// A counter counts down from 100,000 and its values are summed: the sum is quadratic in the count and monotone because the guard n > 0 holds at both ends of the accelerated iterations.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int n = 100000;
    long s = 0;
    _Bool tracc_q1 = 0;
    while (n > 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)((long)n - -2147483648L));
            __CPROVER_assume(((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) < 0L || (unsigned long)((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL)) <= (s >= 0L ? (unsigned long)(9223372036854775807L - s) : 9223372036854775807UL + (unsigned long)-(s + 1L) + 1UL)) && ((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) >= 0L || (unsigned long)-((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) + 1L) + 1UL <= (s < 0L ? (unsigned long)(s - (-9223372036854775807L - 1L)) : (unsigned long)s + 9223372036854775807UL + 1UL)));
            __CPROVER_assume(((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) < 0L || (unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= (s >= 0L ? (unsigned long)(9223372036854775807L - s) : 9223372036854775807UL + (unsigned long)-(s + 1L) + 1UL)) && ((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L || (unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= (s < 0L ? (unsigned long)(s - (-9223372036854775807L - 1L)) : (unsigned long)s + 9223372036854775807UL + 1UL)));
            __CPROVER_assume(n >= 0L ? s <= 9223372036854775807L - n : s >= (-9223372036854775807L - 1L) - n);
            __CPROVER_assume((int)((long)n - (long)(tracc_n1 - 1UL)) >= 0L ? ((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L ? (unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 9223372036854775807UL ? s + (long)(unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) : (long)((unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) - (unsigned long)-(s + 1L) - 1UL) : (unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= 9223372036854775807UL ? s - (long)((unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL) : -(long)((unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL - (unsigned long)s - 1UL) - 1L) <= 9223372036854775807L - (int)((long)n - (long)(tracc_n1 - 1UL)) : ((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L ? (unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 9223372036854775807UL ? s + (long)(unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) : (long)((unsigned long)((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) - (unsigned long)-(s + 1L) - 1UL) : (unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= 9223372036854775807UL ? s - (long)((unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL) : -(long)((unsigned long)-((long)n * (long)(tracc_n1 - 1UL) + -1L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL - (unsigned long)s - 1UL) - 1L) >= (-9223372036854775807L - 1L) - (int)((long)n - (long)(tracc_n1 - 1UL)));
            __CPROVER_assume(n > 0 && (int)((long)n - (long)(tracc_n1 - 1UL)) > 0);
            s = (long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) >= 0L ? (unsigned long)((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL)) <= 9223372036854775807UL ? s + (long)(unsigned long)((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL)) : (long)((unsigned long)((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL)) - (unsigned long)-(s + 1L) - 1UL) : (unsigned long)-((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) + 1L) + 1UL <= 9223372036854775807UL ? s - (long)((unsigned long)-((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) + 1L) + 1UL) : -(long)((unsigned long)-((long)n * (long)tracc_n1 + -1L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) + 1L) + 1UL - (unsigned long)s - 1UL) - 1L;
            n = (int)((long)n - (long)tracc_n1);
        } else {
            __CPROVER_assume(!((long)n < 0L || (unsigned long)(long)n <= (s >= 0L ? (unsigned long)(9223372036854775807L - s) : 9223372036854775807UL + (unsigned long)-(s + 1L) + 1UL)));
            s += n;
            n--;
        }
    }
    assert(s == 5000050000L);
    return 0;
}
