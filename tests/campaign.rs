//! The campaign's own machinery: a disagreement is detected, reduced while
//! it persists, and saved as a fixture whose header the fixture tests read.

use tracc::evidence::campaign::{CheckSettings, Comparison, Disagreement, Finding, as_fixture, compare_program};
use tracc::evidence::expect::{Verdict, expectation_of};
use tracc::evidence::reduce::reduce;
use tracc::ir::DataModel;

const SAFE_LOOP: &str = "void assert(int);\nint main(void) {\n    unsigned int i = 0;\n    unsigned int x = 0;\n    while (i < 5) {\n        x += 2;\n        i++;\n    }\n    assert(x == 10);\n    return 0;\n}\n";

#[test]
fn agreeing_programs_have_no_disagreement() {
    let r = compare_program(SAFE_LOOP, 6, CheckSettings::default());
    assert_eq!(r.reference, Some("SAFE"));
    assert!(r.transformed);
    assert_eq!(r.at_3, Some("SAFE"));
    assert!(r.disagreement.is_none(), "{:?}", r.disagreement);
}

#[test]
fn a_refused_output_is_a_finding() {
    // Not a soundness bug but a broken promise: the checker must accept the
    // program; a call through a pointer to a function is refused.
    let text = "int g(void);\nint main(void) { int (*f)(void) = g; int x = f(); return x; }\n";
    let r = compare_program(text, 2, CheckSettings::default());
    assert_eq!(r.disagreement.map(|d| d.comparison), Some(Comparison::Transform));
}

#[test]
fn reduction_keeps_the_disagreement_and_drops_lines() {
    // The checker refuses the call through a pointer to a function: a
    // stand-in for a disagreement that the reducer must keep while deleting
    // every line it can.
    let text = "int g(void);\nint unused(void) { return 1; }\nint main(void) {\n    int y = 3;\n    int (*f)(void) = g;\n    int x = f();\n    return x;\n}\n";
    let found = compare_program(text, 2, CheckSettings::default())
        .disagreement
        .expect("the refused call is a disagreement");
    assert_eq!(found.comparison, Comparison::Transform);
    let reduced = reduce(text, 2, CheckSettings::default(), &found);
    assert!(reduced.len() < text.len(), "{reduced}");
    assert!(!reduced.contains("unused"), "{reduced}");
    assert!(reduced.contains("(*f)"), "{reduced}");
    let again = compare_program(&reduced, 2, CheckSettings::default());
    assert_eq!(again.disagreement.map(|d| d.comparison), Some(Comparison::Transform));
}

#[test]
fn saved_findings_are_fixtures() {
    let f = Finding {
        seed: 7,
        bound: 6,
        endless: false,
        source: SAFE_LOOP.to_string(),
        disagreement: Disagreement {
            comparison: Comparison::RestrictedAt3,
            reference: "SAFE".to_string(),
            got: "UNSAFE".to_string(),
            output: String::new(),
        },
        reduced: SAFE_LOOP.to_string(),
        model: DataModel::Lp64,
    };
    let text = as_fixture(&f);
    let e = expectation_of(&text).expect("header parses");
    assert_eq!(e.verdict, Verdict::Safe);
    assert_eq!(e.bound, Some(6));
    assert_eq!(e.model, DataModel::Lp64);
    assert!(text.ends_with(SAFE_LOOP));
    // A finding of `tracc campaign --32` says its data model, so that the
    // fixture is checked in it.
    let ilp32 = as_fixture(&Finding {
        model: DataModel::Ilp32,
        ..f
    });
    assert!(ilp32.starts_with("// tracc: expect SAFE bound=6 model=32\n"), "{ilp32}");
    assert_eq!(expectation_of(&ilp32).map(|e| e.model), Ok(DataModel::Ilp32));
}

#[test]
fn a_row_past_the_matrix_end_is_not_covered() {
    // Campaign seed 20000387, reduced: the row `a[4]` lies past the end.
    // The accelerator assumes the row in bounds, so it covers no iteration
    // here; when that assumption was left out of the coverage condition,
    // the original iterations were blocked all the same and the output
    // lost the assertion failure after the loop.
    let text = "void assert(int);\nunsigned a[4][10];\nint main(void) {\n    unsigned i = 0;\n    unsigned int r = 4;\n    while (i < 9) {\n        a[r][i] = 0;\n        i++;\n    }\n    assert(a[0][7] != 0);\n}\n";
    let r = compare_program(text, 10, CheckSettings::default());
    assert!(r.transformed);
    assert_eq!(r.reference, Some("UNSAFE"));
    assert!(r.disagreement.is_none(), "{:?}", r.disagreement);
}
