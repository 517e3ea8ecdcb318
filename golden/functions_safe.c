// tracc: expect SAFE verify=UNKNOWN induction=6
// The loop body calls loop-free helpers defined in the file (add_two, next_index) for a nondeterministic trip count.
#include <assert.h>

unsigned int nondet_uint(void);

unsigned int add_two(unsigned int v)
{
    return v + 2;
}

static unsigned int next_index(unsigned int i)
{
    return i + 1;
}

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 2UL));
        } else {
            __CPROVER_assume(x > 4294967293U);
            x = add_two(x);
            i = next_index(i);
        }
    }
    assert(x == 2 * n);
    return 0;
}
