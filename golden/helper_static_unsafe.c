// tracc: expect UNSAFE verify=UNSAFE
// The helper of helper_static_safe.c, its count checked one call too early: the call after the loop returns 100001, not 100000, which only the static's value across the loop and that call gives.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);
static unsigned int calls = 0U;

static unsigned int next_id(void)
{
    /* tracc: `calls` is declared at file scope */
    calls++;
    return calls;
}

int main(void)
{
    unsigned int last = 0;
    _Bool tracc_q1 = 0;
    for (unsigned int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - calls));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            last = (unsigned int)((long)calls + (long)(tracc_n1 - 1UL)) + 1U;
            calls = (unsigned int)((long)calls + (long)(tracc_n1 - 1UL)) + 1U;
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(calls >= 4294967295U);
            last = next_id();
        }
    }
    assert(last == 100000);
    assert(next_id() == 100000);
    return 0;
}
