// tracc: expect SAFE bound=21 verify=SAFE
// Two nested for loops up to a nondeterministic n <= 20 count n*n inner iterations.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 20);
    unsigned int i, j, c = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(n <= 0U || tracc_n1 <= (unsigned long)(4294967295U - c) / (unsigned long)n);
            __CPROVER_assume((long)n - (long)(unsigned int)0 + (long)(unsigned int)((long)c + (long)((tracc_n1 - 1UL) * (unsigned long)n)) >= 0L && (long)n - (long)(unsigned int)0 + (long)(unsigned int)((long)c + (long)((tracc_n1 - 1UL) * (unsigned long)n)) <= 4294967295L);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume((long)n - (long)(unsigned int)0 + (long)(unsigned int)((long)c + (long)((tracc_n1 - 1UL) * (unsigned long)n)) <= 4294967295L);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            j = (unsigned int)(long)n;
            c = (unsigned int)((long)n - (long)(unsigned int)0 + (long)(unsigned int)((long)c + (long)((tracc_n1 - 1UL) * (unsigned long)n)));
        } else {
            __CPROVER_assume(!(n <= 0U || 1UL <= (unsigned long)(4294967295U - c) / (unsigned long)n));
            _Bool tracc_q2 = 0;
            for (j = 0; j < n; j++) {
                if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
                    unsigned long tracc_n2 = nondet_ulong();
                    __CPROVER_assume(tracc_n2 >= 1UL);
                    __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - j));
                    __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - c));
                    __CPROVER_assume(j < n && (unsigned int)((long)j + (long)(tracc_n2 - 1UL)) < n);
                    j = (unsigned int)((long)j + (long)(tracc_n2 - 1UL));
                    c = (unsigned int)((long)c + (long)(tracc_n2 - 1UL)) + 1U;
                } else {
                    __CPROVER_assume(c >= 4294967295U);
                    c++;
                }
            }
        }
    }
    assert(c == n * n);
    return 0;
}
