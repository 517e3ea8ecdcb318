// tracc: expect SAFE verify=SAFE
// What a preprocessed SV-COMP .i file starts with: typedefs from system headers, extern declarations with GNU attributes and __extension__, an undeclared __VERIFIER_nondet_uint (implicitly declared); then a counting loop.
typedef unsigned long int size_t;
typedef unsigned int __uint32_t;
typedef __uint32_t uint32_t;
extern void abort (void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
__extension__ typedef long long int __quad_t;
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "t.c", 3, __extension__ __PRETTY_FUNCTION__); })); }

/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int main(void)
{
    uint32_t n = __VERIFIER_nondet_uint();
    uint32_t i = 0, s = 0;
    if (n > 1000000) return 0;
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
            i++;
            s += 2;
        }
    }
    if (s != 2 * n) {
        reach_error();
    }
    return 0;
}
