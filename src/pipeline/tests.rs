use super::*;

#[test]
fn a_restricted_loop_outside_braces_gets_braces_for_its_state_variable() {
    let src = "unsigned int nondet_uint(void);\nvoid assert(int);\nint main(void) {\n    unsigned int x = nondet_uint(), y = 0;\n    if (x > 5)\n        while (x > 0) {\n            x = x - 1;\n            y = y + 1;\n        }\n    assert(x == 0 || y == 0);\n    return 0;\n}\n";
    let out = accelerate_source(src, &Options::default()).expect("transforms").output;
    assert!(
        out.contains("if (x > 5)\n        {\n            _Bool tracc_q1 = 0;"),
        "{out}"
    );
    assert!(crate::lower::lower_source(&out).is_ok());
}

#[test]
fn only_paths_with_disjoint_variables_commute_in_the_automaton() {
    let program = |second: &str| {
        format!(
            "int nondet_int(void);\nvoid assert(int);\nint main(void) {{\n    unsigned x = 0, y = 0;\n    while (nondet_int()) {{\n        if (nondet_int())\n            x = x + 2;\n        else\n            {second} = {second} + 3;\n    }}\n    assert(x % 2 == 0);\n    return 0;\n}}\n"
        )
    };
    let explain = |src: &str| explain_source(src, &Options::default(), false).expect("explains").text;
    let apart = explain(&program("y"));
    assert!(apart.contains("paths 1 and 2 commute"), "{apart}");
    // Both paths write x: the order of their accelerators matters.
    let shared = explain(&program("x"));
    assert!(!shared.contains("commute"), "{shared}");
    assert!(shared.contains("trace automaton"), "{shared}");
}
