// tracc: expect UNSAFE verify=UNSAFE
// The off-by-one version of the long sum of 2 * i: i < 100000 leaves out the last term, which the assertion expects.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    long sum = 0;
    _Bool tracc_q1 = 0;
    for (int i = 1; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(i < 100000);
            __CPROVER_assume(i >= 0);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume((2L * (long)i * (long)tracc_n1 + 2L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) < 0L || (unsigned long)(2L * (long)i * (long)tracc_n1 + 2L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL)) <= (sum >= 0L ? (unsigned long)(9223372036854775807L - sum) : 9223372036854775807UL + (unsigned long)-(sum + 1L) + 1UL)) && (2L * (long)i * (long)tracc_n1 + 2L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) >= 0L || (unsigned long)-(2L * (long)i * (long)tracc_n1 + 2L * (long)(tracc_n1 == 0UL ? 0UL : tracc_n1 * (tracc_n1 - 1UL) / 2UL) + 1L) + 1UL <= (sum < 0L ? (unsigned long)(sum - (-9223372036854775807L - 1L)) : (unsigned long)sum + 9223372036854775807UL + 1UL)));
            __CPROVER_assume((2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) < 0L || (unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= (sum >= 0L ? (unsigned long)(9223372036854775807L - sum) : 9223372036854775807UL + (unsigned long)-(sum + 1L) + 1UL)) && (2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L || (unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= (sum < 0L ? (unsigned long)(sum - (-9223372036854775807L - 1L)) : (unsigned long)sum + 9223372036854775807UL + 1UL)));
            __CPROVER_assume(2 * i >= 0L ? sum <= 9223372036854775807L - 2 * i : sum >= (-9223372036854775807L - 1L) - 2 * i);
            __CPROVER_assume((int)((long)i + (long)(tracc_n1 - 1UL)) <= 1073741823);
            __CPROVER_assume(2 * (int)((long)i + (long)(tracc_n1 - 1UL)) >= 0L ? (2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L ? (unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 9223372036854775807UL ? sum + (long)(unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) : (long)((unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) - (unsigned long)-(sum + 1L) - 1UL) : (unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= 9223372036854775807UL ? sum - (long)((unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL) : -(long)((unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL - (unsigned long)sum - 1UL) - 1L) <= 9223372036854775807L - 2 * (int)((long)i + (long)(tracc_n1 - 1UL)) : (2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L ? (unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 9223372036854775807UL ? sum + (long)(unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) : (long)((unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) - (unsigned long)-(sum + 1L) - 1UL) : (unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= 9223372036854775807UL ? sum - (long)((unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL) : -(long)((unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL - (unsigned long)sum - 1UL) - 1L) >= (-9223372036854775807L - 1L) - 2 * (int)((long)i + (long)(tracc_n1 - 1UL)));
            __CPROVER_assume((int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            sum = (2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) >= 0L ? (unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) <= 9223372036854775807UL ? sum + (long)(unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) : (long)((unsigned long)(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL)) - (unsigned long)-(sum + 1L) - 1UL) : (unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL <= 9223372036854775807UL ? sum - (long)((unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL) : -(long)((unsigned long)-(2L * (long)i * (long)(tracc_n1 - 1UL) + 2L * (long)(tracc_n1 - 1UL == 0UL ? 0UL : (tracc_n1 - 1UL) * (tracc_n1 - 1UL - 1UL) / 2UL) + 1L) + 1UL - (unsigned long)sum - 1UL) - 1L) + 2 * (int)((long)i + (long)(tracc_n1 - 1UL));
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(i >= 0 && (2L * (long)i < 0L || (unsigned long)(2L * (long)i) <= (sum >= 0L ? (unsigned long)(9223372036854775807L - sum) : 9223372036854775807UL + (unsigned long)-(sum + 1L) + 1UL))));
            sum += 2 * i;
        }
    }
    assert(sum == 10000100000L);
    return 0;
}
