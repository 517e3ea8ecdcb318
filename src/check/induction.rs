//! k-induction on one loop that runs at most once per execution (in the
//! entry function or one that runs at most once), for the programs that
//! bounded checking leaves UNKNOWN because a loop's unwinding assertion can
//! fail (`tracc verify`, after its deepening).
//!
//! In: C text, the checker's options and the loops whose unwinding
//! assertion failed. Out: an `InductionProof` (which loop, which k, the
//! two reports) when a base case and a step case (symex's `Induction`)
//! both hold for some k, else why not (`NoInduction`). Only SAFE comes
//! from here; a counterexample of the base case is left to bounded
//! checking, which finds it at some bound.
//!
//! The step case makes the loop's variables arbitrary at its head, so the
//! loop must write nothing that the checker cannot make arbitrary: no write
//! through a pointer (in the loop or in a function it calls), no array
//! parameter written, no variable it writes whose address is taken.

use std::collections::HashSet;
use std::time::Instant;

use crate::diag::Diagnostic;
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, IntType, Intrinsic, LinearSum, Program, Span, Stmt, StmtKind,
    Storage, VarId, build,
};

use super::runs_once::at_most_once;
use super::symex::{HeadInvariant, Induction, InductionCase};
use super::{ByInduction, CheckOptions, CheckReport, FailureKind, Verdict, check_case};

/// A proof by k-induction.
#[derive(Clone, Debug)]
pub struct InductionProof {
    /// The loop (its statement's span in the checked text).
    pub target: Span,
    pub k: u32,
    /// The variables the step case makes arbitrary at the loop's head.
    pub havoc: Vec<VarId>,
    /// The invariants proved with the program (the strongest bounds; the
    /// weaker ones follow from them).
    pub bounds: Vec<Bound>,
    /// The linear sums proved to keep their value at the loop's entry.
    pub kept: Vec<LinearSum>,
    /// SAFE, with `induction` set: what `verify` reports.
    pub report: CheckReport,
    pub base: CheckReport,
    pub step: CheckReport,
}

/// Why k-induction proved nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoInduction {
    /// No loop that runs at most once per execution (outside other loops,
    /// in the entry or a function that runs at most once) failed its
    /// unwinding assertion.
    NoCandidate,
    /// The loop writes what the step case cannot make arbitrary.
    Writes { target: Span, why: &'static str },
    /// The base case at this k is not SAFE (a failure within k iterations,
    /// or another loop not fully unwound).
    Base { target: Span, k: u32, verdict: Verdict },
    /// The step case failed for every k up to the largest tried.
    Step { target: Span, largest_k: u32 },
    /// The time limit ran out.
    Timeout,
}

impl std::fmt::Display for NoInduction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoInduction::NoCandidate => {
                write!(
                    f,
                    "no loop that runs at most once per execution is left not fully unwound"
                )
            }
            NoInduction::Writes { why, .. } => {
                write!(f, "the step case cannot start the loop in an arbitrary state: {why}")
            }
            NoInduction::Base { k, verdict, .. } => {
                write!(f, "the base case of {k}-induction is {}", verdict.as_str())
            }
            NoInduction::Step { largest_k, .. } => {
                write!(f, "the step case fails for every k up to {largest_k}")
            }
            NoInduction::Timeout => write!(f, "the time limit ran out"),
        }
    }
}

/// Try k = 1..=`max_k` on each loop that runs at most once per execution
/// of `opts.entry` (`outer_loops`) among `failing` (spans of loops whose
/// unwinding assertion failed), first failing first, within
/// `opts.timeout_ms` for all checks together.
/// `kept`: linear sums that may keep their value in a loop (candidates,
/// from the accelerators' closed forms), besides the bounds found here.
pub fn prove(
    source: &str,
    opts: &CheckOptions,
    failing: &[Span],
    max_k: u32,
    kept: &[LinearSum],
) -> Result<Result<InductionProof, NoInduction>, Vec<Diagnostic>> {
    let lowered = crate::lower::lower_source_in(source, opts.model)?;
    prove_program(&lowered.program, source, opts, failing, max_k, kept)
}

/// `prove` of `program`, lowered from `source` already.
pub fn prove_program(
    program: &Program,
    source: &str,
    opts: &CheckOptions,
    failing: &[Span],
    max_k: u32,
    kept: &[LinearSum],
) -> Result<Result<InductionProof, NoInduction>, Vec<Diagnostic>> {
    let deadline = opts.deadline_from(Instant::now());
    let candidates = outer_loops(program, &opts.entry);
    let mut why = NoInduction::NoCandidate;
    for &target in failing {
        let Some(stmt) = candidates.iter().copied().find(|s| s.span == target) else {
            continue;
        };
        let havoc = match loop_writes(program, stmt) {
            Ok(h) => h,
            Err(w) => {
                why = NoInduction::Writes { target, why: w };
                continue;
            }
        };
        let mut invariants = kept_candidates(program, &havoc, kept);
        invariants.extend(
            candidate_bounds(program, stmt, &havoc)
                .into_iter()
                .map(Candidate::Bound),
        );
        'k: for k in 1..=max_k {
            // Houdini: the candidates that fail, in either case, are dropped
            // and the cases checked again with the others. A base case that
            // held keeps holding with fewer candidates (they are assertions
            // there), so only the step case is checked again after it drops
            // some.
            let mut base_held: Option<CheckReport> = None;
            loop {
                let case = |case: InductionCase| {
                    let Some(o) = opts.until(deadline) else { return Ok(None) };
                    let induction = Induction {
                        target,
                        k,
                        case,
                        havoc: havoc.clone(),
                        invariants: invariants.iter().map(Candidate::at_head).collect(),
                    };
                    check_case(program, source, &o, &induction).map(Some)
                };
                let base = match base_held.take() {
                    Some(b) => b,
                    None => {
                        let Some(base) = case(InductionCase::Base)? else {
                            return Ok(Err(NoInduction::Timeout));
                        };
                        if base.unknown_reason.is_some() {
                            return Ok(Err(NoInduction::Timeout));
                        }
                        let (failed, others) = failed_invariants(&base);
                        if !others && !failed.is_empty() {
                            drop_failed(&mut invariants, &failed);
                            continue;
                        }
                        if others || base.verdict == Verdict::Unknown {
                            why = NoInduction::Base {
                                target,
                                k,
                                verdict: base.verdict,
                            };
                            break 'k;
                        }
                        base
                    }
                };
                let Some(step) = case(InductionCase::Step)? else {
                    return Ok(Err(NoInduction::Timeout));
                };
                if step.unknown_reason.is_some() {
                    return Ok(Err(NoInduction::Timeout));
                }
                if step.verdict == Verdict::Safe {
                    let kept: Vec<LinearSum> = (invariants.iter())
                        .filter_map(|c| match c {
                            Candidate::Kept { sum, .. } => Some(sum.clone()),
                            Candidate::Bound(_) => None,
                        })
                        .collect();
                    let bounds = strongest(invariants.iter().filter_map(|c| match c {
                        Candidate::Bound(b) => Some(b),
                        Candidate::Kept { .. } => None,
                    }));
                    let mut report = base.clone();
                    report.induction = Some(ByInduction {
                        target,
                        k,
                        invariants: (kept.iter().map(LinearSum::kept))
                            .chain(bounds.iter().map(Bound::text))
                            .collect(),
                    });
                    report.solver_time += step.solver_time;
                    report.encode_time += step.encode_time;
                    return Ok(Ok(InductionProof {
                        target,
                        k,
                        havoc,
                        bounds,
                        kept,
                        report,
                        base,
                        step,
                    }));
                }
                let (failed, _) = failed_invariants(&step);
                if failed.is_empty() {
                    break;
                }
                drop_failed(&mut invariants, &failed);
                base_held = Some(base);
            }
            why = NoInduction::Step { target, largest_k: k };
        }
    }
    Ok(Err(why))
}

/// The candidate invariants that failed in `r` or were given up (by their
/// number), and whether anything else failed.
fn failed_invariants(r: &CheckReport) -> (Vec<usize>, bool) {
    let mut failed = r.candidates_given_up.clone();
    let mut others = false;
    for f in &r.failures {
        let number = (f.kind == FailureKind::Invariant)
            .then(|| super::report::candidate_number(&f.message))
            .flatten();
        match number {
            Some(i) => failed.push(i),
            None => others = true,
        }
    }
    (failed, others)
}

fn drop_failed(invariants: &mut Vec<Candidate>, failed: &[usize]) {
    let mut i = 0;
    invariants.retain(|_| {
        i += 1;
        !failed.contains(&(i - 1))
    });
}

/// A candidate invariant: `name >= c` (`lower`) or `name <= c`, compared
/// in `long long`, as an expression over the program's variables.
#[derive(Clone, Debug)]
pub struct Bound {
    expr: Expr,
    pub name: String,
    pub lower: bool,
    pub c: i128,
}

impl Bound {
    fn text(&self) -> String {
        format!("{} {} {}", self.name, if self.lower { ">=" } else { "<=" }, self.c)
    }
}

/// A candidate invariant (Houdini's): proved with the program's
/// properties before the proof relies on it.
#[derive(Clone, Debug)]
enum Candidate {
    Bound(Bound),
    /// `sum` keeps its value at the loop's entry; `value` computes it in
    /// `unsigned long long`, where it is exact (`kept_candidates`).
    Kept {
        sum: LinearSum,
        value: Expr,
    },
}

impl Candidate {
    fn at_head(&self) -> HeadInvariant {
        match self {
            Candidate::Bound(b) => HeadInvariant {
                expr: b.expr.clone(),
                kept: false,
                text: b.text(),
            },
            Candidate::Kept { sum, value } => HeadInvariant {
                expr: value.clone(),
                kept: true,
                text: sum.kept(),
            },
        }
    }
}

/// The sums of `kept` over variables of the loop (`havoc`, each name
/// naming one) that can be computed exactly: integers of at most 32 bits
/// with coefficients below 2^20, so the sum's magnitude stays below 2^63
/// and its value modulo 2^64 (unsigned arithmetic, which no check of the
/// checker or CBMC concerns) is equal exactly where the sums are.
fn kept_candidates(program: &Program, havoc: &[VarId], kept: &[LinearSum]) -> Vec<Candidate> {
    let mut out = Vec::new();
    'sums: for sum in kept {
        let mut value: Option<Expr> = None;
        for (name, c) in &sum.terms {
            let mut named = havoc.iter().filter(|v| program.var(**v).name == *name);
            let (Some(&v), None) = (named.next(), named.next()) else {
                continue 'sums;
            };
            let decl = program.var(v);
            let CType::Int(t) = decl.ty else { continue 'sums };
            if t.is_bool() || t.bits() > 32 || c.unsigned_abs() >= 1 << 20 {
                continue 'sums;
            }
            let u = IntType::ULLONG;
            let term = build::arith(
                BinOp::Mul,
                build::cast(build::var(v, &decl.ty), u),
                build::lit(i128::from(c.unsigned_abs() as u64), u),
                u,
            );
            value = Some(match value {
                None if *c < 0 => build::arith(BinOp::Sub, build::lit(0, u), term, u),
                None => term,
                Some(acc) => build::arith(if *c < 0 { BinOp::Sub } else { BinOp::Add }, acc, term, u),
            });
        }
        if let Some(value) = value {
            out.push(Candidate::Kept {
                sum: sum.clone(),
                value,
            });
        }
    }
    out
}

/// The proved bounds that imply the others: the greatest lower and the
/// least upper bound of each variable.
fn strongest<'b>(invariants: impl Iterator<Item = &'b Bound>) -> Vec<Bound> {
    let mut out: Vec<&Bound> = Vec::new();
    for c in invariants {
        let same = out.iter().position(|o| o.name == c.name && o.lower == c.lower);
        match same {
            Some(i) if (c.lower && c.c > out[i].c) || (!c.lower && c.c < out[i].c) => out[i] = c,
            Some(_) => {}
            None => out.push(c),
        }
    }
    out.into_iter().cloned().collect()
}

/// Candidate invariants for the loop `stmt` (Houdini's, checked before they
/// are used): bounds `v >= c` and `v <= c` on each integer variable the loop
/// writes, with `c` from the constants the loop mentions (each one, one
/// less and one more) and 0. The comparisons are made in `long long`,
/// where every value of a variable of at most 32 bits is what C gives;
/// wider variables get the same bounds read through that conversion, which
/// the checks decide like any other property.
fn candidate_bounds(program: &Program, stmt: &Stmt, havoc: &[VarId]) -> Vec<Bound> {
    let mut constants = std::collections::BTreeSet::from([0i128]);
    stmt.walk(&mut |s| {
        for e in s.own_exprs() {
            e.walk(&mut |e| {
                if let ExprKind::IntLit(c) = e.kind
                    && c.unsigned_abs() < 1 << 31
                {
                    constants.extend([c - 1, c, c + 1]);
                }
            });
        }
    });
    // Few enough to keep each round cheap: the ones nearest zero.
    let mut constants: Vec<i128> = constants.into_iter().collect();
    constants.sort_by_key(|c| (c.unsigned_abs(), *c));
    constants.truncate(MOST_CONSTANTS);
    constants.sort_unstable();
    let mut out = Vec::new();
    for &v in havoc {
        let decl = program.var(v);
        let CType::Int(t) = decl.ty else { continue };
        if t.is_bool() {
            continue;
        }
        let value = build::cast(build::var(v, &decl.ty), IntType::LLONG);
        for &c in &constants {
            for lower in [true, false] {
                // What the type guarantees needs no proof.
                if (lower && c <= t.min()) || (!lower && c >= t.max()) {
                    continue;
                }
                let op = if lower { BinOp::Ge } else { BinOp::Le };
                out.push(Bound {
                    expr: build::cmp(op, value.clone(), build::lit(c, IntType::LLONG)),
                    name: decl.name.clone(),
                    lower,
                    c,
                });
            }
        }
    }
    out
}

/// At most this many constants give candidate bounds.
const MOST_CONSTANTS: usize = 8;

/// The loops inside no other loop of the functions that run at most once
/// in an execution of `entry` (`runs_once::at_most_once`, the entry among
/// them unless it is called again): each runs at most once per execution.
fn outer_loops<'p>(program: &'p Program, entry: &str) -> Vec<&'p Stmt> {
    fn visit<'p>(s: &'p Stmt, out: &mut Vec<&'p Stmt>) {
        if s.is_loop() {
            out.push(s);
            return;
        }
        for c in s.children() {
            visit(c, out);
        }
    }
    let mut out = Vec::new();
    let Some(entry) = program.func_by_name(entry) else {
        return out;
    };
    for f in at_most_once(program, entry) {
        if let Some(body) = &program.func(f).body {
            visit(body, &mut out);
        }
    }
    out
}

/// The loop statement at `target` (a loop `prove` may take: in `entry` or
/// a function it calls).
pub fn find_loop<'p>(program: &'p Program, entry: &str, target: Span) -> Option<&'p Stmt> {
    outer_loops(program, entry).into_iter().find(|s| s.span == target)
}

/// The variables the loop `stmt` may write: its own (and the entry's)
/// variables assigned in it, and the globals (file scope or `static`)
/// assigned in the functions it calls; an error says what the step case
/// could not make arbitrary.
fn loop_writes(program: &Program, stmt: &Stmt) -> Result<Vec<VarId>, &'static str> {
    let mut w = Writes {
        program,
        vars: Vec::new(),
        seen: HashSet::new(),
    };
    w.stmt(stmt, true)?;
    let taken = addresses_taken(program);
    if w.vars.iter().any(|v| taken.contains(v)) {
        return Err("it writes a variable whose address is taken");
    }
    if w.vars.iter().any(|v| !integers_only(&program.var(*v).ty)) {
        return Err("it writes a pointer, a structure or a value the checker does not model");
    }
    w.vars.sort_unstable();
    w.vars.dedup();
    Ok(w.vars)
}

struct Writes<'p> {
    program: &'p Program,
    vars: Vec<VarId>,
    /// Functions already walked.
    seen: HashSet<FuncId>,
}

impl Writes<'_> {
    /// `in_loop`: the statement is the loop's own code, whose local writes
    /// count; in a called function only globals do.
    fn stmt(&mut self, s: &Stmt, in_loop: bool) -> Result<(), &'static str> {
        let mut result = Ok(());
        s.walk(&mut |s| {
            for e in s.own_exprs() {
                if result.is_ok() {
                    result = self.expr(e, in_loop);
                }
            }
        });
        result
    }

    fn expr(&mut self, e: &Expr, in_loop: bool) -> Result<(), &'static str> {
        match &e.kind {
            ExprKind::Assign { lhs, .. } => self.target(lhs, in_loop)?,
            ExprKind::IncDec { target, .. } => self.target(target, in_loop)?,
            ExprKind::AddrOf(_) => return Err("it takes an address"),
            ExprKind::Alloc { .. } => return Err("it allocates memory"),
            ExprKind::Opaque(_) => return Err("it has an expression the checker does not model"),
            ExprKind::Call(Callee::Intrinsic(Intrinsic::ArrayCopy | Intrinsic::ArrayReplace), args) => {
                let dest = args.first().ok_or("an array copy without arguments")?;
                self.target(dest, in_loop)?;
            }
            ExprKind::Call(Callee::Func(f), _) => {
                if self.seen.insert(*f)
                    && let Some(body) = &self.program.func(*f).body
                {
                    self.stmt(body, false)?;
                }
            }
            _ => {}
        }
        let mut result = Ok(());
        e.for_each_child(&mut |c| {
            if result.is_ok() {
                result = self.expr(c, in_loop);
            }
        });
        result
    }

    /// The variable an assignment to `lhs` changes.
    fn target(&mut self, lhs: &Expr, in_loop: bool) -> Result<(), &'static str> {
        match &lhs.kind {
            ExprKind::Var(v) => {
                let decl = self.program.var(*v);
                match decl.storage {
                    Storage::Global => self.vars.push(*v),
                    Storage::Local if in_loop => self.vars.push(*v),
                    Storage::Param if matches!(decl.ty, CType::Array(..) | CType::Vla(_)) => {
                        return Err("a function it calls writes an array parameter");
                    }
                    Storage::Param if in_loop => self.vars.push(*v),
                    Storage::Local | Storage::Param => {}
                }
                Ok(())
            }
            ExprKind::Index(base, _) | ExprKind::Member(base, _) => self.target(base, in_loop),
            ExprKind::Cast { expr, .. } => self.target(expr, in_loop),
            ExprKind::Deref(_) => Err("it writes through a pointer"),
            _ => Err("it writes to a location the checker cannot make arbitrary"),
        }
    }
}

/// An integer, or an array of them (of any dimension): what the step case
/// makes arbitrary.
fn integers_only(ty: &CType) -> bool {
    match ty {
        CType::Int(_) => true,
        CType::Array(e, _) | CType::Vla(e) => integers_only(e),
        _ => false,
    }
}

/// Variables whose address is taken anywhere in the program.
fn addresses_taken(program: &Program) -> HashSet<VarId> {
    let mut out = HashSet::new();
    let global_inits = (program.globals.iter()).filter_map(|(v, init)| {
        let init = init.as_ref()?;
        Some(Stmt::new(StmtKind::Decl(*v, Some(init.clone())), Span::SYNTHETIC))
    });
    let bodies: Vec<Stmt> = (program.funcs.iter())
        .filter_map(|f| f.body.clone())
        .chain(global_inits)
        .collect();
    for body in &bodies {
        body.walk(&mut |s| {
            for e in s.own_exprs() {
                e.walk(&mut |e| {
                    if let ExprKind::AddrOf(inner) = &e.kind {
                        let mut base = &**inner;
                        while let ExprKind::Index(b, _) | ExprKind::Member(b, _) | ExprKind::Cast { expr: b, .. } =
                            &base.kind
                        {
                            base = b;
                        }
                        if let ExprKind::Var(v) = base.kind {
                            out.insert(v);
                        }
                    }
                });
            }
        });
    }
    out
}
