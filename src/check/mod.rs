//! The reference bounded model checker (`tracc check`).
//!
//! In: an IR `Program` (or C text, lowered here) and `CheckOptions`. Out: a
//! `CheckReport` with the verdict SAFE / UNSAFE (failed assertions and a
//! trace) / UNKNOWN (unwinding assertions that can fail, or a timeout), or
//! diagnostics for constructs the checker cannot model (never a verdict).
//!
//! Semantics follow CBMC's defaults: loops unwound with CBMC's meaning of
//! `--unwind K` (taking a loop's back edge for the K-th time within one
//! execution of the loop fails the unwinding assertion), calls inlined
//! (recursion: the K-th nested re-entry of a function counts like a loop's
//! K-th back edge), LP64 (or ILP32) bit-vectors with wrap-around arithmetic, arrays as
//! SMT arrays indexed by 64-bit bit-vectors. Choices where C is undefined:
//! division and remainder by zero follow z3's total bit-vector semantics
//! (CBMC would make them nondeterministic); shifts by an amount outside
//! `0..width` (including negative amounts) give 0 (`<<`, unsigned `>>`) or
//! the sign fill (signed `>>`); an out-of-bounds read gives a fresh value
//! and an out-of-bounds write goes to the unbounded SMT array, as in CBMC
//! (whose bounds check, like `CheckOptions::bounds_check`, reports both);
//! uninitialised locals and `nondet_*` results are
//! unconstrained; a body-less function called for its effect is a no-op
//! (CBMC's treatment), one whose result is used is refused.
//!
//! Solving: the user properties in three queries, assertions, signed
//! overflows and out-of-bounds accesses apart so that no kind hides another
//! (each query's failure conditions disjoined, each behind a literal so the
//! model names the failing ones);
//! if none can fail, unwinding assertions are queried until every loop that
//! can exceed the bound is named. Each query runs on a fresh z3 solver with
//! a plain `check()`, because z3's incremental core skips the preprocessing
//! that makes these bit-vector queries cheap (seconds versus milliseconds).
//! Quantifiers over array elements reach the solver as instances, and a
//! model is accepted only once it satisfies the quantifiers themselves
//! (quant.rs); valid lemmas about products spare the SAT core from
//! comparing multiplier circuits (lemmas.rs). Neither changes a verdict.

mod apps;
pub mod induction;
mod lemmas;
mod options;
mod quant;
mod report;
mod runs_once;
mod symex;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use z3::ast::Bool;
use z3::{Model, Params, SatResult, Solver};

use crate::diag::Diagnostic;
use crate::ir::{IntType, Program};

use symex::{EncodeOptions, Encoding, Induction, PropKind, Stop};

pub use crate::diag::Progress;
pub use options::{CANDIDATE_RLIMIT, CheckOptions};
pub use report::{ByInduction, CheckReport, Failure, FailureKind, InText, Locate, Place, StepKind, TraceStep, Verdict};

/// One bound that `check_deepening` tried.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoundTried {
    pub unwind: u32,
    pub verdict: Verdict,
    pub ms: f64,
}

/// Check `source` at `opts.unwind`, then at doubled bounds up to
/// `max_unwind` while only unwinding assertions keep it undecided and the
/// time limit (`opts.timeout_ms`, for all bounds together) lasts, as a
/// CBMC user deepens by hand; with the bounds tried. A proof at a deeper
/// bound is a proof, and a program with every original iteration still in
/// it (tracc's output) shows its shallow bugs at some bound.
pub fn check_deepening(
    source: &str,
    opts: &CheckOptions,
    max_unwind: u32,
) -> (Result<CheckReport, Vec<Diagnostic>>, Vec<BoundTried>) {
    let deadline = opts.deadline_from(Instant::now());
    let mut options = opts.clone();
    let mut tried = Vec::new();
    let checked = loop {
        let step_started = Instant::now();
        let checked = check_source(source, &options);
        let Ok(report) = &checked else { break checked };
        tried.push(BoundTried {
            unwind: options.unwind,
            verdict: report.verdict,
            ms: step_started.elapsed().as_secs_f64() * 1e3,
        });
        let deeper = (options.unwind.saturating_mul(2)).min(max_unwind);
        if report.verdict != Verdict::Unknown || report.unknown_reason.is_some() || deeper <= options.unwind {
            break checked;
        }
        let Some(next) = options.until(deadline) else {
            break checked;
        };
        options = next;
        options.unwind = deeper;
    };
    (checked, tried)
}

/// Lower C text and check it.
pub fn check_source(source: &str, opts: &CheckOptions) -> Result<CheckReport, Vec<Diagnostic>> {
    let lowered = crate::lower::lower_source_in(source, opts.model)?;
    let mut report = check_program(&lowered.program, source, opts)?;
    let from_encoding = std::mem::take(&mut report.warnings);
    report.warnings = lowered.warnings;
    report.warnings.extend(from_encoding);
    Ok(report)
}

/// Check `program` (lowered from `source`, which is used for messages).
pub fn check_program(program: &Program, source: &str, opts: &CheckOptions) -> Result<CheckReport, Vec<Diagnostic>> {
    check_program_with(program, source, opts, false)
}

/// `check_program`; with `native_quantifiers`, quantifiers go to z3 as
/// such (the reference the instantiation is tested against).
pub(crate) fn check_program_with(
    program: &Program,
    source: &str,
    opts: &CheckOptions,
    native_quantifiers: bool,
) -> Result<CheckReport, Vec<Diagnostic>> {
    check_with(program, source, opts, native_quantifiers, None)
}

/// One case of k-induction (induction.rs) of `program`.
fn check_case(
    program: &Program,
    source: &str,
    opts: &CheckOptions,
    induction: &Induction,
) -> Result<CheckReport, Vec<Diagnostic>> {
    check_with(program, source, opts, false, Some(induction))
}

fn check_with(
    program: &Program,
    source: &str,
    opts: &CheckOptions,
    native_quantifiers: bool,
    induction: Option<&Induction>,
) -> Result<CheckReport, Vec<Diagnostic>> {
    if opts.memory_limit_mib.is_none() {
        return check_in_context(program, source, opts, native_quantifiers, induction);
    }
    // The memory limit may interrupt z3, which leaves its context cancelled
    // for good: such a check gets a context of its own.
    z3::with_z3_config(&z3::Config::new(), || {
        check_in_context(program, source, opts, native_quantifiers, induction)
    })
}

/// `check_with` in the thread's current z3 context.
fn check_in_context(
    program: &Program,
    source: &str,
    opts: &CheckOptions,
    native_quantifiers: bool,
    induction: Option<&Induction>,
) -> Result<CheckReport, Vec<Diagnostic>> {
    let start = Instant::now();
    let deadline = opts.timeout_ms.map(|ms| start + Duration::from_millis(ms));
    let limit_kib = (opts.memory_limit_mib).map(|m| {
        symex::resident_kib()
            .unwrap_or(0)
            .saturating_add(m.saturating_mul(1024))
    });
    let names = crate::ir::cbmc_loop_names(program);
    let loop_bounds = (opts.unwindset.iter())
        .flat_map(|(name, k)| {
            names
                .iter()
                .filter(move |(_, n)| n == name)
                .map(|(span, _)| (*span, *k))
        })
        .collect();
    let eopts = EncodeOptions {
        entry: &opts.entry,
        unwind: opts.unwind,
        loop_bounds,
        unwinding_assertions: opts.unwinding_assertions,
        error_label: opts.error_label.as_deref(),
        deadline,
        memory_limit_kib: limit_kib,
        native_quantifiers,
        progress: opts.progress.as_ref(),
        signed_overflow: opts.signed_overflow,
        bounds_check: opts.bounds_check,
        div_by_zero: opts.div_by_zero,
        undefined_shift: opts.undefined_shift,
        pointer_check: opts.pointer_check,
        malloc_may_fail: opts.malloc_may_fail,
        induction,
    };

    let mut report = CheckReport {
        verdict: Verdict::Unknown,
        failures: Vec::new(),
        unwinding_failures: Vec::new(),
        trace: Vec::new(),
        properties: 0,
        unwinding_assertions: 0,
        encode_time: Duration::ZERO,
        solver_time: Duration::ZERO,
        unknown_reason: None,
        unwind: opts.unwind,
        checks: [
            (opts.signed_overflow, "signed-overflow"),
            (opts.bounds_check, "bounds"),
            (opts.div_by_zero, "div-by-zero"),
            (opts.undefined_shift, "undefined-shift"),
            (opts.pointer_check, "pointer"),
            (opts.malloc_may_fail, "malloc-may-fail"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect(),
        warnings: Vec::new(),
        induction: None,
        candidates_given_up: Vec::new(),
    };
    let enc = match symex::encode(program, source, &eopts) {
        Ok(enc) => enc,
        Err(Stop::Unsupported(d)) => return Err(vec![d]),
        Err(Stop::Timeout) => {
            report.encode_time = start.elapsed();
            report.unknown_reason = Some("timeout while unwinding the program".to_string());
            return Ok(report);
        }
        Err(Stop::OutOfMemory) => {
            report.encode_time = start.elapsed();
            report.unknown_reason = Some(format!(
                "memory limit ({} MiB, --memory-limit) reached while unwinding the program",
                opts.memory_limit_mib.unwrap_or_default()
            ));
            return Ok(report);
        }
    };
    report.encode_time = start.elapsed();
    report.warnings = enc.warnings.clone();
    let t = Instant::now();
    if let Some(p) = &opts.progress {
        p.tell(&format!("solving ({} properties)", enc.props.len()));
    }
    let over = over_memory_limit(limit_kib, || solve(&enc, opts, deadline, &mut report));
    report.solver_time = t.elapsed();
    if over {
        report.verdict = Verdict::Unknown;
        report.unknown_reason = Some(format!(
            "memory limit ({} MiB, --memory-limit) reached in the solver",
            opts.memory_limit_mib.unwrap_or_default()
        ));
    }
    Ok(report)
}

/// Run `work` (z3 calls on this thread's context) while a second thread
/// watches the process's resident size and interrupts z3 when it passes
/// `limit_kib`; says whether it did. z3's own memory limit also fails the
/// creation of terms, and an interrupt leaves the context cancelled for
/// good, so the caller gives a check with a limit a context of its own,
/// and whatever z3 (or the crate, panicking on a term z3 refused to make)
/// does after the interrupt ends here. Time needs no watcher: the
/// unwinding checks the clock, every query has z3's `timeout`.
fn over_memory_limit(limit_kib: Option<u64>, work: impl FnOnce()) -> bool {
    let Some(limit) = limit_kib else {
        work();
        return false;
    };
    let ctx = z3::Context::thread_local();
    let handle = ctx.handle();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let hit = std::sync::atomic::AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        let hit = &hit;
        let handle = &handle;
        scope.spawn(move || {
            // Looks now and every 20 ms after; wakes at once when the work
            // is done (its sender is dropped).
            loop {
                if symex::resident_kib().is_some_and(|kib| kib > limit) {
                    hit.store(true, std::sync::atomic::Ordering::SeqCst);
                    handle.interrupt();
                }
                match finished.recv_timeout(Duration::from_millis(20)) {
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    _ => break,
                }
            }
        });
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        drop(done);
        outcome
    });
    let hit = hit.load(std::sync::atomic::Ordering::SeqCst);
    if let Err(panic) = outcome
        && !hit
    {
        std::panic::resume_unwind(panic);
    }
    hit
}

fn is_user(k: PropKind) -> bool {
    !matches!(k, PropKind::Unwind | PropKind::Recursion)
}

/// Runs the queries, each on a fresh solver with a plain `check()`: then z3
/// applies its full preprocessing (constant propagation through the SSA
/// equations, bit-blasting only what is left), which its incremental core
/// (push/pop, check with assumptions) skips; on programs with symbolic
/// 64-bit multiplications and divisions that is the difference between
/// milliseconds and many seconds. Re-asserting the shared formulas is cheap.
/// Quantifiers are seen through the instantiator's lemmas (quant.rs), and a
/// model counts only once it satisfies them.
struct Backend<'a> {
    base: &'a [Bool],
    deadline: Option<Instant>,
    /// z3's resource limit per query, where one applies
    /// (`CheckOptions::candidate_rlimit`).
    rlimit: Option<u32>,
    quants: quant::Instantiator<'a>,
    has_quants: bool,
}

impl Backend<'_> {
    fn check(&mut self, goal: &Bool) -> (SatResult, Option<Model>, Option<String>) {
        for _ in 0..quant::MAX_ROUNDS {
            let (r, m, why) = self.check_once(goal);
            let model = match m {
                Some(model) if r == SatResult::Sat && self.has_quants => model,
                _ => return (r, m, why),
            };
            match self.quants.check_model(&model, self.deadline) {
                Ok(true) => return (r, Some(model), why),
                Ok(false) => {}
                Err(why) => return (SatResult::Unknown, None, Some(why)),
            }
        }
        let why = format!(
            "no model satisfying the quantifiers after {} rounds of instantiation",
            quant::MAX_ROUNDS
        );
        (SatResult::Unknown, None, Some(why))
    }

    fn check_once(&self, goal: &Bool) -> (SatResult, Option<Model>, Option<String>) {
        let solver = Solver::new();
        for b in self.base.iter().chain(self.quants.lemmas()) {
            solver.assert(b);
        }
        solver.assert(goal);
        if self.deadline.is_some() || self.rlimit.is_some() {
            let mut p = Params::new();
            if let Some(d) = self.deadline {
                let left = d.saturating_duration_since(Instant::now()).as_millis();
                p.set_u32("timeout", u32::try_from(left.max(1)).unwrap_or(u32::MAX));
            }
            if let Some(r) = self.rlimit {
                p.set_u32("rlimit", r);
            }
            solver.set_params(&p);
        }
        let r = solver.check();
        let m = if r == SatResult::Sat { solver.get_model() } else { None };
        // A "sat" without a model (the deadline can strike between the two)
        // must not read as "no failure": it is undecided.
        if r == SatResult::Sat && m.is_none() {
            return (SatResult::Unknown, None, Some("the solver gave no model".to_string()));
        }
        let why = if r == SatResult::Unknown {
            Some(reason(&solver))
        } else {
            None
        };
        (r, m, why)
    }
}

fn solve(enc: &Encoding, opts: &CheckOptions, deadline: Option<Instant>, report: &mut CheckReport) {
    // Each property gets a literal that implies its failure condition, so a
    // model tells which one fails; properties that cannot fail are left out.
    let mut base: Vec<Bool> = enc.defs.clone();
    let mut user = Vec::new();
    let mut unwind = Vec::new();
    for (i, p) in enc.props.iter().enumerate() {
        if p.kind == PropKind::Invariant {
            // Not the program's: candidates of k-induction (induction.rs).
        } else if is_user(p.kind) {
            report.properties += 1;
        } else {
            report.unwinding_assertions += 1;
        }
        if p.fails.as_bool() == Some(false) {
            continue;
        }
        let lit = Bool::fresh_const("tracc_p");
        base.push(lit.implies(&p.fails));
        if is_user(p.kind) {
            user.push((i, lit));
        } else {
            unwind.push((i, lit));
        }
    }
    // Quantifier instances at the index terms of every formula.
    let mut all = base.clone();
    all.extend(enc.props.iter().map(|p| p.fails.clone()));
    base.extend(lemmas::mul_lemmas(&all));
    let mut backend = Backend {
        base: &base,
        deadline,
        rlimit: None,
        quants: quant::Instantiator::new(&enc.quants, &all),
        has_quants: !enc.quants.is_empty(),
    };
    let unknown = user_failures(
        &mut backend,
        enc,
        &user,
        (opts.per_assertion, opts.candidate_rlimit),
        report,
    );
    if !report.failures.is_empty() {
        report.verdict = Verdict::Unsafe;
        report.trace = report.failures[0].trace.clone();
        return;
    }
    if let Some(r) = unknown {
        report.verdict = Verdict::Unknown;
        report.unknown_reason = Some(r);
        return;
    }
    if !report.candidates_given_up.is_empty() {
        report.verdict = Verdict::Unknown;
        return;
    }
    unwinding_failures(&mut backend, enc, unwind, report);
    // Several unwinding assertions of one loop (nested in an outer loop or
    // in several calls) name the loop once.
    let mut seen = std::collections::HashSet::new();
    report.unwinding_failures.retain(|f| seen.insert((f.span, f.kind)));
    report.verdict = if report.unwinding_failures.is_empty() && report.unknown_reason.is_none() {
        Verdict::Safe
    } else {
        Verdict::Unknown
    };
}

/// The user properties that can fail, into `report.failures` (all of them
/// from one model, or one query each with `per_assertion`); why the answer
/// is unknown, if it is.
fn user_failures(
    backend: &mut Backend,
    enc: &Encoding,
    user: &[(usize, Bool)],
    (per_assertion, candidate_rlimit): (bool, u32),
    report: &mut CheckReport,
) -> Option<String> {
    // k-induction's candidates first, under their budget: where one fails
    // or is given up, the case is checked again without it (induction.rs),
    // so what the program's own properties do with it is not asked.
    let candidates: Vec<&(usize, Bool)> = (user.iter())
        .filter(|(i, _)| enc.props[*i].kind == PropKind::Invariant)
        .collect();
    if !candidates.is_empty() {
        backend.rlimit = Some(candidate_rlimit);
        let why = group_failures(backend, enc, &candidates, report);
        backend.rlimit = None;
        if why.is_some() {
            if backend.deadline.is_some_and(|d| Instant::now() >= d) {
                return why;
            }
            report.candidates_given_up = (candidates.iter())
                .filter_map(|(i, _)| report::candidate_number(&enc.props[*i].message))
                .collect();
        }
        if !report.failures.is_empty() || !report.candidates_given_up.is_empty() {
            return None;
        }
    }
    let user: Vec<(usize, Bool)> = (user.iter())
        .filter(|(i, _)| enc.props[*i].kind != PropKind::Invariant)
        .cloned()
        .collect();
    let user = user.as_slice();
    let mut unknown = None;
    if per_assertion {
        for (i, lit) in user {
            match backend.check(lit) {
                (SatResult::Sat, Some(m), _) => report.failures.push(failure(enc, *i, &m, true)),
                (SatResult::Unknown, _, why) => unknown = why,
                _ => {}
            }
        }
    } else {
        // Assertions, overflows, bounds and undefined divisions, shifts and
        // dereferences are asked apart, so that one kind failing does not hide whether
        // another fails (execution goes on after a failed check, as in
        // CBMC).
        let of_kind = |k: fn(PropKind) -> bool| -> Vec<&(usize, Bool)> {
            user.iter().filter(|(i, _)| k(enc.props[*i].kind)).collect()
        };
        fn undefined(k: PropKind) -> bool {
            matches!(k, PropKind::DivByZero | PropKind::UndefinedShift | PropKind::Pointer)
        }
        let groups = [
            of_kind(|k| !matches!(k, PropKind::Overflow | PropKind::Bounds) && !undefined(k)),
            of_kind(|k| k == PropKind::Overflow),
            of_kind(|k| k == PropKind::Bounds),
            of_kind(undefined),
        ];
        for group in groups {
            if let Some(why) = group_failures(backend, enc, &group, report) {
                unknown = Some(why);
            }
        }
        // One group failing and another undecided is UNSAFE, and says so.
        if !report.failures.is_empty() {
            report.unknown_reason = unknown.take();
        }
    }
    unknown
}

/// One query for any of `group` failing; the failures of its model into
/// `report.failures`; why the answer is unknown, if it is.
fn group_failures(
    backend: &mut Backend,
    enc: &Encoding,
    group: &[&(usize, Bool)],
    report: &mut CheckReport,
) -> Option<String> {
    if group.is_empty() {
        return None;
    }
    let lits: Vec<&Bool> = group.iter().map(|(_, l)| l).collect();
    match backend.check(&Bool::or(&lits)) {
        (SatResult::Sat, Some(m), _) => {
            let before = report.failures.len();
            // Every property the model violates, first in execution order first.
            for (i, _) in group {
                if holds(&m, &enc.props[*i].fails) {
                    let with_trace = report.failures.is_empty();
                    report.failures.push(failure(enc, *i, &m, with_trace));
                }
            }
            // "sat" whose model shows no failing property: seen when the
            // deadline strikes as z3 answers. Undecided, never SAFE.
            (report.failures.len() == before)
                .then(|| "the solver's model shows no failing property (timeout?)".to_string())
        }
        (SatResult::Unknown, _, why) => why,
        _ => None,
    }
}

/// Name every loop whose unwinding assertion can fail: ask, collect the
/// ones the model violates, exclude them, ask again.
fn unwinding_failures(
    backend: &mut Backend,
    enc: &Encoding,
    mut remaining: Vec<(usize, Bool)>,
    report: &mut CheckReport,
) {
    while !remaining.is_empty() {
        let lits: Vec<&Bool> = remaining.iter().map(|(_, l)| l).collect();
        match backend.check(&Bool::or(&lits)) {
            (SatResult::Sat, Some(m), _) => {
                let before = remaining.len();
                remaining.retain(|(i, _)| {
                    if holds(&m, &enc.props[*i].fails) {
                        report.unwinding_failures.push(failure(enc, *i, &m, false));
                        false
                    } else {
                        true
                    }
                });
                if remaining.len() == before {
                    report.unknown_reason =
                        Some("the solver's model shows no failing unwinding assertion (timeout?)".to_string());
                    break;
                }
            }
            (SatResult::Unknown, _, why) => {
                report.unknown_reason = why;
                break;
            }
            _ => break,
        }
    }
}

fn reason(solver: &Solver) -> String {
    solver
        .get_reason_unknown()
        .unwrap_or_else(|| "the solver gave up".to_string())
}

fn holds(m: &Model, b: &Bool) -> bool {
    m.eval(b, true).and_then(|v| v.as_bool()) == Some(true)
}

fn value_of(m: &Model, bv: &z3::ast::BV, ty: IntType) -> Option<i128> {
    let v = m.eval(bv, true)?.as_u64()?;
    let w = bv.get_size();
    let v = i128::from(v);
    if ty.signed && !ty.is_bool() && w < 128 && v >= 1i128 << (w - 1) {
        Some(v - (1i128 << w))
    } else {
        Some(v)
    }
}

fn failure(enc: &Encoding, i: usize, m: &Model, with_trace: bool) -> Failure {
    let p = &enc.props[i];
    let mut trace = Vec::new();
    if with_trace {
        for s in &enc.steps[..p.step.min(enc.steps.len())] {
            if !holds(m, &s.guard) {
                continue;
            }
            let mut target = s.target.clone();
            for idx in &s.indices {
                match value_of(m, idx, IntType::LONG) {
                    Some(v) => target.push_str(&format!("[{v}]")),
                    None => target.push_str("[?]"),
                }
            }
            trace.push(TraceStep {
                kind: match s.kind {
                    symex::StepKind::Assign => StepKind::Assign,
                    symex::StepKind::Decl => StepKind::Decl,
                    symex::StepKind::Param => StepKind::Param,
                    symex::StepKind::Nondet => StepKind::Nondet,
                    symex::StepKind::Uninit => StepKind::Uninit,
                },
                span: s.span,
                target,
                value: s.value.as_ref().and_then(|(bv, ty)| value_of(m, bv, *ty)),
            });
        }
        trace.push(TraceStep {
            kind: StepKind::Failure,
            span: p.span,
            target: p.message.clone(),
            value: None,
        });
    }
    Failure {
        kind: FailureKind::from_prop(p.kind),
        span: p.span,
        message: p.message.clone(),
        trace,
    }
}
