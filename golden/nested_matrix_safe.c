// tracc: expect SAFE bound=6 verify=SAFE
// A matrix-style double loop fills a[4][5] with 7 and checks one element: the inner loop's summary fills the row a[i], and the outer loop is accelerated over the rows.
#include <assert.h>

int main(void)
{
    int a[4][5];
    int i, j;
    for (i = 0; i < 4; i++) {
        for (j = 0; j < 5; j++) {
            a[i][j] = 7;
        }
    }
    assert(a[2][3] == 7);
    return 0;
}
