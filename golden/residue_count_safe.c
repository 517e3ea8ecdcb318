// tracc: expect SAFE verify=SAFE
// Three paths chosen by the counter's remainders modulo 3 and 2 (period 6), each adding to its own sum, for a nondeterministic number of iterations up to 20,000,001: one accelerator counts each path's iterations by residue, so --unwind 3 proves it.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void) {
    unsigned int n = nondet_uint();
    if (n > 20000001) return 0;
    unsigned int i = 0, j = 0, k = 0, l = 0;
    _Bool tracc_q1 = 0;
    while (l < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)l <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)l);
            __CPROVER_assume((unsigned int)((unsigned long)l + (tracc_n1 - 1UL)) < n);
            i = (unsigned int)((unsigned long)i + (2UL * (((unsigned long)l + tracc_n1) / 6UL - (unsigned long)l / 6UL) + (unsigned long)(((unsigned long)l + tracc_n1) % 6UL > 0UL) - (unsigned long)((unsigned long)l % 6UL > 0UL) + (unsigned long)(((unsigned long)l + tracc_n1) % 6UL > 3UL) - (unsigned long)((unsigned long)l % 6UL > 3UL)));
            j = (unsigned int)((unsigned long)j + (2UL * (((unsigned long)l + tracc_n1) / 6UL - (unsigned long)l / 6UL) + (unsigned long)(((unsigned long)l + tracc_n1) % 6UL > 2UL) - (unsigned long)((unsigned long)l % 6UL > 2UL) + (unsigned long)(((unsigned long)l + tracc_n1) % 6UL > 4UL) - (unsigned long)((unsigned long)l % 6UL > 4UL)));
            k = (unsigned int)((unsigned long)k + (2UL * (((unsigned long)l + tracc_n1) / 6UL - (unsigned long)l / 6UL) + (unsigned long)(((unsigned long)l + tracc_n1) % 6UL > 1UL) - (unsigned long)((unsigned long)l % 6UL > 1UL) + (unsigned long)(((unsigned long)l + tracc_n1) % 6UL > 5UL) - (unsigned long)((unsigned long)l % 6UL > 5UL)));
            l = (unsigned int)((unsigned long)l + tracc_n1);
        } else {
            __CPROVER_assume(0);
            if (!(l % 3))
                i = i + 1;
            else if (!(l % 2))
                j = j + 1;
            else
                k = k + 1;
            l = l + 1;
        }
    }
    assert(i + j + k == l);
    assert(i >= j);
    return 0;
}
