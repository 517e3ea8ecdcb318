//! Symbolic execution of one iteration path.
//!
//! In: a program and an iteration path (`loops`). Out: a `Sym`, the path's
//! effect: each written variable's value (after the body, after the whole
//! iteration) over the values before it, the guards, the checked operations.

use super::checks::{collect_checks, collect_guard_checks, const_value};
use crate::ir::build::key;
use crate::ir::build::{self, as_value};
use crate::ir::{BinOp, CType, Expr, ExprKind, Program, Span, Storage, UnOp, VarId};
use crate::loops::{Lhs, Path, Step};
use crate::reason::{ArrayIssue, NondetUse, Reason};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Reserved ids for the values of nondeterministic expressions evaluated
/// by the path (one per evaluation).
const NONDET_BASE: usize = usize::MAX / 2;

/// A guard or an assertion of a path.
#[derive(Clone, Debug)]
pub(super) struct PathGuard {
    /// The condition, over the values at the start of the iteration.
    pub(super) cond: Expr,
    /// An assertion (it must hold) rather than a condition for taking the
    /// path.
    pub(super) assertion: bool,
    /// Evaluated after the body (the `for` step, the `do`-`while`
    /// condition).
    pub(super) after_body: bool,
}

/// Result of symbolic execution of a path.
pub(super) struct Sym {
    /// Value at the end of the body (split point) of state variables the
    /// body writes.
    pub(super) prefix_vals: BTreeMap<VarId, Expr>,
    /// Value at the end of the iteration of every state variable written.
    pub(super) full_vals: BTreeMap<VarId, Expr>,
    /// Guards and assertions, in the order the path meets them.
    pub(super) guards: Vec<PathGuard>,
    /// Operations whose result must stay in its type (in the body or after
    /// it: all are checked at every one of the `n` iterations).
    pub(super) checks: Vec<Expr>,
    /// Whether the part after the body assigns anything.
    pub(super) tail_assigns: bool,
    /// Array writes `a[idx] = value` (one per array), with "after body".
    pub(super) array_writes: Vec<ArrayWrite>,
    /// A branch on a fresh nondeterministic value chose the path (its
    /// guard was dropped): the pre-state does not say which path an
    /// original iteration takes.
    pub(super) nondet_choice: bool,
}

#[derive(Clone, Debug)]
pub(super) struct ArrayWrite {
    pub(super) array: VarId,
    /// The row of a matrix the write goes into (`a[row][index]`), `None`
    /// for a one-dimensional array.
    pub(super) row: Option<Expr>,
    pub(super) index: Expr,
    pub(super) value: Expr,
    pub(super) after: bool,
    /// The value is a fresh nondeterministic value of a type whose range
    /// is this (converted without change to the element type).
    pub(super) nondet_range: Option<(i128, i128)>,
    /// The write is a summarised inner loop's fill of the row
    /// (`loops::Fill`): `index` and `value` are those of its first element.
    pub(super) fill: Option<FillShape>,
}

impl ArrayWrite {
    /// The expressions the write evaluates: row, index, value, and a
    /// fill's count.
    pub(super) fn exprs(&self) -> impl Iterator<Item = &Expr> {
        self.row
            .iter()
            .chain([&self.index, &self.value])
            .chain(self.fill.as_ref().map(|f| &f.count))
    }
}

/// What a fill adds to an array write: it writes `count` elements from
/// `index` on by `step`, the value moving by `slope`.
#[derive(Clone, Debug)]
pub(super) struct FillShape {
    pub(super) count: Expr,
    pub(super) step: i128,
    pub(super) slope: i128,
}

/// The first variable-length array the path reads or writes.
fn variable_length_array(program: &Program, path: &Path) -> Option<VarId> {
    let is_vla = |v: VarId| path.var_decl(program, v).is_some_and(|d| matches!(d.ty, CType::Vla(_)));
    let mut found = None;
    for step in &path.steps {
        let (lhs, e) = match step {
            Step::Assume(e) | Step::Assert(e, _) => (None, e),
            Step::Assign(l, e) => (Some(l), e),
            Step::Havoc(_) | Step::Fill(_) => continue,
        };
        if let Some(Lhs::Index(a, ..)) = lhs
            && is_vla(*a)
        {
            return Some(*a);
        }
        e.walk(&mut |x| {
            if let ExprKind::Var(v) = x.kind
                && found.is_none()
                && is_vla(v)
            {
                found = Some(v);
            }
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

pub(super) fn symex(program: &Program, path: &Path) -> Result<Sym, Reason> {
    let name = |v: VarId| -> String {
        path.var_decl(program, v)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    };
    if let Some(a) = variable_length_array(program, path) {
        return Err(Reason::ArrayAccess(ArrayIssue::VariableLength(name(a))));
    }
    let mut run = Run::new(program, path);
    for (i, step) in path.steps.iter().enumerate() {
        if i == path.split {
            run.record_prefix();
        }
        if let Some(h) = run.step(step, i >= path.split)? {
            return Err(Reason::ReadsBeforeAssigned(Some(name(h))));
        }
    }
    if path.split >= path.steps.len() {
        run.record_prefix();
    }
    let Run {
        vals,
        guards,
        checks,
        mut prefix_vals,
        written,
        tail_assigns,
        mut array_writes,
        ..
    } = run;
    let state = |v: &VarId| !path.locals.contains(v) && v.0 < NONDET_BASE;
    let mut full_vals = BTreeMap::new();
    for v in written.iter().filter(|v| state(v)) {
        match vals.get(v) {
            Some(Some(e)) => {
                full_vals.insert(*v, e.clone());
            }
            _ => return Err(Reason::UnknownValue(name(*v))),
        }
    }
    prefix_vals.retain(|v, _| state(v));
    let uses = nondet_uses(&guards, &full_vals, &checks, &array_writes);
    let (kept, nondet_choice) = without_nondet_choices(guards, &uses);
    for (v, e) in &full_vals {
        if mentions_nondet(e) {
            return Err(Reason::Nondeterminism(NondetUse::Assigned(name(*v))));
        }
    }
    if kept.iter().any(|PathGuard { cond: g, .. }| mentions_nondet(g)) || checks.iter().any(mentions_nondet) {
        return Err(Reason::Nondeterminism(NondetUse::InGuards));
    }
    reject_reads_of_written(&array_writes, &full_vals, &kept, &name)?;
    for w in array_writes.iter_mut() {
        w.nondet_range = nondet_write(w, &uses)?;
    }
    Ok(Sym {
        prefix_vals,
        full_vals,
        guards: kept,
        checks,
        tail_assigns,
        array_writes,
        nondet_choice,
    })
}

/// The assumptions an execution of `path` (or of a prefix of a path) must
/// meet, over the values at the start of the iteration, as far as symbolic
/// execution can follow the path. Left out: assumptions that read a
/// havocked or nondeterministic value, or an array after the path has
/// written one (their value at the start would be the wrong one). Fewer
/// assumptions only make a path look feasible more often.
pub(super) fn path_conditions(program: &Program, path: &Path) -> Vec<Expr> {
    let mut run = Run::new(program, path);
    let mut out = Vec::new();
    for step in &path.steps {
        if run.step(step, false).is_err() {
            break;
        }
        if !matches!(step, Step::Assume(_)) {
            continue;
        }
        let Some(PathGuard { cond: g, .. }) = run.guards.last() else {
            continue;
        };
        let mut reads_array = false;
        g.walk(&mut |x| reads_array |= matches!(x.kind, ExprKind::Index(..)));
        let stale_array = reads_array && !run.array_writes.is_empty();
        if find_havoc(g).is_none() && !mentions_nondet(g) && !stale_array {
            out.push(g.clone());
        }
    }
    out
}

/// The state of the symbolic execution, step by step.
struct Run<'a> {
    program: &'a Program,
    path: &'a Path,
    /// Current value of each variable written so far (`None`: havocked).
    vals: HashMap<VarId, Option<Expr>>,
    /// Nondeterministic values seen so far.
    nondets: usize,
    guards: Vec<PathGuard>,
    checks: Vec<Expr>,
    seen_checks: BTreeSet<String>,
    prefix_vals: BTreeMap<VarId, Expr>,
    written: BTreeSet<VarId>,
    tail_assigns: bool,
    array_writes: Vec<ArrayWrite>,
}

impl<'a> Run<'a> {
    fn new(program: &'a Program, path: &'a Path) -> Run<'a> {
        Run {
            program,
            path,
            vals: HashMap::new(),
            nondets: 0,
            guards: Vec::new(),
            checks: Vec::new(),
            seen_checks: BTreeSet::new(),
            prefix_vals: BTreeMap::new(),
            written: BTreeSet::new(),
            tail_assigns: false,
            array_writes: Vec::new(),
        }
    }

    /// The values at the end of the body are those of now.
    fn record_prefix(&mut self) {
        for v in &self.written {
            if let Some(Some(e)) = self.vals.get(v) {
                self.prefix_vals.insert(*v, e.clone());
            }
        }
    }

    /// Execute one step (`after`: of the part after the body). Returns a
    /// havocked variable that the step reads.
    fn step(&mut self, step: &Step, after: bool) -> Result<Option<VarId>, Reason> {
        match step {
            Step::Assign(Lhs::Index(a, rows, idx), e) => {
                self.array_write(*a, rows, idx, e, after, None)?;
                Ok(None)
            }
            Step::Fill(f) => {
                // Over the values where the inner loop starts, which are
                // often constants (`j = 0` before it): folded, here, since
                // the checks of the fill's operations are collected from it.
                let count = build::fold_constants(current(&self.vals, &mut self.nondets, &f.count));
                if find_havoc(&count).is_some() {
                    return Err(Reason::ReadsBeforeAssigned(None));
                }
                collect_checks(&count, &mut self.checks, &mut self.seen_checks)?;
                let shape = FillShape {
                    count,
                    step: f.step,
                    slope: f.slope,
                };
                self.array_write(
                    f.array,
                    std::slice::from_ref(&f.row),
                    &f.first,
                    &f.value,
                    after,
                    Some(shape),
                )?;
                Ok(None)
            }
            Step::Assign(Lhs::Var(v), e) => {
                let val = as_value(current(&self.vals, &mut self.nondets, e));
                let read_havoc = find_havoc(&val);
                collect_checks(&val, &mut self.checks, &mut self.seen_checks)?;
                self.vals.insert(*v, Some(val));
                self.written.insert(*v);
                self.tail_assigns |= after;
                Ok(read_havoc)
            }
            Step::Havoc(v) => {
                self.vals.insert(*v, None);
                self.written.insert(*v);
                Ok(None)
            }
            Step::Assume(g) | Step::Assert(g, _) => {
                let g = current(&self.vals, &mut self.nondets, g);
                let read_havoc = find_havoc(&g);
                // Evaluated at the accelerator's last iteration before the
                // guards that make it reachable (`collect_guard_checks`).
                collect_guard_checks(&g, &mut self.checks, &mut self.seen_checks)?;
                self.guards.push(PathGuard {
                    cond: g,
                    assertion: matches!(step, Step::Assert(..)),
                    after_body: after,
                });
                Ok(read_havoc)
            }
        }
    }

    /// `a[idx] = e` or `a[r][idx] = e`: one write per array, of an array of
    /// integers (or of rows of integers) that outlives the iteration and is
    /// not a parameter.
    fn array_write(
        &mut self,
        a: VarId,
        rows: &[Expr],
        idx: &Expr,
        e: &Expr,
        after: bool,
        fill: Option<FillShape>,
    ) -> Result<(), Reason> {
        let d = self.path.var_decl(self.program, a).ok_or("unknown array")?;
        if d.storage == Storage::Param {
            return Err(Reason::ArrayAccess(ArrayIssue::WritesParameter(d.name.clone())));
        }
        if self.path.locals.contains(&a) {
            return Err(Reason::ArrayAccess(ArrayIssue::WritesLocal(d.name.clone())));
        }
        // One row index at most: the campaign's generator makes matrices,
        // not arrays of more dimensions.
        let (row, written) = match rows {
            [] => (None, Some(&d.ty)),
            [r] => (Some(r), d.ty.array_parts().map(|(t, _)| t)),
            _ => (None, None),
        };
        if !matches!(written, Some(CType::Array(e, _)) if matches!(**e, CType::Int(_))) {
            return Err(Reason::ArrayAccess(ArrayIssue::NotOneDimensionalInteger(
                d.name.clone(),
            )));
        }
        if self.array_writes.iter().any(|w| w.array == a) {
            return Err(Reason::ArrayAccess(ArrayIssue::WrittenTwice(d.name.clone())));
        }
        let row = row.map(|r| current(&self.vals, &mut self.nondets, r));
        let mut index = current(&self.vals, &mut self.nondets, idx);
        let mut value = as_value(current(&self.vals, &mut self.nondets, e));
        if fill.is_some() {
            index = build::fold_constants(index);
            value = build::fold_constants(value);
        }
        if row.iter().chain([&index, &value]).any(|x| find_havoc(x).is_some()) {
            return Err(Reason::ReadsBeforeAssigned(None));
        }
        for x in row.iter().chain([&index]) {
            collect_checks(x, &mut self.checks, &mut self.seen_checks)?;
        }
        collect_checks(&value, &mut self.checks, &mut self.seen_checks)?;
        self.array_writes.push(ArrayWrite {
            array: a,
            row,
            index,
            value,
            after,
            nondet_range: None,
            fill,
        });
        Ok(())
    }
}

fn mentions_nondet(e: &Expr) -> bool {
    let mut f = false;
    e.walk(&mut |x| f |= matches!(x.kind, ExprKind::Var(v) if v.0 >= NONDET_BASE));
    f
}

/// How often each nondeterministic value is used by the path's effect.
fn nondet_uses(
    guards: &[PathGuard],
    full_vals: &BTreeMap<VarId, Expr>,
    checks: &[Expr],
    array_writes: &[ArrayWrite],
) -> HashMap<usize, usize> {
    let mut uses: HashMap<usize, usize> = HashMap::new();
    let mut count = |e: &Expr| {
        e.walk(&mut |x| {
            if let ExprKind::Var(v) = x.kind
                && v.0 >= NONDET_BASE
            {
                *uses.entry(v.0).or_insert(0) += 1;
            }
        })
    };
    guards.iter().for_each(|PathGuard { cond: g, .. }| count(g));
    full_vals.values().for_each(&mut count);
    checks.iter().for_each(&mut count);
    array_writes.iter().flat_map(ArrayWrite::exprs).for_each(&mut count);
    uses
}

/// Guards on nondeterministic values: a guard that only tests one fresh
/// value that nothing else uses can always be satisfied by that value, so
/// it is dropped (and the path is then chosen nondeterministically);
/// anything else depending on such values is not modelled by a closed
/// form.
fn without_nondet_choices(guards: Vec<PathGuard>, uses: &HashMap<usize, usize>) -> (Vec<PathGuard>, bool) {
    let mut kept = Vec::new();
    let mut nondet_choice = false;
    for PathGuard {
        cond: g,
        assertion,
        after_body: after,
    } in guards
    {
        match nondet_truth(&g) {
            Some(id) if !assertion && uses.get(&id) == Some(&1) => nondet_choice = true,
            _ => kept.push(PathGuard {
                cond: g,
                assertion,
                after_body: after,
            }),
        }
    }
    (kept, nondet_choice)
}

/// A written array may be read only at the written index (of a row: the
/// written row and index), before the write (each index is written once,
/// so that is the original value); an array a fill writes, nowhere.
fn reject_reads_of_written(
    array_writes: &[ArrayWrite],
    full_vals: &BTreeMap<VarId, Expr>,
    guards: &[PathGuard],
    name: &dyn Fn(VarId) -> String,
) -> Result<(), Reason> {
    for w in array_writes {
        let is_array = |a: &Expr| matches!(a.skip_implicit().kind, ExprKind::Var(v) if v == w.array);
        let bad = |e: &Expr, allow_same: bool| {
            let mut found = false;
            e.walk(&mut |x| {
                let ExprKind::Index(base, i) = &x.kind else { return };
                let at_written = match (&w.row, &base.skip_implicit().kind) {
                    // `a[i]` at the written index; the written row `a[r]`.
                    (None, _) if is_array(base) => key(i) == key(&w.index),
                    (Some(row), _) if is_array(base) => key(i) == key(row),
                    // `a[r][i]` of the written row at the written index.
                    (Some(row), ExprKind::Index(a, r)) if is_array(a) => key(r) == key(row) && key(i) == key(&w.index),
                    _ => return,
                };
                found |= !(allow_same && at_written && w.fill.is_none());
            });
            found
        };
        let reads_elsewhere = full_vals.values().any(|e| bad(e, false))
            || guards.iter().any(|PathGuard { cond: g, .. }| bad(g, true))
            || array_writes
                .iter()
                .any(|o| o.row.iter().any(|r| bad(r, false)) || bad(&o.index, false) || bad(&o.value, true));
        if reads_elsewhere {
            return Err(Reason::ArrayAccess(ArrayIssue::ReadsWhatItWrites(name(w.array))));
        }
    }
    Ok(())
}

/// The range of a nondeterministic written value: only a fresh value used
/// nowhere else, converted without change, is modelled (`None`: the value
/// is deterministic).
fn nondet_write(w: &ArrayWrite, uses: &HashMap<usize, usize>) -> Result<Option<(i128, i128)>, Reason> {
    let count = w.fill.as_ref().map(|f| &f.count);
    if w.row.iter().chain([&w.index]).chain(count).any(mentions_nondet) {
        return Err(Reason::Nondeterminism(NondetUse::ArrayIndex));
    }
    if w.fill.is_some() && mentions_nondet(&w.value) {
        return Err(Reason::Nondeterminism(NondetUse::ArrayValue));
    }
    if !mentions_nondet(&w.value) {
        return Ok(None);
    }
    let mut e = &w.value;
    while let ExprKind::Cast { expr, .. } = &e.kind {
        let (Some(t), Some(f)) = (e.ty.as_int(), expr.ty.as_int()) else {
            break;
        };
        if t.is_bool() || !t.includes(f) {
            break;
        }
        e = expr;
    }
    match (&e.kind, e.ty.as_int()) {
        (ExprKind::Var(v), Some(t)) if v.0 >= NONDET_BASE && uses.get(&v.0) == Some(&1) => Ok(Some((t.min(), t.max()))),
        _ => Err(Reason::Nondeterminism(NondetUse::ArrayValue)),
    }
}

/// Replace variables by their current values and nondeterministic calls
/// by fresh value symbols.
fn current(vals: &HashMap<VarId, Option<Expr>>, nondets: &mut usize, e: &Expr) -> Expr {
    let mut out = build::subst(e, &|v| match vals.get(&v) {
        Some(Some(x)) => Some(x.clone()),
        Some(None) => Some(Expr::new(
            ExprKind::Opaque(format!("havoc {}", v.0)),
            CType::Void,
            Span::SYNTHETIC,
        )),
        None => None,
    });
    replace_nondet(&mut out, nondets);
    out
}

fn replace_nondet(e: &mut Expr, counter: &mut usize) {
    e.walk_mut(&mut |x| {
        if let ExprKind::Nondet(_) = x.kind {
            *counter += 1;
            x.kind = ExprKind::Var(VarId(NONDET_BASE + *counter));
            x.span = Span::SYNTHETIC;
        }
    });
}

fn find_havoc(e: &Expr) -> Option<VarId> {
    let mut r = None;
    e.walk(&mut |x| {
        if let ExprKind::Opaque(s) = &x.kind
            && let Some(n) = s.strip_prefix("havoc ")
        {
            r = n.parse().ok().map(VarId);
        }
    });
    r
}

/// `nd`, `!nd`, `nd != 0`, `nd == 0` for a nondeterministic value `nd`.
fn nondet_truth(g: &Expr) -> Option<usize> {
    let g = g.skip_implicit();
    match &g.kind {
        ExprKind::Var(v) if v.0 >= NONDET_BASE => Some(v.0),
        ExprKind::Cast { expr, .. } => nondet_truth(expr),
        ExprKind::Unary(UnOp::LogNot, a) => nondet_truth(a),
        ExprKind::Binary(BinOp::Ne | BinOp::Eq, a, b) if const_value(b) == Some(0) => nondet_truth(a),
        _ => None,
    }
}
