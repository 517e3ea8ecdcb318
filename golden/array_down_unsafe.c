// tracc: expect UNSAFE bound=21 verify=UNSAFE
// The loop of array_down_safe.c, but the assertion wrongly expects element n - 1 unwritten (it is the last one written).
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[20];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n <= 20);
    i = n;
    _Bool tracc_q1 = 0;
    while (i > 0) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)i && i - 1U < 20U && !((unsigned int)((long)i - (long)tracc_n1) > 0))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)i);
            __CPROVER_assume(i - 1U < 20U);
            int tracc_a1[20];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 20UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)((unsigned int)((long)i - (long)(tracc_n1 - 1UL)) - 1U) && tracc_k1 <= (unsigned long)(i - 1U)) || tracc_a1[tracc_k1] == 7) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 20UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)((unsigned int)((long)i - (long)(tracc_n1 - 1UL)) - 1U) && tracc_k2 <= (unsigned long)(i - 1U)) || tracc_a1[tracc_k2] == a[tracc_k2]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i - (long)tracc_n1);
        } else {
            _Bool tracc_cov1 = i - 1U < 20U;
            i--;
            a[i] = 7;
            __CPROVER_assume(!tracc_cov1);
        }
    }
    unsigned int k = nondet_uint();
    __CPROVER_assume(k < 20);
    if (k + 1 < n) {
        assert(a[k] == 7);
    } else {
        assert(a[k] == 0);
    }
    return 0;
}
