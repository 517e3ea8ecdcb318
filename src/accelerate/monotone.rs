//! Monotonicity of a polynomial over the covered iterations.
//!
//! In: a polynomial in the iteration count (a closed form or a checked
//! operation) and the path's guards. Out: whether z3 proves it never
//! decreases or never increases, always or only under the guards: then a
//! condition on its values at the two ends covers every iteration.

use super::context::{Atoms, Ctx};
use super::poly::{Atom, Poly};
use super::recurrence::Kind;
use super::smt::{in_range, int, poly_value, prove};
use super::solver::{prove_alone_optional, with_solver};
use super::symex::PathGuard;
use z3::ast::Int;

/// How a polynomial moves over the covered iterations (`monotonicity`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Monotone {
    /// Never decreases or never increases between iterations in their types.
    Always,
    /// Only where the path's guards hold at both ends of the range.
    UnderGuards,
    /// Neither proved.
    No,
}

/// Whether the polynomial (in K) is monotone, and if so whether only under
/// the path's `guards`: those before the body (not assertions), which
/// every treatment of a guard assumes at least at the first and the last
/// covered iteration. So `c += i` under the guard `0 < i` of a counter `i`
/// is monotone, whatever `i` may start at. The query with the guards runs
/// only where the one without them fails and some guard can help.
pub(super) fn monotonicity(ctx: &Ctx, p: &Poly, guards: &[PathGuard]) -> Monotone {
    if monotone(ctx, p, &[]) {
        Monotone::Always
    } else if guards.iter().any(
        |PathGuard {
             assertion,
             after_body: after,
             ..
         }| !assertion && !after,
    ) && monotone(ctx, p, guards)
    {
        Monotone::UnderGuards
    } else {
        Monotone::No
    }
}

/// z3: the polynomial (in K) never decreases or never increases between
/// consecutive iterations whose states are values of their C types, up to
/// an iteration `m` where, as at the first one, `guards` hold (none given:
/// at every iteration).
fn monotone(ctx: &Ctx, p: &Poly, guards: &[PathGuard]) -> bool {
    // An increment that does not depend on k keeps its sign.
    let next = Poly::k()
        .add(&Poly::constant(1))
        .and_then(|k1| p.at_k(&k1))
        .and_then(|q| q.sub(p));
    if next.is_some_and(|d| d.degree_in(Atom::K) == 0) {
        return true;
    }
    let atoms = Atoms::new();
    let get = |a: Atom| atoms.get(a);
    let k = get(Atom::K);
    let k1 = &k + int(1);
    let (Some(a), Some(b)) = (
        poly_value(p, &|x| if x == Atom::K { k.clone() } else { get(x) }),
        poly_value(p, &|x| if x == Atom::K { k1.clone() } else { get(x) }),
    ) else {
        return false;
    };
    let mut premises = vec![k.ge(int(0))];
    for (v, cf) in &ctx.cfs {
        if matches!(cf.kind, Kind::Invariant) {
            continue;
        }
        let Some(t) = ctx.ty(*v) else { return false };
        for j in [&k, &k1] {
            match ctx.cf_value(*v, j, &get) {
                Some(x) => premises.push(in_range(&x, t)),
                None => return false,
            }
        }
    }
    if !guards.is_empty() {
        let m = Int::fresh_const("m");
        premises.push((&k + int(1)).le(&m));
        for (v, cf) in &ctx.cfs {
            if let (false, Some(t), Some(x)) = (
                matches!(cf.kind, Kind::Invariant),
                ctx.ty(*v),
                ctx.cf_value(*v, &m, &get),
            ) {
                premises.push(in_range(&x, t));
            }
        }
        premises.extend(ctx.guards_at_ends(guards, &m, &get));
    }
    premises.extend(atoms.ranges(ctx));
    if guards.is_empty() {
        with_solver(|s| prove(s, &premises, &b.ge(&a)) || prove(s, &premises, &b.le(&a)))
    } else {
        // The guards bring conversions and remainders (wrap-around), on
        // which z3's incremental core can run into the wall-clock guard
        // without counting resources: a solver of its own per query, and a
        // small budget, as a failure only leaves the path alone.
        prove_alone_optional(&premises, &b.ge(&a)) || prove_alone_optional(&premises, &b.le(&a))
    }
}
