//! Shared helpers for the integration tests: the fixture list and the
//! parser of a fixture's first-line expectation.
//!
//! In: `fixtures/*.c` (each starting with
//! `// tracc: expect SAFE|UNSAFE[ bound=N]`). Out: sorted paths and
//! `Expectation` values.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The verdict a fixture expects from a bounded model checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Safe,
    Unsafe,
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
}

/// The expected verdict of `tracc verify --unwind 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyVerdict {
    Safe,
    Unsafe,
    Unknown,
}

/// Parse a line of the form
/// `// tracc: expect (SAFE|UNSAFE)( bound=N)?( verify=(SAFE|UNSAFE|UNKNOWN))?`.
/// Trailing whitespace (and a `\r`) is ignored; anything else is an error.
pub fn parse_expectation(line: &str) -> Result<Expectation, String> {
    let bad =
        || format!("expected `// tracc: expect SAFE|UNSAFE[ bound=N][ verify=SAFE|UNSAFE|UNKNOWN]`, found `{line}`");
    let rest = line.trim_end().strip_prefix("// tracc: expect ").ok_or_else(bad)?;
    let mut words = rest.split(' ');
    let verdict = match words.next() {
        Some("SAFE") => Verdict::Safe,
        Some("UNSAFE") => Verdict::Unsafe,
        _ => return Err(bad()),
    };
    let mut bound = None;
    let mut verify = None;
    for word in words {
        if let Some(digits) = word.strip_prefix("bound=") {
            if bound.is_some() || verify.is_some() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            bound = Some(digits.parse::<u32>().map_err(|e| format!("bound in `{line}`: {e}"))?);
        } else if let Some(v) = word.strip_prefix("verify=") {
            if verify.is_some() {
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
    Ok(Expectation { verdict, bound, verify })
}

/// The expectation stated on the first line of a fixture's text.
pub fn expectation_of(text: &str) -> Result<Expectation, String> {
    parse_expectation(text.lines().next().unwrap_or(""))
}

/// The repository root (where `fixtures/` and `golden/` live).
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// All `fixtures/*.c`, sorted by name (empty when the directory is missing).
pub fn fixture_files() -> Vec<PathBuf> {
    c_files_in(&repo_root().join("fixtures"))
}

/// All `*.c` files directly in `dir`, sorted by name.
pub fn c_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "c") && p.is_file())
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// A fixture's name without directory and `.c`.
pub fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
