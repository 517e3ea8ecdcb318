//! Guards that fail at no more than one iteration, without a quantifier.
//!
//! In: a guard `l != r` (or `!(l == r)`) of the path being accelerated,
//! where one side moves by a constant step `s` per iteration and the other
//! does not change, and the number of iterations `B` it must hold at (`n`,
//! or `n - 1` after the body). Out: a quantifier-free C condition that holds
//! exactly when the guard holds at every iteration `k < B`: the moving side
//! `a + s*k` meets `v` at most at `k* = (v - a) / s`, so the condition is
//! "`v` is behind `a`, or `s` does not divide the distance, or `k* >= B`".
//! z3 proves the equivalence (both directions, `k*` as the witness) under
//! the accelerator's no-overflow assumptions before the condition is used;
//! otherwise the guard keeps its quantifier.
//!
//! Why: CBMC's default SAT back end drops a quantifier whose range is not
//! constant, and `!=` guards are the most common ones that need it.

use std::collections::{BTreeSet, HashMap};

use z3::ast::{Bool, Int};

use super::context::{Atoms, CheckPoly, Ctx, facts_at, moving_step};
use super::poly::Atom;
use super::smt::{Eval, Mode, int, prove};
use super::solver::with_solver;
use crate::ir::build::key;
use crate::ir::build::{self, arith, cast, cmp, or};
use crate::ir::{BinOp, Expr, ExprKind, IntType, UnOp, VarId};

/// The closed condition for `cond` over `bound` iterations (`bound` is the
/// emitted `n` or `n - 1`), or `None` when the guard is not of this form or
/// z3 does not prove the condition exact.
pub(super) fn single_point_guard(
    ctx: &Ctx,
    cond: &Expr,
    after_body: bool,
    n_id: VarId,
    bound: &Expr,
    check_polys: &[CheckPoly],
) -> Option<Expr> {
    let (l, r) = disequality_sides(cond)?;
    let (moving, fixed, step) = match (moving_step(ctx, l), moving_step(ctx, r)) {
        (Some(s), Some(0)) if s != 0 => (l, r, s),
        (Some(0), Some(s)) if s != 0 => (r, l, s),
        _ => return None,
    };
    let t = moving.int_type()?;
    let q = closed_condition(moving, fixed, step, t, bound)?;
    proved_exact(ctx, cond, &q, moving, fixed, step, after_body, n_id, check_polys).then_some(q)
}

/// The sides of `l != r` or `!(l == r)`.
pub(super) fn disequality_sides(cond: &Expr) -> Option<(&Expr, &Expr)> {
    match &cond.kind {
        ExprKind::Binary(BinOp::Ne, l, r) => Some((l, r)),
        ExprKind::Unary(UnOp::LogNot, e) => match &e.kind {
            ExprKind::Binary(BinOp::Eq, l, r) => Some((l, r)),
            _ => None,
        },
        _ => None,
    }
}

/// `!(exists k < bound. a + step*k == v)` as C over the values at the
/// start, computed without wrap-around: the distance in `long` for types of
/// at most 32 bits, in `unsigned long` for unsigned 64-bit ones (signed
/// 64-bit distances may not fit: no closed form).
fn closed_condition(a: &Expr, v: &Expr, step: i128, t: IntType, bound: &Expr) -> Option<Expr> {
    let wide = if t.bits() <= 32 {
        IntType::LONG
    } else if !t.signed {
        IntType::ULONG
    } else {
        return None;
    };
    // The moving side goes away from `v` (or starts past it).
    let (behind, from, to) = if step > 0 {
        (cmp(BinOp::Gt, a.clone(), v.clone()), a, v)
    } else {
        (cmp(BinOp::Lt, a.clone(), v.clone()), v, a)
    };
    let dist = arith(BinOp::Sub, cast(to.clone(), wide), cast(from.clone(), wide), wide);
    let s = step.unsigned_abs() as i128;
    let mut parts = vec![behind];
    let at = if s == 1 {
        dist
    } else {
        let sw = build::lit(s, wide);
        parts.push(cmp(
            BinOp::Ne,
            arith(BinOp::Rem, dist.clone(), sw.clone(), wide),
            build::lit(0, wide),
        ));
        arith(BinOp::Div, dist, sw, wide)
    };
    parts.push(cmp(BinOp::Ge, at, bound.clone()));
    parts.into_iter().reduce(or)
}

/// z3: under the no-overflow assumptions, `q` evaluates without wrap-around
/// and holds exactly when `cond` holds at every iteration `k <= last`
/// (`last` = n - 1, or n - 2 after the body).
#[allow(clippy::too_many_arguments)]
fn proved_exact(
    ctx: &Ctx,
    cond: &Expr,
    q: &Expr,
    moving: &Expr,
    fixed: &Expr,
    step: i128,
    after_body: bool,
    n_id: VarId,
    check_polys: &[CheckPoly],
) -> bool {
    let atoms = Atoms::new();
    let get = |a: Atom| atoms.get(a);
    let n = Int::fresh_const("n");
    let last = if after_body { &n - int(2) } else { &n - int(1) };
    let mut names = BTreeSet::new();
    build::vars_of(cond, &mut names);
    build::vars_of(q, &mut names);
    let mut start: HashMap<VarId, Int> = HashMap::new();
    for v in &names {
        start.insert(*v, if *v == n_id { n.clone() } else { get(Atom::Var(*v)) });
    }
    let state_vars: BTreeSet<VarId> = names.iter().copied().filter(|v| *v != n_id).collect();
    let state_at = |j: &Int| ctx.state_at(&state_vars, j, &get);
    let keys: std::collections::HashSet<String> = check_polys.iter().map(|c| key(&c.node)).collect();
    let facts_at = |j: &Int| facts_at(ctx, check_polys, &get, &n, j);
    let guard_at = |s: &HashMap<VarId, Int>| -> Option<Bool> {
        let mut ev = Eval::new(Mode::Exact, s);
        ev.in_range_keys = keys.clone();
        ev.truth(cond, &Bool::from_bool(true))
    };
    let check = || -> Option<bool> {
        let tru = Bool::from_bool(true);
        let mut ev = Eval::new(Mode::NoWrap, &start);
        let qv = ev.truth(q, &tru)?;
        let no_wrap = Bool::and(&ev.sides);
        let mut exact = Eval::new(Mode::Exact, &start);
        exact.in_range_keys = keys.clone();
        let (a0, v0) = (exact.value(moving, &tru)?, exact.value(fixed, &tru)?);
        let k = Int::fresh_const("k");
        let witness = (&v0 - &a0) / int(step);
        let (sk, sw) = (state_at(&k)?, state_at(&witness)?);
        let (gk, gw) = (guard_at(&sk)?, guard_at(&sw)?);
        let mut premises = vec![n.ge(int(1)), n.le(int(u64::MAX as i128))];
        premises.push(facts_at(&int(0))?);
        premises.push(facts_at(&k)?);
        premises.push(facts_at(&witness)?);
        premises.extend(atoms.ranges(ctx));
        let in_k = Bool::and(&[k.ge(int(0)), k.le(&last)]);
        let in_w = Bool::and(&[witness.ge(int(0)), witness.le(&last)]);
        let claims = Bool::and(&[
            no_wrap,
            Bool::and(&[qv.clone(), in_k]).implies(&gk),
            qv.not().implies(Bool::and(&[in_w, gw.not()])),
        ]);
        Some(with_solver(|s| prove(s, &premises, &claims)))
    };
    check().unwrap_or(false)
}
