// tracc: expect SAFE verify=SAFE
// Structures by value and by pointer: a record with a nested struct and an array member is initialised, copied, passed by value (the callee changes its copy only) and by pointer, and returned; a loop over plain integers runs a million steps (accelerated) and its result is stored into a member.
#include <assert.h>

unsigned int nondet_uint(void);

struct point {
    int x;
    int y;
};

struct record {
    struct point at;
    unsigned char tags[3];
    unsigned int total;
};

static struct point shifted(struct point p, int dx)
{
    p.x += dx;
    return p;
}

static void store_total(struct record *r, unsigned int total)
{
    r->total = total;
    r->tags[2] = 1;
}

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    struct record a = {{1, 2}, {7}, 0};
    struct record b;
    unsigned int i = 0, s = 0;
    unsigned int n = nondet_uint();
    __CPROVER_assume(n <= 1000000);
    b = a;
    b.at = shifted(a.at, 10);
    _Bool tracc_q1 = 0;
    while (i < n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - s) / 2UL);
            __CPROVER_assume(i < n && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < n);
            i = (unsigned int)((long)i + (long)tracc_n1);
            s = (unsigned int)((long)s + (long)(tracc_n1 * 2UL));
        } else {
            __CPROVER_assume(s > 4294967293U);
            s = s + 2;
            i = i + 1;
        }
    }
    store_total(&b, s);
    assert(a.at.x == 1 && b.at.x == 11 && b.at.y == 2);
    assert(b.tags[0] == 7 && b.tags[1] == 0 && b.tags[2] == 1 && a.tags[2] == 0);
    assert(b.total == 2 * n && a.total == 0);
    return 0;
}
