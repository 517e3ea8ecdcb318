//! Acceleration-only instrumentation of C snippets: what is accelerated,
//! and the reasons for what is not.

use super::*;

/// Instrumented for a back end that takes any quantifier, and with no loop
/// left to unrolling, so that these tests see what acceleration can do (the
/// bounded target and unrolling are tested below).
fn inst(src: &str) -> (Program, Instrumented) {
    inst_for(src, Quantifiers::Smt)
}

fn inst_for(src: &str, quantifiers: Quantifiers) -> (Program, Instrumented) {
    let lowered = crate::lower::lower_source(src).expect("lowers");
    let opts = InstrumentOptions {
        quantifiers,
        unroll_limit: 0,
        ..InstrumentOptions::default()
    };
    let i = instrument_program(&lowered.program, &opts);
    (lowered.program, i)
}

/// Per loop: number of accelerated paths, and all reasons.
fn summary(src: &str) -> Vec<(usize, Vec<String>)> {
    summary_for(src, Quantifiers::Smt)
}

fn summary_for(src: &str, quantifiers: Quantifiers) -> Vec<(usize, Vec<String>)> {
    let (_, i) = inst_for(src, quantifiers);
    i.loops
        .iter()
        .map(|l| {
            let mut reasons: Vec<String> = l.report.reason.text().into_iter().collect();
            reasons.extend(l.report.paths.iter().filter_map(|p| p.reason.text()));
            (l.accelerators.len(), reasons)
        })
        .collect()
}

fn wrap_main(body: &str) -> String {
    format!("unsigned nondet_uint(void);\nint nondet_int(void);\nint main() {{\n{body}\nreturn 0;\n}}\n")
}

#[test]
fn counters_of_every_width_and_signedness_are_accelerated() {
    for ty in [
        "unsigned char",
        "signed char",
        "unsigned short",
        "short",
        "unsigned",
        "int",
        "unsigned long",
        "long",
        "long long",
        "unsigned long long",
    ] {
        for (update, cond) in [
            ("i++", "i < 100"),
            ("i--", "i > 3"),
            ("i += 7", "i != 90"),
            ("i -= 2", "i >= 10"),
        ] {
            let src = wrap_main(&format!("{ty} i = nondet_int(); while ({cond}) {{ {update}; }}"));
            let s = summary(&src);
            assert_eq!(s.len(), 1, "{src}");
            assert_eq!(s[0].0, 1, "{src}: {:?}", s[0].1);
        }
    }
}

#[test]
fn if_else_bodies_give_two_accelerated_paths() {
    let src = wrap_main(
        "unsigned x = nondet_uint(); unsigned y = 0; unsigned z = 0; int f = nondet_int();\n\
         while (x > 0) { if (f > 0) { x--; y++; } else { x--; z += 2; } }",
    );
    let s = summary(&src);
    assert_eq!(s[0].0, 2, "{:?}", s[0].1);
}

#[test]
fn for_and_do_while_loops_are_accelerated() {
    let s = summary(&wrap_main("int i; int s = 0; for (i = 0; i < 1000; i++) { s += 3; }"));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
    let s = summary(&wrap_main("unsigned char c = 0; do { c += 3; } while (c < 200);"));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
}

#[test]
fn constant_assignments_and_symbolic_steps() {
    let s = summary(&wrap_main(
        "int x = nondet_int(); int y = 0; int d = nondet_int(); while (x < 500) { x += d; y = 5; }",
    ));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
}

#[test]
fn asserts_in_the_body_are_kept_as_assumptions() {
    let src = wrap_main("unsigned i = 0; while (i < 1000000) { assert(i != 123456789); i++; }");
    let (_, i) = inst(&src);
    let l = &i.loops[0];
    assert_eq!(l.accelerators.len(), 1, "{:?}", l.report);
    assert!(l.accelerators[0].1.guards.iter().any(|g| g.assertion));
}

#[test]
fn calls_to_loop_free_helpers_are_inlined() {
    let src = "int inc(int v) { return v + 1; }\nint main() { int i = 0; while (i < 50) { i = inc(i); } return 0; }\n";
    let s = summary(src);
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
}

#[test]
fn an_outer_loop_takes_the_summary_of_a_counted_inner_loop() {
    // `j` from 0 to 10: the inner loop runs 10 times, or (never here) not
    // at all; both cases are paths of the outer loop.
    let s = summary(&wrap_main(
        "int i, j; unsigned s = 0; for (i = 0; i < 1000; i++) { for (j = 0; j < 10; j++) { s += 2; } }",
    ));
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
    assert_eq!(s[1].0, 1, "{:?}", s[1].1);
    // The bound may be any variable the inner loop does not change.
    let s = summary(&wrap_main(
        "int m = nondet_int(); int i, j; unsigned s = 0; \
         for (i = 0; i < 1000; i++) { for (j = 0; j < m; j++) { s += 2; } }",
    ));
    assert_eq!(s[0].0, 2, "{:?}", s[0].1);
}

#[test]
fn an_inner_loop_without_summary_leaves_the_outer_loop_alone_with_reason() {
    // Each runs more often than the unrolling takes (`n` is free): the
    // summary's reason stays.
    for (inner, why) in [
        (
            "for (j = 0; j < n; j++) { if (j == 3) s++; }",
            "it has 2 iteration paths, not one",
        ),
        (
            "for (j = 0; j < n; j++) { assert(s != 7); s++; }",
            "its body branches or asserts",
        ),
        ("j = 0; do { j++; } while (j < n);", "it is a do-while loop"),
        (
            "for (j = 0; j < n; j++) { s = s * 2; }",
            "`s` does not move by a constant step",
        ),
        (
            "for (j = 0; j < n; j += 2) { s++; }",
            "sides approach each other by one",
        ),
        ("for (l = 0; l < n; l++) { s++; }", "`l` has more than 32 bits"),
        (
            "for (j = 0; j < 10; j++) { m[i % 4][j] = 1; }",
            "it writes the array `m`",
        ),
    ] {
        let s = summary(&wrap_main(&format!(
            "void assert(int); int m[4][10]; int i, j; long l; unsigned s = 0; int n = nondet_int(); \
             for (i = 0; i < 1000; i++) {{ {inner} }}"
        )));
        assert_eq!(s[0].0, 0, "{inner}: {:?}", s[0].1);
        assert!(
            s[0].1.iter().any(|r| r.contains("inner loop") && r.contains(why)),
            "{inner}: {:?}",
            s[0].1
        );
    }
}

#[test]
fn an_inner_loop_that_fills_rows_gives_the_outer_loop_a_whole_matrix_write() {
    // The inner loop's summary fills the row `m[i]`; the loop over the rows
    // writes a fresh matrix, element by element over the whole matrix, and
    // copies it back whole.
    let src = wrap_main(
        "int m[4][10]; int i, j; unsigned s = 0; \
         for (i = 0; i < 4; i++) { for (j = 0; j < 10; j++) { m[i][j] = 10 * i - j; } s++; }",
    );
    let s = summary_for(&src, Quantifiers::Bounded);
    assert_eq!((s[0].0, s[1].0), (1, 1), "{s:?}");
    let options = crate::pipeline::Options::accelerating_every_loop();
    let text = crate::pipeline::accelerate_source(&src, &options)
        .expect("accelerates")
        .output;
    assert!(text.contains("int tracc_a1[4][10];"), "{text}");
    assert!(text.contains("tracc_k1 < 40UL"), "{text}");
    assert!(text.contains("__CPROVER_array_copy(m, tracc_a1);"), "{text}");
    // Rows that do not follow each other, columns or lengths that change
    // from row to row, a read of the matrix beside the fill: refused, with
    // the reason, while the inner loop stays accelerated.
    for (outer, why) in [
        (
            "for (i = 0; i < 4; i += 2) { for (j = 0; j < 10; j++) { m[i][j] = 1; } }",
            "not the next row in each iteration",
        ),
        (
            "for (i = 0; i < 4; i++) { for (j = 0; j < i; j++) { m[i][j] = 1; } }",
            "not the next row in each iteration",
        ),
        (
            "for (i = 0; i < 4; i++) { for (j = i; j < 10; j++) { m[i][j] = 1; } }",
            "not the next row in each iteration",
        ),
        (
            "for (i = 0; i < 4; i++) { for (j = 0; j < 10; j++) { m[i][j] = 1; } s += m[0][0]; }",
            "reads the array `m` that it writes",
        ),
        (
            "for (i = 0; i < 4; i++) { for (j = 0; j < 10; j++) { m[i][j] = m[i][j] + 1; } }",
            "inner loop on the path has no summary: it writes the array `m`",
        ),
        (
            "for (i = 0; i < 4; i++) { for (j = 0; j < 10; j++) { v[j] = 1; } }",
            "inner loop on the path has no summary: it writes the array `v`",
        ),
    ] {
        let s = summary(&wrap_main(&format!(
            "int m[4][10], v[10]; int i, j; unsigned s = 0; {outer}"
        )));
        // (`j < i`: the path where the inner loop does not run is accelerated.)
        assert!(s[0].1.iter().any(|r| r.contains(why)), "{outer}: {:?}", s[0].1);
        assert_eq!(s[1].0, 1, "{outer}: the inner loop {:?}", s[1].1);
    }
}

#[test]
fn pointers_and_unknown_calls_are_rejected_with_reason() {
    let s = summary(
        "int g(int);\nint main() { int a = 0; int *p = &a; while (*p < 10) { (*p)++; } while (a < 10) { a = g(a); } return 0; }\n",
    );
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].0, 0);
    assert!(!s[0].1.is_empty());
    assert_eq!(s[1].0, 0);
    assert!(s[1].1.iter().any(|r| r.contains("`g`")), "{:?}", s[1].1);
}

#[test]
fn loops_over_structures_are_left_alone_with_the_reason() {
    let s = summary(
        "struct c { unsigned n; };\nint main() { struct c v = {0}; unsigned i = 0; while (v.n < 10) { v.n++; } while (i < 10) { i++; } return 0; }\n",
    );
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].0, 0);
    assert!(s[0].1.iter().any(|r| r.contains("structure")), "{:?}", s[0].1);
    assert_eq!(s[1].0, 1, "{:?}", s[1].1);
}

#[test]
fn exit_paths_are_not_accelerated() {
    let src = wrap_main("unsigned i = 0; while (1) { if (i == 77) break; i++; }");
    let (_, i) = inst(&src);
    let l = &i.loops[0];
    assert_eq!(l.paths.len(), 1);
    assert_eq!(l.accelerators.len(), 1);
}

#[test]
fn nondeterministic_updates_are_rejected() {
    let s = summary(&wrap_main("int x = 0; while (x < 10) { x = nondet_int(); }"));
    assert_eq!(s[0].0, 0);
    assert!(s[0].1.iter().any(|r| r.contains("nondeterministic")), "{:?}", s[0].1);
}

#[test]
fn nondeterministic_loop_conditions_are_dropped() {
    let s = summary(&wrap_main("unsigned x = 0; while (nondet_int()) { x++; }"));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
}

#[test]
fn triangular_updates_get_quadratic_closed_forms() {
    let src = wrap_main("unsigned x = 0, y = 0; while (x < 100) { y += x; x++; }");
    let (_, i) = inst(&src);
    let l = &i.loops[0];
    assert_eq!(l.accelerators.len(), 1, "{:?}", l.report);
    let cf = &l.accelerators[0].1.closed_forms;
    assert!(
        cf.iter()
            .any(|c| c.var == "y" && c.kind == crate::accelerate::FormKind::Polynomial && c.formula.contains("k^2")),
        "{cf:?}"
    );
}

#[test]
fn non_monotone_quadratics_are_accelerated_on_each_side_of_zero() {
    // y moves down then up when x starts negative: not monotone, except
    // over the iterations where the addend x is not negative, and over
    // those where it is: two paths, one accelerator each.
    let src = wrap_main("int x = nondet_int(), y = 0; while (x < 100) { y += x; x++; }");
    let (_, i) = inst(&src);
    let l = &i.loops[0];
    assert_eq!(l.accelerators.len(), 2, "{:?}", l.report);
    let report = format!("{:?}", l.report);
    assert!(
        report.contains("assume(x >= 0)") && report.contains("assume(x < 0)"),
        "{report}"
    );
}

#[test]
fn a_side_of_zero_that_no_iteration_takes_is_left_out() {
    // The counter runs from 1: the side i < 0 would be assumptions that
    // no execution reaches.
    let src = wrap_main("long s = 0; for (int i = 1; i <= 100000; i++) s += i;");
    let (_, i) = inst(&src);
    let l = &i.loops[0];
    assert_eq!(l.accelerators.len(), 1, "{:?}", l.report);
    assert_eq!(l.paths.len(), 1, "{:?}", l.report);
    // From -5 it takes both.
    let src = wrap_main("long s = 0; for (int i = -5; i <= 100000; i++) s += i;");
    let (_, i) = inst(&src);
    assert_eq!(i.loops[0].accelerators.len(), 2, "{:?}", i.loops[0].report);
}

#[test]
fn array_writes_at_moving_indices_are_accelerated() {
    let s = summary(&wrap_main(
        "int a[100]; int i = 0; while (i < 100) { a[i] = 2 * i + 1; i++; }",
    ));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
    // Two paths: the write happens on one of them, both are accelerated.
    let s = summary(&wrap_main(
        "unsigned char a[50]; int i = 49; for (; i >= 0; i -= 2) { if (a[i] > 3) a[i] = 3; }",
    ));
    assert_eq!(s[0].0, 2, "{:?}", s[0].1);
}

#[test]
fn recursive_array_updates_are_rejected_with_reason() {
    let s = summary(&wrap_main(
        "int a[100]; int i = 1; while (i < 100) { a[i] = a[i - 1] + 1; i++; }",
    ));
    assert_eq!(s[0].0, 0);
    assert!(s[0].1.iter().any(|r| r.contains("array")), "{:?}", s[0].1);
    let s = summary(&wrap_main("int a[100]; int i = 1; while (i < 100) { a[0] = i; i++; }"));
    assert_eq!(s[0].0, 0);
    assert!(s[0].1.iter().any(|r| r.contains("constant step")), "{:?}", s[0].1);
}

#[test]
fn replacement_keeps_the_original_body_and_header() {
    let src = wrap_main("unsigned x = nondet_uint(); while (x > 0) { x--; }");
    let (program, i) = inst(&src);
    let l = &i.loops[0];
    let rep = l.replacement.as_ref().expect("accelerated");
    assert!(rep.span.is_synthetic());
    let StmtKind::While { cond, body } = &rep.kind else {
        panic!("not a while")
    };
    assert!(!cond.span.is_synthetic());
    let orig = loops::loop_stmt(&program, &l.info).expect("loop");
    let StmtKind::While { body: ob, .. } = &orig.kind else {
        panic!("not a while")
    };
    let StmtKind::Block { stmts, .. } = &body.kind else {
        panic!("no block")
    };
    let StmtKind::If { els: Some(e), .. } = &stmts[0].kind else {
        panic!("no choice")
    };
    assert_eq!(e.span, ob.span);
}

#[test]
fn explain_mentions_locations_closed_forms_and_reasons() {
    let src = wrap_main(
        "unsigned x = nondet_uint(); unsigned y = 0; while (x > 0) { x--; y++; }\nint a[3]; int i = 1; while (i < 3) { a[i] = a[i - 1]; i++; }",
    );
    let lowered = crate::lower::lower_source(&src).expect("lowers");
    let i = instrument_program(&lowered.program, &InstrumentOptions::default());
    let text = explain::explain(&lowered.program, &src, &i);
    assert!(text.contains("function main"), "{text}");
    assert!(text.contains("while loop at 4:"), "{text}");
    assert!(text.contains("y (unsigned int, linear)"), "{text}");
    assert!(text.contains("reason:"), "{text}");
}

#[test]
fn an_inner_loop_without_summary_that_the_outer_state_bounds_is_taken_one_iteration_at_a_time() {
    for inner in [
        "for (j = 0; j < 10; j++) { if (j == 3) s++; }",
        "for (j = 0; j < 10; j++) { if (j == 4) break; s++; }",
        "for (j = 0; j < 10; j++) { if (j % 3 != 0) continue; s++; }",
        "j = 0; do { j++; s++; } while (j < 6);",
        "for (j = 0; j < 10; j++) { s += j; }",
        "unsigned x = 1000; while (x > 1) { x /= 2; s++; }",
        "j = 0; while (j++ < 5) { s++; }",
    ] {
        let s = summary(&wrap_main(&format!(
            "unsigned s = 0; int i, j; for (i = 0; i < 1000; i++) {{ {inner} }}"
        )));
        assert_eq!(s[0].0, 1, "{inner}: {:?}", s[0].1);
    }
    // 65 iterations are more than the unrolling takes.
    let s = summary(&wrap_main(
        "unsigned s = 0; int i, j; for (i = 0; i < 1000; i++) { for (j = 0; j < 65; j++) { if (j == 3) s++; } }",
    ));
    assert_eq!(s[0].0, 0, "{:?}", s[0].1);
    assert!(s[0].1.iter().any(|r| r.contains("2 iteration paths")), "{:?}", s[0].1);
}

#[test]
fn wide_accumulators_of_narrow_counters_are_accelerated() {
    let src = wrap_main(
        "unsigned n = nondet_uint(); unsigned i; unsigned long long s = 0; for (i = 0; i < n; i++) { s += i; }",
    );
    let (_, i) = inst(&src);
    let l = &i.loops[0];
    assert_eq!(l.accelerators.len(), 1, "{:?}", l.report);
    assert!(
        l.accelerators[0]
            .1
            .closed_forms
            .iter()
            .any(|c| c.var == "s" && c.kind == crate::accelerate::FormKind::Polynomial)
    );
}

#[test]
fn conditions_with_side_effects_are_taken_after_the_body() {
    // The loop evaluated the condition before the accelerator: its paths
    // run from the body to the next evaluation.
    let s = summary(&wrap_main(
        "unsigned i = 0; unsigned n = nondet_uint(); unsigned s = 0; while (i++ < n) { s += 2; }",
    ));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
    let s = summary(&wrap_main("int i = 0, k = 0; for (; k++, i < 100;) { i++; }"));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
    // An inner loop's summary starts at its entry, before such a condition
    // (with a constant bound the outer path takes it one iteration at a time).
    let s = summary(&wrap_main(
        "unsigned s = 0; unsigned n = nondet_uint(); \
         for (int o = 0; o < 10; o++) { unsigned j = 0; while (j++ < n) { s++; } }",
    ));
    assert_eq!(s[0].0, 0);
    assert!(s[0].1.iter().any(|r| r.contains("side effects")), "{:?}", s[0].1);
    // After the body (do-while) they are part of the iteration.
    let s = summary(&wrap_main("unsigned i = 0; do { } while (i++ < 100);"));
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
    // A call that only reads is fine.
    let s = summary(
        "int below(int v, int b) { return v < b; }\nint main() { int i = 0; while (below(i, 100)) { i++; } return 0; }\n",
    );
    assert_eq!(s[0].0, 1, "{:?}", s[0].1);
}

#[test]
fn sum_arrays_of_the_paper_are_accelerated() {
    // Figure 9: nondeterministic inputs, then c[i] = a[i] + b[i] (its
    // overflow condition quantified), then the check.
    let src = "int a[100], b[100], c[100];\nshort nondet_short(void);\nunsigned nondet_uint(void);\n\
               int main() { unsigned N = nondet_uint(), i;\n\
               for (i = 0; i < N; i = i + 1) { a[i] = nondet_short(); b[i] = nondet_short(); }\n\
               for (i = 0; i < N; i = i + 1) { c[i] = a[i] + b[i]; }\n\
               for (i = 0; i < N; i = i + 1) { assert(c[i] == a[i] + b[i]); }\nreturn 0; }\n";
    let s = summary(src);
    assert_eq!(s.iter().map(|l| l.0).collect::<Vec<_>>(), vec![1, 1, 1], "{s:?}");
    // A nondeterministic value used twice is not a fresh array value.
    let s = summary(&wrap_main(
        "int a[10]; int i = 0; int v; while (i < 10) { v = nondet_int(); a[i] = v; if (v > 0) i++; else i++; }",
    ));
    assert!(s[0].1.iter().any(|r| r.contains("nondeterministic")), "{:?}", s[0].1);
}

fn quantifiers_in(i: &Instrumented) -> Vec<Expr> {
    let mut out = Vec::new();
    for l in &i.loops {
        for (_, acc) in &l.accelerators {
            acc.block.walk(&mut |st| {
                for e in st.own_exprs() {
                    e.walk(&mut |x| {
                        if matches!(x.kind, ExprKind::Forall(..)) {
                            out.push(x.clone());
                        }
                    });
                }
            });
        }
    }
    out
}

#[test]
fn disequality_guards_need_no_quantifier() {
    // The moving side passes 90 at most once: a closed condition instead
    // of `forall k < n`, for every counter type but signed 64-bit ones.
    for ty in [
        "unsigned char",
        "signed char",
        "short",
        "unsigned",
        "int",
        "unsigned long",
    ] {
        for (update, cond) in [("i += 7", "i != 90"), ("i--", "!(i == 3)"), ("i -= 3", "90 != i")] {
            let src = wrap_main(&format!("{ty} i = nondet_int(); while ({cond}) {{ {update}; }}"));
            let (_, i) = inst_for(&src, Quantifiers::None);
            assert_eq!(i.loops[0].accelerators.len(), 1, "{src}: {:?}", i.loops[0].report);
            assert!(quantifiers_in(&i).is_empty(), "{src}");
            let g = &i.loops[0].accelerators[0].1.guards;
            // Unsigned counters that the guard alone reads wrap around.
            assert!(
                g.iter()
                    .any(|g| matches!(g.treatment, GuardTreatment::SinglePoint | GuardTreatment::WrapsAround)),
                "{src}"
            );
        }
    }
}

#[test]
fn the_target_decides_which_quantifiers_are_emitted() {
    // A write at a moving index needs `forall k < n` for the written values
    // and `forall j < 100` for the others. `smt` emits the first as it is;
    // `bounded` (CBMC's SAT back end expands constant ranges only) gives it
    // the range 100, which the in-bounds index implies; `none` refuses.
    let src = wrap_main("int a[100]; int i = 0; while (i < 100) { a[i] = 2 * i + 1; i++; }");
    let (_, smt) = inst_for(&src, Quantifiers::Smt);
    let all = quantifiers_in(&smt);
    assert_eq!(all.len(), 2);
    assert_eq!(all.iter().filter(|q| Quantifiers::Bounded.admits(q)).count(), 1);
    let (_, bounded) = inst_for(&src, Quantifiers::Bounded);
    let all = quantifiers_in(&bounded);
    assert_eq!(all.len(), 2);
    assert!(all.iter().all(|q| Quantifiers::Bounded.admits(q)));
    let s = summary_for(&src, Quantifiers::None);
    assert_eq!(s[0].0, 0, "{:?}", s[0].1);
    assert!(
        s[0].1.iter().any(|r| r.contains("needs the quantifier")),
        "{:?}",
        s[0].1
    );
}

#[test]
fn a_quantifier_without_an_array_to_bound_it_is_refused_for_cbmc() {
    // Every third index: the range is (100 - 1) / 3 + 1 = 34 iterations.
    let src = wrap_main("int a[100]; int i = 0; while (i < 99) { a[i] = 5; i += 3; }");
    let (_, bounded) = inst_for(&src, Quantifiers::Bounded);
    let all = quantifiers_in(&bounded);
    assert!(!all.is_empty() && all.iter().all(|q| Quantifiers::Bounded.admits(q)));
    let has_34 = |q: &Expr| {
        let mut found = false;
        q.walk(&mut |x| found |= x.const_value() == Some(34));
        found
    };
    assert!(all.iter().any(has_34), "{all:?}");
    // No array access: nothing bounds the number of iterations.
    let periodic = wrap_main("unsigned i = nondet_uint(), n = nondet_uint(); while (i < n && (7 * i) % 10 != 3) i++;");
    // An array too large to expand (more than 131,072 elements for a fill
    // to the loop's end, whose instances fold; 65,536 for a free count).
    let large = wrap_main("int a[200000]; unsigned i = 0; while (i < 200000) { a[i] = 2 * i; i++; }");
    let free = wrap_main("int a[100000]; unsigned i = nondet_uint(); while (i < 100000 && a[i] != 3) i++;");
    for (src, why) in [
        (periodic, "whose range is not constant"),
        (large, "over 200000 values, more than tracc emits"),
        (free, "over 100000 values, more than tracc emits"),
    ] {
        let s = summary_for(&src, Quantifiers::Bounded);
        assert_eq!(s[0].0, 0, "{src}: {:?}", s[0].1);
        assert!(s[0].1.iter().any(|r| r.contains(why)), "{:?}", s[0].1);
        let (_, smt) = inst_for(&src, Quantifiers::Smt);
        assert!(!quantifiers_in(&smt).is_empty(), "{src}");
    }
}

#[test]
fn guards_the_path_does_not_change_are_checked_once() {
    // 1,024 syntactic paths would be too many; two branches on a variable
    // the loop never writes are enough to show it: no quantifier.
    let src = wrap_main(
        "unsigned y = nondet_uint(), x = 0, n = nondet_uint(); while (x < n) { if (y % 2 == 0) x += 2; else x += 1; }",
    );
    let (_, i) = inst_for(&src, Quantifiers::None);
    assert_eq!(i.loops[0].accelerators.len(), 2, "{:?}", i.loops[0].report);
    assert!(quantifiers_in(&i).is_empty());
    for (_, acc) in &i.loops[0].accelerators {
        assert!(acc.guards.iter().any(|g| g.treatment == GuardTreatment::Invariant));
    }
}

#[test]
fn loops_are_left_to_unrolling_whole_nests_at_a_time_and_when_not_accelerated() {
    let unrolled = |src: &str| -> Vec<(Option<u128>, bool)> {
        let lowered = crate::lower::lower_source(src).expect("lowers");
        let opts = InstrumentOptions {
            unroll_limit: 1001,
            ..InstrumentOptions::default()
        };
        let i = instrument_program(&lowered.program, &opts);
        i.loops.iter().map(|l| (l.unrolled, l.replacement.is_some())).collect()
    };
    // An inner loop without a trip bound keeps the loop around it from
    // unrolling (its accelerator would be copied in every unwinding).
    let rows = wrap_main(
        "int m[2][10]; unsigned n = nondet_uint(); __CPROVER_assume(n <= 10); \
         for (int r = 0; r < 2; r++) { for (unsigned j = 0; j < n; j++) m[r][j] = 1; }",
    );
    assert_eq!(unrolled(&rows)[0].0, None);
    // A nest of 101 x 101 unwindings is over the limit; the inner loop,
    // 3 x 101 inside a loop that is not unrolled, is within it.
    let square = wrap_main("int m[100][100]; for (int r = 0; r < 100; r++) for (int c = 0; c < 100; c++) m[r][c] = r;");
    let got = unrolled(&square);
    assert_eq!((got[0].0, got[1].0), (None, Some(100)), "{got:?}");
    // Not accelerated (no closed form for `s * s`), above the limit: CBMC
    // still unrolls it through its trip count rather than fail an
    // unwinding assertion at 3.
    let square_sum = wrap_main("unsigned s = 1; for (int i = 0; i < 5000; i++) s = s * s + 1;");
    assert_eq!(unrolled(&square_sum), vec![(Some(5000), false)]);
    // Beyond the fallback limit it stays at the default bound.
    let long = wrap_main("unsigned s = 1; for (int i = 0; i < 50000; i++) s = s * s + 1;");
    assert_eq!(unrolled(&long), vec![(None, false)]);
}

/// A path taken every other iteration is refused as `never-repeats` before
/// z3 is asked whether its sum is monotone (that question took seconds and
/// was answered no), and the loop is accelerated as the two paths
/// composed: `s` gains `i - 1` per two iterations.
#[test]
fn a_sum_taken_every_other_iteration_is_composed_with_the_other_path() {
    let src = "long f(int n)\n{\n    long s = 0;\n    for (int i = 0; i < n; i++) {\n        if (i % 2) s += i;\n        else s -= 1;\n    }\n    return s;\n}\n";
    let s = summary_for(src, Quantifiers::Bounded);
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(s[0].0, 1, "{s:?}");
    assert!(
        s[0].1
            .iter()
            .all(|r| r.contains("never hold at two iterations in a row")),
        "{s:?}"
    );
}

#[test]
fn progress_is_told_before_each_loop() {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let told = seen.clone();
    let opts = InstrumentOptions {
        progress: Some(crate::diag::Progress::new(move |what| {
            if let Ok(mut v) = told.lock() {
                v.push(what.to_string());
            }
        })),
        ..InstrumentOptions::default()
    };
    let src =
        wrap_main("int i = 0; while (i < 10) i++; for (int j = 0; j < 5; j++) { for (int k = 0; k < 5; k++) {} }");
    let lowered = crate::lower::lower_source(&src).expect("lowers");
    instrument_program(&lowered.program, &opts);
    let seen = seen.lock().map(|v| v.clone()).unwrap_or_default();
    assert_eq!(seen, ["loop 1 of 3", "loop 2 of 3", "loop 3 of 3"]);
}

/// The period of the loop's one residue accelerator, `None` without one.
fn residue_period(body: &str) -> Option<i128> {
    let (_, i) = inst_for(&wrap_main(body), Quantifiers::Bounded);
    i.loops.first()?.report.paths.first()?.by_residue
}

#[test]
fn paths_told_apart_by_the_counters_remainder_share_one_accelerator() {
    let three = "unsigned n = nondet_uint(), i = 0, j = 0, k = 0, l = 0;\n\
                 while (l < n) { if (!(l % 3)) i = i + 1; else if (!(l % 2)) j += 2; else k--; l = l + 1; }";
    assert_eq!(residue_period(three), Some(6));
    let (_, inst) = inst_for(&wrap_main(three), Quantifiers::Bounded);
    assert_eq!(inst.loops[0].accelerators.len(), 1);
    // A mask, a `for` step, a signed sum moving one way, an addend that is
    // a remainder itself.
    let masked = "int s = 0; unsigned g = 0;\n\
                  for (int i = 0; i < 1000; i++) { if ((i & 3) == 3) s += 2; g += i % 5; }";
    assert_eq!(residue_period(masked), Some(20));
}

#[test]
fn loops_outside_the_residue_shape_keep_the_per_path_accelerators() {
    for body in [
        // A way out of the loop at some residues.
        "unsigned n = nondet_uint(), i = 0, a = 0;\nwhile (i < n) { if (i % 5 == 3) break; a++; i++; }",
        // A signed sum that moves both ways.
        "int n = nondet_int(), i = 0, a = 0;\nwhile (i < n) { if (i % 2) a += 3; else a -= 1; i++; }",
        // A step other than 1.
        "unsigned n = nondet_uint(), i = 0, a = 0, b = 0;\nwhile (i < n) { if (i % 4 == 0) a++; else b++; i += 2; }",
        // A guard on another variable.
        "unsigned n = nondet_uint(), i = 0, a = 0, b = 0;\nwhile (i < n) { if ((i + a) % 2) a++; else b++; i++; }",
        // An assertion in the body.
        "unsigned n = nondet_uint(), i = 0, a = 0, b = 0;\nwhile (i < n) { if (i % 2) a++; else b++; __CPROVER_assert(a < 100, \"a\"); i++; }",
        // A condition that is not monotone in the counter.
        "unsigned n = nondet_uint(), i = 0, a = 0, b = 0;\nwhile (i != n) { if (i % 2) a++; else b++; i++; }",
    ] {
        assert_eq!(residue_period(body), None, "{body}");
    }
}
