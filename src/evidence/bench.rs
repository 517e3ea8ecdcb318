//! The benchmark report (`tracc bench`).
//!
//! In: C programs and a `tracc` executable (normally the running one).
//! Out: one [`Row`] per program: its expected verdict (`super::expect`),
//! the verdict and time of the reference checker on the input at a large
//! bound (default 100), on the acceleration-only output and on the
//! restricted output at a small bound (default 3), optionally CBMC's on the
//! restricted output, the transformation time, the size increase of the
//! restricted over the acceleration-only output and the automaton states;
//! then the table in Markdown with totals per group like Table 2 of the
//! paper, and the same as JSON.
//!
//! Every step runs as a child process with a wall-clock limit, so a
//! program that makes the checker (or CBMC) run away becomes `T/O` and the
//! other programs go on; programs run on several threads.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use super::expect::{Verdict, expectation_of, expected_verdict};
use crate::ir::DataModel;
// Each step's whole process tree is killed at the limit: CBMC's `bin/cbmc`
// is a wrapper around a child that would otherwise run on.
use super::measure::{measure_all, run_limited};
// Callers (the tests) read CBMC's output through the benchmark.
pub use super::cbmc::cbmc_verdict;

/// How the report is produced.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// The `tracc` executable whose `accelerate` and `check` are measured.
    pub tracc: PathBuf,
    /// A CBMC executable, for the side-by-side column.
    pub cbmc: Option<PathBuf>,
    /// Wall-clock limit per step and program.
    pub timeout: Duration,
    /// `--unwind` for the untransformed input.
    pub input_unwind: u32,
    /// `--unwind` for the transformed outputs.
    pub unwind: u32,
    pub jobs: usize,
}

/// What one checker run said.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Outcome {
    Verdict {
        verdict: &'static str,
        seconds: f64,
    },
    Timeout {
        seconds: f64,
    },
    /// The tool refused the program or failed; the first line of its message.
    Error {
        message: String,
    },
    /// The step was not run (an earlier step failed).
    Skipped,
}

impl Outcome {
    fn verdict(&self) -> Option<&'static str> {
        match self {
            Outcome::Verdict { verdict, .. } => Some(verdict),
            _ => None,
        }
    }

    fn seconds(&self) -> f64 {
        match self {
            Outcome::Verdict { seconds, .. } | Outcome::Timeout { seconds } => *seconds,
            _ => 0.0,
        }
    }

    /// Right, wrong, or no verdict, against the expectation.
    fn grade(&self, expected: Option<Verdict>) -> Grade {
        match (self.verdict(), expected) {
            (Some(v @ ("SAFE" | "UNSAFE")), Some(e)) if v == e.as_str() => Grade::Correct,
            (Some("SAFE" | "UNSAFE"), Some(_)) => Grade::Wrong,
            _ => Grade::NoVerdict,
        }
    }

    fn cell(&self, expected: Option<Verdict>) -> String {
        let mark = if self.grade(expected) == Grade::Wrong {
            " (wrong)"
        } else {
            ""
        };
        match self {
            Outcome::Verdict { verdict, seconds } => format!("{verdict}{mark} {seconds:.2}s"),
            Outcome::Timeout { .. } => "T/O".to_string(),
            Outcome::Error { .. } => "error".to_string(),
            Outcome::Skipped => "-".to_string(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Grade {
    Correct,
    Wrong,
    NoVerdict,
}

/// One program's line of the report.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub program: String,
    pub group: String,
    pub expected: Option<Verdict>,
    pub input: Outcome,
    pub accel_only: Outcome,
    pub restricted: Outcome,
    pub cbmc: Option<Outcome>,
    /// `tracc accelerate` in-process time (excluding process start).
    pub transform_ms: Option<f64>,
    pub accelerated_loops: u64,
    /// Bytes of the restricted output over the acceleration-only output, in percent.
    pub size_increase_percent: Option<f64>,
    /// Automaton states summed over the loops: after tracc's minimisation,
    /// and of regex-automata's DFA before minimisation.
    pub dfa_states: Option<u64>,
    pub dfa_states_unminimised: Option<u64>,
    /// Reason codes (`reason::Reason::code`) of the loops left alone, once
    /// per loop and code.
    pub loop_reasons: Vec<String>,
    /// Reason codes of the iteration paths left alone in loops that were
    /// listed, once per loop and code.
    pub path_reasons: Vec<String>,
}

impl Row {
    /// The program's file name, for tables and progress.
    pub fn file_name(&self) -> String {
        Path::new(&self.program)
            .file_name()
            .map_or_else(|| self.program.clone(), |n| n.to_string_lossy().into_owned())
    }
}

fn first_error_line(stdout: &str, stderr: &str) -> String {
    stderr
        .lines()
        .chain(stdout.lines())
        .find(|l| !l.trim().is_empty())
        .unwrap_or("no message")
        .trim()
        .to_string()
}

/// The flag that selects `model` for `tracc` and CBMC (none for LP64).
fn model_flag(model: DataModel) -> &'static [&'static str] {
    match model {
        DataModel::Lp64 => &[],
        DataModel::Ilp32 => &["--32"],
    }
}

/// `tracc check FILE --unwind K --no-standard-checks [--unwindset S]`:
/// exit codes 0 / 10 / 20 are the verdicts. Without the standard checks,
/// as the expected verdicts of the fixtures are stated (their assertions,
/// signed arithmetic wrapping).
fn tracc_check(opts: &BenchOptions, file: &Path, model: DataModel, unwind: u32, unwindset: Option<&str>) -> Outcome {
    let mut cmd = Command::new(&opts.tracc);
    cmd.arg("--color=never")
        .arg("check")
        .arg(file)
        .arg("--unwind")
        .arg(unwind.to_string())
        .arg("--no-standard-checks")
        .args(model_flag(model));
    if let Some(set) = unwindset {
        cmd.arg("--unwindset").arg(set);
    }
    match run_limited(cmd, opts.timeout) {
        Err(message) => Outcome::Error { message },
        Ok((None, _, _, seconds)) => Outcome::Timeout { seconds },
        Ok((Some(code), out, err, seconds)) => match code {
            0 => Outcome::Verdict {
                verdict: "SAFE",
                seconds,
            },
            10 => Outcome::Verdict {
                verdict: "UNSAFE",
                seconds,
            },
            20 => Outcome::Verdict {
                verdict: "UNKNOWN",
                seconds,
            },
            _ => Outcome::Error {
                message: first_error_line(&out, &err),
            },
        },
    }
}

fn cbmc_check(cbmc: &Path, file: &Path, model: DataModel, opts: &BenchOptions, unwindset: Option<&str>) -> Outcome {
    let mut cmd = Command::new(cbmc);
    cmd.arg(file)
        .args(model_flag(model))
        .arg("--unwind")
        .arg(opts.unwind.to_string())
        .arg("--unwinding-assertions");
    if let Some(set) = unwindset {
        cmd.arg("--unwindset").arg(set);
    }
    match run_limited(cmd, opts.timeout) {
        Err(message) => Outcome::Error { message },
        Ok((None, _, _, seconds)) => Outcome::Timeout { seconds },
        Ok((Some(code), out, err, seconds)) => match cbmc_verdict(code, &out) {
            Some(verdict) => Outcome::Verdict { verdict, seconds },
            None => Outcome::Error {
                message: format!("exit {code}: {}", first_error_line(&out, &err)),
            },
        },
    }
}

/// The `--unwindset` of the `cbmc_args` in a `tracc accelerate` report.
fn unwindset_of(report: &Path) -> Option<String> {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(report).ok()?).ok()?;
    let args = v.get("files")?.get(0)?.get("cbmc_args")?.as_array()?;
    let at = args.iter().position(|a| a.as_str() == Some("--unwindset"))?;
    args.get(at + 1)?.as_str().map(str::to_string)
}

/// What `tracc accelerate --report json` says about one file.
struct Transformed {
    time_ms: Option<f64>,
    accelerated_loops: u64,
    size_increase_percent: Option<f64>,
    dfa_states: Option<u64>,
    dfa_states_unminimised: Option<u64>,
    loop_reasons: Vec<String>,
    path_reasons: Vec<String>,
}

/// The distinct `reason_codes` of `items` (loops or paths of one loop).
fn codes_of<'a>(items: impl IntoIterator<Item = &'a Value>) -> Vec<String> {
    let mut codes: Vec<String> = items
        .into_iter()
        .filter_map(|v| v.get("reason_codes").and_then(Value::as_array))
        .flatten()
        .filter_map(|c| c.as_str().map(str::to_string))
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

fn read_report(path: &Path) -> Option<Transformed> {
    let text = std::fs::read_to_string(path).ok()?;
    let v: Value = serde_json::from_str(&text).ok()?;
    let file = v.get("files")?.get(0)?;
    let report = file.get("report")?;
    let loops = report
        .get("loops")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let automata: Vec<&Value> = loops
        .iter()
        .filter_map(|l| l.get("automaton"))
        .filter(|a| a.is_object())
        .collect();
    let sum = |key: &str| {
        (!automata.is_empty()).then(|| automata.iter().filter_map(|a| a.get(key).and_then(Value::as_u64)).sum())
    };
    let size = report.get("size");
    let bytes = |key: &str| size.and_then(|s| s.get(key)).and_then(Value::as_f64);
    let accelerated_loops = loops
        .iter()
        .filter(|l| l.get("accelerated").and_then(Value::as_bool) == Some(true))
        .count() as u64;
    let size_increase_percent = match (bytes("output_bytes"), bytes("accelerated_bytes")) {
        (Some(out), Some(acc)) if accelerated_loops > 0 && acc > 0.0 => Some((out - acc) / acc * 100.0),
        _ => None,
    };
    let paths_of = |l: &Value| l.get("paths").and_then(Value::as_array).cloned().unwrap_or_default();
    Some(Transformed {
        time_ms: file.get("time_ms").and_then(Value::as_f64),
        accelerated_loops,
        size_increase_percent,
        dfa_states: sum("states"),
        dfa_states_unminimised: sum("states_regex_unminimised"),
        loop_reasons: loops.iter().flat_map(|l| codes_of([l])).collect(),
        path_reasons: loops.iter().flat_map(|l| codes_of(paths_of(l).iter())).collect(),
    })
}

/// `tracc accelerate` into `out`, restricted or acceleration-only
/// (`--no-restrict`), with its JSON report in `report`.
fn transform(
    opts: &BenchOptions,
    file: &Path,
    model: DataModel,
    out: &Path,
    report: &Path,
    restrict: bool,
) -> Result<(), Outcome> {
    let mut cmd = Command::new(&opts.tracc);
    cmd.arg("--color=never")
        .arg("accelerate")
        .args(model_flag(model))
        .arg(file)
        .arg("-q")
        .arg("-o")
        .arg(out)
        .arg("--report-file")
        .arg(report);
    if !restrict {
        cmd.arg("--no-restrict");
    }
    match run_limited(cmd, opts.timeout) {
        Err(message) => Err(Outcome::Error { message }),
        Ok((None, _, _, seconds)) => Err(Outcome::Timeout { seconds }),
        Ok((Some(0), ..)) => Ok(()),
        Ok((Some(_), out, err, _)) => Err(Outcome::Error {
            message: first_error_line(&out, &err),
        }),
    }
}

/// The group a program is totalled in: its directory and expected verdict.
fn group_of(path: &Path, expected: Option<Verdict>) -> String {
    let dir = path
        .parent()
        .and_then(|d| d.file_name())
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_else(|| ".".to_string());
    let what = match expected {
        Some(Verdict::Safe) => "safe",
        Some(Verdict::Unsafe) => "unsafe",
        None => "unlabelled",
    };
    format!("{dir}/{what}")
}

/// Measure one program.
pub fn bench_file(path: &Path, opts: &BenchOptions) -> Row {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let expected = expected_verdict(path, &text);
    // A fixture of another data model (`model=32`) is read and checked in it.
    let model = expectation_of(&text).map_or(DataModel::Lp64, |e| e.model);
    let mut row = Row {
        program: path.display().to_string(),
        group: group_of(path, expected),
        expected,
        input: tracc_check(opts, path, model, opts.input_unwind, None),
        accel_only: Outcome::Skipped,
        restricted: Outcome::Skipped,
        cbmc: opts.cbmc.as_ref().map(|_| Outcome::Skipped),
        transform_ms: None,
        accelerated_loops: 0,
        size_increase_percent: None,
        dfa_states: None,
        dfa_states_unminimised: None,
        loop_reasons: Vec::new(),
        path_reasons: Vec::new(),
    };
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            row.restricted = Outcome::Error {
                message: format!("temporary directory: {e}"),
            };
            return row;
        }
    };
    let accel_file = dir.path().join("accelerated.c");
    let restricted_file = dir.path().join("restricted.c");
    let accel_report = dir.path().join("accelerated.json");
    let report = dir.path().join("report.json");
    if let Err(o) = transform(opts, path, model, &accel_file, &accel_report, false) {
        row.accel_only = o;
    } else {
        let set = unwindset_of(&accel_report);
        row.accel_only = tracc_check(opts, &accel_file, model, opts.unwind, set.as_deref());
    }
    match transform(opts, path, model, &restricted_file, &report, true) {
        Err(o) => row.restricted = o,
        Ok(()) => {
            if let Some(t) = read_report(&report) {
                row.transform_ms = t.time_ms;
                row.accelerated_loops = t.accelerated_loops;
                row.size_increase_percent = t.size_increase_percent;
                row.dfa_states = t.dfa_states;
                row.dfa_states_unminimised = t.dfa_states_unminimised;
                row.loop_reasons = t.loop_reasons;
                row.path_reasons = t.path_reasons;
            }
            // Loops left to unrolling are unwound through their trip
            // count, as the user is told to.
            let set = unwindset_of(&report);
            row.restricted = tracc_check(opts, &restricted_file, model, opts.unwind, set.as_deref());
            if let Some(cbmc) = &opts.cbmc {
                row.cbmc = Some(cbmc_check(cbmc, &restricted_file, model, opts, set.as_deref()));
            }
        }
    }
    row
}

/// Measure every program on `opts.jobs` threads; `on_done` sees each row
/// as it is finished. Rows come back in the order of `files`.
pub fn run_all(files: &[PathBuf], opts: &BenchOptions, on_done: &(dyn Fn(&Row) + Sync)) -> Vec<Row> {
    measure_all(files, opts.jobs, &|file: &PathBuf| bench_file(file, opts), on_done)
}

/// Correct / wrong / no verdict and time for one column over a group.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ColumnTotals {
    pub correct: u64,
    pub wrong: u64,
    pub no_verdict: u64,
    pub timeouts: u64,
    pub seconds: f64,
}

impl ColumnTotals {
    fn add(&mut self, o: &Outcome, expected: Option<Verdict>) {
        match o.grade(expected) {
            Grade::Correct => self.correct += 1,
            Grade::Wrong => self.wrong += 1,
            Grade::NoVerdict => self.no_verdict += 1,
        }
        self.timeouts += u64::from(matches!(o, Outcome::Timeout { .. }));
        self.seconds += o.seconds();
    }

    fn cell(&self) -> String {
        format!(
            "{} / {} / {} ({:.1}s)",
            self.correct, self.wrong, self.no_verdict, self.seconds
        )
    }
}

/// The totals of one group (and of everything, under `all`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct GroupTotals {
    pub programs: u64,
    pub input: ColumnTotals,
    pub accel_only: ColumnTotals,
    pub restricted: ColumnTotals,
    pub cbmc: Option<ColumnTotals>,
    pub transform_ms: f64,
    /// The programs that were transformed (that have a size increase).
    pub transformed: u64,
    /// The mean of their size increases (restricted output against the
    /// acceleration-only output), in percent.
    pub mean_size_increase_percent: Option<f64>,
}

pub fn totals(rows: &[Row]) -> BTreeMap<String, GroupTotals> {
    let mut groups: BTreeMap<String, GroupTotals> = BTreeMap::new();
    for row in rows {
        for key in [row.group.clone(), "all".to_string()] {
            let g = groups.entry(key).or_default();
            g.programs += 1;
            g.input.add(&row.input, row.expected);
            g.accel_only.add(&row.accel_only, row.expected);
            g.restricted.add(&row.restricted, row.expected);
            if let Some(c) = &row.cbmc {
                g.cbmc.get_or_insert_with(ColumnTotals::default).add(c, row.expected);
            }
            g.transform_ms += row.transform_ms.unwrap_or(0.0);
            if let Some(p) = row.size_increase_percent {
                g.transformed += 1;
                // The sum, until it is divided below.
                *g.mean_size_increase_percent.get_or_insert(0.0) += p;
            }
        }
    }
    for g in groups.values_mut() {
        if let Some(sum) = &mut g.mean_size_increase_percent {
            *sum /= g.transformed as f64;
        }
    }
    groups
}

/// Per reason code: how many loops it keeps from being accelerated, and in
/// how many loops it keeps some iteration path from it; most loops first.
pub fn reason_counts(rows: &[Row]) -> Vec<(String, u64, u64)> {
    let mut counts: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for r in rows {
        for c in &r.loop_reasons {
            counts.entry(c.clone()).or_default().0 += 1;
        }
        for c in &r.path_reasons {
            counts.entry(c.clone()).or_default().1 += 1;
        }
    }
    let mut v: Vec<(String, u64, u64)> = counts.into_iter().map(|(c, (l, p))| (c, l, p)).collect();
    v.sort_by(|a, b| (b.1, b.2).cmp(&(a.1, a.2)).then_with(|| a.0.cmp(&b.0)));
    v
}

/// The report as Markdown: settings, one row per program, totals per group.
pub fn markdown(rows: &[Row], opts: &BenchOptions) -> String {
    let cbmc = opts.cbmc.is_some();
    let (iu, u) = (opts.input_unwind, opts.unwind);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Verdicts of `tracc check` (the reference checker); time limit {} s per step.\n",
        opts.timeout.as_secs()
    );
    // The CBMC column's header and rule, empty without CBMC.
    let (cbmc_head, cbmc_rule) = if cbmc {
        (format!(" CBMC restricted @{u} |"), "---|")
    } else {
        (String::new(), "")
    };
    let _ = write!(
        s,
        "| program | expected | input @{iu} | accel-only @{u} | restricted @{u} |{cbmc_head} transform ms | size +% | DFA states (min/unmin) |\n|---|---|---|---|---|{cbmc_rule}---:|---:|---:|\n",
    );
    for r in rows {
        let name = r.file_name();
        let e = r.expected;
        let _ = writeln!(
            s,
            "| {name} | {} | {} | {} | {} |{} {} | {} | {} |",
            r.expected.map_or("?", Verdict::as_str),
            r.input.cell(e),
            r.accel_only.cell(e),
            r.restricted.cell(e),
            match &r.cbmc {
                Some(c) => format!(" {} |", c.cell(e)),
                None => String::new(),
            },
            r.transform_ms.map(|t| format!("{t:.1}")).unwrap_or_else(|| "-".into()),
            r.size_increase_percent
                .map(|p| format!("{p:+.0}"))
                .unwrap_or_else(|| "-".into()),
            match (r.dfa_states, r.dfa_states_unminimised) {
                (Some(a), Some(b)) => format!("{a}/{b}"),
                _ => "-".into(),
            },
        );
    }
    let _ = write!(
        s,
        "\nTotals: correct / wrong / no verdict (total time); size: the mean increase over the programs transformed (how many).\n\n| group | programs | input @{iu} | accel-only @{u} | restricted @{u} |{cbmc_head} transform ms | size +% |\n|---|---:|---|---|---|{cbmc_rule}---:|---:|\n",
    );
    for (name, g) in totals(rows) {
        let _ = writeln!(
            s,
            "| {name} | {} | {} | {} | {} |{} {:.0} | {} |",
            g.programs,
            g.input.cell(),
            g.accel_only.cell(),
            g.restricted.cell(),
            match &g.cbmc {
                Some(c) => format!(" {} |", c.cell()),
                None => String::new(),
            },
            g.transform_ms,
            g.mean_size_increase_percent
                .map(|m| format!("{m:+.2} ({})", g.transformed))
                .unwrap_or_else(|| "-".into()),
        );
    }
    let reasons = reason_counts(rows);
    if !reasons.is_empty() {
        let _ = write!(
            s,
            "\nWhy loops and paths are left alone (`tracc explain` says it per loop).\n\n| reason | loops | loops with such a path |\n|---|---:|---:|\n"
        );
        for (code, loops, paths) in reasons {
            let _ = writeln!(s, "| {code} | {loops} | {paths} |");
        }
    }
    s
}

/// The report as JSON: settings, rows and totals.
pub fn json(rows: &[Row], opts: &BenchOptions) -> Value {
    serde_json::json!({
        "timeout_s": opts.timeout.as_secs_f64(),
        "input_unwind": opts.input_unwind,
        "unwind": opts.unwind,
        "jobs": opts.jobs,
        "cbmc": opts.cbmc.as_ref().map(|p| p.display().to_string()),
        "rows": rows,
        "totals": totals(rows),
        "reasons": reason_counts(rows)
            .into_iter()
            .map(|(code, loops, paths)| serde_json::json!({"reason": code, "loops": loops, "paths": paths}))
            .collect::<Vec<_>>(),
    })
}

/// The `.c` files directly inside each directory (sorted), and files given
/// directly.
pub fn collect_programs(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let mut here: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "c") && f.is_file())
                .collect();
            here.sort();
            files.extend(here);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    Ok(files)
}
