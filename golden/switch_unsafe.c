// tracc: expect UNSAFE bound=31 verify=UNSAFE
// A three-state machine driven by a switch inside a for loop returns to state 0 after 30 steps, which the assertion excludes.
#include <assert.h>

int main(void)
{
    int state = 0;
    int k;
    for (k = 0; k < 30; k++) {
        switch (state) {
        case 0:
            state = 1;
            break;
        case 1:
            state = 2;
            break;
        case 2:
            state = 0;
            break;
        }
    }
    assert(state != 0);
    return 0;
}
