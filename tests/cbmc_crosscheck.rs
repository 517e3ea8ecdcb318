//! Every fixture's output, given to the real CBMC as users run it
//! (`cbmc OUT.c --unwind 3 --unwinding-assertions`: its default SAT back
//! end and its default checks of bounds, pointers, division, shifts and
//! signed overflow), must be read in full and give the verdict tracc's own
//! checker gives: no "ignoring" warning (a dropped `__CPROVER_forall` turns
//! an assumption into nothing), no failing property in generated code (one
//! that names a `tracc_` variable: the accelerators compute in range by
//! construction), no failing assertion in a fixture that is SAFE, a failing
//! assertion where `tracc verify` finds the bug. Failing default checks in
//! the input's own code are the input's (the project's semantics let signed
//! arithmetic wrap) and are not compared. CBMC may run out of time
//! (counted, printed), never disagree.
//!
//! CBMC comes from `TRACC_CBMC` or the PATH; `.ci/run` points `TRACC_CBMC`
//! at a copy of CBMC 6.6. Without one the test says so loudly and passes:
//! CBMC is not part of the project.

mod common;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Verdict as Expected, VerifyVerdict};
use tracc::pipeline::{Options, accelerate_source};
use wait_timeout::ChildExt;

fn cbmc() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TRACC_CBMC") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("cbmc"))
        .find(|p| p.is_file())
}

/// CBMC's output on `file`, or `None` when it ran out of time.
fn run_cbmc(cbmc: &PathBuf, file: &std::path::Path, secs: u64) -> Option<String> {
    let mut child = Command::new(cbmc)
        .arg(file)
        .args(["--unwind", "3", "--unwinding-assertions"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cbmc starts");
    let mut out = String::new();
    let mut err = String::new();
    let mut so = child.stdout.take().expect("piped stdout");
    let mut se = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = se.read_to_string(&mut s);
        s
    });
    match child.wait_timeout(Duration::from_secs(secs)).expect("wait for cbmc") {
        Some(_) => {}
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    }
    out.push_str(&reader.join().unwrap_or_default());
    err.push_str(&err_reader.join().unwrap_or_default());
    Some(out + &err)
}

#[test]
fn cbmc_reads_every_output_in_full_and_agrees() {
    let Some(cbmc) = cbmc() else {
        eprintln!(
            "\n*** SKIPPED: no CBMC (set TRACC_CBMC or put cbmc on the PATH); the outputs were NOT cross-checked ***\n"
        );
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let fixtures = common::fixture_files();
    let results = common::par_map(&fixtures, |path| crosscheck_one(&cbmc, dir.path(), path));
    let mut problems = Vec::new();
    let mut timeouts = Vec::new();
    for (path, r) in fixtures.iter().zip(results) {
        match r {
            None => timeouts.push(common::stem(path)),
            Some(p) => problems.extend(p),
        }
    }
    if !timeouts.is_empty() {
        eprintln!("CBMC ran out of time ({CBMC_SECS} s) on: {}", timeouts.join(", "));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// CBMC's time limit per output.
const CBMC_SECS: u64 = 40;

/// The disagreements of CBMC on one fixture's output, or `None` when it ran
/// out of time.
fn crosscheck_one(cbmc: &PathBuf, dir: &std::path::Path, path: &std::path::Path) -> Option<Vec<String>> {
    let name = common::stem(path);
    let text = std::fs::read_to_string(path).expect("readable fixture");
    let expectation = common::expectation_of(&text).expect("fixture header");
    let Ok(outcome) = accelerate_source(&text, &Options::default()) else {
        return Some(vec![format!("{name}: transform failed")]);
    };
    let out = dir.join(format!("{name}.c"));
    std::fs::write(&out, &outcome.output).expect("write output");
    let log = run_cbmc(cbmc, &out, CBMC_SECS)?;
    let mut problems = Vec::new();
    if log.contains("ignoring") {
        problems.push(format!("{name}: CBMC ignores a construct of the output"));
    }
    if log.contains("CONVERSION ERROR") || log.contains("PARSING ERROR") {
        problems.push(format!("{name}: CBMC rejects the output"));
        return Some(problems);
    }
    let failures: Vec<&str> = log.lines().filter(|l| l.ends_with(": FAILURE")).collect();
    for f in failures.iter().filter(|l| l.contains("tracc_")) {
        problems.push(format!("{name}: a generated property fails: {f}"));
    }
    let failed_assertion = failures.iter().any(|l| l.contains(".assertion."));
    let failed_unwinding = failures.iter().any(|l| l.contains("unwinding assertion"));
    let verified = log.contains("VERIFICATION") && !failed_assertion && !failed_unwinding;
    match (expectation.verdict, expectation.verify) {
        (Expected::Safe, _) if failed_assertion => {
            problems.push(format!("{name}: SAFE fixture, CBMC finds an assertion failing"))
        }
        (Expected::Safe, Some(VerifyVerdict::Safe)) if !verified => problems.push(format!(
            "{name}: tracc proves it at --unwind 3, CBMC does not (unwinding assertion failing: {failed_unwinding})"
        )),
        (Expected::Unsafe, _) if verified => problems.push(format!("{name}: UNSAFE fixture, CBMC says SAFE")),
        (Expected::Unsafe, Some(VerifyVerdict::Unsafe)) if !failed_assertion => {
            problems.push(format!("{name}: tracc finds the bug at --unwind 3, CBMC does not"))
        }
        _ => {}
    }
    Some(problems)
}
