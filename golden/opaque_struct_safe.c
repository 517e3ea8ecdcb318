// tracc: expect SAFE verify=UNKNOWN induction=8
// A struct type, a global struct and a pointer-taking helper are used only outside the loop and must be copied through unchanged. UNKNOWN at --unwind 3: the accelerator covers only iterations in which `s = s + 3` does not wrap around, and n may be large enough for it to wrap, which leaves original iterations around the wrap; `tracc verify` proves it by 8-induction (by deepening alone, at --unwind 6).
#include <assert.h>

unsigned int nondet_uint(void);

struct counter {
    int value;
    int hits;
};

static struct counter global_counter;

static void counter_reset(struct counter *c)
{
    c->value = 0;
    c->hits = 0;
}

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    counter_reset(&global_counter);
    unsigned int n = nondet_uint();
    unsigned int i = 0, s = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 3UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            s = (unsigned int)((long)s + (long)(tracc_n1 * 3UL));
        } else {
            __CPROVER_assume(s > 4294967292U);
            s = s + 3;
            i = i + 1;
        }
    }
    assert(s == 3 * n);
    return 0;
}
