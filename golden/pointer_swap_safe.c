// tracc: expect SAFE verify=SAFE
// A helper swaps two ints through pointers; the loop after it counts a million steps (accelerated) and the assertion needs both the swap and the count.
#include <assert.h>

void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    int x = 1, y = 2;
    unsigned int i = 0;
    swap(&x, &y);
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
    assert(x == 2 && y == 1 && i == 1000000);
    return 0;
}
