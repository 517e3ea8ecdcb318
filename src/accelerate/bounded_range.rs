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
//! instead of ignored. Where the quantifier reads an array at an index that
//! moves by one element per iteration, it ranges over the array's elements
//! instead (`index_space`, proved equivalent by z3), so that CBMC reads
//! each element at a constant index.
//!
//! Soundness: the in-bounds conditions are linear in the iteration, so they
//! hold at all `n` iterations when they hold at the two ends, and they are
//! part of the coverage condition (at `n = 1`): an original iteration whose
//! access is out of bounds is never blocked, and `acc(n)` followed by a
//! covered iteration or by `acc(m)` is still `acc(n + 1)` or `acc(n + m)`.

use std::collections::{BTreeSet, HashMap};

use z3::ast::{Bool, Int};

use super::context::{Atoms, CheckPoly, Ctx, Emitted, K, facts_at, moving_step};
use super::poly::Atom;
use super::smt::{Eval, Mode, int, prove};
use super::solver::{RLIMIT_LINEAR, prove_alone_smt, with_solver};
use crate::ir::build::key;
use crate::ir::build::{self, and_all, arith, cast, cmp, lit, not, or, ulong};
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
/// whether into a row of it, index) and the reads in `reads` (expressions
/// evaluated at every iteration), one per array and index, writes first.
pub(super) fn anchors(ctx: &Ctx, reads: &[&Expr], writes: &[(VarId, bool, &Expr)], last: &K) -> Vec<Anchor> {
    let mut out: Vec<Anchor> = Vec::new();
    let mut consider = |array: VarId, in_row: bool, index: &Expr, write: bool| {
        if out.iter().any(|a| a.is(array, index)) {
            return;
        }
        let Some(ty) = ctx.path.var_decl(ctx.program, array).map(|d| &d.ty) else {
            return;
        };
        let written = if in_row {
            ty.array_parts().map(|(row, _)| row)
        } else {
            Some(ty)
        };
        let Some((_, len)) = written.and_then(|t| t.array_parts()) else {
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
    for (a, in_row, i) in writes {
        consider(*a, *in_row, i, true);
    }
    for e in reads {
        e.walk(&mut |x| {
            if let ExprKind::Index(a, i) = &x.kind
                && let ExprKind::Var(v) = a.skip_implicit().kind
            {
                consider(v, false, i, false);
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
    let unsupported = |e: &Expr| has_quantifier(e, target);
    let needed = emitted.guards.iter().chain(&emitted.quant_overflow).any(unsupported)
        || emitted.array_assumptions_mut().any(|e| unsupported(e));
    if !needed {
        return;
    }
    let Some(b) = bound(ctx, anchors, n_id, &emitted.overflow, check_polys) else {
        return;
    };
    // The accelerator's assumptions without a quantifier: each quantifier
    // is assumed together with them.
    let facts: Vec<Expr> = (emitted.overflow.iter())
        .chain(&emitted.index_bounds)
        .chain(&emitted.quant_overflow)
        .chain(&emitted.guards)
        .filter(|e| !has_quantifier(e, Quantifiers::None))
        .cloned()
        .collect();
    let assumed = Assumed {
        n_id,
        facts: &facts,
        check_polys,
    };
    let widen = |e: &mut Expr| {
        let q = std::mem::replace(e, ulong(0));
        *e = if target.admits(&q) {
            q
        } else {
            index_space(ctx, anchors, &assumed, &q).unwrap_or_else(|| constant_range(q, b, target))
        }
    };
    emitted.guards.iter_mut().for_each(widen);
    emitted.quant_overflow.iter_mut().for_each(widen);
    emitted.array_assumptions_mut().for_each(widen);
}

/// What the accelerator assumes with its quantifiers: the premises of
/// `index_space`'s proofs.
struct Assumed<'a> {
    n_id: VarId,
    /// The assumptions without a quantifier (the overflow conditions, the
    /// anchors' in-bounds conditions, the guards' two-point checks).
    facts: &'a [Expr],
    check_polys: &'a [CheckPoly],
}

/// Whether `e` has a quantifier that `target` does not admit (with
/// `Quantifiers::None`: any quantifier).
pub(super) fn has_quantifier(e: &Expr, target: Quantifiers) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Forall(..)) && !target.admits(x));
    found
}

/// The index-space form of `forall k. !(k < X) || P`, where `P` reads an
/// array at an index `e(k)` that moves over consecutive elements (an
/// anchor's index `e0`, with step 1 or -1):
/// `forall k. !(k < L) || !(X != 0 && e0 <= k && k <= e(X - 1)) || P'`
/// (bounds swapped for step -1), the bound variable now an element of the
/// array of length `L`, and `P'` is `P` at iteration `kof(k) = k - e0` (or
/// `e0 - k`) with every `e(kof(k))` written `k`. CBMC's SAT back end
/// expands both forms over a constant range, but reads at a constant index
/// cost it nothing, while a read at `e(k)` selects among all `L` elements
/// at each of the `L` instances (`paper_fig9_array_safe`: 28 s instead of
/// 291 s). The interval, rather than `kof(k) < X`, is the form of the
/// unchanged elements' assumption: its ends are the same in every
/// instance (with `kof(k) < X`, CBMC took 175 s on that fixture).
///
/// The two are equivalent where z3 proves, under the accelerator's other
/// assumptions (those without a quantifier, which it assumes together
/// with this one): every `k < X` has `e(k)` in `[0, L)` and in the
/// interval, with `kof(e(k)) == k` (so each iteration's instance of `P` is
/// some element's), and every `j < L` in the interval has `kof(j) < X` and
/// `e(kof(j)) == j` (so `P'` is `P` at that iteration). `None` where the
/// quantifier has another shape or no anchor gives such a proof.
fn index_space(ctx: &Ctx, anchors: &[Anchor], assumed: &Assumed, q: &Expr) -> Option<Expr> {
    let ExprKind::Forall(k, body) = &q.kind else {
        return None;
    };
    let k = *k;
    // `!(k < X) || P`, as `forall_below` builds it.
    let ExprKind::Binary(BinOp::LogOr, range, p) = &body.kind else {
        return None;
    };
    let ExprKind::Unary(_, lt) = &range.kind else {
        return None;
    };
    let ExprKind::Binary(BinOp::Lt, kv, x) = &lt.kind else {
        return None;
    };
    if !matches!(kv.kind, ExprKind::Var(v) if v == k) {
        return None;
    }
    // The indices of `P` that move with `k`, most frequent first.
    let mut indices: Vec<(Expr, usize)> = Vec::new();
    p.walk(&mut |e| {
        if let ExprKind::Index(_, i) = &e.kind
            && vars(i).contains(&k)
        {
            match indices.iter_mut().find(|(j, _)| key(j) == key(i)) {
                Some((_, count)) => *count += 1,
                None => indices.push(((**i).clone(), 1)),
            }
        }
    });
    indices.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    let kv = Expr::var(k, build::ULONG);
    let at = |e: &Expr, v: &Expr| build::subst(e, &|w| (w == k).then(|| v.clone()));
    for (e, _) in &indices {
        let Some(it) = e.int_type() else { continue };
        for a in anchors.iter().filter(|a| a.step.abs() == 1) {
            let first = cast(a.index.clone(), IntType::ULONG);
            let last = cast(
                at(e, &arith(BinOp::Sub, (**x).clone(), ulong(1), IntType::ULONG)),
                IntType::ULONG,
            );
            let kof = distance(&kv, first.clone(), a.step);
            let interval = written(&kv, (**x).clone(), (first, last), a.step);
            let forms = IndexSpace {
                k,
                covered: x,
                index: e,
                kof: &kof,
                interval: &interval,
                len: a.len,
            };
            if !index_space_proved(ctx, assumed, &forms) {
                continue;
            }
            let moved = at(e, &kof);
            let rewritten = replace_index(at(p, &kof), &key(&moved), &kv, it);
            let body = or(
                not(cmp(BinOp::Lt, kv.clone(), ulong(a.len))),
                or(not(interval), rewritten),
            );
            return Some(Expr::new(ExprKind::Forall(k, Box::new(body)), q.ty.clone(), q.span));
        }
    }
    None
}

/// The parts of an index-space form, over the bound variable `k`.
struct IndexSpace<'a> {
    k: VarId,
    /// `X`: the iterations `k < X` are covered.
    covered: &'a Expr,
    /// `e(k)`.
    index: &'a Expr,
    /// The iteration of element `k`.
    kof: &'a Expr,
    /// The elements of the covered iterations.
    interval: &'a Expr,
    len: i128,
}

fn vars(e: &Expr) -> BTreeSet<VarId> {
    let mut vs = BTreeSet::new();
    build::vars_of(e, &mut vs);
    vs
}

/// `e` with every subexpression of key `moved` replaced by `j`: as an
/// array index as it is, elsewhere converted to `moved`'s type `it`.
fn replace_index(e: Expr, moved: &str, j: &Expr, it: IntType) -> Expr {
    if key(&e) == moved {
        return cast(j.clone(), it);
    }
    match e.kind {
        ExprKind::Index(a, i) if key(&i) == moved => Expr::new(ExprKind::Index(a, Box::new(j.clone())), e.ty, e.span),
        ExprKind::Index(a, i) => {
            let i = replace_index(*i, moved, j, it);
            Expr::new(ExprKind::Index(a, Box::new(i)), e.ty, e.span)
        }
        _ => build::map_operands(e, &|x| replace_index(x, moved, j, it)),
    }
}

/// z3, under the accelerator's assumptions without a quantifier: for
/// every `k < X`, `0 <= e(k) < L`, `e(k)` in the interval and `kof(e(k)) ==
/// k`; for every `j < L` in the interval, `kof(j) < X` and `e(kof(j)) ==
/// j` (C semantics throughout).
///
/// Over mathematical integers, with no modulo: C's value of an expression is
/// its mathematical value wherever no operation leaves its type (`NoWrap`'s
/// side conditions). So each assumption is the weaker "if nothing in it
/// wraps, it holds", and each claim comes with its side conditions as
/// claims too. The same claims over C's modular values (`Exact`) ran into
/// z3's ten-second guard on a 200-element fill, where these are linear and
/// answered at once.
fn index_space_proved(ctx: &Ctx, assumed: &Assumed, f: &IndexSpace) -> bool {
    let atoms = Atoms::new();
    let get = |a: Atom| atoms.get(a);
    let n = Int::fresh_const("n");
    let names: BTreeSet<VarId> = (assumed.facts.iter())
        .chain([f.covered, f.index, f.kof, f.interval])
        .flat_map(vars)
        .collect();
    let values = |at: &Int| -> HashMap<VarId, Int> {
        names
            .iter()
            .map(|v| match *v {
                v if v == assumed.n_id => (v, n.clone()),
                v if v == f.k => (v, at.clone()),
                v => (v, get(Atom::Var(v))),
            })
            .collect()
    };
    let (kz, jz) = (Int::fresh_const("k"), Int::fresh_const("j"));
    let (at_k, at_j) = (values(&kz), values(&jz));
    let at = |e: &Expr, v: &Expr| build::subst(e, &|w| (w == f.k).then(|| v.clone()));
    let (e_of_kof, kof_of_e, interval_of_e) = (at(f.index, f.kof), at(f.kof, f.index), at(f.interval, f.index));
    let check = || -> Option<bool> {
        let mut start = Eval::new(Mode::NoWrap, &at_k);
        let mut premises = vec![n.ge(int(1)), n.le(int(u64::MAX as i128))];
        // An assumption z3 cannot model is left out: fewer premises.
        for c in assumed.facts {
            if let Some((sides, holds)) = checked(&mut start, |ev| ev.truth(c, &Bool::from_bool(true))) {
                premises.push(sides.implies(holds));
            }
        }
        premises.push(facts_at(ctx, assumed.check_polys, &get, &n, &int(0))?);
        premises.push(facts_at(ctx, assumed.check_polys, &get, &n, &(&n - int(1)))?);
        premises.extend(atoms.ranges(ctx));
        for z in [&kz, &jz] {
            premises.push(z.ge(int(0)));
            premises.push(z.le(int(u64::MAX as i128)));
        }
        let tru = Bool::from_bool(true);
        // Every covered iteration's index is an element of the interval
        // that maps back to it.
        let (covered_ok, covered) = checked(&mut start, |ev| ev.value(f.covered, &tru))?;
        let (claim_ok, claim) = checked(&mut start, |ev| {
            let index = ev.value(f.index, &tru)?;
            Some(Bool::and(&[
                index.ge(int(0)),
                index.lt(int(f.len)),
                ev.truth(&interval_of_e, &tru)?,
                ev.value(&kof_of_e, &tru)?.eq(&kz),
            ]))
        })?;
        let forward = Bool::and(&[
            covered_ok.clone(),
            kz.lt(&covered).implies(Bool::and(&[claim_ok, claim])),
        ]);
        // Every element of the interval is the index of a covered iteration.
        let mut at = Eval::new(Mode::NoWrap, &at_j);
        let (covered_ok, covered) = checked(&mut at, |ev| ev.value(f.covered, &tru))?;
        let (within_ok, within) = checked(&mut at, |ev| ev.truth(f.interval, &tru))?;
        let (claim_ok, claim) = checked(&mut at, |ev| {
            let (iteration, element) = (ev.value(f.kof, &tru)?, ev.value(&e_of_kof, &tru)?);
            Some(Bool::and(&[iteration.lt(&covered), element.eq(&jz)]))
        })?;
        let backward = Bool::and(&[
            covered_ok,
            jz.lt(int(f.len))
                .implies(Bool::and(&[within_ok, within.implies(Bool::and(&[claim_ok, claim]))])),
        ]);
        // Two queries: their conjunction, in one, was not proved where each
        // was.
        let prove = |claim: &Bool| prove_alone_smt(&premises, claim, RLIMIT_LINEAR);
        Some(prove(&forward) && prove(&backward))
    };
    check().unwrap_or(false)
}

/// What `f` evaluates (in `NoWrap` mode), with the conjunction of the side
/// conditions that its evaluation recorded: where they hold, the value is
/// C's.
fn checked<T>(ev: &mut Eval, f: impl FnOnce(&mut Eval) -> Option<T>) -> Option<(Bool, T)> {
    let before = ev.sides.len();
    let value = f(ev)?;
    let sides = Bool::and(&ev.sides.split_off(before));
    Some((sides, value))
}

/// Whether element `j` is written in the first `cnt` iterations of an
/// index that runs from `first` to `last` (as `unsigned long`) by the step
/// `c`: `cnt != 0`, `j` between the two, and a multiple of `c` away from
/// `first`.
pub(super) fn written(j: &Expr, cnt: Expr, (first, last): (Expr, Expr), c: i128) -> Expr {
    let (lo, hi) = if c > 0 {
        (first.clone(), last)
    } else {
        (last, first.clone())
    };
    let mut parts = vec![
        cmp(BinOp::Ne, cnt, ulong(0)),
        cmp(BinOp::Ge, j.clone(), lo),
        cmp(BinOp::Le, j.clone(), hi),
    ];
    if c.abs() > 1 {
        let ul = IntType::ULONG;
        parts.push(cmp(
            BinOp::Eq,
            arith(BinOp::Rem, distance(j, first, c), ulong(c.abs()), ul),
            ulong(0),
        ));
    }
    and_all(parts)
}

/// How far element `j` lies from `first` in the direction of the step `c`
/// (`j - first` or `first - j`, as `unsigned long`): for a step of 1 or -1,
/// the iteration that writes it.
pub(super) fn distance(j: &Expr, first: Expr, c: i128) -> Expr {
    let ul = IntType::ULONG;
    if c > 0 {
        arith(BinOp::Sub, j.clone(), first, ul)
    } else {
        arith(BinOp::Sub, first, j.clone(), ul)
    }
}
