//! Every fixture, transformed and checked at `--unwind 3` (what `tracc
//! verify` does). A SAFE fixture must never become UNSAFE and an UNSAFE one
//! never SAFE; and the verdict must be the one the fixture's header states
//! with `verify=` (SAFE or UNSAFE where the transformation makes the program
//! shallow, UNKNOWN where it cannot: a value that wraps around inside the
//! loop, alternating paths, nested loops, paths that are not accelerated).
//! A solver timeout never counts as the expected SAFE or UNSAFE.

mod common;

use common::{Verdict as Expected, VerifyVerdict};
use tracc::check::{CheckOptions, Verdict, check_source};
use tracc::pipeline::{Options, accelerate_source};

#[test]
fn transformed_fixtures_have_their_stated_verify_verdicts() {
    let fixtures = common::fixture_files();
    assert!(!fixtures.is_empty(), "no fixtures");
    let problems: Vec<String> = common::par_map(&fixtures, |path| verify_one(path))
        .into_iter()
        .flatten()
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What is wrong with one fixture's `verify` verdict, if anything.
fn verify_one(path: &std::path::Path) -> Option<String> {
    let name = common::stem(path);
    let text = std::fs::read_to_string(path).expect("readable fixture");
    let expectation = common::expectation_of(&text).expect("fixture header");
    let transform = Options {
        model: expectation.model,
        ..Options::default()
    };
    let outcome = match accelerate_source(&text, &transform) {
        Ok(o) => o,
        Err(d) => return Some(format!("{name}: transform failed: {d:?}")),
    };
    // A solver timeout reads as UNKNOWN. Where the header expects UNKNOWN
    // it cannot mislead, so a short limit keeps the test quick; where it
    // expects a proof or a bug, the limit is far above the time needed (at
    // most a minute) so that a busy machine does not fail the test.
    let timeout_ms = match expectation.verify {
        Some(VerifyVerdict::Unknown) => 20_000,
        _ => 600_000,
    };
    // As `tracc verify` runs it: loops left to unrolling through their
    // trip count.
    let opts = CheckOptions {
        unwind: 3,
        unwindset: outcome.unwindset.clone(),
        timeout_ms: Some(timeout_ms),
        model: expectation.model,
        ..CheckOptions::default()
    };
    let report = match check_source(&outcome.output, &opts) {
        Ok(r) => r,
        // Fixtures with constructs the checker does not model (pointers,
        // structs) are refused for the input too; nothing to compare.
        Err(_) if check_source(&text, &opts).is_err() => return None,
        Err(d) => return Some(format!("{name}: the output cannot be checked: {d:?}")),
    };
    match (expectation.verdict, report.verdict) {
        (Expected::Safe, Verdict::Unsafe) => return Some(format!("{name}: SAFE fixture found UNSAFE")),
        (Expected::Unsafe, Verdict::Safe) => return Some(format!("{name}: UNSAFE fixture proved SAFE")),
        _ => {}
    }
    let got = match report.verdict {
        Verdict::Safe => VerifyVerdict::Safe,
        Verdict::Unsafe => VerifyVerdict::Unsafe,
        Verdict::Unknown => VerifyVerdict::Unknown,
    };
    match expectation.verify {
        None => Some(format!("{name}: header has no verify= (got {got:?})")),
        Some(want) if want != got => {
            let why = report.unknown_reason.clone().unwrap_or_default();
            Some(format!("{name}: verify={want:?} expected, got {got:?} {why}"))
        }
        Some(_) => None,
    }
}
