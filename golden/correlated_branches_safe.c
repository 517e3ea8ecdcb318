// tracc: expect SAFE verify=SAFE
// Ten tests of the parity of y, which the loop never changes: 1,024 paths in the text, two feasible (the others are pruned as z3 proves their guards contradictory), both accelerated.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int y = nondet_int();
    unsigned int x = 0;
    unsigned int i = 0;
    unsigned char tracc_q1 = 0;
    while (i < 1000000) {
        if (tracc_q1 != 1 && nondet_bool()) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x) / 20UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            __CPROVER_assume(y % 2 == 0);
            x = (unsigned int)((long)x + (long)(tracc_n1 * 20UL));
            i = (unsigned int)((long)i + (long)tracc_n1);
            tracc_q1 = 1;
        } else if (tracc_q1 != 2 && nondet_bool()) {
            unsigned long tracc_n2 = nondet_ulong();
            __CPROVER_assume(tracc_n2 >= 1UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - x) / 10UL);
            __CPROVER_assume(tracc_n2 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n2 - 1UL)) < 1000000);
            __CPROVER_assume(!(y % 2 == 0));
            x = (unsigned int)((long)x + (long)(tracc_n2 * 10UL));
            i = (unsigned int)((long)i + (long)tracc_n2);
            tracc_q1 = 2;
        } else {
            __CPROVER_assume(!(x <= 4294967275U || (x <= 4294967285U && y % 2 != 0)));
            tracc_q1 = 0;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            if (y % 2 == 0) x += 2; else x += 1;
            i++;
        }
    }
    assert(x == 10000000u || x == 20000000u);
    return 0;
}
