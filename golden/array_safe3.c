// tracc: expect SAFE bound=101 verify=SAFE
// A for loop with step 3 writes b[i] = 1 into a global unsigned char array up to a nondeterministic n <= 300; only multiples of 3 below n are set.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

unsigned char b[300];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n <= 300);
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i += 3) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = ((unsigned long)n - (unsigned long)i + 2UL) / 3UL;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(4294967295U - i) / 3UL && (i < 300U && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) < 300U) && (i < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) < n) && !((unsigned int)((long)i + (long)(tracc_n1 * 3UL)) < n))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 3UL);
            __CPROVER_assume(i < 300U && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) < 300U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) < n);
            unsigned char tracc_a1[300];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 100UL) || (!(tracc_k1 < tracc_n1) || (int)tracc_a1[(unsigned int)((long)i + (long)(tracc_k1 * 3UL))] == (int)(unsigned char)1) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 300UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL)) && (tracc_k2 - (unsigned long)i) % 3UL == 0UL) || (int)tracc_a1[tracc_k2] == (int)b[tracc_k2]) });
            __CPROVER_array_copy(b, tracc_a1);
            i = (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 3UL));
        } else {
            b[i] = 1;
            __CPROVER_assume(i >= 300U);
        }
    }
    unsigned int k = nondet_uint();
    __CPROVER_assume(k < 300);
    if (k % 3 != 0 || k >= n) {
        assert(b[k] == 0);
    } else {
        assert(b[k] == 1);
    }
    return 0;
}
