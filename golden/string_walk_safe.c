// tracc: expect SAFE verify=SAFE
// A char pointer walks the string literal "hi" to its terminating zero (that loop uses pointers and is left alone); a counter runs a million steps (accelerated); the assertion needs both counts.
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
    assert(len == 2 && s[-1] == 'i' && i == 1000000);
    return 0;
}
