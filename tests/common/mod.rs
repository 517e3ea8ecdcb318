//! Shared helpers for the integration tests: the fixture list and the
//! parser of a fixture's first-line expectation.
//!
//! In: `fixtures/*.c` (each starting with
//! `// tracc: expect SAFE|UNSAFE[ bound=N]`). Out: sorted paths and
//! `Expectation` values.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

#[allow(unused_imports)]
pub use tracc::evidence::expect::{Expectation, Verdict, VerifyVerdict, expectation_of, parse_expectation};

/// The repository root (where `fixtures/` and `golden/` live).
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// All `fixtures/*.c`, sorted by name (empty when the directory is missing).
pub fn fixture_files() -> Vec<PathBuf> {
    c_files_in(&repo_root().join("fixtures"))
}

/// All `*.c` files directly in `dir`, sorted by name (empty when the
/// directory is missing).
pub fn c_files_in(dir: &Path) -> Vec<PathBuf> {
    tracc::evidence::bench::collect_programs(&[dir.to_path_buf()]).unwrap_or_default()
}

/// A fixture's name without directory and `.c`.
pub fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
