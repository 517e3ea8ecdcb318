// tracc: expect UNSAFE verify=UNSAFE
// As residue_count_safe, with a signed sum that moves down on every fourth iteration: after 100,000 iterations c is -25,000, not -24,999 (the last residue class is counted in full).
#include <assert.h>

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void) {
    int a = 0, c = 0;
    _Bool tracc_q1 = 0;
    for (int i = 0; i < 100000; i++) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(i >= 0);
            __CPROVER_assume((unsigned long)i <= 2147483647UL);
            __CPROVER_assume(tracc_n1 <= 2147483647UL - (unsigned long)i);
            __CPROVER_assume((int)((unsigned long)i + (tracc_n1 - 1UL)) < 100000);
            __CPROVER_assume((long)a + (long)(6UL * (((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 0UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 0UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 1UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 1UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 2UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 2UL)) <= 2147483647L);
            __CPROVER_assume((long)c - (long)(((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 3UL) - (unsigned long)((unsigned long)i % 4UL > 3UL)) >= -2147483648L);
            a = (int)((long)a + (long)(6UL * (((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 0UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 0UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 1UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 1UL) + 2UL * (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 2UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 2UL)));
            c = (int)((long)c - (long)(((unsigned long)i + tracc_n1) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + tracc_n1) % 4UL > 3UL) - (unsigned long)((unsigned long)i % 4UL > 3UL)));
            i = (int)((unsigned long)i + (tracc_n1 - 1UL));
        } else {
            __CPROVER_assume(!(i >= 0 && (long)a + (long)(6UL * (((unsigned long)i + 1UL) / 4UL - (unsigned long)i / 4UL) + 2UL * (unsigned long)(((unsigned long)i + 1UL) % 4UL > 0UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 0UL) + 2UL * (unsigned long)(((unsigned long)i + 1UL) % 4UL > 1UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 1UL) + 2UL * (unsigned long)(((unsigned long)i + 1UL) % 4UL > 2UL) - 2UL * (unsigned long)((unsigned long)i % 4UL > 2UL)) <= 2147483647L && (long)c - (long)(((unsigned long)i + 1UL) / 4UL - (unsigned long)i / 4UL + (unsigned long)(((unsigned long)i + 1UL) % 4UL > 3UL) - (unsigned long)((unsigned long)i % 4UL > 3UL)) >= -2147483648L));
            if ((i & 3) == 3)
                c -= 1;
            else
                a += 2;
        }
    }
    assert(a == 150000);
    assert(c == -24999);
    return 0;
}
