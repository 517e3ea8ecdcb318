//! The gain benchmark's measurements and the rule that judges them.
//!
//! In: the runs of one program (CBMC alone; `tracc accelerate` and CBMC on
//! its output), under each way a user runs CBMC ([`Mode`]). Out: each run's
//! [`RunOutcome`], graded against the program's expected verdict, the
//! [`ModeRow`]s and [`GainRow`] that hold them, and whether a row keeps the
//! rule "never worse" ([`never_worse`]). No process is run here; `gain`
//! runs them and writes the tables.

use std::path::Path;

use serde::Serialize;

use super::cbmc::cbmc_verdict;
use super::expect::Verdict;

/// The two ways a user runs CBMC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    DefaultChecks,
    NoStandardChecks,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::DefaultChecks, Mode::NoStandardChecks];

    pub(super) fn title(self) -> &'static str {
        match self {
            Mode::DefaultChecks => "CBMC's default checks",
            Mode::NoStandardChecks => "`--no-standard-checks`",
        }
    }

    pub(super) fn short(self) -> &'static str {
        match self {
            Mode::DefaultChecks => "default",
            Mode::NoStandardChecks => "--no-standard-checks",
        }
    }

    /// `args` with what this mode adds.
    pub(super) fn with(self, args: &[String]) -> Vec<String> {
        let mut v = args.to_vec();
        if self == Mode::NoStandardChecks && !v.iter().any(|a| a == "--no-standard-checks") {
            v.push("--no-standard-checks".to_string());
        }
        v
    }
}

/// How one run ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RunOutcome {
    /// CBMC's verdict (SAFE, UNSAFE or UNKNOWN); `wrong` when it is SAFE
    /// or UNSAFE and the expected verdict is the other one.
    Verdict {
        verdict: &'static str,
        wrong: bool,
    },
    /// `tracc accelerate` wrote its output.
    Done,
    Timeout,
    OutOfMemory,
    /// The tool failed or refused; the first line that says why.
    Error {
        message: String,
    },
    /// Not run: the step before it failed.
    Skipped,
}

/// One child process: what it was given and how it went.
#[derive(Clone, Debug, Serialize)]
pub struct Run {
    /// The arguments after the executable.
    pub args: Vec<String>,
    #[serde(flatten)]
    pub outcome: RunOutcome,
    pub seconds: f64,
    /// The peak resident memory of the process tree, as sampled.
    pub peak_mib: f64,
}

impl Run {
    pub(super) fn skipped(args: Vec<String>) -> Run {
        Run {
            args,
            outcome: RunOutcome::Skipped,
            seconds: 0.0,
            peak_mib: 0.0,
        }
    }

    /// SAFE or UNSAFE, right or without an expectation: a verdict a user
    /// can act on.
    pub(super) fn decided(&self) -> Option<&'static str> {
        match self.outcome {
            RunOutcome::Verdict { verdict, wrong: false } if verdict != "UNKNOWN" => Some(verdict),
            _ => None,
        }
    }

    pub(super) fn wrong(&self) -> bool {
        matches!(self.outcome, RunOutcome::Verdict { wrong: true, .. })
    }

    /// Whether the run stopped by itself (so its time and memory are its
    /// own, not a limit's).
    pub(super) fn finished(&self) -> bool {
        matches!(
            self.outcome,
            RunOutcome::Verdict { .. } | RunOutcome::Done | RunOutcome::Error { .. }
        )
    }

    pub(super) fn cell(&self) -> String {
        match &self.outcome {
            RunOutcome::Verdict { verdict, wrong: true } => format!("**WRONG: {verdict}**"),
            RunOutcome::Verdict { verdict, .. } => verdict.to_string(),
            RunOutcome::Done => "done".to_string(),
            RunOutcome::Timeout => "T/O".to_string(),
            RunOutcome::OutOfMemory => "OOM".to_string(),
            RunOutcome::Error { .. } => "error".to_string(),
            RunOutcome::Skipped => "-".to_string(),
        }
    }
}

/// One side of a row, as the rule sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// SAFE or UNSAFE, not contradicting the expectation.
    pub decided: Option<&'static str>,
    /// A SAFE or UNSAFE that contradicts the expectation.
    pub wrong: bool,
    pub seconds: f64,
    pub peak_mib: f64,
}

/// Whether tracc + CBMC is never worse than CBMC alone on one program.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Rule {
    /// Both decide, tracc + CBMC within the margins of time and memory.
    Kept,
    /// CBMC alone does not decide; tracc + CBMC does.
    Gain,
    /// Neither decides.
    Neither,
    /// The rule is broken: `wrong`, `undecided`, `disagree`, `time`, `memory`.
    Worse { reasons: Vec<&'static str> },
}

impl Rule {
    pub(super) fn cell(&self) -> String {
        match self {
            Rule::Kept => "ok".to_string(),
            Rule::Gain => "gain".to_string(),
            Rule::Neither => "-".to_string(),
            Rule::Worse { reasons } => format!("**WORSE: {}**", reasons.join(", ")),
        }
    }
}

/// The rule "never worse": where CBMC alone decides, tracc + CBMC decides
/// too, the same way, in time <= max(1.5 x alone, alone + 0.5 s) and
/// peak memory <= max(1.5 x alone, alone + 64 MiB); where CBMC alone does
/// not decide, a decision by tracc + CBMC is a gain. A wrong verdict of
/// tracc + CBMC breaks the rule whatever CBMC alone says. The margins
/// absorb the noise of short runs and of process start.
pub fn never_worse(alone: &Side, tracc: &Side) -> Rule {
    if tracc.wrong {
        return Rule::Worse { reasons: vec!["wrong"] };
    }
    match (alone.decided, tracc.decided) {
        (Some(a), Some(t)) => {
            let mut reasons = Vec::new();
            if a != t {
                reasons.push("disagree");
            }
            if tracc.seconds > (1.5 * alone.seconds).max(alone.seconds + 0.5) {
                reasons.push("time");
            }
            if tracc.peak_mib > (1.5 * alone.peak_mib).max(alone.peak_mib + 64.0) {
                reasons.push("memory");
            }
            if reasons.is_empty() {
                Rule::Kept
            } else {
                Rule::Worse { reasons }
            }
        }
        (Some(_), None) => Rule::Worse {
            reasons: vec!["undecided"],
        },
        (None, Some(_)) => Rule::Gain,
        (None, None) => Rule::Neither,
    }
}

/// One program under one mode.
#[derive(Clone, Debug, Serialize)]
pub struct ModeRow {
    pub mode: Mode,
    pub alone: Run,
    /// CBMC on tracc's output.
    pub tracc_cbmc: Run,
    /// The tracc side: the transformation and then CBMC.
    pub tracc_seconds: f64,
    pub tracc_peak_mib: f64,
    /// tracc side over CBMC alone. Where a side was stopped at a limit its
    /// figure is the limit's, so the ratio is a bound, not a measurement.
    pub time_ratio: Option<f64>,
    pub memory_ratio: Option<f64>,
    #[serde(flatten)]
    pub rule: Rule,
}

impl ModeRow {
    pub(super) fn sides(&self) -> (Side, Side) {
        let alone = Side {
            decided: self.alone.decided(),
            wrong: self.alone.wrong(),
            seconds: self.alone.seconds,
            peak_mib: self.alone.peak_mib,
        };
        let tracc = Side {
            decided: self.tracc_cbmc.decided(),
            wrong: self.tracc_cbmc.wrong(),
            seconds: self.tracc_seconds,
            peak_mib: self.tracc_peak_mib,
        };
        (alone, tracc)
    }
}

/// One program's measurements.
#[derive(Clone, Debug, Serialize)]
pub struct GainRow {
    pub program: String,
    pub expected: Option<Verdict>,
    /// `tracc accelerate`, shared by both modes (its output does not depend
    /// on CBMC's checks).
    pub transform: Run,
    /// The arguments of CBMC after tracc's output, with default checks:
    /// the report's `cbmc_args`, else `--unwind 3 --unwinding-assertions`.
    pub cbmc_args: Vec<String>,
    pub cbmc_args_from_report: bool,
    pub modes: Vec<ModeRow>,
}

impl GainRow {
    pub fn file_name(&self) -> String {
        Path::new(&self.program)
            .file_name()
            .map_or_else(|| self.program.clone(), |n| n.to_string_lossy().into_owned())
    }
}

/// The line that says why a tool failed: the first that mentions an error
/// (CBMC prints progress and warnings before it), else the first at all.
pub(super) fn error_line(stdout: &str, stderr: &str) -> String {
    let lines = || {
        stderr
            .lines()
            .chain(stdout.lines())
            .map(str::trim)
            .filter(|l| !l.is_empty())
    };
    lines()
        .find(|l| l.to_ascii_lowercase().contains("error"))
        .or_else(|| lines().next())
        .unwrap_or("no message")
        .to_string()
}

/// CBMC's outcome from its exit and output: exit 0 with `VERIFICATION
/// SUCCESSFUL` is SAFE; exit 10 with `VERIFICATION FAILED` is UNSAFE,
/// unless every failed property is an unwinding assertion, which leaves the
/// verdict open (UNKNOWN); anything else is an error.
pub fn cbmc_outcome(code: Option<i32>, stdout: &str, stderr: &str, expected: Option<Verdict>) -> RunOutcome {
    match code.and_then(|c| cbmc_verdict(c, stdout)) {
        Some(verdict) => RunOutcome::Verdict {
            verdict,
            wrong: matches!(verdict, "SAFE" | "UNSAFE") && expected.is_some_and(|e| e.as_str() != verdict),
        },
        None => RunOutcome::Error {
            message: match code {
                Some(c) => format!("exit {c}: {}", error_line(stdout, stderr)),
                None => format!("killed by a signal: {}", error_line(stdout, stderr)),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unwinding_failures_leave_the_verdict_open() {
        let unwinding = "** Results:\n[main.unwind.0] line 5 unwinding assertion loop 0: FAILURE\n[main.assertion.1] line 7 assertion x == 3: SUCCESS\n\n** 1 of 2 failed (2 iterations)\nVERIFICATION FAILED\n";
        assert_eq!(
            cbmc_outcome(Some(10), unwinding, "", Some(Verdict::Safe)),
            RunOutcome::Verdict {
                verdict: "UNKNOWN",
                wrong: false
            }
        );
        let real = "[main.unwind.0] line 5 unwinding assertion loop 0: FAILURE\n[main.assertion.1] line 7 assertion x == 3: FAILURE\nVERIFICATION FAILED\n";
        assert_eq!(
            cbmc_outcome(Some(10), real, "", Some(Verdict::Unsafe)),
            RunOutcome::Verdict {
                verdict: "UNSAFE",
                wrong: false
            }
        );
        // A decided verdict against the expectation is wrong.
        assert_eq!(
            cbmc_outcome(Some(10), real, "", Some(Verdict::Safe)),
            RunOutcome::Verdict {
                verdict: "UNSAFE",
                wrong: true
            }
        );
        assert_eq!(
            cbmc_outcome(Some(0), "VERIFICATION SUCCESSFUL\n", "", None),
            RunOutcome::Verdict {
                verdict: "SAFE",
                wrong: false
            }
        );
        assert_eq!(
            cbmc_outcome(
                Some(6),
                "CBMC version 6.6.0\nType-checking t\n",
                "file t.c line 3: syntax error before 'x'\nPARSING ERROR\n",
                None
            ),
            RunOutcome::Error {
                message: "exit 6: file t.c line 3: syntax error before 'x'".to_string()
            }
        );
    }

    fn side(decided: Option<&'static str>, seconds: f64, peak_mib: f64) -> Side {
        Side {
            decided,
            wrong: false,
            seconds,
            peak_mib,
        }
    }

    #[test]
    fn never_worse_allows_margins_and_counts_gains() {
        let alone = side(Some("SAFE"), 0.2, 30.0);
        // Short runs: 0.5 s and 64 MiB of slack.
        assert_eq!(never_worse(&alone, &side(Some("SAFE"), 0.7, 94.0)), Rule::Kept);
        assert_eq!(
            never_worse(&alone, &side(Some("SAFE"), 0.71, 95.0)),
            Rule::Worse {
                reasons: vec!["time", "memory"]
            }
        );
        // Long runs: 1.5 times.
        let slow = side(Some("UNSAFE"), 10.0, 1000.0);
        assert_eq!(never_worse(&slow, &side(Some("UNSAFE"), 15.0, 1500.0)), Rule::Kept);
        assert_eq!(
            never_worse(&slow, &side(Some("UNSAFE"), 15.1, 100.0)),
            Rule::Worse { reasons: vec!["time"] }
        );
        assert_eq!(
            never_worse(&slow, &side(None, 1.0, 10.0)),
            Rule::Worse {
                reasons: vec!["undecided"]
            }
        );
        assert_eq!(
            never_worse(&slow, &side(Some("SAFE"), 1.0, 10.0)),
            Rule::Worse {
                reasons: vec!["disagree"]
            }
        );
        let undecided = side(None, 60.0, 5000.0);
        assert_eq!(never_worse(&undecided, &side(Some("SAFE"), 100.0, 9000.0)), Rule::Gain);
        assert_eq!(never_worse(&undecided, &side(None, 1.0, 1.0)), Rule::Neither);
        let wrong = Side {
            wrong: true,
            ..side(None, 0.1, 1.0)
        };
        assert_eq!(never_worse(&undecided, &wrong), Rule::Worse { reasons: vec!["wrong"] });
    }
}
