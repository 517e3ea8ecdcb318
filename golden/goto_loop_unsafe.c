// tracc: expect UNSAFE verify=UNSAFE
// A loop written as a label and `if (...) { ...; goto L; }`: the assertion inside fails at the 70,001st iteration, which tracc finds at --unwind 3 once the loop is read as a while loop and accelerated.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    int i = 0, s = 0;
top:
    {
        _Bool tracc_q1 = 0;
        while (i < 100000) {
            if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
                __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)s) / 2UL);
                __CPROVER_assume(i < 100000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
                __CPROVER_assume(s > 140000 || ((long)140000 - (long)s) % 2L != 0L || (unsigned long)(((long)140000 - (long)s) / 2L) >= tracc_n1);
                i = (int)((long)i + (long)tracc_n1);
                s = (int)((long)s + (long)(tracc_n1 * 2UL));
            } else {
                __CPROVER_assume(!(s <= 2147483645 && s != 140000));
                assert(s != 140000);
                s += 2;
                i++;
            }
        }
    }
    return 0;
}
