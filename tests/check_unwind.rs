//! CBMC's meaning of `--unwind K`: within one
//! execution of a loop, taking its back edge for the K-th time fails the
//! unwinding assertion. Each case states the smallest passing K; the test
//! checks that K passes (SAFE) and K-1 fails (UNKNOWN, naming the loop).

use tracc::check::{CheckOptions, FailureKind, Verdict, check_source};

fn check(src: &str, unwind: u32, unwinding_assertions: bool) -> tracc::check::CheckReport {
    let opts = CheckOptions {
        unwind,
        unwinding_assertions,
        ..CheckOptions::default()
    };
    check_source(src, &opts).unwrap_or_else(|d| panic!("checker refused the program: {d:?}\n{src}"))
}

/// `src` passes at `k` and its loops fail at `k - 1` (when `k > 1`).
fn smallest_k(src: &str, k: u32) {
    let pass = check(src, k, true);
    assert_eq!(
        pass.verdict,
        Verdict::Safe,
        "expected SAFE at --unwind {k}:\n{src}\n{}",
        pass.render("t.c", src, true)
    );
    if k > 1 {
        let fail = check(src, k - 1, true);
        assert_eq!(
            fail.verdict,
            Verdict::Unknown,
            "expected UNKNOWN at --unwind {}:\n{src}\n{}",
            k - 1,
            fail.render("t.c", src, true)
        );
        assert!(!fail.unwinding_failures.is_empty());
        assert!(
            fail.unwinding_failures
                .iter()
                .all(|f| matches!(f.kind, FailureKind::Unwinding | FailureKind::Recursion))
        );
        let text = fail.render("t.c", src, false);
        assert!(text.contains("t.c:"), "the failing loop is named: {text}");
        assert!(text.ends_with("\nUNKNOWN"));
        // Without unwinding assertions the cut paths are simply dropped.
        let cut = check(src, k - 1, false);
        assert_ne!(cut.verdict, Verdict::Unknown);
    }
}

#[test]
fn while_two_iterations() {
    smallest_k(
        "int main(void) { unsigned i = 0; while (i < 2) i++; assert(i == 2); return 0; }",
        3,
    );
}

#[test]
fn do_while_two_iterations() {
    smallest_k(
        "int main(void) { unsigned i = 0; do { i++; } while (i < 2); assert(i == 2); return 0; }",
        2,
    );
}

#[test]
fn for_with_break() {
    smallest_k(
        "int main(void) { unsigned i; for (i = 0; i < 10; i++) if (i == 2) break; assert(i == 2); return 0; }",
        3,
    );
}

#[test]
fn nested_for_loops() {
    smallest_k(
        "int main(void) { int n = 0; for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) n++; \
         assert(n == 4); return 0; }",
        3,
    );
}

#[test]
fn loop_never_entered() {
    smallest_k(
        "int main(void) { int i = 5; while (i < 2) i++; assert(i == 5); return 0; }",
        1,
    );
    smallest_k("int main(void) { for (int i = 0; i < 0; i++) { } return 0; }", 1);
}

#[test]
fn do_while_runs_once_without_back_edge() {
    smallest_k(
        "int main(void) { int i = 0; do { i++; } while (0); assert(i == 1); return 0; }",
        1,
    );
}

#[test]
fn continue_takes_the_back_edge() {
    // Three iterations, every one ending in `continue`: back edge taken 3 times.
    smallest_k(
        "int main(void) { int n = 0; for (int i = 0; i < 3; i++) { n++; continue; } assert(n == 3); return 0; }",
        4,
    );
    smallest_k(
        "int main(void) { int i = 0, n = 0; while (i < 3) { i++; if (i & 1) continue; n++; } \
         assert(n == 1); return 0; }",
        4,
    );
}

#[test]
fn do_while_with_continue() {
    // `continue` in a do-while jumps to the condition; the back edge is
    // taken only when it holds: i = 1, 2, 3 -> back edges 2.
    smallest_k(
        "int main(void) { int i = 0, n = 0; do { i++; if (i == 2) continue; n++; } while (i < 3); \
         assert(n == 2); return 0; }",
        3,
    );
}

#[test]
fn break_in_first_iteration() {
    smallest_k(
        "int main(void) { int i = 0; while (1) { i++; break; } assert(i == 1); return 0; }",
        1,
    );
}

#[test]
fn inner_loop_counts_afresh() {
    // Outer 3 iterations, inner 2 per entry: the bound is max(3, 2) + 1.
    smallest_k(
        "int main(void) { int n = 0; for (int i = 0; i < 3; i++) { int j = 0; while (j < 2) { j++; n++; } } \
         assert(n == 6); return 0; }",
        4,
    );
}

#[test]
fn loop_inside_called_function() {
    smallest_k(
        "int sum(int k) { int s = 0; for (int i = 0; i < k; i++) s += i; return s; } \
         int main(void) { int a = sum(2); int b = sum(4); assert(a + b == 7); return 0; }",
        5,
    );
}

#[test]
fn recursion_depth_counts_like_loops() {
    // f(3) -> f(2) -> f(1) -> f(0): four activations, three recursive calls.
    smallest_k(
        "int f(int n) { if (n <= 0) return 0; return n + f(n - 1); } \
         int main(void) { assert(f(3) == 6); return 0; }",
        4,
    );
}

#[test]
fn nondet_bound_needs_the_full_range() {
    smallest_k(
        "unsigned char nondet_uchar(void); int main(void) { unsigned char n = nondet_uchar(); \
         __CPROVER_assume(n <= 4); unsigned char i = 0; while (i < n) i++; assert(i == n); return 0; }",
        5,
    );
}

#[test]
fn goto_out_of_loop_is_not_a_back_edge() {
    smallest_k(
        "int main(void) { int i = 0; while (1) { i++; if (i == 2) goto done; } done: assert(i == 2); return 0; }",
        2,
    );
}

#[test]
fn assertion_failure_beats_unwinding_failure() {
    let src = "int main(void) { int i = 0; while (i < 10) { i++; assert(i != 2); } return 0; }";
    // i == 2 happens after the first back edge: reachable at K = 2.
    let r = check(src, 2, true);
    assert_eq!(r.verdict, Verdict::Unsafe);
    let r = check(src, 1, true);
    assert_eq!(r.verdict, Verdict::Unknown);
}
