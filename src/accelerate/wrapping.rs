//! Counters that wrap around their unsigned type.
//!
//! In: an iteration path. Out: its *wrapping counters* and the path without
//! them. A wrapping counter is an unsigned variable `w` of `b` bits whose
//! one update adds a constant `s` modulo 2^b (`c++` on an `unsigned char`,
//! `i += 1000000` on an `unsigned int`), and which nothing on the path reads
//! but that update and guards over `w` alone (before the end of the body,
//! at least one), each true for every value of the type (`c < 256`) or for
//! all values but one (`c != 100`). Such a counter is exact modulo 2^b at any iteration
//! count, wrap-around included: after `k` iterations it is `w0 + s*k mod
//! 2^b`. A guard that excludes `v` and is evaluated after `u` updates fails
//! first at the iteration `d` with `w0 + s*(d + u) = v (mod 2^b)`; for an
//! odd `s` (the only steps taken with such a guard: `++`, `--`, `+= 3`)
//! that is `d = (v - w0 - s*u) * inv mod 2^b`, `inv` the inverse of `s`, so
//! the guard holds at iterations `0 .. n-1` exactly when `n <= d`, computed
//! in `unsigned long` (no overflow, no conversion that CBMC checks).
//!
//! The rest of the path is accelerated as always (`accelerate_path` on the
//! stripped path); the counters add their conditions and final values. z3
//! proves, before anything is used, that the update adds `s` modulo 2^b,
//! what each guard excludes, the condition in both directions (with `d` as
//! the witness) and the emitted final value.
//!
//! Why: an accelerator otherwise covers only iterations in which no value
//! wraps, so a loop that runs through a wrap-around needs an original
//! iteration per wrap, and the bug or proof behind it stays deeper than
//! `--unwind 3`. Signed counters are never taken: their overflow is
//! undefined behaviour, for the checker to find.

use std::collections::{BTreeSet, HashMap};

use z3::Solver;
use z3::ast::{BV, Bool};

use super::{ClosedForm, GuardInfo, GuardTreatment};
use crate::ir::build::{self, arith, cast, cmp, ulong};
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, Program, Storage, UnOp, VarId};
use crate::loops::{Lhs, Path, Step};

/// A counter's guard: what it excludes.
#[derive(Clone, Debug)]
struct Guard {
    /// The guard over the values at the start of the iteration (the
    /// update substituted where it comes first), as the others are.
    cond: Expr,
    /// The value it excludes; `None`: true for every value of the type.
    excluded: Option<i128>,
    /// Whether the counter's update comes before the guard on the path.
    after_update: bool,
}

/// A wrapping counter of a path (see the module comment).
#[derive(Clone, Debug)]
pub(super) struct Counter {
    pub var: VarId,
    name: String,
    ty: IntType,
    /// The step modulo 2^bits, nonzero.
    step: i128,
    /// The update is in the body (not in the `for` step after it): the
    /// accelerator performs it `n` times, else `n - 1`.
    in_body: bool,
    guards: Vec<Guard>,
}

/// The path without its wrapping counters, and the counters.
pub(super) struct Stripped {
    pub path: Path,
    pub counters: Vec<Counter>,
}

/// The wrapping counters of `path` (each proved, see the module comment),
/// or `None` when it has none.
pub(super) fn wrapping_counters(program: &Program, path: &Path) -> Option<Stripped> {
    let reads = |s: &Step, out: &mut BTreeSet<VarId>| match s {
        Step::Assume(e) | Step::Assert(e, _) => build::vars_of(e, out),
        Step::Assign(lhs, e) => {
            build::vars_of(e, out);
            if let Lhs::Index(a, i) = lhs {
                out.insert(*a);
                build::vars_of(i, out);
            }
        }
        Step::Havoc(_) => {}
    };
    let read_by: Vec<BTreeSet<VarId>> = path
        .steps
        .iter()
        .map(|s| {
            let mut vs = BTreeSet::new();
            reads(s, &mut vs);
            vs
        })
        .collect();
    // Temporaries that hold a value nobody reads (`tracc_t1_old = c` of a
    // post-increment): their assignments read nothing that matters.
    let dead: Vec<bool> = path
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            Step::Assign(Lhs::Var(t), _) if path.locals.contains(t) => {
                !read_by.iter().enumerate().any(|(j, r)| j != i && r.contains(t))
            }
            _ => false,
        })
        .collect();
    let mut counters = Vec::new();
    let mut removed = BTreeSet::new();
    for (i, step) in path.steps.iter().enumerate() {
        let Step::Assign(Lhs::Var(w), update) = step else {
            continue;
        };
        if removed.contains(&i) {
            continue;
        }
        if let Some((counter, steps)) = counter(program, path, (*w, i, update), &read_by, &dead) {
            counters.push(counter);
            removed.extend(steps);
        }
    }
    if counters.is_empty() {
        return None;
    }
    let mut stripped = path.clone();
    stripped.steps = Vec::new();
    stripped.split = 0;
    for (i, s) in path.steps.iter().enumerate() {
        if !removed.contains(&i) {
            stripped.steps.push(s.clone());
            stripped.split += usize::from(i < path.split);
        }
    }
    Some(Stripped {
        path: stripped,
        counters,
    })
}

/// The counter `w` updated at step `at` by `update`, with the steps it
/// takes from the path, if it is one (`read_by[i]`: the variables step `i`
/// reads; `dead[i]`: step `i` assigns a temporary nothing reads).
fn counter(
    program: &Program,
    path: &Path,
    (w, at, update): (VarId, usize, &Expr),
    read_by: &[BTreeSet<VarId>],
    dead: &[bool],
) -> Option<(Counter, Vec<usize>)> {
    let decl = path.var_decl(program, w)?;
    let ty = decl.ty.as_int()?;
    if ty.signed || ty.is_bool() || decl.storage == Storage::Global || path.locals.contains(&w) {
        return None;
    }
    let mut update_vars = BTreeSet::new();
    build::vars_of(update, &mut update_vars);
    if update_vars != BTreeSet::from([w]) {
        return None;
    }
    let at_zero = build::subst(update, &|v| (v == w).then(|| build::lit(0, ty)));
    let step = at_zero.const_value()?.rem_euclid(modulus(ty));
    if step == 0 {
        return None;
    }
    // What the path does with `w`, read off the steps before any proof.
    let mut guard_steps = Vec::new();
    let mut steps = vec![at];
    for (i, s) in path.steps.iter().enumerate() {
        if i == at || !read_by[i].contains(&w) {
            if i != at && matches!(s, Step::Assign(Lhs::Var(x), _) | Step::Havoc(x) if *x == w) {
                return None; // a second write
            }
            continue;
        }
        match s {
            Step::Assume(g) if i < path.split && read_by[i] == BTreeSet::from([w]) => {
                guard_steps.push((i, g));
                steps.push(i);
            }
            _ if dead[i] => steps.push(i),
            _ => return None,
        }
    }
    // A counter no guard reads would be exact modulo 2^bits too, but CBMC
    // then has to prove relations between products modulo 2^bits (3x == 2y
    // of x += 2, y += 3), which its SAT back end takes minutes for: such
    // variables keep their bound at the wrap.
    if guard_steps.is_empty() || !adds_step(update, w, ty, step) {
        return None;
    }
    let guards = guard_steps
        .into_iter()
        .map(|(i, g)| {
            let after_update = at < i;
            Some(Guard {
                cond: if after_update {
                    build::subst(g, &|v| (v == w).then(|| update.clone()))
                } else {
                    g.clone()
                },
                excluded: excluded_value(g, w, ty)?,
                after_update,
            })
        })
        .collect::<Option<Vec<Guard>>>()?;
    // An even step meets only every second value (or fewer): where the
    // guard first fails is then a question z3 answers slowly, if at all.
    if step % 2 == 0 && guards.iter().any(|g| g.excluded.is_some()) {
        return None;
    }
    let counter = Counter {
        var: w,
        name: decl.name.clone(),
        ty,
        step,
        in_body: at < path.split,
        guards,
    };
    // The condition must be proved for some iteration count variable; the
    // proof does not depend on which.
    let placeholder = VarId(usize::MAX);
    let n = Expr::var(placeholder, build::ULONG);
    for g in &counter.guards {
        if let Some(v) = g.excluded
            && !condition_exact(&counter, g, v, &n, placeholder)
        {
            return None;
        }
    }
    if !final_value_exact(&counter, &n, placeholder) {
        return None;
    }
    Some((counter, steps))
}

fn modulus(t: IntType) -> i128 {
    1i128 << t.bits()
}

/// z3: `update` is `w + step` modulo 2^bits for every value of `w`, and
/// computes nothing that C leaves undefined or CBMC checks.
fn adds_step(update: &Expr, w: VarId, ty: IntType, step: i128) -> bool {
    let x = BV::fresh_const("w", ty.bits());
    let mut eval = BvEval::new(HashMap::from([(w, x.clone())]));
    let Some(v) = eval.value(update) else { return false };
    let claim = Bool::and(&[Bool::and(&eval.sides), v.eq(x.bvadd(bv(step, ty.bits())))]);
    proved(&[], &claim)
}

/// What the guard `g` over `w` alone excludes: `Some(None)` when it holds
/// for every value of the type, `Some(Some(v))` when it holds for every
/// value but `v` (both proved by z3), `None` otherwise.
fn excluded_value(g: &Expr, w: VarId, ty: IntType) -> Option<Option<i128>> {
    let x = BV::fresh_const("w", ty.bits());
    let mut eval = BvEval::new(HashMap::from([(w, x.clone())]));
    let truth = eval.truth(g)?;
    if !proved(&[], &Bool::and(&eval.sides)) {
        return None;
    }
    if proved(&[], &truth) {
        return Some(None);
    }
    // `w != v` as C writes it: a disequality with a constant side.
    let (a, b) = super::single_point::disequality_sides(g)?;
    let v = a.const_value().or_else(|| b.const_value())?;
    if !ty.contains(v) {
        return None;
    }
    proved(&[], &truth.eq(x.eq(bv(v, ty.bits())).not())).then_some(Some(v))
}

/// `e mod 2^bits` in `unsigned long` (nothing to do for 64 bits).
fn mod_pow2(e: Expr, bits: u32) -> Expr {
    if bits >= 64 {
        e
    } else {
        arith(BinOp::Rem, e, ulong(1i128 << bits), IntType::ULONG)
    }
}

/// The inverse of the odd `a` modulo 2^64 (Newton's iteration doubles the
/// correct low bits each round: 3, 6, 12, 24, 48, 96).
fn inverse_mod_2_64(a: i128) -> i128 {
    let a = a as u64;
    let mut x = a;
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    i128::from(x)
}

/// The first iteration at which the guard `g` (excluding `v`) fails, as C:
/// `(v - w0 - s*u) * inv` modulo 2^bits, in `unsigned long`.
fn first_failing(c: &Counter, g: &Guard, v: i128) -> Expr {
    let bits = c.ty.bits();
    let already = if g.after_update { c.step } else { 0 };
    let wu = cast(Expr::var(c.var, CType::Int(c.ty)), IntType::ULONG);
    // `unsigned long` arithmetic wraps modulo 2^64, a multiple of 2^bits.
    let offset = (v - already).rem_euclid(modulus(c.ty));
    let diff = mod_pow2(arith(BinOp::Sub, ulong(offset), wu, IntType::ULONG), bits);
    let inv = inverse_mod_2_64(c.step) & (modulus(c.ty) - 1);
    if inv == 1 {
        diff
    } else {
        mod_pow2(arith(BinOp::Mul, diff, ulong(inv), IntType::ULONG), bits)
    }
}

/// The condition on `n` under which the guard `g` (excluding `v`) holds at
/// iterations `0 .. n-1`.
fn condition(c: &Counter, g: &Guard, v: i128, n: &Expr) -> Expr {
    cmp(BinOp::Le, n.clone(), first_failing(c, g, v))
}

/// z3: the condition holds exactly when the guard holds at every iteration
/// `0 .. n-1` (the first failing iteration is the witness).
fn condition_exact(c: &Counter, g: &Guard, v: i128, n: &Expr, n_id: VarId) -> bool {
    let bits = c.ty.bits();
    let (w0, nz, j) = (
        BV::fresh_const("w", bits),
        BV::fresh_const("n", 64),
        BV::fresh_const("j", 64),
    );
    let mut eval = BvEval::new(HashMap::from([(c.var, w0.clone()), (n_id, nz.clone())]));
    let (Some(holds), Some(witness)) = (eval.truth(&condition(c, g, v, n)), eval.value(&first_failing(c, g, v))) else {
        return false;
    };
    let already = u64::from(g.after_update);
    // The counter at iteration j: w0 + s*(j + u) modulo 2^bits, computed
    // in `bits` bits (the same value; narrower products are easier for z3).
    let value_at = |j: &BV| {
        let low = if bits < 64 { j.extract(bits - 1, 0) } else { j.clone() };
        w0.bvadd(bv(c.step, bits).bvmul(low.bvadd(BV::from_u64(already, bits))))
    };
    let target = bv(v, bits);
    let premises = [Bool::and(&eval.sides), nz.bvuge(BV::from_u64(1, 64))];
    // Sound: where it holds, no iteration below n meets the excluded value.
    // Claimed for both sides times the inverse of the step (equal values
    // stay equal), which z3's rewriting reduces to `j != d`: the claim
    // itself is a multiplier identity that its bit-blasting takes seconds
    // for, if it finishes.
    let inv = bv(inverse_mod_2_64(c.step), bits);
    let scaled = |x: BV| inv.bvmul(x.bvsub(&w0));
    let sound =
        Bool::and(&[holds.clone(), j.bvult(&nz)]).implies(scaled(value_at(&j)).eq(scaled(target.clone())).not());
    // Exact: where it does not, the first failing iteration is below n.
    let exact = holds
        .not()
        .implies(Bool::and(&[witness.bvult(&nz), value_at(&witness).eq(&target)]));
    proved(&premises, &sound) && proved(&premises, &exact)
}

/// A counter's bits as an `unsigned long`.
fn widen(w: &BV) -> BV {
    if w.get_size() < 64 {
        w.zero_ext(64 - w.get_size())
    } else {
        w.clone()
    }
}

/// The counter's value after the accelerator of `n` iterations: `n`
/// updates, or `n - 1` when the loop's own step performs the last.
pub(super) fn final_value(c: &Counter, n: &Expr) -> Expr {
    let updates = if c.in_body {
        n.clone()
    } else {
        arith(BinOp::Sub, n.clone(), ulong(1), IntType::ULONG)
    };
    let w = cast(Expr::var(c.var, CType::Int(c.ty)), IntType::ULONG);
    let moved = arith(
        BinOp::Add,
        w,
        arith(BinOp::Mul, updates, ulong(c.step), IntType::ULONG),
        IntType::ULONG,
    );
    cast(mod_pow2(moved, c.ty.bits()), c.ty)
}

/// z3: the final value is `w0 + s * updates` modulo 2^bits.
fn final_value_exact(c: &Counter, n: &Expr, n_id: VarId) -> bool {
    let bits = c.ty.bits();
    let (w0, nz) = (BV::fresh_const("w", bits), BV::fresh_const("n", 64));
    let mut eval = BvEval::new(HashMap::from([(c.var, w0.clone()), (n_id, nz.clone())]));
    let Some(value) = eval.value(&final_value(c, n)) else {
        return false;
    };
    let updates = if c.in_body {
        nz.clone()
    } else {
        nz.bvsub(BV::from_u64(1, 64))
    };
    let expected = widen(&w0).bvadd(bv(c.step, 64).bvmul(&updates)).extract(bits - 1, 0);
    let premises = [nz.bvuge(BV::from_u64(1, 64))];
    proved(&premises, &Bool::and(&[Bool::and(&eval.sides), value.eq(&expected)]))
}

/// The counter's conditions on the iteration count `n`, one per guard that
/// excludes a value.
pub(super) fn conditions(c: &Counter, n: &Expr) -> Vec<Expr> {
    c.guards
        .iter()
        .filter_map(|g| g.excluded.map(|v| condition(c, g, v, n)))
        .collect()
}

/// The counter's guards, for the coverage condition and `explain`.
pub(super) fn guard_infos(c: &Counter) -> Vec<GuardInfo> {
    c.guards
        .iter()
        .map(|g| GuardInfo {
            cond: g.cond.clone(),
            assertion: false,
            after_body: false,
            treatment: if g.excluded.is_some() {
                GuardTreatment::WrapsAround
            } else {
                GuardTreatment::Always
            },
        })
        .collect()
}

/// `s*k + w0 modulo 2^bits`, for `explain` (as the other closed forms).
pub(super) fn closed_form(c: &Counter) -> ClosedForm {
    let m = modulus(c.ty);
    // A step past half the modulus reads better as the negative it is.
    let signed = if c.step > m / 2 { c.step - m } else { c.step };
    let step = match signed {
        1 => "k".to_string(),
        -1 => "-k".to_string(),
        s => format!("{s}*k"),
    };
    ClosedForm {
        var: c.name.clone(),
        ty: c.ty.to_string(),
        kind: "linear".to_string(),
        formula: format!("{step} + {}0 modulo 2^{}", c.name, c.ty.bits()),
    }
}

/// `v` (taken modulo 2^bits) as a bit-vector constant.
fn bv(v: i128, bits: u32) -> BV {
    BV::from_u64(v.rem_euclid(1i128 << bits) as u64, bits)
}

/// Whether z3 proves `claim` under `premises`, with a bit-vector solver of
/// its own: the integer solvers find nested modulo operations hard, and a
/// fresh solver bit-blasts where a reused (incremental) one searches, ten
/// times slower on these queries.
fn proved(premises: &[Bool], claim: &Bool) -> bool {
    let solver = Solver::new_for_logic("QF_BV").unwrap_or_default();
    let mut p = z3::Params::new();
    p.set_u32("rlimit", RLIMIT);
    p.set_u32("timeout", 10_000);
    solver.set_params(&p);
    super::smt::prove(&solver, premises, claim)
}

/// The resource limit of a query (bit-blasting spends more units per query
/// than the integer solvers).
const RLIMIT: u32 = 5_000_000;

/// C's value of an expression as a bit-vector of its type's width, for the
/// operations of a counter's update, its guards and the conditions emitted
/// for them. `sides` collects what must hold for C to define the value and
/// for CBMC's default checks to pass: no signed overflow, no out-of-range
/// conversion to a signed type, no division by zero.
struct BvEval {
    vars: HashMap<VarId, BV>,
    sides: Vec<Bool>,
}

impl BvEval {
    fn new(vars: HashMap<VarId, BV>) -> BvEval {
        BvEval {
            vars,
            sides: Vec::new(),
        }
    }

    fn truth(&mut self, e: &Expr) -> Option<Bool> {
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

    fn value(&mut self, e: &Expr) -> Option<BV> {
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
            ExprKind::Binary(..) | ExprKind::Unary(UnOp::LogNot, _) => {
                let b = self.truth(e)?;
                Some(b.ite(&BV::from_u64(1, t.bits()), &BV::from_u64(0, t.bits())))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loops::{find_loops, iteration_paths, no_summaries};

    /// The wrapping counters of the first path of `main`'s first loop, by name.
    fn counters(src: &str) -> Vec<String> {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let info = find_loops(&program).first().expect("a loop").clone();
        let paths = iteration_paths(&program, &info, 64, &super::super::infeasible, &no_summaries).expect("paths");
        wrapping_counters(&program, &paths.paths[0])
            .map_or_else(Vec::new, |s| s.counters.iter().map(|c| c.name.clone()).collect())
    }

    #[test]
    fn unsigned_counters_read_only_by_their_guards_wrap() {
        assert_eq!(
            counters("int main(){ unsigned char c; unsigned k = 0; for (c = 200; c != 100; c++) { k++; } return 0; }"),
            ["c"]
        );
    }
}
