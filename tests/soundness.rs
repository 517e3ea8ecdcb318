//! Differential soundness test (METHOD.md, "Testing"): generated loop
//! programs are checked before and after transformation, with the
//! comparisons of `tracc::evidence::campaign` (the same ones `tracc
//! campaign` runs at scale).
//!
//! For each program, with `B` a bound that covers its loop: the input at
//! `B` is the reference; the acceleration-only and restricted outputs at `B`
//! must agree with it, and the restricted output at `--unwind 3` may be
//! UNKNOWN but never the opposite verdict.
//!
//! `TRACC_SOUNDNESS_COUNT` (default 15, a smoke test that keeps the
//! everyday `cargo test` short) and `TRACC_SOUNDNESS_SEED` (first seed,
//! default 0) scale it up; `.ci/run` runs 500 more in a release build, and
//! `tracc campaign` runs it at any size. `TRACC_SOUNDNESS_MODEL=32` reads
//! every program in the ILP32 data model (`tracc campaign --32`).

use tracc::evidence::campaign::{self, CheckSettings, Finding, Seeds};
use tracc::ir::DataModel;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn transformed_programs_keep_their_verdicts() {
    let count = env_u64("TRACC_SOUNDNESS_COUNT", 15);
    let first = env_u64("TRACC_SOUNDNESS_SEED", 0);
    let failures = std::sync::Mutex::new(Vec::new());
    let record = |f: &Finding| {
        let message = format!(
            "seed {}: input {} but the {} said {}\n--- reduced input\n{}\n--- input\n{}\n--- output\n{}",
            f.seed,
            f.disagreement.reference,
            f.disagreement.comparison.describe(),
            f.disagreement.got,
            f.reduced,
            f.source,
            f.disagreement.output
        );
        failures.lock().unwrap_or_else(|e| e.into_inner()).push(message);
    };
    let jobs = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let seeds = Seeds {
        first,
        count,
        only: None,
    };
    let settings = CheckSettings {
        model: match std::env::var("TRACC_SOUNDNESS_MODEL").as_deref() {
            Ok("32") => DataModel::Ilp32,
            _ => DataModel::Lp64,
        },
        ..CheckSettings::default()
    };
    let (tally, _) = campaign::run(seeds, jobs, settings, &|_, _| {}, &record);
    eprintln!("soundness: {tally:?}");
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(
        failures.is_empty(),
        "{} soundness failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        tally.decided >= count * 8 / 10,
        "too many undecided programs: {tally:?}"
    );
    assert!(
        tally.safe > 0 && tally.unsafe_ > 0,
        "the generator must give both verdicts: {tally:?}"
    );
    assert!(tally.transformed > 0, "nothing was transformed: {tally:?}");
}
