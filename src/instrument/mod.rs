//! Instrumentation in acceleration-only mode.
//!
//! In: a lowered `Program`. Out: `Instrumented`: a copy of the program with
//! the fresh variables added, and per loop the replacement loop statement
//! (or `None` when nothing was accelerated), the accelerators, the reasons
//! for everything not accelerated (also as diagnostics) and report data.
//! An instrumented loop keeps its own header (condition, `for` clauses);
//! its body becomes a nondeterministic choice between the accelerators
//! and the original body, which stays one unchanged real-span statement:
//!
//! ```c
//! while (c) { if (nondet) { ACC1 } else if (nondet) { ACC2 } else BODY }
//! ```
//!
//! `build_loop` assembles that shape from branch statements, so that the
//! restriction stage can wrap each branch with automaton code first.

use crate::accelerate::{self, Accelerator, ClosedForm, GuardTreatment, show};
use crate::diag::{Diagnostic, Progress};
use crate::ir::{
    CType, Expr, ExprKind, FuncId, IntType, LinearSum, Program, Quantifiers, Span, Stmt, StmtKind, Storage, VarId,
};
use crate::loops::{self, LoopInfo, LoopKind, Path, Step};
use crate::reason::{Reason, Why};

#[derive(Clone, Debug)]
pub struct InstrumentOptions {
    /// Give up on a loop with more iteration paths than this.
    pub max_paths: usize,
    /// The quantifiers the back end supports; a path whose accelerator
    /// needs another is not accelerated.
    pub quantifiers: Quantifiers,
    /// A loop that CBMC would unwind at most this many times (its trip
    /// bound plus one, times the unwindings of the loops around it) is left
    /// to unrolling instead of accelerated (`DEFAULT_UNROLL_LIMIT`); 0
    /// accelerates every loop it can.
    pub unroll_limit: u128,
    /// Told `loop I of N` before each loop is worked on: for a progress
    /// line on long files (thousands of loops take minutes).
    pub progress: Option<Progress>,
}

/// The default `unroll_limit`. From the gain benchmark (CBMC 6.6): CBMC
/// alone decides maps and searches of 1,000 ints in 1-3 s where their
/// accelerators took 9-51 s, and a search unrolled after an accelerated
/// fill reads unknown values (75 s), so whole nests of up to 1,001
/// unwindings are unrolled; a loop left to unrolling is written so that
/// `--unwind 3` runs all of it (`unroll`), so that `cbmc OUT --unwind 3
/// --unwinding-assertions` still decides the output.
pub const DEFAULT_UNROLL_LIMIT: u128 = 1001;

/// A counting loop that is not accelerated is left to unrolling up to this
/// many unwindings: at `--unwind 3` it could not be decided at all, and
/// CBMC 6.6 alone unrolls a scalar loop of 10,000 iterations in under a
/// second (100,000: 7.5 s; 1,000,000: 103 s and 5.9 GB).
pub const FALLBACK_UNROLL_LIMIT: u128 = 10_001;

/// How often CBMC is told to unwind an accelerated loop (`--unwind`).
pub const ACCELERATED_UNWIND: u128 = 3;

impl Default for InstrumentOptions {
    fn default() -> Self {
        InstrumentOptions {
            max_paths: 64,
            quantifiers: Quantifiers::default(),
            unroll_limit: DEFAULT_UNROLL_LIMIT,
            progress: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct VarReport {
    pub name: String,
    pub ty: String,
}

#[derive(Clone, Debug)]
pub struct GuardReport {
    pub cond: String,
    pub assertion: bool,
    pub after_body: bool,
    pub treatment: GuardTreatment,
}

#[derive(Clone, Debug)]
pub struct PathReport {
    /// The steps of the path: `assume(...)`, `x = ...`, `assert(...)`.
    pub steps: Vec<String>,
    pub accelerated: bool,
    pub reason: Why,
    pub n_var: Option<String>,
    /// For a path whose iterations alternate with others in a fixed order:
    /// the paths (numbered from 1) that follow it in the composed path its
    /// accelerator performs (`n` times the whole sequence). Absent from the
    /// JSON report when empty.
    pub composed_with: Vec<usize>,
    /// How many feasible paths with equal effects this one stands for
    /// (`loops::equal_effect_groups`; 1: itself only), or, with
    /// `by_residue`, how many paths its accelerator serves.
    pub merged: usize,
    /// The period `P` when one accelerator serves all of the loop's paths,
    /// which the counter modulo `P` tells apart (`residue_accelerator`).
    pub by_residue: Option<i128>,
    pub closed_forms: Vec<ClosedForm>,
    pub guards: Vec<GuardReport>,
    pub overflow: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct LoopReport {
    pub function: String,
    pub kind: LoopKind,
    pub start: usize,
    pub end: usize,
    pub depth: usize,
    pub reads: Vec<VarReport>,
    pub writes: Vec<VarReport>,
    pub accelerated: bool,
    /// How many iteration paths the body has syntactically (`None`: more
    /// than can be counted quickly, or not listed); `paths` has the ones
    /// not proved infeasible.
    pub syntactic_paths: Option<usize>,
    /// Why the loop as a whole is not accelerated.
    pub reason: Why,
    pub paths: Vec<PathReport>,
}

/// How many iteration paths a loop has: in its text, not proved
/// infeasible, and accelerated (`explain` and the JSON report).
#[derive(Clone, Copy, Debug)]
pub struct PathCounts {
    /// `None` (left out of the JSON): more than
    /// `loops::SYNTACTIC_COUNT_LIMIT`.
    pub syntactic: Option<usize>,
    pub feasible: usize,
    pub accelerated: usize,
}

impl LoopReport {
    /// The trip bound of a loop left to unrolling by `--unroll-limit`.
    pub fn left_to_unrolling(&self) -> Option<u128> {
        self.reason.0.iter().find_map(|r| match r {
            Reason::LeftToUnrolling { trips } => Some(*trips),
            _ => None,
        })
    }

    /// The linear sums every accelerated path keeps
    /// (`accelerate::kept_sums`): candidate invariants for k-induction.
    pub fn kept_sums(&self) -> Vec<LinearSum> {
        let forms: Vec<&[ClosedForm]> = (self.paths.iter().filter(|p| p.accelerated))
            .map(|p| p.closed_forms.as_slice())
            .collect();
        if forms.is_empty() {
            return Vec::new();
        }
        accelerate::kept_sums(&forms)
    }

    pub fn path_counts(&self) -> PathCounts {
        PathCounts {
            syntactic: self.syntactic_paths,
            feasible: self.paths.iter().map(|p| p.merged).sum(),
            accelerated: self.paths.iter().filter(|p| p.accelerated).map(|p| p.merged).sum(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct LoopResult {
    pub info: LoopInfo,
    pub span: Span,
    /// The rewritten loop statement, when at least one path is accelerated.
    pub replacement: Option<Stmt>,
    /// The iteration paths (empty when they could not be listed).
    pub paths: Vec<Path>,
    /// Whether every iteration that stays in the loop takes one of `paths`
    /// (`loops::IterationPaths::complete`).
    pub complete: bool,
    /// Accelerators with the index of their path in `paths`.
    pub accelerators: Vec<(usize, Accelerator)>,
    pub report: LoopReport,
    pub diagnostics: Vec<Diagnostic>,
    /// The loop's trip bound when it is left to unrolling: CBMC must
    /// unwind it one more time than that.
    pub unrolled: Option<u128>,
    /// A loop left to unrolling, written so that `--unwind 3` runs all of
    /// it (`unroll`); `None` when its body cannot be copied, and then CBMC
    /// needs the `--unwindset`.
    pub unrolled_stmt: Option<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Instrumented {
    /// The input program plus the fresh variables of the accelerators.
    pub program: Program,
    pub loops: Vec<LoopResult>,
}

impl Instrumented {
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.loops.iter().flat_map(|l| l.diagnostics.iter().cloned()).collect()
    }

    pub fn report(&self) -> Vec<LoopReport> {
        self.loops.iter().map(|l| l.report.clone()).collect()
    }
}

pub(crate) fn nondet_bool() -> Expr {
    Expr::new(
        ExprKind::Nondet(String::new()),
        CType::Int(IntType::BOOL),
        Span::SYNTHETIC,
    )
}

/// The loop statement `loop_stmt` with its body replaced by a choice
/// between `branches` (in order, each with its condition, e.g.
/// `nondet_bool()`) and `original_body`, which is kept as given. The
/// header keeps its spans.
pub fn build_loop(loop_stmt: &Stmt, branches: Vec<(Expr, Stmt)>, original_body: Stmt) -> Stmt {
    let mut choice = original_body;
    for (cond, b) in branches.into_iter().rev() {
        choice = Stmt::new(
            StmtKind::If {
                cond,
                then: Box::new(b),
                els: Some(Box::new(choice)),
            },
            Span::SYNTHETIC,
        );
    }
    let body = Box::new(Stmt::new(
        StmtKind::Block {
            stmts: vec![choice],
            scoped: true,
        },
        Span::SYNTHETIC,
    ));
    let kind = match &loop_stmt.kind {
        StmtKind::While { cond, .. } => StmtKind::While {
            cond: cond.clone(),
            body,
        },
        StmtKind::DoWhile { cond, .. } => StmtKind::DoWhile {
            cond: cond.clone(),
            body,
        },
        StmtKind::For { init, cond, step, .. } => StmtKind::For {
            init: init.clone(),
            cond: cond.clone(),
            step: step.clone(),
            body,
        },
        other => other.clone(),
    };
    Stmt::new(kind, Span::SYNTHETIC)
}

fn var_report(program: &Program, v: VarId) -> VarReport {
    let d = program.var(v);
    VarReport {
        name: d.name.clone(),
        ty: d.ty.to_string(),
    }
}

/// The steps of `path`, a path of a loop in function `func`, as text. A
/// local of an inlined function is named with its function (`neg::v`), so
/// that a parameter is not taken for the argument of the same name.
fn path_steps(program: &Program, func: FuncId, path: &Path) -> Vec<String> {
    let names = |v: VarId| {
        path.var_decl(program, v).map(|d| match d.func {
            Some(f) if f != func && d.storage != Storage::Global => format!("{}::{}", program.func(f).name, d.name),
            _ => d.name.clone(),
        })
    };
    let e = |x: &Expr| show::expr(program, &names, x);
    // The temporaries that lowering makes up and nothing reads (a
    // post-increment's old value) are not what the user wrote.
    let dead = path.dead_assignments();
    path.steps
        .iter()
        .enumerate()
        .filter(|&(i, _)| !dead[i])
        .map(|(i, s)| {
            let tail = if i >= path.split { " [after body]" } else { "" };
            let text = match s {
                Step::Assume(g) => format!("assume({})", e(g)),
                Step::Assert(g, _) => format!("assert({})", e(g)),
                Step::Assign(loops::Lhs::Var(v), x) => {
                    format!("{} = {}", names(*v).unwrap_or_default(), e(x))
                }
                Step::Assign(loops::Lhs::Index(a, rows, i), x) => {
                    let rows: String = rows.iter().map(|r| format!("[{}]", e(r))).collect();
                    format!("{}{rows}[{}] = {}", names(*a).unwrap_or_default(), e(i), e(x))
                }
                Step::Havoc(v) => format!("{} = <unknown>", names(*v).unwrap_or_default()),
                Step::Fill(f) => f.show(&names(f.array).unwrap_or_default(), "k", &e),
            };
            format!("{text}{tail}")
        })
        .collect()
}

/// Accelerate every loop that can be, in acceleration-only mode.
pub fn instrument_program(program: &Program, opts: &InstrumentOptions) -> Instrumented {
    // Calls that pass `&v` call copies where `*p` is `v`, so that the
    // loops' paths can inline them; the output is printed from the source.
    // Reads of a filled array are the fill's values (printed from the IR).
    let (specialised, filled_reads) = loops::read_through_fills(&loops::specialise_address_calls(program));
    let program = &specialised;
    let mut prog = program.clone();
    let infos = loops::find_loops(program);
    let summaries = accelerate::Summaries::new(program, &infos, opts.max_paths);
    let trips: Vec<Option<u128>> = (infos.iter())
        .map(|info| loops::loop_stmt(program, info).and_then(|s| loops::unwind::trip_bound(program, info.func, s)))
        .collect();
    let nests = nest_unwindings(&infos, &trips);
    let mut loops: Vec<LoopResult> = Vec::with_capacity(infos.len());
    for (i, info) in infos.iter().enumerate() {
        if let Some(p) = &opts.progress {
            p.tell(&format!("loop {} of {}", i + 1, infos.len()));
        }
        // `find_loops` lists a loop after the loops around it.
        let around = (infos.iter().zip(&loops))
            .filter(|(o, _)| encloses(o, info))
            .fold(1u128, |f, (_, l)| {
                f.saturating_mul(l.unrolled.map_or(ACCELERATED_UNWIND, |t| t + 1))
            });
        let fits = |limit: u128| nests[i].is_some_and(|n| around.saturating_mul(n) <= limit);
        let mut result = match trips[i] {
            Some(t) if fits(opts.unroll_limit) => unrolled_loop(program, info.clone(), t),
            _ => {
                let mut l = instrument_loop(program, &mut prog, info.clone(), opts, &summaries);
                // Not accelerated: at `ACCELERATED_UNWIND` its unwinding
                // assertion would fail anyway; unrolled through its trip
                // count, CBMC decides it as it would alone.
                if l.replacement.is_none()
                    && let Some(t) = trips[i].filter(|_| fits(FALLBACK_UNROLL_LIMIT))
                {
                    l.unrolled = Some(t);
                }
                l
            }
        };
        if let (Some(t), Some(stmt)) = (result.unrolled, loops::loop_stmt(program, info)) {
            result.unrolled_stmt = unroll::unrolled_for_unwind_3(&mut prog, info.func, stmt, t, i + 1);
            result
                .diagnostics
                .push(unrolling_note(info, t, result.unrolled_stmt.is_some()));
        }
        // Where the loop keeps its text, so do its reads.
        let rewritten = result.replacement.is_some() || result.unrolled_stmt.is_some();
        for f in filled_reads.iter().filter(|f| rewritten && f.loop_span == info.span) {
            result.diagnostics.push(filled_read_note(program, f));
        }
        loops.push(result);
    }
    Instrumented { program: prog, loops }
}

/// Whether `outer` is a loop around `inner` (or `inner` itself).
fn encloses(outer: &LoopInfo, inner: &LoopInfo) -> bool {
    outer.func == inner.func && outer.span.start <= inner.span.start && inner.span.end <= outer.span.end
}

/// Per loop, the unwindings CBMC needs for it and every loop inside it
/// when all of them are unrolled (`trips + 1`, times the most of the loops
/// directly inside): `None` when one of them has no trip bound. A loop is
/// left to unrolling only with everything inside it, so that an unrolled
/// loop never holds an accelerator: each unwinding would copy it (a
/// 100 x 100 matrix fill gave CBMC 6.6 too many objects for its default
/// `--object-bits`).
fn nest_unwindings(infos: &[LoopInfo], trips: &[Option<u128>]) -> Vec<Option<u128>> {
    let mut out: Vec<Option<u128>> = vec![None; infos.len()];
    for i in (0..infos.len()).rev() {
        let inner =
            (i + 1..infos.len()).filter(|&k| encloses(&infos[i], &infos[k]) && infos[k].depth == infos[i].depth + 1);
        let mut most = Some(1u128);
        for k in inner {
            most = match (most, out[k]) {
                (Some(m), Some(n)) => Some(m.max(n)),
                _ => None,
            };
        }
        out[i] = trips[i].zip(most).map(|(t, m)| t.saturating_add(1).saturating_mul(m));
    }
    out
}

/// The report of a loop before any of its paths is looked at: not
/// accelerated, for `reason`.
fn loop_report(program: &Program, info: &LoopInfo, reason: Why) -> LoopReport {
    LoopReport {
        function: program.func(info.func).name.clone(),
        kind: info.kind,
        start: info.span.start,
        end: info.span.end,
        depth: info.depth,
        reads: info.reads.iter().map(|v| var_report(program, *v)).collect(),
        writes: info.writes.iter().map(|v| var_report(program, *v)).collect(),
        accelerated: false,
        syntactic_paths: None,
        reason,
        paths: Vec::new(),
    }
}

/// What a reviewer of the output needs to see where a read of the input
/// became an expression of the counter.
fn filled_read_note(program: &Program, f: &loops::FilledRead) -> Diagnostic {
    let name = &program.var(f.array).name;
    Diagnostic::note(
        f.loop_span,
        format!("reads of `{name}` in this loop are written as the values that the loop filling it wrote"),
    )
    .with_label("each read at an index in the filled range is the fill's value there")
}

/// The note on a loop left to unrolling: how CBMC gets through it.
fn unrolling_note(info: &LoopInfo, trips: u128, written_out: bool) -> Diagnostic {
    let note = Diagnostic::note(
        info.span,
        format!(
            "loop left to unrolling: it runs at most {trips} time{}",
            if trips == 1 { "" } else { "s" }
        ),
    );
    match written_out {
        true => note.with_label("written so that `--unwind 3` runs all of it (nested loops of two iterations)"),
        false => note.with_label(format!(
            "CBMC must unwind it {} times: give it the report's --unwindset (its body cannot be copied)",
            trips + 1
        )),
    }
}

/// A loop left to unrolling: the report says so and why.
fn unrolled_loop(program: &Program, info: LoopInfo, trips: u128) -> LoopResult {
    let reason = Reason::LeftToUnrolling { trips };
    let diagnostics = Vec::new();
    LoopResult {
        span: info.span,
        replacement: None,
        paths: Vec::new(),
        complete: false,
        accelerators: Vec::new(),
        report: loop_report(program, &info, Why::one(reason)),
        diagnostics,
        unrolled: Some(trips),
        unrolled_stmt: None,
        info,
    }
}

/// One loop: its paths, an accelerator per path that has one (its fresh
/// variables are added to `prog`), the replacement loop, the report and
/// the diagnostics.
fn instrument_loop(
    program: &Program,
    prog: &mut Program,
    info: LoopInfo,
    opts: &InstrumentOptions,
    summaries: &accelerate::Summaries,
) -> LoopResult {
    let mut report = loop_report(program, &info, Why::default());
    let mut diagnostics = Vec::new();
    let summarize = |p: &Program, s: &Stmt| summaries.summarize(p, s);
    let paths = match loops::iteration_paths(program, &info, opts.max_paths, &accelerate::infeasible, &summarize) {
        Ok(p) if p.paths.is_empty() => Err(Why::one(Reason::PathConstruct("every iteration leaves the loop"))),
        Ok(p) => {
            report.syntactic_paths = p.syntactic;
            Ok((p.paths, p.complete))
        }
        Err(why) => Err(why),
    };
    let (paths, complete) = match paths {
        Ok(p) => p,
        Err(why) => {
            diagnostics.push(
                Diagnostic::warning(
                    info.span,
                    format!("loop not accelerated: {}", why.text().unwrap_or_default()),
                )
                .with_label("this loop is left as it is"),
            );
            report.reason = why;
            return LoopResult {
                span: info.span,
                info,
                replacement: None,
                paths: Vec::new(),
                complete: false,
                accelerators: Vec::new(),
                report,
                diagnostics,
                unrolled: None,
                unrolled_stmt: None,
            };
        }
    };
    if let Some(r) = accelerate::residue_accelerator(prog, &info, &paths, complete) {
        return residue_result(program, prog, info, paths, r, report, diagnostics);
    }
    let mut accelerators = Vec::new();
    let (paths, results, merged) = merge_equal_effects(prog, &info, paths, opts.quantifiers);
    let (paths, mut results, merged) = sign_split::split_at_zero(prog, &info, paths, results, merged, opts.quantifiers);
    // Each path's accelerator, with the paths (by index) that follow it
    // when it is the accelerator of a composed path.
    let never_repeats: Vec<bool> = results.iter().map(|r| matches!(r, Err(Reason::NeverRepeats))).collect();
    for (i, result) in results.iter_mut().enumerate() {
        if never_repeats[i]
            && let Some(composed) = composed_accelerator(prog, &info, &paths, &never_repeats, i, opts.quantifiers)
        {
            *result = Ok(composed);
        } else if matches!(result, Err(Reason::DependsOnAlternating(_)))
            && let Some(twice) = twice_accelerator(prog, &info, &paths, i, opts.quantifiers)
        {
            *result = Ok(twice);
        }
    }
    for (i, (path, result)) in paths.iter().zip(results).enumerate() {
        let steps = path_steps(program, info.func, path);
        match result {
            Ok((acc, followers)) => {
                let mut r = accelerated_path_report(prog, &acc, steps);
                r.composed_with = followers.iter().map(|j| j + 1).collect();
                r.merged = merged[i];
                report.paths.push(r);
                accelerators.push((i, acc));
            }
            Err(reason) => {
                let mut d = Diagnostic::warning(
                    info.span,
                    format!("iteration path {} of this loop is not accelerated: {reason}", i + 1),
                )
                .with_label("path not accelerated");
                for s in &steps {
                    d = d.with_note(format!("path {}: {s}", i + 1));
                }
                diagnostics.push(d);
                report.paths.push(PathReport {
                    merged: merged[i],
                    steps,
                    accelerated: false,
                    reason: Why::one(reason),
                    n_var: None,
                    composed_with: Vec::new(),
                    by_residue: None,
                    closed_forms: Vec::new(),
                    guards: Vec::new(),
                    overflow: Vec::new(),
                });
            }
        }
    }
    let replacement = if accelerators.is_empty() {
        let reason = Reason::NoPathAccelerated;
        diagnostics.push(Diagnostic::warning(
            info.span,
            format!("loop not accelerated: {reason}"),
        ));
        report.reason = Why::one(reason);
        None
    } else {
        report.accelerated = true;
        accelerated_loop(program, &info, accelerators.iter().map(|(_, a)| &a.block))
    };
    LoopResult {
        span: info.span,
        info,
        replacement,
        paths,
        complete,
        accelerators,
        report,
        diagnostics,
        unrolled: None,
        unrolled_stmt: None,
    }
}

/// A loop whose paths its counter's remainder tells apart, accelerated
/// as a whole (`accelerate::residue_accelerator`): one accelerator serves
/// every path, since with `n = 1` it reproduces whichever iteration the
/// state takes. It stands in `paths` as one path (the first), which the
/// report says stands for all of them.
fn residue_result(
    program: &Program,
    prog: &Program,
    info: LoopInfo,
    paths: Vec<Path>,
    r: accelerate::ResidueAccelerator,
    mut report: LoopReport,
    diagnostics: Vec<Diagnostic>,
) -> LoopResult {
    let mut steps = Vec::new();
    for (j, (path, residues)) in paths.iter().zip(&r.residues).enumerate() {
        let rs: Vec<String> = residues.iter().map(i128::to_string).collect();
        steps.push(format!(
            "path {} where {} % {} is in {{{}}}:",
            j + 1,
            r.counter,
            r.period,
            rs.join(", ")
        ));
        steps.extend(
            path_steps(program, info.func, path)
                .into_iter()
                .map(|s| format!("  {s}")),
        );
    }
    let mut path_report = accelerated_path_report(prog, &r.acc, steps);
    path_report.merged = paths.len();
    path_report.by_residue = Some(r.period);
    report.paths.push(path_report);
    report.accelerated = true;
    let replacement = accelerated_loop(program, &info, [&r.acc.block]);
    let first = paths.into_iter().take(1).collect();
    LoopResult {
        span: info.span,
        info,
        replacement,
        paths: first,
        complete: true,
        accelerators: vec![(0, r.acc)],
        report,
        diagnostics,
        unrolled: None,
        unrolled_stmt: None,
    }
}

/// The loop with a nondeterministic choice of each accelerator's block
/// before its original body (`build_loop`).
fn accelerated_loop<'a>(
    program: &Program,
    info: &LoopInfo,
    blocks: impl IntoIterator<Item = &'a Stmt>,
) -> Option<Stmt> {
    loops::loop_stmt(program, info).map(|s| {
        let body = match &s.kind {
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::For { body, .. } => {
                (**body).clone()
            }
            _ => s.clone(),
        };
        build_loop(
            s,
            blocks.into_iter().map(|b| (nondet_bool(), b.clone())).collect(),
            body,
        )
    })
}

/// Each path's accelerator (or why it has none).
type PathResults = Vec<Result<(Accelerator, Vec<usize>), Reason>>;

/// The paths to accelerate, their accelerators (no followers yet) and how
/// many feasible paths each stands for: paths with equal effects are
/// merged (`loops::equal_effect_groups`) where the merged path is
/// accelerated (iterations of either member then share one accelerator,
/// in any order), and kept apart otherwise, since the disjunction can be
/// a guard the accelerator does not decide where each member's is. Members
/// that all alternate with other paths (`NeverRepeats`) stay apart too:
/// the composed accelerators take them, and a merged one would cover only
/// the few iterations in a row the members can make (the cases 2 and 3 of
/// `switch (i % 4)`), one more choice for the checker and nothing gained.
fn merge_equal_effects(
    prog: &mut Program,
    info: &LoopInfo,
    paths: Vec<Path>,
    quantifiers: Quantifiers,
) -> (Vec<Path>, PathResults, Vec<usize>) {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    let groups = loops::equal_effect_groups(prog, &paths);
    let mut accelerate = |p: &Path| accelerate::accelerate_path(prog, info, p, quantifiers).map(|a| (a, Vec::new()));
    for (merged, members) in groups {
        // The members one by one until one does not alternate: only then
        // is the merged path tried, and the rest are not needed when it is
        // accelerated.
        let mut apart: PathResults = Vec::new();
        for &m in &members {
            apart.push(accelerate(&paths[m]));
            if !matches!(apart.last(), Some(Err(Reason::NeverRepeats))) {
                break;
            }
        }
        let alternating = apart.iter().all(|r| matches!(r, Err(Reason::NeverRepeats)));
        if members.len() > 1 && !alternating {
            let result = accelerate(&merged);
            if result.is_ok() {
                out.0.push(merged);
                out.1.push(result);
                out.2.push(members.len());
                continue;
            }
        }
        for &m in &members[apart.len()..] {
            apart.push(accelerate(&paths[m]));
        }
        for (m, result) in members.into_iter().zip(apart) {
            out.0.push(paths[m].clone());
            out.1.push(result);
            out.2.push(1);
        }
    }
    out
}

/// Longest sequence of paths composed into one (`composed_accelerator`).
const MAX_COMPOSED: usize = 4;
/// Composed paths tried per path, so that a loop with many paths that
/// alternate costs a bounded number of attempts.
const MAX_COMPOSITIONS_TRIED: usize = 6;

/// For path `first`, whose guards never hold at two iterations in a row
/// (it alternates with other paths): an accelerator of a sequence of paths
/// that starts with it and that the loop runs in a fixed order, such as
/// the two sides of `if (i % 2 == 0)` while `i++`, or the four cases of
/// `switch (i % 4)`. The sequences are tried shortest first, each one only
/// when z3 does not prove it infeasible; the first that is accelerated
/// wins, returned with the paths that follow `first` in it. Its coverage condition implies that the iteration takes `first`
/// and then, with no choice left (a path chosen by a nondeterministic
/// branch is never composed), the rest of the sequence, so it serves as
/// `first`'s accelerator in the trace automaton (METHOD.md,
/// "Soundness rules").
fn composed_accelerator(
    prog: &mut Program,
    info: &LoopInfo,
    paths: &[Path],
    never_repeats: &[bool],
    first: usize,
    quantifiers: Quantifiers,
) -> Option<(Accelerator, Vec<usize>)> {
    let mut chains: Vec<Vec<usize>> = vec![vec![first]];
    let mut tried = 0;
    for _ in 1..MAX_COMPOSED {
        let mut longer = Vec::new();
        for chain in &chains {
            for (next, &alternates) in never_repeats.iter().enumerate() {
                if alternates && chain.last() == Some(&next) {
                    // Proved not to hold at two iterations in a row.
                    continue;
                }
                let mut c = chain.clone();
                c.push(next);
                let path = compose(paths, &c);
                if accelerate::infeasible(prog, &path) {
                    continue;
                }
                if tried == MAX_COMPOSITIONS_TRIED {
                    return None;
                }
                tried += 1;
                if let Some(acc) = sequence_accelerator(prog, info, &path, quantifiers) {
                    return Some((acc, c[1..].to_vec()));
                }
                longer.push(c);
            }
        }
        chains = longer;
    }
    None
}

/// For path `i`, whose update reads a value that alternates with the
/// parity of the iteration (`v = -v; s += v`): an accelerator of the path
/// taken twice in a row, over which the alternating value comes back and
/// the update is a polynomial again. As for `composed_accelerator`, its
/// coverage condition implies that the path is taken twice from the state,
/// with no choice in between, so it serves as the path's accelerator in the
/// trace automaton; an odd iteration left at the end is an original one.
fn twice_accelerator(
    prog: &mut Program,
    info: &LoopInfo,
    paths: &[Path],
    i: usize,
    quantifiers: Quantifiers,
) -> Option<(Accelerator, Vec<usize>)> {
    let path = compose(paths, &[i, i]);
    if accelerate::infeasible(prog, &path) {
        return None;
    }
    sequence_accelerator(prog, info, &path, quantifiers).map(|acc| (acc, vec![i]))
}

/// The accelerator of a composed `path` when it can serve its first path:
/// no nondeterministic choice in it, and a state from which it runs (z3).
/// One that is not used leaves no variables in `prog`.
fn sequence_accelerator(
    prog: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
) -> Option<Accelerator> {
    let known = prog.vars.len();
    match accelerate::accelerate_path(prog, info, path, quantifiers) {
        Ok(acc) if !acc.nondet_choice && accelerate::coverage_satisfiable(prog, path, &acc) => Some(acc),
        _ => {
            prog.vars.truncate(known);
            None
        }
    }
}

/// The paths of `chain` one after the other, as one path: every iteration
/// but the last in full, the last split where it is.
fn compose(paths: &[Path], chain: &[usize]) -> Path {
    let mut steps = Vec::new();
    let mut split = 0;
    for &i in chain {
        split = steps.len() + paths[i].split;
        steps.extend(paths[i].steps.iter().cloned());
    }
    let any = &paths[chain[0]];
    Path {
        steps,
        split,
        temps: any.temps.clone(),
        locals: any.locals.clone(),
    }
}

/// What `explain` and the JSON report say of an accelerated path.
fn accelerated_path_report(prog: &Program, acc: &Accelerator, steps: Vec<String>) -> PathReport {
    let names = |v: VarId| prog.vars.get(v.0).map(|d| d.name.clone());
    PathReport {
        steps,
        accelerated: true,
        reason: Why::default(),
        n_var: names(acc.n_var),
        composed_with: Vec::new(),
        merged: 1,
        by_residue: None,
        closed_forms: acc.closed_forms.clone(),
        guards: acc
            .guards
            .iter()
            .map(|g| GuardReport {
                cond: show::expr(prog, &names, &g.cond),
                assertion: g.assertion,
                after_body: g.after_body,
                treatment: g.treatment,
            })
            .collect(),
        overflow: acc.overflow.iter().map(|e| show::expr(prog, &names, e)).collect(),
    }
}

pub mod explain;
mod sign_split;
#[cfg(test)]
mod tests;
mod unroll;
