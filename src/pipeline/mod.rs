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
use crate::emit;
use crate::instrument;
use crate::ir::Span;
use crate::restrict::apply::{LoopOutput, restrict_loop};
use loop_outputs::{keep_expressible_loops, plain_output, rewritten, unrolled_outputs, unwindset};
use std::time::{Duration, Instant};

mod explain;
mod kinduct;
mod loop_outputs;
mod options;
mod outcome;
mod report;

pub use explain::{Explanation, explain_source};
pub use kinduct::{KInduction, NoKInduction, kinduct_outcome};
pub use options::Options;
pub use outcome::Outcome;

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
    keep_expressible_loops(&mut inst, &lowered.program, text, opts.dialect);
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
        unrolled_loops: inst.loops.iter().filter(|l| l.unrolled_stmt.is_some()).count(),
        loops: inst.loops.into_iter().map(|l| l.report).collect(),
        unwindset,
        stages: clock.laps,
        model: opts.model,
        malloc_may_fail: opts.malloc_may_fail,
        standard_checks: opts.standard_checks,
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

#[cfg(test)]
mod tests;
