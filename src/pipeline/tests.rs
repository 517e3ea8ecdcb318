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

#[test]
fn a_helpers_static_moves_to_file_scope_only_where_its_name_is_its_own() {
    // The initialiser names a macro defined in the helper, after the place
    // the declaration moves to: it moves as its value.
    let helper = "static unsigned int tick(void)\n{\n#define FIRST 7\n    static unsigned int calls = FIRST;\n    calls++;\n    return calls;\n}\n";
    let main = |extra: &str| {
        format!(
            "void assert(int);\n{helper}int main(void)\n{{\n    unsigned int last = 0{extra};\n    for (unsigned int i = 0; i < 100000; i++)\n        last = tick();\n    assert(last == 100007);\n    return 0;\n}}\n"
        )
    };
    let moved = accelerate_source(&main(""), &Options::default()).expect("transforms");
    assert!(moved.loops[0].accelerated, "{}", moved.output);
    // Declared once, at file scope before the helper, with its initial value;
    // the helper's declaration gives way to a comment, its uses unchanged.
    let file_scope = moved
        .output
        .find("static unsigned int calls = 7U;")
        .expect("moved declaration");
    assert!(file_scope < moved.output.find("static unsigned int tick(void)").unwrap_or(0));
    assert_eq!(
        moved.output.matches("static unsigned int calls").count(),
        1,
        "{}",
        moved.output
    );
    assert!(
        moved
            .output
            .contains("    /* tracc: `calls` is declared at file scope */\n")
    );
    assert!(moved.output.contains("\n    calls++;\n    return calls;\n"));
    assert!(crate::lower::lower_source(&moved.output).is_ok());
    // A local of main with the same name would capture the accelerator's
    // `calls`: the loop is left alone, and the output is the input.
    let shadowed = accelerate_source(&main(", calls = 3"), &Options::default()).expect("transforms");
    assert!(!shadowed.loops[0].accelerated);
    assert_eq!(shadowed.loops[0].reason.codes(), ["static-cannot-move"]);
    assert_eq!(shadowed.output, main(", calls = 3"));
}
