//! C integers as the generators write and simulate them.
//!
//! In: values and `IntType`s. Out: the C text of constants (with the type
//! the front end gives them), comparisons, counter steps and
//! nondeterministic-value functions, and the same arithmetic with C's usual
//! conversions, so that a generator's simulation computes the values the
//! program reaches. Also the prelude every program starts with and the
//! counter types the generators draw from. Shared by every generator.

use crate::ir::IntType;

/// The first line of every program: the assertion as CBMC knows it (CBMC
/// takes a declared `void assert(int);` for a function without a body and
/// checks nothing), so that a program, or a campaign finding saved as a
/// fixture, means the same to tracc's checker and to CBMC.
pub(super) const PRELUDE: &str = "#include <assert.h>\n";

pub(super) fn nondet_name(t: IntType) -> &'static str {
    match (t.bits(), t.signed) {
        (8, false) => "nondet_uchar",
        (8, true) => "nondet_char",
        (16, false) => "nondet_ushort",
        (16, true) => "nondet_short",
        (32, false) => "nondet_uint",
        (32, true) => "nondet_int",
        (_, false) => "nondet_ulong",
        (_, true) => "nondet_long",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Cmp {
    pub(super) fn text(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
        }
    }

    pub(super) fn negated(self) -> Cmp {
        match self {
            Cmp::Lt => Cmp::Ge,
            Cmp::Le => Cmp::Gt,
            Cmp::Gt => Cmp::Le,
            Cmp::Ge => Cmp::Lt,
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
        }
    }

    pub(super) fn eval(self, a: i128, b: i128) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }
}

/// A constant printed so that its C type is what `literal_type` says.
pub(super) fn literal(v: i128) -> String {
    if v == i128::from(i64::MIN) {
        // 9223372036854775808 has no signed type, so -9223372036854775808 is not a constant.
        "(-9223372036854775807L - 1)".to_string()
    } else if v > i128::from(i64::MAX) {
        format!("{v}UL")
    } else if v < 0 {
        format!("({v})")
    } else {
        v.to_string()
    }
}

/// The C type of `literal(v)`: a decimal constant is `int`, `long` or
/// `long long`; a negative one is the negation of its magnitude.
pub(super) fn literal_type(v: i128) -> IntType {
    if v > i128::from(i64::MAX) {
        return IntType::ULONG;
    }
    let mag = v.unsigned_abs() as i128;
    [IntType::INT, IntType::LONG]
        .into_iter()
        .find(|t| t.contains(mag))
        .unwrap_or(IntType::LLONG)
}

/// `c += step` on a counter `c`, as C text (`c++` and `c--` for steps of 1
/// and -1, `c -= 2` for -2).
pub(super) fn counter_update(step: i128) -> String {
    match step {
        1 => "c++".to_string(),
        -1 => "c--".to_string(),
        s if s > 0 => format!("c += {s}"),
        s => format!("c -= {}", -s),
    }
}

/// The value of a counter `c` of type `ty` after `c += step`.
pub(super) fn stepped(c: i128, ty: IntType, step: i128) -> i128 {
    ty.wrap(arith((c, ty), (step, literal_type(step)), true).0)
}

/// `a op b` with C's usual arithmetic conversions; returns value and type.
pub(super) fn arith(a: (i128, IntType), b: (i128, IntType), add: bool) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    let (x, y) = (t.wrap(a.0), t.wrap(b.0));
    (t.wrap(if add { x + y } else { x - y }), t)
}

/// `a * b` with C's usual arithmetic conversions (wrapping; the checker,
/// not this simulation, says what a signed overflow does).
pub(super) fn product(a: (i128, IntType), b: (i128, IntType)) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    (t.wrap(t.wrap(a.0).wrapping_mul(t.wrap(b.0))), t)
}

/// `a % b` with C's usual arithmetic conversions (`b` a positive constant;
/// the quotient is truncated toward zero in C as in Rust).
pub(super) fn remainder(a: (i128, IntType), b: (i128, IntType)) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    (t.wrap(t.wrap(a.0) % t.wrap(b.0)), t)
}

/// `a / b` with C's usual arithmetic conversions (`b` a positive
/// constant; truncated toward zero in C as in Rust).
pub(super) fn quotient(a: (i128, IntType), b: (i128, IntType)) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    (t.wrap(t.wrap(a.0) / t.wrap(b.0)), t)
}

/// `a << s` in `a`'s promoted type, wrapping (the checker, not this
/// simulation, says where C leaves it undefined: a negative `a`, a bit
/// shifted out of a signed type).
pub(super) fn shifted_left(a: (i128, IntType), s: u32) -> (i128, IntType) {
    let t = a.1.promote();
    (t.wrap(t.wrap(a.0) << s), t)
}

/// `a >> s` in `a`'s promoted type: arithmetic for a negative `a`, as gcc
/// and CBMC shift (C leaves it to the implementation).
pub(super) fn shifted_right(a: (i128, IntType), s: u32) -> (i128, IntType) {
    let t = a.1.promote();
    (t.wrap(a.0) >> s, t)
}

/// `a & b` for a mask `b >= 0`, in two's complement.
pub(super) fn low_bits(a: (i128, IntType), b: (i128, IntType)) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    (t.wrap(t.wrap(a.0) & t.wrap(b.0)), t)
}

pub(super) fn compare(a: (i128, IntType), b: (i128, IntType), cmp: Cmp) -> bool {
    let t = IntType::common(a.1, b.1);
    cmp.eval(t.wrap(a.0), t.wrap(b.0))
}

/// Every integer type a counter can have, with a C spelling (`char` is
/// signed here, as on x86-64; `signed char` is the same type).
pub(super) const COUNTER_TYPES: [(IntType, &str); 9] = [
    (IntType::CHAR, "char"),
    (IntType::CHAR, "signed char"),
    (IntType::UCHAR, "unsigned char"),
    (IntType::SHORT, "short"),
    (IntType::USHORT, "unsigned short"),
    (IntType::INT, "int"),
    (IntType::UINT, "unsigned"),
    (IntType::LONG, "long"),
    (IntType::ULONG, "unsigned long"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_types_match_the_front_end() {
        for v in [
            0i128,
            5,
            -5,
            2147483647,
            2147483648,
            -2147483648,
            4294967295,
            9223372036854775807,
        ] {
            let src = format!("long long x = {};", literal(v));
            let p = crate::lower::lower_source(&src).expect("lowers").program;
            let Some((_, Some(crate::ir::Init::Expr(e)))) = p.globals.first() else {
                panic!()
            };
            assert_eq!(e.skip_implicit().int_type(), Some(literal_type(v)), "{v}");
            assert_eq!(e.const_value(), Some(v));
        }
    }
}
