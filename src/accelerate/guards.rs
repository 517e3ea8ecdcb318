//! Guard treatment.
//!
//! In: the path's guards and assertions, with the closed forms (`Ctx`) and
//! the checked operations. Out: per guard a `GuardInfo` saying how it is
//! assumed for the `n` iterations (z3 decides if both ends suffice).

use super::poly::Atom;
use super::smt::{Eval, Mode, in_range, int, poly_value, prove};
use super::{Atoms, CheckPoly, Ctx, GuardInfo, GuardTreatment, key, with_solver};
use crate::ir::build;
use crate::ir::{Expr, Program, Span, Storage, VarDecl, VarId};
use crate::reason::{Claim, Reason};
use std::collections::{BTreeSet, HashMap};
use z3::ast::{Bool, Int};

/// A fresh quantified iteration index `tracc_kN` of the accelerator being
/// built: declared in `new_decls` (after the program's own variables) and
/// recorded in `q_vars`.
pub(super) fn fresh_k(
    prog: &Program,
    new_decls: &mut Vec<VarDecl>,
    q_vars: &mut Vec<VarId>,
    k_num: usize,
    func: crate::ir::FuncId,
) -> VarId {
    let kid = VarId(prog.vars.len() + new_decls.len());
    new_decls.push(VarDecl {
        name: prog.fresh.name(format_args!("k{}", k_num + q_vars.len())),
        ty: build::ULONG,
        storage: Storage::Local,
        func: Some(func),
        span: Span::SYNTHETIC,
    });
    q_vars.push(kid);
    kid
}

/// What the no-overflow assumptions guarantee at an iteration `j` (when
/// `0 <= j <= n - 1`): every checked value and every variable is in its type.
pub(super) fn facts_at(
    ctx: &Ctx,
    check_polys: &[CheckPoly],
    get: &dyn Fn(Atom) -> Int,
    n: &Int,
    j: &Int,
) -> Option<Bool> {
    let mut f = Vec::new();
    for (node, first, rest, _) in check_polys {
        let t = node.ty.as_int()?;
        let r = poly_value(rest, &|a| if a == Atom::K { j.clone() } else { get(a) })?;
        let v = j.eq(int(0)).ite(&poly_value(first, get)?, &r);
        f.push(in_range(&v, t));
    }
    for v in ctx.cfs.keys() {
        if let Some(t) = ctx.ty(*v) {
            f.push(in_range(&ctx.cf_value(*v, j, get)?, t));
        }
    }
    let within = Bool::and(&[j.ge(int(0)), j.le(&(n - int(1)))]);
    Some(within.implies(Bool::and(&f)))
}

/// Decide, per guard, whether checking it at the first and last iteration
/// of its range suffices (z3, C semantics of the guard over the exact
/// values of the iterations).
pub(super) fn guard_treatment(
    ctx: &Ctx,
    guards: &[(Expr, bool, bool)],
    check_polys: &[CheckPoly],
) -> Result<Vec<GuardInfo>, Reason> {
    let mut out = Vec::new();
    if guards.is_empty() {
        return Ok(out);
    }
    let atoms = Atoms::new();
    let last = Int::fresh_const("last");
    let k = Int::fresh_const("kq");
    let get = |a: Atom| atoms.get(a);
    let state_at = |j: &Int| -> Option<HashMap<VarId, Int>> {
        let mut m = HashMap::new();
        let mut vs = BTreeSet::new();
        for (g, _, _) in guards {
            build::vars_of(g, &mut vs);
        }
        for v in vs {
            m.insert(v, ctx.cf_value(v, j, &get)?);
        }
        Some(m)
    };
    let (Some(s0), Some(sl), Some(sk)) = (state_at(&int(0)), state_at(&last), state_at(&k)) else {
        return Err(Reason::Unproved(Claim::Guards));
    };
    let mut premises = vec![last.ge(int(0)), k.ge(int(0)), k.le(&last), last.lt(int(1i128 << 64))];
    let _ = &premises;
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
    let tru = Bool::from_bool(true);
    for after in [false, true] {
        let group: Vec<&(Expr, bool, bool)> = guards.iter().filter(|g| g.2 == after).collect();
        if group.is_empty() {
            continue;
        }
        // The checked operations stay in their types at the iterations of
        // this range (the overflow assumptions say so): premises, and no
        // modulo needed for them.
        let mut keys = std::collections::HashSet::new();
        let mut premises = premises.clone();
        for (node, first, rest, _) in check_polys {
            let Some(t) = node.ty.as_int() else { continue };
            keys.insert(key(node));
            let v0 = poly_value(first, &get);
            let at = |j: &Int| {
                let r = poly_value(rest, &|a| if a == Atom::K { j.clone() } else { get(a) })?;
                Some(j.eq(int(0)).ite(&poly_value(first, &get)?, &r))
            };
            for v in [v0, at(&last), at(&k)].into_iter().flatten() {
                premises.push(in_range(&v, t));
            }
        }
        let eval = |s: &HashMap<VarId, Int>, g: &Expr| -> Option<Bool> {
            let mut ev = Eval::new(Mode::Exact, s);
            ev.in_range_keys = keys.clone();
            ev.truth(g, &tru)
        };
        let mut ends = Vec::new();
        let mut at_k = Vec::new();
        for (g, _, _) in &group {
            match (eval(&s0, g), eval(&sl, g), eval(&sk, g)) {
                (Some(a), Some(b), Some(c)) => {
                    ends.push(a);
                    ends.push(b);
                    at_k.push(Some(c));
                }
                _ => at_k.push(None),
            }
        }
        premises.extend(atoms.ranges(ctx));
        let mut prem = premises.clone();
        prem.extend(ends.iter().cloned());
        let all_known = at_k.iter().all(|x| x.is_some());
        let together = all_known
            && with_solver(|s| {
                prove(
                    s,
                    &prem,
                    &Bool::and(&at_k.iter().flatten().cloned().collect::<Vec<_>>()),
                )
            });
        for ((g, assertion, _), ak) in group.iter().zip(&at_k) {
            let two = together || ak.as_ref().is_some_and(|c| with_solver(|s| prove(s, &prem, c)));
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
