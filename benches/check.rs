//! Checking time of the reference checker on each fixture: the input at
//! `--unwind 3` and at its covering bound (the header's `bound=`, else 10),
//! and the transformed program at `--unwind 3` (what `tracc verify` does).
//! Each check has a 30 s solver limit, so a slow case shows up as ~30 s.

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use tracc::check::{CheckOptions, check_source};
use tracc::pipeline::{Options, accelerate_source};

fn fixtures() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "c"));
    files.sort();
    files
}

fn bound_of(text: &str) -> Option<u32> {
    let first = text.lines().next()?;
    let b = first.split(' ').find_map(|w| w.strip_prefix("bound="))?;
    b.parse().ok()
}

fn bench_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check_fixture");
    group.sample_size(10);
    for path in fixtures() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let opts = |unwind| CheckOptions {
            unwind,
            timeout_ms: Some(30_000),
            ..CheckOptions::default()
        };
        if check_source(&text, &opts(3)).is_err() {
            continue; // constructs the checker refuses: nothing to time
        }
        let large = bound_of(&text).unwrap_or(10);
        group.bench_function(format!("{name}/input/unwind3"), |b| {
            b.iter(|| check_source(&text, &opts(3)))
        });
        group.bench_function(format!("{name}/input/unwind{large}"), |b| {
            b.iter(|| check_source(&text, &opts(large)))
        });
        if let Ok(out) = accelerate_source(&text, &Options::default()) {
            group.bench_function(format!("{name}/transformed/unwind3"), |b| {
                b.iter(|| check_source(&out.output, &opts(3)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_check);
criterion_main!(benches);
