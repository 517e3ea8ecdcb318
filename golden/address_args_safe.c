// tracc: expect SAFE verify=SAFE
// Helpers take the counters by address (`inc(&a)`, `swap(&b, &c)`); the loop's paths inline copies of them where `*p` is the variable passed, and 100000 iterations are accelerated.
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
    int b = 0;
    int one = 1;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)a));
            __CPROVER_assume(((long)one * 2L <= 0L || tracc_n1 <= (unsigned long)(2147483647L - (long)b) / (unsigned long)((long)one * 2L)) && ((long)one * 2L >= 0L || tracc_n1 <= (unsigned long)((long)b - -2147483648L) / ((unsigned long)-((long)one * 2L + 1L) + 1UL)));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(one >= 0 ? ((long)one * 2L >= 0L ? (int)((long)b + (long)((tracc_n1 - 1UL) * (unsigned long)((long)one * 2L))) : (int)((long)b - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)one * 2L + 1L) + 1UL)))) <= 2147483647 - one : ((long)one * 2L >= 0L ? (int)((long)b + (long)((tracc_n1 - 1UL) * (unsigned long)((long)one * 2L))) : (int)((long)b - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)one * 2L + 1L) + 1UL)))) >= (-2147483647 - 1) - one);
            __CPROVER_assume(one >= 0 ? ((long)one * 2L >= 0L ? (int)((long)b + (long)((tracc_n1 - 1UL) * (unsigned long)((long)one * 2L))) : (int)((long)b - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)one * 2L + 1L) + 1UL)))) + one <= 2147483647 - one : ((long)one * 2L >= 0L ? (int)((long)b + (long)((tracc_n1 - 1UL) * (unsigned long)((long)one * 2L))) : (int)((long)b - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)one * 2L + 1L) + 1UL)))) + one >= (-2147483647 - 1) - one);
            __CPROVER_assume(i < 100000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            a = (int)((long)a + (long)(tracc_n1 - 1UL)) + 1;
            b = ((long)one * 2L >= 0L ? (int)((long)b + (long)((tracc_n1 - 1UL) * (unsigned long)((long)one * 2L))) : (int)((long)b - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)one * 2L + 1L) + 1UL)))) + one + one;
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(a < 2147483647 && ((long)one * 2L <= 0L || 1UL <= (unsigned long)(2147483647L - (long)b) / (unsigned long)((long)one * 2L)) && ((long)one * 2L >= 0L || 1UL <= (unsigned long)((long)b - -2147483648L) / ((unsigned long)-((long)one * 2L + 1L) + 1UL))));
            inc(&a);
            add_twice(&b, &one);
        }
    }
    assert(a == 100000);
    assert(b == 200000);
    return 0;
}
