// tracc: expect SAFE
// The loop body assigns constants (flag = 1, last = 7), which hold after the first iteration of a nondeterministic trip count.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void)
{
    unsigned int n = nondet_uint();
    unsigned int i = 0;
    int flag = 0;
    int last = -1;
    while (i < n) {
        flag = 1;
        last = 7;
        i++;
    }
    if (n > 0) {
        assert(flag == 1 && last == 7);
    } else {
        assert(flag == 0 && last == -1);
    }
    return 0;
}
