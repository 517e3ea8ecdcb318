//! Restricting one accelerated loop: the soundness-critical half of the
//! method's restriction.
//!
//! In: a loop as `instrument` accelerated it (`LoopResult`), the program
//! it is in. Out: the loop with its trace automaton inlined
//! (`LoopOutput`): per accelerated path the condition under which an
//! original iteration is covered by its accelerator (`coverage`), the
//! coverage flag or the check before the body that blocks a covered
//! iteration, the loop's alphabet, the minimal DFA (`super::build`) and its
//! C statements (`super::code`) around each branch. Where the automaton
//! cannot be inlined, the loop stays accelerated only, with a warning.

use super::code::{AutomatonCode, Coverage, CoverageCheck, automaton_code};
use super::cycle::{CycleCheck, cycle_check};
use super::{Alphabet, Automaton, SymbolKind};
use crate::diag::Diagnostic;
use crate::instrument::{self, Instrumented, LoopResult};
use crate::ir::build;
use crate::ir::{Expr, ExprKind, FuncId, IntType, Program, Span, Stmt, StmtKind, Storage, VarId};
use std::collections::BTreeSet;

/// One loop after restriction: the statement to print in place of the
/// loop, and its automaton when it has one.
#[derive(Clone)]
pub struct LoopOutput {
    pub span: Span,
    pub func: FuncId,
    pub text_stmt: Stmt,
    pub automaton: Option<Automaton>,
    pub symbol_names: Vec<String>,
    pub coverage_check: Option<CoverageCheck>,
    /// The variables an original iteration must change not to be blocked
    /// (`cycle`; empty: no such check).
    pub cycle_vars: Vec<String>,
    /// Why the loop is accelerated but not restricted, when it is not.
    pub note: Option<Diagnostic>,
}

/// One accelerated path's conditions as they can be evaluated before the
/// original body (see `coverage`).
struct PathCoverage {
    /// The accelerator with `n = 1` reproduces the iteration along the path.
    covered: Expr,
    /// The iteration can take the path only where this holds.
    may_take: Expr,
    /// A nondeterministic branch chose the path, so `covered` does not say
    /// that the iteration takes it.
    nondet_choice: bool,
}

/// The coverage flag of a loop: the condition, evaluated before the
/// original body, under which the iteration about to run is covered (the
/// path it takes has an accelerator that reproduces it with `n = 1`, a
/// covering trace that the automaton does not block). `covs[p]` is path
/// `p`'s coverage, `None` for a path without an accelerator or whose
/// conditions cannot be evaluated there. `None`: no iteration is blocked.
///
/// When the guards of each covered path decide it (or the loop has one
/// path, so that an iteration that reaches the blocking `assume` took it),
/// a path's `covered` implies that the iteration takes that path, and the
/// disjunction is exact. When a nondeterministic branch chose a covered
/// path, its `covered` says only that the path *could* be reproduced: the
/// iteration is covered when every path it may take is, `AND_p (may_take_p
/// => covered_p)`, which needs the conditions of every path.
///
/// When the paths are not `complete` (a path took an inner loop's summary,
/// which leaves out the inner executions that leave a type), an iteration
/// may take none of them: a nondeterministic choice then blocks nothing.
/// `chosen`: a nondeterministic value chose a covered path
/// (`chosen_nondeterministically`).
fn coverage_flag(program: &Program, covs: &[Option<PathCoverage>], chosen: bool, complete: bool) -> Option<Expr> {
    if chosen && !complete {
        return None;
    }
    let decided = covs.len() == 1 || !chosen;
    if decided {
        return crate::accelerate::any_of(program, covs.iter().flatten().map(|c| c.covered.clone()).collect());
    }
    let each: Option<Vec<Expr>> = covs
        .iter()
        .map(|c| {
            c.as_ref()
                .map(|c| crate::accelerate::implication(c.may_take.clone(), c.covered.clone()))
        })
        .collect();
    Some(build::and_all(each?))
}

/// Whether an `assume` before the original body can block covered
/// iterations (`None`: it cannot): the body must run to its end and fail
/// nothing at an iteration that the coverage flag says is covered. Either
/// it can do nothing else (`BeforeBody`), or (`BeforeBodyChecked`) it fails
/// only where `covered` checks, and:
/// - the paths' guards decide the path (no nondeterministic choice): the
///   flag implies one accelerated path's `covered`, which says that the
///   iteration takes that path (so no jump out), that its assertions hold
///   and that each of its checked operations stays in its type; or
/// - a nondeterministic value chooses the path and no way leaves the loop:
///   the flag says that every path the iteration may take is covered
///   (`coverage_flag`), and with no way out every way is such a path.
fn before_body(program: &Program, body: &Stmt, chosen: bool) -> Option<CoverageCheck> {
    let run = crate::loops::body_run(program, body)?;
    if run == crate::loops::BodyRun::default() {
        return Some(CoverageCheck::BeforeBody);
    }
    let exact = if run.chooses { chosen && !run.leaves } else { !chosen };
    exact.then_some(CoverageCheck::BeforeBodyChecked)
}

/// Whether a nondeterministic value chose a covered path in a way the
/// coverage flag cannot see, so that a path's `covered` does not say that
/// the iteration takes it. A choice made by the loop condition does not
/// count: the flag is evaluated where the condition has held, and when
/// the condition (tested at the head of a `while` or `for`) has no side
/// effects, the ways to make it true differ in nothing but guards. Then,
/// when neither the body (`loops::BodyRun::chooses`) nor the `for` step
/// can choose, each path's remaining guards decide the way through the
/// body, which is all its effect.
fn chosen_nondeterministically(
    program: &Program,
    loop_stmt: &Stmt,
    info: &crate::loops::LoopInfo,
    covs: &[Option<PathCoverage>],
) -> bool {
    if !covs.iter().flatten().any(|c| c.nondet_choice) {
        return false;
    }
    let (cond, step, body) = match &loop_stmt.kind {
        StmtKind::While { cond, body } => (cond, None, body),
        StmtKind::For {
            cond: Some(cond),
            step,
            body,
            ..
        } => (cond, step.as_ref(), body),
        _ => return true,
    };
    let mut step_may_choose = false;
    step.into_iter()
        .for_each(|e| e.walk(&mut |x| step_may_choose |= matches!(x.kind, ExprKind::Nondet(_) | ExprKind::Call(..))));
    let body_chooses = crate::loops::body_run(program, body).is_none_or(|r| r.chooses);
    info.cond_after_body || crate::loops::has_side_effects(cond) || step_may_choose || body_chooses
}

/// A condition of an accelerator (its `covered`: path guards, assertions,
/// index bounds and no overflow at `n = 1`; or its `may_take`), over the
/// pre-state, as it can be evaluated before the original body. `None` when
/// it mentions anything that is not in scope there, or a quantifier or
/// nondeterministic value: such iterations are never blocked.
fn coverage(program: &Program, original_vars: usize, l: &LoopResult, cov: &Expr) -> Option<Expr> {
    let mut unsupported = false;
    cov.walk(&mut |e| {
        unsupported |= matches!(e.kind, ExprKind::Forall(..) | ExprKind::Nondet(_) | ExprKind::Opaque(_))
    });
    if unsupported {
        return None;
    }
    let mut vars = BTreeSet::new();
    build::vars_of(cov, &mut vars);
    vars.iter()
        .all(|&v| in_scope(program, original_vars, l, v))
        .then(|| build::fold_constants(build::desynth(cov)))
}

/// Whether `v` can be named before the original body of loop `l`: a
/// variable of the input, visible in the loop's function and not declared
/// in the loop.
fn in_scope(program: &Program, original_vars: usize, l: &LoopResult, v: VarId) -> bool {
    // `for (int i = 0; ...)`: declared in the loop, but in scope in its body,
    // where the condition is evaluated.
    let mut header_decls = BTreeSet::new();
    if let Some(Stmt {
        kind: StmtKind::For { init: Some(init), .. },
        ..
    }) = &l.replacement
    {
        init.walk(&mut |s| {
            if let StmtKind::Decl(v, _) = s.kind {
                header_decls.insert(v);
            }
        });
    }
    v.0 < original_vars && {
        let d = program.var(v);
        let declared_in_loop = !d.span.is_synthetic() && l.span.contains(d.span) && !header_decls.contains(&v);
        let visible = d.storage == Storage::Global || d.func == Some(l.info.func);
        visible && !declared_in_loop
    }
}

fn block(stmts: Vec<Stmt>) -> Stmt {
    Stmt::new(StmtKind::Block { stmts, scoped: true }, Span::SYNTHETIC)
}

fn do_while_zero(body: Stmt) -> Stmt {
    Stmt::new(
        StmtKind::DoWhile {
            body: Box::new(body),
            cond: Expr::int(0, IntType::INT),
        },
        Span::SYNTHETIC,
    )
}

/// Inline the trace automaton into one accelerated loop.
pub fn restrict_loop(
    program: &mut Program,
    original_vars: usize,
    inst: &Instrumented,
    l: &LoopResult,
    loop_no: usize,
    minimize: bool,
) -> Result<LoopOutput, Vec<Diagnostic>> {
    let accel_only = l
        .replacement
        .clone()
        .unwrap_or_else(|| Stmt::new(StmtKind::Empty, l.span));
    let fallback = |why: String| LoopOutput {
        span: l.span,
        func: l.info.func,
        text_stmt: accel_only.clone(),
        automaton: None,
        symbol_names: Vec::new(),
        coverage_check: None,
        cycle_vars: Vec::new(),
        note: Some(
            Diagnostic::warning(l.span, format!("loop accelerated but not restricted: {why}"))
                .with_label("no trace automaton for this loop")
                .with_note("the accelerators are sound, but a small unwinding bound may not prove this loop"),
        ),
    };
    let Some(loop_stmt) = crate::loops::loop_stmt(&inst.program, &l.info) else {
        return Ok(fallback("the loop statement was not found".into()));
    };
    let original_body = match &loop_stmt.kind {
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::For { body, .. } => (**body).clone(),
        _ => return Ok(fallback("not a loop".into())),
    };

    let covs: Vec<Option<PathCoverage>> = (0..l.paths.len())
        .map(|p| {
            let (_, acc) = l.accelerators.iter().find(|(i, _)| *i == p)?;
            Some(PathCoverage {
                covered: coverage(&inst.program, original_vars, l, &acc.covered)?,
                may_take: coverage(&inst.program, original_vars, l, &acc.may_take)?,
                nondet_choice: acc.nondet_choice,
            })
        })
        .collect();
    // The flag is evaluated in the body of a `while` or `for` loop, right
    // after its condition held (a condition with side effects keeps a loop
    // from acceleration): its conjuncts need not be said again.
    let chosen = chosen_nondeterministically(program, loop_stmt, &l.info, &covs);
    let flag = coverage_flag(program, &covs, chosen, l.complete).map(|f| match &loop_stmt.kind {
        StmtKind::While { cond, .. } | StmtKind::For { cond: Some(cond), .. } => {
            crate::accelerate::given(program, f, &build::fold_constants(build::desynth(cond)))
        }
        _ => f,
    });
    let LoopAlphabet {
        symbols,
        names,
        accel_symbols,
        covered,
        others,
    } = loop_alphabet(l, flag.is_some(), &covs);
    // Accelerated paths that commute need only one order of their
    // accelerators (`restrict::build_commuting`).
    let footprints: Vec<(usize, crate::loops::Footprint)> = (l.accelerators.iter())
        .filter_map(|(p, _)| Some((*p, l.paths[*p].footprint()?)))
        .collect();
    let commuting: Vec<(usize, usize)> = (footprints.iter())
        .flat_map(|(a, fa)| footprints.iter().map(move |(b, fb)| ((*a, fa), (*b, fb))))
        .filter(|((a, fa), (b, fb))| a < b && fa.commutes_with(fb))
        .map(|((a, _), (b, _))| (a, b))
        .collect();
    let automaton = match super::build_commuting(&Alphabet { symbols }, &commuting, minimize) {
        Ok(a) => a,
        Err(e) => return Ok(fallback(e.to_string())),
    };
    let code: AutomatonCode = match automaton_code(
        program,
        Some(l.info.func),
        &automaton,
        loop_no,
        &accel_symbols,
        flag.map(|cond| {
            let mut vars = BTreeSet::new();
            build::vars_of(&cond, &mut vars);
            // Before the body where it can be (an iteration blocked there
            // runs nothing that could fail); else after it, with a flag
            // where the body changes the condition.
            let check = match before_body(program, &original_body, chosen) {
                Some(before) if cond.const_value().is_some() => before,
                _ if crate::loops::writes_none_of(&original_body, &vars) => CoverageCheck::AfterBody,
                before => before.unwrap_or(CoverageCheck::Flag),
            };
            Coverage {
                symbols: &covered[..],
                cond,
                check,
            }
        }),
        &others,
    ) {
        Ok(c) => c,
        Err(e) => return Ok(fallback(e)),
    };

    let coverage_check = code.coverage_check;
    let cycle = cycle_check(program, l, loop_stmt, loop_no, &|p, v| in_scope(p, original_vars, l, v));
    let cycle_vars = cycle.as_ref().map(|c| c.vars.clone()).unwrap_or_default();
    let Some(text_stmt) = restricted_loop(loop_stmt, original_body, l, code, cycle) else {
        return Ok(fallback("its body has both `continue` and `break`".into()));
    };
    Ok(LoopOutput {
        span: l.span,
        func: l.info.func,
        text_stmt,
        automaton: Some(automaton),
        symbol_names: names,
        coverage_check,
        cycle_vars,
        note: None,
    })
}

/// The trace automaton's alphabet for one loop, with the symbols' names
/// and the positions of the accelerator, covered and other symbols.
struct LoopAlphabet {
    symbols: Vec<SymbolKind>,
    names: Vec<String>,
    accel_symbols: Vec<usize>,
    covered: Vec<usize>,
    others: Vec<usize>,
}

/// Per accelerated path Covered/Uncovered/Accel, per other path Other; no
/// Covered symbols without a coverage flag (`with_flag`) or without the
/// path's coverage condition.
fn loop_alphabet(l: &LoopResult, with_flag: bool, covs: &[Option<PathCoverage>]) -> LoopAlphabet {
    let mut a = LoopAlphabet {
        symbols: Vec::new(),
        names: Vec::new(),
        accel_symbols: Vec::new(),
        covered: Vec::new(),
        others: Vec::new(),
    };
    let add = |a: &mut LoopAlphabet, kind: SymbolKind, name: String| {
        a.symbols.push(kind);
        a.names.push(name);
        a.symbols.len() - 1
    };
    for (p, _) in l.paths.iter().enumerate() {
        if !l.accelerators.iter().any(|(i, _)| *i == p) {
            let i = add(&mut a, SymbolKind::Other(p), format!("path{}", p + 1));
            a.others.push(i);
            continue;
        }
        if with_flag && covs[p].is_some() {
            let i = add(&mut a, SymbolKind::Covered(p), format!("path{}_covered", p + 1));
            a.covered.push(i);
        }
        let i = add(&mut a, SymbolKind::Uncovered(p), format!("path{}", p + 1));
        a.others.push(i);
        let i = add(&mut a, SymbolKind::Accel(p), format!("acc{}", p + 1));
        a.accel_symbols.push(i);
    }
    a
}

/// The loop with the automaton inlined: the reset before it, and a body
/// that chooses between the accelerators and the original body, each with
/// the automaton's step. `None` when the original body cannot carry it.
fn restricted_loop(
    loop_stmt: &Stmt,
    original_body: Stmt,
    l: &LoopResult,
    code: AutomatonCode,
    cycle: Option<CycleCheck>,
) -> Option<Stmt> {
    // The block of a covered iteration must run after the whole body; a
    // `continue` would skip it, so such a body runs inside `do { } while (0)`
    // (where `continue` ends the body), unless it also has a `break`.
    let (has_continue, has_break) = own_jumps(&original_body);
    let (mut orig, mut orig_suffix) = (Vec::new(), code.orig_suffix.clone());
    let (cycle_decls, cycle_after) = cycle.map(|c| (c.before_loop, c.after)).unwrap_or_default();
    // Without `do { } while (0)` around the body (a `continue` and a
    // `break`), a `continue` would skip the cycle check: the original body
    // goes without it then, which only blocks fewer iterations.
    if !(has_continue && has_break) {
        orig_suffix.extend(cycle_after.iter().cloned());
    }
    let body_for_branch = if has_continue && !orig_suffix.is_empty() {
        if has_break {
            return None;
        }
        do_while_zero(original_body)
    } else {
        original_body
    };
    orig.extend(code.orig_prefix.iter().cloned());
    // The body's statements go into the branch's block, without braces of
    // their own, unless they declare something (whose scope must end where
    // the body did).
    match body_for_branch.kind {
        StmtKind::Block { stmts, .. } if !stmts.iter().any(|s| matches!(s.kind, StmtKind::Decl(..))) => {
            orig.extend(stmts)
        }
        _ => orig.push(body_for_branch),
    }
    orig.extend(orig_suffix);
    let branches: Vec<(Expr, Stmt)> = l
        .accelerators
        .iter()
        .enumerate()
        .map(|(j, (_, acc))| {
            // The branch is a block already: no second pair of braces.
            let mut stmts = match &acc.block.kind {
                StmtKind::Block { stmts: inner, .. } => inner.clone(),
                _ => vec![acc.block.clone()],
            };
            stmts.extend(code.accel_suffix[j].iter().cloned());
            stmts.extend(cycle_after.iter().cloned());
            (code.accel_cond[j].clone(), block(stmts))
        })
        .collect();
    let new_loop = instrument::build_loop(loop_stmt, branches, block(orig));
    Some(Stmt::new(
        StmtKind::Block {
            stmts: std::iter::once(code.reset)
                .chain(cycle_decls)
                .chain([new_loop])
                .collect(),
            scoped: false,
        },
        Span::SYNTHETIC,
    ))
}

/// Is `stmt` a `continue` or `break` that belongs to the loop whose body
/// is being searched (not to a nested loop or switch)?
fn own_jumps(body: &Stmt) -> (bool, bool) {
    fn go(s: &Stmt, in_switch: bool, out: &mut (bool, bool)) {
        match &s.kind {
            StmtKind::Continue => out.0 = true,
            StmtKind::Break if !in_switch => out.1 = true,
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {}
            StmtKind::Switch { body, .. } => go(body, true, out),
            _ => s.children().into_iter().for_each(|c| go(c, in_switch, out)),
        }
    }
    let mut out = (false, false);
    go(body, false, &mut out);
    out
}
