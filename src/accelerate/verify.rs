//! The final check of what is emitted.
//!
//! In: the emitted overflow assumptions, final values and closed forms (C
//! expressions). Out: `Ok` if z3 proves that they compute without wrap-around
//! exactly the mathematical values and no-overflow condition, else a reason.

use super::context::{Atoms, CheckPoly, Ctx, K};
use super::overflow::CheckedOps;
use super::poly::Atom;
use super::poly::Poly;
use super::recurrence::{Cf, Kind, to_poly};
use super::smt::{Eval, Mode, int, poly_eq, poly_value, prove};
use super::solver::with_solver;
use super::symex::Sym;
use crate::ir::build;
use crate::ir::{Expr, IntType, VarId};
use crate::reason::{Claim, Reason};
use std::collections::BTreeMap;
use std::collections::{BTreeSet, HashMap};
use z3::ast::{Bool, Int};

/// z3: the emitted overflow assumptions evaluate without wrap-around (each
/// given the earlier ones), hold exactly when no checked operation of the
/// path leaves its type at any iteration, and under them the emitted final
/// values and the emitted closed forms of the variables in `at_k` (at
/// every k <= m) equal the mathematical values. Where a polynomial is
/// monotone only under the guards (`checks.guarded`), those hold at both
/// ends. The emitted conditions at the positions `guards` (ascending) are
/// the path's guards at the first or the last iteration, placed where they
/// bound what the conditions after them compute (`guards::entry_guards`,
/// `evaluation_order`): premises of the ones after them, not part of the
/// no-overflow condition.
#[allow(clippy::too_many_arguments)]
pub(super) fn verify_emitted(
    ctx: &Ctx,
    n_id: VarId,
    overflow: &[Expr],
    guards: &[usize],
    finals: &[(VarId, Expr)],
    checks: &CheckedOps,
    sym: &Sym,
    at_k: &BTreeSet<VarId>,
) -> Result<(), Reason> {
    let (check_polys, alternating) = (&checks.polys[..], &checks.alternating[..]);
    // The order in which z3 terms are made is kept as it was: it can
    // decide whether a query finishes within its resource limit.
    let atoms = Atoms::new();
    let get = |a: Atom| atoms.get(a);
    let n = Int::fresh_const("n");
    let m = &n - int(1);
    let kfree = Int::fresh_const("kf");
    let vars = input_values(ctx, n_id, &n, overflow, finals, check_polys, &get);
    let mut ev = Eval::new(Mode::NoWrap, &vars);
    let (mut claims, all_a, entry_truth) = overflow_claims(&mut ev, overflow, guards, &n)?;
    let mut math = no_overflow_math(check_polys, &n, &m, &get)?;
    if !alternating.is_empty() {
        math = Bool::and(&[math, alternating_math(ctx, alternating, &m, &get)?]);
    }
    // A polynomial may be monotone only where the guards hold at the first
    // and the last iteration (`recurrence::monotone`): the accelerator
    // assumes them after the overflow conditions and before it computes
    // the final values, so they are premises of what comes after.
    // Only then: more z3 terms could change what other queries decide
    // within their resource limits.
    // The accelerator is taken only where the entry guards hold.
    let assumed = match (checks.guarded, entry_truth) {
        (false, None) => {
            claims.push(all_a.iff(&math));
            all_a
        }
        (false, Some(entry)) => {
            claims.push(entry.implies(all_a.iff(&math)));
            Bool::and(&[all_a, entry])
        }
        (true, entry) => {
            let mut at_ends = ctx.guards_at_ends(&sym.guards, &m, &get);
            at_ends.extend(entry);
            let at_ends = Bool::and(&at_ends);
            claims.push(at_ends.implies(all_a.iff(&math)));
            Bool::and(&[all_a, at_ends])
        }
    };
    for (x, e) in finals {
        let sides = final_value_sides(ctx, sym, &mut ev, *x, e, (&n, &m), &get)?;
        claims.push(assumed.implies(sides));
    }
    claims.extend(closed_form_claims(ctx, &vars, at_k, &assumed, (&kfree, &m), &get)?);
    let mut premises = atoms.ranges(ctx);
    if checks.guarded {
        // The closed forms divide `j * (j - 1)` by 2 for j = n and n - 1;
        // that the product is even lets z3 see the division exact (without
        // it, a sum of a decreasing counter was not proved).
        for j in [&n, &m] {
            premises.push((j * (j - int(1))).modulo(int(2)).eq(int(0)));
        }
    }
    premises.push(n.ge(int(1)));
    premises.push(n.le(int(u64::MAX as i128)));
    // Linear closed forms: all claims in one query (most are small and
    // share the overflow conditions), one by one only if that fails.
    // Quadratic ones: one query per claim, smaller nonlinear problems are
    // much easier.
    let linear = !ctx.cfs.values().any(|c| matches!(c.kind, Kind::Polynomial));
    let ok = (linear && with_solver(|s| prove(s, &premises, &Bool::and(&claims))))
        || claims.iter().all(|c| with_solver(|s| prove(s, &premises, c)));
    if ok {
        Ok(())
    } else {
        Err(Reason::Unproved(Claim::Emitted))
    }
}

/// The z3 values of the variables the emitted conditions and values read
/// (`n` for the iteration count), before the first iteration.
fn input_values(
    ctx: &Ctx,
    n_id: VarId,
    n: &Int,
    overflow: &[Expr],
    finals: &[(VarId, Expr)],
    check_polys: &[CheckPoly],
    get: &dyn Fn(Atom) -> Int,
) -> HashMap<VarId, Int> {
    let mut vs = BTreeSet::new();
    for e in overflow.iter().chain(finals.iter().map(|(_, e)| e)) {
        build::vars_of(e, &mut vs);
    }
    vs.extend(ctx.cfs.keys());
    for CheckPoly { node, .. } in check_polys {
        build::vars_of(node, &mut vs);
    }
    vs.into_iter()
        .map(|v| (v, if v == n_id { n.clone() } else { get(Atom::Var(v)) }))
        .collect()
}

/// Each emitted overflow condition evaluates without wrap-around given
/// the earlier ones; with the conjunction of all of them but the `guards`
/// (and `n >= 1`), and the conjunction of the `guards` (none when there
/// are none: the terms are then made as they always were, on which
/// answers within a resource limit depend).
fn overflow_claims(
    ev: &mut Eval,
    overflow: &[Expr],
    guards: &[usize],
    n: &Int,
) -> Result<(Vec<Bool>, Bool, Option<Bool>), Reason> {
    let tru = Bool::from_bool(true);
    let mut claims = Vec::new();
    let mut earlier: Vec<Bool> = vec![n.ge(int(1))];
    let mut conditions: Vec<Bool> = vec![n.ge(int(1))];
    let mut guard_truths = Vec::new();
    for (i, c) in overflow.iter().enumerate() {
        ev.sides.clear();
        let a = ev.truth(c, &tru).ok_or("cannot model an emitted condition")?;
        let sides = Bool::and(&ev.sides);
        claims.push(Bool::and(&earlier).implies(&sides));
        if guards.contains(&i) {
            guard_truths.push(a.clone());
        } else {
            conditions.push(a.clone());
        }
        earlier.push(a);
    }
    let entry_truth = (!guard_truths.is_empty()).then(|| Bool::and(&guard_truths));
    Ok((claims, Bool::and(&conditions), entry_truth))
}

/// The entry guards `entry` first, then the `overflow` conditions and the
/// guards at the last iteration `last` in an order where each evaluates
/// without wrap-around given the ones before it: each time the first that
/// z3 proves defined there (a guard at the last iteration needs the
/// counter's bound, a quadratic bound the bounds of the guards and
/// operands). `None` when some condition is defined after none of the
/// others. Out: the order, and the positions of the guards in it
/// (`verify_emitted`'s `guards`).
pub(super) fn evaluation_order(
    ctx: &Ctx,
    n_id: VarId,
    entry: &[Expr],
    overflow: &[Expr],
    last: &[Expr],
) -> Option<(Vec<Expr>, Vec<usize>)> {
    let atoms = Atoms::new();
    let get = |a: Atom| atoms.get(a);
    let n = Int::fresh_const("n");
    let all: Vec<Expr> = entry.iter().chain(overflow).chain(last).cloned().collect();
    let vars = input_values(ctx, n_id, &n, &all, &[], &[], &get);
    let mut ev = Eval::new(Mode::NoWrap, &vars);
    let tru = Bool::from_bool(true);
    let mut premises = atoms.ranges(ctx);
    premises.push(n.ge(int(1)));
    premises.push(n.le(int(u64::MAX as i128)));
    // Each condition with its truth, its definedness, and whether it is a
    // guard.
    let mut left = Vec::new();
    for (i, c) in all.iter().enumerate() {
        ev.sides.clear();
        let a = ev.truth(c, &tru)?;
        left.push((
            c,
            a,
            Bool::and(&ev.sides),
            i < entry.len() || i >= entry.len() + overflow.len(),
        ));
    }
    let (mut order, mut guards) = (Vec::new(), Vec::new());
    for (c, a, _, _) in left.drain(..entry.len()) {
        guards.push(order.len());
        order.push(c.clone());
        premises.push(a);
    }
    while !left.is_empty() {
        let next = left
            .iter()
            .position(|(_, _, sides, _)| with_solver(|s| prove(s, &premises, sides)))?;
        let (c, a, _, guard) = left.remove(next);
        if guard {
            guards.push(order.len());
        }
        order.push(c.clone());
        premises.push(a);
    }
    Some((order, guards))
}

/// The mathematical no-overflow condition: every checked value in range at
/// the ends of its (monotone) range over all `n` iterations, the part after
/// the body included.
fn no_overflow_math(check_polys: &[CheckPoly], n: &Int, m: &Int, get: &dyn Fn(Atom) -> Int) -> Result<Bool, Reason> {
    let mut math = vec![n.ge(int(1))];
    for CheckPoly {
        node,
        first,
        rest,
        piecewise,
    } in check_polys
    {
        let t = node.ty.as_int().ok_or("non-integer operation")?;
        let at = |j: &Int| poly_value(rest, &|a| if a == Atom::K { j.clone() } else { get(a) });
        let v0 = poly_value(first, get).ok_or("cannot model a value")?;
        let vl = at(m).ok_or("cannot model a value")?;
        let v1 = at(&int(1)).ok_or("cannot model a value")?;
        let mut parts = vec![defined(&v0, node, t)];
        // The last iteration k = m (if it is >= 1 and the form is
        // piecewise, also k = 1).
        parts.push(m.ge(int(1)).implies(defined(&vl, node, t)));
        if *piecewise {
            parts.push(m.ge(int(1)).implies(defined(&v1, node, t)));
        }
        math.push(Bool::and(&parts));
    }
    Ok(Bool::and(&math))
}

/// The checked operations over alternating values in range at iteration 0
/// and, if there is one (`m >= 1`), at iteration 1: their only values.
fn alternating_math(ctx: &Ctx, alternating: &[Expr], m: &Int, get: &dyn Fn(Atom) -> Int) -> Result<Bool, Reason> {
    let mut parts = Vec::new();
    for node in alternating {
        let t = node.ty.as_int().ok_or("non-integer operation")?;
        let (v0, v1) = (ctx.value_at(node, &int(0), get), ctx.value_at(node, &int(1), get));
        let (v0, v1) = (v0.ok_or("cannot model a value")?, v1.ok_or("cannot model a value")?);
        parts.push(defined(&v0, node, t));
        parts.push(m.ge(int(1)).implies(defined(&v1, node, t)));
    }
    Ok(Bool::and(&parts))
}

/// The mathematical value `v` of the checked operation `node` (of type
/// `t`) is one C gives it (`Expr::defined_range`).
fn defined(v: &Int, node: &Expr, t: IntType) -> Bool {
    let (lo, hi) = node.defined_range().unwrap_or((t.min(), t.max()));
    Bool::and(&[v.ge(int(lo)), v.le(int(hi))])
}

/// The emitted final value `e` of `x` evaluates without wrap-around to the
/// mathematical value after the accelerator (`(n, m)`: the iteration count
/// and `n - 1`).
fn final_value_sides(
    ctx: &Ctx,
    sym: &Sym,
    ev: &mut Eval,
    x: VarId,
    e: &Expr,
    (n, m): (&Int, &Int),
    get: &dyn Fn(Atom) -> Int,
) -> Result<Bool, Reason> {
    let tru = Bool::from_bool(true);
    ev.sides.clear();
    let v = ev.value(e, &tru).ok_or("cannot model an emitted value")?;
    let mut sides = ev.sides.clone();
    let exp = if sym.tail_assigns {
        match sym.prefix_vals.get(&x) {
            // Over alternating values: the body's value at the state of
            // iteration m, evaluated by z3 (no polynomial in k exists).
            Some(pe) if ctx.poly_in_k(pe).is_none() => ctx.value_at(pe, m, get).ok_or("cannot model a final value")?,
            Some(pe) => {
                let p = ctx.poly_in_k(pe).ok_or("cannot model a final value")?;
                let first_p = to_poly(pe, &|_| None).ok_or("cannot model a final value")?;
                let r = poly_value(&p, &|a| if a == Atom::K { m.clone() } else { get(a) })
                    .ok_or("cannot model a final value")?;
                let f = poly_value(&first_p, get).ok_or("cannot model a final value")?;
                m.eq(int(0)).ite(&f, &r)
            }
            None => ctx.cf_value(x, m, get).ok_or("cannot model a final value")?,
        }
    } else {
        ctx.cf_value(x, n, get).ok_or("cannot model a final value")?
    };
    sides.push(v.eq(&exp));
    Ok(Bool::and(&sides))
}

/// Closed forms at any `k <= m`, of the variables in `at_k`: those that the
/// emitted guards, array writes and quantified overflow conditions read
/// (the other closed forms are emitted only in the final values and the
/// overflow conditions, checked apart).
fn closed_form_claims(
    ctx: &Ctx,
    vars: &HashMap<VarId, Int>,
    at_k: &BTreeSet<VarId>,
    all_a: &Bool,
    (kfree, m): (&Int, &Int),
    get: &dyn Fn(Atom) -> Int,
) -> Result<Vec<Bool>, Reason> {
    let tru = Bool::from_bool(true);
    let k_id = VarId(usize::MAX - 1);
    let kk = K {
        expr: Expr::var(k_id, build::ULONG),
        konst: None,
        positive: false,
    };
    let mut vars_k = vars.clone();
    vars_k.insert(k_id, kfree.clone());
    let mut evk = Eval::new(Mode::NoWrap, &vars_k);
    let krange = Bool::and(&[kfree.ge(int(0)), kfree.le(m)]);
    let mut claims = Vec::new();
    for (x, cf) in &ctx.cfs {
        if matches!(cf.kind, Kind::Invariant) || !at_k.contains(x) {
            continue;
        }
        let e = ctx.cf_expr(*x, &kk).ok_or("cannot emit a closed form")?;
        evk.sides.clear();
        let v = evk.value(&e, &tru).ok_or("cannot model a closed form")?;
        let mut sides = evk.sides.clone();
        sides.push(v.eq(&ctx.cf_value(*x, kfree, get).ok_or("cannot model a closed form")?));
        claims.push(Bool::and(&[all_a.clone(), krange.clone()]).implies(Bool::and(&sides)));
    }
    Ok(claims)
}

/// z3: every closed form satisfies its recurrence for all k >= 0 (in
/// unbounded integers): cf(0) = x0 and cf(k+1) = f(cf(k)).
pub(super) fn verify_recurrences(ctx: &Ctx, updates: &BTreeMap<VarId, Poly>) -> Result<(), Reason> {
    let atoms = Atoms::new();
    let k = atoms.get(Atom::K);
    let mut claims = Vec::new();
    let at = |cf: &Cf, kk: &Poly| cf.rest.at_k(kk);
    for (x, f) in updates {
        let cf = &ctx.cfs[x];
        if let Kind::Alternating(_) = &cf.kind {
            // cf(0) = x0 and cf(j+1) = f(cf(j)) at j = 0 and at any k: in
            // z3, as the value is not a polynomial in k.
            let get = |at: Atom| atoms.get(at);
            let value = |v: VarId, j: &Int| ctx.cf_value(v, j, &get).ok_or("cannot model a closed form");
            let next = |j: &Int| -> Result<Bool, Reason> {
                let mut at_j = BTreeMap::new();
                for at in f.atoms() {
                    if let Atom::Var(v) = at {
                        at_j.insert(at, value(v, j)?);
                    }
                }
                let applied = poly_value(f, &|at| at_j.get(&at).cloned().unwrap_or_else(|| get(at)))
                    .ok_or("cannot model a closed form")?;
                Ok(value(*x, &(j + int(1)))?.eq(&applied))
            };
            claims.push(value(*x, &int(0))?.eq(get(Atom::Var(*x))));
            claims.push(next(&int(0))?);
            claims.push(next(&k)?);
            continue;
        }
        // k = 0 -> 1: from the first values.
        let next1 = at(cf, &Poly::constant(1)).ok_or("coefficient overflow")?;
        let f_first = f
            .subst(&|a| match a {
                Atom::Var(v) => ctx.cfs.get(&v).map(|c| c.first.clone()),
                Atom::K => None,
            })
            .ok_or("coefficient overflow")?;
        let get = |a: Atom| atoms.get(a);
        claims.push(poly_eq(&next1, &f_first, &get).ok_or("coefficient overflow")?);
        claims.push(poly_eq(&cf.first, &Poly::var(*x), &get).ok_or("coefficient overflow")?);
        // k >= 1: cf(k+1) = f(cf(k)).
        let kp1 = Poly::k().add(&Poly::constant(1)).ok_or("coefficient overflow")?;
        let next = at(cf, &kp1).ok_or("coefficient overflow")?;
        let f_k = f
            .subst(&|a| match a {
                Atom::Var(v) => ctx.cfs.get(&v).map(|c| c.rest.clone()),
                Atom::K => None,
            })
            .ok_or("coefficient overflow")?;
        claims.push(poly_eq(&next, &f_k, &get).ok_or("coefficient overflow")?);
    }
    let premise = k.ge(int(1));
    let ok = with_solver(|s| prove(s, &[premise], &Bool::and(&claims)));
    if ok {
        Ok(())
    } else {
        Err(Reason::Unproved(Claim::ClosedForms))
    }
}
