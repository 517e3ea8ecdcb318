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
        Err(e) => return vec![Err(e.text().unwrap_or_default())],
    };
    let mut out = Vec::new();
    for p in &paths {
        out.push(
            accelerate_path(&mut program, &info, p, crate::ir::Quantifiers::Smt)
                .map(|a| show::stmt(&program, &|_| None, &a.block, 0))
                .map_err(|r| r.to_string()),
        );
    }
    out
}

#[test]
fn down_counter_accelerator_has_bound_guard_and_closed_form() {
    let r = run("int main(){ unsigned x = nondet_uint(); unsigned y = 0; while (x > 0) { x--; y++; } return 0; }");
    assert_eq!(r.len(), 1);
    let text = r[0].as_ref().expect("accelerated");
    assert!(text.contains("tracc_n1 >= 1UL"), "{text}");
    assert!(text.contains("x = "), "{text}");
    assert!(text.contains("y = "), "{text}");
}

#[test]
fn signed_symbolic_steps_of_64_bits_are_verified() {
    let r = run("int main(){ long x = nondet_long(); long y = nondet_long(); while (x < 1000) { x += y; } return 0; }");
    assert!(r[0].is_ok(), "{:?}", r[0]);
}

#[test]
fn wrapping_update_is_covered_only_without_wrap() {
    // The conversion back to unsigned char must be bounded.
    let r = run("int main(){ unsigned char c = 0; do { c += 3; } while (c != 200); return 0; }");
    let text = r[0].as_ref().expect("accelerated");
    assert!(text.contains("255"), "{text}");
}

#[test]
fn shadowed_globals_are_not_referenced() {
    // `g` in the helper is the global, but in `main` the name means the
    // local: an accelerator must not print `g` there.
    let src = "int g;\nvoid bump(void) { g = g + 1; }\nint main() { int g = 0; int i = 0; while (i < 10) { bump(); i++; } return g; }\n";
    let r = run(src);
    assert!(r[0].as_ref().is_err_and(|e| e.contains("shadowed")), "{r:?}");
}

#[test]
fn array_accelerator_uses_a_fresh_array_and_copies_it_back() {
    let r = run("int main(){ int a[10]; unsigned i = 0; while (i < 10) { a[i] = 7; i++; } return 0; }");
    let text = r[0].as_ref().expect("accelerated");
    assert!(text.contains("int[10] tracc_a1;"), "{text}");
    assert!(text.contains("__CPROVER_array_copy(a, tracc_a1)"), "{text}");
    assert_eq!(text.matches("__CPROVER_forall").count(), 2, "{text}");
}
