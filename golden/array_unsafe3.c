// tracc: expect UNSAFE bound=51 verify=UNSAFE
// An off-by-one copy loop (i + 1 < n) misses the last of n nondeterministic elements, so b[n-1] == a[n-1] fails when a[n-1] != 0.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);
int nondet_int(void);

int a[50];
int b[50];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint(), i;
    __CPROVER_assume(n >= 1 && n <= 50);
    _Bool tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 50U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 50U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            int tracc_a1[50];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 50UL) || ((tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == a[tracc_k1]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            a[i] = nondet_int();
            __CPROVER_assume(i >= 50U);
        }
    }
    _Bool tracc_q2 = 0;
    for (i = 0; i + 1 < n; i++) {
        if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 50U && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < 50U);
            __CPROVER_assume(i + 1 < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) + 1 < n);
            int tracc_a2[50];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 50UL) || (!(tracc_n2 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k2] == a[tracc_k2]) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 50UL) || ((tracc_n2 != 0UL && tracc_k3 >= (unsigned long)i && tracc_k3 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n2 - 1UL))) || tracc_a2[tracc_k3] == b[tracc_k3]) });
            __CPROVER_array_copy(b, tracc_a2);
            i = (unsigned int)((long)i + (long)(tracc_n2 - 1UL));
        } else {
            b[i] = a[i];
            __CPROVER_assume(i >= 50U);
        }
    }
    assert(b[n - 1] == a[n - 1]);
    return 0;
}
