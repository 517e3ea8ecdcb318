//! No-wrap conditions of the closed forms and of the checked operations.
//!
//! In: the operations of a path whose result could leave its C type
//! (`collect_checks`), with the closed forms (`Ctx`). Out: the checked
//! operations as polynomials in the iteration count
//! (`checked_operations`), and exact C conditions that no value leaves its
//! type at any of the `n` iterations (`overflow_conditions`, and
//! `quantified_overflow` for operations on array elements), written in
//! arithmetic that cannot wrap itself (`no_wrap`, `linear_bound`).

use super::checks::const_value;
use super::context::{CheckPoly, Ctx, K};
use super::fresh::FreshVars;
use super::monotone::{Monotone, monotonicity};
use super::poly::{Atom, Poly};
use super::recurrence::{Kind, LinStep, to_poly};
use super::show;
use super::symex::Sym;
use super::wide::{abs_ul, dist_down, dist_up};
use crate::ir::build::{self, and, and_all, arith, cast, cmp, forall_below, ite, lit, or, ulong};
use crate::ir::{BinOp, Expr, ExprKind, IntType, UnOp, VarId};
use crate::reason::Reason;
use std::collections::BTreeSet;

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
    match &node.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => Ok(Some(add_sub_no_wrap(*op, a, b, t, sub))),
        ExprKind::Binary(BinOp::Mul, a, b) => mul_no_wrap(a, b, t, sub),
        ExprKind::Binary(BinOp::Shl, a, _) => {
            let Some(c) = node.constant_shift() else {
                return Err(Reason::UnsupportedOperation(
                    "shifts by an amount that is not a constant within the type",
                ));
            };
            // `a << c` is `a * 2^c` for unsigned `a` that loses no bit, and
            // for signed `a` that is not negative (C11 6.5.7, CBMC's
            // `undefined-shift` and `overflow` checks) and loses no bit.
            let v = sub(a);
            let mut parts = Vec::new();
            if t.signed {
                parts.push(cmp(BinOp::Ge, v.clone(), lit(0, t)));
            }
            if c > 0 {
                parts.push(cmp(BinOp::Le, v, lit(t.max() >> c, t)));
            }
            Ok(Some(and_all(parts)))
        }
        ExprKind::Unary(UnOp::Neg, a) => {
            let a = sub(a);
            Ok(Some(if t.signed {
                cmp(BinOp::Ne, a, lit(t.min(), t))
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

/// `a op b` (`+` or `-`) stays in `t`.
fn add_sub_no_wrap(op: BinOp, a: &Expr, b: &Expr, t: IntType, sub: &dyn Fn(&Expr) -> Expr) -> Expr {
    let max = |t: IntType| lit(t.max(), t);
    let min = |t: IntType| lit(t.min(), t);
    let bc = const_value(b);
    let (a, b) = (sub(a), sub(b));
    let zero = lit(0, t);
    match (bc, t.signed) {
        (Some(c), true) => {
            // The sign of a constant operand picks the bound statically.
            let up = (op == BinOp::Add) == (c >= 0);
            if up {
                let lim = if op == BinOp::Add { t.max() - c } else { t.max() + c };
                cmp(BinOp::Le, a, lit(lim, t))
            } else {
                let lim = if op == BinOp::Add { t.min() - c } else { t.min() + c };
                cmp(BinOp::Ge, a, lit(lim, t))
            }
        }
        (Some(c), false) if op == BinOp::Add => cmp(BinOp::Le, a, lit(t.max() - c, t)),
        (Some(c), false) => cmp(BinOp::Ge, a, lit(c, t)),
        (None, false) if op == BinOp::Add => cmp(BinOp::Le, a, arith(BinOp::Sub, max(t), b, t)),
        (None, false) => cmp(BinOp::Ge, a, b),
        (None, true) if op == BinOp::Add => ite(
            cmp(BinOp::Ge, b.clone(), zero),
            cmp(BinOp::Le, a.clone(), arith(BinOp::Sub, max(t), b.clone(), t)),
            cmp(BinOp::Ge, a, arith(BinOp::Sub, min(t), b, t)),
        ),
        (None, true) => ite(
            cmp(BinOp::Ge, b.clone(), zero),
            cmp(BinOp::Ge, a.clone(), arith(BinOp::Add, min(t), b.clone(), t)),
            cmp(BinOp::Le, a, arith(BinOp::Add, max(t), b, t)),
        ),
    }
}

/// `a * b` stays in `t` (`None`: it always does).
fn mul_no_wrap(a: &Expr, b: &Expr, t: IntType, sub: &dyn Fn(&Expr) -> Expr) -> Result<Option<Expr>, Reason> {
    let (c, other) = match (const_value(a), const_value(b)) {
        (_, Some(c)) => (Some(c), a),
        (Some(c), None) => (Some(c), b),
        _ => (None, a),
    };
    match c {
        Some(0 | 1) => Ok(None),
        Some(c) => {
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
                cmp(BinOp::Le, b, arith(BinOp::Div, lit(t.max(), t), a, t)),
            )))
        }
        None => Err(Reason::UnsupportedOperation(
            "multiplies two non-constant signed values",
        )),
    }
}

fn div_floor(a: i128, b: i128) -> i128 {
    a.div_euclid(b) - if b < 0 && a.rem_euclid(b) != 0 { 1 } else { 0 }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

/// The checked operations of a path, by how their values develop.
pub(super) struct CheckedOps {
    /// With their values as polynomials in K (checked at the ends).
    pub(super) polys: Vec<CheckPoly>,
    /// On array elements, which have no closed form (quantified).
    pub(super) quantified: Vec<Expr>,
    /// Over alternating variables (and unchanged ones): their values
    /// repeat every two iterations, so the first two are checked.
    pub(super) alternating: Vec<Expr>,
    /// Whether a value of `polys`, or a closed form, is monotone only where
    /// the path's guards hold at both ends (`recurrence::monotone`).
    pub(super) guarded: bool,
}

/// The checked operations of the path, sorted into `CheckedOps`.
pub(super) fn checked_operations(ctx: &Ctx, sym: &Sym, name: &dyn Fn(VarId) -> String) -> Result<CheckedOps, Reason> {
    let prog = ctx.program;
    // Values of checked operations as polynomials in K: they must move
    // monotonically so that checking the ends of a range suffices.
    let mut check_polys = Vec::new();
    // Operations on array elements have no closed form: their no-overflow
    // condition is assumed at every iteration with a quantifier.
    let mut quant_checks: Vec<Expr> = Vec::new();
    let mut alternating = Vec::new();
    let mut guarded = false;
    for node in &sym.checks {
        let rest = ctx.poly_in_k(node);
        let first = to_poly(node, &|_| None);
        let mut reads_array = false;
        node.walk(&mut |x| reads_array |= matches!(x.kind, ExprKind::Index(..)));
        if (rest.is_none() || first.is_none()) && reads_array {
            quant_checks.push(node.clone());
            continue;
        }
        if rest.is_none() && only_alternating(ctx, node) {
            alternating.push(node.clone());
            continue;
        }
        let (Some(rest), Some(first)) = (rest, first) else {
            return Err(Reason::UnboundedValue {
                what: show::expr(prog, &|v| Some(name(v)), node),
                monotone_unknown: false,
            });
        };
        let how = match rest.degree_in(Atom::K) {
            0 | 1 => Monotone::Always,
            2 => monotonicity(ctx, &rest, &sym.guards),
            _ => Monotone::No,
        };
        if how == Monotone::No {
            return Err(Reason::UnboundedValue {
                what: show::expr(prog, &|v| Some(name(v)), node),
                monotone_unknown: true,
            });
        }
        guarded |= how == Monotone::UnderGuards;
        let piecewise = rest.at_k(&Poly::zero()).as_ref() != Some(&first);
        check_polys.push(CheckPoly {
            node: node.clone(),
            first,
            rest,
            piecewise,
        });
    }
    Ok(CheckedOps {
        polys: check_polys,
        quantified: quant_checks,
        alternating,
        guarded,
    })
}

/// Whether every variable of `e` that the path changes alternates (and
/// one does).
fn only_alternating(ctx: &Ctx, e: &Expr) -> bool {
    let mut vars = std::collections::BTreeSet::new();
    build::vars_of(e, &mut vars);
    let kinds: Vec<&Kind> = vars.iter().filter_map(|v| ctx.cfs.get(v)).map(|c| &c.kind).collect();
    kinds.iter().any(|k| matches!(k, Kind::Alternating(_)))
        && kinds
            .iter()
            .all(|k| matches!(k, Kind::Alternating(_) | Kind::Invariant))
}

/// The no-overflow conditions of the closed forms and of every checked
/// operation over all `n` iterations (`top` is `n`, `m` is `n - 1`), in an
/// order where each can be evaluated exactly once the earlier ones hold.
pub(super) fn overflow_conditions(
    ctx: &Ctx,
    check_polys: &[CheckPoly],
    alternating: &[Expr],
    guarded: &BTreeSet<VarId>,
    top: &K,
    m: &K,
) -> Result<Vec<Expr>, Reason> {
    let mut overflow = closed_form_bounds(ctx, guarded, top, m)?;
    overflow.extend(operation_conditions(ctx, check_polys, alternating, m)?);
    overflow.retain(|e| !build::is_true(e));
    Ok(overflow)
}

/// Linear closed forms in range after `top` iterations, then polynomial
/// ones (monotone) at the last iteration, computed in a 64-bit type once
/// the linear bounds hold; those monotone only under the guards
/// (`guarded`) also at the start of the last iteration (`m`), where the
/// conditions after these read them.
fn closed_form_bounds(ctx: &Ctx, guarded: &BTreeSet<VarId>, top: &K, m: &K) -> Result<Vec<Expr>, Reason> {
    let mut out = Vec::new();
    for (x, cf) in &ctx.cfs {
        if let Kind::Linear(step) = &cf.kind {
            let t = ctx.ty(*x).ok_or("unknown type")?;
            out.push(linear_bound(ctx.var(*x), t, step, &top.expr));
        }
    }
    for (x, cf) in &ctx.cfs {
        if let Kind::Polynomial = cf.kind {
            out.push(polynomial_bound(ctx, *x, &cf.rest, top)?);
            if guarded.contains(x) {
                out.push(polynomial_bound(ctx, *x, &cf.rest, m)?);
            }
        }
    }
    Ok(out)
}

/// The polynomial closed form `rest` of `x` stays in `x`'s type at `top`.
fn polynomial_bound(ctx: &Ctx, x: VarId, rest: &Poly, top: &K) -> Result<Expr, Reason> {
    let t = ctx.ty(x).ok_or("unknown type")?;
    if t.bits() > 32 {
        // x0 + R with R over narrow values: R within the distances of x0
        // to the type's ends.
        let r = rest.sub(&Poly::var(x)).ok_or("coefficient overflow")?;
        let (r, w) = ctx.poly_wide(&r, top).ok_or("cannot emit a closed form")?;
        let xv = ctx.var(x);
        let ul = IntType::ULONG;
        return Ok(if !w.signed {
            cmp(BinOp::Le, r, dist_up(xv, t))
        } else {
            and(
                or(
                    cmp(BinOp::Lt, r.clone(), lit(0, w)),
                    cmp(BinOp::Le, cast(r.clone(), ul), dist_up(xv.clone(), t)),
                ),
                or(
                    cmp(BinOp::Ge, r.clone(), lit(0, w)),
                    cmp(BinOp::Le, abs_ul(r, w), dist_down(xv, t)),
                ),
            )
        });
    }
    let (wv, w) = ctx.poly_wide(rest, top).ok_or("cannot emit a closed form")?;
    let mut parts = Vec::new();
    if w.contains(t.min()) && t.min() > w.min() {
        parts.push(cmp(BinOp::Ge, wv.clone(), lit(t.min(), w)));
    }
    if w.contains(t.max()) && t.max() < w.max() {
        parts.push(cmp(BinOp::Le, wv, lit(t.max(), w)));
    }
    Ok(and_all(parts))
}

/// Every checked operation, of the body or of the part after it, at the
/// first and the last of the `n` iterations (and at the second where its
/// first value is special); those over alternating values at the first two,
/// which are all the values there are.
fn operation_conditions(
    ctx: &Ctx,
    check_polys: &[CheckPoly],
    alternating: &[Expr],
    m: &K,
) -> Result<Vec<Expr>, Reason> {
    let check_at = |node: &Expr, k: &K| -> Result<Option<Expr>, Reason> {
        let sub = |e: &Expr| ctx.at(e, k).unwrap_or_else(|| e.clone());
        no_wrap(node, &sub)
    };
    let (mut c0, mut c1, mut cm) = (Vec::new(), Vec::new(), Vec::new());
    for CheckPoly { node, piecewise, .. } in check_polys {
        c0.extend(check_at(node, &K::c(0))?);
        if *piecewise {
            c1.extend(check_at(node, &K::c(1))?);
        }
        cm.extend(check_at(node, m)?);
    }
    for node in alternating {
        c0.extend(check_at(node, &K::c(0))?);
        c1.extend(check_at(node, &K::c(1))?);
    }
    let mut out = c0;
    if !c1.is_empty() {
        out.push(or(cmp(BinOp::Eq, m.expr.clone(), ulong(0)), and_all(c1)));
    }
    out.extend(cm);
    Ok(out)
}

/// The no-overflow conditions of the checked operations on array elements
/// (which have no closed form), quantified over all `n` iterations, the
/// part after the body included; and each at the first iteration, for the
/// coverage condition.
pub(super) fn quantified_overflow(
    ctx: &Ctx,
    quant_checks: &[Expr],
    n_id: VarId,
    fresh: &mut FreshVars,
) -> Result<(Vec<Expr>, Vec<Expr>), Reason> {
    let n = Expr::var(n_id, build::ULONG);
    let mut all = Vec::new();
    let mut at_zero = Vec::new();
    for node in quant_checks {
        let kid = fresh.index();
        let kv = K::var(kid);
        let sub = |e: &Expr| ctx.at(e, &kv).unwrap_or_else(|| e.clone());
        let Some(c) = no_wrap(node, &sub)? else { continue };
        all.push(forall_below(kid, n.clone(), c));
        if let Some(c0) = no_wrap(node, &|e: &Expr| e.clone())? {
            at_zero.push(c0);
        }
    }
    Ok((all, at_zero))
}
