//! What transforming one file gives back (`Outcome`): the output texts,
//! their source map, diagnostics, report, timings, and the arguments CBMC
//! needs for the output. Its own file so that the stages' glue in `mod.rs`
//! reads as the stages.

use crate::diag::Diagnostic;
use crate::emit::SourceMap;
use crate::instrument::{self, LoopReport};
use crate::ir::{DataModel, LinearSum};
use std::time::Duration;

/// The result of transforming one file.
#[derive(Debug)]
pub struct Outcome {
    /// The transformed text (identical to the input where nothing changed).
    pub output: String,
    /// The output without trace automata (what `--no-restrict` gives):
    /// `output` itself unless `restrict` was asked for.
    pub accel_only_output: String,
    /// Where each part of `output` came from in the input (for showing a
    /// checker's findings on the output at input lines).
    pub source_map: SourceMap,
    /// Warnings and notes (loops not accelerated, constructs kept opaque).
    pub diagnostics: Vec<Diagnostic>,
    /// Machine-readable summary for `--report json`.
    pub report: serde_json::Value,
    /// What was found and done for each loop of the input, in source order
    /// (the typed form of the report's `loops`).
    pub loops: Vec<LoopReport>,
    /// Wall time of each stage, in order.
    pub stages: Vec<(&'static str, Duration)>,
    /// How many loops the output writes unrolled for `--unwind 3`
    /// (`instrument::unroll`): left to unrolling, or not accelerated but
    /// bounded. Their two-iteration slot loops need `--unwind 3` whatever
    /// the loop's own trip count.
    pub unrolled_loops: usize,
    /// Each loop left to unrolling, by CBMC's name of it in the output,
    /// with its bound (`cbmc_args`' `--unwindset`).
    pub unwindset: Vec<(String, u32)>,
    /// The data model the output is written for (`cbmc_args`' `--32`).
    pub model: DataModel,
    /// `Options::malloc_may_fail` (`cbmc_args`' `--no-malloc-may-fail`).
    pub malloc_may_fail: bool,
    /// `Options::standard_checks` (`cbmc_args`' `--no-standard-checks`).
    pub standard_checks: bool,
}

impl Outcome {
    /// CBMC's arguments for the data model, the checks and allocation,
    /// where they are not its defaults (the start of `cbmc_args`).
    pub fn cbmc_mode_args(&self) -> Vec<String> {
        let mut args: Vec<String> = self.model.cbmc_flag().map(str::to_string).into_iter().collect();
        if !self.standard_checks {
            args.push("--no-standard-checks".to_string());
        }
        if !self.malloc_may_fail {
            args.push("--no-malloc-may-fail".to_string());
        }
        args
    }

    /// The linear sums that the accelerated paths of the loops keep
    /// (`LoopReport::kept_sums`): candidate invariants for k-induction
    /// (`check::induction::prove`, which takes those over the target
    /// loop's variables and proves them first).
    pub fn kept_sums(&self) -> Vec<LinearSum> {
        let mut out: Vec<LinearSum> = self.loops.iter().flat_map(LoopReport::kept_sums).collect();
        out.sort();
        out.dedup();
        out
    }

    /// The arguments to give CBMC with the output file: the data model and
    /// allocation where they are not CBMC's defaults, every loop unwound
    /// `ACCELERATED_UNWIND` times but those of the `--unwindset`, and
    /// MiniSAT without its simplifier.
    pub fn cbmc_args(&self) -> Vec<String> {
        let mut args = self.cbmc_mode_args();
        args.extend(["--unwind".to_string(), instrument::ACCELERATED_UNWIND.to_string()]);
        if !self.unwindset.is_empty() {
            let set: Vec<String> = (self.unwindset.iter()).map(|(name, k)| format!("{name}:{k}")).collect();
            args.push("--unwindset".to_string());
            args.push(set.join(","));
        }
        args.push("--unwinding-assertions".to_string());
        // An accelerator's assumptions over whole arrays make formulas of
        // millions of clauses, almost all irrelevant to the property: the
        // simplifier's variable elimination spends tens of seconds on them
        // where the solver alone takes one (the corpus's `array_3-1.i`:
        // 26 s against 1.7 s). On small outputs it costs nothing either way.
        args.push("--no-sat-preprocessor".to_string());
        args
    }
}
