//! What a benchmark program is expected to give.
//!
//! In: a program's path and text (and an SV-COMP task file `NAME.yml` next
//! to it, if any). Out: an [`Expectation`]: the verdict of a bounded model
//! checker that covers every execution, plus, for tracc's own fixtures, the
//! covering bound and the verdict `tracc verify --unwind 3` reaches.
//!
//! Sources, first match wins: the first-line comment
//! `// tracc: expect SAFE|UNSAFE[ bound=N][ verify=SAFE|UNSAFE|UNKNOWN][ induction=K][ model=32]`;
//! an SV-COMP task file whose `unreach-call` property has an
//! `expected_verdict`; the SV-COMP naming convention (`_true-unreach-call`,
//! `_false-unreach-call`, or a `_true`/`_false` word in the file name).

use crate::ir::DataModel;
use std::path::Path;

/// The verdict a program is expected to have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Verdict {
    Safe,
    Unsafe,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "SAFE",
            Verdict::Unsafe => "UNSAFE",
        }
    }
}

/// The expected verdict of `tracc verify --unwind 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyVerdict {
    Safe,
    Unsafe,
    Unknown,
}

/// A fixture's first line: its verdict, when given the unwinding bound
/// that covers every execution of the input, and when given the verdict
/// `tracc verify --unwind 3` reaches on it (SAFE or UNSAFE where the
/// transformation makes the program shallow, UNKNOWN where it cannot, for
/// example because a value wraps around or two paths alternate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub verdict: Verdict,
    pub bound: Option<u32>,
    pub verify: Option<VerifyVerdict>,
    /// `tracc verify` proves the program by k-induction with this k (where
    /// `verify` at `--unwind 3` alone is UNKNOWN).
    pub induction: Option<u32>,
    /// The data model the verdicts hold in (`model=32`: ILP32, as `tracc
    /// --32` and `cbmc --32` read it; LP64 otherwise).
    pub model: DataModel,
}

/// Parse a line of the form
/// `// tracc: expect (SAFE|UNSAFE)( bound=N)?( verify=(SAFE|UNSAFE|UNKNOWN))?( induction=K)?( model=32)?`.
/// Trailing whitespace (and a `\r`) is ignored; anything else is an error.
pub fn parse_expectation(line: &str) -> Result<Expectation, String> {
    let bad = || {
        format!(
            "expected `// tracc: expect SAFE|UNSAFE[ bound=N][ verify=SAFE|UNSAFE|UNKNOWN][ induction=K][ model=32]`, found `{line}`"
        )
    };
    let rest = line.trim_end().strip_prefix("// tracc: expect ").ok_or_else(bad)?;
    let mut words = rest.split(' ');
    let verdict = match words.next() {
        Some("SAFE") => Verdict::Safe,
        Some("UNSAFE") => Verdict::Unsafe,
        _ => return Err(bad()),
    };
    let mut bound = None;
    let mut verify = None;
    let mut induction = None;
    let mut model = None;
    for word in words {
        if model.is_some() {
            return Err(bad());
        }
        if word == "model=32" {
            model = Some(DataModel::Ilp32);
        } else if let Some(digits) = word.strip_prefix("bound=") {
            if bound.is_some() || verify.is_some() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            bound = Some(digits.parse::<u32>().map_err(|e| format!("bound in `{line}`: {e}"))?);
        } else if let Some(digits) = word.strip_prefix("induction=") {
            if induction.is_some() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            induction = Some(
                digits
                    .parse::<u32>()
                    .map_err(|e| format!("induction in `{line}`: {e}"))?,
            );
        } else if let Some(v) = word.strip_prefix("verify=") {
            if verify.is_some() || induction.is_some() {
                return Err(bad());
            }
            verify = Some(match v {
                "SAFE" => VerifyVerdict::Safe,
                "UNSAFE" => VerifyVerdict::Unsafe,
                "UNKNOWN" => VerifyVerdict::Unknown,
                _ => return Err(bad()),
            });
        } else {
            return Err(bad());
        }
    }
    Ok(Expectation {
        verdict,
        bound,
        verify,
        induction,
        model: model.unwrap_or(DataModel::Lp64),
    })
}

/// The expectation stated on the first line of a fixture's text.
pub fn expectation_of(text: &str) -> Result<Expectation, String> {
    parse_expectation(text.lines().next().unwrap_or(""))
}

/// The expected verdict of a benchmark program from any of the sources in
/// the module comment, `None` when none says.
pub fn expected_verdict(path: &Path, text: &str) -> Option<Verdict> {
    if let Ok(e) = expectation_of(text) {
        return Some(e.verdict);
    }
    if let Some(v) = path
        .with_extension("yml")
        .exists()
        .then(|| std::fs::read_to_string(path.with_extension("yml")).ok())
        .flatten()
        .and_then(|yml| verdict_from_task_file(&yml))
    {
        return Some(v);
    }
    verdict_from_name(&path.file_stem()?.to_string_lossy())
}

/// The `expected_verdict` of the `unreach-call` property in an SV-COMP task
/// definition (format 2.0): `true` means the error is unreachable (SAFE).
pub fn verdict_from_task_file(yml: &str) -> Option<Verdict> {
    let mut in_unreach_call = false;
    for line in yml.lines() {
        let line = line.trim();
        if let Some(file) = line.strip_prefix("- property_file:") {
            in_unreach_call = file.trim().ends_with("unreach-call.prp");
        } else if in_unreach_call && let Some(v) = line.strip_prefix("expected_verdict:") {
            return match v.trim() {
                "true" => Some(Verdict::Safe),
                "false" => Some(Verdict::Unsafe),
                _ => None,
            };
        }
    }
    None
}

/// SV-COMP's older naming: `NAME_true-unreach-call`, `NAME_false-unreach-call`,
/// or a `true` / `false` word among the `_`-separated parts of the name.
pub fn verdict_from_name(stem: &str) -> Option<Verdict> {
    if stem.contains("_true-unreach-call") {
        return Some(Verdict::Safe);
    }
    if stem.contains("_false-unreach-call") {
        return Some(Verdict::Unsafe);
    }
    let words: Vec<&str> = stem.split(['_', '-']).collect();
    match (words.contains(&"true"), words.contains(&"false")) {
        (true, false) => Some(Verdict::Safe),
        (false, true) => Some(Verdict::Unsafe),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_parse() {
        let e = parse_expectation("// tracc: expect UNSAFE bound=7 verify=UNKNOWN\r").expect("valid");
        assert_eq!(e.verdict, Verdict::Unsafe);
        assert_eq!(e.bound, Some(7));
        assert_eq!(e.verify, Some(VerifyVerdict::Unknown));
        assert!(parse_expectation("// tracc: expect SAFE verify=SAFE bound=3").is_err());
        assert!(parse_expectation("// tracc: expect MAYBE").is_err());
    }

    #[test]
    fn names_and_task_files_give_verdicts() {
        assert_eq!(verdict_from_name("sum01_true-unreach-call"), Some(Verdict::Safe));
        assert_eq!(
            verdict_from_name("count_up_false-unreach-call_true-termination"),
            Some(Verdict::Unsafe)
        );
        assert_eq!(verdict_from_name("array_true"), Some(Verdict::Safe));
        assert_eq!(verdict_from_name("array_safe1"), None);
        let yml = "format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n  - property_file: ../properties/termination.prp\n    expected_verdict: false\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n";
        assert_eq!(verdict_from_task_file(yml), Some(Verdict::Safe));
        assert_eq!(verdict_from_task_file("properties: []\n"), None);
    }
}
