//! The gain benchmark (`tracc bench`, after the report, or `tracc bench
//! --gain-only`): what a CBMC user gains from running tracc first.
//!
//! In: C programs, a `tracc` executable and a CBMC executable. Out: one
//! [`GainRow`] per program: CBMC alone on the input as a user runs it
//! (`cbmc FILE`, or `--unwind K --unwinding-assertions`), and `tracc
//! accelerate` followed by CBMC on its output with the arguments its report
//! recommends (`cbmc_args`; `--unwind 3 --unwinding-assertions` without
//! them), both with CBMC's default checks and with `--no-standard-checks`.
//! Per run: the verdict, graded against the program's expected one, the
//! wall time and the peak memory of the process tree; per row the ratios
//! and whether it keeps the rule "never worse" ([`never_worse`]); then
//! the tables in Markdown with totals per mode, and the same as JSON.
//!
//! Every run is a child process under a wall-clock and a memory limit
//! (`measure`), so one run away program costs one limit and the others go
//! on. The rows and the rule are `gain_rows`; this file runs the programs
//! and writes the tables.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use super::expect::{Verdict, expected_verdict};
use super::gain_rows::error_line;
// Callers (the CLI, the tests) name the rows and the rule through the
// benchmark that produces them.
pub use super::gain_rows::{GainRow, Mode, ModeRow, Rule, Run, RunOutcome, Side, cbmc_outcome, never_worse};
use super::measure::{End, describe_exit, measure_all, run_measured};

/// How the gain benchmark runs.
#[derive(Clone, Debug)]
pub struct GainOptions {
    /// The `tracc` executable whose `accelerate` is measured.
    pub tracc: PathBuf,
    pub cbmc: PathBuf,
    /// Wall-clock limit per side: CBMC alone, or tracc and then CBMC.
    pub timeout: Duration,
    /// Resident memory limit for the process tree of one run.
    pub memory_limit_mib: u64,
    /// `--unwind K --unwinding-assertions` for CBMC alone; none: CBMC
    /// unrolls every loop until its condition fails, as a user runs it.
    pub input_unwind: Option<u32>,
    pub jobs: usize,
}

/// Run CBMC with `args` under the limits.
fn run_cbmc(opts: &GainOptions, args: Vec<String>, time_limit: Duration, expected: Option<Verdict>) -> Run {
    let mut cmd = Command::new(&opts.cbmc);
    cmd.args(&args);
    let mut run = Run::skipped(args);
    match run_measured(cmd, time_limit, opts.memory_limit_mib) {
        Err(message) => run.outcome = RunOutcome::Error { message },
        Ok(f) => {
            run.seconds = f.seconds;
            run.peak_mib = f.peak_mib;
            run.outcome = match f.end {
                End::Timeout => RunOutcome::Timeout,
                End::OutOfMemory => RunOutcome::OutOfMemory,
                End::Exited(status) => match describe_exit(status) {
                    (None, why) => RunOutcome::Error { message: why },
                    (code, _) => cbmc_outcome(code, &f.stdout, &f.stderr, expected),
                },
            };
        }
    }
    run
}

/// `tracc accelerate FILE -o OUT --report-file REPORT`, timed.
fn run_transform(opts: &GainOptions, file: &Path, out: &Path, report: &Path) -> Run {
    let args: Vec<String> = [
        "--color=never".as_ref(),
        "accelerate".as_ref(),
        file.as_os_str(),
        "-q".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
        "--report-file".as_ref(),
        report.as_os_str(),
    ]
    .iter()
    .map(|a| a.to_string_lossy().into_owned())
    .collect();
    let mut cmd = Command::new(&opts.tracc);
    cmd.args(&args);
    let mut run = Run::skipped(args);
    match run_measured(cmd, opts.timeout, opts.memory_limit_mib) {
        Err(message) => run.outcome = RunOutcome::Error { message },
        Ok(f) => {
            run.seconds = f.seconds;
            run.peak_mib = f.peak_mib;
            run.outcome = match f.end {
                End::Timeout => RunOutcome::Timeout,
                End::OutOfMemory => RunOutcome::OutOfMemory,
                End::Exited(status) if status.success() => RunOutcome::Done,
                End::Exited(status) => RunOutcome::Error {
                    message: match describe_exit(status) {
                        (None, why) => why,
                        (code, _) => format!("exit {}: {}", code.unwrap_or(-1), error_line(&f.stdout, &f.stderr)),
                    },
                },
            };
        }
    }
    run
}

/// The arguments tracc's report recommends for CBMC on its output
/// (`files[0].cbmc_args`), if it gives them as a list of strings.
fn recommended_args(report: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(report).ok()?;
    let v: Value = serde_json::from_str(&text).ok()?;
    v.get("files")?
        .get(0)?
        .get("cbmc_args")?
        .as_array()?
        .iter()
        .map(|a| a.as_str().map(str::to_string))
        .collect()
}

/// What CBMC on tracc's output gets when the report recommends nothing.
fn default_output_args() -> Vec<String> {
    ["--unwind", "3", "--unwinding-assertions"].map(str::to_string).to_vec()
}

/// The arguments of CBMC alone after the file (default checks).
fn input_args(opts: &GainOptions) -> Vec<String> {
    match opts.input_unwind {
        Some(k) => vec![
            "--unwind".to_string(),
            k.to_string(),
            "--unwinding-assertions".to_string(),
        ],
        None => Vec::new(),
    }
}

fn with_file(file: &Path, args: Vec<String>) -> Vec<String> {
    std::iter::once(file.display().to_string()).chain(args).collect()
}

/// Measure one program.
pub fn gain_file(path: &Path, opts: &GainOptions) -> GainRow {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let expected = expected_verdict(path, &text);
    let dir = tempfile::tempdir();
    let (transform, output, recommended) = match &dir {
        Err(e) => (
            Run {
                outcome: RunOutcome::Error {
                    message: format!("temporary directory: {e}"),
                },
                ..Run::skipped(Vec::new())
            },
            None,
            None,
        ),
        Ok(dir) => {
            let out = dir.path().join("out.c");
            let report = dir.path().join("report.json");
            let t = run_transform(opts, path, &out, &report);
            let rec = recommended_args(&report);
            (t, Some(out), rec)
        }
    };
    let cbmc_args_from_report = recommended.is_some();
    let output_args = recommended.unwrap_or_else(default_output_args);
    let modes = Mode::ALL
        .iter()
        .map(|&mode| {
            let alone = run_cbmc(
                opts,
                with_file(path, mode.with(&input_args(opts))),
                opts.timeout,
                expected,
            );
            let tracc_args = output
                .as_deref()
                .map(|o| with_file(o, mode.with(&output_args)))
                .unwrap_or_default();
            // Both sides get the same wall-clock budget: CBMC on the output
            // gets what the transformation left of it.
            let left = opts.timeout.saturating_sub(Duration::from_secs_f64(transform.seconds));
            let tracc_cbmc = match (&transform.outcome, left.is_zero()) {
                (RunOutcome::Done, false) => run_cbmc(opts, tracc_args, left, expected),
                (RunOutcome::Done, true) => Run {
                    outcome: RunOutcome::Timeout,
                    ..Run::skipped(tracc_args)
                },
                _ => Run::skipped(tracc_args),
            };
            mode_row(mode, alone, tracc_cbmc, &transform)
        })
        .collect();
    GainRow {
        program: path.display().to_string(),
        expected,
        transform,
        cbmc_args: output_args,
        cbmc_args_from_report,
        modes,
    }
}

fn mode_row(mode: Mode, alone: Run, tracc_cbmc: Run, transform: &Run) -> ModeRow {
    let tracc_seconds = transform.seconds + tracc_cbmc.seconds;
    let tracc_peak_mib = transform.peak_mib.max(tracc_cbmc.peak_mib);
    let ratio = |a: f64, b: f64| (b > 0.0 && a > 0.0).then(|| a / b);
    let ran = !matches!(alone.outcome, RunOutcome::Skipped | RunOutcome::Error { .. })
        && !matches!(tracc_cbmc.outcome, RunOutcome::Skipped | RunOutcome::Error { .. });
    let mut row = ModeRow {
        mode,
        time_ratio: ran.then(|| ratio(tracc_seconds, alone.seconds)).flatten(),
        memory_ratio: ran.then(|| ratio(tracc_peak_mib, alone.peak_mib)).flatten(),
        alone,
        tracc_cbmc,
        tracc_seconds,
        tracc_peak_mib,
        rule: Rule::Neither,
    };
    let (a, t) = row.sides();
    row.rule = never_worse(&a, &t);
    row
}

/// Measure every program on `opts.jobs` threads; `on_done` sees each row
/// as it is finished. Rows come back in the order of `files`.
pub fn run_all(files: &[PathBuf], opts: &GainOptions, on_done: &(dyn Fn(&GainRow) + Sync)) -> Vec<GainRow> {
    measure_all(files, opts.jobs, &|file: &PathBuf| gain_file(file, opts), on_done)
}

/// The totals of one mode.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GainTotals {
    pub programs: u64,
    pub decided_alone: u64,
    pub decided_tracc: u64,
    pub wrong_alone: u64,
    pub wrong_tracc: u64,
    pub kept: u64,
    pub gains: u64,
    pub neither: u64,
    /// Rows that break the rule "never worse".
    pub worse: u64,
    pub seconds_alone: f64,
    /// Transformation and CBMC.
    pub seconds_tracc: f64,
    pub seconds_transform: f64,
    /// Over the rows both sides decide.
    pub both_decided: u64,
    pub geomean_time_ratio: Option<f64>,
    pub geomean_memory_ratio: Option<f64>,
}

fn geomean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp())
}

pub fn totals(rows: &[GainRow], mode: Mode) -> GainTotals {
    let mut t = GainTotals::default();
    let (mut times, mut mems) = (Vec::new(), Vec::new());
    for row in rows {
        let Some(m) = row.modes.iter().find(|m| m.mode == mode) else {
            continue;
        };
        let (a, s) = m.sides();
        t.programs += 1;
        t.decided_alone += u64::from(a.decided.is_some());
        t.decided_tracc += u64::from(s.decided.is_some());
        t.wrong_alone += u64::from(a.wrong);
        t.wrong_tracc += u64::from(s.wrong);
        match m.rule {
            Rule::Kept => t.kept += 1,
            Rule::Gain => t.gains += 1,
            Rule::Neither => t.neither += 1,
            Rule::Worse { .. } => t.worse += 1,
        }
        t.seconds_alone += m.alone.seconds;
        t.seconds_tracc += m.tracc_seconds;
        t.seconds_transform += row.transform.seconds;
        if a.decided.is_some() && s.decided.is_some() {
            t.both_decided += 1;
            times.extend(m.time_ratio);
            mems.extend(m.memory_ratio);
        }
    }
    t.geomean_time_ratio = geomean(&times);
    t.geomean_memory_ratio = geomean(&mems);
    t
}

/// A ratio for the table: `<` where it is at most that (CBMC alone was
/// stopped at a limit), `>` where it is at least that (the tracc side was).
fn ratio_cell(r: Option<f64>, alone: &Run, tracc_finished: bool) -> String {
    match r {
        None => "-".to_string(),
        Some(r) => {
            let bound = match (alone.finished(), tracc_finished) {
                (true, true) => "",
                (false, true) => "<",
                (true, false) => ">",
                (false, false) => return "-".to_string(),
            };
            // Enough digits that a ratio far below 1 is not shown as 0.
            let digits = if r < 0.1 { 3 } else { 2 };
            format!("{bound}{r:.digits$}")
        }
    }
}

/// The gain benchmark as Markdown: settings, a table per mode, totals, and
/// the failures and wrong verdicts spelled out.
pub fn markdown(rows: &[GainRow], opts: &GainOptions) -> String {
    let mut s = String::new();
    let alone_how = match opts.input_unwind {
        Some(k) => format!("`cbmc FILE --unwind {k} --unwinding-assertions`"),
        None => "`cbmc FILE` (every loop unrolled until its condition fails)".to_string(),
    };
    let _ = writeln!(
        s,
        "\n## What a CBMC user gains from tracc\n\nCBMC alone: {alone_how}. tracc + CBMC: `tracc accelerate FILE -o OUT.c`, then `cbmc OUT.c` with the report's `cbmc_args` (else `--unwind 3 --unwinding-assertions`). Each side has {} s and {} MiB; times are wall-clock, memory the sampled peak of the process tree. Never worse: where CBMC alone decides, tracc + CBMC decides the same within max(1.5x, +0.5 s) and max(1.5x, +64 MiB); where it does not, a decision is a gain.",
        opts.timeout.as_secs_f64(),
        opts.memory_limit_mib
    );
    for mode in Mode::ALL {
        let _ = write!(
            s,
            "\n### {}\n\n| program | expected | CBMC alone | s | MiB | tracc + CBMC | transform s | CBMC s | total s | MiB | time x | mem x | never worse |\n|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---|\n",
            mode.title()
        );
        for row in rows {
            let Some(m) = row.modes.iter().find(|m| m.mode == mode) else {
                continue;
            };
            let tracc_finished = row.transform.finished() && m.tracc_cbmc.finished();
            let _ = writeln!(
                s,
                "| {} | {} | {} | {:.2} | {:.0} | {} | {:.2} | {:.2} | {:.2} | {:.0} | {} | {} | {} |",
                row.file_name(),
                row.expected.map_or("?", Verdict::as_str),
                m.alone.cell(),
                m.alone.seconds,
                m.alone.peak_mib,
                match row.transform.outcome {
                    RunOutcome::Done => m.tracc_cbmc.cell(),
                    _ => format!("tracc {}", row.transform.cell()),
                },
                row.transform.seconds,
                m.tracc_cbmc.seconds,
                m.tracc_seconds,
                m.tracc_peak_mib,
                ratio_cell(m.time_ratio, &m.alone, tracc_finished),
                ratio_cell(m.memory_ratio, &m.alone, tracc_finished),
                m.rule.cell(),
            );
        }
    }
    let _ = write!(
        s,
        "\n### Totals\n\nDecided: SAFE or UNSAFE and not wrong. Ratios: tracc + CBMC over CBMC alone, geometric mean over the rows both decide (how many).\n\n| checks | programs | decided alone | decided tracc + CBMC | wrong alone / tracc | ok | gains | worse | s alone | s tracc + CBMC (transform) | time x | mem x |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for mode in Mode::ALL {
        let t = totals(rows, mode);
        let g = |r: Option<f64>| r.map_or_else(|| "-".to_string(), |r| format!("{r:.2} ({})", t.both_decided));
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} / {} | {} | {} | {} | {:.1} | {:.1} ({:.1}) | {} | {} |",
            mode.short(),
            t.programs,
            t.decided_alone,
            t.decided_tracc,
            t.wrong_alone,
            t.wrong_tracc,
            t.kept,
            t.gains,
            t.worse,
            t.seconds_alone,
            t.seconds_tracc,
            t.seconds_transform,
            g(t.geomean_time_ratio),
            g(t.geomean_memory_ratio),
        );
    }
    // Which arguments CBMC got on tracc's output, and how often.
    let mut arg_sets: Vec<(String, bool, u64)> = Vec::new();
    for row in rows.iter().filter(|r| r.transform.outcome == RunOutcome::Done) {
        let text = if row.cbmc_args.is_empty() {
            "(none)".to_string()
        } else {
            row.cbmc_args.join(" ")
        };
        match arg_sets
            .iter_mut()
            .find(|(t, r, _)| *t == text && *r == row.cbmc_args_from_report)
        {
            Some(e) => e.2 += 1,
            None => arg_sets.push((text, row.cbmc_args_from_report, 1)),
        }
    }
    if !arg_sets.is_empty() {
        let _ = writeln!(
            s,
            "\nCBMC on tracc's output (default checks; `--no-standard-checks` added in the other mode):\n"
        );
        for (text, from_report, n) in arg_sets {
            let from = if from_report {
                "from the report"
            } else {
                "default: no `cbmc_args` in the report"
            };
            let plural = if n == 1 { "" } else { "s" };
            let _ = writeln!(s, "- `{text}` ({from}): {n} program{plural}");
        }
    }
    let problems = problems(rows);
    if !problems.is_empty() {
        let _ = writeln!(s, "\nWrong verdicts and failures:\n");
        for p in problems {
            let _ = writeln!(s, "- {p}");
        }
    }
    s
}

/// One line per verdict that contradicts the expectation.
pub fn wrong_verdicts(rows: &[GainRow]) -> Vec<String> {
    let mut v = Vec::new();
    for row in rows {
        for m in &row.modes {
            for (who, run) in [("CBMC alone", &m.alone), ("tracc + CBMC", &m.tracc_cbmc)] {
                if let RunOutcome::Verdict { verdict, wrong: true } = &run.outcome {
                    v.push(format!(
                        "WRONG: {} ({}): {who} says {verdict}, expected {}",
                        row.file_name(),
                        m.mode.short(),
                        row.expected.map_or("?", Verdict::as_str)
                    ));
                }
            }
        }
    }
    v
}

/// One line per wrong verdict (loudly) and per failed run.
pub fn problems(rows: &[GainRow]) -> Vec<String> {
    let mut v: Vec<String> = wrong_verdicts(rows).into_iter().map(|w| format!("**{w}**")).collect();
    for row in rows {
        let name = row.file_name();
        if let RunOutcome::Error { message } = &row.transform.outcome {
            v.push(format!("{name}: tracc accelerate failed: {message}"));
        }
        for m in &row.modes {
            for (who, run) in [("CBMC alone", &m.alone), ("tracc + CBMC", &m.tracc_cbmc)] {
                if let RunOutcome::Error { message } = &run.outcome {
                    v.push(format!("{name} ({}): {who} failed: {message}", m.mode.short()));
                }
            }
        }
    }
    v
}

/// The gain benchmark as JSON: settings, rows and totals per mode.
pub fn json(rows: &[GainRow], opts: &GainOptions) -> Value {
    serde_json::json!({
        "cbmc": opts.cbmc.display().to_string(),
        "tracc": opts.tracc.display().to_string(),
        "timeout_s": opts.timeout.as_secs_f64(),
        "memory_limit_mib": opts.memory_limit_mib,
        "input_unwind": opts.input_unwind,
        "jobs": opts.jobs,
        "rows": rows,
        "totals": {
            "default_checks": totals(rows, Mode::DefaultChecks),
            "no_standard_checks": totals(rows, Mode::NoStandardChecks),
        },
    })
}
