// tracc: expect SAFE bound=65 verify=SAFE
// A local array is filled with a[i] = 2*i over its whole length and a nondeterministic element is checked.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int a[64];
    unsigned int i;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 64; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = 64UL - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(4294967295U - i) && i <= 2147483647U && 2 * i <= 2147483647U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U && 2 * (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U && (i < 64U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 64U) && !((unsigned int)((long)i + (long)tracc_n1) < 64))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i <= 2147483647U);
            __CPROVER_assume(2 * i <= 2147483647U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U);
            __CPROVER_assume(2 * (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U);
            __CPROVER_assume(i < 64U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 64U);
            int tracc_a1[64];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 64UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == (int)(2 * (unsigned int)tracc_k1)) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 64UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[tracc_k2]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            a[i] = 2 * i;
            __CPROVER_assume(0);
        }
    }
    unsigned int j = nondet_uint();
    __CPROVER_assume(j < 64);
    assert(a[j] == 2 * j);
    return 0;
}
