//! Quantifiers with a constant range, for CBMC's SAT back end.
//!
//! In: the accelerator's quantified assumptions, `forall k. !(k < X) || P`
//! with `X` the iteration count `n` (or `n - 1`), and the array accesses of
//! the path. Out, when the path reads or writes an array of constant length
//! `L` at an index that moves by a constant step `c != 0` per iteration
//! (an *anchor*): the anchor's in-bounds conditions at the first and the
//! last iteration, under which `n <= B = (L - 1) / |c| + 1` (z3 proves it
//! from the emitted conditions), and the quantifiers rewritten to
//! `forall k. !(k < B) || !(k < X) || P`, which mean the same under those
//! conditions and which CBMC's SAT back end expands instead of ignoring.
//!
//! Soundness: the in-bounds conditions are linear in the iteration, so they
//! hold at all `n` iterations when they hold at the two ends, and they are
//! part of the coverage condition (at `n = 1`): an original iteration whose
//! access is out of bounds is never blocked, and `acc(n)` followed by a
//! covered iteration or by `acc(m)` is still `acc(n + 1)` or `acc(n + m)`.

use std::collections::{BTreeSet, HashMap};

use z3::ast::{Bool, Int};

use super::single_point::moving_step;
use super::smt::{Eval, Mode, int, prove};
use super::{Atom, Atoms, CheckPoly, Ctx, K, facts_at, key, with_solver};
use crate::ir::{BinOp, Expr, ExprKind, IntType, Quantifiers, VarId};
use crate::loops::build::{self, and_all, cmp, lit, not, or, ulong};

/// A constant bound on the iteration count and the assumptions it rests on.
pub(super) struct RangeBound {
    /// `n <= bound` under `in_bounds`.
    pub bound: i128,
    /// In-bounds conditions of the anchor at the first and last iteration
    /// (empty when the anchor is a write, whose bounds are assumed anyway).
    pub in_bounds: Vec<Expr>,
}

/// An array access at an index that moves by a constant step.
struct Anchor {
    index: Expr,
    len: i128,
    step: i128,
    write: bool,
}

/// `0 <= e && e < len` in `e`'s type (the upper half only where `len` is a
/// value of that type: otherwise every value is below it).
pub(super) fn in_bounds(e: Expr, it: IntType, len: i128) -> Expr {
    let mut parts = vec![cmp(BinOp::Ge, e.clone(), lit(0, it))];
    if it.contains(len) {
        parts.push(cmp(BinOp::Lt, e, lit(len, it)));
    }
    and_all(parts)
}

/// The tightest constant bound that an anchor among `reads` (expressions
/// whose array reads are evaluated at every iteration) and `writes` (array,
/// index) gives, proved by z3; `None` when there is none.
pub(super) fn find(
    ctx: &Ctx,
    reads: &[&Expr],
    writes: &[(VarId, &Expr)],
    n_id: VarId,
    last: &K,
    overflow: &[Expr],
    check_polys: &[CheckPoly],
) -> Option<RangeBound> {
    let mut anchors = Vec::new();
    let mut seen = BTreeSet::new();
    let mut consider = |array: VarId, index: &Expr, write: bool| {
        let Some((_, len)) = ctx.path.var_decl(ctx.program, array).and_then(|d| d.ty.array_parts()) else {
            return;
        };
        let Some(step) = moving_step(ctx, index).filter(|s| *s != 0) else {
            return;
        };
        if index.int_type().is_some() && seen.insert((write, key(index))) {
            anchors.push(Anchor {
                index: index.clone(),
                len: i128::from(len),
                step,
                write,
            });
        }
    };
    for (a, i) in writes {
        consider(*a, i, true);
    }
    for e in reads {
        e.walk(&mut |x| {
            if let ExprKind::Index(a, i) = &x.kind
                && let ExprKind::Var(v) = a.skip_implicit().kind
            {
                consider(v, i, false);
            }
        });
    }
    let bound_of = |a: &Anchor| (a.len - 1) / a.step.abs() + 1;
    anchors.sort_by_key(|a| (bound_of(a), !a.write));
    anchors.into_iter().find_map(|a| {
        let it = a.index.int_type()?;
        let conds = vec![
            in_bounds(a.index.clone(), it, a.len),
            in_bounds(ctx.at(&a.index, last)?, it, a.len),
        ];
        let bound = bound_of(&a);
        proved_bound(ctx, &conds, n_id, bound, overflow, check_polys).then(|| RangeBound {
            bound,
            in_bounds: if a.write { Vec::new() } else { vec![and_all(conds)] },
        })
    })
}

/// z3: under the no-overflow assumptions, the emitted in-bounds conditions
/// evaluate without wrap-around and imply `n <= bound`.
fn proved_bound(
    ctx: &Ctx,
    conds: &[Expr],
    n_id: VarId,
    bound: i128,
    overflow: &[Expr],
    check_polys: &[CheckPoly],
) -> bool {
    let atoms = Atoms::new();
    let get = |a: Atom| atoms.get(a);
    let n = Int::fresh_const("n");
    let mut names = BTreeSet::new();
    for c in conds.iter().chain(overflow) {
        build::vars_of(c, &mut names);
    }
    let start: HashMap<VarId, Int> = names
        .iter()
        .map(|v| (*v, if *v == n_id { n.clone() } else { get(Atom::Var(*v)) }))
        .collect();
    let check = || -> Option<bool> {
        let tru = Bool::from_bool(true);
        let mut exact = Eval::new(Mode::Exact, &start);
        let mut premises = vec![n.ge(int(1)), n.le(int(u64::MAX as i128))];
        for c in overflow {
            premises.push(exact.truth(c, &tru)?);
        }
        premises.push(facts_at(ctx, check_polys, &get, &n, &int(0))?);
        premises.push(facts_at(ctx, check_polys, &get, &n, &(&n - int(1)))?);
        let mut ev = Eval::new(Mode::NoWrap, &start);
        let mut holds = Vec::new();
        for c in conds {
            holds.push(ev.truth(c, &tru)?);
        }
        premises.extend(atoms.ranges(ctx));
        let claim = Bool::and(&[Bool::and(&ev.sides), Bool::and(&holds).implies(n.le(int(bound)))]);
        Some(with_solver(|s| prove(s, &premises, &claim)))
    };
    check().unwrap_or(false)
}

/// `forall k. !(k < B) || P` for a quantifier `forall k. P` that `target`
/// does not admit; others unchanged.
pub(super) fn constant_range(e: Expr, bound: i128, target: Quantifiers) -> Expr {
    match e.kind {
        ExprKind::Forall(k, body)
            if !target.admits(&Expr::new(ExprKind::Forall(k, body.clone()), e.ty.clone(), e.span)) =>
        {
            let kv = Expr::var(k, build::ULONG);
            let body = or(not(cmp(BinOp::Lt, kv, ulong(bound))), *body);
            Expr::new(ExprKind::Forall(k, Box::new(body)), e.ty, e.span)
        }
        _ => e,
    }
}
