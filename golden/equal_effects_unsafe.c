// tracc: expect UNSAFE verify=UNSAFE
// The program of equal_effects_safe.c with an assertion that x stays below 1,999,990, which fails when n is 999,995 or more: found at --unwind 3 through the merged path's accelerator.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0, y = 0;
    __CPROVER_assume(n <= 1000000);
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n1 - 1UL)) < n);
            x = (unsigned int)((unsigned long)x + (10UL * (((unsigned long)i + tracc_n1) / 5UL - (unsigned long)i / 5UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 0UL) - 2UL * (unsigned long)((unsigned long)i % 5UL > 0UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 1UL) - 2UL * (unsigned long)((unsigned long)i % 5UL > 1UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 2UL) - 2UL * (unsigned long)((unsigned long)i % 5UL > 2UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 3UL) - 2UL * (unsigned long)((unsigned long)i % 5UL > 3UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 4UL) - 2UL * (unsigned long)((unsigned long)i % 5UL > 4UL)));
            y = (unsigned int)((unsigned long)y + (5UL * (((unsigned long)i + tracc_n1) / 5UL - (unsigned long)i / 5UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 0UL) - (unsigned long)((unsigned long)i % 5UL > 0UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 1UL) - (unsigned long)((unsigned long)i % 5UL > 1UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 2UL) - (unsigned long)((unsigned long)i % 5UL > 2UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 3UL) - (unsigned long)((unsigned long)i % 5UL > 3UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 5UL > 4UL) - (unsigned long)((unsigned long)i % 5UL > 4UL)));
            i = (unsigned int)((unsigned long)i + tracc_n1);
        } else {
            __CPROVER_assume(0);
            if (i % 5 == 1 || i % 5 == 3) {
                x = x + 2;
                y++;
            } else {
                x = x + 2;
                y++;
            }
            i++;
        }
    }
    assert(x < 1999990);
    return 0;
}
