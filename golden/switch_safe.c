// tracc: expect SAFE verify=UNKNOWN
// A switch on i % 4 with a fall-through case and an unreachable default classifies the iterations of a nondeterministic loop.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, a = 0, b = 0, c = 0, d = 0;
    unsigned char tracc_q1 = 0;
    while (i < n) {
        if (nondet_bool()) {
            __CPROVER_assume(tracc_q1 != 1);
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - a));
            __CPROVER_assume(a <= 4294967294U);
            __CPROVER_assume(i <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)a + (long)(tracc_n1 - 1UL)) <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n1 - 1UL)) <= 4294967294U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k1; !(tracc_k1 < tracc_n1) || (unsigned int)((long)i + (long)tracc_k1) % 4 == 0U });
            i = (unsigned int)((long)i + (long)tracc_n1);
            a = (unsigned int)((long)a + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (nondet_bool()) {
            __CPROVER_assume(tracc_q1 != 2);
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - d));
            __CPROVER_assume(d <= 4294967294U);
            __CPROVER_assume(i <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)d + (long)(tracc_n2 - 1UL)) <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n2 - 1UL)) <= 4294967294U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k2; !(tracc_k2 < tracc_n2) || ((unsigned int)((long)i + (long)tracc_k2) % 4 != 0U && (unsigned int)((long)i + (long)tracc_k2) % 4 != 1U && (unsigned int)((long)i + (long)tracc_k2) % 4 != 2U && (unsigned int)((long)i + (long)tracc_k2) % 4 != 3U) });
            i = (unsigned int)((long)i + (long)tracc_n2);
            d = (unsigned int)((long)d + (long)tracc_n2);
            tracc_q1 = 2;
        } else if (nondet_bool()) {
            __CPROVER_assume(tracc_q1 != 3);
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - c));
            __CPROVER_assume(c <= 4294967294U);
            __CPROVER_assume(i <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)c + (long)(tracc_n3 - 1UL)) <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n3 - 1UL)) <= 4294967294U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n3 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k3; !(tracc_k3 < tracc_n3) || (unsigned int)((long)i + (long)tracc_k3) % 4 == 3U });
            i = (unsigned int)((long)i + (long)tracc_n3);
            c = (unsigned int)((long)c + (long)tracc_n3);
            tracc_q1 = 3;
        } else if (nondet_bool()) {
            __CPROVER_assume(tracc_q1 != 4);
            unsigned long tracc_n4 = nondet_ulong();
            __CPROVER_assume(tracc_n4 >= 1UL);
            __CPROVER_assume(tracc_n4 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n4 <= (unsigned long)(4294967295U - c));
            __CPROVER_assume(c <= 4294967294U);
            __CPROVER_assume(i <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)c + (long)(tracc_n4 - 1UL)) <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n4 - 1UL)) <= 4294967294U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n4 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k4; !(tracc_k4 < tracc_n4) || (unsigned int)((long)i + (long)tracc_k4) % 4 == 2U });
            i = (unsigned int)((long)i + (long)tracc_n4);
            c = (unsigned int)((long)c + (long)tracc_n4);
            tracc_q1 = 4;
        } else if (nondet_bool()) {
            __CPROVER_assume(tracc_q1 != 5);
            unsigned long tracc_n5 = nondet_ulong();
            __CPROVER_assume(tracc_n5 >= 1UL);
            __CPROVER_assume(tracc_n5 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n5 <= (unsigned long)(4294967295U - b));
            __CPROVER_assume(b <= 4294967294U);
            __CPROVER_assume(i <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)b + (long)(tracc_n5 - 1UL)) <= 4294967294U);
            __CPROVER_assume((unsigned int)((long)i + (long)(tracc_n5 - 1UL)) <= 4294967294U);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n5 - 1UL)) < n);
            __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k5; !(tracc_k5 < tracc_n5) || (unsigned int)((long)i + (long)tracc_k5) % 4 == 1U });
            i = (unsigned int)((long)i + (long)tracc_n5);
            b = (unsigned int)((long)b + (long)tracc_n5);
            tracc_q1 = 5;
        } else {
            _Bool tracc_cov1 = (1UL <= (unsigned long)(4294967295U - i) && 1UL <= (unsigned long)(4294967295U - a) && a <= 4294967294U && i <= 4294967294U && (unsigned int)((long)a + 0L) <= 4294967294U && (unsigned int)((long)i + 0L) <= 4294967294U && i < n && i % 4U == 0U) || (1UL <= (unsigned long)(4294967295U - i) && 1UL <= (unsigned long)(4294967295U - d) && d <= 4294967294U && i <= 4294967294U && (unsigned int)((long)d + 0L) <= 4294967294U && (unsigned int)((long)i + 0L) <= 4294967294U && i < n && (i % 4U != 0U && i % 4U != 1U && i % 4U != 2U && i % 4U != 3U)) || (1UL <= (unsigned long)(4294967295U - i) && 1UL <= (unsigned long)(4294967295U - c) && c <= 4294967294U && i <= 4294967294U && (unsigned int)((long)c + 0L) <= 4294967294U && (unsigned int)((long)i + 0L) <= 4294967294U && i < n && i % 4U == 3U) || (1UL <= (unsigned long)(4294967295U - i) && 1UL <= (unsigned long)(4294967295U - c) && c <= 4294967294U && i <= 4294967294U && (unsigned int)((long)c + 0L) <= 4294967294U && (unsigned int)((long)i + 0L) <= 4294967294U && i < n && i % 4U == 2U) || (1UL <= (unsigned long)(4294967295U - i) && 1UL <= (unsigned long)(4294967295U - b) && b <= 4294967294U && i <= 4294967294U && (unsigned int)((long)b + 0L) <= 4294967294U && (unsigned int)((long)i + 0L) <= 4294967294U && i < n && i % 4U == 1U);
            {
                switch (i % 4) {
                case 0:
                    a++;
                    break;
                case 1:
                    b++;
                    break;
                case 2:
                    /* fall through */
                case 3:
                    c++;
                    break;
                default:
                    d++;
                    break;
                }
                i++;
            }
            __CPROVER_assume(!tracc_cov1);
            tracc_q1 = 0;
        }
    }
    assert(d == 0);
    assert(a + b + c == n);
    assert(a >= b);
    return 0;
}
