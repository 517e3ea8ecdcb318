// tracc: expect SAFE verify=UNKNOWN
// Several unsigned variables move linearly (+2, +3, -1) with a nondeterministic trip count; the linear relations hold modulo 2^32.
#include <assert.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0, x = 0, y = 0, z = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 2UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - y) / 3UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)z);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 2UL));
            y = (unsigned int)((long)y + (long)(tracc_n1 * 3UL));
            z = (unsigned int)((long)z - (long)tracc_n1);
        } else {
            __CPROVER_assume(!(x <= 4294967293U && y <= 4294967292U && z >= 1U));
            x = x + 2;
            y = y + 3;
            z = z - 1;
            i = i + 1;
        }
    }
    assert(i == n);
    assert(3 * x == 2 * y);
    assert(x + 2 * z == 0);
    return 0;
}
