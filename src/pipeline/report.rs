//! The transformation's report as JSON (`Outcome::report`, `--report
//! json`). In: the input and output texts and what `instrument` and
//! `restrict` did per loop. Out: one JSON value per file. The stages keep
//! their reports as plain types; their JSON form is written here only.

use super::options::Options;
use crate::instrument::{GuardReport, Instrumented, PathCounts, PathReport};
use crate::reason::Why;
use crate::restrict::apply::LoopOutput;
use serde_json::{Value, json};

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
                    "coverage_check": out.and_then(|o| o.coverage_check).map(|c| c.name()),
                    "cycle_check": out.map(|o| o.cycle_vars.clone()).unwrap_or_default(),
                })
            });
            json!({
                "function": l.report.function,
                "line": line,
                "column": col,
                "kind": l.report.kind.name(),
                "accelerated": l.report.accelerated,
                "restricted": automaton.is_some(),
                "reason": l.report.reason.text(),
                "reason_codes": l.report.reason.codes(),
                "paths": l.report.paths.iter().map(path_json).collect::<Vec<_>>(),
                "path_counts": counts_json(&l.report.path_counts()),
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

/// One iteration path: its steps, whether it is accelerated and why not,
/// its closed forms, guards and no-overflow conditions.
fn path_json(p: &PathReport) -> Value {
    let mut v = json!({
        "steps": p.steps,
        "accelerated": p.accelerated,
        "n_var": p.n_var,
        "merged": p.merged,
        "closed_forms": p.closed_forms.iter().map(|c| json!({
            "var": c.var,
            "ty": c.ty,
            "kind": c.kind.to_string(),
            "formula": c.formula,
        })).collect::<Vec<_>>(),
        "guards": p.guards.iter().map(guard_json).collect::<Vec<_>>(),
        "overflow": p.overflow,
    });
    why_json(&mut v, &p.reason);
    if let Some(period) = p.by_residue {
        v["by_residue"] = json!(period);
    }
    if !p.composed_with.is_empty() {
        v["composed_with"] = json!(p.composed_with);
    }
    v
}

fn guard_json(g: &GuardReport) -> Value {
    json!({
        "cond": g.cond,
        "assertion": g.assertion,
        "after_body": g.after_body,
        "treatment": g.treatment.name(),
    })
}

/// `syntactic` is left out where there were too many paths to count.
fn counts_json(c: &PathCounts) -> Value {
    let mut v = json!({ "feasible": c.feasible, "accelerated": c.accelerated });
    if let Some(s) = c.syntactic {
        v["syntactic"] = json!(s);
    }
    v
}

/// The reasons as one line of text and as codes, beside the other fields.
fn why_json(v: &mut Value, why: &Why) {
    v["reason"] = json!(why.text());
    v["reason_codes"] = json!(why.codes());
}

/// 1-based line and column (in characters) of a byte offset.
pub(super) fn line_col(source: &str, offset: usize) -> (usize, usize) {
    crate::diag::render::line_col(source, offset).unwrap_or((0, 0))
}
