//! Period composition by counting residues: one accelerator for a whole
//! loop whose paths are told apart by its counter modulo a constant.
//!
//! In: a loop's iteration paths (all of them: the loop has no other way
//! through its body that stays in it). Out: an `Accelerator` that performs
//! any number `n >= 1` of iterations, whichever paths they take, or `None`.
//!
//! The shape: a counter `l` that every path increments by 1 (in the body or
//! in a `for` step); a loop condition, the first guard of every path, that
//! holds at an iteration whenever it holds at a later one (z3 proves it
//! from the condition); every other guard a function of `l % c` or
//! `l & (c - 1)` for constants `c`; every other variable the paths write
//! changed by `v += d` with `d` a constant or a function of those
//! remainders. With `P` the least common multiple of the moduli
//! (at most `MAX_PERIOD`), the path taken and the addend `d` are functions
//! of `l mod P` (z3 proves both for every counter value the accelerator
//! covers), so after `n` iterations from `l = a`
//!
//!   v = v0 + sum over rho < P of d(rho) * cnt_rho(a, n),
//!   cnt_rho(a, n) = #{ x in [a, a + n) : x mod P = rho }
//!                 = (q1 - q0) + [r1 > rho] - [r0 > rho],
//!
//! where `a + n = q1*P + r1` and `a = q0*P + r0`: one division by `P` at
//! each end and comparisons, no quantifier, for every `n`. z3 checks the
//! counts against their recurrence (`cnt(a, 0) = 0`, one more exactly when
//! `(a + m) mod P = rho`) before they are used.
//!
//! Unlike composing `P` iterations into one path, this covers the leading
//! and trailing partial periods too, so one accelerator iteration replaces
//! any run of iterations and `--unwind 3` suffices.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use z3::ast::{Ast, Bool, Int};

use super::accelerator::{Accelerator, ClosedForm, FormKind, GuardInfo, GuardTreatment};
use super::context::{assign, assume};
use super::fresh::FreshVars;
use super::periodic::{gcd, literal_divisors, modulus_operand};
use super::smt::{Eval, Mode, int};
use super::solver::{RLIMIT_LINEAR, prove_alone, set_rlimit};
use super::symex::{Sym, symex};
use crate::ir::build::{self, arith, cast, cmp, key, ulong};
use crate::ir::{BinOp, CType, Expr, ExprKind, Init, IntType, Program, Span, Stmt, StmtKind, VarId};
use crate::loops::{LoopInfo, LoopKind, Path};

/// The largest period counted: the accelerator compares the remainders
/// with each residue where an addend is not zero.
pub const MAX_PERIOD: i128 = 64;
/// The largest constant added to the counter inside a remainder's operand
/// (`(l + 1) % 3`, after the body incremented it).
const MAX_OFFSET: i128 = 64;
/// The largest addend: sums of 32-bit signed variables stay far inside 64
/// bits (`2^20 * 2^32`).
const MAX_ADDEND: i128 = 1 << 20;

/// The accelerator of a loop told apart by residues, with what `explain`
/// says of it.
pub struct ResidueAccelerator {
    pub acc: Accelerator,
    /// `P`: the counter's values modulo it decide the path and the addends.
    pub period: i128,
    /// Per path (in the order given), the residues modulo `P` at which it
    /// is taken.
    pub residues: Vec<Vec<i128>>,
    /// The counter's name.
    pub counter: String,
}

/// The terms an update adds to its variable, `true` where subtracted.
type Terms = Vec<(bool, Expr)>;

/// A variable the paths add to, and its addend per residue.
struct Sum {
    var: VarId,
    ty: IntType,
    addend: Vec<i128>,
}

/// The accelerator described in the module comment, or `None` where the
/// loop is not of that shape or z3 does not prove one of its facts.
pub fn residue_accelerator(
    program: &mut Program,
    info: &LoopInfo,
    paths: &[Path],
    complete: bool,
) -> Option<ResidueAccelerator> {
    if paths.is_empty() || !complete || info.kind == LoopKind::DoWhile {
        return None;
    }
    let syms: Vec<Sym> = paths.iter().map(|p| symex(program, p).ok()).collect::<Option<_>>()?;
    let plain = |s: &Sym| {
        !s.nondet_choice
            && s.array_writes.is_empty()
            && !s.guards.is_empty()
            && s.guards.iter().all(|g| !g.assertion && !g.after_body)
    };
    if !syms.iter().all(plain) {
        return None;
    }
    // The loop condition: the first guard of every path.
    let cond = syms[0].guards[0].cond.clone();
    if syms.iter().any(|s| key(&s.guards[0].cond) != key(&cond)) {
        return None;
    }
    let locals: BTreeSet<VarId> = paths.iter().flat_map(|p| p.locals.iter().copied()).collect();
    let written = |s: &Sym| {
        s.full_vals
            .keys()
            .filter(|v| !locals.contains(v))
            .copied()
            .collect::<BTreeSet<_>>()
    };
    let all_written: BTreeSet<VarId> = syms.iter().flat_map(written).collect();
    let prog: &Program = program;
    let int_ty = |v: VarId| paths[0].var_decl(prog, v).and_then(|d| d.ty.as_int());
    // The counter: `l + 1` at the end of every path.
    let counter = all_written.iter().copied().find(|&v| {
        syms.iter()
            .all(|s| s.full_vals.get(&v).is_some_and(|e| offset_of(e, v) == Some(1)))
    })?;
    let ct = int_ty(counter).filter(|t| !t.is_bool())?;
    // Incremented after the body (a `for` step) or in it, the same in all.
    let in_body = syms[0].prefix_vals.contains_key(&counter);
    for s in &syms {
        for (v, full) in &s.full_vals {
            if locals.contains(v) {
                continue;
            }
            let body = s.prefix_vals.get(v).map(key);
            let expected = if *v == counter && !in_body {
                None
            } else {
                Some(key(full))
            };
            if body != expected {
                return None;
            }
        }
    }
    // Everything the condition reads but the counter stays as it is.
    let mut cond_vars = BTreeSet::new();
    build::vars_of(&cond, &mut cond_vars);
    if !cond_vars.contains(&counter) || cond_vars.iter().any(|v| *v != counter && all_written.contains(v)) {
        return None;
    }

    // The path guards and the addends: functions of the counter's remainders.
    let mut moduli = BTreeSet::new();
    let mut offset = 0;
    let mut periodic = |e: &Expr| periodic_in(e, counter, &mut moduli, &mut offset);
    for s in &syms {
        if !s.guards[1..].iter().all(|g| periodic(&g.cond)) {
            return None;
        }
    }
    let mut addends: BTreeMap<VarId, Vec<Option<Terms>>> = BTreeMap::new();
    // Arithmetic of unsigned updates: in a type narrower than `int`, done in
    // `int` on values far from its limits.
    let mut narrow_steps: BTreeSet<String> = BTreeSet::new();
    for v in all_written.iter().filter(|v| **v != counter) {
        // Signed sums are computed in 64 bits: of 32-bit variables over at
        // most 2^32 iterations. Unsigned ones wrap as C says, at any width.
        let ty = int_ty(*v).filter(|t| !t.is_bool() && (!t.signed || (t.bits() == 32 && ct.bits() <= 32)))?;
        let per_path = syms
            .iter()
            .map(|s| match s.full_vals.get(v) {
                None => Some(None),
                Some(e) => addend_of(e, *v, ty).map(|(terms, keys)| {
                    if !ty.signed {
                        narrow_steps.extend(keys);
                    }
                    Some(terms)
                }),
            })
            .collect::<Option<Vec<_>>>()?;
        if ty.signed && per_path.iter().flatten().any(|terms| terms.len() > 1) {
            // An intermediate value of a signed sum is not bounded by the last.
            return None;
        }
        for (_, d) in per_path.iter().flatten().flatten() {
            if !periodic(d) {
                return None;
            }
        }
        addends.insert(*v, per_path);
    }
    let period = moduli
        .iter()
        .try_fold(1i128, |p, c| Some(lcm(p, *c)).filter(|p| *p <= MAX_PERIOD))?;
    if period == 1 {
        return None;
    }
    // The counter's last value `a + n`, so that no operand `l + c` and no
    // increment wraps; the iterations start at the values below it.
    let limit = ct.max() - offset;
    if limit <= period {
        return None;
    }

    set_rlimit(RLIMIT_LINEAR);
    let l = Int::new_const("tracc_residue_l");
    let in_range = Bool::and(&[l.ge(int(0)), l.lt(int(limit))]);
    let rem = l.modulo(int(period));
    // z3's exact reading of `%` and `/` takes literal divisors only: the
    // guards and terms are rewritten once, then read at each residue.
    let at = |e: &Expr, value: &Int| -> Option<Int> {
        let vars = HashMap::from([(counter, value.clone())]);
        Eval::new(Mode::Exact, &vars).value(e, &Bool::from_bool(true))
    };
    let truth = |e: &Expr, value: &Int| -> Option<Bool> {
        let vars = HashMap::from([(counter, value.clone())]);
        Eval::new(Mode::Exact, &vars).truth(e, &Bool::from_bool(true))
    };
    let path_guards: Vec<Vec<Expr>> = syms
        .iter()
        .map(|s| s.guards[1..].iter().map(|g| literal_divisors(g.cond.clone())).collect())
        .collect();
    for per_path in addends.values_mut() {
        for (_, d) in per_path.iter_mut().flatten().flatten() {
            *d = literal_divisors(d.clone());
        }
    }
    // Which path each residue takes, read off at the residue itself.
    let mut taken: Vec<Option<usize>> = vec![None; period as usize];
    for (rho, slot) in taken.iter_mut().enumerate() {
        let value = int(rho as i128);
        for (j, guards) in path_guards.iter().enumerate() {
            let holds = guards
                .iter()
                .map(|g| truth(g, &value).and_then(|b| b.simplify().as_bool()))
                .collect::<Option<Vec<bool>>>()?;
            if holds.iter().all(|h| *h) {
                if slot.is_some() {
                    return None;
                }
                *slot = Some(j);
            }
        }
    }
    let taken: Vec<usize> = taken.into_iter().collect::<Option<_>>()?;
    let residues: Vec<Vec<i128>> = (0..syms.len())
        .map(|j| (0..period).filter(|r| taken[*r as usize] == j).collect())
        .collect();
    // z3: at every counter value covered, a path is taken exactly at its
    // residues. One query per residue `rho`, over `l = P*q + rho`: z3 finds
    // one query mixing remainders by several moduli (4, 3, 2 of P = 12)
    // too hard within its budget, and these are linear with one unknown.
    let q = Int::new_const("tracc_residue_q");
    for (guards, rs) in path_guards.iter().zip(&residues) {
        for rho in 0..period {
            let value = Int::mul(&[&int(period), &q]) + int(rho);
            let premises = [q.ge(int(0)), value.lt(int(limit))];
            let holds = Bool::and(&guards.iter().map(|g| truth(g, &value)).collect::<Option<Vec<_>>>()?);
            let claim = if rs.contains(&rho) { holds } else { holds.not() };
            if !prove_alone(&premises, &claim) {
                return None;
            }
        }
    }
    // The addend of each sum per residue, and z3's proof that the path
    // taken there adds exactly that at every counter value covered.
    let mut sums = Vec::new();
    for (v, per_path) in &addends {
        let mut addend = vec![0i128; period as usize];
        for (rho, a) in addend.iter_mut().enumerate() {
            for (negated, d) in per_path[taken[rho]].iter().flatten() {
                let value = i128::from(at(d, &int(rho as i128))?.simplify().as_i64()?);
                // Each term, not only their sum: a narrow sum's steps are
                // `int` additions of these (a term is the same at every
                // counter value of its residue).
                if value.abs() > MAX_ADDEND {
                    return None;
                }
                *a += if *negated { -value } else { value };
            }
        }
        for (j, rs) in residues.iter().enumerate() {
            let Some(terms) = &per_path[j] else { continue };
            let mut value = int(0);
            for (negated, d) in terms {
                let x = at(d, &l)?;
                value = if *negated { value - x } else { value + x };
            }
            let claims: Vec<Bool> = rs
                .iter()
                .map(|r| rem.eq(int(*r)).implies(value.eq(int(addend[*r as usize]))))
                .collect();
            if !prove_alone(std::slice::from_ref(&in_range), &Bool::and(&claims)) {
                return None;
            }
        }
        let ty = int_ty(*v)?;
        if addend.iter().any(|a| a.abs() > MAX_ADDEND)
            || (ty.signed && addend.iter().any(|a| *a < 0) && addend.iter().any(|a| *a > 0))
        {
            return None;
        }
        if addend.iter().any(|a| *a != 0) {
            sums.push(Sum { var: *v, ty, addend });
        }
    }
    // The updates of signed sums are bounded by the range assumption; the
    // `int` arithmetic of a narrow unsigned sum (`(unsigned char)(v + 5)`)
    // cannot overflow with addends this small.
    let mut sum_updates: BTreeSet<String> = BTreeSet::new();
    for s in &syms {
        for (v, e) in &s.full_vals {
            let Some(sum) = sums.iter().find(|s| s.var == *v) else {
                continue;
            };
            if sum.ty.signed {
                sum_updates.insert(key(e));
            }
        }
    }
    sum_updates.extend(narrow_steps);
    for s in &syms {
        for c in &s.checks {
            if !check_covered(c, counter, &sum_updates, &in_range, &l) {
                return None;
            }
        }
    }
    if !counts_verified(period) || !condition_monotone(&cond, counter, limit, prog, &paths[0]) {
        return None;
    }
    let name = |v: VarId| {
        paths[0]
            .var_decl(prog, v)
            .map_or_else(|| format!("v{}", v.0), |d| d.name.clone())
    };
    let counter_name = name(counter);
    let mut fresh = FreshVars::new(prog, info.func);
    let n_id = fresh.iteration_count();
    let parts = Parts {
        counter,
        ct,
        period,
        limit,
        in_body,
    };
    let n = Expr::var(n_id, build::ULONG);
    let (overflow, finals) = parts.block_parts(&cond, &sums, &n);
    // As for every accelerator: its assumptions at `n = 1`.
    let covered_overflow: Vec<Expr> = overflow
        .iter()
        .map(|e| build::subst(e, &|v| (v == n_id).then(|| ulong(1))))
        .collect();
    let mut stmts = vec![Stmt::new(
        StmtKind::Decl(
            n_id,
            Some(Init::Expr(Expr::new(
                ExprKind::Nondet(String::new()),
                build::ULONG,
                Span::SYNTHETIC,
            ))),
        ),
        Span::SYNTHETIC,
    )];
    stmts.push(assume(cmp(BinOp::Ge, n.clone(), ulong(1))));
    stmts.extend(overflow.iter().cloned().map(assume));
    stmts.extend(finals);
    let block = Stmt::new(StmtKind::Block { stmts, scoped: true }, Span::SYNTHETIC);
    let mut closed_forms: Vec<ClosedForm> = sums
        .iter()
        .map(|s| ClosedForm {
            var: name(s.var),
            ty: s.ty.to_string(),
            kind: FormKind::Counted,
            formula: counted_formula(&name(s.var), &counter_name, period, &s.addend),
            step: None,
        })
        .collect();
    closed_forms.push(ClosedForm {
        var: counter_name.clone(),
        ty: ct.to_string(),
        kind: FormKind::Linear,
        formula: format!("k + {counter_name}0"),
        step: Some(1),
    });
    let mut guards = vec![GuardInfo {
        cond: cond.clone(),
        assertion: false,
        after_body: false,
        treatment: GuardTreatment::TwoPoint,
    }];
    let mut seen = BTreeSet::new();
    for s in &syms {
        for g in &s.guards[1..] {
            if seen.insert(key(&g.cond)) {
                guards.push(GuardInfo {
                    cond: g.cond.clone(),
                    assertion: false,
                    after_body: false,
                    treatment: GuardTreatment::Counted,
                });
            }
        }
    }
    let covered = build::and_all(covered_overflow.into_iter().chain([cond.clone()]));
    let decls = fresh.into_decls();
    let new_vars = decls.into_iter().map(|d| program.add_var(d)).collect();
    Some(ResidueAccelerator {
        acc: Accelerator {
            n_var: n_id,
            closed_forms,
            guards,
            overflow,
            block,
            covered,
            may_take: cond,
            nondet_choice: false,
            new_vars,
            exit: None,
            split: None,
        },
        period,
        residues,
        counter: counter_name,
    })
}

/// Whether an operation the paths check (its result must stay in its
/// type) cannot fail where the accelerator runs: an unsigned one wraps as
/// C says, a signed sum's update is bounded by the range assumption (the
/// sum moves one way), and one over the counter alone is proved by z3 in
/// its type at every counter value covered.
fn check_covered(c: &Expr, counter: VarId, sum_updates: &BTreeSet<String>, in_range: &Bool, l: &Int) -> bool {
    if c.ty.as_int().is_some_and(|t| !t.signed) || sum_updates.contains(&key(c)) {
        return true;
    }
    let mut vars = BTreeSet::new();
    build::vars_of(c, &mut vars);
    if vars.iter().any(|v| *v != counter) {
        return false;
    }
    let values = HashMap::from([(counter, l.clone())]);
    let mut eval = Eval::new(Mode::NoWrap, &values);
    let Some(t) = c.ty.as_int() else { return false };
    let Some(v) = eval.value(&literal_divisors(c.clone()), &Bool::from_bool(true)) else {
        return false;
    };
    let mut claims = eval.sides;
    claims.push(super::smt::in_range(&v, t));
    prove_alone(std::slice::from_ref(in_range), &Bool::and(&claims))
}

/// `c` where `e` is `v + c` (either order, conversions aside), `c` a
/// constant in `0 ..= MAX_OFFSET`.
fn offset_of(e: &Expr, v: VarId) -> Option<i128> {
    let e = strip_casts(e);
    if matches!(e.kind, ExprKind::Var(x) if x == v) {
        return Some(0);
    }
    let ExprKind::Binary(BinOp::Add, a, b) = &e.kind else {
        return None;
    };
    let (x, c) = match (a.const_value(), b.const_value()) {
        (None, Some(c)) => (a, c),
        (Some(c), None) => (b, c),
        _ => return None,
    };
    (matches!(strip_casts(x).kind, ExprKind::Var(y) if y == v) && (0..=MAX_OFFSET).contains(&c)).then_some(c)
}

fn strip_casts(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast { expr, .. } => strip_casts(expr),
        _ => e,
    }
}

/// The terms of an update `v = v + d1 - d2 + ...` in `v`'s own type (each
/// `d` not reading `v`, `true` where it is subtracted), and the keys of the
/// arithmetic nodes passed through. A type narrower than `int` is
/// `(T)((int)v + d)` at each step, exact modulo 2^bits when `T` is unsigned.
fn addend_of(e: &Expr, v: VarId, ty: IntType) -> Option<(Terms, Vec<String>)> {
    if e.ty != CType::Int(ty) {
        return None;
    }
    let e = match &e.kind {
        ExprKind::Cast { expr, .. }
            if !ty.signed && ty.bits() < 32 && expr.ty.as_int().is_some_and(|t| t.bits() == 32) =>
        {
            expr
        }
        _ => e,
    };
    if matches!(e.skip_implicit().kind, ExprKind::Var(y) if y == v) {
        return Some((Vec::new(), Vec::new()));
    }
    let reads_v = |x: &Expr| {
        let mut reads = BTreeSet::new();
        build::vars_of(x, &mut reads);
        reads.contains(&v)
    };
    let (rest, negated, d) = match &e.kind {
        ExprKind::Binary(BinOp::Add, a, b) if !reads_v(b) => (a, false, b),
        ExprKind::Binary(BinOp::Add, a, b) if !reads_v(a) => (b, false, a),
        ExprKind::Binary(BinOp::Sub, a, b) if !reads_v(b) => (a, true, b),
        _ => return None,
    };
    // `(int)x` of an `x` in `v`'s narrow type: the promotion.
    let rest = match &rest.kind {
        ExprKind::Cast { expr, .. } if expr.ty == CType::Int(ty) => expr,
        _ => rest,
    };
    let (mut terms, mut keys) = if matches!(rest.skip_implicit().kind, ExprKind::Var(y) if y == v) {
        (Vec::new(), Vec::new())
    } else {
        addend_of(rest, v, ty)?
    };
    terms.push((negated, (**d).clone()));
    keys.push(key(e));
    Some((terms, keys))
}

/// Whether `e` reads no variable but `l`, and `l` only in operands
/// `(l + c) % m` or `(l + c) & (m - 1)` (conversions aside, `0 <= c <=
/// MAX_OFFSET`); the moduli are added to `moduli`, the largest `c` is kept
/// in `offset`.
fn periodic_in(e: &Expr, l: VarId, moduli: &mut BTreeSet<i128>, offset: &mut i128) -> bool {
    let mut vars = BTreeSet::new();
    build::vars_of(e, &mut vars);
    if vars.iter().any(|v| *v != l) {
        return false;
    }
    let mut uses = 0usize;
    e.walk(&mut |x| uses += usize::from(matches!(x.kind, ExprKind::Var(v) if v == l)));
    let mut in_moduli = 0usize;
    let mut ok = true;
    e.walk(&mut |x| {
        if let Some((a, c)) = modulus_operand(x) {
            // `((l + o) / d) % c` repeats with `l` modulo `d * c`.
            let (a, d) = quotient_operand(a).unwrap_or((a, 1));
            match offset_of(a, l) {
                Some(o) if c.checked_mul(d).is_some_and(|p| p <= MAX_PERIOD) => {
                    *offset = (*offset).max(o);
                    in_moduli += 1;
                    moduli.insert(c * d);
                }
                _ => ok = false,
            }
        }
    });
    ok && uses == in_moduli
}

/// `a` and `d` where `e` is `a / d` or `a >> s` (`d = 2^s`) by a constant
/// `d > 0`: for `a >= 0` both are `a` divided by `d` rounded down.
fn quotient_operand(e: &Expr) -> Option<(&Expr, i128)> {
    let e = strip_casts(e);
    match &e.kind {
        ExprKind::Binary(BinOp::Div, a, b) => Some((&**a, b.const_value().filter(|d| *d > 0)?)),
        ExprKind::Binary(BinOp::Shr, a, _) => Some((&**a, 1i128 << e.constant_shift()?)),
        _ => None,
    }
}

fn lcm(a: i128, b: i128) -> i128 {
    a / gcd(a, b) * b
}

/// z3: `cnt_rho(a, m) = (q1 - q0) + [r1 > rho] - [r0 > rho]` satisfies
/// `cnt(a, 0) = 0` and `cnt(a, m + 1) = cnt(a, m) + [(a + m) mod P = rho]`
/// for all `a, m >= 0` and every residue: it counts the residue.
fn counts_verified(period: i128) -> bool {
    // A fact of arithmetic: proved once per period and thread.
    thread_local! {
        static PROVED: std::cell::RefCell<BTreeSet<i128>> = const { std::cell::RefCell::new(BTreeSet::new()) };
    }
    if PROVED.with(|p| p.borrow().contains(&period)) {
        return true;
    }
    let proved = prove_counts(period);
    if proved {
        PROVED.with(|p| p.borrow_mut().insert(period));
    }
    proved
}

fn prove_counts(period: i128) -> bool {
    let a = Int::new_const("tracc_residue_a");
    let m = Int::new_const("tracc_residue_m");
    let p = int(period);
    let cnt = |rho: i128, m: &Int| {
        let x = &a + m;
        let b2i = |b: Bool| b.ite(&int(1), &int(0));
        x.div(&p) - a.div(&p) + b2i(x.modulo(&p).gt(int(rho))) - b2i(a.modulo(&p).gt(int(rho)))
    };
    let premises = [a.ge(int(0)), m.ge(int(0))];
    (0..period).all(|rho| {
        let step = (&a + &m).modulo(&p).eq(int(rho)).ite(&int(1), &int(0));
        let claim = Bool::and(&[
            cnt(rho, &int(0)).eq(int(0)),
            cnt(rho, &(&m + int(1))).eq(cnt(rho, &m) + step),
        ]);
        prove_alone(&premises, &claim)
    })
}

/// z3: where the loop condition holds at a counter value `y`, it holds at
/// every smaller `x >= 0`, whatever the other variables it reads (which the
/// loop does not change). Then it holds at all `n` iterations if it holds
/// at the last.
fn condition_monotone(cond: &Expr, counter: VarId, limit: i128, prog: &Program, path: &Path) -> bool {
    let mut vars = BTreeSet::new();
    build::vars_of(cond, &mut vars);
    let x = Int::new_const("tracc_residue_x");
    let y = Int::new_const("tracc_residue_y");
    let mut premises = vec![x.ge(int(0)), x.le(&y), y.lt(int(limit))];
    let mut at_x = HashMap::from([(counter, x.clone())]);
    for v in vars.iter().filter(|v| **v != counter) {
        let Some(t) = path.var_decl(prog, *v).and_then(|d| d.ty.as_int()) else {
            return false;
        };
        let c = Int::new_const(format!("tracc_residue_v{}", v.0));
        premises.push(super::smt::in_range(&c, t));
        at_x.insert(*v, c);
    }
    let mut at_y = at_x.clone();
    at_y.insert(counter, y);
    let truth = |vars: &HashMap<VarId, Int>| Eval::new(Mode::Exact, vars).truth(cond, &Bool::from_bool(true));
    let (Some(cx), Some(cy)) = (truth(&at_x), truth(&at_y)) else {
        return false;
    };
    prove_alone(&premises, &cy.implies(&cx))
}

/// The formula `explain` shows for a counted sum.
fn counted_formula(var: &str, counter: &str, period: i128, addend: &[i128]) -> String {
    let mut by_value: BTreeMap<i128, Vec<i128>> = BTreeMap::new();
    for (rho, a) in addend.iter().enumerate() {
        if *a != 0 {
            by_value.entry(*a).or_default().push(rho as i128);
        }
    }
    let terms: Vec<String> = by_value
        .iter()
        .map(|(a, rs)| {
            let rs: Vec<String> = rs.iter().map(i128::to_string).collect();
            format!("{a} per iteration with {counter} % {period} in {{{}}}", rs.join(", "))
        })
        .collect();
    format!("{var}0 + {} (counted over the k iterations)", terms.join(" + "))
}

/// What the block is built from.
struct Parts {
    counter: VarId,
    ct: IntType,
    period: i128,
    limit: i128,
    in_body: bool,
}

impl Parts {
    /// For `n` iterations: the assumptions (counter range, loop condition
    /// at the last iteration, signed sums in range) and the assignments.
    fn block_parts(&self, cond: &Expr, sums: &[Sum], n: &Expr) -> (Vec<Expr>, Vec<Stmt>) {
        let u = IntType::ULONG;
        let l = Expr::var(self.counter, CType::Int(self.ct));
        let a = cast(l.clone(), u);
        let p = ulong(self.period);
        let mut assumptions = Vec::new();
        if self.ct.signed {
            assumptions.push(cmp(BinOp::Ge, l.clone(), build::lit(0, self.ct)));
        }
        assumptions.push(cmp(BinOp::Le, a.clone(), ulong(self.limit)));
        assumptions.push(cmp(
            BinOp::Le,
            n.clone(),
            arith(BinOp::Sub, ulong(self.limit), a.clone(), u),
        ));
        let last = cast(
            arith(BinOp::Add, a.clone(), arith(BinOp::Sub, n.clone(), ulong(1), u), u),
            self.ct,
        );
        assumptions.push(build::subst(cond, &|v| (v == self.counter).then(|| last.clone())));
        let end = arith(BinOp::Add, a.clone(), n.clone(), u);
        let periods = arith(
            BinOp::Sub,
            arith(BinOp::Div, end.clone(), p.clone(), u),
            arith(BinOp::Div, a.clone(), p.clone(), u),
            u,
        );
        let r1 = arith(BinOp::Rem, end.clone(), p.clone(), u);
        let r0 = arith(BinOp::Rem, a.clone(), p, u);
        // Sum of `addend` over the iterations, modulo 2^64 (exact for the
        // signed sums, which are far smaller).
        let total = |addend: &[i128], sign: i128| -> Expr {
            let wrap = |v: i128| ulong(u.wrap(v * sign));
            let whole: i128 = addend.iter().sum();
            let mut e = arith(BinOp::Mul, wrap(whole), periods.clone(), u);
            for (rho, d) in addend.iter().enumerate() {
                if *d == 0 {
                    continue;
                }
                let above = |r: &Expr| cast(cmp(BinOp::Gt, r.clone(), ulong(rho as i128)), u);
                e = arith(BinOp::Add, e, arith(BinOp::Mul, wrap(*d), above(&r1), u), u);
                e = arith(BinOp::Sub, e, arith(BinOp::Mul, wrap(*d), above(&r0), u), u);
            }
            e
        };
        let mut finals = Vec::new();
        let wide = IntType::LONG;
        for s in sums {
            let v = Expr::var(s.var, CType::Int(s.ty));
            let value = if s.ty.signed {
                let down = s.addend.iter().any(|d| *d < 0);
                let sign = if down { -1 } else { 1 };
                let change = cast(total(&s.addend, sign), wide);
                let op = if down { BinOp::Sub } else { BinOp::Add };
                let result = arith(op, cast(v.clone(), wide), change, wide);
                let bound = if down {
                    cmp(BinOp::Ge, result.clone(), build::lit(s.ty.min(), wide))
                } else {
                    cmp(BinOp::Le, result.clone(), build::lit(s.ty.max(), wide))
                };
                assumptions.push(bound);
                cast(result, s.ty)
            } else {
                cast(arith(BinOp::Add, cast(v.clone(), u), total(&s.addend, 1), u), s.ty)
            };
            finals.push(assign(v, value));
        }
        let steps = if self.in_body {
            n.clone()
        } else {
            arith(BinOp::Sub, n.clone(), ulong(1), u)
        };
        finals.push(assign(l, cast(arith(BinOp::Add, a, steps, u), self.ct)));
        (assumptions, finals)
    }
}
