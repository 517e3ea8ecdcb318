// tracc: expect SAFE
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


int
main ( void ) {	/* brace on the same line, then a tab */
	unsigned int n=nondet_uint(),x=0 ,
	      y  =  0;   /* one declaration split across lines */
    while(x<n)// a comment right after the condition
    {
        x=x+1 ;	y+= 2;   /* two statements on one line */
        // a comment inside the body
        /**/
    }
	assert( y==2*x ); assert(x  ==  n
         ) ;
	return 0 ;}   
// a comment on the last line without a newline at the end