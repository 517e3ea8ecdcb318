// tracc: expect SAFE verify=SAFE
// A branch on the low bit of the counter, `(i & 1) ? 1 : 2`: the mask is the counter modulo 2, so the two paths are told apart by the counter modulo 2 and one accelerator counts each, 100,000 iterations at --unwind 3.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void) {
    unsigned x = 0;
    _Bool tracc_q1 = 0;
    for (unsigned i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n1 - 1UL)) < 100000);
            x = (unsigned int)((unsigned long)x + (3UL * (((unsigned long)i + tracc_n1) / 2UL - (unsigned long)i / 2UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 2UL > 0UL) - 2UL * (unsigned long)((unsigned long)i % 2UL > 0UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 2UL > 1UL) - (unsigned long)((unsigned long)i % 2UL > 1UL)));
            i = (unsigned int)((unsigned long)i + (tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(0);
            x += (i & 1) ? 1 : 2;
        }
    }
    assert(x == 150000);
    return 0;
}
