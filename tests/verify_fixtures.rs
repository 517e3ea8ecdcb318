//! Every fixture, transformed and checked at `--unwind 3` (what `tracc
//! verify` does): a SAFE fixture must never become UNSAFE and an UNSAFE one
//! never SAFE; a SAFE fixture all of whose loops are fully accelerated and
//! restricted must be proved at `--unwind 3` (the point of the method), and
//! an UNSAFE one whose loops are all fully accelerated and restricted must
//! be found. A solver timeout counts as undecided, never as a pass of the
//! last two rules: it is reported and fails the test.

mod common;

use common::Verdict as Expected;
use tracc::check::{CheckOptions, Verdict, check_source};
use tracc::pipeline::{Options, accelerate_source};

/// Every loop of the file was accelerated on all its paths and restricted.
fn fully_transformed(report: &serde_json::Value) -> bool {
    let loops = report["loops"].as_array().cloned().unwrap_or_default();
    !loops.is_empty()
        && loops.iter().all(|l| {
            l["restricted"] == true
                && l["paths"].as_array().is_some_and(|ps| ps.iter().all(|p| p["accelerated"] == true))
        })
}

#[test]
fn transformed_fixtures_keep_their_verdicts_and_become_shallow() {
    let fixtures = common::fixture_files();
    assert!(!fixtures.is_empty(), "no fixtures");
    let mut problems = Vec::new();
    let mut summary = Vec::new();
    for path in &fixtures {
        let name = common::stem(path);
        let text = std::fs::read_to_string(path).expect("readable fixture");
        let expected = common::expectation_of(&text).expect("fixture header").verdict;
        let outcome = match accelerate_source(&text, &Options::default()) {
            Ok(o) => o,
            Err(d) => {
                problems.push(format!("{name}: transform failed: {d:?}"));
                continue;
            }
        };
        let opts = CheckOptions { unwind: 3, timeout_ms: Some(20_000), ..CheckOptions::default() };
        let report = match check_source(&outcome.output, &opts) {
            Ok(r) => r,
            // Fixtures with constructs the checker does not model (pointers,
            // structs) are refused for the input too; nothing to compare.
            Err(_) if check_source(&text, &opts).is_err() => continue,
            Err(d) => {
                problems.push(format!("{name}: the output cannot be checked: {d:?}"));
                continue;
            }
        };
        let full = fully_transformed(&outcome.report);
        summary.push(format!("{name}: {:?}{}", report.verdict, if full { " (fully transformed)" } else { "" }));
        match (expected, report.verdict) {
            (Expected::Safe, Verdict::Unsafe) => problems.push(format!("{name}: SAFE fixture found UNSAFE")),
            (Expected::Unsafe, Verdict::Safe) => problems.push(format!("{name}: UNSAFE fixture proved SAFE")),
            (Expected::Safe, Verdict::Unknown) if full => problems.push(format!(
                "{name}: fully transformed SAFE fixture not proved at --unwind 3 ({})",
                report.unknown_reason.clone().unwrap_or_else(|| "unwinding assertion".into())
            )),
            (Expected::Unsafe, Verdict::Unknown) if full => problems.push(format!(
                "{name}: fully transformed UNSAFE fixture not found at --unwind 3 ({})",
                report.unknown_reason.clone().unwrap_or_else(|| "unwinding assertion".into())
            )),
            _ => {}
        }
    }
    eprintln!("{}", summary.join("\n"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
