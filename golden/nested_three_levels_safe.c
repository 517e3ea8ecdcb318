// tracc: expect SAFE verify=SAFE
// Three nested counted loops: the innermost is summarised inside the middle one, whose summary is one step of the outer loop (100,000 iterations).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int s = 0;
    unsigned int i;
    int j, k;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 100000u; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 40UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100000u && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000u);
            s = (unsigned int)((long)(unsigned int)((long)s + (long)((tracc_n1 - 1UL) * 40UL)) - 10L * (long)0 + 40L);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            j = (int)4L;
            k = (int)5L;
        } else {
            __CPROVER_assume(s > 4294967255U);
            {
                j = 0;
                _Bool tracc_go2 = 1;
                for (unsigned int tracc_u2_1 = 0U; tracc_u2_1 < 2U; tracc_u2_1++) {
                    for (unsigned int tracc_u2_0 = 0U; tracc_u2_0 < 2U; tracc_u2_0++) {
                        if (tracc_go2) {
                            if (j < 4) {
                                {
                                    {
                                        k = 0;
                                        _Bool tracc_go3 = 1;
                                        for (unsigned int tracc_u3_2 = 0U; tracc_u3_2 < 2U; tracc_u3_2++) {
                                            for (unsigned int tracc_u3_1 = 0U; tracc_u3_1 < 2U; tracc_u3_1++) {
                                                for (unsigned int tracc_u3_0 = 0U; tracc_u3_0 < 2U; tracc_u3_0++) {
                                                    if (tracc_go3) {
                                                        if (k < 5) {
                                                            {
                                                                s += 2;
                                                            }
                                                            k++;
                                                        } else {
                                                            tracc_go3 = 0;
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                        if (tracc_go3) {
                                            for (; k < 5; k++) {
                                                s += 2;
                                            }
                                        }
                                    }
                                }
                                j++;
                            } else {
                                tracc_go2 = 0;
                            }
                        }
                    }
                }
                if (tracc_go2) {
                    for (; j < 4; j++) {
                        {
                            k = 0;
                            _Bool tracc_go3 = 1;
                            for (unsigned int tracc_u3_2 = 0U; tracc_u3_2 < 2U; tracc_u3_2++) {
                                for (unsigned int tracc_u3_1 = 0U; tracc_u3_1 < 2U; tracc_u3_1++) {
                                    for (unsigned int tracc_u3_0 = 0U; tracc_u3_0 < 2U; tracc_u3_0++) {
                                        if (tracc_go3) {
                                            if (k < 5) {
                                                {
                                                    s += 2;
                                                }
                                                k++;
                                            } else {
                                                tracc_go3 = 0;
                                            }
                                        }
                                    }
                                }
                            }
                            if (tracc_go3) {
                                for (; k < 5; k++) {
                                    s += 2;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert(s == 4000000u);
    return 0;
}
