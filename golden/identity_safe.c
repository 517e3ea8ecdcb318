// tracc: expect SAFE verify=SAFE
// A loop under a nondeterministic condition whose work is guarded by a flag that nothing sets: every iteration takes the idle path and ends where it began. The output blocks an original iteration that changes nothing, after its body (so its assertion is still checked), and --unwind 3 then covers every execution; without that check any number of idle iterations remains, and no bound decides the loop.
#include <assert.h>

int nondet_int(void);

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    int busy = 0;
    unsigned int served = 0;
    _Bool tracc_q1 = 0;
    unsigned int tracc_served_was1 = served;
    unsigned int tracc_served_prev1 = served;
    while (nondet_int()) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - served));
            __CPROVER_assume(busy);
            __CPROVER_assume(served + 1 == 0);
            served = (unsigned int)((long)served + (long)tracc_n1);
            __CPROVER_assume(served != tracc_served_was1 && served != tracc_served_prev1);
            tracc_served_prev1 = tracc_served_was1;
            tracc_served_was1 = served;
        } else {
            __CPROVER_assume(!(served < 4294967295U && served == 4294967295U));
            if (busy) {
                served = served + 1;
            }
            assert(served == 0);
            __CPROVER_assume(served != tracc_served_was1 && served != tracc_served_prev1);
            tracc_served_prev1 = tracc_served_was1;
            tracc_served_was1 = served;
        }
    }
    return 0;
}
