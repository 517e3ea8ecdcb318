// tracc: expect SAFE verify=SAFE
// SV-COMP style of 2010-2014: main without a return type (C89 implicit int), __VERIFIER_ functions and reach_error; the counter reaches the nondeterministic bound exactly.
extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void reach_error() { __VERIFIER_error(); }

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

main()
{
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 0 && x < 1000000);
    int i = 0;
    _Bool tracc_q1 = 0;
    while (i < x) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(2147483647L - (long)i));
            __CPROVER_assume(i < x && (int)((long)i + (long)(tracc_n1 - 1UL)) < x);
            i = (int)((long)i + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            i++;
        }
    }
    if (i != x) {
        reach_error();
    }
    return 0;
}
