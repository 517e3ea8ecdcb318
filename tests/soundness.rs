//! Differential soundness test (DESIGN.md section 6): generated loop
//! programs are checked before and after transformation.
//!
//! For each program, with `B` a bound that covers its loop:
//! - the input at `B` gives the reference verdict (SAFE or UNSAFE);
//! - the acceleration-only output and the restricted output at `B` must
//!   give the same verdict (every output execution is an input execution
//!   with some iterations merged, so `B` covers the output too);
//! - the restricted output at `--unwind 3` may be UNKNOWN, but SAFE against
//!   UNSAFE (either way) is a soundness bug.
//!
//! `TRACC_SOUNDNESS_COUNT` (default 200) and `TRACC_SOUNDNESS_SEED` (first
//! seed, default 0) scale it up for longer runs.

use tracc::check::{CheckOptions, CheckReport, Verdict, check_source};
use tracc::pipeline::{Options, accelerate_source};
use tracc::testgen::loop_program;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn check(text: &str, unwind: u32) -> CheckReport {
    let opts = CheckOptions {
        unwind,
        timeout_ms: Some(30_000),
        ..CheckOptions::default()
    };
    match check_source(text, &opts) {
        Ok(r) => r,
        Err(d) => panic!("checker refused:\n{text}\n{d:?}"),
    }
}

/// A verdict that a solver timeout did not decide.
fn decided(r: &CheckReport) -> Option<Verdict> {
    (r.unknown_reason.is_none()).then_some(r.verdict)
}

#[derive(Default, Debug)]
struct Tally {
    programs: u64,
    safe: u64,
    unsafe_: u64,
    accelerated: u64,
    proved_at_3: u64,
    found_at_3: u64,
    undecided: u64,
}

#[test]
fn transformed_programs_keep_their_verdicts() {
    let count = env_u64("TRACC_SOUNDNESS_COUNT", 200);
    let first = env_u64("TRACC_SOUNDNESS_SEED", 0);
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for seed in first..first + count {
        let g = loop_program(seed);
        let input = check(&g.source, g.bound);
        let Some(reference) = decided(&input) else {
            tally.undecided += 1;
            continue;
        };
        assert_ne!(
            reference,
            Verdict::Unknown,
            "seed {seed}: bound {} does not cover:\n{}",
            g.bound,
            g.source
        );
        tally.programs += 1;
        match reference {
            Verdict::Safe => tally.safe += 1,
            _ => tally.unsafe_ += 1,
        }
        let restricted = accelerate_source(&g.source, &Options::default())
            .unwrap_or_else(|d| panic!("seed {seed}: transform failed: {d:?}"));
        let accel_only = accelerate_source(
            &g.source,
            &Options {
                restrict: false,
                ..Options::default()
            },
        )
        .unwrap_or_else(|d| panic!("seed {seed}: transform failed: {d:?}"));
        if restricted.output != g.source {
            tally.accelerated += 1;
        }
        for (what, text, unwind) in [
            (
                "acceleration-only output at the covering bound",
                &accel_only.output,
                g.bound,
            ),
            ("restricted output at the covering bound", &restricted.output, g.bound),
        ] {
            let r = check(text, unwind);
            if let Some(v) = decided(&r)
                && v != reference
            {
                failures.push(format!(
                    "seed {seed}: input {reference:?} but {what} {v:?}\n--- input\n{}\n--- output\n{text}",
                    g.source
                ));
            }
        }
        let at3 = check(&restricted.output, 3);
        match decided(&at3) {
            Some(Verdict::Unknown) | None => {}
            Some(v) if v != reference => failures.push(format!(
                "seed {seed}: input {reference:?} but restricted output at --unwind 3 {v:?}\n--- input\n{}\n--- output\n{}",
                g.source, restricted.output
            )),
            Some(Verdict::Safe) => tally.proved_at_3 += 1,
            Some(_) => tally.found_at_3 += 1,
        }
    }
    eprintln!("soundness: {tally:?}");
    assert!(
        failures.is_empty(),
        "{} soundness failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        tally.programs >= count * 8 / 10,
        "too many undecided programs: {tally:?}"
    );
    assert!(
        tally.safe > 0 && tally.unsafe_ > 0,
        "the generator must give both verdicts: {tally:?}"
    );
}
