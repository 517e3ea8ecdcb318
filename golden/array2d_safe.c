// tracc: expect SAFE bound=11 verify=SAFE
// Nested loops fill a 2-D global array m[i][j] = 10*i + j and a nondeterministic element is checked. The inner loop is accelerated as a write into the row m[i]; its summary fills the row, so the outer loop is accelerated over all rows at once.
#include <assert.h>

unsigned int nondet_uint(void);

int m[10][10];

int main(void)
{
    unsigned int i, j;
    for (i = 0; i < 10; i++) {
        for (j = 0; j < 10; j++) {
            m[i][j] = 10 * i + j;
        }
    }
    unsigned int r = nondet_uint() % 10, c = nondet_uint() % 10;
    assert(m[r][c] == 10 * r + c);
    return 0;
}
