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
    unsigned char tracc_q1 = 0;
    for (i = 0; i < n; i++) {
        if (nondet_bool()) {
            __CPROVER_assume(tracc_q1 != 1);
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 4294967294U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(i >= 0U && i < 50U && ((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) >= 0U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 50U));
            int tracc_a1[50];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 50UL) || ((tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == a[tracc_k1]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            tracc_q1 = 1;
        } else {
            _Bool tracc_cov1 = 1UL <= (unsigned long)(4294967295U - i) && i <= 4294967294U && (unsigned int)((long)i + 0L) <= 4294967294U && i < n && (i >= 0U && i < 50U && ((unsigned int)((long)i + 0L) >= 0U && (unsigned int)((long)i + 0L) < 50U));
            {
                a[i] = nondet_int();
            }
            __CPROVER_assume(!tracc_cov1);
            tracc_q1 = 0;
        }
    }
    for (i = 0; i + 1 < n; i++) {
        b[i] = a[i];
    }
    assert(b[n - 1] == a[n - 1]);
    return 0;
}
