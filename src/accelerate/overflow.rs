//! No-wrap conditions of the checked operations.
//!
//! In: the operations of a path whose result could leave its C type
//! (`collect_checks`). Out: exact C conditions that they do not (`no_wrap`,
//! `linear_bound`), written in arithmetic that cannot wrap itself.

use super::key;
use super::recurrence::LinStep;
use crate::ir::build::{and, and_all, arith, cast, cmp, ite, lit, or, ulong};
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, Span, UnOp};
use crate::reason::Reason;
use std::collections::BTreeSet;

pub(super) fn const_value(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::IntLit(v) => Some(*v),
        ExprKind::Cast { expr, .. } => {
            let v = const_value(expr)?;
            e.ty.as_int().map(|t| t.wrap(v))
        }
        _ => None,
    }
}

/// Operations in an assigned value whose result could leave its type.
pub(super) fn collect_checks(e: &Expr, out: &mut Vec<Expr>, seen: &mut BTreeSet<String>) -> Result<(), Reason> {
    let mut err = None;
    let mut found: Vec<Expr> = Vec::new();
    e.walk(&mut |x| {
        let t = x.ty.as_int();
        match &x.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..) | ExprKind::Unary(UnOp::Neg, _) => {
                found.push(x.clone())
            }
            ExprKind::Cast { expr, .. } => {
                if let (Some(t), Some(f)) = (t, expr.ty.as_int())
                    && !(t.min() <= f.min() && f.max() <= t.max())
                    && !t.is_bool()
                {
                    found.push(x.clone());
                }
            }
            // A constant divisor other than 0 and -1 cannot fail.
            ExprKind::Binary(BinOp::Div | BinOp::Rem, _, b)
                if !matches!(const_value(b), Some(c) if c != 0 && c != -1) =>
            {
                err.get_or_insert(Reason::UnsupportedOperation("divides by a non-constant value"));
            }
            ExprKind::Binary(BinOp::Shl | BinOp::Shr, ..) => {
                err.get_or_insert(Reason::UnsupportedOperation("uses a shift"));
            }
            _ => {}
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    // Inner operations first, so that each check can rely on its operands.
    // Operations that cannot leave their type whatever the values of their
    // operands' types need no check.
    found.retain(|x| {
        let t = x.ty.as_int();
        // A conversion's value is its operand's value.
        let v = match &x.kind {
            ExprKind::Cast { expr, .. } => interval(expr),
            _ => interval(x),
        };
        match (t, v) {
            (Some(t), Some((lo, hi))) => !(t.min() <= lo && hi <= t.max()),
            _ => true,
        }
    });
    for x in found.into_iter().rev() {
        let k = key(&x);
        if seen.insert(k) {
            out.push(x);
        }
    }
    Ok(())
}

/// Bounds of the mathematical value of an expression from the types of its
/// leaves (variables range over their types).
fn interval(e: &Expr) -> Option<(i128, i128)> {
    match &e.kind {
        ExprKind::IntLit(v) => Some((*v, *v)),
        ExprKind::Var(_) => e.ty.as_int().map(|t| (t.min(), t.max())),
        ExprKind::Cast { expr, .. } => {
            let t = e.ty.as_int()?;
            let (lo, hi) = interval(expr)?;
            if t.min() <= lo && hi <= t.max() {
                Some((lo, hi))
            } else {
                Some((t.min(), t.max()))
            }
        }
        ExprKind::Unary(UnOp::Neg, a) => {
            let (lo, hi) = interval(a)?;
            Some((hi.checked_neg()?, lo.checked_neg()?))
        }
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
            let (al, ah) = interval(a)?;
            let (bl, bh) = interval(b)?;
            match op {
                BinOp::Add => Some((al.checked_add(bl)?, ah.checked_add(bh)?)),
                BinOp::Sub => Some((al.checked_sub(bh)?, ah.checked_sub(bl)?)),
                _ => {
                    let c = [
                        al.checked_mul(bl)?,
                        al.checked_mul(bh)?,
                        ah.checked_mul(bl)?,
                        ah.checked_mul(bh)?,
                    ];
                    Some((*c.iter().min()?, *c.iter().max()?))
                }
            }
        }
        _ => e.ty.as_int().map(|t| (t.min(), t.max())),
    }
}

fn neg(e: Expr, t: IntType) -> Expr {
    let p = t.promote();
    let inner = Expr::new(
        ExprKind::Unary(UnOp::Neg, Box::new(cast(e, p))),
        CType::Int(p),
        Span::SYNTHETIC,
    );
    cast(inner, t)
}

fn wide(t: IntType) -> bool {
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

/// `k <= bound` such that `x0 + step * k` stays in `t` (exact).
pub(super) fn linear_bound(x: Expr, t: IntType, step: &LinStep, k: &Expr) -> Expr {
    let ul = IntType::ULONG;
    let le = |d: Expr, by: Expr| cmp(BinOp::Le, k.clone(), arith(BinOp::Div, d, by, ul));
    match step {
        LinStep::Const(c) if *c > 0 => le(dist_up(x, t), ulong(*c)),
        LinStep::Const(c) => le(dist_down(x, t), ulong(-*c)),
        LinStep::Sym { pos, expr, ty } => {
            let s = *ty;
            let yv = expr.clone();
            let (up, down) = if *pos {
                (dist_up(x.clone(), t), dist_down(x, t))
            } else {
                (dist_down(x.clone(), t), dist_up(x, t))
            };
            let pos_case = or(cmp(BinOp::Le, yv.clone(), lit(0, s)), le(up, cast(yv.clone(), ul)));
            if !s.signed {
                return pos_case;
            }
            let neg_case = or(cmp(BinOp::Ge, yv.clone(), lit(0, s)), le(down, abs_ul(yv, s)));
            and(pos_case, neg_case)
        }
    }
}

/// The exact C condition that the operation `node` (operands already in
/// C form via `sub`) does not leave its type.
pub(super) fn no_wrap(node: &Expr, sub: &dyn Fn(&Expr) -> Expr) -> Result<Option<Expr>, Reason> {
    let Some(t) = node.ty.as_int() else {
        return Err(Reason::UnsupportedOperation("non-integer operation"));
    };
    let max = |t: IntType| lit(t.max(), t);
    let min = |t: IntType| lit(t.min(), t);
    match &node.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let bc = const_value(b);
            let (a, b) = (sub(a), sub(b));
            let zero = lit(0, t);
            if let (Some(c), true) = (bc, t.signed) {
                // The sign of a constant operand picks the bound statically.
                let up = (*op == BinOp::Add) == (c >= 0);
                return Ok(Some(if up {
                    let lim = if *op == BinOp::Add { t.max() - c } else { t.max() + c };
                    cmp(BinOp::Le, a, lit(lim, t))
                } else {
                    let lim = if *op == BinOp::Add { t.min() - c } else { t.min() + c };
                    cmp(BinOp::Ge, a, lit(lim, t))
                }));
            }
            if let (Some(c), false) = (bc, t.signed) {
                return Ok(Some(if *op == BinOp::Add {
                    cmp(BinOp::Le, a, lit(t.max() - c, t))
                } else {
                    cmp(BinOp::Ge, a, lit(c, t))
                }));
            }
            Ok(Some(match (op, t.signed) {
                (BinOp::Add, false) => cmp(BinOp::Le, a, arith(BinOp::Sub, max(t), b, t)),
                (BinOp::Sub, false) => cmp(BinOp::Ge, a, b),
                (BinOp::Add, true) => ite(
                    cmp(BinOp::Ge, b.clone(), zero),
                    cmp(BinOp::Le, a.clone(), arith(BinOp::Sub, max(t), b.clone(), t)),
                    cmp(BinOp::Ge, a, arith(BinOp::Sub, min(t), b, t)),
                ),
                _ => ite(
                    cmp(BinOp::Ge, b.clone(), zero),
                    cmp(BinOp::Ge, a.clone(), arith(BinOp::Add, min(t), b.clone(), t)),
                    cmp(BinOp::Le, a, arith(BinOp::Add, max(t), b, t)),
                ),
            }))
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let (ca, cb) = (const_value(a), const_value(b));
            let (c, other) = match (ca, cb) {
                (_, Some(c)) => (Some(c), a),
                (Some(c), None) => (Some(c), b),
                _ => (None, a),
            };
            match c {
                Some(c) => {
                    if c == 0 || c == 1 {
                        return Ok(None);
                    }
                    // lo <= v <= hi with bounds computed here, exactly.
                    let (lo, hi) = if c > 0 {
                        (div_ceil(t.min(), c), div_floor(t.max(), c))
                    } else {
                        (div_ceil(t.max(), c), div_floor(t.min(), c))
                    };
                    let v = sub(other);
                    let mut parts = Vec::new();
                    if lo > t.min() {
                        parts.push(cmp(BinOp::Ge, v.clone(), lit(lo, t)));
                    }
                    if hi < t.max() {
                        parts.push(cmp(BinOp::Le, v, lit(hi, t)));
                    }
                    Ok(Some(and_all(parts)))
                }
                None if !t.signed => {
                    let (a, b) = (sub(a), sub(b));
                    Ok(Some(or(
                        cmp(BinOp::Eq, a.clone(), lit(0, t)),
                        cmp(BinOp::Le, b, arith(BinOp::Div, max(t), a, t)),
                    )))
                }
                None => Err(Reason::UnsupportedOperation(
                    "multiplies two non-constant signed values",
                )),
            }
        }
        ExprKind::Unary(UnOp::Neg, a) => {
            let a = sub(a);
            Ok(Some(if t.signed {
                cmp(BinOp::Ne, a, min(t))
            } else {
                cmp(BinOp::Eq, a, lit(0, t))
            }))
        }
        ExprKind::Cast { expr, .. } => {
            let Some(f) = expr.ty.as_int() else {
                return Err(Reason::UnsupportedOperation("conversion of a non-integer"));
            };
            let v = sub(expr);
            let mut parts = Vec::new();
            if t.min() > f.min() {
                parts.push(cmp(BinOp::Ge, v.clone(), lit(t.min(), f)));
            }
            if t.max() < f.max() {
                parts.push(cmp(BinOp::Le, v, lit(t.max(), f)));
            }
            Ok(Some(and_all(parts)))
        }
        _ => Ok(None),
    }
}

fn div_floor(a: i128, b: i128) -> i128 {
    a.div_euclid(b) - if b < 0 && a.rem_euclid(b) != 0 { 1 } else { 0 }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}
