//! Rendering of a `CheckReport`: human text (last line = verdict word) and
//! JSON. In: the report, the file name and the source text (for line and
//! column numbers). Out: a `String` or a `serde_json::Value`.

use std::fmt::Write;

use serde_json::json;

use super::{CheckReport, Failure, FailureKind, StepKind, TraceStep, Verdict};
use crate::ir::Span;

/// 1-based line and column (in characters) of a byte offset.
pub(crate) fn line_col(source: &str, span: Span) -> Option<(usize, usize)> {
    if span.is_synthetic() {
        return None;
    }
    let mut off = span.start.min(source.len());
    while !source.is_char_boundary(off) {
        off -= 1;
    }
    let before = &source[..off];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = source[line_start..off].chars().count() + 1;
    Some((line, col))
}

fn loc(file: &str, source: &str, span: Span) -> String {
    match line_col(source, span) {
        Some((l, c)) => format!("{file}:{l}:{c}"),
        None => format!("{file}:?"),
    }
}

fn kind_str(k: FailureKind) -> &'static str {
    match k {
        FailureKind::Assertion => "assertion",
        FailureKind::ErrorCall => "error-call",
        FailureKind::ErrorLabel => "error-label",
        FailureKind::Unwinding => "unwinding",
        FailureKind::Recursion => "recursion",
    }
}

fn step_kind_str(k: StepKind) -> &'static str {
    match k {
        StepKind::Assign => "assign",
        StepKind::Decl => "decl",
        StepKind::Uninit => "uninitialised",
        StepKind::Param => "param",
        StepKind::Nondet => "nondet",
        StepKind::Failure => "failure",
    }
}

fn step_text(s: &TraceStep) -> String {
    let v = s.value.map_or_else(|| "?".to_string(), |v| v.to_string());
    match s.kind {
        StepKind::Failure => format!("FAILED: {}", s.target),
        StepKind::Uninit => format!("{} = {v} (uninitialised)", s.target),
        StepKind::Param => format!("{} = {v} (argument)", s.target),
        StepKind::Nondet => format!("{} = {v} (nondeterministic)", s.target),
        StepKind::Assign | StepKind::Decl => format!("{} = {v}", s.target),
    }
}

pub(crate) fn render(r: &CheckReport, file: &str, source: &str, show_trace: bool) -> String {
    let mut out = String::new();
    match r.verdict {
        Verdict::Unsafe => {
            for f in &r.failures {
                let _ = writeln!(out, "{}: failed: {}", loc(file, source, f.span), f.message);
            }
            if show_trace && !r.trace.is_empty() {
                let _ = writeln!(out, "Trace:");
                for s in &r.trace {
                    let line = line_col(source, s.span).map_or_else(|| "?".to_string(), |(l, _)| l.to_string());
                    let _ = writeln!(out, "  {file}:{line}: {}", step_text(s));
                }
            }
        }
        Verdict::Unknown => {
            for f in &r.unwinding_failures {
                let what = match f.kind {
                    FailureKind::Recursion => "recursion not fully unwound",
                    _ => "loop not fully unwound",
                };
                let _ = writeln!(
                    out,
                    "{}: unwinding assertion: {what} with --unwind {}",
                    loc(file, source, f.span),
                    r.unwind
                );
            }
            if let Some(reason) = &r.unknown_reason {
                let _ = writeln!(out, "inconclusive: {reason}");
            }
        }
        Verdict::Safe => {
            let _ = writeln!(
                out,
                "{} propert{} and {} unwinding assertion{} hold with --unwind {}",
                r.properties,
                if r.properties == 1 { "y" } else { "ies" },
                r.unwinding_assertions,
                if r.unwinding_assertions == 1 { "" } else { "s" },
                r.unwind
            );
        }
    }
    out.push_str(r.verdict.as_str());
    out
}

fn failure_json(f: &Failure, file: &str, source: &str) -> serde_json::Value {
    let (line, col) = line_col(source, f.span).unzip();
    json!({
        "kind": kind_str(f.kind),
        "file": file,
        "line": line,
        "column": col,
        "message": f.message,
    })
}

pub(crate) fn to_json(r: &CheckReport, file: &str, source: &str) -> serde_json::Value {
    let trace: Vec<serde_json::Value> = r
        .trace
        .iter()
        .map(|s| {
            json!({
                "kind": step_kind_str(s.kind),
                "line": line_col(source, s.span).map(|(l, _)| l),
                "target": s.target,
                "value": s.value.map(|v| v.to_string()),
            })
        })
        .collect();
    json!({
        "file": file,
        "verdict": r.verdict.as_str(),
        "unwind": r.unwind,
        "properties": r.properties,
        "unwinding_assertions": r.unwinding_assertions,
        "failures": r.failures.iter().map(|f| failure_json(f, file, source)).collect::<Vec<_>>(),
        "unwinding_failures": r.unwinding_failures.iter().map(|f| failure_json(f, file, source)).collect::<Vec<_>>(),
        "trace": trace,
        "unknown_reason": r.unknown_reason,
        "encode_ms": r.encode_time.as_secs_f64() * 1000.0,
        "solver_ms": r.solver_time.as_secs_f64() * 1000.0,
    })
}
