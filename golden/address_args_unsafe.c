// tracc: expect UNSAFE verify=UNSAFE
// The same address passed twice (`add_twice(&b, &b)` doubles `b` twice): the copy where both `*dst` and `*src` are `b` keeps the aliasing, and b reaches 400 after one iteration, so the assertion fails.
#include <assert.h>

void inc(int *p)
{
    *p = *p + 1;
}

void add_twice(int *dst, int *src)
{
    *dst = *dst + *src;
    *dst = *dst + *src;
}

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int a = 0;
    int b = 100;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)a));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < 100000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            __CPROVER_assume(a + 1 > 1 || (unsigned long)((long)1 - (long)(a + 1)) >= tracc_n1);
            a = (int)((long)a + (long)(tracc_n1 - 1UL)) + 1;
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(a < 2147483647 && a != 0));
            inc(&a);
            if (a == 1) {
                add_twice(&b, &b);
            }
        }
    }
    assert(b < 400);
    return 0;
}
