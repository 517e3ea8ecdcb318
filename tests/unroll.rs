//! Loops left to unrolling are written so that `--unwind 3` runs all of
//! them (`instrument::unroll`): the output keeps the input's verdict and
//! failing properties at the covering bound, decides at `--unwind 3` with
//! no `--unwindset`, and a loop whose body cannot be copied keeps its
//! `--unwindset`. The soundness campaign compares the same outputs on
//! generated programs (`Comparison::UnrolledAt3`).

use tracc::check::{CheckOptions, Verdict, check_source};
use tracc::pipeline::{Options, accelerate_source};

/// The verdict and the lines of the failed properties of `text` at
/// `unwind`, with CBMC's default checks; `None` when undecided.
fn verdict(text: &str, unwind: u32) -> (Option<Verdict>, usize) {
    let opts = CheckOptions {
        unwind,
        signed_overflow: true,
        bounds_check: true,
        timeout_ms: Some(60_000),
        ..CheckOptions::default()
    };
    let r = check_source(text, &opts).unwrap_or_else(|d| panic!("checker refused: {d:?}\n{text}"));
    let decided = (r.unknown_reason.is_none() && r.unwinding_failures.is_empty()).then_some(r.verdict);
    (decided, r.failures.len())
}

/// `src` (whose loops run at most `bound - 1` times) transformed with the
/// default options: some loop is left to unrolling, the output needs no
/// `--unwindset`, and it has the input's verdict at `bound` and at 3.
fn keeps_its_verdict(name: &str, src: &str, bound: u32) -> String {
    let out = accelerate_source(src, &Options::default()).unwrap_or_else(|d| panic!("{name}: {d:?}"));
    assert!(
        out.output.contains("tracc_go1"),
        "{name}: nothing unrolled:\n{}",
        out.output
    );
    assert!(out.unwindset.is_empty(), "{name}: {:?}", out.unwindset);
    assert_eq!(
        out.cbmc_args(),
        ["--unwind", "3", "--unwinding-assertions", "--no-sat-preprocessor"],
        "{name}"
    );
    let (reference, failures) = verdict(src, bound);
    let reference = reference.unwrap_or_else(|| panic!("{name}: the input is undecided at {bound}"));
    assert_eq!(
        verdict(&out.output, bound),
        (Some(reference), failures),
        "{name} at {bound}:\n{}",
        out.output
    );
    assert_eq!(
        verdict(&out.output, 3).0,
        Some(reference),
        "{name} at 3:\n{}",
        out.output
    );
    out.output
}

const HEAD: &str =
    "void __CPROVER_assert(int, const char *);\n#define assert(c) __CPROVER_assert(c, \"\")\nint nondet_int(void);\n";

#[test]
fn a_fill_and_a_search_with_break_and_continue_keep_their_verdicts() {
    for (target, safe) in [("41", true), ("43", false)] {
        let src = format!(
            "{HEAD}int a[50];\nint main(void) {{\n    for (int i = 0; i < 50; i++) {{\n        a[i] = 2 * i + 1;\n    }}\n    \
             int found = -1, skipped = 0;\n    for (int i = 0; i < 50; i++) {{\n        if (i % 7 == 3) {{ skipped++; continue; }}\n        \
             if (a[i] == {target}) {{\n            found = i;\n            break;\n        }}\n    }}\n    \
             assert(found == 20 && skipped == 3);\n    return 0;\n}}\n"
        );
        let out = keeps_its_verdict(&format!("search for {target}"), &src, 52);
        assert_eq!(safe, verdict(&out, 3).1 == 0);
        // The search's `continue` ends the slot's body, not the slot.
        assert!(out.contains("} while (0);"), "{out}");
    }
}

#[test]
fn nested_loops_with_a_switch_and_a_return_keep_their_verdicts() {
    for (limit, expect_fail) in [(60, false), (39, true)] {
        let src = format!(
            "{HEAD}int main(void) {{\n    int sum = 0;\n    for (int i = 0; i < 10; i++)\n        for (int j = 0; j < 6; j++) {{\n            \
             switch (j) {{\n            case 1: break;\n            case 4: continue;\n            default: sum++;\n            }}\n            \
             if (sum > 100) return 1;\n        }}\n    assert(sum <= {limit} && sum >= 40);\n    return 0;\n}}\n"
        );
        let out = keeps_its_verdict(&format!("nest {limit}"), &src, 12);
        assert_eq!(expect_fail, verdict(&out, 3).1 > 0, "{out}");
        assert!(out.contains("tracc_go2"), "the inner loop is unrolled too:\n{out}");
    }
}

#[test]
fn an_assertion_and_an_overflow_deep_in_a_loop_are_found_at_3() {
    let src = format!(
        "{HEAD}int main(void) {{\n    int x = 2147483000;\n    int i;\n    for (i = 0; i < 900; i++) {{\n        \
         x = x + 1;\n    }}\n    return x;\n}}\n"
    );
    keeps_its_verdict("overflow", &src, 901);
    let src = format!(
        "{HEAD}int main(void) {{\n    unsigned s = 0;\n    for (unsigned i = 0; i < 700; i++) {{\n        s += i;\n        \
         assert(s != 244650);\n    }}\n    return 0;\n}}\n"
    );
    let out = keeps_its_verdict("assertion", &src, 701);
    assert!(verdict(&out, 3).1 > 0);
}

#[test]
fn a_loop_whose_body_cannot_be_copied_keeps_its_unwindset() {
    let src = format!(
        "{HEAD}int main(void) {{\n    int t = 0;\n    for (int i = 0; i < 20; i++) {{\n        static int calls;\n        \
         calls++;\n        t += calls;\n    }}\n    assert(t == 210);\n    return 0;\n}}\n"
    );
    let out = accelerate_source(&src, &Options::default()).expect("transforms");
    assert!(!out.output.contains("tracc_go"), "{}", out.output);
    assert_eq!(out.unwindset, [("main.0".to_string(), 21)], "{}", out.output);
}
