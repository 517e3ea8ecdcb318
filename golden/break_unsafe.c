// tracc: expect UNSAFE bound=21 verify=UNSAFE
// A linear search with break over a[i] = 3*i misses targets that are not multiples of 3, so the found-assertion fails.
#include <assert.h>

void __CPROVER_assume(_Bool);
unsigned int nondet_uint(void);

int a[20];

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 20; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = 20UL - (unsigned long)i;
            if (!(tracc_n1 >= 1UL && tracc_n1 <= (unsigned long)(4294967295U - i) && i <= 1431655765U && 3 * i <= 2147483647U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 1431655765U && 3 * (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U && (i < 20U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 20U) && !((unsigned int)((long)i + (long)tracc_n1) < 20))) {
                tracc_n1 = nondet_ulong();
            }
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i <= 1431655765U);
            __CPROVER_assume(3 * i <= 2147483647U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 1431655765U);
            __CPROVER_assume(3 * (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 2147483647U);
            __CPROVER_assume(i < 20U && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 20U);
            int tracc_a1[20];
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < 20UL) || (!(tracc_n1 != 0UL && tracc_k1 >= (unsigned long)i && tracc_k1 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k1] == (int)(3 * (unsigned int)tracc_k1)) });
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < 20UL) || ((tracc_n1 != 0UL && tracc_k2 >= (unsigned long)i && tracc_k2 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n1 - 1UL))) || tracc_a1[tracc_k2] == a[tracc_k2]) });
            __CPROVER_array_copy(a, tracc_a1);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            a[i] = 3 * i;
            __CPROVER_assume(0);
        }
    }
    int t = nondet_uint() % 60;
    int pos = -1;
    _Bool tracc_q2 = 0;
    for (i = 0; i < 20; i++) {
        if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 20U && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < 20U);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < 20UL) || (!(tracc_n2 != 0UL && tracc_k3 >= (unsigned long)i && tracc_k3 <= (unsigned long)(unsigned int)((long)i + (long)(tracc_n2 - 1UL))) || !(a[tracc_k3] == t)) });
            i = (unsigned int)((long)i + (long)(tracc_n2 - 1UL));
        } else {
            if (a[i] == t) {
                pos = i;
                break;
            }
            __CPROVER_assume(a[i] == t);
        }
    }
    assert(pos != -1);
    return 0;
}
