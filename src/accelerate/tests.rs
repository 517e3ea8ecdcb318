//! Unit tests of acceleration on lowered C snippets.

use super::*;
use crate::loops::{find_loops, iteration_paths};

/// Accelerate every path of the first loop of `main`; the printed
/// accelerators or reasons.
pub(crate) fn run(src: &str) -> Vec<Result<String, String>> {
    let lowered = crate::lower::lower_source(src).expect("lowers");
    let mut program = lowered.program;
    let loops = find_loops(&program);
    let info = loops.first().expect("a loop").clone();
    let paths = match iteration_paths(&program, &info, 64) {
        Ok(p) => p,
        Err(e) => return vec![Err(e)],
    };
    let mut out = Vec::new();
    for p in &paths {
        out.push(accelerate_path(&mut program, &info, p).map(|a| show::stmt(&program, &|_| None, &a.block, 0)));
    }
    out
}

#[test]
fn smoke() {
    for src in [
        "int main(){ unsigned char c = 0; do { c += 3; } while (c < 200); return 0; }",
        "int main(){ long x = nondet_long(); long y = nondet_long(); while (x < 1000) { x += y; } return 0; }",
    ] {
        let t = std::time::Instant::now();
        let r = run(src);
        eprintln!("{src}\n{:?} in {:?}", r.iter().map(|r| r.as_ref().map(|s| s.to_string())).collect::<Vec<_>>(), t.elapsed());
        for x in &r {
            match x { Ok(s) => eprintln!("{s}"), Err(e) => eprintln!("ERR {e}") }
        }
    }
}
