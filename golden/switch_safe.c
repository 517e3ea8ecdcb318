// tracc: expect SAFE verify=SAFE
// A switch on i % 4 with a fall-through case and an unreachable default classifies the iterations of a nondeterministic loop.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, a = 0, b = 0, c = 0, d = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n1 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n1 - 1UL)) < n);
            a = (unsigned int)((unsigned long)a + (((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 0UL) - (unsigned long)((unsigned long)i % 4UL > 0UL)));
            b = (unsigned int)((unsigned long)b + (((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 1UL) - (unsigned long)((unsigned long)i % 4UL > 1UL)));
            c = (unsigned int)((unsigned long)c + (2UL * (((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 2UL) - (unsigned long)((unsigned long)i % 4UL > 2UL) + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 3UL) - (unsigned long)((unsigned long)i % 4UL > 3UL)));
            i = (unsigned int)((unsigned long)i + tracc_n1);
        } else {
            __CPROVER_assume(0);
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
