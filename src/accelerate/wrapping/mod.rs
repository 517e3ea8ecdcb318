//! Counters and geometric variables that wrap around their unsigned type.
//!
//! In: an iteration path. Out: its *wrapping counters* and *geometric
//! variables*, the path without them, and why a geometric update was not
//! taken (`Modular`). A geometric variable is an unsigned variable whose
//! one update is `w = a*w + b` modulo 2^b (`a` not 0 or 1) and which
//! nothing else on the path reads (guards over it only if true for every
//! value): its value after `m` updates is computed exactly modulo 2^b
//! (`Geometric`, whose comment gives the formula and its proof). A wrapping counter is an unsigned variable `w` of `b` bits whose
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

use z3::ast::{BV, Bool};

use super::accelerator::{ClosedForm, FormKind, GuardInfo, GuardTreatment};
use crate::ir::build::{self, arith, cast, cmp, ulong};
use crate::ir::{BinOp, CType, Expr, IntType, Program, Storage, VarId};
use crate::loops::{Lhs, Path, Step};
use crate::reason::GeometricIssue;
use bits::{BvEval, bv, proved};

mod bits;

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
    update: Update,
    /// The update is in the body (not in the `for` step after it): the
    /// accelerator performs it `n` times, else `n - 1`.
    in_body: bool,
    guards: Vec<Guard>,
}

/// What one update does, modulo 2^bits.
#[derive(Clone, Debug)]
enum Update {
    /// `w = w + step`, `step` nonzero: a counter.
    Adds(i128),
    /// `w = a*w + b`, `a` not 0 or 1, and how its value is computed.
    Geometric(Geometric),
}

/// The path without its wrapping counters, and the counters.
pub(super) struct Stripped {
    pub path: Path,
    pub counters: Vec<Counter>,
}

/// What `wrapping_counters` found on a path.
pub(super) struct Modular {
    /// The path without its counters and geometric variables, if it has any.
    pub stripped: Option<Stripped>,
    /// Geometric variables not taken, by name, and why.
    pub refused: Vec<(String, GeometricIssue)>,
}

impl Modular {
    /// Why the geometric variable `var` was not taken, if it was not.
    pub fn refusal(&self, var: &str) -> Option<GeometricIssue> {
        self.refused.iter().find(|(v, _)| v == var).map(|(_, why)| *why)
    }

    /// Whether `var` was taken out of the path.
    pub fn takes(&self, var: &str) -> bool {
        self.stripped
            .as_ref()
            .is_some_and(|s| s.counters.iter().any(|c| c.name == var))
    }
}

/// The wrapping counters and geometric variables of `path` (each proved,
/// see the module comment).
pub(super) fn wrapping_counters(program: &Program, path: &Path) -> Modular {
    let read_by = path.step_reads();
    // Temporaries that hold a value nobody reads (`tracc_t1_old = c` of a
    // post-increment): their assignments read nothing that matters.
    let dead = path.dead_assignments();
    let mut counters = Vec::new();
    let mut refused = Vec::new();
    let mut removed = BTreeSet::new();
    for (i, step) in path.steps.iter().enumerate() {
        let Step::Assign(Lhs::Var(w), update) = step else {
            continue;
        };
        if removed.contains(&i) {
            continue;
        }
        match counter(program, path, (*w, i, update), &read_by, &dead) {
            Ok((counter, steps)) => {
                counters.push(counter);
                removed.extend(steps);
            }
            Err(Some(issue)) => {
                let name = path.var_decl(program, *w).map(|d| d.name.clone()).unwrap_or_default();
                refused.push((name, issue));
            }
            Err(None) => {}
        }
    }
    if counters.is_empty() {
        return Modular {
            stripped: None,
            refused,
        };
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
    Modular {
        stripped: Some(Stripped {
            path: stripped,
            counters,
        }),
        refused,
    }
}

/// The counter `w` updated at step `at` by `update`, with the steps it
/// takes from the path, if it is one (`read_by[i]`: the variables step `i`
/// reads; `dead[i]`: step `i` assigns a temporary nothing reads). `Err`
/// says why a geometric update (`w = a*w + b`) is not taken, `Err(None)`
/// that the update is neither.
fn counter(
    program: &Program,
    path: &Path,
    (w, at, update): (VarId, usize, &Expr),
    read_by: &[BTreeSet<VarId>],
    dead: &[bool],
) -> Result<(Counter, Vec<usize>), Option<GeometricIssue>> {
    let decl = path.var_decl(program, w).ok_or(None)?;
    let ty = decl.ty.as_int().ok_or(None)?;
    if ty.is_bool() || decl.storage == Storage::Global || path.locals.contains(&w) {
        return Err(None);
    }
    let mut update_vars = BTreeSet::new();
    build::vars_of(update, &mut update_vars);
    if update_vars != BTreeSet::from([w]) {
        return Err(None);
    }
    // The update's value at 0 and 1 gives `mult` and `step`, if it is
    // affine; z3 proves that it is before anything is used.
    let value_at = |x: i128| {
        build::subst(update, &|v| (v == w).then(|| build::lit(x, ty)))
            .const_value()
            .map(|v| v.rem_euclid(modulus(ty)))
            .ok_or(None)
    };
    let step = value_at(0)?;
    let mult = (value_at(1)? - step).rem_euclid(modulus(ty));
    // `w = c` is a constant assignment, `w = w` no update: others' business.
    if mult == 0 || (mult == 1 && step == 0) {
        return Err(None);
    }
    // A geometric update's refusal is worth a reason; a counter's is not
    // (the accelerator then bounds it as any other variable).
    let refuse = |issue: GeometricIssue| if mult == 1 { None } else { Some(issue) };
    if ty.signed {
        return Err(refuse(GeometricIssue::Signed));
    }
    // What the path does with `w`, read off the steps before any proof.
    let mut guard_steps = Vec::new();
    let mut steps = vec![at];
    for (i, s) in path.steps.iter().enumerate() {
        if i == at || !read_by[i].contains(&w) {
            if i != at && matches!(s, Step::Assign(Lhs::Var(x), _) | Step::Havoc(x) if *x == w) {
                return Err(refuse(GeometricIssue::ReadElsewhere)); // a second write
            }
            continue;
        }
        match s {
            Step::Assume(g) if i < path.split && read_by[i] == BTreeSet::from([w]) => {
                guard_steps.push((i, g));
                steps.push(i);
            }
            _ if dead[i] => steps.push(i),
            _ => return Err(refuse(GeometricIssue::ReadElsewhere)),
        }
    }
    // A counter no guard reads is exact modulo 2^bits too, but CBMC then
    // has to prove relations between products modulo 2^bits (3x == 2y of
    // x += 2, y += 3), which its SAT back end takes minutes for: where the
    // path's guards bound its iterations, such variables keep their bound
    // at the wrap. Where nothing bounds them (`while (nondet())`), a bound
    // at the wrap leaves an original iteration per wrap-around, unbounded
    // in number, and no `--unwind` decides the loop: there the exact form
    // is the only one that helps. (A geometric variable has no other
    // closed form to fall back on.)
    if mult == 1 && guard_steps.is_empty() && guards_bound_the_count(path, read_by) {
        return Err(None);
    }
    if !is_affine(update, w, ty, mult, step) {
        return Err(refuse(GeometricIssue::Unproved));
    }
    let update_kind = if mult == 1 {
        Update::Adds(step)
    } else {
        Update::Geometric(Geometric::new(ty, mult, step).ok_or(Some(GeometricIssue::TooWide))?)
    };
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
        .collect::<Option<Vec<Guard>>>()
        .ok_or_else(|| refuse(GeometricIssue::Guarded))?;
    // An even step meets only every second value (or fewer): where the
    // guard first fails is then a question z3 answers slowly, if at all.
    // Where a geometric value first meets one is a discrete logarithm.
    if (step % 2 == 0 || mult != 1) && guards.iter().any(|g| g.excluded.is_some()) {
        return Err(refuse(GeometricIssue::Guarded));
    }
    let counter = Counter {
        var: w,
        name: decl.name.clone(),
        ty,
        update: update_kind,
        in_body: at < path.split,
        guards,
    };
    // The condition must be proved for some iteration count variable; the
    // proof does not depend on which. (Only a counter has guards that
    // exclude a value, checked above.)
    let placeholder = VarId(usize::MAX);
    let n = Expr::var(placeholder, build::ULONG);
    for g in &counter.guards {
        if let Some(v) = g.excluded
            && !condition_exact(&counter, step, g, v, &n, placeholder)
        {
            return Err(None);
        }
    }
    if !final_value_exact(&counter, &n, placeholder) {
        return Err(refuse(GeometricIssue::Unproved));
    }
    Ok((counter, steps))
}

/// Whether a guard of `path` reads a variable the path assigns (a fresh
/// nondeterministic value, `Havoc`, is no such assignment): only then may
/// the guards bound how many times the path runs in a row.
fn guards_bound_the_count(path: &Path, read_by: &[BTreeSet<VarId>]) -> bool {
    let assigned: BTreeSet<VarId> = (path.steps.iter())
        .filter_map(|s| match s {
            Step::Assign(Lhs::Var(x) | Lhs::Index(x, ..), _) => Some(*x),
            Step::Fill(f) => Some(f.array),
            _ => None,
        })
        .collect();
    (path.steps.iter().zip(read_by)).any(|(s, reads)| matches!(s, Step::Assume(_)) && !reads.is_disjoint(&assigned))
}

fn modulus(t: IntType) -> i128 {
    1i128 << t.bits()
}

/// z3: `update` is `mult * w + step` modulo 2^bits for every value of
/// `w`, and computes nothing that C leaves undefined or CBMC checks.
fn is_affine(update: &Expr, w: VarId, ty: IntType, mult: i128, step: i128) -> bool {
    let x = BV::fresh_const("w", ty.bits());
    let mut eval = BvEval::new(HashMap::from([(w, x.clone())]));
    let Some(v) = eval.value(update) else { return false };
    let expected = bv(mult, ty.bits()).bvmul(&x).bvadd(bv(step, ty.bits()));
    let claim = Bool::and(&[Bool::and(&eval.sides), v.eq(expected)]);
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

/// The first iteration at which the guard `g` (excluding `v`) of the
/// counter `c` moving by `step` fails, as C: `(v - w0 - s*u) * inv` modulo
/// 2^bits, in `unsigned long`.
fn first_failing(c: &Counter, step: i128, g: &Guard, v: i128) -> Expr {
    let bits = c.ty.bits();
    let already = if g.after_update { step } else { 0 };
    let wu = cast(Expr::var(c.var, CType::Int(c.ty)), IntType::ULONG);
    // `unsigned long` arithmetic wraps modulo 2^64, a multiple of 2^bits.
    let offset = (v - already).rem_euclid(modulus(c.ty));
    let diff = mod_pow2(arith(BinOp::Sub, ulong(offset), wu, IntType::ULONG), bits);
    let inv = inverse_mod_2_64(step) & (modulus(c.ty) - 1);
    if inv == 1 {
        diff
    } else {
        mod_pow2(arith(BinOp::Mul, diff, ulong(inv), IntType::ULONG), bits)
    }
}

/// The condition on `n` under which the guard `g` (excluding `v`) holds at
/// iterations `0 .. n-1`.
fn condition(c: &Counter, step: i128, g: &Guard, v: i128, n: &Expr) -> Expr {
    cmp(BinOp::Le, n.clone(), first_failing(c, step, g, v))
}

/// z3: the condition holds exactly when the guard holds at every iteration
/// `0 .. n-1` (the first failing iteration is the witness).
fn condition_exact(c: &Counter, step: i128, g: &Guard, v: i128, n: &Expr, n_id: VarId) -> bool {
    let bits = c.ty.bits();
    let (w0, nz, j) = (
        BV::fresh_const("w", bits),
        BV::fresh_const("n", 64),
        BV::fresh_const("j", 64),
    );
    let mut eval = BvEval::new(HashMap::from([(c.var, w0.clone()), (n_id, nz.clone())]));
    let (Some(holds), Some(witness)) = (
        eval.truth(&condition(c, step, g, v, n)),
        eval.value(&first_failing(c, step, g, v)),
    ) else {
        return false;
    };
    let already = u64::from(g.after_update);
    // The counter at iteration j: w0 + s*(j + u) modulo 2^bits, computed
    // in `bits` bits (the same value; narrower products are easier for z3).
    let value_at = |j: &BV| {
        let low = if bits < 64 { j.extract(bits - 1, 0) } else { j.clone() };
        w0.bvadd(bv(step, bits).bvmul(low.bvadd(BV::from_u64(already, bits))))
    };
    let target = bv(v, bits);
    let premises = [Bool::and(&eval.sides), nz.bvuge(BV::from_u64(1, 64))];
    // Sound: where it holds, no iteration below n meets the excluded value.
    // Claimed for both sides times the inverse of the step (equal values
    // stay equal), which z3's rewriting reduces to `j != d`: the claim
    // itself is a multiplier identity that its bit-blasting takes seconds
    // for, if it finishes.
    let inv = bv(inverse_mod_2_64(step), bits);
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

/// The number of updates the accelerator of `n` iterations performs: `n`,
/// or `n - 1` when the loop's own step performs the last.
fn updates(c: &Counter, n: &Expr) -> Expr {
    if c.in_body {
        n.clone()
    } else {
        arith(BinOp::Sub, n.clone(), ulong(1), IntType::ULONG)
    }
}

/// The variable's value after the accelerator of `n` iterations.
pub(super) fn final_value(c: &Counter, n: &Expr) -> Expr {
    let m = updates(c, n);
    let w = cast(Expr::var(c.var, CType::Int(c.ty)), IntType::ULONG);
    let value = match &c.update {
        Update::Adds(step) => mod_pow2(
            arith(
                BinOp::Add,
                w,
                arith(BinOp::Mul, m, ulong(*step), IntType::ULONG),
                IntType::ULONG,
            ),
            c.ty.bits(),
        ),
        Update::Geometric(g) => g.reduce(arith(BinOp::Mul, g.power(&m), g.entry(w), IntType::ULONG)),
    };
    cast(value, c.ty)
}

/// z3: the final value is `w0 + s * updates` modulo 2^bits (a counter),
/// or satisfies the geometric recurrence (`Geometric::exact`).
fn final_value_exact(c: &Counter, n: &Expr, n_id: VarId) -> bool {
    let step = match &c.update {
        Update::Adds(step) => *step,
        Update::Geometric(g) => return g.exact(c.var),
    };
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
    let expected = widen(&w0).bvadd(bv(step, 64).bvmul(&updates)).extract(bits - 1, 0);
    let premises = [nz.bvuge(BV::from_u64(1, 64))];
    proved(&premises, &Bool::and(&[Bool::and(&eval.sides), value.eq(&expected)]))
}

/// How the value of a geometric variable (`w = a*w + b` modulo 2^bits,
/// `a` not 0 or 1) after `m` updates is computed in `unsigned long`.
///
/// Over the integers `(a-1) * w_m = a^m * ((a-1)*w0 + b) - b`, so with
/// `a - 1 = 2^v * q` (q odd; v = 0 and q = 1 when b = 0, where simply
/// `w_m = a^m * w0`) and everything taken modulo 2^(bits+v) (at most 64):
/// `T = a^m * entry(w0)` and `w_m = reduce(T) = ((T - b) >> v) * q^-1`
/// modulo 2^bits. `a^m` modulo 2^(bits+v) is the product of the constants
/// `a^(2^i)` over the bits `i` of `m` that are set (`power`); the squares
/// reach 1 (odd `a`: higher bits change nothing) or 0 (even `a`: any higher
/// bit makes the power 0) within 64 steps.
///
/// `exact` proves with z3 that `reduce(entry(w0)) = w0` and that
/// `reduce(a*T) = a*reduce(T) + b` for every `T` that is `b` modulo 2^v
/// (what every `a^m * entry(w0)` is, `a` being 1 modulo 2^v): by
/// induction over `m` the value is the recurrence's.
#[derive(Clone, Debug)]
pub(super) struct Geometric {
    ty: IntType,
    mult: i128,
    step: i128,
    /// `v`: the power of two in `a - 1` (0 when `b = 0`).
    shift: u32,
    /// `q^-1` modulo 2^bits.
    q_inv: i128,
    /// `a^(2^i)` modulo 2^(bits+v) for the bits `i` of `m` that matter.
    factors: Vec<i128>,
    /// The next square is 0 (even `a`): a higher bit of `m` gives 0.
    vanishes: bool,
}

impl Geometric {
    /// `None` when `bits + v` exceeds 64 (an odd `a` on a 64-bit type with
    /// a `b` that is not 0).
    fn new(ty: IntType, mult: i128, step: i128) -> Option<Geometric> {
        let bits = ty.bits();
        let (shift, q) = if step == 0 {
            (0, 1)
        } else {
            let d = mult - 1;
            (d.trailing_zeros(), d >> d.trailing_zeros())
        };
        let wide = bits + shift;
        if wide > 64 {
            return None;
        }
        let modulus = 1u128 << wide;
        let (mut factors, mut c) = (Vec::new(), mult as u128 % modulus);
        while c > 1 {
            if factors.len() >= 64 {
                return None;
            }
            factors.push(c as i128);
            c = c * c % modulus;
        }
        Some(Geometric {
            ty,
            mult,
            step,
            shift,
            q_inv: inverse_mod_2_64(q) & ((1i128 << bits) - 1),
            factors,
            vanishes: c == 0,
        })
    }

    fn wide_bits(&self) -> u32 {
        self.ty.bits() + self.shift
    }

    /// `a^m` modulo 2^(bits+v), in `unsigned long` (see the type comment).
    fn power(&self, m: &Expr) -> Expr {
        let product = self
            .factors
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let bit = arith(BinOp::BitAnd, m.clone(), ulong(1i128 << i), IntType::ULONG);
                build::ite(cmp(BinOp::Ne, bit, ulong(0)), ulong(*c), ulong(1))
            })
            .reduce(|p, f| arith(BinOp::Mul, p, f, IntType::ULONG))
            .unwrap_or_else(|| ulong(1));
        if self.vanishes {
            let below = cmp(BinOp::Lt, m.clone(), ulong(1i128 << self.factors.len()));
            build::ite(below, product, ulong(0))
        } else {
            product
        }
    }

    /// `(a-1) * w0 + b` (`w0` when `b = 0`), in `unsigned long`.
    fn entry(&self, w: Expr) -> Expr {
        if self.step == 0 {
            return w;
        }
        let scaled = arith(BinOp::Mul, w, ulong(self.mult - 1), IntType::ULONG);
        arith(BinOp::Add, scaled, ulong(self.step), IntType::ULONG)
    }

    /// The value modulo 2^bits from `T = a^m * entry(w0)`.
    fn reduce(&self, t: Expr) -> Expr {
        let bits = self.ty.bits();
        if self.step == 0 {
            return mod_pow2(t, bits);
        }
        let d = mod_pow2(arith(BinOp::Sub, t, ulong(self.step), IntType::ULONG), self.wide_bits());
        let shifted = if self.shift == 0 {
            d
        } else {
            arith(BinOp::Shr, d, ulong(i128::from(self.shift)), IntType::ULONG)
        };
        mod_pow2(arith(BinOp::Mul, shifted, ulong(self.q_inv), IntType::ULONG), bits)
    }

    /// z3: the base and step of the induction (type comment).
    fn exact(&self, var: VarId) -> bool {
        let bits = self.ty.bits();
        let t_id = VarId(usize::MAX - 1);
        let t_var = Expr::var(t_id, build::ULONG);
        let at = |t: Expr| self.reduce(t);
        let (t, w0) = (BV::fresh_const("t", 64), BV::fresh_const("w", bits));
        let mut eval = BvEval::new(HashMap::from([(t_id, t.clone()), (var, w0.clone())]));
        let w = cast(Expr::var(var, CType::Int(self.ty)), IntType::ULONG);
        let (Some(base), Some(now), Some(next)) = (
            eval.value(&at(self.entry(w))),
            eval.value(&at(t_var.clone())),
            eval.value(&at(arith(BinOp::Mul, t_var, ulong(self.mult), IntType::ULONG))),
        ) else {
            return false;
        };
        let low = |x: &BV| x.extract(bits - 1, 0);
        let premises = if self.shift == 0 {
            vec![]
        } else {
            vec![t.extract(self.shift - 1, 0).eq(bv(self.step, self.shift))]
        };
        let recurrence = low(&next).eq(bv(self.mult, bits).bvmul(low(&now)).bvadd(bv(self.step, bits)));
        proved(&[], &Bool::and(&eval.sides))
            && proved(&[], &low(&base).eq(&w0))
            && proved(&premises, &recurrence)
            && self.squares_proved()
    }

    /// z3: the factors are `a`, its square, the square of that, ...
    /// modulo 2^(bits+v), and the next square is 0 or 1 as `vanishes` says.
    fn squares_proved(&self) -> bool {
        let wide = self.wide_bits();
        let c = |v: i128| bv(v, wide);
        let Some(first) = self.factors.first() else {
            return false;
        };
        let mut claims = vec![c(*first).eq(c(self.mult))];
        let last = self.factors.iter().fold(None::<BV>, |prev, f| {
            if let Some(p) = prev {
                claims.push(p.bvmul(&p).eq(c(*f)));
            }
            Some(c(*f))
        });
        let next = last.map(|l| l.bvmul(&l));
        claims.extend(next.map(|n| n.eq(c(i128::from(!self.vanishes)))));
        proved(&[], &Bool::and(&claims))
    }
}

/// The counter's conditions on the iteration count `n`, one per guard that
/// excludes a value.
pub(super) fn conditions(c: &Counter, n: &Expr) -> Vec<Expr> {
    let Update::Adds(step) = c.update else {
        return Vec::new(); // (no guard of a geometric variable excludes a value)
    };
    c.guards
        .iter()
        .filter_map(|g| g.excluded.map(|v| condition(c, step, g, v, n)))
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

/// `s*k + w0 modulo 2^bits` (a counter) or `a^k * w0 + b * (a^k - 1) /
/// (a - 1) modulo 2^bits` (geometric), for `explain` (as the other closed
/// forms).
pub(super) fn closed_form(c: &Counter) -> ClosedForm {
    let bits = c.ty.bits();
    let (kind, formula) = match &c.update {
        Update::Geometric(g) => {
            let grown = format!("{}^k * {}0", g.mult, c.name);
            let formula = match (g.step, g.mult - 1) {
                (0, _) => grown,
                (b, 1) => format!("{grown} + {b} * (2^k - 1)"),
                (b, d) => format!("{grown} + {b} * ({}^k - 1) / {d}", g.mult),
            };
            (FormKind::Geometric, format!("{formula} modulo 2^{bits}"))
        }
        Update::Adds(step) => {
            let (step, m) = (*step, modulus(c.ty));
            // A step past half the modulus reads better as the negative it is.
            let signed = if step > m / 2 { step - m } else { step };
            let step = match signed {
                1 => "k".to_string(),
                -1 => "-k".to_string(),
                s => format!("{s}*k"),
            };
            (FormKind::Linear, format!("{step} + {}0 modulo 2^{bits}", c.name))
        }
    };
    ClosedForm {
        var: c.name.clone(),
        ty: c.ty.to_string(),
        kind,
        formula,
        // Modulo 2^bits, not a step in exact arithmetic.
        step: None,
    }
}

#[cfg(test)]
mod tests;
