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

/// A fixture's first line: its verdict and, when given, the unwinding bound
/// that covers every execution of the input (for SAFE) or reaches the bug
/// (for UNSAFE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub verdict: Verdict,
    pub bound: Option<u32>,
}

/// Parse a line of the form `// tracc: expect (SAFE|UNSAFE)( bound=N)?`.
/// Trailing whitespace (and a `\r`) is ignored; anything else is an error.
pub fn parse_expectation(line: &str) -> Result<Expectation, String> {
    let bad = || format!("expected `// tracc: expect SAFE|UNSAFE[ bound=N]`, found `{line}`");
    let rest = line.trim_end().strip_prefix("// tracc: expect ").ok_or_else(bad)?;
    let (verdict, rest) = if let Some(r) = rest.strip_prefix("UNSAFE") {
        (Verdict::Unsafe, r)
    } else if let Some(r) = rest.strip_prefix("SAFE") {
        (Verdict::Safe, r)
    } else {
        return Err(bad());
    };
    let bound = if rest.is_empty() {
        None
    } else {
        let digits = rest.strip_prefix(" bound=").ok_or_else(bad)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        Some(digits.parse::<u32>().map_err(|e| format!("bound in `{line}`: {e}"))?)
    };
    Ok(Expectation { verdict, bound })
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
