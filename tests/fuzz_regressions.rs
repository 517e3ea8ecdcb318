//! Replays of the fuzzing property (`tracc::evidence::fuzz`): every input
//! the fuzzer found crashing (`fuzz/regressions/`, one file each, named
//! after what broke) and every fixture must pass it.

mod common;

use std::path::Path;

use tracc::evidence::fuzz::accelerate_roundtrip;

fn replay(files: &[std::path::PathBuf]) -> Vec<String> {
    let mut failures = Vec::new();
    for f in files {
        let data = std::fs::read(f).unwrap_or_default();
        let outcome = std::panic::catch_unwind(|| accelerate_roundtrip(&data));
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failures.push(format!("{}: {e}", f.display())),
            Err(_) => failures.push(format!("{}: panicked", f.display())),
        }
    }
    failures
}

#[test]
fn fuzzer_findings_stay_fixed() {
    let dir = common::repo_root().join("fuzz/regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files.retain(|p| p.file_name().is_some_and(|n| n != Path::new("README.md")));
    let failures = replay(&files);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixtures_pass_the_fuzzing_property() {
    let files = common::fixture_files();
    assert!(!files.is_empty());
    let failures = replay(&files);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn refusals_are_not_failures() {
    // Bytes that are not UTF-8 are not C: nothing to check.
    assert!(accelerate_roundtrip(&[0xff, 0xfe, 0x00]).is_ok());
    // A syntax error is a refusal, not a failure of the property.
    assert!(accelerate_roundtrip(b"int main(void) { int x = ; }").is_ok());
}
