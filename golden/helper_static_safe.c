// tracc: expect SAFE verify=SAFE
// A helper counts its calls in a static local (`static unsigned int calls`) and returns the count; the loop that calls it 100000 times is accelerated, and the output declares `calls` at file scope, where the accelerator in main can name it.
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
    assert(next_id() == 100001);
    return 0;
}
