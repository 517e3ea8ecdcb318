// tracc: expect UNSAFE verify=UNSAFE
// The assertion fails: one global declared three times: `extern` at file scope, defined with its initialiser after the helper that counts it up, and `extern` again inside main. All three name one object, so the helper called in the loop (accelerated) writes what main's assertion reads.
#include <assert.h>

extern unsigned int hits;

static void hit(void)
{
    hits++;
}

unsigned int hits = 5;

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    extern unsigned int hits;
    _Bool tracc_q1 = 0;
    for (unsigned int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - hits));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            hits = (unsigned int)((long)hits + (long)(tracc_n1 - 1UL)) + 1U;
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(hits >= 4294967295U);
            hit();
        }
    }
    assert(hits != 100005);
    return 0;
}
