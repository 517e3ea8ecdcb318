//! `tracc accelerate`: inputs in, transformed C out.
//!
//! In: the parsed `AccelerateArgs`. Out: output files written atomically (or
//! stdout), `--check` diffs on stdout, diagnostics on stderr, an optional JSON
//! report, and the exit code. The plan (which input goes where) is decided
//! and validated before any file is read, so usage errors write nothing.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use similar::TextDiff;

use super::exit::Exit;
use super::output::write_file;
use super::output::write_stdout;
use super::source::{display_name, is_stdio, read_input};
use super::transform_args::{TransformArgs, with_loop_progress};
use crate::diag::render::{self, ColorChoice};
use crate::diag::{Diagnostic, Severity};
use crate::emit;
use crate::ir::Span;
use crate::pipeline::{self, Options};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Json,
}

#[derive(Debug, Args)]
pub struct AccelerateArgs {
    /// Input C files (`-` for stdin).
    #[arg(value_name = "IN.c", required = true)]
    pub inputs: Vec<PathBuf>,

    /// Output file (`-` for stdout, the default for a single input).
    #[arg(short = 'o', long = "output", value_name = "OUT.c", conflicts_with_all = ["out_dir", "in_place"])]
    pub output: Option<PathBuf>,

    /// Write each output to DIR under the input's file name (created if missing).
    #[arg(long, value_name = "DIR", conflicts_with = "in_place")]
    pub out_dir: Option<PathBuf>,

    /// Overwrite each input with its output.
    #[arg(long)]
    pub in_place: bool,

    /// Write nothing; print a diff and exit 1 when the existing output differs.
    #[arg(long)]
    pub check: bool,

    #[command(flatten)]
    pub transform: TransformArgs,

    /// Do not write `#line` directives. By default, around each transformed
    /// loop the output has `#line N "IN.c"` directives, so that CBMC's
    /// failing properties, traces and `--show-properties` name the input's
    /// file and lines; text outside the transformed loops is copied as is.
    #[arg(long)]
    pub no_line_directives: bool,

    /// Print a machine-readable report (per file: report, status, timing, diagnostics)
    /// to stdout, or to --report-file.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub report: Option<ReportFormat>,

    /// Write the report to PATH instead of stdout (implies --report json).
    #[arg(long, value_name = "PATH")]
    pub report_file: Option<PathBuf>,

    /// Do not print warnings and notes (errors are always printed).
    #[arg(short, long)]
    pub quiet: bool,

    /// Say what is done, on stderr: per file the wall time of each stage,
    /// and per loop what became of it (accelerated, left to unrolling, or
    /// why not).
    #[arg(short, long, conflicts_with = "quiet")]
    pub verbose: bool,
}

/// Where the output of one input goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// Standard output; with `--check`, compare against the input itself.
    Stdout,
    File(PathBuf),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Job {
    input: PathBuf,
    target: Target,
}

/// Decide the target of every input and reject combinations that would
/// overwrite an input, write two outputs to one file, or mix a report with
/// other text on stdout. The error is a message for the user.
fn plan(args: &AccelerateArgs) -> Result<Vec<Job>, String> {
    let inputs = &args.inputs;
    if inputs.iter().filter(|p| is_stdio(p)).count() > 1 {
        return Err("`-` (stdin) can be given only once".into());
    }
    if inputs.len() > 1 {
        if args.output.is_some() {
            return Err("-o takes exactly one input; use --out-dir DIR or --in-place for several".into());
        }
        if args.out_dir.is_none() && !args.in_place && !args.check {
            return Err(format!(
                "{} inputs need --out-dir DIR or --in-place (or --check to compare each with itself)",
                inputs.len()
            ));
        }
    }
    let mut jobs = Vec::with_capacity(inputs.len());
    for input in inputs {
        let target = if args.in_place {
            if is_stdio(input) {
                return Err("--in-place cannot be used with `-` (stdin)".into());
            }
            Target::File(input.clone())
        } else if let Some(dir) = &args.out_dir {
            if is_stdio(input) {
                return Err("the output of `-` (stdin) has no file name for --out-dir; use -o".into());
            }
            let Some(name) = input.file_name() else {
                return Err(format!("`{}` has no file name to use in --out-dir", input.display()));
            };
            Target::File(dir.join(name))
        } else {
            match &args.output {
                Some(o) if !is_stdio(o) => Target::File(o.clone()),
                _ => Target::Stdout,
            }
        };
        jobs.push(Job {
            input: input.clone(),
            target,
        });
    }
    for (i, job) in jobs.iter().enumerate() {
        let Target::File(t) = &job.target else { continue };
        if !args.in_place
            && let Some(input) = inputs.iter().find(|p| !is_stdio(p) && same_file(t, p))
        {
            return Err(format!(
                "refusing to overwrite the input `{}` (use --in-place to rewrite inputs)",
                input.display()
            ));
        }
        if let Some(other) = jobs[..i]
            .iter()
            .find(|o| matches!(&o.target, Target::File(u) if same_file(t, u)))
        {
            return Err(format!(
                "`{}` and `{}` would both be written to `{}`",
                other.input.display(),
                job.input.display(),
                t.display()
            ));
        }
    }
    let report_to_stdout = args.report.is_some() && args.report_file.is_none();
    if report_to_stdout && (args.check || jobs.iter().any(|j| j.target == Target::Stdout)) {
        return Err("the JSON report would be mixed with other output on stdout; use --report-file PATH".into());
    }
    Ok(jobs)
}

/// Whether two paths name the same file, also when the second does not
/// exist yet (then its directory is resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    fn resolve(p: &Path) -> PathBuf {
        if let Ok(c) = fs::canonicalize(p) {
            return c;
        }
        match (p.parent(), p.file_name()) {
            (Some(dir), Some(name)) => {
                let dir = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir
                };
                fs::canonicalize(dir).map_or_else(|_| p.to_path_buf(), |d| d.join(name))
            }
            _ => p.to_path_buf(),
        }
    }
    resolve(a) == resolve(b)
}

/// What happened to one input, for the exit code and the report.
struct FileResult {
    exit: Exit,
    entry: Value,
}

/// Transform every input as planned. `Err` is a usage problem found in
/// the plan, before any file is read, for the caller to report as clap
/// reports its own.
pub(super) fn run(args: &AccelerateArgs, color: ColorChoice) -> Result<Exit, String> {
    let jobs = plan(args)?;
    let opts = args.transform.options();
    let mut worst = Exit::Success;
    let mut entries = Vec::with_capacity(jobs.len());
    let bar = progress_bar(jobs.len());
    for job in &jobs {
        bar.set_message(display_name(&job.input));
        let r = process(job, &opts, args, color, &bar);
        worst = worst.max(r.exit);
        entries.push(r.entry);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if args.report.is_some() || args.report_file.is_some() {
        let report = json!({
            "tool": "tracc",
            "version": env!("CARGO_PKG_VERSION"),
            "files": entries,
        });
        let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
        text.push('\n');
        let written = match &args.report_file {
            Some(p) => write_file(p, &text),
            None => write_stdout(&text),
        };
        if let Err(e) = written {
            let d = Diagnostic::error(Span::SYNTHETIC, format!("cannot write the report: {e}"));
            render::eprint("report", "", &[d], color);
            worst = worst.max(Exit::InputError);
        }
    }
    Ok(worst)
}

/// A line on stderr, drawn only when stderr is a terminal (indicatif hides
/// it otherwise): over several inputs a bar ("[3/120] src/a.c"), for one a
/// spinner; both say which loop of a long file is being worked on ("a.c:
/// loop 120 of 2161"). What is printed meanwhile goes around it.
fn progress_bar(inputs: usize) -> indicatif::ProgressBar {
    let (bar, template) = if inputs < 2 {
        (indicatif::ProgressBar::new_spinner(), "{spinner} {elapsed} {msg}")
    } else {
        (
            indicatif::ProgressBar::new(inputs as u64),
            "{elapsed} [{pos}/{len}] {bar:30} {msg}",
        )
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(template).unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

fn process(
    job: &Job,
    opts: &Options,
    args: &AccelerateArgs,
    color: ColorChoice,
    bar: &indicatif::ProgressBar,
) -> FileResult {
    let name = display_name(&job.input);
    let target_name = match &job.target {
        Target::Stdout => "-".to_string(),
        Target::File(p) => p.display().to_string(),
    };
    let entry = |status: &str, time_ms: Option<f64>, report: Value, diags: &[Diagnostic], text: &str| {
        json!({
            "input": name,
            "output": if args.check { Value::Null } else { Value::from(target_name.clone()) },
            "status": status,
            "time_ms": time_ms,
            "report": report,
            "diagnostics": diags.iter().map(|d| diagnostic_json(d, text)).collect::<Vec<_>>(),
        })
    };
    let fail = |diags: &[Diagnostic], text: &str, time_ms: Option<f64>, report: Value| {
        let shown: Vec<Diagnostic> = diags.iter().filter(|d| !args.quiet || d.is_error()).cloned().collect();
        bar.suspend(|| render::eprint(&name, text, &shown, color));
        FileResult {
            exit: Exit::InputError,
            entry: entry("error", time_ms, report, diags, text),
        }
    };

    let source = match read_input(&job.input) {
        Ok(t) => t,
        Err(d) => return fail(&[d], "", None, Value::Null),
    };
    let text = source.text.clone();
    let start = Instant::now();
    let result = pipeline::accelerate_source(&text, &with_loop_progress(opts, bar, &name));
    let time_ms = Some(start.elapsed().as_secs_f64() * 1000.0);
    let mut outcome = match result {
        Ok(o) => o,
        Err(diags) => return fail(&diags, &text, time_ms, Value::Null),
    };
    if !args.no_line_directives {
        outcome.output = emit::with_line_directives(&outcome.output, &text, &outcome.source_map, &name);
    }
    if outcome.diagnostics.iter().any(Diagnostic::is_error) {
        return fail(&outcome.diagnostics, &text, time_ms, outcome.report);
    }
    if !args.quiet {
        bar.suspend(|| {
            render::eprint(&name, &text, &outcome.diagnostics, color);
            if args.verbose {
                eprint!("{}", verbose_lines(&name, &text, &outcome));
            }
            if !args.check {
                eprintln!("{}", summary_line(&target_name, &outcome));
            }
        });
    }
    let cbmc_args = outcome.cbmc_args();
    let done = |exit: Exit, status: &str, report: Value| {
        let mut entry = entry(status, time_ms, report, &outcome.diagnostics, &text);
        entry["cbmc_args"] = json!(cbmc_args);
        FileResult { exit, entry }
    };
    let io_fail = |what: String, e: io::Error, report: Value| {
        let d = Diagnostic::error(Span::SYNTHETIC, format!("{what}: {e}"));
        bar.suspend(|| render::eprint(&name, "", std::slice::from_ref(&d), color));
        FileResult {
            exit: Exit::InputError,
            entry: entry("error", time_ms, report, &[d], ""),
        }
    };

    if args.check {
        let (base_name, base) = match &job.target {
            Target::Stdout => (name.clone(), source.encode(&text).into_owned()),
            Target::File(p) => match fs::read(p) {
                Ok(bytes) => (target_name.clone(), bytes),
                Err(e) if e.kind() == io::ErrorKind::NotFound => (target_name.clone(), Vec::new()),
                Err(e) => return io_fail(format!("cannot read `{target_name}`"), e, outcome.report),
            },
        };
        if base == source.encode(&outcome.output).as_ref() {
            return done(Exit::Success, "unchanged", outcome.report);
        }
        let diff = TextDiff::from_lines(String::from_utf8_lossy(&base).as_ref(), outcome.output.as_str())
            .unified_diff()
            .header(&base_name, &base_name)
            .to_string();
        if let Err(e) = write_stdout(&diff) {
            return io_fail("cannot write to stdout".into(), e, outcome.report);
        }
        return done(Exit::Differences, "differs", outcome.report);
    }

    match &job.target {
        Target::Stdout => match write_stdout(source.encode(&outcome.output)) {
            Ok(()) => done(Exit::Success, "written", outcome.report),
            Err(e) => io_fail("cannot write to stdout".into(), e, outcome.report),
        },
        // Rewriting an unchanged input would only disturb its timestamp.
        Target::File(_) if args.in_place && outcome.output == text => done(Exit::Success, "unchanged", outcome.report),
        // The output directory is created on first use, so that a run
        // without any valid input leaves nothing behind.
        Target::File(p) => match create_out_dir(args).and_then(|()| write_file(p, source.encode(&outcome.output))) {
            Ok(()) => done(Exit::Success, "written", outcome.report),
            Err(e) => io_fail(format!("cannot write `{target_name}`"), e, outcome.report),
        },
    }
}

/// `-v`: per loop what became of it, and the wall time of each stage:
/// `tracc: in.c:5:5: for loop in main: accelerated (1 of 1 paths)`.
fn verbose_lines(name: &str, text: &str, outcome: &pipeline::Outcome) -> String {
    let mut out = String::new();
    for l in &outcome.loops {
        let (line, col) = render::line_col(text, l.start).unwrap_or((0, 0));
        let counts = l.path_counts();
        let what = if l.accelerated {
            format!("accelerated ({} of {} paths)", counts.accelerated, counts.feasible)
        } else {
            match l.left_to_unrolling() {
                Some(trips) => format!("left to unrolling ({trips} iterations)"),
                None => format!("not accelerated: {}", l.reason.text().unwrap_or_default()),
            }
        };
        out.push_str(&format!(
            "tracc: {name}:{line}:{col}: {} loop in {}: {what}\n",
            l.kind.name(),
            l.function
        ));
    }
    let stages: Vec<String> = (outcome.stages.iter())
        .map(|(stage, d)| format!("{stage} {:.1} ms", d.as_secs_f64() * 1000.0))
        .collect();
    out.push_str(&format!("tracc: {name}: {}\n", stages.join(", ")));
    out
}

/// What was done to a file, and how to run CBMC on the result:
/// `tracc: out.c: 1 of 2 loops accelerated, 1 left to unrolling; check
/// with: cbmc out.c --unwind 3 --unwinding-assertions`.
fn summary_line(target: &str, outcome: &pipeline::Outcome) -> String {
    let all = outcome.loops.len();
    let accelerated = outcome.loops.iter().filter(|l| l.accelerated).count();
    let unrolled = (outcome.loops.iter())
        .filter(|l| l.left_to_unrolling().is_some())
        .count();
    let file = if target == "-" { "OUT.c" } else { target };
    let mut line = format!(
        "tracc: {}: {accelerated} of {all} loops accelerated",
        display_target(target)
    );
    if unrolled > 0 {
        line.push_str(&format!(", {unrolled} left to unrolling"));
    }
    if accelerated + unrolled < all {
        line.push_str(" (see `tracc explain`)");
    }
    line.push_str(&format!(
        "; check with: cbmc {} {}",
        file,
        outcome.cbmc_args().join(" ")
    ));
    line
}

fn display_target(target: &str) -> &str {
    if target == "-" { "<stdout>" } else { target }
}

/// Diagnostics in the JSON report: the fields of `Diagnostic` plus the
/// 1-based line and column of the span start (absent when synthetic), and
/// the `file` that line markers place it in, if any.
fn diagnostic_json(d: &Diagnostic, text: &str) -> Value {
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let (line, column) = match render::line_col(text, d.span.start) {
        Some((l, c)) if !d.span.is_synthetic() => (Value::from(l), Value::from(c)),
        _ => (Value::Null, Value::Null),
    };
    let mut entry = json!({
        "severity": severity,
        "message": d.message,
        "line": line,
        "column": column,
        "label": d.label,
        "notes": d.notes,
    });
    // Preprocessed input: the file its line markers name (`line` is then
    // that file's line).
    if let Some(file) = (!d.span.is_synthetic())
        .then(|| render::file_at(text, d.span.start))
        .flatten()
    {
        entry["file"] = json!(file);
    }
    entry
}

fn create_out_dir(args: &AccelerateArgs) -> io::Result<()> {
    match &args.out_dir {
        Some(dir) if dir.exists() && !dir.is_dir() => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("--out-dir `{}` exists and is not a directory", dir.display()),
        )),
        Some(dir) => fs::create_dir_all(dir),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cli, Command};
    use super::*;
    use clap::Parser;

    fn args(extra: &[&str]) -> AccelerateArgs {
        let mut v = vec!["tracc", "accelerate"];
        v.extend(extra);
        match Cli::try_parse_from(v).unwrap().command {
            Command::Accelerate(a) => a,
            _ => panic!("not accelerate"),
        }
    }

    fn file(p: &str) -> Target {
        Target::File(PathBuf::from(p))
    }

    #[test]
    fn single_input_defaults_to_stdout() {
        let jobs = plan(&args(&["a.c"])).unwrap();
        assert_eq!(jobs[0].target, Target::Stdout);
        let jobs = plan(&args(&["-", "-o", "-"])).unwrap();
        assert_eq!(jobs[0].target, Target::Stdout);
        let jobs = plan(&args(&["a.c", "-o", "b.c"])).unwrap();
        assert_eq!(jobs[0].target, file("b.c"));
    }

    #[test]
    fn out_dir_and_in_place_targets() {
        let jobs = plan(&args(&["x/a.c", "y/b.c", "--out-dir", "out"])).unwrap();
        let t: Vec<_> = jobs.into_iter().map(|j| j.target).collect();
        assert_eq!(t, vec![file("out/a.c"), file("out/b.c")]);
        let jobs = plan(&args(&["x/a.c", "y/b.c", "--in-place"])).unwrap();
        let t: Vec<_> = jobs.into_iter().map(|j| j.target).collect();
        assert_eq!(t, vec![file("x/a.c"), file("y/b.c")]);
    }

    #[test]
    fn several_inputs_need_a_destination() {
        let e = plan(&args(&["a.c", "b.c"])).unwrap_err();
        assert!(e.contains("--out-dir"), "{e}");
        assert!(plan(&args(&["a.c", "b.c", "--check"])).is_ok());
    }

    #[test]
    fn stdin_restrictions() {
        assert!(plan(&args(&["-", "-"])).is_err());
        assert!(plan(&args(&["-", "--in-place"])).is_err());
        assert!(plan(&args(&["-", "a.c", "--out-dir", "d"])).is_err());
    }

    #[test]
    fn refuses_to_overwrite_an_input() {
        let e = plan(&args(&["a.c", "-o", "a.c"])).unwrap_err();
        assert!(e.contains("--in-place"), "{e}");
        let e = plan(&args(&["a.c", "-o", "./a.c"])).unwrap_err();
        assert!(e.contains("overwrite"), "{e}");
        // The output directory is the input's own directory.
        let e = plan(&args(&["d/a.c", "--out-dir", "d"])).unwrap_err();
        assert!(e.contains("overwrite"), "{e}");
    }

    #[test]
    fn refuses_two_outputs_in_one_file() {
        let e = plan(&args(&["x/a.c", "y/a.c", "--out-dir", "out"])).unwrap_err();
        assert!(e.contains("both"), "{e}");
    }

    #[test]
    fn report_on_stdout_must_not_mix_with_c_or_diffs() {
        assert!(plan(&args(&["a.c", "--report", "json"])).is_err());
        assert!(plan(&args(&["a.c", "-o", "b.c", "--check", "--report", "json"])).is_err());
        assert!(plan(&args(&["a.c", "-o", "b.c", "--report", "json"])).is_ok());
        assert!(plan(&args(&["a.c", "--report-file", "r.json"])).is_ok());
    }

    #[test]
    fn diagnostics_in_the_report_have_line_and_column() {
        let text = "int x;\nint é y;\n";
        let start = text.find('y').unwrap();
        let d = Diagnostic::error(Span::new(start, start + 1), "bad").with_label("here");
        let v = diagnostic_json(&d, text);
        assert_eq!((v["line"].as_u64(), v["column"].as_u64()), (Some(2), Some(7)));
        let v = diagnostic_json(&Diagnostic::warning(Span::SYNTHETIC, "w"), text);
        assert!(v["line"].is_null() && v["severity"] == "warning");
    }
}
