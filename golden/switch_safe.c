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
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i) / 4UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - a));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - b));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - c) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 4UL)) < n);
            __CPROVER_assume(i % 4 == 0U);
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 4UL)) + 1U < n);
            __CPROVER_assume(i + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 4UL)) + 1U + 1U < n);
            __CPROVER_assume(i + 1U + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n1 - 1UL) * 4UL)) + 1U + 1U + 1U < n);
            i = (unsigned int)((long)i + (long)(tracc_n1 * 4UL));
            a = (unsigned int)((long)a + (long)tracc_n1);
            b = (unsigned int)((long)b + (long)tracc_n1);
            c = (unsigned int)((long)c + (long)(tracc_n1 * 2UL));
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i) / 4UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - a));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - b));
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - c) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) < n);
            __CPROVER_assume(i % 4 == 3U);
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) + 1U < n);
            __CPROVER_assume(i + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) + 1U + 1U < n);
            __CPROVER_assume(i + 1U + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n2 - 1UL) * 4UL)) + 1U + 1U + 1U < n);
            i = (unsigned int)((long)i + (long)(tracc_n2 * 4UL));
            a = (unsigned int)((long)a + (long)tracc_n2);
            b = (unsigned int)((long)b + (long)tracc_n2);
            c = (unsigned int)((long)c + (long)(tracc_n2 * 2UL));
            tracc_q1 = 2;
        } else if (tracc_q1 != 3 && nondet_bool()) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - i) / 4UL);
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - a));
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - b));
            __CPROVER_assume(tracc_n3 <= (unsigned long)(4294967295U - c) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n3 - 1UL) * 4UL)) < n);
            __CPROVER_assume(i % 4 == 2U);
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n3 - 1UL) * 4UL)) + 1U < n);
            __CPROVER_assume(i + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n3 - 1UL) * 4UL)) + 1U + 1U < n);
            __CPROVER_assume(i + 1U + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n3 - 1UL) * 4UL)) + 1U + 1U + 1U < n);
            i = (unsigned int)((long)i + (long)(tracc_n3 * 4UL));
            a = (unsigned int)((long)a + (long)tracc_n3);
            b = (unsigned int)((long)b + (long)tracc_n3);
            c = (unsigned int)((long)c + (long)(tracc_n3 * 2UL));
            tracc_q1 = 3;
        } else if (tracc_q1 != 4 && nondet_bool()) {
            unsigned long tracc_n4 = nondet_ulong();
            __CPROVER_assume(tracc_n4 >= 1UL);
            __CPROVER_assume(tracc_n4 <= (unsigned long)(4294967295U - i) / 4UL);
            __CPROVER_assume(tracc_n4 <= (unsigned long)(4294967295U - a));
            __CPROVER_assume(tracc_n4 <= (unsigned long)(4294967295U - b));
            __CPROVER_assume(tracc_n4 <= (unsigned long)(4294967295U - c) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)((tracc_n4 - 1UL) * 4UL)) < n);
            __CPROVER_assume(i % 4 == 1U);
            __CPROVER_assume(i + 1U < n && (unsigned int)((long)i + (long)((tracc_n4 - 1UL) * 4UL)) + 1U < n);
            __CPROVER_assume(i + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n4 - 1UL) * 4UL)) + 1U + 1U < n);
            __CPROVER_assume(i + 1U + 1U + 1U < n && (unsigned int)((long)i + (long)((tracc_n4 - 1UL) * 4UL)) + 1U + 1U + 1U < n);
            i = (unsigned int)((long)i + (long)(tracc_n4 * 4UL));
            a = (unsigned int)((long)a + (long)tracc_n4);
            b = (unsigned int)((long)b + (long)tracc_n4);
            c = (unsigned int)((long)c + (long)(tracc_n4 * 2UL));
            tracc_q1 = 4;
        } else {
            __CPROVER_assume(!(i <= 4294967291U && a < 4294967295U && b < 4294967295U && c <= 4294967293U && i + 1U + 1U + 1U < n));
            tracc_q1 = 0;
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
    }
    assert(d == 0);
    assert(a + b + c == n);
    assert(a >= b);
    return 0;
}
