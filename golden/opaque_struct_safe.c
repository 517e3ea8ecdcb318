// tracc: expect SAFE
// A struct type, a global struct and a pointer-taking helper are used only outside the loop and must be copied through unchanged.
#include <assert.h>

unsigned int nondet_uint(void);

struct counter {
    int value;
    int hits;
};

static struct counter global_counter;

static void counter_reset(struct counter *c)
{
    c->value = 0;
    c->hits = 0;
}

int main(void)
{
    counter_reset(&global_counter);
    unsigned int n = nondet_uint();
    unsigned int i = 0, s = 0;
    while (i < n) {
        s = s + 3;
        i = i + 1;
    }
    assert(s == 3 * n);
    return 0;
}
