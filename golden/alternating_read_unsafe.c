// tracc: expect UNSAFE verify=UNSAFE
// The sum of a sign that flips every iteration, over an odd number of iterations, is -1, not 0: found 100001 iterations deep at --unwind 3 through the accelerator of the path taken twice.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int v = 1, s = 0;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 100001; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i) / 2UL);
            __CPROVER_assume(v != (-2147483647 - 1));
            __CPROVER_assume(-v >= 0 ? s <= 2147483647 - -v : s >= (-2147483647 - 1) - -v);
            __CPROVER_assume(i < 100001 && (int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) < 100001);
            __CPROVER_assume(i + 1 < 100001 && (int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1 < 100001);
            s = s + -v + -(-v);
            v = -(-v);
            i = (int)((long)i + (long)((tracc_n1 - 1UL) * 2UL)) + 1;
        } else {
            __CPROVER_assume(!(v != (-2147483647 - 1) && (-v >= 0 ? s <= 2147483647 - -v : s >= (-2147483647 - 1) - -v) && i + 1 < 100001));
            v = -v;
            s += v;
        }
    }
    assert(s == 0);
    return 0;
}
