// tracc: expect UNSAFE bound=6 verify=UNSAFE
// The matrix-style double loop of nested_matrix_safe.c writes only the first four columns, so the element checked in the last column is never written (zero, as a global). The failure lies past both loops, both accelerated as in the safe one.
#include <assert.h>

int a[4][5];

int main(void)
{
    int i, j;
    for (i = 0; i < 4; i++) {
        for (j = 0; j < 4; j++) {
            a[i][j] = 7;
        }
    }
    assert(a[2][4] == 7);
    return 0;
}
