//! The stages strung together for the CLI: C text in, transformed C text,
//! diagnostics and a report out.
//!
//! `lower` gives the IR; `instrument` accelerates each loop (acceleration-
//! only replacement loops); for each accelerated loop `restrict` builds the
//! trace automaton and inlines it (`restrict::apply::restrict_loop`) around
//! the accelerators and the original body; `emit` prints the
//! rewritten loops and splices them into the original text, which is
//! otherwise copied byte for byte.

use crate::diag::Diagnostic;
use crate::emit::{self, Dialect, SourceMap};
use crate::instrument::{self, InstrumentOptions, Instrumented, LoopReport};
use crate::ir::{DataModel, Quantifiers, Span};
use crate::restrict::apply::{LoopOutput, restrict_loop};
use std::time::{Duration, Instant};

mod explain;
mod report;

pub use explain::{Explanation, explain_source};

/// What `tracc accelerate` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub dialect: Dialect,
    /// Inline the trace automaton (default); `false` is `--no-restrict`.
    pub restrict: bool,
    /// Minimise the automaton (default); `false` is `--no-minimize`.
    pub minimize: bool,
    /// Give up on a loop with more iteration paths than this.
    pub max_paths: usize,
    /// The quantifiers the back end supports (`--quantifiers`).
    pub quantifiers: Quantifiers,
    /// Leave loops that CBMC unwinds at most this many times to unrolling
    /// (`--unroll-limit`; 0: accelerate every loop).
    pub unroll_limit: u128,
    /// The data model the input is read in and the output written for
    /// (`--32`: ILP32, to be checked with `cbmc --32`).
    pub model: DataModel,
    /// Whether the output is to be checked with allocation that may fail
    /// (CBMC 6's default); `false` under `--svcomp`, and `cbmc_args` say
    /// `--no-malloc-may-fail`. The transformation does not depend on it.
    pub malloc_may_fail: bool,
}

impl Options {
    /// The defaults, but with every loop that can be accelerated
    /// accelerated, none left to unrolling: what the soundness campaign and
    /// the tests of the accelerators transform, since a loop left as it is
    /// tests nothing.
    pub fn accelerating_every_loop() -> Options {
        Options {
            unroll_limit: 0,
            ..Options::default()
        }
    }

    /// What `instrument` is asked to do.
    pub fn instrument_options(&self) -> InstrumentOptions {
        InstrumentOptions {
            max_paths: self.max_paths,
            quantifiers: self.back_end_quantifiers(),
            unroll_limit: self.unroll_limit,
        }
    }

    /// The quantifiers the output may contain: none in the SV-COMP
    /// dialect, which has no way to write one.
    pub fn back_end_quantifiers(&self) -> Quantifiers {
        match self.dialect {
            Dialect::Svcomp => Quantifiers::None,
            Dialect::Cbmc => self.quantifiers,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dialect: Dialect::Cbmc,
            restrict: true,
            minimize: true,
            max_paths: 64,
            quantifiers: Quantifiers::default(),
            unroll_limit: instrument::DEFAULT_UNROLL_LIMIT,
            model: DataModel::Lp64,
            malloc_may_fail: true,
        }
    }
}

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
    /// Each loop left to unrolling, by CBMC's name of it in the output,
    /// with its bound (`cbmc_args`' `--unwindset`).
    pub unwindset: Vec<(String, u32)>,
    /// The data model the output is written for (`cbmc_args`' `--32`).
    pub model: DataModel,
    /// `Options::malloc_may_fail` (`cbmc_args`' `--no-malloc-may-fail`).
    pub malloc_may_fail: bool,
}

impl Outcome {
    /// The arguments to give CBMC with the output file: the data model and
    /// allocation where they are not CBMC's defaults, every loop unwound
    /// `ACCELERATED_UNWIND` times but those of the `--unwindset`.
    pub fn cbmc_args(&self) -> Vec<String> {
        let mut args: Vec<String> = self.model.cbmc_flag().map(str::to_string).into_iter().collect();
        if !self.malloc_may_fail {
            args.push("--no-malloc-may-fail".to_string());
        }
        args.extend(["--unwind".to_string(), instrument::ACCELERATED_UNWIND.to_string()]);
        if !self.unwindset.is_empty() {
            let set: Vec<String> = (self.unwindset.iter()).map(|(name, k)| format!("{name}:{k}")).collect();
            args.push("--unwindset".to_string());
            args.push(set.join(","));
        }
        args.push("--unwinding-assertions".to_string());
        args
    }
}

/// Transform one file. Errors (syntax errors, unusable input) come back as
/// diagnostics, and then no output must be written.
/// The file gets a z3 context of its own (`accelerate::in_own_context`).
pub fn accelerate_source(text: &str, opts: &Options) -> Result<Outcome, Vec<Diagnostic>> {
    crate::accelerate::in_own_context(|| accelerate_in_context(text, opts))
}

fn accelerate_in_context(text: &str, opts: &Options) -> Result<Outcome, Vec<Diagnostic>> {
    let mut clock = Stages::start();
    let lowered = crate::lower::lower_source_in(text, opts.model)?;
    clock.lap("parse and lower");
    let mut diagnostics = lowered.warnings;
    let mut inst = instrument::instrument_program(&lowered.program, &opts.instrument_options());
    clock.lap("loops, accelerators and unrolling");
    keep_expressible_loops(&mut inst, text, opts.dialect);
    diagnostics.extend(inst.diagnostics());
    let mut program = inst.program.clone();

    let accel_only: Vec<LoopOutput> = inst
        .loops
        .iter()
        .filter_map(|l| l.replacement.as_ref().map(|r| plain_output(l, r)))
        .chain(unrolled_outputs(&inst))
        .collect();
    let (accel_only_text, accel_only_map) =
        emit::splice_loops(text, &program, &rewritten(&accel_only), opts.dialect, &lowered.program)?;
    clock.lap("emit");

    let (output, source_map, loops) = if opts.restrict {
        let mut restricted = Vec::new();
        for (no, l) in inst.loops.iter().filter(|l| l.replacement.is_some()).enumerate() {
            restricted.push(restrict_loop(
                &mut program,
                lowered.program.vars.len(),
                &inst,
                l,
                no + 1,
                opts.minimize,
            )?);
        }
        diagnostics.extend(restricted.iter().filter_map(|l| l.note.clone()));
        restricted.extend(unrolled_outputs(&inst));
        clock.lap("trace automata");
        let (out, map) = emit::splice_loops(text, &program, &rewritten(&restricted), opts.dialect, &lowered.program)?;
        clock.lap("emit");
        (out, map, restricted)
    } else {
        (accel_only_text.clone(), accel_only_map, accel_only)
    };

    // tracc's output must always be C that tracc itself (and so CBMC's
    // front end, for the constructs used) can read back.
    if let Err(errs) = crate::parse::parse(&output) {
        let mut d = Diagnostic::error(
            Span::SYNTHETIC,
            "internal error: the transformed program does not parse",
        );
        for e in errs {
            d = d.with_note(e.message);
        }
        return Err(vec![d]);
    }

    let unwindset = unwindset(text, &output, &source_map, &inst, opts.model);
    let report = report::report_json(text, &output, &accel_only_text, &inst, &loops, opts);
    clock.lap("output read back, report");
    Ok(Outcome {
        output,
        accel_only_output: accel_only_text,
        source_map,
        diagnostics,
        report,
        loops: inst.loops.into_iter().map(|l| l.report).collect(),
        unwindset,
        stages: clock.laps,
        model: opts.model,
        malloc_may_fail: opts.malloc_may_fail,
    })
}

/// Wall time per stage of one transformation, in order (`tracc accelerate
/// -v`); a stage that runs twice is added up.
struct Stages {
    laps: Vec<(&'static str, Duration)>,
    since: Instant,
}

impl Stages {
    fn start() -> Stages {
        Stages {
            laps: Vec::new(),
            since: Instant::now(),
        }
    }

    fn lap(&mut self, stage: &'static str) {
        let now = Instant::now();
        let took = now - self.since;
        match self.laps.iter_mut().find(|(name, _)| *name == stage) {
            Some((_, d)) => *d += took,
            None => self.laps.push((stage, took)),
        }
        self.since = now;
    }
}

/// A loop's new statement, with no automaton.
fn plain_output(l: &instrument::LoopResult, stmt: &crate::ir::Stmt) -> LoopOutput {
    LoopOutput {
        span: l.span,
        func: l.info.func,
        text_stmt: stmt.clone(),
        automaton: None,
        symbol_names: Vec::new(),
        coverage_check: None,
        note: None,
    }
}

/// The loops left to unrolling and written for `--unwind 3`.
fn unrolled_outputs(inst: &Instrumented) -> impl Iterator<Item = LoopOutput> + '_ {
    (inst.loops.iter()).filter_map(|l| l.unrolled_stmt.as_ref().map(|s| plain_output(l, s)))
}

/// The loops left to unrolling that could not be written for `--unwind 3`,
/// each with CBMC's name of it in the output
/// and one more unwinding than its trip bound. The names may differ from
/// the input's (the automaton's `do { } while (0)` is a loop for CBMC):
/// they are found by reading the output back and mapping each of its loops
/// to the input through the source map.
fn unwindset(input: &str, output: &str, map: &SourceMap, inst: &Instrumented, model: DataModel) -> Vec<(String, u32)> {
    let unrolled: Vec<(usize, u32)> = (inst.loops.iter())
        .filter_map(|l| {
            l.unrolled
                .filter(|_| l.unrolled_stmt.is_none())
                .and_then(|t| u32::try_from(t + 1).ok())
                .map(|k| (l.span.start, k))
        })
        .collect();
    let mut set = Vec::new();
    if !unrolled.is_empty()
        && let Ok(lowered) = crate::lower::lower_source_in(output, model)
    {
        for (span, name) in crate::ir::cbmc_loop_names(&lowered.program) {
            let at = map.to_source(span.start, output, input);
            if let Some((_, k)) = unrolled.iter().find(|(start, _)| !at.generated && at.offset == *start) {
                set.push((name, *k));
            }
        }
    }
    set
}

/// Leave a loop alone, with a warning, when its accelerated form uses a
/// construct the output dialect cannot express (the SV-COMP dialect has no
/// quantifier and no array copy). The automaton adds only plain C, so the
/// acceleration-only statement decides for the restricted one too.
fn keep_expressible_loops(inst: &mut Instrumented, text: &str, dialect: Dialect) {
    let program = &inst.program;
    let mut refused = Vec::new();
    for (i, l) in inst.loops.iter().enumerate() {
        if let Some(r) = &l.replacement
            && let Err(emit::EmitError::Unsupported(what)) = emit::print_stmt(program, text, r, "", "    ", dialect)
        {
            refused.push((i, what));
        }
    }
    for (i, why) in refused {
        let l = &mut inst.loops[i];
        let reason = crate::reason::Reason::DialectCannotExpress(why);
        l.replacement = None;
        l.accelerators.clear();
        l.report.accelerated = false;
        l.report.reason = crate::reason::Why::one(reason.clone());
        l.diagnostics.push(
            Diagnostic::warning(l.span, format!("loop not accelerated: {reason}"))
                .with_label("left unchanged")
                .with_note("the default dialect (--dialect cbmc) can express it"),
        );
    }
}

/// What `emit` prints of the loops.
fn rewritten(loops: &[LoopOutput]) -> Vec<emit::RewrittenLoop> {
    (loops.iter())
        .map(|l| emit::RewrittenLoop {
            span: l.span,
            func: l.func,
            stmt: l.text_stmt.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restricted_loop_outside_braces_gets_braces_for_its_state_variable() {
        let src = "unsigned int nondet_uint(void);\nvoid assert(int);\nint main(void) {\n    unsigned int x = nondet_uint(), y = 0;\n    if (x > 5)\n        while (x > 0) {\n            x = x - 1;\n            y = y + 1;\n        }\n    assert(x == 0 || y == 0);\n    return 0;\n}\n";
        let out = accelerate_source(src, &Options::default()).expect("transforms").output;
        assert!(
            out.contains("if (x > 5)\n        {\n            _Bool tracc_q1 = 0;"),
            "{out}"
        );
        assert!(crate::lower::lower_source(&out).is_ok());
    }
}
