//! Robustness: no input makes the library panic, and whatever it accepts it
//! turns into C that parses again.
//!
//! In: random bytes, random ASCII, and mutations (deletions, insertions of C
//! tokens, truncations) of a few valid programs. Out: pass/fail of
//! `accelerate_source` and `explain_source` not panicking, plus the round
//! trip through `tracc::parse::parse`. `PROPTEST_CASES` overrides the number
//! of cases per property.

use proptest::prelude::*;
use tracc::pipeline::{Options, accelerate_source, explain_source};

/// Valid programs with the constructs the tool cares about: counted loops,
/// arrays, branches in bodies, `switch`, `do`-`while`, nested loops, `goto`,
/// nondeterminism and assertions.
const SEEDS: &[&str] = &[
    "// tracc: expect SAFE\n#include <assert.h>\nint main(void) {\n    unsigned int i = 0;\n    unsigned int n = 100000;\n    while (i < n) {\n        i++;\n    }\n    assert(i == n);\n    return 0;\n}\n",
    "extern int nondet_int(void);\nint a[1000];\nint main(void) {\n    int x = 0, y = 0;\n    for (int i = 0; i < 1000; i++) {\n        a[i] = i;\n        if (x < 10) x += 2; else y = y + x;\n    }\n    __CPROVER_assert(a[5] == 5, \"a5\");\n    return x + y;\n}\n",
    "int f(int n) {\n    int s = 0;\n    do {\n        switch (n % 3) {\n        case 0: s += 1; break;\n        case 1: s -= 1; break;\n        default: s = 0;\n        }\n        n--;\n    } while (n > 0);\n    return s;\n}\nint main(void) { return f(10); }\n",
    "unsigned nondet_uint(void);\nvoid reach_error(void) {}\nint main(void) {\n    unsigned x = nondet_uint(), y = 0;\n    __CPROVER_assume(x < 1000000u);\n    for (unsigned i = 0; i < x; i++)\n        for (unsigned j = 0; j < 3; j++)\n            y += 2;\n    if (y % 2) { ERROR: reach_error(); }\n    while (1) { if (y == 0) break; y--; continue; }\n    goto done;\ndone:\n    return (int)y;\n}\n",
];

/// Fragments inserted by the mutator: tokens that open or close structure,
/// start loops, or begin comments and literals.
const TOKENS: &[&str] = &[
    "{",
    "}",
    ";",
    "(",
    ")",
    "[",
    "]",
    "while(",
    "for(;;)",
    "for(int k=0;k<3;k++)",
    "do",
    "if(",
    "else",
    "x++",
    "i--",
    "/*",
    "*/",
    "//",
    "\"",
    "'",
    "\\",
    "break;",
    "continue;",
    "goto done;",
    "L:",
    "return",
    "int ",
    "unsigned ",
    "char ",
    "long long ",
    "0",
    "-1",
    "4294967295u",
    "0x7fffffff",
    "==",
    "=",
    "+=",
    "/",
    "%",
    "<<",
    ">>",
    "&&",
    "!",
    ",",
    "?",
    ":",
    "#define X 1\n",
    "\n#if 0\n",
    "\n#endif\n",
    "switch(x)",
    "case 1:",
    "default:",
    "__CPROVER_assume(",
    "__CPROVER_forall { unsigned k; ",
    "assert(",
    "nondet_int()",
    "sizeof(int)",
    "a[i]",
    "é",
    "\t",
    "\n",
];

/// A position in the text as a fraction of its length (so that it stays
/// meaningful while earlier mutations change the length).
#[derive(Clone, Copy, Debug)]
struct At(u32);

impl At {
    /// A byte offset in `0..=s.len()`, moved back to a character boundary.
    fn in_text(self, s: &str) -> usize {
        let p = (u64::from(self.0) * (s.len() as u64 + 1)) >> 32;
        floor_boundary(s, p as usize)
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete(At, usize),
    /// Insert `TOKENS[index]`.
    Insert(At, usize),
    Truncate(At),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<u32>(), 1usize..12).prop_map(|(at, len)| Mutation::Delete(At(at), len)),
        5 => (any::<u32>(), 0..TOKENS.len()).prop_map(|(at, tok)| Mutation::Insert(At(at), tok)),
        1 => any::<u32>().prop_map(|at| Mutation::Truncate(At(at))),
    ]
}

/// The largest character boundary of `s` that is at most `i`.
fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut s = text.to_string();
    for m in mutations {
        match m {
            Mutation::Delete(at, len) => {
                let start = at.in_text(&s);
                let end = floor_boundary(&s, start + len);
                s.replace_range(start..end, "");
            }
            Mutation::Insert(at, tok) => {
                let p = at.in_text(&s);
                s.insert_str(p, TOKENS[*tok]);
            }
            Mutation::Truncate(at) => {
                let p = at.in_text(&s);
                s.truncate(p);
            }
        }
    }
    s
}

/// The property: no panic, and accepted input yields output that parses.
fn run_both(text: &str) -> Result<(), TestCaseError> {
    // Small loops accelerated too, so that their accelerators are emitted.
    let opts = Options::accelerating_every_loop();
    if let Ok(out) = accelerate_source(text, &opts)
        && let Err(diags) = tracc::parse::parse(&out.output)
    {
        let rendered = tracc::diag::render::render_to_string("output.c", &out.output, &diags);
        return Err(TestCaseError::fail(format!(
            "accepted input but emitted C that does not parse:\n--- input\n{text}\n--- output\n{}\n--- errors\n{rendered}",
            out.output
        )));
    }
    // With --dot, explain runs every stage the plain explanation runs.
    let _ = explain_source(text, &opts, true);
    Ok(())
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

proptest! {
    // Each mutated program runs the whole pipeline, z3 included: fewer cases
    // by default, PROPTEST_CASES for longer runs.
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn mutated_programs_do_not_panic(
        seed in 0..SEEDS.len(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        run_both(&apply(SEEDS[seed], &mutations))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(128), ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_do_not_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        run_both(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn random_ascii_do_not_panic(text in "[ -~\t\n]{0,400}") {
        run_both(&text)?;
    }

    #[test]
    fn random_c_tokens_do_not_panic(toks in prop::collection::vec(0..TOKENS.len(), 0..80)) {
        let text: String = toks.iter().map(|&t| TOKENS[t]).collect::<Vec<_>>().join(" ");
        run_both(&text)?;
    }
}

#[test]
fn seeds_are_valid_c_and_round_trip() {
    for seed in SEEDS {
        assert!(tracc::parse::parse(seed).is_ok(), "seed does not parse:\n{seed}");
        run_both(seed).unwrap();
    }
}

#[test]
fn mutator_keeps_text_valid_utf8_and_changes_it() {
    let s = "é{x}";
    // Half-way through the 5 bytes is byte 2, just after the two-byte `é`.
    let m = [Mutation::Delete(At(u32::MAX / 2), 1), Mutation::Truncate(At(u32::MAX))];
    let out = apply(s, &m);
    assert_eq!(out, "éx}");
    assert_eq!(At(1 << 30).in_text("é"), 0, "moved back to a boundary");
    let ins = apply("ab", &[Mutation::Insert(At(0), 0)]);
    assert_eq!(ins, format!("{}ab", TOKENS[0]));
    assert_eq!(
        apply("ab", &[Mutation::Insert(At(u32::MAX), 1)]),
        format!("ab{}", TOKENS[1])
    );
}
