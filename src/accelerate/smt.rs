//! IR expressions as z3 integer terms, in two modes.
//!
//! `Exact` gives C's value of an expression (wrap-around modulo 2^width,
//! truncating division by nonzero constants) and is used to reason about
//! guards. `NoWrap` gives the mathematical value and records, for every
//! operation and conversion, the side condition that its mathematical
//! result fits its C type (under the condition that the operation is
//! evaluated at all): when all side conditions hold, the C value equals
//! the mathematical one. It is used to check the code tracc emits.
//! Operations outside the supported set give `None`.

use super::checks::const_value;
use super::poly::{Atom, Poly};
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, UnOp, VarId};
use std::collections::HashMap;
use z3::ast::{Array, Bool, Int};
use z3::{SatResult, Solver, Sort};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Exact,
    NoWrap,
}

pub fn int(v: i128) -> Int {
    // The same numeral either way; the 128-bit constructor goes through a
    // decimal string.
    if let Ok(v) = i64::try_from(v) {
        Int::from_i64(v)
    } else if let Ok(v) = u64::try_from(v) {
        Int::from_u64(v)
    } else {
        Int::from_i128(v)
    }
}

/// For `a & b` with one side a constant mask of low bits `m = 2^j - 1`
/// (`0 < j <= 62`), the other side and `m + 1`: in two's complement `a & m`
/// is that side modulo `m + 1`, whatever its sign.
pub(super) fn low_bits_operand<'e>(a: &'e Expr, b: &'e Expr) -> Option<(&'e Expr, i128)> {
    let (x, m) = match (const_value(a), const_value(b)) {
        (None, Some(m)) => (a, m),
        (Some(m), None) => (b, m),
        _ => return None,
    };
    (m > 0 && m < 1 << 62 && (m + 1) & m == 0).then_some((x, m + 1))
}

pub fn in_range(v: &Int, t: IntType) -> Bool {
    Bool::and(&[v.ge(int(t.min())), v.le(int(t.max()))])
}

fn b2i(b: &Bool) -> Int {
    b.ite(&int(1), &int(0))
}

fn i2b(i: &Int) -> Bool {
    i.eq(int(0)).not()
}

pub struct Eval<'a> {
    pub mode: Mode,
    /// Values of variables.
    pub vars: &'a HashMap<VarId, Int>,
    pub arrays: HashMap<VarId, Array>,
    /// Side conditions collected in `NoWrap` mode.
    pub sides: Vec<Bool>,
    /// Exact mode: operations known (from premises) not to leave their
    /// type, by structural key; they are evaluated without the modulo.
    pub in_range_keys: std::collections::HashSet<String>,
    fresh: usize,
}

impl<'a> Eval<'a> {
    pub fn new(mode: Mode, vars: &'a HashMap<VarId, Int>) -> Eval<'a> {
        Eval {
            mode,
            vars,
            arrays: HashMap::new(),
            sides: Vec::new(),
            in_range_keys: Default::default(),
            fresh: 0,
        }
    }

    fn wrap(&self, v: Int, t: IntType) -> Int {
        if self.mode == Mode::NoWrap || t.is_bool() {
            return v;
        }
        let m = int(1i128 << t.bits());
        if t.signed {
            let h = int(1i128 << (t.bits() - 1));
            (v + &h).modulo(&m) - h
        } else {
            v.modulo(&m)
        }
    }

    fn side(&mut self, ctx: &Bool, c: Bool) {
        if self.mode == Mode::NoWrap {
            self.sides.push(ctx.implies(&c));
        }
    }

    /// The expression as a truth value.
    pub fn truth(&mut self, e: &Expr, ctx: &Bool) -> Option<Bool> {
        match &e.kind {
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let x = self.value(a, ctx)?;
                let y = self.value(b, ctx)?;
                Some(match op {
                    BinOp::Lt => x.lt(&y),
                    BinOp::Le => x.le(&y),
                    BinOp::Gt => x.gt(&y),
                    BinOp::Ge => x.ge(&y),
                    BinOp::Eq => x.eq(&y),
                    _ => x.eq(&y).not(),
                })
            }
            ExprKind::Binary(BinOp::LogAnd, a, b) => {
                let x = self.truth(a, ctx)?;
                let c2 = Bool::and(&[ctx.clone(), x.clone()]);
                let y = self.truth(b, &c2)?;
                Some(Bool::and(&[x, y]))
            }
            ExprKind::Binary(BinOp::LogOr, a, b) => {
                let x = self.truth(a, ctx)?;
                let c2 = Bool::and(&[ctx.clone(), x.not()]);
                let y = self.truth(b, &c2)?;
                Some(Bool::or(&[x, y]))
            }
            ExprKind::Unary(UnOp::LogNot, a) => Some(self.truth(a, ctx)?.not()),
            ExprKind::Cast { expr, .. } if e.ty == CType::Int(IntType::BOOL) || e.ty == CType::Int(IntType::INT) => {
                // Conversions of truth values keep their truth (an `int` cast
                // of a comparison, a `_Bool` of anything).
                if e.ty == CType::Int(IntType::BOOL) || is_truth_valued(expr) {
                    self.truth(expr, ctx)
                } else {
                    Some(i2b(&self.value(e, ctx)?))
                }
            }
            _ => Some(i2b(&self.value(e, ctx)?)),
        }
    }

    /// The expression as an integer.
    pub fn value(&mut self, e: &Expr, ctx: &Bool) -> Option<Int> {
        if self.mode == Mode::Exact
            && !self.in_range_keys.is_empty()
            && self.in_range_keys.contains(&crate::ir::build::key(e))
        {
            self.mode = Mode::NoWrap;
            let saved = self.sides.len();
            let r = self.value(e, ctx);
            self.sides.truncate(saved);
            self.mode = Mode::Exact;
            return r;
        }
        let t = e.ty.as_int();
        match &e.kind {
            ExprKind::IntLit(v) => Some(int(*v)),
            ExprKind::Var(v) => self.vars.get(v).cloned(),
            ExprKind::Nondet(_) => {
                self.fresh += 1;
                let v = Int::fresh_const("nondet");
                let _ = self.fresh;
                Some(v)
            }
            ExprKind::Cast { expr, .. } => {
                let t = t?;
                if t.is_bool() {
                    return Some(b2i(&self.truth(expr, ctx)?));
                }
                let v = self.value(expr, ctx)?;
                let from = expr.ty.as_int()?;
                if t.includes(from) {
                    return Some(v);
                }
                self.side(ctx, in_range(&v, t));
                Some(self.wrap(v, t))
            }
            ExprKind::Unary(op, a) => {
                let t = t?;
                match op {
                    UnOp::Plus => self.value(a, ctx),
                    UnOp::Neg => {
                        let v = self.value(a, ctx)?.unary_minus();
                        self.side(ctx, in_range(&v, t));
                        Some(self.wrap(v, t))
                    }
                    UnOp::LogNot => Some(b2i(&self.truth(a, ctx)?.not())),
                    UnOp::BitNot => {
                        if self.mode == Mode::NoWrap {
                            return None;
                        }
                        // ~v == -v - 1 in two's complement.
                        let v = self.value(a, ctx)?.unary_minus() - int(1);
                        Some(self.wrap(v, t))
                    }
                }
            }
            ExprKind::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    return Some(b2i(&self.truth(e, ctx)?));
                }
                self.arith_value(*op, a, b, t?, ctx)
            }
            ExprKind::Cond(c, a, b) => {
                let cv = self.truth(c, ctx)?;
                let ca = Bool::and(&[ctx.clone(), cv.clone()]);
                let cb = Bool::and(&[ctx.clone(), cv.not()]);
                let x = self.value(a, &ca)?;
                let y = self.value(b, &cb)?;
                Some(cv.ite(&x, &y))
            }
            ExprKind::Index(a, i) => self.element_value(e, a, i, ctx),
            _ => None,
        }
    }

    /// `a op b` for `+ - * / %`, masks of low bits and shifts by constants
    /// in type `t`.
    fn arith_value(&mut self, op: BinOp, a: &Expr, b: &Expr, t: IntType, ctx: &Bool) -> Option<Int> {
        // A mask of low bits: the other operand modulo a power of two.
        if op == BinOp::BitAnd {
            let (operand, c) = low_bits_operand(a, b)?;
            return Some(self.value(operand, ctx)?.modulo(int(c)));
        }
        let x = self.value(a, ctx)?;
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul => {
                let y = self.value(b, ctx)?;
                let v = match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    _ => x * y,
                };
                self.side(ctx, in_range(&v, t));
                Some(self.wrap(v, t))
            }
            BinOp::Div | BinOp::Rem => {
                let y = self.value(b, ctx)?;
                // Exact mode: only nonzero constant divisors (C's division
                // by zero has no value to reason with).
                if self.mode == Mode::Exact && !matches!(b.kind, ExprKind::IntLit(c) if c != 0) {
                    return None;
                }
                self.side(ctx, y.eq(int(0)).not());
                let ax = x.ge(int(0)).ite(&x, &x.unary_minus());
                let ay = y.ge(int(0)).ite(&y, &y.unary_minus());
                let q_abs = ax.div(&ay);
                let same = x.ge(int(0)).iff(y.ge(int(0)));
                let q = same.ite(&q_abs, &q_abs.unary_minus());
                let v = if op == BinOp::Div { q } else { x.clone() - y.clone() * q };
                self.side(ctx, in_range(&v, t));
                let wrapped = self.wrap(v, t);
                if self.mode == Mode::Exact && !t.signed && matches!(b.kind, ExprKind::IntLit(c) if c > 0) {
                    // An unsigned dividend in its type: z3's `div` and `mod`
                    // are C's, and no wrap is needed (z3 did not see
                    // through the general form, `(l / 3U) % 2U`).
                    let direct = if op == BinOp::Div { x.div(&y) } else { x.modulo(&y) };
                    return Some(in_range(&x, t).ite(&direct, &wrapped));
                }
                Some(wrapped)
            }
            BinOp::Shl | BinOp::Shr => {
                let c = crate::ir::shift_within(b, t)?;
                let scale = int(1i128 << c);
                if op == BinOp::Shr {
                    // An arithmetic shift: the quotient rounded down, which
                    // is z3's `div` by a positive number.
                    return Some(x.div(&scale));
                }
                if t.signed {
                    self.side(ctx, x.ge(int(0)));
                }
                let v = x * scale;
                self.side(ctx, in_range(&v, t));
                Some(self.wrap(v, t))
            }
            _ => None,
        }
    }

    /// `a[i]` of an integer array variable: an uninterpreted array per
    /// variable.
    fn element_value(&mut self, e: &Expr, a: &Expr, i: &Expr, ctx: &Bool) -> Option<Int> {
        let ExprKind::Var(av) = a.skip_implicit().kind else {
            return None;
        };
        if !matches!(e.ty, CType::Int(_)) {
            return None;
        }
        let iv = self.value(i, ctx)?;
        let arr = self
            .arrays
            .entry(av)
            .or_insert_with(|| Array::new_const(format!("arr{}", av.0), &Sort::int(), &Sort::int()))
            .clone();
        arr.select(&iv).as_int()
    }
}

fn is_truth_valued(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary(op, ..) => op.is_comparison() || op.is_logical(),
        ExprKind::Unary(UnOp::LogNot, _) => true,
        _ => false,
    }
}

/// A polynomial as a z3 term, scaled by the common denominator `scale`
/// (returned) so that it is integral.
pub fn poly_term(p: &Poly, atoms: &dyn Fn(Atom) -> Int) -> Option<(Int, i128)> {
    let mut scale: i128 = 1;
    for c in p.terms.values() {
        let g = gcd(scale, c.den);
        scale = scale.checked_mul(c.den / g)?;
    }
    let mut parts: Vec<Int> = Vec::new();
    for (m, c) in &p.terms {
        let coeff = c.num.checked_mul(scale / c.den)?;
        let mut t = int(coeff);
        for (a, e) in m {
            for _ in 0..*e {
                t *= atoms(*a);
            }
        }
        parts.push(t);
    }
    let sum = if parts.is_empty() { int(0) } else { Int::add(&parts) };
    Some((sum, scale))
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a.max(1)
}

/// `p == q` as a z3 formula (both scaled to integers).
pub fn poly_eq(p: &Poly, q: &Poly, atoms: &dyn Fn(Atom) -> Int) -> Option<Bool> {
    let d = p.sub(q)?;
    let (t, _) = poly_term(&d, atoms)?;
    Some(t.eq(int(0)))
}

/// The value of a polynomial when it is integral: `v * scale == term`.
pub fn poly_value(p: &Poly, atoms: &dyn Fn(Atom) -> Int) -> Option<Int> {
    let (t, scale) = poly_term(p, atoms)?;
    if scale == 1 { Some(t) } else { Some(t.div(int(scale))) }
}

/// Whether z3 finds a model of `premises` (`false` also when it gives up).
pub fn satisfiable(solver: &Solver, premises: &[Bool]) -> bool {
    solver.push();
    for p in premises {
        solver.assert(p);
    }
    let r = solver.check();
    solver.pop(1);
    r == SatResult::Sat
}

/// Whether `claim` holds for all values (the solver proves its negation
/// unsatisfiable). Unknown counts as not proved.
pub fn prove(solver: &Solver, premises: &[Bool], claim: &Bool) -> bool {
    solver.push();
    let proved = refuted(solver, premises, claim);
    solver.pop(1);
    proved
}

/// `premises` and the negation of `claim` asserted into `solver`; whether
/// z3 shows them unsatisfiable (nothing is asserted when a point among
/// small values already refutes the claim).
pub fn refuted(solver: &Solver, premises: &[Bool], claim: &Bool) -> bool {
    // A point that refutes the claim, found by evaluation, is z3's answer
    // too, often long before z3 gives it (sampling.rs).
    if super::sampling::small_counterexample(premises, claim) {
        return false;
    }
    for p in premises {
        solver.assert(p);
    }
    solver.assert(claim.not());
    solver.check() == SatResult::Unsat
}
