// tracc: expect UNSAFE bound=9 verify=UNSAFE
// Nested int loops fill a 2-D local array with g[i][j] = i - j, which is negative below the diagonal the assertion forgets.
#include <assert.h>

void __CPROVER_assume(_Bool);
int nondet_int(void);

int main(void)
{
    int g[8][8];
    int i, j;
    for (i = 0; i < 8; i++) {
        for (j = 0; j < 8; j++) {
            g[i][j] = i - j;
        }
    }
    int r = nondet_int(), c = nondet_int();
    __CPROVER_assume(r >= 0 && r < 8 && c >= 0 && c < 8);
    assert(g[r][c] >= 0);
    return 0;
}
