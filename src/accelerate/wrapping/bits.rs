//! Bit-vector semantics for the wrapping counters' proofs: C's value of an
//! expression at its type's width (`BvEval`, with the side conditions C and
//! CBMC's checks need), constants, and a fresh bit-vector solver.
//!
//! In: IR expressions and z3 bit-vectors for their variables. Out: z3 terms
//! and whether a claim is proved.

use std::collections::HashMap;

use z3::Solver;
use z3::ast::{BV, Bool};

use crate::ir::{BinOp, Expr, ExprKind, UnOp, VarId};

/// `v` (taken modulo 2^bits) as a bit-vector constant.
pub(super) fn bv(v: i128, bits: u32) -> BV {
    BV::from_u64(v.rem_euclid(1i128 << bits) as u64, bits)
}

/// Whether z3 proves `claim` under `premises`, with a bit-vector solver of
/// its own: the integer solvers find nested modulo operations hard, and a
/// fresh solver bit-blasts where a reused (incremental) one searches, ten
/// times slower on these queries.
pub(super) fn proved(premises: &[Bool], claim: &Bool) -> bool {
    let solver = Solver::new_for_logic("QF_BV").unwrap_or_default();
    let mut p = z3::Params::new();
    p.set_u32("rlimit", RLIMIT);
    p.set_u32("timeout", 10_000);
    solver.set_params(&p);
    crate::accelerate::smt::prove(&solver, premises, claim)
}

/// The resource limit of a query (bit-blasting spends more units per query
/// than the integer solvers).
const RLIMIT: u32 = 5_000_000;

/// C's value of an expression as a bit-vector of its type's width, for the
/// operations of a counter's update, its guards and the conditions emitted
/// for them. `sides` collects what must hold for C to define the value and
/// for CBMC's default checks to pass: no signed overflow, no out-of-range
/// conversion to a signed type, no division by zero.
pub(super) struct BvEval {
    vars: HashMap<VarId, BV>,
    pub(super) sides: Vec<Bool>,
}

impl BvEval {
    pub(super) fn new(vars: HashMap<VarId, BV>) -> BvEval {
        BvEval {
            vars,
            sides: Vec::new(),
        }
    }

    pub(super) fn truth(&mut self, e: &Expr) -> Option<Bool> {
        match &e.kind {
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let t = a.int_type()?;
                if b.int_type()? != t {
                    return None;
                }
                let (x, y) = (self.value(a)?, self.value(b)?);
                Some(match (op, t.signed) {
                    (BinOp::Eq, _) => x.eq(&y),
                    (BinOp::Ne, _) => x.eq(&y).not(),
                    (BinOp::Lt, true) => x.bvslt(&y),
                    (BinOp::Lt, false) => x.bvult(&y),
                    (BinOp::Le, true) => x.bvsle(&y),
                    (BinOp::Le, false) => x.bvule(&y),
                    (BinOp::Gt, true) => x.bvsgt(&y),
                    (BinOp::Gt, false) => x.bvugt(&y),
                    (BinOp::Ge, true) => x.bvsge(&y),
                    (BinOp::Ge, false) => x.bvuge(&y),
                    _ => return None,
                })
            }
            ExprKind::Binary(BinOp::LogAnd, a, b) => Some(Bool::and(&[self.truth(a)?, self.truth(b)?])),
            ExprKind::Binary(BinOp::LogOr, a, b) => Some(Bool::or(&[self.truth(a)?, self.truth(b)?])),
            ExprKind::Unary(UnOp::LogNot, a) => Some(self.truth(a)?.not()),
            _ => {
                let t = e.int_type()?;
                Some(self.value(e)?.eq(BV::from_u64(0, t.bits())).not())
            }
        }
    }

    pub(super) fn value(&mut self, e: &Expr) -> Option<BV> {
        let t = e.int_type()?;
        if t.is_bool() {
            return None;
        }
        match &e.kind {
            ExprKind::IntLit(v) => Some(bv(*v, t.bits())),
            ExprKind::Var(v) => self.vars.get(v).cloned(),
            ExprKind::Cast { expr, .. } => {
                let from = expr.int_type()?;
                if from.is_bool() {
                    return None;
                }
                let x = self.value(expr)?;
                let (fb, tb) = (x.get_size(), t.bits());
                if tb > fb {
                    return Some(if from.signed {
                        x.sign_ext(tb - fb)
                    } else {
                        x.zero_ext(tb - fb)
                    });
                }
                let narrowed = if tb < fb { x.extract(tb - 1, 0) } else { x.clone() };
                // Only values of a signed target type convert exactly (an
                // unsigned target takes the value modulo 2^bits).
                if t.signed && (tb < fb || !from.signed) {
                    let fits = if tb < fb {
                        narrowed.sign_ext(fb - tb).eq(&x)
                    } else {
                        x.bvslt(BV::from_u64(0, fb)).not()
                    };
                    self.sides.push(fits);
                }
                Some(narrowed)
            }
            ExprKind::Binary(op, a, b) if !op.is_comparison() && !op.is_logical() => {
                let (x, y) = (self.value(a)?, self.value(b)?);
                if x.get_size() != t.bits() || y.get_size() != t.bits() {
                    return None;
                }
                let signed = t.signed;
                let zero = BV::from_u64(0, t.bits());
                Some(match op {
                    BinOp::Add => {
                        if signed {
                            self.sides.push(x.bvadd_no_overflow(&y, true));
                            self.sides.push(x.bvadd_no_underflow(&y));
                        }
                        x.bvadd(&y)
                    }
                    BinOp::Sub => {
                        if signed {
                            self.sides.push(x.bvsub_no_overflow(&y));
                            self.sides.push(x.bvsub_no_underflow(&y, true));
                        }
                        x.bvsub(&y)
                    }
                    BinOp::Mul => {
                        if signed {
                            self.sides.push(x.bvmul_no_overflow(&y, true));
                            self.sides.push(x.bvmul_no_underflow(&y));
                        }
                        x.bvmul(&y)
                    }
                    // By a power of two, as bit operations: the same value,
                    // which z3 handles far better than a divider.
                    BinOp::Div | BinOp::Rem
                        if !signed && matches!(b.kind, ExprKind::IntLit(p) if p > 0 && p & (p - 1) == 0) =>
                    {
                        let p = b.const_value()?;
                        match op {
                            BinOp::Div => x.bvlshr(bv(i128::from(p.trailing_zeros()), t.bits())),
                            _ => x.bvand(bv(p - 1, t.bits())),
                        }
                    }
                    BinOp::BitAnd => x.bvand(&y),
                    // By a constant below the width: what CBMC checks.
                    BinOp::Shr
                        if !signed && b.const_value().is_some_and(|k| (0..i128::from(t.bits())).contains(&k)) =>
                    {
                        x.bvlshr(&y)
                    }
                    BinOp::Div | BinOp::Rem => {
                        self.sides.push(y.eq(&zero).not());
                        if signed {
                            self.sides.push(x.bvsdiv_no_overflow(&y));
                        }
                        match (op, signed) {
                            (BinOp::Div, true) => x.bvsdiv(&y),
                            (BinOp::Div, false) => x.bvudiv(&y),
                            (_, true) => x.bvsrem(&y),
                            (_, false) => x.bvurem(&y),
                        }
                    }
                    _ => return None,
                })
            }
            ExprKind::Cond(c, a, b) => {
                let c = self.truth(c)?;
                let (x, y) = (self.value(a)?, self.value(b)?);
                Some(c.ite(&x, &y))
            }
            ExprKind::Binary(..) | ExprKind::Unary(UnOp::LogNot, _) => {
                let b = self.truth(e)?;
                Some(b.ite(&BV::from_u64(1, t.bits()), &BV::from_u64(0, t.bits())))
            }
            _ => None,
        }
    }
}
