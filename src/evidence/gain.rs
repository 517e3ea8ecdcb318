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
//! Every run is a child process under a wall-clock and a memory limit; its
//! whole process tree is sampled from /proc (CBMC's `bin/cbmc` may be a
//! wrapper script, and CBMC runs the preprocessor as a child) and killed
//! at either limit, so one run away program costs one limit and the others
//! go on.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;
use wait_timeout::ChildExt;

use super::bench::cbmc_verdict;
use super::expect::{Verdict, expected_verdict};

/// How often the memory of the known processes of a run is sampled: a
/// sample costs a read of /proc/PID/status each, and what grows after the
/// last sample of a run is lost (its high-water mark goes with it), so the
/// interval is short against runs of a tenth of a second.
const SAMPLE_EVERY: Duration = Duration::from_millis(5);

/// Every how many samples /proc is scanned for new processes of the tree
/// (reading the parent of every process costs more than a sample).
const RESCAN_EVERY: u32 = 4;

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

/// The two ways a user runs CBMC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    DefaultChecks,
    NoStandardChecks,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::DefaultChecks, Mode::NoStandardChecks];

    fn title(self) -> &'static str {
        match self {
            Mode::DefaultChecks => "CBMC's default checks",
            Mode::NoStandardChecks => "`--no-standard-checks`",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Mode::DefaultChecks => "default",
            Mode::NoStandardChecks => "--no-standard-checks",
        }
    }

    /// `args` with what this mode adds.
    fn with(self, args: &[String]) -> Vec<String> {
        let mut v = args.to_vec();
        if self == Mode::NoStandardChecks && !v.iter().any(|a| a == "--no-standard-checks") {
            v.push("--no-standard-checks".to_string());
        }
        v
    }
}

/// How one run ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RunOutcome {
    /// CBMC's verdict (SAFE, UNSAFE or UNKNOWN); `wrong` when it is SAFE
    /// or UNSAFE and the expected verdict is the other one.
    Verdict {
        verdict: &'static str,
        wrong: bool,
    },
    /// `tracc accelerate` wrote its output.
    Done,
    Timeout,
    OutOfMemory,
    /// The tool failed or refused; the first line that says why.
    Error {
        message: String,
    },
    /// Not run: the step before it failed.
    Skipped,
}

/// One child process: what it was given and how it went.
#[derive(Clone, Debug, Serialize)]
pub struct Run {
    /// The arguments after the executable.
    pub args: Vec<String>,
    #[serde(flatten)]
    pub outcome: RunOutcome,
    pub seconds: f64,
    /// The peak resident memory of the process tree, as sampled.
    pub peak_mib: f64,
}

impl Run {
    fn skipped(args: Vec<String>) -> Run {
        Run {
            args,
            outcome: RunOutcome::Skipped,
            seconds: 0.0,
            peak_mib: 0.0,
        }
    }

    /// SAFE or UNSAFE, right or without an expectation: a verdict a user
    /// can act on.
    fn decided(&self) -> Option<&'static str> {
        match self.outcome {
            RunOutcome::Verdict { verdict, wrong: false } if verdict != "UNKNOWN" => Some(verdict),
            _ => None,
        }
    }

    fn wrong(&self) -> bool {
        matches!(self.outcome, RunOutcome::Verdict { wrong: true, .. })
    }

    /// Whether the run stopped by itself (so its time and memory are its
    /// own, not a limit's).
    fn finished(&self) -> bool {
        matches!(
            self.outcome,
            RunOutcome::Verdict { .. } | RunOutcome::Done | RunOutcome::Error { .. }
        )
    }

    fn cell(&self) -> String {
        match &self.outcome {
            RunOutcome::Verdict { verdict, wrong: true } => format!("**WRONG: {verdict}**"),
            RunOutcome::Verdict { verdict, .. } => verdict.to_string(),
            RunOutcome::Done => "done".to_string(),
            RunOutcome::Timeout => "T/O".to_string(),
            RunOutcome::OutOfMemory => "OOM".to_string(),
            RunOutcome::Error { .. } => "error".to_string(),
            RunOutcome::Skipped => "-".to_string(),
        }
    }
}

/// One side of a row, as the rule sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// SAFE or UNSAFE, not contradicting the expectation.
    pub decided: Option<&'static str>,
    /// A SAFE or UNSAFE that contradicts the expectation.
    pub wrong: bool,
    pub seconds: f64,
    pub peak_mib: f64,
}

/// Whether tracc + CBMC is never worse than CBMC alone on one program.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Rule {
    /// Both decide, tracc + CBMC within the margins of time and memory.
    Kept,
    /// CBMC alone does not decide; tracc + CBMC does.
    Gain,
    /// Neither decides.
    Neither,
    /// The rule is broken: `wrong`, `undecided`, `disagree`, `time`, `memory`.
    Worse { reasons: Vec<&'static str> },
}

impl Rule {
    fn cell(&self) -> String {
        match self {
            Rule::Kept => "ok".to_string(),
            Rule::Gain => "gain".to_string(),
            Rule::Neither => "-".to_string(),
            Rule::Worse { reasons } => format!("**WORSE: {}**", reasons.join(", ")),
        }
    }
}

/// The rule "never worse": where CBMC alone decides, tracc + CBMC decides
/// too, the same way, in time <= max(1.5 x alone, alone + 0.5 s) and
/// peak memory <= max(1.5 x alone, alone + 64 MiB); where CBMC alone does
/// not decide, a decision by tracc + CBMC is a gain. A wrong verdict of
/// tracc + CBMC breaks the rule whatever CBMC alone says. The margins
/// absorb the noise of short runs and of process start.
pub fn never_worse(alone: &Side, tracc: &Side) -> Rule {
    if tracc.wrong {
        return Rule::Worse { reasons: vec!["wrong"] };
    }
    match (alone.decided, tracc.decided) {
        (Some(a), Some(t)) => {
            let mut reasons = Vec::new();
            if a != t {
                reasons.push("disagree");
            }
            if tracc.seconds > (1.5 * alone.seconds).max(alone.seconds + 0.5) {
                reasons.push("time");
            }
            if tracc.peak_mib > (1.5 * alone.peak_mib).max(alone.peak_mib + 64.0) {
                reasons.push("memory");
            }
            if reasons.is_empty() {
                Rule::Kept
            } else {
                Rule::Worse { reasons }
            }
        }
        (Some(_), None) => Rule::Worse {
            reasons: vec!["undecided"],
        },
        (None, Some(_)) => Rule::Gain,
        (None, None) => Rule::Neither,
    }
}

/// One program under one mode.
#[derive(Clone, Debug, Serialize)]
pub struct ModeRow {
    pub mode: Mode,
    pub alone: Run,
    /// CBMC on tracc's output.
    pub tracc_cbmc: Run,
    /// The tracc side: the transformation and then CBMC.
    pub tracc_seconds: f64,
    pub tracc_peak_mib: f64,
    /// tracc side over CBMC alone. Where a side was stopped at a limit its
    /// figure is the limit's, so the ratio is a bound, not a measurement.
    pub time_ratio: Option<f64>,
    pub memory_ratio: Option<f64>,
    #[serde(flatten)]
    pub rule: Rule,
}

impl ModeRow {
    fn sides(&self) -> (Side, Side) {
        let alone = Side {
            decided: self.alone.decided(),
            wrong: self.alone.wrong(),
            seconds: self.alone.seconds,
            peak_mib: self.alone.peak_mib,
        };
        let tracc = Side {
            decided: self.tracc_cbmc.decided(),
            wrong: self.tracc_cbmc.wrong(),
            seconds: self.tracc_seconds,
            peak_mib: self.tracc_peak_mib,
        };
        (alone, tracc)
    }
}

/// One program's measurements.
#[derive(Clone, Debug, Serialize)]
pub struct GainRow {
    pub program: String,
    pub expected: Option<Verdict>,
    /// `tracc accelerate`, shared by both modes (its output does not depend
    /// on CBMC's checks).
    pub transform: Run,
    /// The arguments of CBMC after tracc's output, with default checks:
    /// the report's `cbmc_args`, else `--unwind 3 --unwinding-assertions`.
    pub cbmc_args: Vec<String>,
    pub cbmc_args_from_report: bool,
    pub modes: Vec<ModeRow>,
}

impl GainRow {
    pub fn file_name(&self) -> String {
        Path::new(&self.program)
            .file_name()
            .map_or_else(|| self.program.clone(), |n| n.to_string_lossy().into_owned())
    }
}

/// How a measured process ended.
enum End {
    Exited(ExitStatus),
    Timeout,
    OutOfMemory,
}

struct Finished {
    end: End,
    stdout: String,
    stderr: String,
    seconds: f64,
    peak_mib: f64,
}

/// The parent of `pid`, from /proc/PID/stat.
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in parentheses, may itself contain spaces and
    // parentheses: the fields after it are "state ppid ...".
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// `root` and its descendants, from the parent links in /proc (only
/// `root` where there is no /proc).
fn process_tree(root: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return vec![root];
    };
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for e in entries.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        if let Some(ppid) = parent_of(pid) {
            children.entry(ppid).or_default().push(pid);
        }
    }
    let mut tree = vec![root];
    let mut seen: HashSet<u32> = tree.iter().copied().collect();
    let mut i = 0;
    while let Some(&p) = tree.get(i) {
        for &c in children.get(&p).map_or(&[][..], Vec::as_slice) {
            if seen.insert(c) {
                tree.push(c);
            }
        }
        i += 1;
    }
    tree
}

/// Current and peak resident memory of one process, in KiB (VmRSS and
/// VmHWM of /proc/PID/status); none once it has exited.
fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:").unwrap_or(0)))
}

/// Kill `child` and all its descendants, and reap `child`.
fn kill_tree(child: &mut Child) {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process};
        let send = |pid: u32, sig: Signal| {
            if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
                let _ = kill_process(pid, sig);
            }
        };
        // Stop the tree first, until no new process turns up: a stopped
        // process starts no other, and a child killed before its parent
        // would lose its link to the tree.
        let mut stopped: Vec<u32> = Vec::new();
        for _ in 0..10 {
            let new: Vec<u32> = process_tree(child.id())
                .into_iter()
                .filter(|p| !stopped.contains(p))
                .collect();
            if new.is_empty() {
                break;
            }
            for &p in &new {
                send(p, Signal::STOP);
            }
            stopped.extend(new);
        }
        for &p in &stopped {
            send(p, Signal::KILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// `run_measured` without a memory limit: the exit code (None at the time
/// limit or on a signal), stdout, stderr and the seconds taken.
pub(super) fn run_limited(cmd: Command, limit: Duration) -> Result<(Option<i32>, String, String, f64), String> {
    let f = run_measured(cmd, limit, u64::MAX / 1024)?;
    let code = match f.end {
        End::Exited(status) => status.code(),
        End::Timeout | End::OutOfMemory => None,
    };
    Ok((code, f.stdout, f.stderr, f.seconds))
}

/// Run `cmd` with stdout and stderr into files (large outputs cannot block
/// the child), sampling the memory of its process tree, and kill the tree
/// at the wall-clock limit or when its resident memory passes the limit.
fn run_measured(mut cmd: Command, time_limit: Duration, memory_limit_mib: u64) -> Result<Finished, String> {
    let out = tempfile::tempfile().map_err(|e| format!("temporary file: {e}"))?;
    let err = tempfile::tempfile().map_err(|e| format!("temporary file: {e}"))?;
    let out_read = out.try_clone().map_err(|e| e.to_string())?;
    let err_read = err.try_clone().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let limit_kib = memory_limit_mib.saturating_mul(1024);
    let mut peak_kib = 0u64;
    let mut tree = vec![child.id()];
    let mut samples = 0u32;
    let end = loop {
        let left = time_limit.saturating_sub(start.elapsed());
        if left.is_zero() {
            kill_tree(&mut child);
            break End::Timeout;
        }
        match child.wait_timeout(left.min(SAMPLE_EVERY)) {
            Err(e) => {
                kill_tree(&mut child);
                return Err(e.to_string());
            }
            Ok(Some(status)) => break End::Exited(status),
            Ok(None) => {}
        }
        // The tree's current total is what the limit is about; a process's
        // own high-water mark also catches a peak between two samples.
        if samples.is_multiple_of(RESCAN_EVERY) {
            tree = process_tree(child.id());
        }
        samples = samples.wrapping_add(1);
        let (mut total, mut hwm) = (0u64, 0u64);
        for &pid in &tree {
            if let Some((rss, h)) = memory_kib(pid) {
                total += rss;
                hwm = hwm.max(h);
            }
        }
        peak_kib = peak_kib.max(total).max(hwm);
        if total > limit_kib {
            kill_tree(&mut child);
            break End::OutOfMemory;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let read = |mut f: std::fs::File| {
        use std::io::{Read, Seek};
        let mut s = String::new();
        let _ = f.rewind();
        let _ = f.read_to_string(&mut s);
        s
    };
    Ok(Finished {
        end,
        stdout: read(out_read),
        stderr: read(err_read),
        seconds,
        peak_mib: peak_kib as f64 / 1024.0,
    })
}

/// The line that says why a tool failed: the first that mentions an error
/// (CBMC prints progress and warnings before it), else the first at all.
fn error_line(stdout: &str, stderr: &str) -> String {
    let lines = || {
        stderr
            .lines()
            .chain(stdout.lines())
            .map(str::trim)
            .filter(|l| !l.is_empty())
    };
    lines()
        .find(|l| l.to_ascii_lowercase().contains("error"))
        .or_else(|| lines().next())
        .unwrap_or("no message")
        .to_string()
}

/// CBMC's outcome from its exit and output: exit 0 with `VERIFICATION
/// SUCCESSFUL` is SAFE; exit 10 with `VERIFICATION FAILED` is UNSAFE,
/// unless every failed property is an unwinding assertion, which leaves the
/// verdict open (UNKNOWN); anything else is an error.
pub fn cbmc_outcome(code: Option<i32>, stdout: &str, stderr: &str, expected: Option<Verdict>) -> RunOutcome {
    match code.and_then(|c| cbmc_verdict(c, stdout)) {
        Some(verdict) => RunOutcome::Verdict {
            verdict,
            wrong: matches!(verdict, "SAFE" | "UNSAFE") && expected.is_some_and(|e| e.as_str() != verdict),
        },
        None => RunOutcome::Error {
            message: match code {
                Some(c) => format!("exit {c}: {}", error_line(stdout, stderr)),
                None => format!("killed by a signal: {}", error_line(stdout, stderr)),
            },
        },
    }
}

/// Exit code, or the signal that ended the process.
fn describe_exit(status: ExitStatus) -> (Option<i32>, String) {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return (None, format!("killed by signal {sig}"));
        }
    }
    (status.code(), String::new())
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
    super::measure_all(files, opts.jobs, &|file: &PathBuf| gain_file(file, opts), on_done)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unwinding_failures_leave_the_verdict_open() {
        let unwinding = "** Results:\n[main.unwind.0] line 5 unwinding assertion loop 0: FAILURE\n[main.assertion.1] line 7 assertion x == 3: SUCCESS\n\n** 1 of 2 failed (2 iterations)\nVERIFICATION FAILED\n";
        assert_eq!(
            cbmc_outcome(Some(10), unwinding, "", Some(Verdict::Safe)),
            RunOutcome::Verdict {
                verdict: "UNKNOWN",
                wrong: false
            }
        );
        let real = "[main.unwind.0] line 5 unwinding assertion loop 0: FAILURE\n[main.assertion.1] line 7 assertion x == 3: FAILURE\nVERIFICATION FAILED\n";
        assert_eq!(
            cbmc_outcome(Some(10), real, "", Some(Verdict::Unsafe)),
            RunOutcome::Verdict {
                verdict: "UNSAFE",
                wrong: false
            }
        );
        // A decided verdict against the expectation is wrong.
        assert_eq!(
            cbmc_outcome(Some(10), real, "", Some(Verdict::Safe)),
            RunOutcome::Verdict {
                verdict: "UNSAFE",
                wrong: true
            }
        );
        assert_eq!(
            cbmc_outcome(Some(0), "VERIFICATION SUCCESSFUL\n", "", None),
            RunOutcome::Verdict {
                verdict: "SAFE",
                wrong: false
            }
        );
        assert_eq!(
            cbmc_outcome(
                Some(6),
                "CBMC version 6.6.0\nType-checking t\n",
                "file t.c line 3: syntax error before 'x'\nPARSING ERROR\n",
                None
            ),
            RunOutcome::Error {
                message: "exit 6: file t.c line 3: syntax error before 'x'".to_string()
            }
        );
    }

    fn side(decided: Option<&'static str>, seconds: f64, peak_mib: f64) -> Side {
        Side {
            decided,
            wrong: false,
            seconds,
            peak_mib,
        }
    }

    #[test]
    fn never_worse_allows_margins_and_counts_gains() {
        let alone = side(Some("SAFE"), 0.2, 30.0);
        // Short runs: 0.5 s and 64 MiB of slack.
        assert_eq!(never_worse(&alone, &side(Some("SAFE"), 0.7, 94.0)), Rule::Kept);
        assert_eq!(
            never_worse(&alone, &side(Some("SAFE"), 0.71, 95.0)),
            Rule::Worse {
                reasons: vec!["time", "memory"]
            }
        );
        // Long runs: 1.5 times.
        let slow = side(Some("UNSAFE"), 10.0, 1000.0);
        assert_eq!(never_worse(&slow, &side(Some("UNSAFE"), 15.0, 1500.0)), Rule::Kept);
        assert_eq!(
            never_worse(&slow, &side(Some("UNSAFE"), 15.1, 100.0)),
            Rule::Worse { reasons: vec!["time"] }
        );
        assert_eq!(
            never_worse(&slow, &side(None, 1.0, 10.0)),
            Rule::Worse {
                reasons: vec!["undecided"]
            }
        );
        assert_eq!(
            never_worse(&slow, &side(Some("SAFE"), 1.0, 10.0)),
            Rule::Worse {
                reasons: vec!["disagree"]
            }
        );
        let undecided = side(None, 60.0, 5000.0);
        assert_eq!(never_worse(&undecided, &side(Some("SAFE"), 100.0, 9000.0)), Rule::Gain);
        assert_eq!(never_worse(&undecided, &side(None, 1.0, 1.0)), Rule::Neither);
        let wrong = Side {
            wrong: true,
            ..side(None, 0.1, 1.0)
        };
        assert_eq!(never_worse(&undecided, &wrong), Rule::Worse { reasons: vec!["wrong"] });
    }

    #[test]
    fn the_tree_of_this_process_contains_a_child() {
        let Ok(mut child) = Command::new("sleep").arg("5").stdout(Stdio::null()).spawn() else {
            return;
        };
        let me = std::process::id();
        if std::fs::metadata("/proc/self/stat").is_ok() {
            assert!(process_tree(me).contains(&child.id()));
            assert!(memory_kib(me).is_some_and(|(rss, _)| rss > 0));
        }
        let started = Instant::now();
        kill_tree(&mut child);
        assert!(started.elapsed() < Duration::from_secs(4));
    }
}
