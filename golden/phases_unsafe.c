// tracc: expect UNSAFE bound=77
// Two phases, x += 1 below 51 then x += 2, overshoot the limit 100 and end at 101 after 76 iterations.
#include <assert.h>

int main(void)
{
    int x = 0;
    while (x < 100) {
        if (x < 51) {
            x = x + 1;
        } else {
            x = x + 2;
        }
    }
    assert(x == 100);
    return 0;
}
