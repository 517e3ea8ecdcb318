// tracc: expect UNSAFE verify=UNSAFE
// A _Bool toggled by b = !b 3000001 times (an odd number) ends true, so the assertion fails three million iterations deep.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int i;
    _Bool b = 0;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 3000001u; i++) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 3000001u && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 3000001u);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            b = (_Bool)!((tracc_n1 - 1UL) % 2UL == 0UL ? b : (_Bool)!b);
        } else {
            __CPROVER_assume(0);
            b = !b;
        }
    }
    assert(!b);
    return 0;
}
