//! The iteration count at which a deterministic path leaves the loop.
//!
//! In: a path's effect (`Sym`) and closed forms (`Ctx`). Out: an
//! `ExitCount`: `count`, a C expression (over the values where the
//! accelerator starts) of the number of iterations after which a guard of
//! the path, moving linearly, first fails, and `continues`, the path's
//! guards at that iteration. Or none, and the iteration count stays a free
//! choice.
//!
//! Why: with a free count, CBMC expands a quantifier over an array into an
//! instance per element, each with a range test on symbolic values. Where
//! the loop is entered in a known state (the common case: constant
//! bounds), `count` is a constant in CBMC's symbolic execution, and so is
//! every range test: the accelerator costs what its array writes cost.
//!
//! The accelerator takes `n = count` only where it runs with that count
//! (every assumption at `n` holds) and the path cannot go on (`continues`
//! is false); elsewhere `n` stays free (`accelerator_block`). Sound only
//! for a path that reads no nondeterministic value: every branch of its
//! iterations is then decided by the state, so an original execution from
//! there takes the path exactly `count` times (keeping its assertions and
//! types: the assumptions say so) and then does something else. Every
//! execution with another `n` reaches that same state or stops on the way
//! without failing, so it is redundant. Since the choice is checked in the
//! emitted C, a wrong `count` costs speed, never soundness.

use super::checks::collect_checks;
use super::context::{Ctx, K};
use super::poly::{Atom, Poly};
use super::recurrence::uncast;
use super::symex::PathGuard;
use super::symex::Sym;
use crate::ir::build::{self, arith, cast, ulong};
use crate::ir::{BinOp, Expr, ExprKind, IntType};
use std::collections::BTreeSet;

pub(super) struct ExitCount {
    /// The number of iterations until the first guard fails (`unsigned
    /// long`, computed with wrap-around: no operation of it is checked).
    pub(super) count: Expr,
    /// The path's guards before its body at iteration `n` (over the values
    /// where the accelerator starts): the path goes on after `n`
    /// iterations.
    pub(super) continues: Expr,
}

pub(super) fn exit_count(ctx: &Ctx, sym: &Sym, top: &K) -> Option<ExitCount> {
    if !deterministic(sym)
        || sym.guards.iter().any(
            |PathGuard {
                 assertion,
                 after_body: after,
                 ..
             }| *after && !assertion,
        )
    {
        return None;
    }
    let before: Vec<&PathGuard> = sym
        .guards
        .iter()
        .filter(|PathGuard { after_body: after, .. }| !after)
        .collect();
    if !before
        .iter()
        .all(|PathGuard { cond: g, .. }| evaluates_unchecked(ctx, g))
    {
        return None;
    }
    // The first guard that moves towards failure, in the path's order (the
    // loop's condition comes first): where another one fails earlier,
    // `runs_to_exit` is false and `n` stays free.
    let count = before
        .iter()
        .filter(|PathGuard { assertion, .. }| !assertion)
        .find_map(|PathGuard { cond: g, .. }| first_failure(ctx, g))?;
    let at_n: Option<Vec<Expr>> = before.iter().map(|PathGuard { cond: g, .. }| ctx.at(g, top)).collect();
    Some(ExitCount {
        count,
        continues: build::and_all(at_n?),
    })
}

/// The path reads no nondeterministic value that matters: symbolic
/// execution refuses one in a value, a guard or a checked operation, and
/// allows it only as a branch's choice or a written element.
fn deterministic(sym: &Sym) -> bool {
    !sym.nondet_choice && sym.array_writes.iter().all(|w| w.nondet_range.is_none())
}

/// `g` reads no memory, and each operation in it that could leave its type
/// (`overflow::collect_checks`, the rule of the accelerator's own checks)
/// has operands that the path leaves unchanged, so the original iteration
/// computed it already: evaluated at another iteration (`continues`), it
/// can neither read out of bounds nor overflow.
fn evaluates_unchecked(ctx: &Ctx, g: &Expr) -> bool {
    let mut reads_memory = false;
    g.walk(&mut |x| reads_memory |= x.is_memory_node() || matches!(x.kind, ExprKind::Index(..)));
    let mut checks = Vec::new();
    !reads_memory
        && collect_checks(g, &mut checks, &mut BTreeSet::new()).is_ok()
        && checks.iter().all(|c| ctx.invariant(c))
}

/// The number of iterations `k >= 0` before the guard `g` first fails, for
/// a comparison whose sides differ by `d0 + d1*k` (`d1` a constant moving
/// towards failure), as `unsigned long` C.
fn first_failure(ctx: &Ctx, g: &Expr) -> Option<Expr> {
    let g = uncast(g);
    let (op, d) = match &g.kind {
        ExprKind::Binary(op, a, b) if op.is_comparison() => (*op, ctx.poly_in_k(a)?.sub(&ctx.poly_in_k(b)?)?),
        _ => (BinOp::Ne, ctx.poly_in_k(g)?),
    };
    // `a > b` is `b - a < 0`: everything as `d < 0`, `d <= 0` or `d != 0`.
    let (op, d) = match op {
        BinOp::Gt => (BinOp::Lt, d.neg()?),
        BinOp::Ge => (BinOp::Le, d.neg()?),
        BinOp::Lt | BinOp::Le | BinOp::Ne => (op, d),
        _ => return None,
    };
    let coeffs = d.by_k();
    if coeffs.len() != 2 {
        return None;
    }
    let d1 = coeffs[1].as_const()?.as_int()?;
    let minus_d0 = ulong_value(ctx, &coeffs[0].neg()?)?;
    let ul = IntType::ULONG;
    match op {
        // d0 + d1*k < 0 fails first at k = ceil(-d0 / d1).
        BinOp::Lt if d1 == 1 => Some(minus_d0),
        BinOp::Lt if d1 > 1 => Some(arith(
            BinOp::Div,
            arith(BinOp::Add, minus_d0, ulong(d1 - 1), ul),
            ulong(d1),
            ul,
        )),
        // d0 + d1*k <= 0 fails first at k = floor(-d0 / d1) + 1.
        BinOp::Le if d1 >= 1 => Some(arith(
            BinOp::Add,
            arith(BinOp::Div, minus_d0, ulong(d1), ul),
            ulong(1),
            ul,
        )),
        // d0 + k != 0 fails at k = -d0; d0 - k != 0 at k = d0.
        BinOp::Ne if d1 == 1 => Some(minus_d0),
        BinOp::Ne if d1 == -1 => Some(ulong_value(ctx, &coeffs[0])?),
        _ => None,
    }
}

/// A polynomial over the variables with integer coefficients as `unsigned
/// long` C, which computes it modulo 2^64 (no operation of it overflows).
fn ulong_value(ctx: &Ctx, p: &Poly) -> Option<Expr> {
    let ul = IntType::ULONG;
    let (mut plus, mut minus): (Vec<Expr>, Vec<Expr>) = (Vec::new(), Vec::new());
    for (mono, c) in &p.terms {
        let c = c.as_int()?;
        let mut term = ulong(c.abs());
        for (atom, exp) in mono {
            let Atom::Var(v) = atom else { return None };
            for _ in 0..*exp {
                term = arith(BinOp::Mul, term, cast(ctx.var(*v), ul), ul);
            }
        }
        if c < 0 { &mut minus } else { &mut plus }.push(term);
    }
    let sum = |terms: Vec<Expr>| terms.into_iter().reduce(|a, b| arith(BinOp::Add, a, b, ul));
    let plus = sum(plus).unwrap_or_else(|| ulong(0));
    Some(match sum(minus) {
        Some(m) => arith(BinOp::Sub, plus, m, ul),
        None => plus,
    })
}
