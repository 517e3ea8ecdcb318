//! `explain`'s text of an instrumented program: per function, per loop,
//! what was found and done.
//!
//! In: the `Instrumented` program and its source. Out: plain text.

use super::{GuardTreatment, Instrumented, LinearSum, Program, VarReport, loops};

/// 1-based line and column (in characters) of a byte offset.
fn line_col(source: &str, offset: usize) -> (usize, usize) {
    crate::diag::render::line_col(source, offset).unwrap_or((0, 0))
}

/// Plain-text explanation: per function, per loop, what was found and
/// done.
pub fn explain(_program: &Program, source: &str, inst: &Instrumented) -> String {
    let mut out = String::new();
    let mut current_fn: Option<String> = None;
    for l in &inst.loops {
        let r = &l.report;
        if current_fn.as_deref() != Some(r.function.as_str()) {
            out.push_str(&format!("function {}:\n", r.function));
            current_fn = Some(r.function.clone());
        }
        let (line, col) = line_col(source, r.start);
        out.push_str(&format!(
            "  {} loop at {line}:{col}{}: {}\n",
            r.kind.name(),
            if r.depth > 0 {
                format!(" (nesting depth {})", r.depth)
            } else {
                String::new()
            },
            if r.accelerated {
                "accelerated"
            } else {
                "not accelerated"
            }
        ));
        let vars = |vs: &[VarReport]| {
            vs.iter()
                .map(|v| format!("{} ({})", v.name, v.ty))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!("    reads:  {}\n", vars(&r.reads)));
        out.push_str(&format!("    writes: {}\n", vars(&r.writes)));
        if let Some(reason) = r.reason.text() {
            out.push_str(&format!("    reason: {reason} [{}]\n", r.reason.codes().join(", ")));
        }
        if !r.paths.is_empty() {
            let c = r.path_counts();
            out.push_str(&format!(
                "    paths: {} syntactic, {} feasible, {} accelerated\n",
                c.syntactic
                    .map_or(format!("more than {}", loops::SYNTACTIC_COUNT_LIMIT), |n| n.to_string()),
                c.feasible,
                c.accelerated
            ));
        }
        for (i, p) in r.paths.iter().enumerate() {
            let merged = if let Some(period) = p.by_residue {
                format!(
                    " ({} feasible paths told apart by the counter modulo {period}: one accelerator counts them)",
                    p.merged
                )
            } else if p.merged > 1 {
                format!(" ({} feasible paths with the same effect, merged)", p.merged)
            } else {
                String::new()
            };
            out.push_str(&format!(
                "    path {}: {}{merged}\n",
                i + 1,
                if p.accelerated {
                    "accelerated"
                } else {
                    "not accelerated"
                }
            ));
            for s in &p.steps {
                out.push_str(&format!("      {s}\n"));
            }
            if let Some(reason) = p.reason.text() {
                out.push_str(&format!("      reason: {reason} [{}]\n", p.reason.codes().join(", ")));
                continue;
            }
            if p.composed_with == [i + 1] {
                out.push_str(
                    "      reads a value that alternates: accelerated as this path taken twice (one composed iteration)\n",
                );
            } else if !p.composed_with.is_empty() {
                let rest: Vec<String> = p.composed_with.iter().map(|j| format!("path {j}")).collect();
                out.push_str(&format!(
                    "      alternates: accelerated as this path followed by {} (one composed iteration)\n",
                    rest.join(", then ")
                ));
            }
            if let Some(n) = &p.n_var {
                out.push_str(&format!("      iterations: {n} >= 1 (k counts from 0)\n"));
            }
            for c in &p.closed_forms {
                out.push_str(&format!("      {} ({}, {}): {}\n", c.var, c.ty, c.kind, c.formula));
            }
            for g in &p.guards {
                let what = if g.assertion { "assertion" } else { "guard" };
                let range = if g.after_body { "0 .. n-2" } else { "0 .. n-1" };
                let how = match g.treatment {
                    GuardTreatment::TwoPoint => "checked at the first and last iteration",
                    GuardTreatment::Quantified => "quantified over all iterations",
                    GuardTreatment::SinglePoint => "fails at most at one iteration, excluded in closed form",
                    GuardTreatment::Invariant => "unchanged by the path, checked once",
                    GuardTreatment::Periodic => "repeats with a constant period, checked over one period",
                    GuardTreatment::WrapsAround => {
                        "its counter wraps around: excluded from where it first fails, modulo the type's size"
                    }
                    GuardTreatment::Always => "its counter wraps around, and it holds for every value of the type",
                    GuardTreatment::Counted => "chooses the path by the counter's remainder: counted, not assumed",
                };
                out.push_str(&format!("      {what} {} at iterations {range}: {how}\n", g.cond));
            }
            for o in &p.overflow {
                out.push_str(&format!("      no overflow: {o}\n"));
            }
        }
        let kept: Vec<String> = r.kept_sums().iter().map(LinearSum::kept).collect();
        if !kept.is_empty() {
            out.push_str(&format!(
                "    kept by the accelerated paths (candidate invariants for `verify`'s k-induction, proved before use): {}\n",
                kept.join(", ")
            ));
        }
    }
    if inst.loops.is_empty() {
        out.push_str("no loops\n");
    }
    out
}
