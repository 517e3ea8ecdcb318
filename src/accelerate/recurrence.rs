//! Recurrences and their closed forms.
//!
//! In: the path's effect (`Sym::full_vals`), read as exact polynomials
//! (`to_poly`). Out: per variable a closed form `Cf` in the iteration count
//! `k` (`solve`), checked by z3 against its recurrence (`verify_recurrences`).

use super::poly::{Atom, Poly};
use super::wide::{abs_ul, add_nonneg, sub_nonneg};
use crate::ir::build::{arith, cast, cmp, ite, lit, ulong};
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, UnOp, VarId};
use crate::reason::Reason;
use std::collections::BTreeMap;

/// `e` without its integer conversions (they keep the values 0 and 1).
pub(super) fn uncast(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast { expr, .. } if e.ty.as_int().is_some() => uncast(expr),
        _ => e,
    }
}

/// A `_Bool` variable, or `!` of anything 0 or 1 (`!!b`, as two composed
/// iterations of `b = !b` give): its value is 0 or 1.
fn zero_or_one(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(_) => e.ty.as_int().is_some_and(|t| t.is_bool()),
        ExprKind::Unary(UnOp::LogNot, a) => zero_or_one(uncast(a)),
        _ => false,
    }
}

/// The mathematical value of an expression as a polynomial, with each
/// variable replaced by `env(v)` (variables without entry are atoms).
pub(super) fn to_poly(e: &Expr, env: &dyn Fn(VarId) -> Option<Poly>) -> Option<Poly> {
    match &e.kind {
        ExprKind::IntLit(v) => Some(Poly::constant(*v)),
        ExprKind::Var(v) => {
            if !matches!(e.ty, CType::Int(_)) {
                return None;
            }
            Some(env(*v).unwrap_or_else(|| Poly::var(*v)))
        }
        ExprKind::Cast { expr, .. } => {
            let t = e.ty.as_int()?;
            // A conversion to `_Bool` keeps only a value that is 0 or 1.
            if t.is_bool() && !matches!(uncast(expr).kind, ExprKind::Unary(UnOp::LogNot, _)) {
                return None;
            }
            to_poly(expr, env)
        }
        // `!b` of a value `b` that is 0 or 1 is `1 - b`.
        ExprKind::Unary(UnOp::LogNot, a) if zero_or_one(uncast(a)) => Poly::constant(1).sub(&to_poly(uncast(a), env)?),
        ExprKind::Unary(UnOp::LogNot, _) => None,
        ExprKind::Unary(UnOp::Plus, a) => to_poly(a, env),
        ExprKind::Unary(UnOp::Neg, a) => to_poly(a, env)?.neg(),
        // `a << c` is `a * 2^c` wherever C defines it; the checks of the
        // shift (`overflow::no_wrap`) keep the values there.
        ExprKind::Binary(BinOp::Shl, a, _) => {
            let c = e.constant_shift()?;
            to_poly(a, env)?.mul(&Poly::constant(1i128 << c))
        }
        // A quotient of constants (what an inner loop taken one iteration
        // at a time leaves of halving a constant) is its value in C.
        ExprKind::Binary(BinOp::Div | BinOp::Rem | BinOp::Shr, ..) => e.const_value().map(Poly::constant),
        ExprKind::Binary(op, a, b) => {
            let x = to_poly(a, env)?;
            let y = to_poly(b, env)?;
            match op {
                BinOp::Add => x.add(&y),
                BinOp::Sub => x.sub(&y),
                BinOp::Mul => x.mul(&y),
                _ => None,
            }
        }
        _ => None,
    }
}

/// How a variable's value develops over the iterations.
#[derive(Clone, Debug)]
pub(super) enum Kind {
    Invariant,
    /// `x0 + step * k`.
    Linear(LinStep),
    /// Not self-dependent: the value after iteration `k >= 1` is the update
    /// applied to the values of iteration `k - 1`.
    Delayed,
    /// Any other polynomial: emitted where it is of degree at most 2 over
    /// values of at most 32 bits and monotone over the covered iterations.
    Polynomial,
    /// An update that undoes itself: `x' = a - x` with `a` unchanged by the
    /// path (`x = -x`, `i = 1 - i`), or a swap of two variables
    /// (`x' = y, y' = x`). The value is `x0` at even `k` and this
    /// polynomial over the values before the first iteration (`a - x0`,
    /// `y0`) at odd `k`: not a polynomial in `k`.
    Alternating(Poly),
}

#[derive(Clone, Debug)]
pub(super) enum LinStep {
    Const(i128),
    /// `sign * e` for an expression `e` (of type `ty`) over variables the
    /// path does not change: a variable, or an affine combination of
    /// narrow variables computed exactly in `long`.
    Sym {
        pos: bool,
        expr: Expr,
        ty: IntType,
    },
}

#[derive(Clone, Debug)]
pub(super) struct Cf {
    /// Value at `k = 0` (always the atom itself).
    pub(super) first: Poly,
    /// Value for `k >= 1` as a polynomial in `K`.
    pub(super) rest: Poly,
    pub(super) kind: Kind,
}

impl Cf {
    /// The value for `k >= 1` as a polynomial in `K`, unless the value
    /// alternates (then it is none).
    pub(super) fn in_k(&self) -> Option<&Poly> {
        match self.kind {
            Kind::Alternating(_) => None,
            _ => Some(&self.rest),
        }
    }

    pub(super) fn piecewise(&self) -> bool {
        self.rest.at_k(&Poly::zero()).as_ref() != Some(&self.first)
    }
}

/// Solve the recurrences `x' = f_x(vars)`: variables the path leaves
/// unchanged first, then, round by round, every variable whose other
/// dependencies are solved.
pub(super) fn solve(
    updates: &BTreeMap<VarId, Poly>,
    name: &dyn Fn(VarId) -> String,
    ty: &dyn Fn(VarId) -> Option<CType>,
) -> Result<BTreeMap<VarId, Cf>, Reason> {
    let mut cfs: BTreeMap<VarId, Cf> = BTreeMap::new();
    swaps(updates, &mut cfs);
    for (x, f) in updates {
        if *f == Poly::var(*x) {
            cfs.insert(
                *x,
                Cf {
                    first: f.clone(),
                    rest: f.clone(),
                    kind: Kind::Invariant,
                },
            );
        }
    }
    loop {
        let mut progress = false;
        for (x, f) in updates {
            if cfs.contains_key(x) {
                continue;
            }
            if let Some(cf) = solve_one(*x, f, updates, &cfs, name, ty)? {
                cfs.insert(*x, cf);
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    if let Some(x) = updates.keys().find(|x| !cfs.contains_key(x)) {
        return Err(Reason::CyclicUpdate(name(*x)));
    }
    Ok(cfs)
}

/// The closed form of `x' = f`, once those of the other state variables `f`
/// reads are known (`None` before).
fn solve_one(
    x: VarId,
    f: &Poly,
    updates: &BTreeMap<VarId, Poly>,
    cfs: &BTreeMap<VarId, Cf>,
    name: &dyn Fn(VarId) -> String,
    ty: &dyn Fn(VarId) -> Option<CType>,
) -> Result<Option<Cf>, Reason> {
    let deps: Vec<Atom> = f
        .atoms()
        .into_iter()
        .filter(|a| *a != Atom::Var(x) && matches!(a, Atom::Var(v) if updates.contains_key(v)))
        .collect();
    if deps.iter().any(|a| matches!(a, Atom::Var(v) if !cfs.contains_key(v))) {
        return Ok(None);
    }
    // `Poly::subst` keeps an atom it gets no polynomial for: an alternating
    // dependency would be taken for an unchanged value.
    if deps
        .iter()
        .any(|a| matches!(a, Atom::Var(v) if cfs.get(v).is_some_and(|c| c.in_k().is_none())))
    {
        return Err(Reason::DependsOnAlternating(name(x)));
    }
    let any_piecewise = deps
        .iter()
        .any(|a| matches!(a, Atom::Var(v) if cfs.get(v).is_some_and(|c| c.piecewise())));
    if !f.mentions(Atom::Var(x)) {
        if any_piecewise {
            return Err(Reason::DelayedDependency(name(x)));
        }
        let rest = f.subst(&|a| shifted(cfs, a, -1, false)).ok_or("coefficient overflow")?;
        return Ok(Some(Cf {
            first: Poly::var(x),
            rest,
            kind: Kind::Delayed,
        }));
    }
    if involution(x, f, updates, cfs) {
        return Ok(Some(alternating(x, f.clone())));
    }
    let g = f.sub(&Poly::var(x)).ok_or("coefficient overflow")?;
    if g.mentions(Atom::Var(x)) {
        return Err(Reason::NotAdditive(name(x)));
    }
    // x(k) = x0 + sum_{j<k} g(j), with g(0) taken from the first values
    // when a dependency is piecewise.
    let g_rest = g.subst(&|a| shifted(cfs, a, 0, false)).ok_or("coefficient overflow")?;
    let g_first = g.subst(&|a| shifted(cfs, a, 0, true)).ok_or("coefficient overflow")?;
    let g_rest0 = g_rest.at_k(&Poly::zero()).ok_or("coefficient overflow")?;
    let sum = g_rest.sum_below_k().ok_or_else(|| Reason::DegreeTooHigh(name(x)))?;
    let rest = Poly::var(x)
        .add(&g_first)
        .and_then(|p| p.sub(&g_rest0))
        .and_then(|p| p.add(&sum))
        .ok_or("coefficient overflow")?;
    let kind = if any_piecewise {
        Kind::Polynomial
    } else if let Some(c) = g.as_const() {
        match c.as_int() {
            Some(c) => Kind::Linear(LinStep::Const(c)),
            None => Kind::Polynomial,
        }
    } else {
        lin_var_step(&g, updates, cfs, ty).map_or(Kind::Polynomial, Kind::Linear)
    };
    Ok(Some(Cf {
        first: Poly::var(x),
        rest,
        kind,
    }))
}

/// Whether `f` is `a - x` with `a` over values the path does not change:
/// the update undoes itself, so the values alternate.
fn involution(x: VarId, f: &Poly, updates: &BTreeMap<VarId, Poly>, cfs: &BTreeMap<VarId, Cf>) -> bool {
    let Some(a) = f.add(&Poly::var(x)) else {
        return false;
    };
    let unchanged = |at: &Atom| match at {
        Atom::Var(v) => {
            *v != x && (!updates.contains_key(v) || cfs.get(v).is_some_and(|c| matches!(c.kind, Kind::Invariant)))
        }
        Atom::K => false,
    };
    a.atoms().iter().all(unchanged)
}

/// The closed form of `x` whose value at odd iterations is `odd`.
fn alternating(x: VarId, odd: Poly) -> Cf {
    Cf {
        first: Poly::var(x),
        rest: Poly::var(x),
        kind: Kind::Alternating(odd),
    }
}

/// Pairs of variables the path swaps (`x' = y`, `y' = x`), alternating.
fn swaps(updates: &BTreeMap<VarId, Poly>, cfs: &mut BTreeMap<VarId, Cf>) {
    for (x, f) in updates {
        for (y, g) in updates {
            if x < y && !cfs.contains_key(x) && !cfs.contains_key(y) && *f == Poly::var(*y) && *g == Poly::var(*x) {
                cfs.insert(*x, alternating(*x, f.clone()));
                cfs.insert(*y, alternating(*y, g.clone()));
            }
        }
    }
}

/// The closed form of the variable `a` at iteration `k + shift` (its first
/// value when `first`); `None` for `k` itself.
fn shifted(cfs: &BTreeMap<VarId, Cf>, a: Atom, shift: i128, first: bool) -> Option<Poly> {
    let Atom::Var(v) = a else { return None };
    let c = cfs.get(&v)?;
    if first {
        return Some(c.first.clone());
    }
    let kk = Poly::k().add(&Poly::constant(shift))?;
    c.in_k()?.at_k(&kk)
}

/// A step `g` made of variables the path does not change: `±y`, or an
/// affine combination of variables of at most 32 bits (exact in `long`).
fn lin_var_step(
    g: &Poly,
    updates: &BTreeMap<VarId, Poly>,
    cfs: &BTreeMap<VarId, Cf>,
    ty: &dyn Fn(VarId) -> Option<CType>,
) -> Option<LinStep> {
    let invariant =
        |y: &VarId| !updates.contains_key(y) || matches!(cfs.get(y).map(|c| &c.kind), Some(Kind::Invariant));
    let mut terms = Vec::new();
    let mut konst = 0i128;
    for (m, c) in &g.terms {
        let c = c.as_int()?;
        match m.as_slice() {
            [] => konst = c,
            [(Atom::Var(y), 1)] if invariant(y) => terms.push((*y, c)),
            _ => return None,
        }
    }
    if let ([(y, c)], 0) = (terms.as_slice(), konst)
        && c.abs() == 1
    {
        let t = ty(*y)?;
        return Some(LinStep::Sym {
            pos: *c == 1,
            expr: Expr::var(*y, t.clone()),
            ty: t.as_int()?,
        });
    }
    let l = IntType::LONG;
    if konst.abs() > 1 << 40 {
        return None;
    }
    let mut e = lit(konst, l);
    for (y, c) in terms {
        let t = ty(y)?.as_int()?;
        if t.bits() > 32 || c.abs() > 1 << 20 {
            return None;
        }
        let term = arith(BinOp::Mul, cast(Expr::var(y, CType::Int(t)), l), lit(c, l), l);
        e = if matches!(e.kind, ExprKind::IntLit(0)) {
            term
        } else {
            arith(BinOp::Add, e, term, l)
        };
    }
    Some(LinStep::Sym {
        pos: true,
        expr: e,
        ty: l,
    })
}

/// `x0 + step * k` for `k` no larger than the bound that keeps it in `t`.
pub(super) fn linear_value(x: Expr, t: IntType, step: &LinStep, k: &Expr) -> Expr {
    let ul = IntType::ULONG;
    match step {
        LinStep::Const(c) => {
            let d = arith(BinOp::Mul, k.clone(), ulong(c.abs()), ul);
            if *c >= 0 {
                add_nonneg(x, d, t)
            } else {
                sub_nonneg(x, d, t)
            }
        }
        LinStep::Sym { pos, expr, ty } => {
            let s = *ty;
            let yv = expr.clone();
            let d_pos = arith(BinOp::Mul, k.clone(), cast(yv.clone(), ul), ul);
            let add = |d: Expr| add_nonneg(x.clone(), d, t);
            let sub = |d: Expr| sub_nonneg(x.clone(), d, t);
            if !s.signed {
                return if *pos { add(d_pos) } else { sub(d_pos) };
            }
            let d_neg = arith(BinOp::Mul, k.clone(), abs_ul(yv.clone(), s), ul);
            let nonneg = cmp(BinOp::Ge, yv, lit(0, s));
            if *pos {
                ite(nonneg, add(d_pos), sub(d_neg))
            } else {
                ite(nonneg, sub(d_pos), add(d_neg))
            }
        }
    }
}
