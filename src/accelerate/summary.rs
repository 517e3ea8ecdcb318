//! Summaries of inner loops.
//!
//! In: a loop nested in another one and its iteration paths. Out: the cases
//! of the inner loop's whole execution from the state where it starts, each
//! a straight line of steps (`loops::Summarize`) that the outer loop's path
//! takes as one step: the loop does not run (`!c`), or it runs `t` times,
//! `t` a closed form of the entry state, and ends where the closed forms
//! put it. The outer path is then accelerated like any other: the
//! summary's assumptions are guards of its accelerator, and an outer
//! iteration from a state that no case describes is simply not covered.
//!
//! Only the plainest loops are summarised: one iteration path whose only
//! assumption is the loop condition (no branch, no assertion), every
//! variable written moving by a constant step, values of at most 32 bits,
//! and a condition `l op r` whose sides approach each other by one per
//! iteration. The path may write one row of a matrix at an index moving
//! by one, with values linear in the iteration: the summary then has a
//! fill step (`loops::Fill`), after assumptions that the row and the first
//! and last written columns are in the matrix. Then, with `e = l - r` at the entry and `t` the first
//! iteration where the condition fails, every operation of the body has a
//! value linear in the iteration, so it stays in its type at every
//! iteration if it does at the first and at the last (both assumed); z3
//! proves that the condition holds at iterations `0 .. t-1` and fails at
//! `t`. Every expression of a summary is computed in `long`, where values
//! of at most 32 bits times constants of at most 2^16 cannot overflow.

use super::feasible::infeasible;
use super::poly::{Atom, Poly};
use super::recurrence::to_poly;
use super::show;
use super::smt::{in_range, int, poly_value, prove};
use super::solver::{RLIMIT_OPTIONAL, with_rlimit, with_solver};
use super::symex::PathGuard;
use super::symex::{ArrayWrite, symex};
use crate::ir::build::key;
use crate::ir::build::{arith, cast, cmp, lit, not};
use crate::ir::{BinOp, Expr, ExprKind, IntType, Program, Stmt, StmtKind, VarId};
use crate::loops::{self, Lhs, LoopInfo, Path, Step};
use crate::reason::{InnerLoopIssue as Issue, Reason};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use z3::ast::{Bool, Int};

/// The largest step per iteration a summary accepts (see the module
/// comment: products stay far inside `long`).
const MAX_STEP: i128 = 1 << 16;

/// A summary's cases (`loops::Summarize`), or why there is none.
type Cases = Result<Vec<Vec<Step>>, Reason>;

/// The summaries of the inner loops of one program, each computed once.
pub struct Summaries<'p> {
    program: &'p Program,
    loops: &'p [LoopInfo],
    max_paths: usize,
    done: RefCell<HashMap<(usize, usize), Cases>>,
}

impl<'p> Summaries<'p> {
    /// `loops` are the program's loops (`loops::find_loops`).
    pub fn new(program: &'p Program, loops: &'p [LoopInfo], max_paths: usize) -> Summaries<'p> {
        Summaries {
            program,
            loops,
            max_paths,
            done: RefCell::new(HashMap::new()),
        }
    }

    /// The summary of the loop statement `inner` (a `loops::Summarize`):
    /// its own paths are listed with the summaries of the loops inside it.
    pub fn summarize(&self, _: &Program, inner: &Stmt) -> Cases {
        let at = (inner.span.start, inner.span.end);
        if let Some(r) = self.done.borrow().get(&at) {
            return r.clone();
        }
        let result = self.compute(inner);
        self.done.borrow_mut().insert(at, result.clone());
        result
    }

    fn compute(&self, inner: &Stmt) -> Cases {
        let refused = |r: Reason| Reason::InnerLoop(Issue::Refused(Box::new(r)));
        let Some(info) = self.loops.iter().find(|l| l.span == inner.span) else {
            return Err(refused(Reason::PathConstruct("inner loop not found")));
        };
        // A summary starts where the inner loop is entered, before its
        // condition: one whose condition changes state runs it first.
        if info.cond_after_body {
            return Err(refused(Reason::ConditionSideEffects));
        }
        let paths = loops::iteration_paths(self.program, info, self.max_paths, &infeasible, &|p, s| {
            self.summarize(p, s)
        })
        .map_err(|why| match why.0.into_iter().next() {
            // A loop inside it has no summary: say which reason, once.
            Some(r @ Reason::InnerLoop(_)) => r,
            r => refused(r.unwrap_or(Reason::NoPathAccelerated)),
        })?;
        cases(self.program, inner, &paths.paths).map_err(Reason::InnerLoop)
    }
}

/// The cases of loop `inner`, whose iteration paths are `paths`: it does
/// not run, or it runs to its end along its one path.
fn cases(program: &Program, inner: &Stmt, paths: &[Path]) -> Result<Vec<Vec<Step>>, Issue> {
    match &inner.kind {
        StmtKind::While { .. } | StmtKind::For { cond: Some(_), .. } => {}
        StmtKind::DoWhile { .. } => return Err(Issue::DoWhile),
        _ => return Err(Issue::TripCount),
    }
    let [path] = paths else {
        return Err(Issue::PathCount(paths.len()));
    };
    plain_steps(program, path)?;
    let sym = symex(program, path).map_err(|r| Issue::Refused(Box::new(r)))?;
    if sym.nondet_choice {
        return Err(Issue::NotPlainUpdates);
    }
    let Some((
        PathGuard {
            cond,
            assertion: false,
            after_body: false,
        },
        others,
    )) = sym.guards.split_first()
    else {
        return Err(Issue::Branches);
    };
    if others.iter().any(|PathGuard { assertion, .. }| *assertion) {
        return Err(Issue::Branches);
    }
    let name = |v: VarId| {
        path.var_decl(program, v)
            .map_or_else(|| format!("v{}", v.0), |d| d.name.clone())
    };
    let narrow = |v: VarId| -> Result<IntType, Issue> {
        let t = path
            .var_decl(program, v)
            .filter(|_| v.0 < program.vars.len() && !path.locals.contains(&v))
            .and_then(|d| d.ty.as_int())
            .ok_or(Issue::NotPlainUpdates)?;
        if t.bits() > 32 {
            return Err(Issue::Wide(name(v)));
        }
        Ok(t)
    };

    // The step of every variable that outlives the iteration, or the value
    // it is reset to (over values the loop does not change).
    let written: BTreeSet<VarId> = sym
        .full_vals
        .keys()
        .filter(|v| !path.locals.contains(v) && v.0 < program.vars.len())
        .copied()
        .collect();
    let mut steps: BTreeMap<VarId, i128> = BTreeMap::new();
    let mut resets: BTreeMap<VarId, Poly> = BTreeMap::new();
    for v in &written {
        narrow(*v)?;
        let value = to_poly(&sym.full_vals[v], &|_| None).ok_or_else(|| Issue::NotConstantStep(name(*v)))?;
        let step = value
            .sub(&Poly::var(*v))
            .and_then(|d| d.as_const())
            .and_then(|r| r.as_int())
            .filter(|d| d.abs() <= MAX_STEP);
        match step {
            Some(0) => {}
            Some(step) => {
                steps.insert(*v, step);
            }
            None if value
                .atoms()
                .iter()
                .all(|a| !matches!(a, Atom::Var(w) if written.contains(w))) =>
            {
                resets.insert(*v, value);
            }
            None => return Err(Issue::NotConstantStep(name(*v))),
        }
    }
    let at_k = |e: &Expr| -> Option<Poly> {
        to_poly(e, &|v| {
            steps
                .get(&v)
                .and_then(|d| Poly::var(v).add(&Poly::k().mul(&Poly::constant(*d))?))
        })
    };
    let mut read = BTreeSet::new();
    crate::ir::build::vars_of(cond, &mut read);
    let write = match &sym.array_writes[..] {
        [] => None,
        [w] => Some(RowWrite::of(program, w, &written, &at_k).ok_or_else(|| Issue::WritesArray(name(w.array)))?),
        [w, ..] => return Err(Issue::WritesArray(name(w.array))),
    };
    for e in sym.array_writes.iter().flat_map(ArrayWrite::exprs) {
        crate::ir::build::vars_of(e, &mut read);
    }
    for c in sym
        .checks
        .iter()
        .chain(others.iter().map(|PathGuard { cond: g, .. }| g))
    {
        crate::ir::build::vars_of(c, &mut read);
    }
    for v in &read {
        narrow(*v)?;
        // A reset value is not linear in the iteration.
        if resets.contains_key(v) {
            return Err(Issue::NotConstantStep(name(*v)));
        }
    }

    let trip = trip_count(cond, &at_k)?;
    let moving_in_t: Vec<VarId> = trip
        .t
        .atoms()
        .into_iter()
        .filter_map(|a| match a {
            Atom::Var(v) if steps.contains_key(&v) => Some(v),
            _ => None,
        })
        .collect();
    if moving_in_t.len() > 1 {
        return Err(Issue::TripCount);
    }

    // Every operation in its type at every iteration: its value moves by
    // a constant per iteration, so its least value is at one end of the
    // range and its greatest at the other.
    let mut ranges: Vec<Bound> = Vec::new();
    for c in &sym.checks {
        let shown = || show::expr(program, &|v| Some(name(v)), c);
        let p = at_k(c)
            .filter(|p| p.degree_in(Atom::K) <= 1)
            .ok_or_else(|| Issue::NotConstantStep(shown()))?;
        let ty = c.ty.as_int().ok_or(Issue::NotPlainUpdates)?;
        let at = |k: &Poly| p.at_k(k).ok_or(Issue::TripCount);
        if ty.bits() > 32 {
            // The `long` arithmetic of a summary inside: its values are
            // far inside `long` when its coefficients are small.
            if !(ty == IntType::LONG && small_in_long(&at(&Poly::zero())?) && small_in_long(&at(&trip.last)?)) {
                return Err(Issue::Wide(shown()));
            }
            continue;
        }
        let (first, last) = (at(&Poly::zero())?, at(&trip.last)?);
        let slope = at(&Poly::constant(1))?
            .sub(&first)
            .and_then(|d| d.as_const())
            .and_then(|r| r.as_int())
            .ok_or_else(|| Issue::NotConstantStep(shown()))?;
        let (low, high) = if slope >= 0 { (first, last) } else { (last, first) };
        ranges.push(Bound {
            value: low,
            limit: ty.min(),
            upper: false,
        });
        ranges.push(Bound {
            value: high,
            limit: ty.max(),
            upper: true,
        });
    }
    let ranges = prove_trip_count(program, &trip, ranges)?;
    // The other assumptions of the path (a summary's, of a loop inside):
    // comparisons of values linear in the iteration hold at every
    // iteration if they do at the first and the last.
    let mut conditions = Vec::new();
    for PathGuard { cond: g, .. } in others {
        let (op, diff) = comparison(g, &at_k).ok_or(Issue::Branches)?;
        for k in [&Poly::zero(), &trip.last] {
            let e = diff.at_k(k).ok_or(Issue::TripCount)?;
            let e = long_of(program, &e).ok_or(Issue::TripCount)?;
            let c = cmp(op, e, lit(0, IntType::LONG));
            if !conditions.iter().any(|x: &Expr| key(x) == key(&c)) {
                conditions.push(c);
            }
        }
    }

    let mut enter = vec![Step::Assume(cond.clone())];
    enter.extend(trip.side.iter().cloned().map(Step::Assume));
    enter.extend(conditions.into_iter().map(Step::Assume));
    for b in &ranges {
        let e = long_of(program, &b.value).ok_or(Issue::TripCount)?;
        let op = if b.upper { BinOp::Le } else { BinOp::Ge };
        enter.push(Step::Assume(cmp(op, e, lit(b.limit, IntType::LONG))));
    }
    if let Some(w) = write {
        enter.extend(
            w.steps(program, &trip)
                .ok_or_else(|| Issue::WritesArray(name(w.write.array)))?,
        );
    }
    // Final values from the entry values: the variable that `t` reads is
    // assigned last.
    let mut order: Vec<(&VarId, &i128)> = steps.iter().collect();
    order.sort_by_key(|(v, _)| moving_in_t.contains(v));
    for (v, step) in order {
        let ty = narrow(*v)?;
        let fin = Poly::var(*v)
            .add(&trip.t.mul(&Poly::constant(*step)).ok_or(Issue::TripCount)?)
            .ok_or(Issue::TripCount)?;
        let e = long_of(program, &fin).ok_or(Issue::TripCount)?;
        enter.push(Step::Assign(Lhs::Var(*v), cast(e, ty)));
    }
    for (v, value) in &resets {
        let e = long_of(program, value).ok_or(Issue::TripCount)?;
        enter.push(Step::Assign(Lhs::Var(*v), cast(e, narrow(*v)?)));
    }
    enter.push(Step::Assume(not(cond.clone())));
    Ok(vec![vec![Step::Assume(not(cond.clone()))], enter])
}

/// The path starts with an assumption (the loop condition), asserts
/// nothing and assigns variables and elements of rows only (a loop inside
/// that fills rows is a write of a block, not of a row).
fn plain_steps(program: &Program, path: &Path) -> Result<(), Issue> {
    for s in &path.steps {
        let writes =
            |a: VarId| Issue::WritesArray(path.var_decl(program, a).map_or_else(String::new, |d| d.name.clone()));
        match s {
            // Later assumptions (of a summary of a loop inside) are checked
            // in `summarize`.
            Step::Assume(_) => {}
            Step::Assert(..) => return Err(Issue::Branches),
            Step::Assign(Lhs::Var(_), _) => {}
            // Into a row of a matrix (`RowWrite`).
            Step::Assign(Lhs::Index(_, rows, _), _) if rows.len() == 1 => {}
            Step::Assign(Lhs::Index(a, ..), _) => return Err(writes(*a)),
            Step::Fill(f) => return Err(writes(f.array)),
            Step::Havoc(_) => return Err(Issue::NotPlainUpdates),
        }
    }
    if matches!(path.steps.first(), Some(Step::Assume(_))) {
        Ok(())
    } else {
        Err(Issue::Branches)
    }
}

/// The inner loop's write into a row of a matrix that a fill describes:
/// the row unchanged by the loop, the index moving by 1 or -1 per
/// iteration, the value linear in the iteration with a constant slope and
/// reading no array, nothing nondeterministic.
struct RowWrite<'s> {
    write: &'s ArrayWrite,
    row: &'s Expr,
    /// The index's and the value's change per iteration.
    step: i128,
    slope: i128,
    /// The number of rows and of elements per row.
    dims: (i128, i128),
    /// The index at iteration `k`.
    index: Poly,
}

impl<'s> RowWrite<'s> {
    fn of(
        program: &Program,
        w: &'s ArrayWrite,
        written: &BTreeSet<VarId>,
        at_k: &dyn Fn(&Expr) -> Option<Poly>,
    ) -> Option<RowWrite<'s>> {
        let row = w.row.as_ref()?;
        if w.after || w.nondet_range.is_some() {
            return None;
        }
        let mut reads_array = false;
        let mut row_vars = BTreeSet::new();
        crate::ir::build::vars_of(row, &mut row_vars);
        for e in [row, &w.index, &w.value] {
            e.walk(&mut |x| reads_array |= matches!(x.kind, ExprKind::Index(..)));
        }
        if reads_array || !row_vars.is_disjoint(written) {
            return None;
        }
        let slope_of = |p: &Poly| match p.degree_in(Atom::K) {
            0 => Some(0),
            1 => p.by_k().get(1)?.as_const()?.as_int(),
            _ => None,
        };
        let index = at_k(&w.index)?;
        let step = slope_of(&index).filter(|s| s.abs() == 1)?;
        let slope = slope_of(&at_k(&w.value)?).filter(|s| s.abs() <= MAX_STEP)?;
        w.value.ty.as_int().filter(|t| t.bits() <= 32)?;
        let (row_ty, rows) = program.var(w.array).ty.array_parts()?;
        let (_, cols) = row_ty.array_parts()?;
        Some(RowWrite {
            write: w,
            row,
            step,
            slope,
            dims: (i128::from(rows), i128::from(cols)),
            index,
        })
    }

    /// The steps of the summary's case: assumptions that the row is in the
    /// matrix and the indices at the first and the last iteration in the
    /// row (`long`, over the entry values), then the fill of `trip.t`
    /// elements.
    fn steps(&self, program: &Program, trip: &TripCount) -> Option<Vec<Step>> {
        let row = to_poly(self.row, &|_| None)?;
        let (rows, cols) = self.dims;
        let mut out = Vec::new();
        for (p, len) in [
            (row, rows),
            (self.index.at_k(&Poly::zero())?, cols),
            (self.index.at_k(&trip.last)?, cols),
        ] {
            let e = long_of(program, &p)?;
            out.push(Step::Assume(cmp(BinOp::Ge, e.clone(), lit(0, IntType::LONG))));
            out.push(Step::Assume(cmp(BinOp::Lt, e, lit(len, IntType::LONG))));
        }
        out.push(Step::Fill(Box::new(loops::Fill {
            array: self.write.array,
            row: self.row.clone(),
            first: self.write.index.clone(),
            step: self.step,
            count: long_of(program, &trip.t)?,
            value: self.write.value.clone(),
            slope: self.slope,
        })));
        Some(out)
    }
}

/// `g` as `d op 0` with `d` linear in `K` and `op` an order (`<`, `<=`,
/// `>`, `>=`: true at two iterations, true between them); `!` negates.
fn comparison(g: &Expr, at_k: &dyn Fn(&Expr) -> Option<Poly>) -> Option<(BinOp, Poly)> {
    let mut e = g;
    let mut negated = false;
    loop {
        match &e.kind {
            ExprKind::Cast { expr, .. } => e = expr,
            ExprKind::Unary(crate::ir::UnOp::LogNot, inner) => {
                negated = !negated;
                e = inner;
            }
            _ => break,
        }
    }
    let ExprKind::Binary(op, l, r) = &e.kind else {
        return None;
    };
    let op = if negated { op.negated()? } else { *op };
    if !matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge) {
        return None;
    }
    let d = at_k(l)?.sub(&at_k(r)?)?;
    (d.degree_in(Atom::K) <= 1).then_some((op, d))
}

/// Whether a linear polynomial over values of at most 32 bits stays far
/// inside `long` (coefficients and constant below 2^28).
fn small_in_long(p: &Poly) -> bool {
    p.terms.iter().all(|(mono, c)| {
        c.as_int().is_some_and(|c| c.abs() < 1 << 28)
            && mono.iter().all(|(a, e)| matches!(a, Atom::Var(_)) && *e == 1)
            && mono.len() <= 1
    })
}

/// A bound on the value of an operation at one end of the iterations.
#[derive(Clone, PartialEq)]
struct Bound {
    value: Poly,
    limit: i128,
    /// `value <= limit` (else `value >= limit`).
    upper: bool,
}

/// How many iterations a loop with condition `l op r` runs: `e(k)` is
/// `l - r` at iteration `k`, which moves by `d` (1 or -1) per iteration.
struct TripCount {
    /// `e` at iteration `k`, as a polynomial in `K`.
    e: Poly,
    op: BinOp,
    /// The comparison of `e` with 0 that holds from the entry to iteration
    /// `t - 1` (for `!=`: the side where `e` starts).
    strict: BinOp,
    /// The number of iterations, over the entry values.
    t: Poly,
    /// `t - 1`, the last iteration.
    last: Poly,
    /// For `!=`: the side of `r` on which `l` starts (C, at the entry).
    side: Option<Expr>,
}

fn trip_count(cond: &Expr, at_k: &dyn Fn(&Expr) -> Option<Poly>) -> Result<TripCount, Issue> {
    let mut c = cond;
    while let ExprKind::Cast { expr, .. } = &c.kind {
        c = expr;
    }
    let ExprKind::Binary(op, l, r) = &c.kind else {
        return Err(Issue::TripCount);
    };
    let e = at_k(l)
        .zip(at_k(r))
        .and_then(|(l, r)| l.sub(&r))
        .filter(|e| e.degree_in(Atom::K) == 1)
        .ok_or(Issue::TripCount)?;
    let at = |k: i128| e.at_k(&Poly::constant(k));
    let (e0, e1) = at(0).zip(at(1)).ok_or(Issue::TripCount)?;
    let d = e1.sub(&e0).and_then(|d| d.as_const()).and_then(|r| r.as_int());
    let minus_e0 = e0.neg().ok_or(Issue::TripCount)?;
    let plus1 = |p: &Poly| p.add(&Poly::constant(1)).ok_or(Issue::TripCount);
    let (t, strict) = match (op, d) {
        (BinOp::Lt, Some(1)) => (minus_e0, BinOp::Lt),
        (BinOp::Le, Some(1)) => (plus1(&minus_e0)?, BinOp::Le),
        (BinOp::Gt, Some(-1)) => (e0, BinOp::Gt),
        (BinOp::Ge, Some(-1)) => (plus1(&e0)?, BinOp::Ge),
        (BinOp::Ne, Some(1)) => (minus_e0, BinOp::Lt),
        (BinOp::Ne, Some(-1)) => (e0, BinOp::Gt),
        _ => return Err(Issue::TripCount),
    };
    let side = (*op == BinOp::Ne).then(|| cmp(strict, (**l).clone(), (**r).clone()));
    let last = t.sub(&Poly::constant(1)).ok_or(Issue::TripCount)?;
    Ok(TripCount {
        e,
        op: *op,
        strict,
        t,
        last,
        side,
    })
}

/// z3 proves, over the integers, from the condition at the entry (and the
/// side of `!=`) and the operations in their types at the first and last
/// iteration (and the variables in their types): `t >= 1`, the condition holds at iteration `t - 1` on the
/// side where it held at the entry (so at every iteration before, `e` being
/// linear), and fails at iteration `t`. The range conditions that z3 shows
/// implied by the condition and the ones before them are dropped.
fn prove_trip_count(program: &Program, trip: &TripCount, ranges: Vec<Bound>) -> Result<Vec<Bound>, Issue> {
    let mut vars: BTreeMap<VarId, Int> = BTreeMap::new();
    let mut atoms = BTreeSet::new();
    for p in std::iter::once(&trip.e).chain(ranges.iter().map(|b| &b.value)) {
        for a in p.atoms() {
            if let Atom::Var(v) = a {
                atoms.insert(v);
            }
        }
    }
    let mut premises = Vec::new();
    for v in atoms {
        let x = Int::fresh_const(&format!("s{}", v.0));
        if let Some(t) = program.vars.get(v.0).and_then(|d| d.ty.as_int()) {
            premises.push(in_range(&x, t));
        }
        vars.insert(v, x);
    }
    let value = |p: &Poly| {
        poly_value(p, &|a| match a {
            Atom::Var(v) => vars.get(&v).cloned().unwrap_or_else(|| int(0)),
            Atom::K => int(0),
        })
    };
    let at = |k: &Poly| trip.e.at_k(k).and_then(|p| value(&p));
    let holds = |e: &Int, op: BinOp| match op {
        BinOp::Lt => e.lt(int(0)),
        BinOp::Le => e.le(int(0)),
        BinOp::Gt => e.gt(int(0)),
        BinOp::Ge => e.ge(int(0)),
        _ => e.eq(int(0)).not(),
    };
    let strict = trip.strict;
    let (Some(e0), Some(t)) = (at(&Poly::zero()), value(&trip.t)) else {
        return Err(Issue::TripCount);
    };
    let (Some(e_last), Some(e_t)) = (at(&trip.last), at(&trip.t)) else {
        return Err(Issue::TripCount);
    };
    premises.push(holds(&e0, strict));
    let mut kept: Vec<Bound> = Vec::new();
    let mut seen: Vec<Bound> = Vec::new();
    for b in ranges {
        let Some(v) = value(&b.value) else {
            return Err(Issue::TripCount);
        };
        if seen.contains(&b) {
            continue;
        }
        seen.push(b.clone());
        let claim = if b.upper {
            v.le(int(b.limit))
        } else {
            v.ge(int(b.limit))
        };
        let implied = with_rlimit(RLIMIT_OPTIONAL, || with_solver(|s| prove(s, &premises, &claim)));
        premises.push(claim);
        if !implied {
            kept.push(b);
        }
    }
    let claim = Bool::and(&[t.ge(int(1)), holds(&e_last, strict), holds(&e_t, trip.op).not()]);
    if with_solver(|s| prove(s, &premises, &claim)) {
        Ok(kept)
    } else {
        Err(Issue::Unproved)
    }
}

/// A linear polynomial with integer coefficients over variables of at
/// most 32 bits, computed in `long` (exact: see the module comment).
fn long_of(program: &Program, p: &Poly) -> Option<Expr> {
    let long = |c: i128| lit(c, IntType::LONG);
    let mut out: Option<Expr> = None;
    let mut konst = 0i128;
    // `acc + c * x` as `acc - |c| * x` for negative `c`.
    let add = |acc: Option<Expr>, c: i128, x: Expr| {
        let scaled = |c: i128| {
            if c == 1 {
                x.clone()
            } else {
                arith(BinOp::Mul, long(c), x.clone(), IntType::LONG)
            }
        };
        match acc {
            None => scaled(c),
            Some(acc) if c < 0 => arith(BinOp::Sub, acc, scaled(-c), IntType::LONG),
            Some(acc) => arith(BinOp::Add, acc, scaled(c), IntType::LONG),
        }
    };
    for (mono, c) in &p.terms {
        let c = c.as_int()?;
        match &mono[..] {
            [] => konst = c,
            [(Atom::Var(v), 1)] => {
                let d = program.vars.get(v.0)?;
                out = Some(add(out, c, cast(crate::ir::build::var(*v, &d.ty), IntType::LONG)));
            }
            _ => return None,
        }
    }
    Some(match out {
        None => long(konst),
        Some(acc) if konst == 0 => acc,
        Some(acc) if konst < 0 => arith(BinOp::Sub, acc, long(-konst), IntType::LONG),
        Some(acc) => arith(BinOp::Add, acc, long(konst), IntType::LONG),
    })
}
