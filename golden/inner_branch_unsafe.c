// tracc: expect UNSAFE verify=UNSAFE
// An inner loop with a branch and a `break` inside a loop of a million iterations; the assertion in the outer body fails only at the last outer iteration, when `hits` reaches 3,000,000 (three even `j` before the `break` at 5 per outer iteration).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int hits = 0;
    _Bool tracc_q1 = 0;
    for (unsigned int i = 0; i < 1000000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - hits) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            __CPROVER_assume(hits + 1U + 1U + 1U <= 2999997 && (unsigned int)((long)hits + (long)((tracc_n1 - 1UL) * 3UL)) + 1U + 1U + 1U <= 2999997);
            hits = (unsigned int)((long)hits + (long)((tracc_n1 - 1UL) * 3UL)) + 1U + 1U + 1U;
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(hits <= 4294967292U && hits + 1U + 1U + 1U <= 2999997U));
            {
                int j = 0;
                _Bool tracc_go2 = 1;
                for (unsigned int tracc_u2_2 = 0U; tracc_u2_2 < 2U; tracc_u2_2++) {
                    for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                        for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                            if (tracc_go2) {
                                if (j < 8) {
                                    {
                                        if (j == 5) {
                                            tracc_go2 = 0;
                                            break;
                                        }
                                        if (j % 2 == 0)
                                            hits++;
                                    }
                                    j++;
                                } else {
                                    tracc_go2 = 0;
                                }
                            }
                        }
                    }
                }
                if (tracc_go2) {
                    for (; j < 8; j++) {
                        if (j == 5)
                            break;
                        if (j % 2 == 0)
                            hits++;
                    }
                }
            }
            assert(hits <= 2999997);
        }
    }
    return 0;
}
