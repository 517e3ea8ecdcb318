//! The fixtures of the common case (`fixtures/common/*.c`, measured by
//! `tracc bench --gain-only fixtures/common`) are true to their headers.
//!
//! In: each file's first line `// tracc: expect SAFE|UNSAFE`, its name
//! (`KIND_SIZE_safe.c` / `KIND_SIZE_unsafe.c`) and a `// nondet` line on
//! the programs with a nondeterministic input. Out: every deterministic
//! program, compiled with gcc and run, exits 0 when SAFE and aborts on its
//! assertion (SIGABRT) when UNSAFE; so the benchmark's verdicts are graded
//! against the truth, not against a checker. Skips loudly without gcc.

mod common;

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;

/// SIGABRT, which `assert` raises when it fails.
const SIGABRT: i32 = 6;

fn common_fixtures() -> Vec<std::path::PathBuf> {
    common::c_files_in(&common::repo_root().join("fixtures/common"))
}

fn is_nondet(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "// nondet")
}

/// The kind of a program: its name before the size (`map_inplace` of
/// `map_inplace_100_safe.c`).
fn kind_of(stem: &str) -> String {
    stem.split('_')
        .take_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join("_")
}

#[test]
fn every_common_fixture_states_its_verdict_in_its_name_and_first_line() {
    let files = common_fixtures();
    assert!(!files.is_empty(), "no fixtures/common/*.c");
    let mut problems = Vec::new();
    // Kinds of deterministic programs: (has a safe one, has an unsafe one).
    let mut kinds: std::collections::BTreeMap<String, (bool, bool)> = Default::default();
    for f in &files {
        let name = common::stem(f);
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let e = match common::expectation_of(&text) {
            Ok(e) => e,
            Err(err) => {
                problems.push(format!("{name}: {err}"));
                continue;
            }
        };
        let suffix = match e.verdict {
            common::Verdict::Safe => "_safe",
            common::Verdict::Unsafe => "_unsafe",
        };
        if !name.ends_with(suffix) {
            problems.push(format!("{name}: expects {:?} but is not named *{suffix}.c", e.verdict));
        }
        // A program with a nondeterministic input cannot run under gcc.
        let uses_nondet = text.contains("nondet_") || text.contains("__CPROVER");
        if uses_nondet != is_nondet(&text) {
            problems.push(format!(
                "{name}: a `// nondet` line exactly when it uses nondet_ or __CPROVER"
            ));
        }
        if !is_nondet(&text) {
            let k = kinds.entry(kind_of(&name)).or_default();
            match e.verdict {
                common::Verdict::Safe => k.0 = true,
                common::Verdict::Unsafe => k.1 = true,
            }
        }
    }
    for (kind, (safe, unsafe_)) in &kinds {
        if !(*safe && *unsafe_) {
            problems.push(format!("kind {kind}: needs a safe and an unsafe program"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Compile `file` with gcc and run it: Ok(()) when it ends as `expected`
/// says, else why not.
fn run_under_gcc(dir: &Path, file: &Path) -> Result<(), String> {
    let name = common::stem(file);
    let text = std::fs::read_to_string(file).map_err(|e| format!("{name}: {e}"))?;
    let expected = common::expectation_of(&text).map_err(|e| format!("{name}: {e}"))?;
    let bin = dir.join(&name);
    let cc = Command::new("gcc")
        .arg("-O1")
        .arg("-o")
        .arg(&bin)
        .arg(file)
        .output()
        .map_err(|e| format!("{name}: cannot run gcc: {e}"))?;
    if !cc.status.success() {
        return Err(format!("{name}: gcc failed:\n{}", String::from_utf8_lossy(&cc.stderr)));
    }
    let run = Command::new(&bin)
        .output()
        .map_err(|e| format!("{name}: cannot run it: {e}"))?;
    let status = run.status;
    match expected.verdict {
        common::Verdict::Safe if status.success() => Ok(()),
        common::Verdict::Unsafe if status.signal() == Some(SIGABRT) => Ok(()),
        v => Err(format!(
            "{name}: expected {v:?}, but the program ended with {status} ({})",
            String::from_utf8_lossy(&run.stderr).trim()
        )),
    }
}

#[test]
fn deterministic_common_fixtures_behave_as_stated_under_gcc() {
    if Command::new("gcc").arg("--version").output().is_err() {
        // Written past the test harness's capture, so the skip shows even
        // when the test passes.
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED: no gcc on the PATH; fixtures/common was NOT run ***\n"
        );
        return;
    }
    let files: Vec<_> = common_fixtures()
        .into_iter()
        .filter(|f| !is_nondet(&std::fs::read_to_string(f).unwrap_or_default()))
        .collect();
    assert!(!files.is_empty(), "no deterministic fixtures/common/*.c");
    let dir = tempfile::tempdir().expect("temporary directory");
    let problems: Vec<String> = common::par_map(&files, |f| run_under_gcc(dir.path(), f))
        .into_iter()
        .filter_map(Result::err)
        .collect();
    assert!(
        problems.is_empty(),
        "{} of {} programs:\n{}",
        problems.len(),
        files.len(),
        problems.join("\n")
    );
}
