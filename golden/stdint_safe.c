// tracc: expect SAFE verify=UNKNOWN
// <stdint.h> names: a uint64_t accumulator adds 5 per iteration of a uint32_t loop, so it never wraps and equals 5*n exactly.
#include <assert.h>
#include <stdint.h>

unsigned int nondet_uint(void);

int main(void)
{
    uint32_t n = nondet_uint();
    uint32_t i = 0;
    uint64_t acc = 0;
    int16_t parity = 0;
    while (i < n) {
        acc = acc + 5;
        parity = 1 - parity;
        i = i + 1;
    }
    assert(acc == 5 * (uint64_t)n);
    assert(parity == (int16_t)(n % 2));
    return 0;
}
