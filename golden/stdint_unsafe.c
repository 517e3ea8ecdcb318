// tracc: expect UNSAFE bound=151 verify=UNSAFE
// <stdint.h> names: an int8_t incremented 150 times wraps from 127 to -128 and ends at -106, violating c >= 0.
#include <assert.h>
#include <stdint.h>

int main(void)
{
    int8_t c = 0;
    uint16_t k;
    for (k = 0; k < 150; k++) {
        c++;
    }
    assert(c >= 0);
    return 0;
}
