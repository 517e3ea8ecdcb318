//! A check's report (`CheckReport`: the verdict, failures with their
//! traces) and its rendering: human text (last line = verdict word) and
//! JSON. In: the report and a [`Locate`] that turns spans of the checked
//! text into file, line and column (the checked text itself, or for `tracc
//! verify` the input that tracc transformed). Out: a `String` or a
//! `serde_json::Value`.

use std::fmt::Write;

use serde_json::json;

use super::symex::PropKind;
use crate::diag::Diagnostic;
use crate::ir::Span;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Safe,
    Unsafe,
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "SAFE",
            Verdict::Unsafe => "UNSAFE",
            Verdict::Unknown => "UNKNOWN",
        }
    }
}

/// What a failed property is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// `assert` / `__CPROVER_assert`.
    Assertion,
    /// `__VERIFIER_error()` / `reach_error()` reached.
    ErrorCall,
    /// The `--error-label` label reached.
    ErrorLabel,
    /// A loop's unwinding assertion (the span is the loop).
    Unwinding,
    /// Recursion deeper than the bound (the span is the call).
    Recursion,
    /// Signed arithmetic out of range (with `signed_overflow` only).
    Overflow,
    /// An array index out of bounds (with `bounds_check` only).
    Bounds,
    /// A division or remainder by zero (with `div_by_zero` only).
    DivByZero,
    /// A shift by an amount out of range or `<<` of a negative value (with
    /// `undefined_shift` only).
    UndefinedShift,
    /// `*p` of the null pointer or outside its object (with
    /// `pointer_check` only).
    Pointer,
    /// A candidate invariant of k-induction (check/induction.rs) fails.
    Invariant,
}

impl FailureKind {
    pub(super) fn from_prop(k: PropKind) -> FailureKind {
        match k {
            PropKind::Assert => FailureKind::Assertion,
            PropKind::ErrorCall => FailureKind::ErrorCall,
            PropKind::ErrorLabel => FailureKind::ErrorLabel,
            PropKind::Unwind => FailureKind::Unwinding,
            PropKind::Recursion => FailureKind::Recursion,
            PropKind::Overflow => FailureKind::Overflow,
            PropKind::Bounds => FailureKind::Bounds,
            PropKind::DivByZero => FailureKind::DivByZero,
            PropKind::UndefinedShift => FailureKind::UndefinedShift,
            PropKind::Pointer => FailureKind::Pointer,
            PropKind::Invariant => FailureKind::Invariant,
        }
    }
}

/// A property that can fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    pub span: Span,
    pub message: String,
    /// The counterexample leading to it (empty for unwinding failures and
    /// when not computed).
    pub trace: Vec<TraceStep>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// An assignment, `++`/`--` or compound assignment.
    Assign,
    /// A declaration with initialiser.
    Decl,
    /// An uninitialised local (its indeterminate value).
    Uninit,
    /// A parameter bound at a call.
    Param,
    /// A nondeterministic choice.
    Nondet,
    /// The failed property (last step).
    Failure,
}

/// One step of a counterexample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub kind: StepKind,
    pub span: Span,
    /// What was assigned: `x`, `a[3]`, `nondet_int()`; the message for the
    /// failure step.
    pub target: String,
    /// The value, decimal, signed per the target's type.
    pub value: Option<i128>,
}

/// The result of checking one program.
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub verdict: Verdict,
    /// Failed user properties (assertions, error calls/labels): UNSAFE.
    pub failures: Vec<Failure>,
    /// Unwinding (and recursion) assertions that can fail: UNKNOWN.
    pub unwinding_failures: Vec<Failure>,
    /// The counterexample of the first failure (UNSAFE only).
    pub trace: Vec<TraceStep>,
    /// Number of user properties and unwinding assertions encoded.
    pub properties: usize,
    pub unwinding_assertions: usize,
    pub encode_time: Duration,
    pub solver_time: Duration,
    /// Why the verdict is UNKNOWN when it is not an unwinding failure
    /// (timeout, solver gave up).
    pub unknown_reason: Option<String>,
    pub unwind: u32,
    /// The checks beside assertions and unwinding assertions, as CBMC
    /// names them (`signed-overflow`, `bounds`, and `malloc-may-fail` when
    /// an allocation may return null): what a SAFE covers.
    pub checks: Vec<&'static str>,
    /// Warnings from lowering (constructs kept opaque), filled by
    /// `check_source`.
    pub warnings: Vec<Diagnostic>,
    /// SAFE by k-induction on this loop, not by unwinding alone.
    pub induction: Option<ByInduction>,
    /// k-induction's candidate invariants (by their number, with repeats)
    /// whose check
    /// ran out of its resource budget (`CheckOptions::candidate_rlimit`): dropped
    /// as the failed ones are, never assumed.
    pub candidates_given_up: Vec<usize>,
}

/// How a SAFE was proved by k-induction (check/induction.rs): on the loop
/// at `target` (its statement), with `k` iterations; the other loops at
/// the report's `unwind`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByInduction {
    pub target: Span,
    pub k: u32,
    /// The invariants proved with the program's properties and assumed in
    /// the step case.
    pub invariants: Vec<String>,
}

impl CheckReport {
    /// The loops whose unwinding assertion can fail (their statements'
    /// spans): the targets `induction::prove` may take.
    pub fn loops_not_unwound(&self) -> Vec<Span> {
        (self.unwinding_failures.iter())
            .filter(|f| f.kind == FailureKind::Unwinding)
            .map(|f| f.span)
            .collect()
    }

    /// Exit status for the CLI: SAFE 0, UNSAFE 10, UNKNOWN 20.
    pub fn exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Safe => 0,
            Verdict::Unsafe => 10,
            Verdict::Unknown => 20,
        }
    }

    /// Human-readable report; the last line is exactly the verdict word.
    pub fn render(&self, file_name: &str, source: &str, show_trace: bool) -> String {
        render(
            self,
            &InText {
                file: file_name,
                text: source,
            },
            show_trace,
        )
    }

    /// As [`CheckReport::render`], with locations shown where `at` says
    /// (`tracc verify` shows them in the input it transformed).
    pub fn render_at(&self, at: &dyn Locate, show_trace: bool) -> String {
        render(self, at, show_trace)
    }

    /// Machine-readable report for `--json`; the traces (`trace`, and each
    /// failure's) only with `show_trace`, as in the text report.
    pub fn to_json(&self, file_name: &str, source: &str, show_trace: bool) -> serde_json::Value {
        to_json(
            self,
            file_name,
            &InText {
                file: file_name,
                text: source,
            },
            show_trace,
        )
    }

    /// As [`CheckReport::to_json`], with locations shown where `at` says.
    pub fn to_json_at(&self, file_name: &str, at: &dyn Locate, show_trace: bool) -> serde_json::Value {
        to_json(self, file_name, at, show_trace)
    }
}

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

/// Where a span of the checked text is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    /// 1-based line and column (in characters); `None` when unknown.
    pub line_col: Option<(usize, usize)>,
    /// The span lies in code that tracc generated (shown at the construct
    /// it replaced).
    pub generated: bool,
}

/// Turns spans of the checked text into places to show.
pub trait Locate {
    fn place(&self, span: Span) -> Place;
}

/// Spans shown in the checked text itself, under the name `file`.
pub struct InText<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

impl Locate for InText<'_> {
    fn place(&self, span: Span) -> Place {
        Place {
            file: self.file.to_string(),
            line_col: line_col(self.text, span),
            generated: false,
        }
    }
}

fn loc(at: &dyn Locate, span: Span) -> String {
    let p = at.place(span);
    match p.line_col {
        Some((l, c)) => format!("{}:{l}:{c}", p.file),
        None => format!("{}:?", p.file),
    }
}

fn kind_str(k: FailureKind) -> &'static str {
    match k {
        FailureKind::Assertion => "assertion",
        FailureKind::ErrorCall => "error-call",
        FailureKind::ErrorLabel => "error-label",
        FailureKind::Unwinding => "unwinding",
        FailureKind::Recursion => "recursion",
        FailureKind::Overflow => "overflow",
        FailureKind::Bounds => "bounds",
        FailureKind::DivByZero => "division-by-zero",
        FailureKind::UndefinedShift => "undefined-shift",
        FailureKind::Pointer => "pointer-dereference",
        FailureKind::Invariant => "invariant",
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

pub(crate) fn render(r: &CheckReport, at: &dyn Locate, show_trace: bool) -> String {
    let mut out = String::new();
    match r.verdict {
        Verdict::Unsafe => {
            for f in &r.failures {
                let _ = writeln!(out, "{}: failed: {}", loc(at, f.span), f.message);
            }
            if show_trace && !r.trace.is_empty() {
                let _ = writeln!(out, "Trace:");
                for s in &r.trace {
                    let p = at.place(s.span);
                    let line = p.line_col.map_or_else(|| "?".to_string(), |(l, _)| l.to_string());
                    let generated = if p.generated { " (generated)" } else { "" };
                    let _ = writeln!(out, "  {}:{line}: {}{generated}", p.file, step_text(s));
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
                    loc(at, f.span),
                    r.unwind
                );
            }
            if let Some(reason) = &r.unknown_reason {
                let _ = writeln!(out, "inconclusive: {reason}");
            }
        }
        Verdict::Safe => {
            let checked = if r.checks.is_empty() {
                "no standard checks".to_string()
            } else {
                format!("checks: {}", r.checks.join(", "))
            };
            match &r.induction {
                Some(by) => {
                    let with = if by.invariants.is_empty() {
                        String::new()
                    } else {
                        format!(" with the invariants {}", by.invariants.join(", "))
                    };
                    let _ = writeln!(
                        out,
                        "{} {} proved by {}-induction on the loop at {}{with}, the other loops with --unwind {} ({checked})",
                        r.properties,
                        if r.properties == 1 {
                            "property holds:"
                        } else {
                            "properties hold:"
                        },
                        by.k,
                        loc(at, by.target),
                        r.unwind
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "{} propert{} and {} unwinding assertion{} hold with --unwind {} ({checked})",
                        r.properties,
                        if r.properties == 1 { "y" } else { "ies" },
                        r.unwinding_assertions,
                        if r.unwinding_assertions == 1 { "" } else { "s" },
                        r.unwind
                    );
                }
            }
        }
    }
    out.push_str(r.verdict.as_str());
    out
}

fn trace_json(trace: &[TraceStep], at: &dyn Locate) -> Vec<serde_json::Value> {
    trace
        .iter()
        .map(|s| {
            let p = at.place(s.span);
            let mut v = json!({
                "kind": step_kind_str(s.kind),
                "line": p.line_col.map(|(l, _)| l),
                "target": s.target,
                "value": s.value.map(|v| v.to_string()),
            });
            if p.generated {
                v["generated"] = json!(true);
            }
            v
        })
        .collect()
}

fn failure_json(f: &Failure, at: &dyn Locate, show_trace: bool) -> serde_json::Value {
    let p = at.place(f.span);
    let (line, col) = p.line_col.unzip();
    let mut v = json!({
        "kind": kind_str(f.kind),
        "file": p.file,
        "line": line,
        "column": col,
        "message": f.message,
    });
    if p.generated {
        v["generated"] = json!(true);
    }
    if show_trace && !f.trace.is_empty() {
        v["trace"] = serde_json::Value::Array(trace_json(&f.trace, at));
    }
    v
}

pub(crate) fn to_json(r: &CheckReport, file: &str, at: &dyn Locate, show_trace: bool) -> serde_json::Value {
    let trace = if show_trace {
        trace_json(&r.trace, at)
    } else {
        Vec::new()
    };
    json!({
        "file": file,
        "verdict": r.verdict.as_str(),
        "checks": r.checks,
        "unwind": r.unwind,
        "properties": r.properties,
        "unwinding_assertions": r.unwinding_assertions,
        "failures": r.failures.iter().map(|f| failure_json(f, at, show_trace)).collect::<Vec<_>>(),
        "unwinding_failures": r.unwinding_failures.iter().map(|f| failure_json(f, at, show_trace)).collect::<Vec<_>>(),
        "trace": trace,
        "unknown_reason": r.unknown_reason,
        "induction": r.induction.as_ref().map(|by| {
            let p = at.place(by.target);
            let (line, column) = p.line_col.unzip();
            json!({ "k": by.k, "file": p.file, "line": line, "column": column, "invariants": by.invariants })
        }),
        "encode_ms": r.encode_time.as_secs_f64() * 1000.0,
        "solver_ms": r.solver_time.as_secs_f64() * 1000.0,
    })
}

/// The number of the candidate a property message names (`invariant 3:
/// ...`, as the step case's symbolic execution writes them).
pub(crate) fn candidate_number(message: &str) -> Option<usize> {
    message.strip_prefix("invariant ")?.split(':').next()?.parse().ok()
}
