// tracc: expect UNSAFE verify=UNSAFE
// The program of string_walk_safe.c with an assertion that counts the terminating zero too: the length of "hi" is 2, not 3.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    const char *s = "hi";
    unsigned int len = 0;
    unsigned int i = 0;
    while (*s != 0) {
        s++;
        len++;
    }
    _Bool tracc_q1 = 0;
    while (i < 1000000) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            i = (unsigned int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            i++;
        }
    }
    assert(len == 3 || i != 1000000);
    return 0;
}
