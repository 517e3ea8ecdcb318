// tracc: expect SAFE bound=101 verify=SAFE
// Figure 9 of the paper (SV-COMP14 SUM_ARRAYS) over a nondeterministic prefix N <= 100: c[i] = a[i] + b[i] is written in one loop and checked in another (short inputs, so no signed overflow).
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);
short nondet_short(void);

int a[100], b[100], c[100];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int N = nondet_uint(), i;
    __CPROVER_assume(N <= 100);
    _Bool tracc_q1 = 0;
    for (i = 0; i < N; i = i + 1) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100U);
            __CPROVER_assume(i < N && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < N);
            int tracc_a1[100];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 100UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || (tracc_a1[tracc_k1] >= -32768 && tracc_a1[tracc_k1] <= 32767)) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 100UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[tracc_k2]) });
            __CPROVER_array_copy(a, tracc_a1);
            int tracc_a2[100];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 100UL) || (!(tracc_n1 != 0UL && tracc_k3 >= (unsigned long)i && tracc_k3 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || (tracc_a2[tracc_k3] >= -32768 && tracc_a2[tracc_k3] <= 32767)) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k4; !(tracc_k4 < 100UL) || ((tracc_n1 != 0UL && tracc_k4 >= (unsigned long)i && tracc_k4 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a2[tracc_k4] == b[tracc_k4]) });
            __CPROVER_array_copy(b, tracc_a2);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            a[i] = nondet_short();
            b[i] = nondet_short();
            __CPROVER_assume(i >= 100U);
        }
    }
    _Bool tracc_q2 = 0;
    for (i = 0; i < N; i = i + 1) {
        if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100U && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < 100U);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k5; !(tracc_k5 < 100UL) || (!(tracc_n2 != 0UL && tracc_k5 >= (unsigned long)i && tracc_k5 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n2 - 1UL))) || (b[tracc_k5] >= 0 ? a[tracc_k5] <= 2147483647 - b[tracc_k5] : a[tracc_k5] >= (-2147483647 - 1) - b[tracc_k5])) });
            __CPROVER_assume(i < N && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < N);
            int tracc_a3[100];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k6; !(tracc_k6 < 100UL) || (!(tracc_n2 != 0UL && tracc_k6 >= (unsigned long)i && tracc_k6 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n2 - 1UL))) || tracc_a3[tracc_k6] == a[tracc_k6] + b[tracc_k6]) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k7; !(tracc_k7 < 100UL) || ((tracc_n2 != 0UL && tracc_k7 >= (unsigned long)i && tracc_k7 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n2 - 1UL))) || tracc_a3[tracc_k7] == c[tracc_k7]) });
            __CPROVER_array_copy(c, tracc_a3);
            i = (unsigned int)((long)i + (long)(tracc_n2 - 1UL));
        } else {
            c[i] = a[i] + b[i];
            __CPROVER_assume(!(i < 100U && (b[i] >= 0 ? a[i] <= 2147483647 - b[i] : a[i] >= (-2147483647 - 1) - b[i])));
        }
    }
    _Bool tracc_q3 = 0;
    for (i = 0; i < N; i = i + 1) {
        if ((tracc_q3 = !tracc_q3 && nondet_bool())) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100U && (unsigned int)((long)i + (long)(tracc_n3 - 1UL)) < 100U);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k9; !(tracc_k9 < 100UL) || (!(tracc_n3 != 0UL && tracc_k9 >= (unsigned long)i && tracc_k9 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n3 - 1UL))) || (b[tracc_k9] >= 0 ? a[tracc_k9] <= 2147483647 - b[tracc_k9] : a[tracc_k9] >= (-2147483647 - 1) - b[tracc_k9])) });
            __CPROVER_assume(i < N && (unsigned int)((long)i + (long)(tracc_n3 - 1UL)) < N);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k8; !(tracc_k8 < 100UL) || (!(tracc_n3 != 0UL && tracc_k8 >= (unsigned long)i && tracc_k8 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n3 - 1UL))) || c[tracc_k8] == a[tracc_k8] + b[tracc_k8]) });
            i = (unsigned int)((long)i + (long)(tracc_n3 - 1UL));
        } else {
            assert(c[i] == a[i] + b[i]);
            __CPROVER_assume(!(i < 100U && (b[i] >= 0 ? a[i] <= 2147483647 - b[i] : a[i] >= (-2147483647 - 1) - b[i]) && c[i] == a[i] + b[i]));
        }
    }
    return 0;
}
