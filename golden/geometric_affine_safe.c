// tracc: expect SAFE verify=SAFE
// y = 3*y + 1 on an unsigned int a million times: (3^1000000 - 1) / 2 modulo 2^32, which the assertion states; the closed form divides by 2 exactly by computing modulo 2^33.
#include <assert.h>

/* tracc: declarations used by the generated code */
unsigned long nondet_ulong(void);

int main(void)
{
    unsigned int y = 0;
    unsigned int i;
    _Bool tracc_q1 = 0;
    for (i = 0; i < 1000000; i++) {
        if ((tracc_q1 = !tracc_q1)) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - i));
            __CPROVER_assume(i < 1000000 && (unsigned int)((long)i + (long)(tracc_n1 - 1UL)) < 1000000);
            i = (unsigned int)((long)i + (long)(tracc_n1 - 1UL));
            y = (unsigned int)((((((tracc_n1 & 1UL) != 0UL ? 3UL : 1UL) * ((tracc_n1 & 2UL) != 0UL ? 9UL : 1UL) * ((tracc_n1 & 4UL) != 0UL ? 81UL : 1UL) * ((tracc_n1 & 8UL) != 0UL ? 6561UL : 1UL) * ((tracc_n1 & 16UL) != 0UL ? 43046721UL : 1UL) * ((tracc_n1 & 32UL) != 0UL ? 8088600193UL : 1UL) * ((tracc_n1 & 64UL) != 0UL ? 2038349057UL : 1UL) * ((tracc_n1 & 128UL) != 0UL ? 6619036161UL : 1UL) * ((tracc_n1 & 256UL) != 0UL ? 4415616001UL : 1UL) * ((tracc_n1 & 512UL) != 0UL ? 1995565057UL : 1UL) * ((tracc_n1 & 1024UL) != 0UL ? 6713233409UL : 1UL) * ((tracc_n1 & 2048UL) != 0UL ? 7135010817UL : 1UL) * ((tracc_n1 & 4096UL) != 0UL ? 6284066817UL : 1UL) * ((tracc_n1 & 8192UL) != 0UL ? 6394118145UL : 1UL) * ((tracc_n1 & 16384UL) != 0UL ? 5272043521UL : 1UL) * ((tracc_n1 & 32768UL) != 0UL ? 6249119745UL : 1UL) * ((tracc_n1 & 65536UL) != 0UL ? 3908304897UL : 1UL) * ((tracc_n1 & 131072UL) != 0UL ? 7816609793UL : 1UL) * ((tracc_n1 & 262144UL) != 0UL ? 7043284993UL : 1UL) * ((tracc_n1 & 524288UL) != 0UL ? 5496635393UL : 1UL) * ((tracc_n1 & 1048576UL) != 0UL ? 2403336193UL : 1UL) * ((tracc_n1 & 2097152UL) != 0UL ? 4806672385UL : 1UL) * ((tracc_n1 & 4194304UL) != 0UL ? 1023410177UL : 1UL) * ((tracc_n1 & 8388608UL) != 0UL ? 2046820353UL : 1UL) * ((tracc_n1 & 16777216UL) != 0UL ? 4093640705UL : 1UL) * ((tracc_n1 & 33554432UL) != 0UL ? 8187281409UL : 1UL) * ((tracc_n1 & 67108864UL) != 0UL ? 7784628225UL : 1UL) * ((tracc_n1 & 134217728UL) != 0UL ? 6979321857UL : 1UL) * ((tracc_n1 & 268435456UL) != 0UL ? 5368709121UL : 1UL) * ((tracc_n1 & 536870912UL) != 0UL ? 2147483649UL : 1UL) * ((tracc_n1 & 1073741824UL) != 0UL ? 4294967297UL : 1UL) * ((unsigned long)y * 2UL + 1UL) - 1UL) % 8589934592UL) >> 1UL) % 4294967296UL);
        } else {
            __CPROVER_assume(0);
            y = 3 * y + 1;
        }
    }
    assert(y == 1931530880u);
    return 0;
}
