//! The transformation's report as JSON (`Outcome::report`, `--report
//! json`). In: the input and output texts and what `instrument` and
//! `restrict` did per loop. Out: one JSON value per file.

use super::options::Options;
use crate::instrument::Instrumented;
use crate::restrict::apply::LoopOutput;
use serde_json::json;

fn lines(s: &str) -> usize {
    s.lines().count()
}

pub(super) fn report_json(
    input: &str,
    output: &str,
    accel_only: &str,
    inst: &Instrumented,
    loops: &[LoopOutput],
    opts: &Options,
) -> serde_json::Value {
    let loop_reports: Vec<serde_json::Value> = inst
        .loops
        .iter()
        .map(|l| {
            let (line, col) = line_col(input, l.span.start);
            let out = loops.iter().find(|o| o.span == l.span);
            let automaton = out.and_then(|o| o.automaton.as_ref()).map(|a| {
                json!({
                    "states": a.num_states,
                    "states_regex_unminimised": a.states_before_minimisation,
                    "states_regex_minimised": a.states_regex_minimised,
                    "symbols": out.map(|o| o.symbol_names.clone()).unwrap_or_default(),
                    "coverage_check": out.and_then(|o| o.coverage_check),
                })
            });
            json!({
                "function": l.report.function,
                "line": line,
                "column": col,
                "kind": l.report.kind,
                "accelerated": l.report.accelerated,
                "restricted": automaton.is_some(),
                "reason": l.report.reason.text(),
                "reason_codes": l.report.reason.codes(),
                "paths": l.report.paths,
                "path_counts": l.report.path_counts(),
                "accelerators": l.accelerators.len(),
                "automaton": automaton,
            })
        })
        .collect();
    json!({
        "restrict": opts.restrict,
        "minimize": opts.minimize,
        "loops": loop_reports,
        "size": {
            "input_bytes": input.len(),
            "input_lines": lines(input),
            "accelerated_bytes": accel_only.len(),
            "accelerated_lines": lines(accel_only),
            "output_bytes": output.len(),
            "output_lines": lines(output),
        },
    })
}

/// 1-based line and column (in characters) of a byte offset.
pub(super) fn line_col(source: &str, offset: usize) -> (usize, usize) {
    crate::diag::render::line_col(source, offset).unwrap_or((0, 0))
}
