// tracc: expect SAFE verify=SAFE
// Shifts by constants: `x += k << 2` is `x += k * 4` where C defines it, and the counter's bit `(i >> 2) & 1` and `(i / 3) % 2` repeat with periods 8 and 6; each loop of 100000 iterations is accelerated.
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    int k = 3;
    int x = 0;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(((long)k * 4L <= 0L || tracc_n1 <= (unsigned long)(2147483647L - (long)x) / (unsigned long)((long)k * 4L)) && ((long)k * 4L >= 0L || tracc_n1 <= (unsigned long)((long)x - -2147483648L) / ((unsigned long)-((long)k * 4L + 1L) + 1UL)));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(k >= 0 && k <= 536870911);
            __CPROVER_assume(k << 2 >= 0 ? ((long)k * 4L >= 0L ? (int)((long)x + (long)((tracc_n1 - 1UL) * (unsigned long)((long)k * 4L))) : (int)((long)x - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)k * 4L + 1L) + 1UL)))) <= 2147483647 - (k << 2) : ((long)k * 4L >= 0L ? (int)((long)x + (long)((tracc_n1 - 1UL) * (unsigned long)((long)k * 4L))) : (int)((long)x - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)k * 4L + 1L) + 1UL)))) >= (-2147483647 - 1) - (k << 2));
            __CPROVER_assume(i < 100000 && (int)((long)i + (long)(tracc_n1 - 1UL)) < 100000);
            x = ((long)k * 4L >= 0L ? (int)((long)x + (long)((tracc_n1 - 1UL) * (unsigned long)((long)k * 4L))) : (int)((long)x - (long)((tracc_n1 - 1UL) * ((unsigned long)-((long)k * 4L + 1L) + 1UL)))) + (k << 2);
            i = (int)((long)i + (long)(tracc_n1 - 1UL));
        } else {
            _Bool tracc_cov1 = ((long)k * 4L <= 0L || 1UL <= (unsigned long)(2147483647L - (long)x) / (unsigned long)((long)k * 4L)) && ((long)k * 4L >= 0L || 1UL <= (unsigned long)((long)x - -2147483648L) / ((unsigned long)-((long)k * 4L + 1L) + 1UL)) && k >= 0 && k <= 536870911;
            x += k << 2;
            __CPROVER_assume(!tracc_cov1);
        }
    }
    assert(x == 1200000);

    int weight = 0;
    _Bool tracc_q2 = 0;
    for (int i = 0; i < 100000; i++) {
        if ((tracc_q2 = !tracc_q2 && nondet_bool())) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(i >= 0);
            __CPROVER_assume((unsigned long)i <= 2147483647UL);
            __CPROVER_assume(tracc_n2 <= 2147483647UL - (unsigned long)i);
            __CPROVER_assume((int)((unsigned long)i + (tracc_n2 - 1UL)) < 100000);
            __CPROVER_assume((long)weight + (long)(16UL * (((unsigned long)i + tracc_n2) / 8UL - (unsigned long)i / 8UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 0UL) - (unsigned long)((unsigned long)i % 8UL > 0UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 1UL) - (unsigned long)((unsigned long)i % 8UL > 1UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 2UL) - (unsigned long)((unsigned long)i % 8UL > 2UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 3UL) - (unsigned long)((unsigned long)i % 8UL > 3UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 4UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 4UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 5UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 5UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 6UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 6UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 7UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 7UL)) <= 2147483647L);
            weight = (int)((long)weight + (long)(16UL * (((unsigned long)i + tracc_n2) / 8UL - (unsigned long)i / 8UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 0UL) - (unsigned long)((unsigned long)i % 8UL > 0UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 1UL) - (unsigned long)((unsigned long)i % 8UL > 1UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 2UL) - (unsigned long)((unsigned long)i % 8UL > 2UL) + (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 3UL) - (unsigned long)((unsigned long)i % 8UL > 3UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 4UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 4UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 5UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 5UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 6UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 6UL) + 3UL * (unsigned long)(((unsigned long)i + tracc_n2) % 8UL > 7UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 7UL)));
            i = (int)((unsigned long)i + (tracc_n2 - 1UL));
        } else {
            _Bool tracc_cov2 = i >= 0 && (long)weight + (long)(16UL * (((unsigned long)i + 1UL) / 8UL - (unsigned long)i / 8UL) + (unsigned long)(((unsigned long)i + 1UL) % 8UL > 0UL) - (unsigned long)((unsigned long)i % 8UL > 0UL) + (unsigned long)(((unsigned long)i + 1UL) % 8UL > 1UL) - (unsigned long)((unsigned long)i % 8UL > 1UL) + (unsigned long)(((unsigned long)i + 1UL) % 8UL > 2UL) - (unsigned long)((unsigned long)i % 8UL > 2UL) + (unsigned long)(((unsigned long)i + 1UL) % 8UL > 3UL) - (unsigned long)((unsigned long)i % 8UL > 3UL) + 3UL * (unsigned long)(((unsigned long)i + 1UL) % 8UL > 4UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 4UL) + 3UL * (unsigned long)(((unsigned long)i + 1UL) % 8UL > 5UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 5UL) + 3UL * (unsigned long)(((unsigned long)i + 1UL) % 8UL > 6UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 6UL) + 3UL * (unsigned long)(((unsigned long)i + 1UL) % 8UL > 7UL) - 3UL * (unsigned long)((unsigned long)i % 8UL > 7UL)) <= 2147483647L;
            if ((i >> 2) & 1)
                weight += 3;
            else
                weight += 1;
            __CPROVER_assume(!tracc_cov2);
        }
    }
    assert(weight == 200000);

    unsigned odd = 0;
    _Bool tracc_q3 = 0;
    for (unsigned i = 0; i < 99999; i++) {
        if ((tracc_q3 = !tracc_q3)) {
            unsigned long tracc_n3 = nondet_ulong();
            __CPROVER_assume(tracc_n3 >= 1UL);
            __CPROVER_assume((unsigned long)i <= 4294967295UL);
            __CPROVER_assume(tracc_n3 <= 4294967295UL - (unsigned long)i);
            __CPROVER_assume((unsigned int)((unsigned long)i + (tracc_n3 - 1UL)) < 99999);
            odd = (unsigned int)((unsigned long)odd + (3UL * (((unsigned long)i + tracc_n3) / 6UL - (unsigned long)i / 6UL) + (unsigned long)(((unsigned long)i + tracc_n3) % 6UL > 3UL) - (unsigned long)((unsigned long)i % 6UL > 3UL) + (unsigned long)(((unsigned long)i + tracc_n3) % 6UL > 4UL) - (unsigned long)((unsigned long)i % 6UL > 4UL) + (unsigned long)(((unsigned long)i + tracc_n3) % 6UL > 5UL) - (unsigned long)((unsigned long)i % 6UL > 5UL)));
            i = (unsigned int)((unsigned long)i + (tracc_n3 - 1UL));
        } else {
            __CPROVER_assume(0);
            odd += (i / 3) % 2;
        }
    }
    assert(odd == 49998);
    return 0;
}
