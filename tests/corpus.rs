//! The SV-COMP corpus (`fixtures/corpus`, see its README): loop programs
//! taken unchanged from sosy-lab/sv-benchmarks, each with its task file
//! `NAME.yml` (the expected verdict of `unreach-call.prp`).
//!
//! In: every `fixtures/corpus/*.c` and `*.i` with a `.yml` of the same stem.
//! Out, always (quick): each task file names the program beside it, each
//! file is listed in `SOURCES.tsv`, and each program is transformed with the
//! SV-COMP options (`--svcomp`: ILP32, no standard checks, allocation never
//! fails) without an error, into an output that parses again; except the
//! programs of `KNOWN_TRANSFORM_ERRORS`, which must still fail (so that the
//! list is mended when one is fixed), and those of `SLOW_TO_TRANSFORM`,
//! which only the full run transforms. With `TRACC_CORPUS=1` (the full run,
//! which `.ci/run` runs): those slow programs too, and `tracc verify
//! --svcomp --unwind 3 --max-unwind 3 --k-induction 0` under a time limit
//! never gives a verdict that contradicts the expected one (UNKNOWN, a
//! timeout or an input error are no contradiction).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use tracc::evidence::expect::{Verdict, expected_verdict};
use tracc::ir::DataModel;
use tracc::pipeline::{Options, accelerate_source};

/// Seconds `tracc verify` may take per program (its own `--timeout`); the
/// process is killed some seconds after.
const VERIFY_TIMEOUT_S: u32 = 30;

/// Programs tracc cannot transform today, with the reason: the quick test
/// requires that they still fail, and that each is a corpus program. Empty
/// since `bubble_sort-2.i` (`__const`, GCC's alternative spelling of
/// `const`, a syntax error to tracc's parser) left the corpus with the
/// other `c/loops` tasks, whose licence is unknown (fixtures/corpus/README.md).
const KNOWN_TRANSFORM_ERRORS: &[(&str, &str)] = &[];

/// Programs whose transformation alone takes seconds (release build, one
/// core free, 2026-12-01: sumt8 13.4 s, sumt9 9.5 s, sumt7 7.0 s,
/// deep-nested 3.2 s; all others together about 10 s): transformed only in
/// the full run, to keep the everyday test under 20 s. sumt3 and sumt4
/// (9.4 s and 7.8 s before) take 0.2 s since their paths are counted by
/// residue; sumt7-9's periods (420 to 2520) are above that limit.
const SLOW_TO_TRANSFORM: &[&str] = &["deep-nested.c", "sumt7.c", "sumt8.c", "sumt9.c"];

fn corpus_dir() -> PathBuf {
    common::repo_root().join("fixtures/corpus")
}

/// The corpus programs: `*.c` and `*.i` with a task file beside them, sorted.
fn corpus_programs() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| {
        p.is_file() && p.extension().is_some_and(|x| x == "c" || x == "i") && p.with_extension("yml").is_file()
    });
    files.sort();
    files
}

fn name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `tracc accelerate --svcomp` in library terms.
fn svcomp_options() -> Options {
    Options {
        model: DataModel::Ilp32,
        malloc_may_fail: false,
        standard_checks: false,
        ..Options::default()
    }
}

#[test]
fn corpus_tasks_are_complete_and_their_sources_noted() {
    let programs = corpus_programs();
    assert!(programs.len() >= 100, "only {} corpus programs", programs.len());
    let sources = std::fs::read_to_string(corpus_dir().join("SOURCES.tsv")).expect("fixtures/corpus/SOURCES.tsv");
    let listed: std::collections::BTreeSet<&str> =
        sources.lines().skip(1).filter_map(|l| l.split('\t').next()).collect();
    let mut problems = Vec::new();
    let names: Vec<String> = programs.iter().map(|p| name(p)).collect();
    let listed_names = KNOWN_TRANSFORM_ERRORS
        .iter()
        .map(|(n, _)| *n)
        .chain(SLOW_TO_TRANSFORM.iter().copied());
    for n in listed_names {
        if !names.iter().any(|m| m == n) {
            problems.push(format!("{n}: listed in corpus.rs, but not a corpus program"));
        }
    }
    for p in &programs {
        let n = name(p);
        let yml_path = p.with_extension("yml");
        let yml = std::fs::read_to_string(&yml_path).unwrap_or_default();
        if !yml.contains(&format!("input_files: '{n}'")) {
            problems.push(format!("{}: input_files does not name {n}", name(&yml_path)));
        }
        let text = std::fs::read_to_string(p).unwrap_or_default();
        if expected_verdict(p, &text).is_none() {
            problems.push(format!("{n}: no expected verdict of unreach-call.prp"));
        }
        for f in [n, name(&yml_path)] {
            if !listed.contains(f.as_str()) {
                problems.push(format!("{f}: not listed in SOURCES.tsv"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_corpus_program_is_transformed_and_its_output_parses() {
    let programs: Vec<PathBuf> = corpus_programs()
        .into_iter()
        .filter(|p| !SLOW_TO_TRANSFORM.contains(&name(p).as_str()))
        .collect();
    assert!(!programs.is_empty(), "no programs in {}", corpus_dir().display());
    let problems = transform_problems(&programs);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What goes wrong when `programs` are transformed with the SV-COMP
/// options: an error, an output that does not parse, or a program of
/// `KNOWN_TRANSFORM_ERRORS` that no longer fails.
fn transform_problems(programs: &[PathBuf]) -> Vec<String> {
    let opts = svcomp_options();
    common::par_map(programs, |p| {
        let n = name(p);
        let known = KNOWN_TRANSFORM_ERRORS.iter().find(|(k, _)| *k == n);
        let text = std::fs::read_to_string(p).expect("readable corpus program");
        match (accelerate_source(&text, &opts), known) {
            (Err(_), Some(_)) => None,
            (Err(d), None) => Some(format!("{n}: transform failed: {d:?}")),
            (Ok(_), Some((_, why))) => Some(format!(
                "{n}: transformed, but KNOWN_TRANSFORM_ERRORS says it fails ({why}): take it off the list"
            )),
            (Ok(out), None) => tracc::parse::parse(&out.output)
                .err()
                .map(|d| format!("{n}: the output does not parse: {d:?}")),
        }
    })
    .into_iter()
    .flatten()
    .collect()
}

#[test]
fn tracc_verify_never_contradicts_the_expected_verdict() {
    if std::env::var_os("TRACC_CORPUS").is_none_or(|v| v != "1") {
        eprintln!("skipped: set TRACC_CORPUS=1 to run tracc verify on the corpus");
        return;
    }
    let programs = corpus_programs();
    assert!(!programs.is_empty(), "no programs in {}", corpus_dir().display());
    let slow: Vec<PathBuf> = programs
        .iter()
        .filter(|p| SLOW_TO_TRANSFORM.contains(&name(p).as_str()))
        .cloned()
        .collect();
    assert_eq!(
        slow.len(),
        SLOW_TO_TRANSFORM.len(),
        "a program of SLOW_TO_TRANSFORM is missing"
    );
    let problems = transform_problems(&slow);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let results: Vec<(String, Option<Verdict>, String)> = common::par_map(&programs, |p| {
        let text = std::fs::read_to_string(p).expect("readable corpus program");
        (name(p), expected_verdict(p, &text), verify(p))
    });
    let mut wrong = Vec::new();
    let mut decided = 0;
    for (n, expected, got) in &results {
        match (expected, got.as_str()) {
            (Some(Verdict::Safe), "UNSAFE") | (Some(Verdict::Unsafe), "SAFE") => {
                wrong.push(format!("{n}: expected {expected:?}, tracc verify says {got}"))
            }
            (_, "SAFE" | "UNSAFE") => decided += 1,
            _ => {}
        }
    }
    eprintln!("tracc verify decided {decided} of {} corpus programs", results.len());
    assert!(wrong.is_empty(), "wrong verdicts:\n{}", wrong.join("\n"));
}

/// `tracc verify` on one program, as fixtures/corpus/measure.sh runs it:
/// SAFE, UNSAFE, UNKNOWN, ERROR (an input it cannot read or model) or T/O.
fn verify(p: &Path) -> String {
    let limit = VERIFY_TIMEOUT_S.to_string();
    let kill_after = (VERIFY_TIMEOUT_S + 30).to_string();
    let status = Command::new("timeout")
        .args(["-k", "5", &kill_after, env!("CARGO_BIN_EXE_tracc"), "verify"])
        .arg(p)
        .args(["--svcomp", "--unwind", "3", "--max-unwind", "3", "--k-induction", "0"])
        .args(["--timeout", &limit, "--quiet", "--color", "never"])
        .output()
        .expect("coreutils timeout and tracc run")
        .status;
    match status.code() {
        Some(0) => "SAFE",
        Some(10) => "UNSAFE",
        Some(20) => "UNKNOWN",
        Some(3) => "ERROR",
        Some(124) | Some(137) | None => "T/O",
        Some(_) => "ERROR",
    }
    .to_string()
}
