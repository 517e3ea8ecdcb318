//! Array accesses at moving indices, and quantifiers with a constant range
//! for CBMC's SAT back end.
//!
//! In: the array accesses of the path (writes, and reads in its guards,
//! checked operations and written values). Out: the *anchors*, accesses at
//! an index that moves by a constant step `c != 0` per iteration in an
//! array of constant length `L`, each with its in-bounds condition at the
//! first and the last iteration (the accelerator assumes them before any
//! array is read: CBMC checks the bounds of reads in assumptions too); and
//! the bound `B = (L - 1) / |c| + 1` on the iteration count that an
//! anchor's conditions imply (z3 proves it from the emitted conditions), by
//! which a quantifier `forall k. !(k < X) || P` over the iteration count
//! (`X` is `n` or `n - 1`) becomes `forall k. !(k < B) || !(k < X) || P`:
//! the same under those conditions, and expanded by CBMC's SAT back end
//! instead of ignored.
//!
//! Soundness: the in-bounds conditions are linear in the iteration, so they
//! hold at all `n` iterations when they hold at the two ends, and they are
//! part of the coverage condition (at `n = 1`): an original iteration whose
//! access is out of bounds is never blocked, and `acc(n)` followed by a
//! covered iteration or by `acc(m)` is still `acc(n + 1)` or `acc(n + m)`.

use std::collections::{BTreeSet, HashMap};

use z3::ast::{Bool, Int};

use super::guards::facts_at;
use super::single_point::moving_step;
use super::smt::{Eval, Mode, int, prove};
use super::{Atom, Atoms, CheckPoly, Ctx, Emitted, K, key, with_solver};
use crate::ir::build::{self, and_all, cmp, lit, not, or, ulong};
use crate::ir::{BinOp, Expr, ExprKind, IntType, Quantifiers, VarId};

/// An array access at an index that moves by a constant step, with its
/// in-bounds condition at the first and the last iteration.
pub(super) struct Anchor {
    array: VarId,
    index: Expr,
    len: i128,
    step: i128,
    write: bool,
    /// `in_bounds(index) && in_bounds(index at the last iteration)`.
    pub bounds: Expr,
    /// The two conjuncts of `bounds`.
    ends: [Expr; 2],
}

impl Anchor {
    /// Whether this is the access `array[index]`.
    pub(super) fn is(&self, array: VarId, index: &Expr) -> bool {
        self.array == array && key(&self.index) == key(index)
    }
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

/// The array accesses of the path at moving indices: the writes (array,
/// index) and the reads in `reads` (expressions evaluated at every
/// iteration), one per array and index, writes first.
pub(super) fn anchors(ctx: &Ctx, reads: &[&Expr], writes: &[(VarId, &Expr)], last: &K) -> Vec<Anchor> {
    let mut out: Vec<Anchor> = Vec::new();
    let mut consider = |array: VarId, index: &Expr, write: bool| {
        if out.iter().any(|a| a.is(array, index)) {
            return;
        }
        let Some((_, len)) = ctx.path.var_decl(ctx.program, array).and_then(|d| d.ty.array_parts()) else {
            return;
        };
        let (Some(step), Some(it)) = (moving_step(ctx, index).filter(|s| *s != 0), index.int_type()) else {
            return;
        };
        let len = i128::from(len);
        let Some(end) = ctx.at(index, last) else { return };
        let ends = [in_bounds(index.clone(), it, len), in_bounds(end, it, len)];
        out.push(Anchor {
            array,
            index: index.clone(),
            len,
            step,
            write,
            bounds: and_all(ends.clone()),
            ends,
        });
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
    out
}

/// The tightest constant bound on the iteration count that an anchor's
/// in-bounds conditions give, proved by z3; `None` when there is none.
pub(super) fn bound(
    ctx: &Ctx,
    anchors: &[Anchor],
    n_id: VarId,
    overflow: &[Expr],
    check_polys: &[CheckPoly],
) -> Option<i128> {
    let bound_of = |a: &Anchor| (a.len - 1) / a.step.abs() + 1;
    let mut by_bound: Vec<&Anchor> = anchors.iter().collect();
    by_bound.sort_by_key(|a| (bound_of(a), !a.write));
    by_bound
        .into_iter()
        .map(|a| (a, bound_of(a)))
        .find(|(a, b)| proved_bound(ctx, &a.ends, n_id, *b, overflow, check_polys))
        .map(|(_, b)| b)
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

/// For CBMC's SAT back end, which expands only quantifiers with a constant
/// range: when an emitted quantifier has none, and an anchor bounds the
/// iteration count by a constant, every quantifier gets that range.
pub(super) fn widen_quantifiers(
    ctx: &Ctx,
    anchors: &[Anchor],
    n_id: VarId,
    check_polys: &[CheckPoly],
    emitted: &mut Emitted,
) {
    let target = Quantifiers::Bounded;
    let unsupported = |e: &Expr| {
        let mut found = false;
        e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Forall(..)) && !target.admits(x));
        found
    };
    let needed = emitted.guards.iter().chain(&emitted.quant_overflow).any(unsupported)
        || emitted.array_assumptions_mut().any(|e| unsupported(e));
    if !needed {
        return;
    }
    let Some(b) = bound(ctx, anchors, n_id, &emitted.overflow, check_polys) else {
        return;
    };
    let widen = |e: &mut Expr| *e = constant_range(std::mem::replace(e, ulong(0)), b, target);
    emitted.guards.iter_mut().for_each(widen);
    emitted.quant_overflow.iter_mut().for_each(widen);
    emitted.array_assumptions_mut().for_each(widen);
}
