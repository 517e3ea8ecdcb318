//! Sums whose addend changes sign: accelerated on one side of zero.
//!
//! In: a path, and the name of a variable whose polynomial closed form z3
//! could not prove monotone over the covered iterations (`long s; for (int
//! i = 1; i <= N; i++) s += i;`: `i` may start negative, so `s` may fall
//! and then rise, and its no-overflow conditions at the two ends of the
//! range would not bound the values between). Out: the same path with one
//! more assumption, right before the update `s = s + e` (or `- e`): `e >=
//! 0`, or else `e <= 0`. The accelerator of that path covers only the
//! iterations where the addend has that sign, where the sum is monotone;
//! the assumption is one of its guards like any other (checked at both ends
//! of the range where it is monotone itself, in the coverage condition
//! otherwise), so the iterations on the other side of zero stay original
//! iterations. Nothing is assumed that the path does not test: the new
//! path's iterations are a subset of the old one's. Where the other side
//! is accelerated too (`-1000 <= i <= 1000`), the loop takes the two sides
//! as two paths (`Accelerator::split`), told apart by the sign.

use crate::ir::{BinOp, Expr, ExprKind, IntType, Program, VarId, build};
use crate::loops::{self, Lhs, LoopInfo, Path, Step};

/// The paths to try instead of `path`, each with the addend of `var`'s
/// update on one side of zero, with the path of the other side (the
/// complement of that assumption: together they take exactly the
/// iterations of `path`) where an iteration of the loop may take it: none
/// when `var` (by name) has no update of the form `var = var ± e` in the
/// body.
pub(super) fn one_sided(program: &Program, info: &LoopInfo, path: &Path, var: &str) -> Vec<(Path, Option<Path>)> {
    let Some((at, addend)) = addend_of(program, path, var) else {
        return Vec::new();
    };
    // The addend's sign first non-negative, then non-positive.
    let (addend, flipped) = sign_operand(addend);
    let sides = if flipped {
        [BinOp::Le, BinOp::Ge]
    } else {
        [BinOp::Ge, BinOp::Le]
    };
    let zero = build::lit(0, addend.int_type().unwrap_or(IntType::INT));
    let counter = loops::loop_stmt(program, info).and_then(|lp| loops::unwind::counter_values(program, info.func, lp));
    let assuming = |sign: Expr| {
        let mut p = path.clone();
        p.steps.insert(at, Step::Assume(sign));
        p.split += 1;
        p
    };
    sides
        .into_iter()
        .map(|op| {
            let sign = build::cmp(op, addend.clone(), zero.clone());
            let other = build::negation(sign.clone());
            let other = may_hold(counter, &other).then(|| assuming(other));
            (assuming(sign), other)
        })
        .collect()
}

/// Whether `cond`, a comparison of a loop variable with a constant, can
/// hold at an iteration of the loop: false only where the variable is the
/// loop's counter (`counter`, with its first and last value:
/// `loops::unwind::counter_values`, `for (int i = 1; ...)`) and it holds at
/// neither value (the values between are in between, and a comparison with
/// a constant holds on an interval).
fn may_hold(counter: Option<(VarId, i128, i128)>, cond: &Expr) -> bool {
    let Some((counter, first, last)) = counter else {
        return true;
    };
    let ExprKind::Binary(_, x, c) = &cond.kind else {
        return true;
    };
    let (ExprKind::Var(v), Some(ty), Some(_)) =
        (&x.skip_implicit().kind, x.skip_implicit().int_type(), c.const_value())
    else {
        return true;
    };
    let holds_at = |value: i128| {
        let at = build::subst(cond, &|u| (u == counter).then(|| build::lit(value, ty)));
        at.const_value() != Some(0)
    };
    *v != counter || holds_at(first) || holds_at(last)
}

/// The index of the first body step `var = var ± e`, with `e`.
fn addend_of(program: &Program, path: &Path, var: &str) -> Option<(usize, Expr)> {
    let named = |v: VarId| path.var_decl(program, v).is_some_and(|d| d.name == var);
    path.steps[..path.split].iter().enumerate().find_map(|(i, s)| {
        let Step::Assign(Lhs::Var(x), rhs) = s else {
            return None;
        };
        if !named(*x) {
            return None;
        }
        let ExprKind::Binary(BinOp::Add | BinOp::Sub, a, e) = &rhs.skip_implicit().kind else {
            return None;
        };
        let same = matches!(a.skip_implicit().kind, ExprKind::Var(y) if y == *x);
        (same && e.int_type().is_some()).then(|| (i, (**e).clone()))
    })
}

/// The operand whose sign is the addend's, and whether it is the opposite
/// one: `x` for `c * x`, `x * c` and `x << c` with a constant `c` (the
/// sign flips for `c < 0`), through conversions that keep every value of
/// `x`; the addend itself otherwise. Where the product does not overflow,
/// which the accelerator's conditions require, `c * x >= 0` is `x >= 0`
/// for `c > 0`; tested on `x`, the guard also holds as a mathematical
/// fact at the ends of the range, where `2 * i >= 0` evaluated with
/// wrap-around said nothing of `i` (and the sum was not proved monotone).
fn sign_operand(addend: Expr) -> (Expr, bool) {
    let widened = |x: &Expr, to: &Expr| matches!((x.int_type(), to.int_type()), (Some(f), Some(t)) if t.includes(f));
    let mut e = &addend;
    while let ExprKind::Cast { expr, .. } = &e.kind {
        if !widened(expr, e) {
            break;
        }
        e = expr;
    }
    let factor = match &e.kind {
        ExprKind::Binary(BinOp::Mul, a, b) => match (a.const_value(), b.const_value()) {
            (Some(c), None) if c != 0 => Some((b, c < 0)),
            (None, Some(c)) if c != 0 => Some((a, c < 0)),
            _ => None,
        },
        ExprKind::Binary(BinOp::Shl, a, b) if b.const_value().is_some_and(|c| c >= 0) => Some((a, false)),
        _ => None,
    };
    match factor {
        Some((x, flipped)) if x.int_type().is_some() => ((**x).clone(), flipped),
        _ => (addend, false),
    }
}
