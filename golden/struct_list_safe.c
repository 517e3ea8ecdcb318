// tracc: expect SAFE verify=UNKNOWN
// A linked list of three nodes from malloc (struct node with a pointer to its own type; an allocation may fail, which the program handles) is summed through p->next; a counter runs a million steps next to it (accelerated). The list loops need --unwind 4 and 5, so the verdict at --unwind 3 is UNKNOWN; `tracc verify` deepens the bound and decides at --unwind 6.
#include <assert.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int value)
{
    struct node *n = malloc(sizeof(struct node));
    if (!n)
        exit(0);
    n->value = value;
    n->next = head;
    return n;
}

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    struct node *list = 0;
    unsigned int k = 0;
    {
        int i = 1;
        _Bool tracc_go1 = 1;
        for (unsigned int tracc_u1_1 = 0U; tracc_u1_1 < 2U; tracc_u1_1++) {
            for (unsigned int tracc_u1_0 = 0U; tracc_u1_0 < 2U; tracc_u1_0++) {
                if (tracc_go1) {
                    if (i <= 3) {
                        list = push(list, i);
                        i++;
                    } else {
                        tracc_go1 = 0;
                    }
                }
            }
        }
        if (tracc_go1) {
            for (; i <= 3; i++) {
                list = push(list, i);
            }
        }
    }
    int sum = 0;
    for (struct node *p = list; p; p = p->next)
        sum += p->value;
    _Bool tracc_q1 = 0;
    while (k < 1000000) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - k));
            __CPROVER_assume(k < 1000000 && (unsigned int)((long)k + (long)(tracc_n1 - 1UL)) < 1000000);
            k = (unsigned int)((long)k + (long)tracc_n1);
        } else {
            __CPROVER_assume(0);
            k++;
        }
    }
    assert(sum == 6);
    assert(list->value == 3 && list->next->next->value == 1);
    assert(k == 1000000);
    return 0;
}
