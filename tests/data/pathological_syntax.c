CpP	+*x(=%:gnIy=<
s=A%
uq%e/n*{TB(t
;en`R'9&	
/";PSh&h2:`
\N	
ER~0"	m,^3
U=g2s
`Z**0<X=V~H/6
e
$o8/K!S		.%"q
Q	6M$w<.
*Y'`^%7`(&
"/1
G
-.?+%u	I
%
M"^./	5%K'@%<u+%d	m'	".
F..	yR*g
L/6+P&
S{.ei)
S\A
C.a(	=uq
	w1	`T
%=
c	K7FV	*=$		*
	-{<`+|
*8
)
|\
R*\a%	\1^\Jd&eB
":`Z[	=/dh)4d	
Sr=`W	RVw
o*$s&`	`=r
(Jto"=#{"5%`%
8L	
		m /'I
	L&	<5"	9'
.P=	.:/meY
'		I]

)	>	
V%

J""$!{
H	f*<jL&k$