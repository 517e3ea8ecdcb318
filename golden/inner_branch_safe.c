// tracc: expect SAFE verify=SAFE
// Two inner loops without a summary inside a loop of a million iterations: one with a branch and a `break` (two iteration paths), one that halves `x`. Each outer path takes them one iteration at a time, where the outer state fixes how often they run, and the outer loop is accelerated.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int hits = 0, steps = 0, rest = 0;
    _Bool tracc_q1 = 0;
    for (unsigned int i = 0; i < 1000000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - hits) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - steps) / 5UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - rest));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            hits = (unsigned int)((long)hits + (long)((tracc_n1 - 1UL) * 3UL)) + 1U + 1U + 1U;
            steps = (unsigned int)((long)steps + (long)((tracc_n1 - 1UL) * 5UL)) + 1U + 1U + 1U + 1U + 1U;
            rest = (unsigned int)((long)rest + (long)(tracc_n1 - 1UL)) + (unsigned int)40 / 2 / 2 / 2 / 2 / 2;
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(hits <= 4294967292U && steps <= 4294967290U && rest < 4294967295U));
            {
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
                unsigned int x = 40;
                {
                    _Bool tracc_go3 = 1;
                    for (unsigned int tracc_u3_4 = 0U; tracc_u3_4 < 2U; tracc_u3_4++) {
                        for (unsigned int tracc_u3_3 = 0U; tracc_u3_3 < 2U; tracc_u3_3++) {
                            for (unsigned int tracc_u3_2 = 0U; tracc_u3_2 < 2U; tracc_u3_2++) {
                                for (unsigned int tracc_u3_1 = 0U; tracc_u3_1 < 2U; tracc_u3_1++) {
                                    for (unsigned int tracc_u3_0 = 0U; tracc_u3_0 < 2U; tracc_u3_0++) {
                                        if (tracc_go3) {
                                            if (x > 1) {
                                                {
                                                    x /= 2;
                                                    steps++;
                                                }
                                            } else {
                                                tracc_go3 = 0;
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if (tracc_go3) {
                        while (x > 1) {
                            x /= 2;
                            steps++;
                        }
                    }
                }
                rest += x;
            }
        }
    }
    assert(hits == 3000000);
    assert(steps == 5000000);
    assert(rest == 1000000);
    return 0;
}
