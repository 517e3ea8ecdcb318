// tracc: expect SAFE verify=SAFE
// Loops written with labels and backward gotos, as code generators and program reducers write them: a test-first loop with a forward goto out and a test-last loop, each 100,000 iterations deep, read as while loops and accelerated.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    int i = 0;
    long s = 0;
loop:
    {
        _Bool tracc_q1 = 0;
        while (1) {
            if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
                __CPROVER_assume(tracc_n1 <= (s >= 0L ? (unsigned long)(9223372036854775807L - s) : 9223372036854775807UL + (unsigned long)-(s + 1L) + 1UL) / 3UL);
                __CPROVER_assume(!(i >= 100000) && !((int)((long)i + (long)(tracc_n1 - 1UL)) >= 100000));
                i = (int)((long)i + (long)tracc_n1);
                s = tracc_n1 * 3UL <= 9223372036854775807UL ? s + (long)(tracc_n1 * 3UL) : (long)(tracc_n1 * 3UL - (unsigned long)-(s + 1L) - 1UL);
            } else {
                __CPROVER_assume(!(s <= 9223372036854775804L && i < 100000));
                if (i >= 100000)
                    goto done;
                s += 3;
                i++;
            }
        }
    }
done:
    assert(s == 300000);
    unsigned k = 0;
again:
    {
        _Bool tracc_q2 = 0;
        while (1) {
            if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                unsigned long tracc_n2 = nondet_ulong();
                __CPROVER_assume(tracc_n2 >= 1UL);
                __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - k) / 2UL);
                __CPROVER_assume(k + 2 < 200000u && (unsigned int)((long)k + (long)((tracc_n2 - 1UL) * 2UL)) + 2 < 200000u);
                k = (unsigned int)((long)k + (long)(tracc_n2 * 2UL));
            } else {
                __CPROVER_assume(!(k <= 4294967293U && k + 2U < 200000U));
                k += 2;
                if (k < 200000u) {
                    continue;
                }
                break;
            }
        }
    }
    assert(k == 200000u);
    return 0;
}
