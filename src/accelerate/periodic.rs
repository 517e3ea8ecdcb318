//! Guards whose truth repeats with a constant period.
//!
//! In: a guard of the path being accelerated in which everything that
//! changes from one iteration to the next occurs in operands `a % c` (a
//! constant `c > 0`, `a` moving by a constant step `s` per iteration: the
//! guard `7 * i % 10 != 3` of a path that increments `i`). Out: the period
//! `p`, the least common multiple of `c / gcd(|s|, c)` over those operands,
//! once z3 proves that the guard has the same truth at iterations `k` and
//! `k + p` whenever both are iterations of the range. Then, by induction,
//! "the guard holds at every `k < B`" is "the guard holds at every
//! `k < min(B, p)`": a quantifier with the constant range `p`, which CBMC's
//! SAT back end expands, or no quantifier at all when `p = 1`.
//!
//! A variable whose update undoes itself (`recurrence`'s alternating
//! values) repeats with period 2 wherever it occurs.
//!
//! A wrap-around of `a` would break the period, so the arithmetic of the
//! operands joins the path's checked operations (`operand_checks`, before
//! the guards are treated): the accelerator covers only iterations where it
//! stays in its type, and the proof may rely on that.

use super::symex::PathGuard;
use std::collections::BTreeSet;

use z3::ast::{Bool, Int};

use super::checks::{collect_checks, const_value};
use super::context::{Atoms, CheckPoly, Ctx, facts_at, moving_step};
use super::poly::Atom;
use super::recurrence::Kind;
use super::smt::{Eval, Mode, int, low_bits_operand};
use super::solver::prove_alone;
use super::symex::Sym;
use crate::ir::build;
use crate::ir::build::key;
use crate::ir::{BinOp, Expr, ExprKind, VarId};
use crate::reason::Reason;

/// The largest period treated: the back end instantiates the guard once
/// per iteration of the period, in every accelerator of every unwinding.
pub(super) const MAX_PERIOD: i128 = 256;

/// The operands `a % c` (constant `c > 0`) of `cond` that move by a
/// constant step, each with its period `c / gcd(|s|, c)`.
fn moving_moduli<'e>(ctx: &Ctx, cond: &'e Expr) -> Vec<(&'e Expr, i128)> {
    let mut out = Vec::new();
    cond.walk(&mut |x| {
        if let Some((a, c)) = modulus_operand(x)
            && let Some(s) = moving_step(ctx, a)
        {
            out.push((x, c / gcd(s.unsigned_abs() as i128, c)));
        }
    });
    out
}

/// `a` and `c` where `x` is `a % c` (a constant `c > 0`) or `a & (c - 1)`,
/// a mask of low bits (`smt::low_bits_operand`): either repeats with `a`'s
/// value modulo `c`.
pub(super) fn modulus_operand(x: &Expr) -> Option<(&Expr, i128)> {
    match &x.kind {
        ExprKind::Binary(BinOp::Rem, a, b) => Some((&**a, const_value(b).filter(|c| *c > 0)?)),
        ExprKind::Binary(BinOp::BitAnd, a, b) => low_bits_operand(a, b),
        _ => None,
    }
}

pub(super) fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The candidate period of `cond`: every occurrence of a variable the path
/// changes lies in a moving operand of `%`, and the period is at most
/// `MAX_PERIOD` (1 when every step is a multiple of its modulus: the truth
/// never changes while no operand wraps).
pub(super) fn candidate_period(ctx: &Ctx, cond: &Expr) -> Option<i128> {
    // Alternating variables repeat every two iterations wherever they are.
    let alternates = |v: &VarId| ctx.cfs.get(v).is_some_and(|c| matches!(c.kind, Kind::Alternating(_)));
    let changes = |v: &VarId| ctx.cfs.get(v).is_some_and(|c| !matches!(c.kind, Kind::Invariant)) && !alternates(v);
    let changing_uses = |e: &Expr| {
        let mut count = 0usize;
        e.walk(&mut |x| {
            if let ExprKind::Var(v) = &x.kind
                && changes(v)
            {
                count += 1;
            }
        });
        count
    };
    let moduli = moving_moduli(ctx, cond);
    let mut vars = BTreeSet::new();
    build::vars_of(cond, &mut vars);
    let alternating = vars.iter().any(alternates);
    if (moduli.is_empty() && !alternating)
        || moduli.iter().map(|(m, _)| changing_uses(m)).sum::<usize>() != changing_uses(cond)
    {
        return None;
    }
    let mut period = if alternating { 2 } else { 1 };
    for (_, p) in moduli {
        period = period / gcd(period, p) * p;
        if period > MAX_PERIOD {
            return None;
        }
    }
    Some(period)
}

/// Add the arithmetic of the moving `%` operands of the guards that may be
/// periodic to the path's checked operations.
pub(super) fn operand_checks(ctx: &Ctx, sym: &mut Sym) -> Result<(), Reason> {
    let mut seen: BTreeSet<String> = sym.checks.iter().map(key).collect();
    for PathGuard { cond: g, .. } in &sym.guards {
        if candidate_period(ctx, g).is_none() {
            continue;
        }
        for (m, _) in moving_moduli(ctx, g) {
            if let Some((a, _)) = modulus_operand(m) {
                collect_checks(a, &mut sym.checks, &mut seen)?;
            }
        }
    }
    Ok(())
}

/// The period of `cond` over the iterations `0 ..= last` (`last` is
/// `n - 1`, or `n - 2` after the body), if z3 proves it: with no checked
/// operation leaving its type at `k` and at `k + p`, the guard has the same
/// truth at both. (A periodic guard that never holds at two iterations in
/// a row was refused before, by `reject_never_repeating`.)
pub(super) fn proved_period(ctx: &Ctx, cond: &Expr, after_body: bool, check_polys: &[CheckPoly]) -> Option<i128> {
    let p = candidate_period(ctx, cond)?;
    let cond = &literal_divisors(cond.clone());
    let g = GuardAt::new(ctx, cond, after_body, check_polys);
    let check = || -> Option<bool> {
        let k = Int::fresh_const("k");
        let later = &k + int(p);
        let (now, then) = (g.at(&k)?, g.at(&later)?);
        let mut premises = vec![
            g.n.ge(int(1)),
            g.n.le(int(u64::MAX as i128)),
            k.ge(int(0)),
            later.le(&g.last),
        ];
        premises.push(g.facts(&k)?);
        premises.push(g.facts(&later)?);
        premises.extend(g.atoms.ranges(ctx));
        Some(prove_alone(&premises, &now.iff(&then)))
    };
    check().unwrap_or(false).then_some(p)
}

/// `NeverRepeats` where a guard of the path that may be periodic (a
/// modulus or an alternating variable in it) is proved never to hold at two
/// iterations in a row, from any state. Asked once per path, before its
/// closed forms' monotonicity (z3 seconds on a sum the path could never
/// accelerate), so without the path's no-overflow facts, which are not
/// known yet: fewer premises, a weaker proof, as sound.
pub(super) fn reject_never_repeating(ctx: &Ctx, guards: &[PathGuard]) -> Result<(), Reason> {
    for PathGuard {
        cond,
        assertion,
        after_body,
    } in guards
    {
        if !assertion
            && candidate_period(ctx, cond).is_some_and(|p| p > 1)
            && GuardAt::new(ctx, &literal_divisors(cond.clone()), *after_body, &[]).never_twice()
        {
            return Err(Reason::NeverRepeats);
        }
    }
    Ok(())
}

/// A guard of the path at any iteration `j` of an accelerator of `n`
/// iterations (`j <= last`: `n - 1`, or `n - 2` after the body), in z3,
/// with C's exact arithmetic, and the no-overflow facts of `check_polys`.
struct GuardAt<'a> {
    ctx: &'a Ctx<'a>,
    cond: &'a Expr,
    check_polys: &'a [CheckPoly],
    names: BTreeSet<VarId>,
    keys: std::collections::HashSet<String>,
    atoms: Atoms,
    n: Int,
    last: Int,
}

impl<'a> GuardAt<'a> {
    fn new(ctx: &'a Ctx<'a>, cond: &'a Expr, after_body: bool, check_polys: &'a [CheckPoly]) -> GuardAt<'a> {
        let n = Int::fresh_const("n");
        let last = if after_body { &n - int(2) } else { &n - int(1) };
        let mut names = BTreeSet::new();
        build::vars_of(cond, &mut names);
        GuardAt {
            ctx,
            cond,
            check_polys,
            names,
            keys: check_polys.iter().map(|c| key(&c.node)).collect(),
            atoms: Atoms::new(),
            n,
            last,
        }
    }

    /// The guard's truth at iteration `j`.
    fn at(&self, j: &Int) -> Option<Bool> {
        let get = |a: Atom| self.atoms.get(a);
        let state = self.ctx.state_at(&self.names, j, &get)?;
        let mut ev = Eval::new(Mode::Exact, &state);
        ev.in_range_keys = self.keys.clone();
        ev.truth(self.cond, &Bool::from_bool(true))
    }

    /// No checked operation leaves its type at iteration `j`.
    fn facts(&self, j: &Int) -> Option<Bool> {
        let get = |a: Atom| self.atoms.get(a);
        facts_at(self.ctx, self.check_polys, &get, &self.n, j)
    }

    /// z3 proves that the guard never holds at the first two iterations
    /// together: the path cannot run twice in a row.
    fn never_twice(&self) -> bool {
        let proved = || -> Option<bool> {
            let (first, second) = (self.at(&int(0))?, self.at(&int(1))?);
            let mut premises = vec![self.last.ge(int(1)), self.n.le(int(u64::MAX as i128))];
            premises.push(self.facts(&int(0))?);
            premises.push(self.facts(&int(1))?);
            premises.extend(self.atoms.ranges(self.ctx));
            Some(prove_alone(&premises, &Bool::and(&[first, second]).not()))
        };
        proved().unwrap_or(false)
    }
}

/// `cond` with every constant divisor written as a literal (the front end
/// wraps them in conversions), so that the exact evaluation models the
/// division; the operands, and so the keys of the checked operations, stay
/// as they are.
pub(super) fn literal_divisors(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Binary(op @ (BinOp::Div | BinOp::Rem), a, b) => {
            let b = match (const_value(&b), b.int_type()) {
                (Some(c), Some(t)) => Expr::int(c, t),
                _ => literal_divisors(*b),
            };
            Expr::new(
                ExprKind::Binary(op, Box::new(literal_divisors(*a)), Box::new(b)),
                e.ty,
                e.span,
            )
        }
        _ => build::map_operands(e, &literal_divisors),
    }
}
