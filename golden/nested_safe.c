// tracc: expect SAFE bound=21 verify=UNKNOWN
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
    for (i = 0; i < n; i++) {
        unsigned char tracc_q1 = 0;
        for (j = 0; j < n; j++) {
            if (nondet_bool()) {
                __CPROVER_assume(tracc_q1 != 1);
                unsigned long tracc_n1 = nondet_ulong();
                __CPROVER_assume(tracc_n1 >= 1UL);
                __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - j));
                __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - c));
                __CPROVER_assume(j < n && (unsigned int)((long)j + (long)(tracc_n1 - 1UL)) < n);
                j = (unsigned int)((long)j + (long)(tracc_n1 - 1UL));
                c = (unsigned int)((long)c + (long)(tracc_n1 - 1UL)) + 1U;
                tracc_q1 = 1;
            } else {
                _Bool tracc_cov1 = c < 4294967295U;
                {
                    c++;
                }
                __CPROVER_assume(!tracc_cov1);
                tracc_q1 = 0;
            }
        }
    }
    assert(c == n * n);
    return 0;
}
