//! `tracc campaign` (the differential soundness campaign) and `tracc bench`
//! (the benchmark report). Both only parse arguments, show progress and
//! write files; the work is in `crate::evidence`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use clap::Args;

use super::exit::Exit;
use super::output::write_file;
use crate::evidence::campaign::{self, CheckSettings, Finding, Seeds, Tally};
use crate::ir::DataModel;
use crate::testgen::Class;

/// The number of worker threads when `--jobs` is not given.
fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

#[derive(Debug, Args)]
pub struct CampaignArgs {
    /// How many generated programs to check.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub count: u64,

    /// The first seed (programs use seeds SEED..SEED+N; the same seed always
    /// gives the same program).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// Check only programs with this class of loop: the seeds from SEED on
    /// whose program has another class are passed over, and COUNT programs
    /// of the class are checked.
    #[arg(long, value_name = "CLASS", value_enum)]
    pub only: Option<Class>,

    /// Worker threads (default: the available cores).
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Solver time limit per check; a check that runs out is undecided.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub timeout: u64,

    /// Where each disagreeing program is saved, reduced, as a fixture
    /// (`campaign_seed<S>.c`, with its expectation header).
    #[arg(long, value_name = "DIR", default_value = "campaign-findings")]
    pub findings_dir: PathBuf,

    /// Write the final counts (and the findings) as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Print a progress line every this many programs (always on a terminal).
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub progress_every: u64,

    /// Read every input and output in the ILP32 data model (`long` and
    /// pointers of 32 bits, CBMC's `--32`), and transform for it.
    #[arg(long = "32")]
    pub ilp32: bool,
}

fn tally_line(t: &Tally, count: u64) -> String {
    format!(
        "{}/{} programs ({} decided: {} safe, {} unsafe, {} of them by a signed overflow, {} by an index out of bounds, {} by an undefined shift or division; \
         {} transformed, {} with a loop unrolled), \
         {} disagreements; \
         at --unwind 3 the restricted output proved {}/{} safe ({} more by k-induction) and found {}/{} unsafe; \
         {} inputs and {} output checks timed out; {:.0} s",
        t.programs,
        count,
        t.decided,
        t.safe,
        t.unsafe_,
        t.overflowing,
        t.out_of_bounds,
        t.undefined,
        t.transformed,
        t.unrolled,
        t.disagreements,
        t.proved_at_3,
        t.safe,
        t.by_induction,
        t.found_at_3,
        t.unsafe_,
        t.undecided_inputs,
        t.undecided_outputs,
        t.seconds
    )
}

fn class_name(class: Class) -> String {
    use clap::ValueEnum;
    class
        .to_possible_value()
        .map_or_else(|| format!("{class:?}"), |v| v.get_name().to_string())
}

fn save_finding(dir: &Path, f: &Finding) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("campaign_seed{}.c", f.seed));
    write_file(&path, campaign::as_fixture(f))?;
    Ok(path)
}

pub fn campaign(args: &CampaignArgs) -> Exit {
    let jobs = args.jobs.unwrap_or_else(default_jobs);
    let terminal = std::io::stderr().is_terminal();
    let settings = CheckSettings {
        timeout_ms: args.timeout.saturating_mul(1000),
        model: if args.ilp32 { DataModel::Ilp32 } else { DataModel::Lp64 },
    };
    let findings = Mutex::new(Vec::new());
    let save_failed = Mutex::new(false);
    match args.only {
        None => eprintln!(
            "campaign: seeds {}..{} on {jobs} threads",
            args.seed,
            args.seed.saturating_add(args.count)
        ),
        Some(class) => eprintln!(
            "campaign: {} programs with {} loops from seed {} on {jobs} threads",
            args.count,
            class_name(class),
            args.seed
        ),
    }
    let on_program = |_seed: u64, t: &Tally| {
        if terminal || (args.progress_every > 0 && t.programs.is_multiple_of(args.progress_every)) {
            let end = if terminal { "\r" } else { "\n" };
            eprint!("campaign: {}{end}", tally_line(t, args.count));
        }
    };
    let on_finding = |f: &Finding| {
        match save_finding(&args.findings_dir, f) {
            Ok(path) => eprintln!(
                "\ncampaign: seed {}: the {} said {} where the input is {}; saved {}",
                f.seed,
                f.disagreement.comparison.describe(),
                f.disagreement.got,
                f.disagreement.reference,
                path.display()
            ),
            Err(e) => {
                eprintln!("\ncampaign: seed {}: cannot save the finding: {e}", f.seed);
                *save_failed.lock().unwrap_or_else(|e| e.into_inner()) = true;
            }
        }
        findings.lock().unwrap_or_else(|e| e.into_inner()).push(f.clone());
    };
    let seeds = Seeds {
        first: args.seed,
        count: args.count,
        only: args.only,
    };
    let (tally, end_seed) = campaign::run(seeds, jobs, settings, &on_program, &on_finding);
    if terminal {
        eprintln!();
    }
    println!("campaign: {}", tally_line(&tally, args.count));
    if !tally.by_class.is_empty() {
        let classes: Vec<String> = tally
            .by_class
            .iter()
            .map(|(c, t)| {
                format!(
                    "{} {} ({} decided, {} disagreements)",
                    class_name(*c),
                    t.programs,
                    t.decided,
                    t.disagreements
                )
            })
            .collect();
        println!("campaign: programs with loops of each class: {}", classes.join("; "));
    }
    if args.only.is_some() {
        println!("campaign: seeds {}..{} looked at", args.seed, end_seed);
    }
    let findings = findings.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(path) = &args.json {
        let value = serde_json::json!({
            "first_seed": args.seed,
            "count": args.count,
            "only": args.only,
            "end_seed": end_seed,
            "jobs": jobs,
            "timeout_s": args.timeout,
            "model": if args.ilp32 { "ILP32" } else { "LP64" },
            "tally": tally,
            "findings": findings,
        });
        let text = serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
        if let Err(e) = write_file(path, &text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return Exit::InputError;
        }
    }
    if *save_failed.lock().unwrap_or_else(|e| e.into_inner()) {
        return Exit::InputError;
    }
    if tally.disagreements > 0 {
        Exit::Differences
    } else {
        Exit::Success
    }
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Directories (their `.c` files, not recursive) and files to measure.
    #[arg(value_name = "DIR", default_value = "fixtures")]
    pub paths: Vec<PathBuf>,

    /// Wall-clock limit per step and program; a step that runs out is T/O.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub timeout: u64,

    /// Worker threads (default: the available cores). Times (of the gain
    /// benchmark above all) are steadier with -j 1: parallel runs compete
    /// for cores and memory bandwidth.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// `--unwind` for the untransformed programs.
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub input_unwind: u32,

    /// `--unwind` for the transformed programs.
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub unwind: u32,

    /// A CBMC executable for the side-by-side column and the gain benchmark
    /// (default: the TRACC_CBMC variable, else `cbmc` when it is on the PATH).
    #[arg(long, value_name = "PATH")]
    pub cbmc: Option<PathBuf>,

    /// Use no CBMC even when one is found: no CBMC column, no gain benchmark.
    #[arg(long, conflicts_with_all = ["cbmc", "gain_only"])]
    pub no_cbmc: bool,

    /// Where the JSON report goes.
    #[arg(long, value_name = "FILE", default_value = "bench-report.json")]
    pub json: PathBuf,

    /// Skip the gain benchmark (CBMC alone against tracc and then CBMC),
    /// which otherwise follows the report whenever a CBMC is found.
    #[arg(long, conflicts_with = "gain_only")]
    pub no_gain: bool,

    /// Run only the gain benchmark, on any directory of programs: for each,
    /// CBMC alone on the input as a user runs it, and `tracc accelerate`
    /// followed by CBMC on its output with the arguments of its report,
    /// with CBMC's default checks and with --no-standard-checks.
    #[arg(long)]
    pub gain_only: bool,

    /// Gain benchmark: wall-clock limit per side (CBMC alone; tracc and
    /// then CBMC together). The process tree is killed at the limit (T/O).
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub gain_timeout: u64,

    /// Gain benchmark: resident memory limit of one run's process tree;
    /// the tree is killed when it is passed (OOM).
    #[arg(long, value_name = "MIB", default_value_t = 8192)]
    pub gain_memory_mib: u64,

    /// Gain benchmark: run CBMC alone with `--unwind K --unwinding-assertions`
    /// (default: plain `cbmc FILE`, which unrolls each loop until its
    /// condition fails and does not stop on a loop that never does).
    #[arg(long, value_name = "K")]
    pub gain_input_unwind: Option<u32>,

    /// Where the gain benchmark's JSON goes.
    #[arg(long, value_name = "FILE", default_value = "bench-gain.json")]
    pub gain_json: PathBuf,

    /// Also write the tables into this Markdown file (e.g.
    /// docs/results.md), each between its markers (`<!-- tracc bench:
    /// fixtures -->` ... `<!-- tracc bench: end fixtures -->`, `gain`
    /// likewise), keeping the rest of the file; a section without markers
    /// yet is added at the end.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,
}

/// `name` in a directory of the PATH, if it is there.
fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// The CBMC that `tracc bench` uses: `--cbmc`, else the TRACC_CBMC
/// variable (as the tests find it), else `cbmc` on the PATH.
fn bench_cbmc(args: &BenchArgs) -> Option<PathBuf> {
    if args.no_cbmc {
        return None;
    }
    args.cbmc
        .clone()
        .or_else(|| {
            std::env::var_os("TRACC_CBMC")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .or_else(|| find_on_path("cbmc"))
}

/// A progress bar over `len` programs, drawn only when stderr is a
/// terminal (indicatif hides it otherwise).
fn progress_bar(len: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} programs, {elapsed} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

pub fn bench(args: &BenchArgs) -> Exit {
    use crate::evidence::bench::{self, BenchOptions};
    let files = match bench::collect_programs(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::InputError;
        }
    };
    let tracc = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot find the tracc executable: {e}");
            return Exit::InputError;
        }
    };
    let cbmc = bench_cbmc(args);
    let jobs = args.jobs.unwrap_or_else(default_jobs);
    if args.gain_only {
        let Some(cbmc) = cbmc else {
            eprintln!("error: --gain-only needs CBMC: give --cbmc PATH, set TRACC_CBMC, or put cbmc on the PATH");
            return Exit::InputError;
        };
        return gain(args, &files, tracc, cbmc, jobs);
    }
    let opts = BenchOptions {
        tracc: tracc.clone(),
        cbmc: cbmc.clone(),
        timeout: std::time::Duration::from_secs(args.timeout),
        input_unwind: args.input_unwind,
        unwind: args.unwind,
        jobs,
    };
    let bar = progress_bar(files.len());
    let on_done = |row: &bench::Row| {
        bar.set_message(row.file_name());
        bar.inc(1);
    };
    let rows = bench::run_all(&files, &opts, &on_done);
    bar.finish_and_clear();
    let table = bench::markdown(&rows, &opts);
    print!("{table}");
    if let Some(e) = write_results(args, "fixtures", &table) {
        return e;
    }
    let text = serde_json::to_string_pretty(&bench::json(&rows, &opts)).unwrap_or_default() + "\n";
    if let Err(e) = write_file(&args.json, &text) {
        eprintln!("error: cannot write {}: {e}", args.json.display());
        return Exit::InputError;
    }
    eprintln!(
        "bench: {} programs; JSON written to {}",
        rows.len(),
        args.json.display()
    );
    match cbmc {
        Some(cbmc) if !args.no_gain => gain(args, &files, tracc, cbmc, jobs),
        _ => Exit::Success,
    }
}

/// Put `table` into the `--results` file as the section `name`; the exit
/// code of a failure to read or write it.
fn write_results(args: &BenchArgs, name: &str, table: &str) -> Option<Exit> {
    let path = args.results.as_ref()?;
    let old = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return Some(Exit::InputError);
        }
    };
    let command: Vec<String> = std::iter::once("tracc".to_string())
        .chain(std::env::args().skip(1))
        .collect();
    let command = command.join(" ");
    let content = format!("Written by `{command}`.\n\n{}\n", table.trim_matches('\n'));
    match write_file(path, replace_section(&old, name, &content)) {
        Ok(()) => {
            eprintln!("bench: the {name} section of {} rewritten", path.display());
            None
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            Some(Exit::InputError)
        }
    }
}

/// `doc` with the text between `<!-- tracc bench: NAME -->` and `<!--
/// tracc bench: end NAME -->` replaced by `content`, or with that section
/// added at the end.
fn replace_section(doc: &str, name: &str, content: &str) -> String {
    let begin = format!("<!-- tracc bench: {name} -->\n");
    let end = format!("<!-- tracc bench: end {name} -->");
    if let Some(b) = doc.find(&begin)
        && let Some(e) = doc[b..].find(&end)
    {
        let inner = b + begin.len();
        return format!("{}{content}{}", &doc[..inner], &doc[b + e..]);
    }
    let sep = if doc.is_empty() || doc.ends_with("\n\n") {
        ""
    } else if doc.ends_with('\n') {
        "\n"
    } else {
        "\n\n"
    };
    format!("{doc}{sep}{begin}{content}{end}\n")
}

/// The gain benchmark: its table to stdout, its JSON to --gain-json. A
/// wrong verdict is a finding, as in the campaign: exit 1.
fn gain(args: &BenchArgs, files: &[PathBuf], tracc: PathBuf, cbmc: PathBuf, jobs: usize) -> Exit {
    use crate::evidence::gain::{self, GainOptions};
    let opts = GainOptions {
        tracc,
        cbmc,
        timeout: std::time::Duration::from_secs(args.gain_timeout),
        memory_limit_mib: args.gain_memory_mib,
        input_unwind: args.gain_input_unwind,
        jobs,
    };
    eprintln!(
        "bench: gain benchmark, CBMC {} on {} programs, {jobs} threads",
        opts.cbmc.display(),
        files.len()
    );
    let bar = progress_bar(files.len());
    let on_done = |row: &gain::GainRow| {
        bar.set_message(row.file_name());
        bar.inc(1);
    };
    let rows = gain::run_all(files, &opts, &on_done);
    bar.finish_and_clear();
    let table = gain::markdown(&rows, &opts);
    print!("{table}");
    if let Some(e) = write_results(args, "gain", &table) {
        return e;
    }
    let text = serde_json::to_string_pretty(&gain::json(&rows, &opts)).unwrap_or_default() + "\n";
    if let Err(e) = write_file(&args.gain_json, &text) {
        eprintln!("error: cannot write {}: {e}", args.gain_json.display());
        return Exit::InputError;
    }
    let wrong = gain::wrong_verdicts(&rows);
    for w in &wrong {
        eprintln!("bench: {w}");
    }
    eprintln!(
        "bench: gain benchmark of {} programs; JSON written to {}",
        rows.len(),
        args.gain_json.display()
    );
    if !wrong.is_empty() {
        Exit::Differences
    } else {
        Exit::Success
    }
}

#[cfg(test)]
mod tests {
    use super::replace_section;

    #[test]
    fn a_results_section_is_replaced_between_its_markers_or_added() {
        let doc = "# Results\n\nintro\n<!-- tracc bench: fixtures -->\nold table\n<!-- tracc bench: end fixtures -->\nafter\n";
        let new = replace_section(doc, "fixtures", "new table\n");
        assert_eq!(
            new,
            "# Results\n\nintro\n<!-- tracc bench: fixtures -->\nnew table\n<!-- tracc bench: end fixtures -->\nafter\n"
        );
        // Idempotent, and another section goes at the end.
        assert_eq!(replace_section(&new, "fixtures", "new table\n"), new);
        let added = replace_section(&new, "gain", "gains\n");
        assert!(added.starts_with(&new));
        assert!(added.ends_with("\n\n<!-- tracc bench: gain -->\ngains\n<!-- tracc bench: end gain -->\n"));
        assert_eq!(
            replace_section("", "gain", "g\n"),
            "<!-- tracc bench: gain -->\ng\n<!-- tracc bench: end gain -->\n"
        );
    }
}
