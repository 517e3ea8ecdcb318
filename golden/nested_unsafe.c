// tracc: expect UNSAFE bound=11 verify=UNSAFE
// A triangular nest of short counters (inner j < i) performs 45 inner iterations, which the assertion wrongly excludes. The outer accelerator adds i per iteration, a sum quadratic in the count and monotone because its guard 0 < i holds at both ends.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    short i, j;
    int c = 0;
    unsigned char tracc_q1 = 0;
    for (i = 0; i < 10; i++) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(32767L - (long)i));
            __CPROVER_assume(i < 10 && (short)((long)i + (long)(tracc_n1 - 1UL)) < 10);
            __CPROVER_assume(!((short)0 < i) && !((short)0 < (short)((long)i + (long)(tracc_n1 - 1UL))));
            i = (short)((long)i + (long)(tracc_n1 - 1UL));
            j = (short)0;
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(32767L - (long)i));
            __CPROVER_assume((long)c + (long)i * (long)tracc_n2 + (long)(tracc_n2 == 0UL ? 0UL : tracc_n2 * (tracc_n2 - 1UL) / 2UL) >= -2147483648L && (long)c + (long)i * (long)tracc_n2 + (long)(tracc_n2 == 0UL ? 0UL : tracc_n2 * (tracc_n2 - 1UL) / 2UL) <= 2147483647L);
            __CPROVER_assume((long)c + (long)i * (long)(tracc_n2 - 1UL) + (long)(tracc_n2 - 1UL == 0UL ? 0UL : (tracc_n2 - 1UL) * (tracc_n2 - 1UL - 1UL) / 2UL) >= -2147483648L && (long)c + (long)i * (long)(tracc_n2 - 1UL) + (long)(tracc_n2 - 1UL == 0UL ? 0UL : (tracc_n2 - 1UL) * (tracc_n2 - 1UL - 1UL) / 2UL) <= 2147483647L);
            __CPROVER_assume((long)i - (long)(short)0 + (long)c >= -2147483648L && (long)i - (long)(short)0 + (long)c <= 2147483647L);
            __CPROVER_assume((long)(short)((long)i + (long)(tracc_n2 - 1UL)) - (long)(short)0 + (long)(int)((long)c + (long)i * (long)(tracc_n2 - 1UL) + (long)(tracc_n2 - 1UL == 0UL ? 0UL : (tracc_n2 - 1UL) * (tracc_n2 - 1UL - 1UL) / 2UL)) >= -2147483648L && (long)(short)((long)i + (long)(tracc_n2 - 1UL)) - (long)(short)0 + (long)(int)((long)c + (long)i * (long)(tracc_n2 - 1UL) + (long)(tracc_n2 - 1UL == 0UL ? 0UL : (tracc_n2 - 1UL) * (tracc_n2 - 1UL - 1UL) / 2UL)) <= 2147483647L);
            __CPROVER_assume(i < 10 && (short)((long)i + (long)(tracc_n2 - 1UL)) < 10);
            __CPROVER_assume((short)0 < i);
            __CPROVER_assume((long)(short)((long)i + (long)(tracc_n2 - 1UL)) - (long)(short)0 + (long)(int)((long)c + (long)i * (long)(tracc_n2 - 1UL) + (long)(tracc_n2 - 1UL == 0UL ? 0UL : (tracc_n2 - 1UL) * (tracc_n2 - 1UL - 1UL) / 2UL)) <= 2147483647L);
            j = (short)(long)(short)((long)i + (long)(tracc_n2 - 1UL));
            c = (int)((long)(short)((long)i + (long)(tracc_n2 - 1UL)) - (long)(short)0 + (long)(int)((long)c + (long)i * (long)(tracc_n2 - 1UL) + (long)(tracc_n2 - 1UL == 0UL ? 0UL : (tracc_n2 - 1UL) * (tracc_n2 - 1UL - 1UL) / 2UL)));
            i = (short)((long)i + (long)(tracc_n2 - 1UL));
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(i <= 0 || (long)c + (long)i <= 2147483647L));
            tracc_q1 = 0;
            _Bool tracc_q2 = 0;
            for (j = 0; j < i; j++) {
                if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                    unsigned long tracc_n3 = nondet_ulong();
                    __CPROVER_assume(tracc_n3 >= 1UL);
                    __CPROVER_assume(tracc_n3 <= (unsigned long)(32767L - (long)j));
                    __CPROVER_assume(tracc_n3 <= (unsigned long)(2147483647L - (long)c));
                    __CPROVER_assume(j < i && (short)((long)j + (long)(tracc_n3 - 1UL)) < i);
                    j = (short)((long)j + (long)(tracc_n3 - 1UL));
                    c = (int)((long)c + (long)(tracc_n3 - 1UL)) + 1;
                } else {
                    __CPROVER_assume(c >= 2147483647);
                    c++;
                }
            }
        }
    }
    assert(c != 45);
    return 0;
}
