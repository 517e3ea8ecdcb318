// tracc: expect SAFE verify=SAFE
// <stdint.h> names: a uint64_t accumulator adds 5 per iteration of a uint32_t loop, so it never wraps and equals 5*n exactly.
#include <assert.h>
#include <stdint.h>

unsigned int nondet_uint(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    uint32_t n = nondet_uint();
    uint32_t i = 0;
    uint64_t acc = 0;
    int16_t parity = 0;
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (18446744073709551615UL - acc) / 5UL);
            __CPROVER_assume(1 - parity <= 32767);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            acc = acc + tracc_n1 * 5UL;
            parity = tracc_n1 % 2UL == 0UL ? parity : (short)(1 - parity);
        } else {
            __CPROVER_assume(!(acc <= 18446744073709551610UL && parity >= -32766));
            acc = acc + 5;
            parity = 1 - parity;
            i = i + 1;
        }
    }
    assert(acc == 5 * (uint64_t)n);
    assert(parity == (int16_t)(n % 2));
    return 0;
}
