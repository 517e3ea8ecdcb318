// tracc: expect SAFE verify=SAFE
// An unsigned char updated g = 5*g + 3 (computed in int, converted back modulo 256) next to a counter that moves by 2: after 100000 iterations g is 167 and k is 200000.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned char g = 7;
    unsigned int k = 0;
    unsigned int i = 0;
    _Bool tracc_q1 = 0;
    while (i < 100000) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 100000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            k = (unsigned int)((long)k + (long)(tracc_n1 * 2UL));
            i = (unsigned int)((long)i + (long)tracc_n1);
            g = (unsigned char)((((((tracc_n1 & 1UL) != 0UL ? 5UL : 1UL) * ((tracc_n1 & 2UL) != 0UL ? 25UL : 1UL) * ((tracc_n1 & 4UL) != 0UL ? 625UL : 1UL) * ((tracc_n1 & 8UL) != 0UL ? 481UL : 1UL) * ((tracc_n1 & 16UL) != 0UL ? 961UL : 1UL) * ((tracc_n1 & 32UL) != 0UL ? 897UL : 1UL) * ((tracc_n1 & 64UL) != 0UL ? 769UL : 1UL) * ((tracc_n1 & 128UL) != 0UL ? 513UL : 1UL) * ((unsigned long)g * 4UL + 3UL) - 3UL) % 1024UL) >> 2UL) % 256UL);
        } else {
            __CPROVER_assume(k > 4294967293U);
            k += 2;
            g = 5 * g + 3;
            i++;
        }
    }
    assert(g == 167);
    assert(k == 200000);
    return 0;
}
