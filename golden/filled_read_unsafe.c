// tracc: expect UNSAFE verify=UNKNOWN
// The off-by-one version of filled_read_safe: 1001 of the elements 3 * i - 1 lie below 3000 (i <= 1000), not the 1000 the assertion expects.
#include <assert.h>

int a[10000];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 10000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = 10000UL - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(2147483647L - (long)i) && (i >= -715827882 && i <= 715827882) && (int)((long)i + (long)(tracc_n1 - 1UL)) <= 715827882 && (i >= 0 && i < 10000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 10000) && !((int)((long)i + (long)tracc_n1) < 10000))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i >= -715827882 && i <= 715827882);
            __CPROVER_assume((int)((long)i + (long)(tracc_n1 - 1UL)) <= 715827882);
            __CPROVER_assume(i >= 0 && i < 10000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 10000);
            int tracc_a1[10000];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 10000UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == 3 * (int)tracc_k1 - 1) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 10000UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[tracc_k2]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            a[i] = 3 * i - 1;
            __CPROVER_assume(i < 0);
        }
    }
    int below = 0;
    unsigned char tracc_q2 = 0;
    for (int j = 0; j < 10000; j++) {
        if (tracc_q2 != 1 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)below));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(2147483647L - (long)j));
            __CPROVER_assume(j >= -715827882 && j <= 715827882);
            __CPROVER_assume((int)((long)j + (long)(tracc_n2 - 1UL)) <= 715827882);
            __CPROVER_assume(j < 10000 && (int)((long)j + (long)(tracc_n2 - 1UL)) < 10000);
            __CPROVER_assume(3 * j - 1 < 3000 && 3 * (int)((long)j + (long)(tracc_n2 - 1UL)) - 1 < 3000);
            below = (int)((long)below + (long)(tracc_n2 - 1UL)) + 1;
            j = (int)((long)j + (long)(tracc_n2 - 1UL));
            tracc_q2 = 1;
        } else if (tracc_q2 != 2 && nondet_bool()) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(2147483647L - (long)j));
            __CPROVER_assume(j >= -715827882 && j <= 715827882);
            __CPROVER_assume((int)((long)j + (long)(tracc_n3 - 1UL)) <= 715827882);
            __CPROVER_assume(j < 10000 && (int)((long)j + (long)(tracc_n3 - 1UL)) < 10000);
            __CPROVER_assume(!(3 * j - 1 < 3000));
            j = (int)((long)j + (long)(tracc_n3 - 1UL));
            tracc_q2 = 2;
        } else {
            _Bool tracc_cov2 = (below < 2147483647 && j >= -715827882 && 3 * j - 1 < 3000) || (j >= -715827882 && 3 * j - 1 >= 3000);
            tracc_q2 = 0;
            if (3 * j - 1 < 3000) {
                below++;
            }
            __CPROVER_assume(!tracc_cov2);
        }
    }
    int found = -1;
    _Bool tracc_q3 = 0;
    for (int j = 0; j < 10000; j++) {
        if ((tracc_q3 = !tracc_q3 && nondet_bool())) {
            unsigned long tracc_n4 = nondet_ulong();
            __CPROVER_assume(tracc_n4 >= 1UL);
            __CPROVER_assume(tracc_n4 <= (unsigned long)(2147483647L - (long)j));
            __CPROVER_assume(j >= -715827882 && j <= 715827882);
            __CPROVER_assume((int)((long)j + (long)(tracc_n4 - 1UL)) <= 715827882);
            __CPROVER_assume(j < 10000 && (int)((long)j + (long)(tracc_n4 - 1UL)) < 10000);
            __CPROVER_assume(3 * j - 1 > 2999 || ((long)2999 - (long)(3 * j - 1)) % 3L != 0L || (unsigned long)(((long)2999 - (long)(3 * j - 1)) / 3L) >= tracc_n4);
            j = (int)((long)j + (long)(tracc_n4 - 1UL));
        } else {
            if (3 * j - 1 == 2999) {
                found = j;
                break;
            }
            __CPROVER_assume(!(j >= -715827882 && j != 1000));
        }
    }
    assert(below == 1000 && found == 1000);
    return 0;
}
