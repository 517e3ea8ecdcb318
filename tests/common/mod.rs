//! Shared helpers for the integration tests: the fixture list, the
//! parser of a fixture's first-line expectation, and where CBMC is.
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

/// `f` applied to every item, on all available cores; the results in the
/// order of the items. The fixture tests spend their time in the solver, so
/// this halves the everyday test run on two cores.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let jobs = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item was processed"))
        .collect()
}

/// The CBMC to cross-check with: `TRACC_CBMC`, else `cbmc` on the PATH.
/// CBMC is not part of the project; a test without it says so and skips.
pub fn cbmc() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TRACC_CBMC") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("cbmc"))
        .find(|p| p.is_file())
}
