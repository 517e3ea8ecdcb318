//! C arithmetic that cannot wrap: distances to a type's ends and sums
//! and differences of non-negative amounts, written so that every emitted
//! operation stays in its type.
//!
//! In: C expressions and their types. Out: C expressions (IR) whose value
//! is the mathematical one.

use crate::ir::build::{arith, cast, cmp, ite, lit, ulong};
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, Span, UnOp};

pub(super) fn neg(e: Expr, t: IntType) -> Expr {
    let p = t.promote();
    let inner = Expr::new(
        ExprKind::Unary(UnOp::Neg, Box::new(cast(e, p))),
        CType::Int(p),
        Span::SYNTHETIC,
    );
    cast(inner, t)
}

pub(super) fn wide(t: IntType) -> bool {
    t.bits() >= 64
}

/// `TMAX - x` as an exact `unsigned long`.
pub(super) fn dist_up(x: Expr, t: IntType) -> Expr {
    let ul = IntType::ULONG;
    let l = IntType::LONG;
    if !t.signed {
        cast(arith(BinOp::Sub, lit(t.max(), t), x, t), ul)
    } else if !wide(t) {
        cast(arith(BinOp::Sub, lit(t.max(), l), cast(x, l), l), ul)
    } else {
        let small = cast(arith(BinOp::Sub, lit(t.max(), t), x.clone(), t), ul);
        let minus_x_minus_1 = neg(arith(BinOp::Add, x.clone(), lit(1, t), t), t);
        let big = arith(
            BinOp::Add,
            arith(BinOp::Add, ulong(t.max()), cast(minus_x_minus_1, ul), ul),
            ulong(1),
            ul,
        );
        ite(cmp(BinOp::Ge, x, lit(0, t)), small, big)
    }
}

/// `x - TMIN` as an exact `unsigned long`.
pub(super) fn dist_down(x: Expr, t: IntType) -> Expr {
    let ul = IntType::ULONG;
    let l = IntType::LONG;
    if !t.signed {
        cast(x, ul)
    } else if !wide(t) {
        cast(arith(BinOp::Sub, cast(x, l), lit(t.min(), l), l), ul)
    } else {
        let small = cast(arith(BinOp::Sub, x.clone(), lit(t.min(), t), t), ul);
        let big = arith(
            BinOp::Add,
            arith(BinOp::Add, cast(x.clone(), ul), ulong(t.max()), ul),
            ulong(1),
            ul,
        );
        ite(cmp(BinOp::Lt, x, lit(0, t)), small, big)
    }
}

/// `|y|` as an exact `unsigned long`, for `y < 0` (signed `y`).
pub(super) fn abs_ul(y: Expr, s: IntType) -> Expr {
    let ul = IntType::ULONG;
    let m = neg(arith(BinOp::Add, y, lit(1, s), s), s);
    arith(BinOp::Add, cast(m, ul), ulong(1), ul)
}

/// `x + d` in `t` for `d >= 0` (`unsigned long`) when the sum fits.
pub(super) fn add_nonneg(x: Expr, d: Expr, t: IntType) -> Expr {
    let ul = IntType::ULONG;
    if !wide(t) {
        let l = IntType::LONG;
        return cast(arith(BinOp::Add, cast(x, l), cast(d, l), l), t);
    }
    if !t.signed {
        return arith(BinOp::Add, x, cast(d, t), t);
    }
    let small = arith(BinOp::Add, x.clone(), cast(d.clone(), t), t);
    let minus_x_minus_1 = neg(arith(BinOp::Add, x, lit(1, t), t), t);
    let big = cast(
        arith(
            BinOp::Sub,
            arith(BinOp::Sub, d.clone(), cast(minus_x_minus_1, ul), ul),
            ulong(1),
            ul,
        ),
        t,
    );
    ite(cmp(BinOp::Le, d, ulong(t.max())), small, big)
}

/// `x - d` in `t` for `d >= 0` (`unsigned long`) when the difference fits.
pub(super) fn sub_nonneg(x: Expr, d: Expr, t: IntType) -> Expr {
    let ul = IntType::ULONG;
    if !wide(t) {
        let l = IntType::LONG;
        return cast(arith(BinOp::Sub, cast(x, l), cast(d, l), l), t);
    }
    if !t.signed {
        return arith(BinOp::Sub, x, cast(d, t), t);
    }
    let small = arith(BinOp::Sub, x.clone(), cast(d.clone(), t), t);
    let inner = cast(
        arith(BinOp::Sub, arith(BinOp::Sub, d.clone(), cast(x, ul), ul), ulong(1), ul),
        t,
    );
    let big = arith(BinOp::Sub, neg(inner, t), lit(1, t), t);
    ite(cmp(BinOp::Le, d, ulong(t.max())), small, big)
}
