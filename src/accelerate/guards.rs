//! Guard treatment.
//!
//! In: the path's guards and assertions, with the closed forms (`Ctx`) and
//! the checked operations. Out: per guard a `GuardInfo` saying how it is
//! assumed for the `n` iterations (z3 decides if both ends suffice), and
//! the condition the accelerator assumes for it: once when it is
//! invariant, at both ends, in closed form at a single point, or
//! quantified over the iterations.

use super::accelerator::{GuardInfo, GuardTreatment};
use super::bounded_range::constant_range;
use super::context::{Atoms, CheckPoly, Ctx, K};
use super::fresh::FreshVars;
use super::periodic::proved_period;
use super::poly::Atom;
use super::single_point::single_point_guard;
use super::smt::{Eval, Mode, in_range, int, poly_value, prove};
use super::solver::{RLIMIT_OPTIONAL, prove_alone, with_rlimit, with_solver};
use super::symex::PathGuard;
use crate::ir::build::key;
use crate::ir::build::{self, and, cmp, forall_below, or, ulong};
use crate::ir::{BinOp, Expr, ExprKind, Quantifiers, VarId};
use crate::reason::{Claim, Reason};
use std::collections::{BTreeSet, HashMap};
use z3::ast::{Bool, Int};

/// Decide, per guard, whether checking it at the first and last iteration
/// of its range suffices (z3, C semantics of the guard over the exact
/// values of the iterations).
pub(super) fn guard_treatment(
    ctx: &Ctx,
    guards: &[PathGuard],
    check_polys: &[CheckPoly],
) -> Result<Vec<GuardInfo>, Reason> {
    let mut out = Vec::new();
    if guards.is_empty() {
        return Ok(out);
    }
    let states = GuardStates::new(ctx, guards)?;
    for after in [false, true] {
        let group: Vec<&PathGuard> = guards.iter().filter(|g| g.after_body == after).collect();
        if group.is_empty() {
            continue;
        }
        let two_point = states.two_point(ctx, &group, check_polys);
        for (PathGuard { cond: g, assertion, .. }, two) in group.iter().zip(two_point) {
            out.push(GuardInfo {
                cond: g.clone(),
                assertion: *assertion,
                after_body: after,
                treatment: if two {
                    GuardTreatment::TwoPoint
                } else {
                    GuardTreatment::Quantified
                },
            });
        }
    }
    Ok(out)
}

/// The values the guards read at the first iteration, at the last one
/// (`last`) and at any one in between (`k`), as z3 terms over the values
/// before the first, with the premises that hold of them.
struct GuardStates {
    atoms: Atoms,
    last: Int,
    k: Int,
    /// At iteration 0, `last` and `k`.
    at: [HashMap<VarId, Int>; 3],
    premises: Vec<Bool>,
}

impl GuardStates {
    fn new(ctx: &Ctx, guards: &[PathGuard]) -> Result<GuardStates, Reason> {
        let atoms = Atoms::new();
        let last = Int::fresh_const("last");
        let k = Int::fresh_const("kq");
        let get = |a: Atom| atoms.get(a);
        let mut vs = BTreeSet::new();
        for PathGuard { cond: g, .. } in guards {
            build::vars_of(g, &mut vs);
        }
        let state_at = |j: &Int| ctx.state_at(&vs, j, &get);
        let (Some(s0), Some(sl), Some(sk)) = (state_at(&int(0)), state_at(&last), state_at(&k)) else {
            return Err(Reason::Unproved(Claim::Guards));
        };
        let mut premises = vec![last.ge(int(0)), k.ge(int(0)), k.le(&last), last.lt(int(1i128 << 64))];
        // The iterations' values are values of their C types.
        for (v, _) in ctx.cfs.iter() {
            if let Some(t) = ctx.ty(*v) {
                for s in [&s0, &sl, &sk] {
                    if let Some(x) = s.get(v) {
                        premises.push(in_range(x, t));
                    }
                }
            }
        }
        Ok(GuardStates {
            atoms,
            last,
            k,
            at: [s0, sl, sk],
            premises,
        })
    }

    /// Per guard of `group` (all before the end of the body, or all after
    /// it): whether z3 proves that it holds at every iteration of the range
    /// when it holds at both ends.
    fn two_point(&self, ctx: &Ctx, group: &[&PathGuard], check_polys: &[CheckPoly]) -> Vec<bool> {
        let get = |a: Atom| self.atoms.get(a);
        // The checked operations stay in their types at the iterations of
        // this range (the overflow assumptions say so): premises, and no
        // modulo needed for them.
        let mut keys = std::collections::HashSet::new();
        let mut premises = self.premises.clone();
        for CheckPoly { node, first, rest, .. } in check_polys {
            let Some(t) = node.ty.as_int() else { continue };
            keys.insert(key(node));
            let v0 = poly_value(first, &get);
            let at = |j: &Int| {
                let r = poly_value(rest, &|a| if a == Atom::K { j.clone() } else { get(a) })?;
                Some(j.eq(int(0)).ite(&poly_value(first, &get)?, &r))
            };
            for v in [v0, at(&self.last), at(&self.k)].into_iter().flatten() {
                premises.push(in_range(&v, t));
            }
        }
        let tru = Bool::from_bool(true);
        let eval = |s: &HashMap<VarId, Int>, g: &Expr| -> Option<Bool> {
            let mut ev = Eval::new(Mode::Exact, s);
            ev.in_range_keys = keys.clone();
            ev.truth(g, &tru)
        };
        let [s0, sl, sk] = &self.at;
        let mut ends = Vec::new();
        let mut at_k = Vec::new();
        for PathGuard { cond: g, .. } in group {
            match (eval(s0, g), eval(sl, g), eval(sk, g)) {
                (Some(a), Some(b), Some(c)) => {
                    ends.push(a);
                    ends.push(b);
                    at_k.push(Some(c));
                }
                _ => at_k.push(None),
            }
        }
        premises.extend(self.atoms.ranges(ctx));
        premises.extend(ends);
        let all_known = at_k.iter().all(|x| x.is_some());
        // With a remainder or a quotient in a guard, z3 can spend far more
        // than the 10-second guard of its budget (and then the answer would
        // depend on the machine's load); such guards rarely hold between
        // their ends anyway (a periodic guard is treated by `periodic`).
        let modular = group.iter().any(|PathGuard { cond: g, .. }| {
            let mut found = false;
            g.walk(&mut |x| found |= matches!(x.kind, ExprKind::Binary(BinOp::Rem | BinOp::Div, ..)));
            found
        });
        // A conversion that wraps is a remainder in z3 too: z3's incremental
        // core can run on such a query into the wall-clock guard without
        // counting resources, where a solver of its own answers within them.
        let wraps = group.iter().any(|PathGuard { cond: g, .. }| converts_with_wrap(g));
        let prove_each = |claims: &[&Bool]| {
            let claim = Bool::and(&claims.iter().map(|c| (*c).clone()).collect::<Vec<_>>());
            let query = || {
                if wraps {
                    prove_alone(&premises, &claim)
                } else {
                    with_solver(|s| prove(s, &premises, &claim))
                }
            };
            if modular {
                with_rlimit(RLIMIT_OPTIONAL, query)
            } else {
                query()
            }
        };
        let together = all_known && prove_each(&at_k.iter().flatten().collect::<Vec<_>>());
        at_k.iter()
            .map(|ak| together || ak.as_ref().is_some_and(|c| prove_each(&[c])))
            .collect()
    }
}

/// Whether `e` converts a value to an integer type that does not hold every
/// value of the operand's type (z3 models the conversion as a remainder).
fn converts_with_wrap(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        if let ExprKind::Cast { expr, .. } = &x.kind
            && let (Some(to), Some(from)) = (x.ty.as_int(), expr.ty.as_int())
        {
            found |= !to.is_bool() && !to.includes(from);
        }
    });
    found
}

/// The guards' treatment and, per guard, the condition the accelerator of
/// `n` iterations assumes (`m` is `n - 1`). Guards after the body (a
/// `do`-`while` condition) hold at the first `n - 1` iterations only; the
/// loop itself evaluates the last one. For CBMC's SAT back end
/// (`Quantifiers::Bounded`), a periodic guard is quantified over one period
/// (`periodic`) rather than over all iterations.
pub(super) fn guard_assumptions(
    ctx: &Ctx,
    guards: &[PathGuard],
    check_polys: &[CheckPoly],
    n_id: VarId,
    m: &K,
    quantifiers: Quantifiers,
    fresh: &mut FreshVars,
) -> Result<(Vec<GuardInfo>, Vec<Expr>), Reason> {
    let n = Expr::var(n_id, build::ULONG);
    let m1 = m.minus1();
    let mut infos = guard_treatment(ctx, guards, check_polys)?;
    let mut assumed = Vec::new();
    // After the body, a condition says nothing when no iteration follows.
    let unless_single = |e: Expr, after_body: bool| {
        if after_body {
            or(cmp(BinOp::Eq, m.expr.clone(), ulong(0)), e)
        } else {
            e
        }
    };
    for g in infos.iter_mut() {
        let bound = if g.after_body { m.expr.clone() } else { n.clone() };
        if ctx.invariant(&g.cond) {
            // The same truth at every iteration.
            g.treatment = GuardTreatment::Invariant;
            assumed.push(unless_single(g.cond.clone(), g.after_body));
            continue;
        }
        if g.treatment == GuardTreatment::Quantified
            && let Some(c) = single_point_guard(ctx, &g.cond, g.after_body, n_id, &bound, check_polys)
        {
            g.treatment = GuardTreatment::SinglePoint;
            assumed.push(c);
            continue;
        }
        if g.treatment == GuardTreatment::Quantified
            && quantifiers == Quantifiers::Bounded
            && let Some(p) = proved_period(ctx, &g.cond, g.after_body, check_polys)
        {
            g.treatment = GuardTreatment::Periodic;
            if p == 1 {
                assumed.push(unless_single(g.cond.clone(), g.after_body));
            } else {
                let kid = fresh.index();
                let at_k = ctx.at(&g.cond, &K::var(kid)).ok_or("cannot emit a guard")?;
                assumed.push(constant_range(forall_below(kid, bound, at_k), p, quantifiers));
            }
            continue;
        }
        if g.treatment == GuardTreatment::TwoPoint {
            let last = if g.after_body { &m1 } else { m };
            let at_last = ctx.at(&g.cond, last).ok_or("cannot emit a guard")?;
            assumed.push(unless_single(and(g.cond.clone(), at_last), g.after_body));
            continue;
        }
        let kid = fresh.index();
        let kv = K::var(kid);
        let at_k = ctx.at(&g.cond, &kv).ok_or("cannot emit a guard")?;
        assumed.push(forall_below(kid, bound, at_k));
    }
    Ok((infos, assumed))
}

/// The guards of the first iteration that the accelerator may assume
/// before its overflow conditions: conditions for taking the path (no
/// assertion, none after the body) that have a value in every state
/// (`simplify::evaluates_anywhere`: no operation CBMC checks). At the
/// first iteration a guard is its own expression over the current state,
/// and every treatment assumes it there anyway; assumed first, it bounds
/// what the conditions after it compute (`2 * i * n` in 64 bits, for
/// `i >= 0`).
pub(super) fn entry_guards(guards: &[PathGuard]) -> Vec<Expr> {
    guards
        .iter()
        .filter(|g| !g.assertion && !g.after_body && super::simplify::evaluates_anywhere(&g.cond))
        .map(|g| g.cond.clone())
        .collect()
}

/// The guards taken at both ends of the range (`TwoPoint`, conditions for
/// taking the path), at the last iteration `m`: assumed by the accelerator
/// anyway, they may bound what its overflow conditions compute where the
/// guards at the first iteration do not (`i + n - 1 < 0` bounds `n` by
/// `-i`).
pub(super) fn last_guards(ctx: &Ctx, infos: &[GuardInfo], m: &K) -> Vec<Expr> {
    infos
        .iter()
        .filter(|g| g.treatment == GuardTreatment::TwoPoint && !g.assertion && !g.after_body)
        .filter_map(|g| ctx.at(&g.cond, m))
        .collect()
}
