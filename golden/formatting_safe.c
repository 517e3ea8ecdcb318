// tracc: expect SAFE verify=UNKNOWN induction=6
// Comments, preprocessor lines, tabs and odd formatting everywhere around a counting loop, to test that untouched text is copied byte for byte.
#include   <assert.h>
#define TRACC_FIXTURE_UNUSED   42   /* never used in the code */
#define TRACC_FIXTURE_MULTI(a, b) \
        ((a) + (b))
#ifndef TRACC_FIXTURE_GUARD
#define TRACC_FIXTURE_GUARD 1
#endif

/* A block comment
 * spanning several lines, with code-like text: while (x) { x--; }
 */
unsigned   int	nondet_uint (  void ) ;   // trailing comment after a declaration


/* tracc: declarations used by the generated code */
_Bool nondet_bool(void);
unsigned long nondet_ulong(void);

int
main ( void ) {	/* brace on the same line, then a tab */
	unsigned int n=nondet_uint(),x=0 ,
	      y  =  0;   /* one declaration split across lines */
    _Bool tracc_q1 = 0;
    while (x<n) {
        if ((tracc_q1 = !tracc_q1 && nondet_bool())) {
            unsigned long tracc_n1 = nondet_ulong();
            __CPROVER_assume(tracc_n1 >= 1UL);
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - x));
            __CPROVER_assume(tracc_n1 <= (unsigned long)(4294967295U - y) / 2UL);
            __CPROVER_assume(x<n && (unsigned int)((long)x + (long)(tracc_n1 - 1UL)) < n);
            x = (unsigned int)((long)x + (long)tracc_n1);
            y = (unsigned int)((long)y + (long)(tracc_n1 * 2UL));
        } else {
            __CPROVER_assume(y > 4294967293U);
            x=x+1 ;
            y+= 2;
        }
    }
	assert( y==2*x ); assert(x  ==  n
         ) ;
	return 0 ;}   
// a comment on the last line without a newline at the end