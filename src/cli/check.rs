//! `tracc check` (the reference bounded model checker on a C file) and
//! `tracc verify` (accelerate, restrict, then check the result).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::exit::Exit;
use super::output::write_stdout;
use super::source::{display_name, read_input};
use super::transform_args::{ModelArgs, TransformArgs, with_loop_progress};
use crate::check::{CheckOptions, CheckReport, Locate, Place, Verdict, check_deepening, check_source};
use crate::diag::Diagnostic;
use crate::diag::render::{self, ColorChoice};
use crate::emit::{SourceMap, SourcePlace};
use crate::instrument::LoopReport;
use crate::ir::{LinearSum, Span};

/// Options shared by `check` and `verify`.
#[derive(Debug, Args)]
pub struct CheckerArgs {
    /// Do not add unwinding assertions: executions longer than the bound are
    /// silently cut (the verdict is then only "no bug up to the bound").
    #[arg(long)]
    pub no_unwinding_assertions: bool,

    /// The function where execution starts.
    #[arg(long, value_name = "NAME", default_value = "main")]
    pub entry: String,

    /// Treat reaching a label with this name as an assertion failure (as
    /// CBMC's --error-label; older SV-COMP programs mark errors with `ERROR:`).
    #[arg(long, value_name = "LABEL")]
    pub error_label: Option<String>,

    /// Print the trace of a failing assertion (values assigned per step).
    #[arg(long)]
    pub trace: bool,

    /// Print the result as a JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// Check each assertion in its own solver query.
    #[arg(long)]
    pub per_assertion: bool,

    /// Give up with UNKNOWN after this many seconds, unwinding and solving
    /// together (default: no limit for `check`, 300 for `verify`; 0: no
    /// limit).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<u64>,

    /// Give up with UNKNOWN when the check grows tracc (with its solver)
    /// by more than this many MiB (default: three quarters of the
    /// machine's memory; 0: no limit).
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,

    /// Check none of CBMC 6's standard checks (below), as CBMC's option of
    /// the same name: only assertions and unwinding assertions; and let
    /// `malloc` always succeed.
    #[arg(long)]
    pub no_standard_checks: bool,

    /// `malloc` and `calloc` may return the null pointer (CBMC 6's
    /// default; with --no-standard-checks only when given).
    #[arg(long, conflicts_with = "no_malloc_may_fail")]
    pub malloc_may_fail: bool,

    /// `malloc` and `calloc` always return fresh memory, as CBMC's option
    /// of the same name.
    #[arg(long)]
    pub no_malloc_may_fail: bool,

    /// Report signed arithmetic out of range (`+ - * / % <<`, negation, `++`
    /// and `--` in `int` or wider) as a failure. On by default, as in CBMC
    /// 6; with --no-standard-checks only when given.
    #[arg(long)]
    pub signed_overflow_check: bool,

    /// Report an index outside its array (an array of constant size
    /// indexed as such, not through a pointer) as a failure. On by default,
    /// as in CBMC 6; with --no-standard-checks only when given.
    #[arg(long)]
    pub bounds_check: bool,

    /// Report a division or remainder by zero as a failure. On by default,
    /// as in CBMC 6; with --no-standard-checks only when given.
    #[arg(long)]
    pub div_by_zero_check: bool,

    /// Report a shift by a negative amount or one not below the width of
    /// the promoted left operand, and a left shift of a negative signed
    /// value, as a failure. On by default, as in CBMC 6; with
    /// --no-standard-checks only when given.
    #[arg(long)]
    pub undefined_shift_check: bool,

    /// Report `*p` (`p->f`, `p[i]`) of the null pointer, or outside the
    /// array of known length it points into, as a failure. On by default,
    /// as in CBMC 6; with --no-standard-checks only when given.
    #[arg(long)]
    pub pointer_check: bool,

    /// Unwind the loops named L (CBMC's names, as `cbmc --show-loops`
    /// prints them: `main.0`, ...) K times instead of --unwind, as CBMC's
    /// option of the same name. `verify` adds the bounds of the loops that
    /// the transformation left to unrolling.
    #[arg(long, value_name = "L:K,...", value_parser = parse_unwindset, action = clap::ArgAction::Append)]
    pub unwindset: Vec<Vec<(String, u32)>>,
}

/// `L:K,L:K,...` as CBMC's `--unwindset` reads it.
fn parse_unwindset(text: &str) -> Result<Vec<(String, u32)>, String> {
    text.split(',')
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (name, k) = item
                .rsplit_once(':')
                .ok_or_else(|| format!("`{item}` is not LOOP:BOUND (e.g. main.0:11)"))?;
            let k = k.parse().map_err(|_| format!("`{k}` in `{item}` is not a bound"))?;
            Ok((name.to_string(), k))
        })
        .collect()
}

/// `tracc verify`'s time limit when none is given: a CI job gets an answer.
const VERIFY_DEFAULT_TIMEOUT_S: u64 = 300;

impl CheckerArgs {
    /// The checker's options; `default_timeout` applies when `--timeout` is
    /// not given.
    fn options(&self, unwind: u32, default_timeout: Option<u64>, model: &ModelArgs) -> CheckOptions {
        let positive = |v: u64| (v > 0).then_some(v);
        CheckOptions {
            unwind,
            unwindset: self.unwindset.concat(),
            unwinding_assertions: !self.no_unwinding_assertions,
            entry: self.entry.clone(),
            error_label: self.error_label.clone(),
            per_assertion: self.per_assertion,
            timeout_ms: self
                .timeout
                .map_or(default_timeout, positive)
                .map(|s| s.saturating_mul(1000)),
            memory_limit_mib: self.memory_limit.map_or_else(default_memory_limit_mib, positive),
            progress: None,
            signed_overflow: self.signed_overflow_check || !(self.no_standard_checks || model.svcomp),
            bounds_check: self.bounds_check || !(self.no_standard_checks || model.svcomp),
            div_by_zero: self.div_by_zero_check || !(self.no_standard_checks || model.svcomp),
            undefined_shift: self.undefined_shift_check || !(self.no_standard_checks || model.svcomp),
            pointer_check: self.pointer_check || !(self.no_standard_checks || model.svcomp),
            malloc_may_fail: self.malloc_may_fail
                || !(self.no_standard_checks || self.no_malloc_may_fail || model.svcomp),
            model: model.model(),
            ..CheckOptions::default()
        }
    }
}

/// A status line on stderr that shows what a long check is doing (which
/// function and loop it unwinds, how far; then solving). indicatif draws
/// it only when stderr is a terminal; it is cleared when the check ends.
fn status_line(opts: &mut CheckOptions) -> indicatif::ProgressBar {
    let bar = spinner();
    let shown = bar.clone();
    opts.progress = Some(crate::diag::Progress::new(move |what: &str| {
        shown.set_message(what.to_string())
    }));
    bar
}

/// A spinner with a message on stderr, drawn only on a terminal.
fn spinner() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Three quarters of the machine's memory (`MemTotal` of /proc/meminfo),
/// so that a runaway check ends with UNKNOWN before the machine swaps;
/// `None` where that is not known.
fn default_memory_limit_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024 * 3 / 4)
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Input C file (`-` for stdin).
    #[arg(value_name = "IN.c")]
    pub input: PathBuf,

    /// Unwinding bound, with CBMC's meaning: taking a loop's back edge for
    /// the K-th time within one execution of the loop is a failed unwinding
    /// assertion (a `while` loop whose body runs n times needs K = n + 1).
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub unwind: u32,

    #[command(flatten)]
    pub checker: CheckerArgs,

    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Input C file (`-` for stdin).
    #[arg(value_name = "IN.c")]
    pub input: PathBuf,

    /// Unwinding bound for checking the transformed program (CBMC's meaning).
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub unwind: u32,

    #[command(flatten)]
    pub transform: TransformArgs,

    #[command(flatten)]
    pub checker: CheckerArgs,

    /// When the transformed program is UNKNOWN because an unwinding
    /// assertion can fail, check it again at doubled bounds up to this one
    /// (within --timeout), as a CBMC user deepens by hand: it still contains
    /// every original iteration, so shallow bugs of loops that were not
    /// accelerated are found, and a proof at a deeper bound is a proof.
    /// Not deeper than --unwind: no deepening.
    #[arg(long, value_name = "K", default_value_t = 24)]
    pub max_unwind: u32,

    /// When the transformed program is still UNKNOWN because a loop of
    /// `main` (outside other loops) is not fully unwound, try to prove it
    /// by k-induction on that loop for k = 1 up to this (within
    /// --timeout): the base case checks k iterations from the start, the
    /// step case k + 1 from an arbitrary state at the loop's head, the
    /// first k with every property assumed. 0: no induction.
    #[arg(long, value_name = "K", default_value_t = 8)]
    pub k_induction: u32,

    /// Print the bounds tried, with verdict and time each.
    #[arg(short, long)]
    pub verbose: bool,

    /// Do not print warnings about loops that were not transformed.
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct KinductArgs {
    /// Input C file (`-` for stdin).
    #[arg(value_name = "IN.c")]
    pub input: PathBuf,

    /// Where to write the two programs: OUT.base.c and OUT.step.c (default:
    /// IN without its `.c`; `tracc-kinduct` for stdin).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Unwinding bound for the other loops (CBMC's meaning).
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub unwind: u32,

    /// Largest k tried.
    #[arg(long, value_name = "K", default_value_t = 8)]
    pub k_induction: u32,

    #[command(flatten)]
    pub transform: TransformArgs,

    #[command(flatten)]
    pub checker: CheckerArgs,
}

/// One bound `verify` tried.
#[derive(Clone, Debug, serde::Serialize)]
struct Step {
    unwind: u32,
    verdict: &'static str,
    ms: f64,
}

fn verdict_exit(report: &CheckReport) -> Exit {
    match report.verdict {
        Verdict::Safe => Exit::Success,
        Verdict::Unsafe => Exit::Unsafe,
        Verdict::Unknown => Exit::Unknown,
    }
}

fn read_or_report(input: &std::path::Path, color: ColorChoice) -> Result<(String, String), Exit> {
    let name = display_name(input);
    match read_input(input) {
        Ok(t) => Ok((name, t.text)),
        Err(d) => {
            render::eprint(&name, "", &[d], color);
            Err(Exit::InputError)
        }
    }
}

fn print_or_fail(name: &str, text: &str, color: ColorChoice) -> Result<(), Exit> {
    write_stdout(text).map_err(|e| {
        let d = Diagnostic::error(Span::SYNTHETIC, format!("cannot write to stdout: {e}"));
        render::eprint(name, "", &[d], color);
        Exit::InputError
    })
}

pub fn check(args: &CheckArgs, color: ColorChoice) -> Exit {
    let (name, text) = match read_or_report(&args.input, color) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let mut options = args.checker.options(args.unwind, None, &args.model);
    let status = status_line(&mut options);
    let checked = check_source(&text, &options);
    status.finish_and_clear();
    let report = match checked {
        Ok(r) => r,
        Err(diags) => {
            render::eprint(&name, &text, &diags, color);
            return Exit::InputError;
        }
    };
    // What the checker assumed (implicit declarations, functions without a
    // body, C89 implicit int).
    render::eprint(&name, &text, &report.warnings, color);
    let out = if args.checker.json {
        format!("{:#}\n", report.to_json(&name, &text, args.checker.trace))
    } else {
        let mut out = report.render(&name, &text, args.checker.trace);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    };
    match print_or_fail(&name, &out, color) {
        Ok(()) => verdict_exit(&report),
        Err(e) => e,
    }
}

pub fn verify(args: &VerifyArgs, color: ColorChoice) -> Exit {
    let (name, text) = match read_or_report(&args.input, color) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let started = Instant::now();
    let status = spinner();
    let transform = with_loop_progress(&args.transform.options(), &status, &name);
    let transformed = crate::pipeline::accelerate_source(&text, &transform);
    status.finish_and_clear();
    let outcome = match transformed {
        Ok(o) => o,
        Err(diags) => {
            render::eprint(&name, &text, &diags, color);
            return Exit::InputError;
        }
    };
    let transform_time = started.elapsed();
    if !args.quiet && !outcome.diagnostics.is_empty() {
        render::eprint(&name, &text, &outcome.diagnostics, color);
    }
    let started = Instant::now();
    let at = InInput {
        name: &name,
        input: &text,
        output: &outcome.output,
        map: &outcome.source_map,
    };
    let kept = outcome.kept_sums();
    let (checked, schedule) = verify_check(&outcome.output, &outcome.unwindset, &kept, args);
    let report = match checked {
        Ok(r) => r,
        Err(diags) => {
            // What the checker refuses in text copied from the input is
            // shown there; in tracc's own code (an internal problem), in
            // the transformed text.
            let (mut in_input, mut internal) = (Vec::new(), Vec::new());
            for d in diags {
                match at.diagnostic_in_input(d) {
                    Ok(d) => in_input.push(d),
                    Err(d) => internal.push(d),
                }
            }
            render::eprint(&name, &text, &in_input, color);
            render::eprint(&format!("{name} (transformed)"), &outcome.output, &internal, color);
            return Exit::InputError;
        }
    };
    let times = (
        transform_time.as_secs_f64() * 1e3,
        started.elapsed().as_secs_f64() * 1e3,
    );
    let loop_notes = unwinding_notes(&report, &at, &outcome.loops);
    let out = if args.checker.json {
        let mut json = report.to_json_at(&name, &at, args.checker.trace);
        if let Some(obj) = json.as_object_mut() {
            obj.insert("transform_ms".into(), serde_json::json!(times.0));
            obj.insert("check_ms".into(), serde_json::json!(times.1));
            obj.insert("loop_notes".into(), serde_json::json!(loop_notes));
            obj.insert("schedule".into(), serde_json::json!(schedule));
            obj.insert("transform_report".into(), outcome.report.clone());
        }
        format!("{json:#}\n")
    } else {
        verify_text(args, &report, &at, &loop_notes, &schedule, times)
    };
    match print_or_fail(&name, &out, color) {
        Ok(()) => verdict_exit(&report),
        Err(e) => e,
    }
}

/// The checks of `verify` on the transformed program: at `--unwind`;
/// where only loops not fully unwound leave it UNKNOWN, k-induction
/// (`--k-induction`), then deeper bounds up to `--max-unwind`
/// (`check_deepening`), all within `--timeout`; with the bounds tried.
fn verify_check(
    output: &str,
    unrolled: &[(String, u32)],
    kept: &[LinearSum],
    args: &VerifyArgs,
) -> (Result<CheckReport, Vec<Diagnostic>>, Vec<Step>) {
    let mut options = args
        .checker
        .options(args.unwind, Some(VERIFY_DEFAULT_TIMEOUT_S), &args.transform.model);
    // The user's own `--unwindset` comes after, so it wins (as in CBMC, the
    // last bound given for a loop counts).
    options.unwindset.splice(0..0, unrolled.iter().cloned());
    let deadline = options.deadline_from(Instant::now());
    let (first, mut schedule) = deepening_check(output, options.clone(), args.unwind);
    let report = match first {
        Ok(r) if undecided_by_unwinding(&r) => r,
        other => return (other, schedule),
    };
    if args.k_induction > 0
        && let Some(mut o) = options.until(deadline)
    {
        let status = status_line(&mut o);
        let failing = report.loops_not_unwound();
        let proved = crate::check::induction::prove(output, &o, &failing, args.k_induction, kept);
        status.finish_and_clear();
        match proved {
            Ok(Ok(proof)) => return (Ok(proof.report), schedule),
            Ok(Err(_)) => {}
            Err(d) => return (Err(d), schedule),
        }
    }
    let deeper = args.unwind.saturating_mul(2).min(args.max_unwind);
    let Some(mut o) = options.until(deadline).filter(|_| deeper > args.unwind) else {
        return (Ok(report), schedule);
    };
    o.unwind = deeper;
    let (deeper, more) = deepening_check(output, o, args.max_unwind);
    schedule.extend(more);
    (deeper, schedule)
}

/// UNKNOWN only because loops (or recursion) are not fully unwound.
fn undecided_by_unwinding(r: &CheckReport) -> bool {
    r.verdict == Verdict::Unknown && r.unknown_reason.is_none() && !r.unwinding_failures.is_empty()
}

/// `check_deepening` of the transformed program from `options.unwind` to
/// `max_unwind`, with a status line; with the bounds tried.
fn deepening_check(
    output: &str,
    mut options: CheckOptions,
    max_unwind: u32,
) -> (Result<CheckReport, Vec<Diagnostic>>, Vec<Step>) {
    let status = status_line(&mut options);
    let (checked, tried) = check_deepening(output, &options, max_unwind);
    status.finish_and_clear();
    let schedule = (tried.iter())
        .map(|t| Step {
            unwind: t.unwind,
            verdict: t.verdict.as_str(),
            ms: t.ms,
        })
        .collect();
    (checked, schedule)
}

/// `verify`'s text output: the checker's report at input lines, the notes,
/// the bounds tried (with `--verbose`), the times (`(transform, check)` in
/// ms), and the verdict word as the last line.
fn verify_text(
    args: &VerifyArgs,
    report: &CheckReport,
    at: &InInput,
    loop_notes: &[String],
    schedule: &[Step],
    (transform_ms, check_ms): (f64, f64),
) -> String {
    let body = report.render_at(at, args.checker.trace);
    let (head, verdict) = body.trim_end().rsplit_once('\n').unwrap_or(("", body.trim_end()));
    let mut out = String::new();
    if !head.is_empty() {
        out.push_str(head);
        out.push('\n');
    }
    for note in loop_notes {
        out.push_str(&format!("note: {note}\n"));
    }
    if args.verbose {
        for s in schedule {
            out.push_str(&format!(
                "bound: --unwind {}: {} ({:.1} ms)\n",
                s.unwind, s.verdict, s.ms
            ));
        }
    }
    if schedule.len() > 1 {
        out.push_str(&format!(
            "note: UNKNOWN at --unwind {}; checked again at deeper bounds, the last --unwind {}\n",
            args.unwind, report.unwind
        ));
    }
    out.push_str(&format!(
        "time: transform {transform_ms:.1} ms, check {check_ms:.1} ms (--unwind {})\n",
        report.unwind
    ));
    out.push_str(verdict);
    out.push('\n');
    out
}

/// Locations in tracc's output shown at the input lines they stand for:
/// copied text and the original loop bodies exactly, tracc's own code at
/// the loop it belongs to (marked generated).
struct InInput<'a> {
    name: &'a str,
    input: &'a str,
    output: &'a str,
    map: &'a SourceMap,
}

impl InInput<'_> {
    /// The input place of the start of `span` in the output (none for a
    /// synthetic span).
    fn source_place(&self, span: Span) -> Option<SourcePlace> {
        (!span.is_synthetic()).then(|| self.map.to_source(span.start, self.output, self.input))
    }

    /// `d` (about the output) moved to the input text its span was copied
    /// from; `Err(d)` unchanged when the span is in tracc's own code.
    fn diagnostic_in_input(&self, d: Diagnostic) -> Result<Diagnostic, Diagnostic> {
        if d.span.is_synthetic() {
            return Ok(d);
        }
        let first = self.map.to_source(d.span.start, self.output, self.input);
        let last = self
            .map
            .to_source(d.span.end.saturating_sub(1).max(d.span.start), self.output, self.input);
        if first.generated || last.generated || last.offset < first.offset {
            return Err(d);
        }
        let mut end = (last.offset + 1).min(self.input.len());
        while !self.input.is_char_boundary(end) {
            end += 1;
        }
        Ok(Diagnostic {
            span: Span::new(first.offset, end.max(first.offset)),
            ..d
        })
    }
}

impl Locate for InInput<'_> {
    fn place(&self, span: Span) -> Place {
        let p = self.source_place(span);
        Place {
            file: self.name.to_string(),
            line_col: p.and_then(|p| render::line_col(self.input, p.offset)),
            generated: p.is_some_and(|p| p.generated),
        }
    }
}

/// For each loop whose unwinding assertion failed: why tracc's
/// transformation did not make the bound sufficient for it (from the
/// transformation's loop reports).
fn unwinding_notes(report: &CheckReport, at: &InInput<'_>, loops: &[LoopReport]) -> Vec<String> {
    let mut notes = Vec::new();
    for f in &report.unwinding_failures {
        let Some(p) = at.source_place(f.span).filter(|p| !p.generated) else {
            continue;
        };
        let Some(l) = loops.iter().find(|l| l.start == p.offset) else {
            continue;
        };
        let Some((line, col)) = render::line_col(at.input, p.offset) else {
            continue;
        };
        let here = format!("{}:{line}:{col}", at.name);
        let note = if !l.accelerated {
            let reason = l.reason.text().unwrap_or_else(|| "see the warning above".to_string());
            format!("{here}: the loop is not accelerated ({reason}), so the bound must cover its iterations")
        } else {
            let left: Vec<String> = l
                .paths
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.accelerated)
                .map(|(i, p)| {
                    format!(
                        "path {} ({})",
                        i + 1,
                        p.reason.text().unwrap_or_else(|| "not accelerated".to_string())
                    )
                })
                .collect();
            let mut note = format!(
                "{here}: the loop is accelerated, but executions still reach its head {} times through \
                 iterations the accelerators do not cover: a value that would wrap around or overflow \
                 its type",
                report.unwind
            );
            if !left.is_empty() {
                note.push_str(&format!(", or a path left unaccelerated: {}", left.join("; ")));
            }
            note
        };
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    notes
}

pub fn kinduct(args: &KinductArgs, color: ColorChoice) -> Exit {
    let (name, text) = match read_or_report(&args.input, color) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let transform = args.transform.options();
    let options = args
        .checker
        .options(args.unwind, Some(VERIFY_DEFAULT_TIMEOUT_S), &args.transform.model);
    let status = spinner();
    let proved = crate::pipeline::accelerate_source(&text, &transform)
        .and_then(|outcome| crate::pipeline::kinduct_outcome(&outcome, &options, args.k_induction.max(1)));
    status.finish_and_clear();
    let proof = match proved {
        Ok(Ok(p)) => p,
        Ok(Err(why)) => {
            eprintln!("tracc: {name}: {why}");
            return match why {
                crate::pipeline::NoKInduction::Decided(Verdict::Unsafe) => Exit::Unsafe,
                _ => Exit::Unknown,
            };
        }
        Err(diags) => {
            render::eprint(&name, &text, &diags, color);
            return Exit::InputError;
        }
    };
    let stem = args.output.clone().unwrap_or_else(|| {
        if args.input.as_os_str() == "-" {
            PathBuf::from("tracc-kinduct")
        } else {
            args.input.with_extension("")
        }
    });
    let path = |case: &str| {
        let mut p = stem.clone().into_os_string();
        p.push(format!(".{case}.c"));
        PathBuf::from(p)
    };
    let (base, step) = (path("base"), path("step"));
    for (file, program) in [(&base, &proof.base), (&step, &proof.step)] {
        if let Err(e) = super::output::write_file(file, program) {
            let d = Diagnostic::error(Span::SYNTHETIC, format!("cannot write `{}`: {e}", file.display()));
            render::eprint(&name, "", &[d], color);
            return Exit::InputError;
        }
    }
    let with = if proof.invariants.is_empty() {
        String::new()
    } else {
        format!(" with the invariants {}", proof.invariants.join(", "))
    };
    let command = |file: &PathBuf, args: &[String]| format!("cbmc {} {}", file.display(), args.join(" "));
    let out = format!(
        "{name}: proved by {}-induction on the loop at line {} of the transformed program{with}\n\
         base case: {}\nstep case: {}\n",
        proof.k,
        proof.line,
        command(&base, &proof.base_args),
        command(&step, &proof.step_args),
    );
    match print_or_fail(&name, &out, color) {
        Ok(()) => Exit::Success,
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn checker(args: &[&str]) -> CheckerArgs {
        #[derive(Parser)]
        struct Wrap {
            #[command(flatten)]
            checker: CheckerArgs,
        }
        Wrap::parse_from(std::iter::once("tracc").chain(args.iter().copied())).checker
    }

    #[test]
    fn limits_default_to_bounded_and_zero_means_none() {
        let lp64 = super::super::ModelArgs::default();
        let o = checker(&[]).options(3, Some(VERIFY_DEFAULT_TIMEOUT_S), &lp64);
        assert_eq!(o.timeout_ms, Some(300_000));
        assert_eq!(checker(&[]).options(3, None, &lp64).timeout_ms, None);
        assert_eq!(
            checker(&["--timeout", "0"]).options(3, Some(300), &lp64).timeout_ms,
            None
        );
        assert_eq!(
            checker(&["--timeout", "7"]).options(3, None, &lp64).timeout_ms,
            Some(7000)
        );
        // The default memory limit is below the machine's memory.
        if let Some(m) = o.memory_limit_mib {
            assert!(m > 0 && Some(m) < default_memory_limit_mib().map(|d| d * 4 / 3 + 1));
        }
        assert_eq!(
            checker(&["--memory-limit", "0"])
                .options(3, None, &lp64)
                .memory_limit_mib,
            None
        );
        assert_eq!(
            checker(&["--memory-limit", "512"])
                .options(3, None, &lp64)
                .memory_limit_mib,
            Some(512)
        );
    }
}
