// tracc: expect SAFE bound=101 verify=SAFE
// A loop writes a constant to a global array at a moving index up to a nondeterministic n <= 100; written and unwritten elements are checked.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[100];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n <= 100);
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = (unsigned long)n - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(4294967295U - i) && (i < 100U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100U) && (i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n) && !((unsigned int)((long)i + (long)tracc_n1) < n))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            int tracc_a1[100];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 100UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == 5) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 100UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[tracc_k2]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            a[i] = 5;
            __CPROVER_assume(i >= 100U);
        }
    }
    unsigned int k = nondet_uint();
    __CPROVER_assume(k < 100);
    if (k < n) {
        assert(a[k] == 5);
    } else {
        assert(a[k] == 0);
    }
    return 0;
}
