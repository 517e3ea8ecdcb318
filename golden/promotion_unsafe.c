// tracc: expect UNSAFE bound=11
// Usual arithmetic conversions: comparing int -1 with an unsigned counter converts -1 to UINT_MAX, so neg < u is false.
#include <assert.h>

int main(void)
{
    unsigned int u = 0;
    int neg = -1;
    while (u < 10) {
        u++;
    }
    assert(neg < u);
    return 0;
}
