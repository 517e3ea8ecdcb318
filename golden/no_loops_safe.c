// tracc: expect SAFE verify=SAFE
// A loop-free program: the maximum of three nondeterministic long long values computed with nested ifs bounds all three.
#include <assert.h>

long long nondet_longlong(void);

long long max2(long long a, long long b)
{
    if (a > b) {
        return a;
    }
    return b;
}

int main(void)
{
    long long a = nondet_longlong();
    long long b = nondet_longlong();
    long long c = nondet_longlong();
    long long m = max2(a, b);
    if (c > m) {
        m = c;
    }
    assert(m >= a && m >= b && m >= c);
    assert(m == a || m == b || m == c);
    return 0;
}
