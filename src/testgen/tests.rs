use super::*;

#[test]
fn programs_are_deterministic_and_lower() {
    for seed in 0..500 {
        let g = loop_program(seed);
        assert_eq!(g.source, loop_program(seed).source);
        let lowered = crate::lower::lower_source(&g.source);
        assert!(lowered.is_ok(), "seed {seed}:\n{}", g.source);
        let mut opaque = false;
        for f in &lowered.as_ref().map(|l| l.program.funcs.clone()).unwrap_or_default() {
            if let Some(b) = &f.body {
                b.walk(&mut |s| {
                    for e in s.own_exprs() {
                        e.walk(&mut |e| opaque |= matches!(e.kind, crate::ir::ExprKind::Opaque(_)));
                    }
                });
            }
        }
        assert!(!opaque, "seed {seed} has unmodelled code:\n{}", g.source);
    }
}

#[test]
fn while_loops_branch_on_conditions_and_on_nondeterministic_choices() {
    let sources: Vec<String> = (0..600).map(|seed| loop_program(seed).source).collect();
    assert!(sources.iter().any(|s| s.contains("        if (nondet_bool()) {\n")));
    assert!(sources.iter().any(|s| s.contains("        if (v")));
}

/// The programs of `class` among the first 5,000 seeds, with their seed.
fn of_class(class: Class) -> impl Iterator<Item = (u64, Generated)> {
    (0..5000)
        .map(|seed| (seed, loop_program(seed)))
        .filter(move |(_, g)| g.classes.contains(&class))
}

/// How many of the generated programs whose source contains one of
/// `shapes` get a transformation report with `needed` occurrences of
/// `marker`, stopping at `enough`.
fn accelerated_with(shapes: &[&str], marker: &str, needed: usize, enough: usize) -> usize {
    let options = crate::pipeline::Options::accelerating_every_loop();
    let mut found = 0;
    for seed in 0..5000 {
        let g = loop_program(seed);
        if !shapes.iter().any(|s| g.source.contains(s)) {
            continue;
        }
        if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
            found += usize::from(out.report.to_string().matches(marker).count() >= needed);
        }
        if found >= enough {
            break;
        }
    }
    found
}

#[test]
fn endless_loops_with_paired_steps_give_kept_sums() {
    // k-induction's relational candidates (`accelerate::kept_sums`)
    // come from paths like `if (x0 + 1 < 5 && x1 + 2 < 7) { x0 = x0 +
    // 1; x1 = x1 + 2; }`: the campaign's endless loops must have them,
    // with the assertions over such relations (`2LL * x0 - 1LL * x1`).
    let with_sums = of_class(Class::Endless)
        .filter(|(_, g)| g.source.contains("LL * "))
        .filter_map(|(_, g)| crate::pipeline::accelerate_source(&g.source, &Default::default()).ok())
        .filter(|out| !out.kept_sums().is_empty())
        .take(3)
        .count();
    assert_eq!(with_sums, 3, "endless loops with kept sums");
}

#[test]
fn conditions_with_side_effects_are_generated_and_accelerated() {
    // `while (c++ < L)`, `while ((c += 3) != L)`, `for (c = S; ++c < L;)`:
    // their paths take the condition after the body.
    let shapes = [
        "    while (++c",
        "    while (--c",
        "    while ((c += ",
        "    while (c++",
        "    while (c--",
        "; ++c ",
        "; --c ",
        "; (c += ",
    ];
    let n = accelerated_with(&shapes, "\"accelerated\":true", 1, 5);
    assert!(
        n >= 5,
        "only {n} loops with side effects in their condition accelerated"
    );
}

#[test]
fn loops_left_to_unrolling_are_generated_with_break_and_continue() {
    // The default options write short counting loops for `--unwind 3`
    // (`instrument::unroll`), which the campaign compares too: the
    // generator must give such loops with a `break` and with a
    // `continue` of the loop.
    let options = crate::pipeline::Options::default();
    let (mut with_break, mut with_continue) = (0, 0);
    for seed in 0..3000 {
        let g = loop_program(seed);
        let wanted =
            (with_break < 3 && g.source.contains("break;")) || (with_continue < 3 && g.source.contains("continue;"));
        if !wanted {
            continue;
        }
        let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
            continue;
        };
        if !out.output.contains("tracc_go") {
            continue;
        }
        let lines: Vec<&str> = out.output.lines().collect();
        with_break += usize::from(
            (lines.windows(2)).any(|w| w[0].contains("tracc_go") && w[0].ends_with(" = 0;") && w[1].trim() == "break;"),
        );
        with_continue += usize::from(out.output.contains("} while (0);") && g.source.contains("continue;"));
        if with_break >= 3 && with_continue >= 3 {
            break;
        }
    }
    assert!(
        with_break >= 3 && with_continue >= 3,
        "break {with_break}, continue {with_continue}"
    );
}

#[test]
fn updates_reading_an_alternating_value_are_accelerated_twice() {
    // `v1 = -v1; v0 = v0 + v1`: no closed form per iteration, a
    // polynomial one over two (`instrument::twice_accelerator`).
    let n = accelerated_with(&["= -v"], "\"composed_with\":[1]", 1, 3);
    assert!(n >= 3, "only {n} paths accelerated twice");
}

#[test]
fn halving_loops_are_generated_and_decided_at_3() {
    // Every place of the division, both operations, constant and
    // nondeterministic starts; tracc writes them for `--unwind 3`, and
    // the check there has the verdict of the input at its bound.
    let options = crate::pipeline::Options::default();
    let mut shapes = std::collections::BTreeSet::new();
    let mut decided = 0;
    for seed in 0..3000 {
        let g = loop_program(seed);
        if !g.classes.contains(&Class::Halving) {
            continue;
        }
        for (needle, shape) in [
            ("    for (; ", "step"),
            ("{\n        x ", "first"),
            (";\n        x ", "last"),
            (">>= ", "shift"),
            ("/= ", "divide"),
            ("nondet_", "nondet"),
        ] {
            if g.source.contains(needle) {
                shapes.insert(shape);
            }
        }
        if decided >= 6 {
            continue;
        }
        let out = crate::pipeline::accelerate_source(&g.source, &options).expect("transforms");
        assert!(
            out.output.contains("tracc_go"),
            "seed {seed} not unrolled:\n{}",
            out.output
        );
        let at = |text: &str, unwind, unwindset: Vec<(String, u32)>| {
            let opts = crate::check::CheckOptions {
                unwind,
                unwindset,
                ..crate::check::CheckOptions::default()
            };
            crate::check::check_source(text, &opts).map(|r| r.verdict)
        };
        let input = at(&g.source, g.bound, Vec::new());
        let output = at(&out.output, 3, out.unwindset.clone());
        assert_eq!(input, output, "seed {seed}:\n{}\n{}", g.source, out.output);
        decided += 1;
    }
    assert_eq!(shapes.len(), 6, "{shapes:?}");
    assert_eq!(decided, 6);
}

#[test]
fn offset_tests_are_generated_accelerated_and_overflow() {
    // Tests on `v + c` in accelerated loops, some of which overflow a
    // signed type in the input (the campaign then asks the outputs to
    // overflow too).
    let options = crate::pipeline::Options::accelerating_every_loop();
    let check = |g: &Generated| {
        let o = crate::check::CheckOptions {
            unwind: g.bound,
            signed_overflow: true,
            timeout_ms: Some(20_000),
            ..Default::default()
        };
        crate::check::check_source(&g.source, &o)
            .is_ok_and(|r| r.failures.iter().any(|f| f.kind == crate::check::FailureKind::Overflow))
    };
    let (mut accelerated, mut overflowing) = (0, 0);
    for (seed, g) in of_class(Class::OffsetTest) {
        assert!(
            g.source.contains(" + ") || g.source.contains(" - "),
            "seed {seed}:\n{}",
            g.source
        );
        let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
            continue;
        };
        if out.output != g.source {
            accelerated += 1;
            overflowing += usize::from(check(&g));
        }
        if overflowing >= 2 && accelerated >= 5 {
            break;
        }
    }
    assert!(
        accelerated >= 5 && overflowing >= 2,
        "{accelerated} accelerated, {overflowing} overflowing"
    );
}

#[test]
fn array_loops_past_the_end_are_generated_and_accelerated() {
    // An upward array loop whose last iterations index past the end;
    // the bound still covers every iteration.
    let options = crate::pipeline::Options::accelerating_every_loop();
    let mut accelerated = 0;
    for (seed, g) in of_class(Class::PastTheEnd) {
        assert!(g.bound > 1, "seed {seed}:\n{}", g.source);
        let out = crate::pipeline::accelerate_source(&g.source, &options);
        accelerated += usize::from(out.is_ok_and(|o| o.output.contains("tracc_n")));
        if accelerated >= 5 {
            break;
        }
    }
    assert!(accelerated >= 5, "only {accelerated} accelerated");
}

#[test]
fn wrapping_counters_are_generated_and_accelerated_through_the_wrap() {
    // Header loops of unsigned counters whose guard excludes one value.
    let options = crate::pipeline::Options::accelerating_every_loop();
    let mut found = 0;
    for (_, g) in of_class(Class::Wrapping).filter(|(_, g)| g.source.contains(" != ")) {
        if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
            found += usize::from(out.report.to_string().contains("\"wraps-around\""));
        }
        if found >= 5 {
            break;
        }
    }
    assert!(found >= 5, "only {found} programs accelerated through a wrap-around");
}

#[test]
fn geometric_updates_are_generated_and_accelerated() {
    let n = accelerated_with(&[" *= ", " * v"], "\"geometric\"", 1, 5);
    assert!(n >= 5, "only {n} programs with geometric closed forms");
    // The class says so exactly when an unsigned variable is updated so.
    for seed in 0..300 {
        let g = loop_program(seed);
        if g.classes.contains(&Class::Geometric) {
            assert!(
                g.source.contains(" *= ") || g.source.contains(" * v"),
                "seed {seed}:\n{}",
                g.source
            );
        }
    }
}

/// The campaign checks every way the restricted output blocks a
/// covered iteration: with a flag, by an `assume` after the body (the
/// body cannot change the condition) and before it (the body cannot
/// fail).
#[test]
fn every_placement_of_the_coverage_check_is_generated() {
    let options = crate::pipeline::Options::accelerating_every_loop();
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..2000 {
        let g = loop_program(seed);
        let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
            continue;
        };
        let loops = out.report["loops"].as_array().map_or(&[][..], |l| &l[..]);
        for l in loops {
            if let Some(check) = l["automaton"]["coverage_check"].as_str() {
                *seen.entry(check.to_string()).or_insert(0) += 1;
                // Blocked before a body whose path a nondeterministic
                // branch chooses (the other case of `before_body`).
                if check == "before-body-checked" && loops.len() == 1 && g.source.contains("if (nondet_bool())") {
                    *seen.entry(format!("{check}, chosen")).or_insert(0) += 1;
                }
            }
        }
        if seen.len() == 5 {
            return;
        }
    }
    panic!("placements generated: {seen:?}");
}

/// A nondeterministic loop condition is no choice of path
/// (`restrict::apply::chosen_nondeterministically`): the campaign must
/// check loops `while (nondet_int())` whose body chooses nothing and that
/// have a path without an accelerator, with covered iterations blocked.
#[test]
fn loops_whose_only_choice_is_their_condition_are_generated_and_blocked() {
    let blocked = (0..5000)
        .map(loop_program)
        .filter(|g| g.source.contains("while (nondet_int())") && !g.source.contains("if (nondet_int())"))
        .filter_map(|g| crate::pipeline::accelerate_source(&g.source, &Default::default()).ok())
        .filter(|out| {
            let report = out.report.to_string();
            report.contains("\"coverage_check\":\"") && report.contains("\"accelerated\":false")
        })
        .take(3)
        .count();
    assert_eq!(
        blocked, 3,
        "loops on a nondeterministic condition blocked around a path without accelerator"
    );
}

#[test]
fn helper_calls_are_generated_inlined_and_blocked_before_the_body() {
    let with_helpers = of_class(Class::Calls).take(3).count();
    assert_eq!(with_helpers, 3, "programs with helper functions");
    // Calls of a helper with an assertion, too.
    assert!(of_class(Class::Calls).any(|(_, g)| g.source.contains("check(")));
    let n = accelerated_with(&[" = upd0("], "\"before-body", 1, 3);
    assert!(n >= 3, "{n} programs with calls had their loop blocked before the body");
}

#[test]
fn helpers_taking_addresses_are_generated_and_their_loops_accelerated() {
    let (seed, g) = of_class(Class::AddressArgs)
        .next()
        .expect("a program whose helpers take addresses");
    assert!(g.source.contains("*p_out = "), "seed {seed}:\n{}", g.source);
    // Their loops are accelerated: the paths inline the copies where `*p`
    // is the variable (without them, `call-not-inlined` leaves the loop).
    let n = accelerated_with(&["upd0(&"], "\"accelerated\":true", 1, 3);
    assert!(n >= 3, "{n} loops whose helpers take addresses were accelerated");
}

#[test]
fn helpers_with_a_static_local_are_generated_and_their_loops_accelerated() {
    let (seed, g) = of_class(Class::StaticLocal)
        .next()
        .expect("a program whose helper has a static local");
    assert!(
        g.source.contains("static unsigned int calls; calls++;"),
        "seed {seed}:\n{}",
        g.source
    );
    // The accelerator names the helper's static, which the output then
    // declares at file scope (without that, the loop is left alone).
    let n = accelerated_with(&["static unsigned int calls"], "\"accelerated\":true", 1, 3);
    assert!(n >= 3, "{n} loops whose helper has a static local were accelerated");
}

#[test]
fn shifts_are_generated_and_their_loops_accelerated() {
    let shifted: Vec<(u64, Generated)> = of_class(Class::Shifts).take(40).collect();
    assert_eq!(shifted.len(), 40, "programs with shifts");
    for shape in [" << ", " >> ", ") >> ", ") / "] {
        assert!(
            shifted.iter().any(|(_, g)| g.source.contains(shape)),
            "no program with `{shape}`"
        );
    }
    // `v + (w << s)` is accelerated as `v + w * 2^s` ...
    let n = accelerated_with(&[" << "], "\"accelerated\":true", 1, 3);
    assert!(n >= 3, "{n} loops with a left shift were accelerated");
    // ... and a test of the counter's quotient by its residues (a rarer
    // shape: more seeds).
    let options = crate::pipeline::Options::accelerating_every_loop();
    let n = (0..40_000)
        .map(loop_program)
        .filter(|g| g.classes.contains(&Class::Shifts))
        .filter(|g| g.source.contains("(i) >> ") || g.source.contains("(i) / "))
        .filter_map(|g| crate::pipeline::accelerate_source(&g.source, &options).ok())
        .filter(|out| out.report.to_string().contains("\"by_residue\""))
        .take(3)
        .count();
    assert_eq!(n, 3, "loops testing the counter's quotient accelerated by residues");
}

#[test]
fn early_exits_are_generated_and_blocked_before_the_body() {
    let n = accelerated_with(&["break;"], "\"before-body-checked\"", 1, 3);
    assert!(
        n >= 3,
        "{n} programs with a break had their loop blocked before the body"
    );
}

#[test]
fn branches_with_equal_effects_are_generated_and_merged() {
    let options = crate::pipeline::Options::accelerating_every_loop();
    let (mut generated, mut merged) = (0, 0);
    for seed in 0..3000 {
        let g = loop_program(seed);
        if !g.classes.contains(&Class::EqualEffects) {
            continue;
        }
        generated += 1;
        if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
            merged += usize::from(out.report.to_string().contains("\"merged\":2"));
        }
        if merged >= 5 {
            break;
        }
    }
    assert!(
        merged >= 5,
        "{merged} of {generated} programs with equal branches had them merged"
    );
}

#[test]
fn alternating_updates_are_generated_and_accelerated() {
    let n = accelerated_with(&[" = -v", " - v"], "\"alternating\"", 1, 5);
    assert!(n >= 5, "only {n} programs with alternating closed forms");
}

#[test]
fn nested_loops_are_generated_and_outer_loops_accelerated_with_summaries() {
    let options = crate::pipeline::Options::accelerating_every_loop();
    let (mut nested, mut outer) = (0, 0);
    for seed in 0..3000 {
        let g = loop_program(seed);
        // The class says so exactly when there is an inner loop (a fill
        // before the loop is not one).
        let fills = usize::from(g.classes.contains(&Class::FilledRead));
        assert_eq!(
            g.classes.contains(&Class::Nested),
            g.source.matches("for (").count() + g.source.matches("while (").count() > 1 + fills,
            "seed {seed}:\n{}",
            g.source
        );
        if !g.classes.contains(&Class::Nested) {
            continue;
        }
        nested += 1;
        if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
            outer += usize::from(out.loops.iter().any(|l| l.depth == 0 && l.accelerated));
        }
        if outer >= 5 {
            break;
        }
    }
    assert!(
        outer >= 5,
        "{outer} of {nested} nested programs have an accelerated outer loop"
    );
}

#[test]
fn inner_loops_that_branch_are_generated_and_outer_loops_accelerated_through_them() {
    let options = crate::pipeline::Options::accelerating_every_loop();
    let branching: Vec<(u64, Generated)> = of_class(Class::InnerBranch).take(60).collect();
    for shape in ["break;", "continue;", " % 2 ", ") v"] {
        assert!(
            branching.iter().any(|(_, g)| g.source.contains(shape)),
            "no inner loop with `{shape}`"
        );
    }
    // Their summaries are refused (more than one iteration path), so an
    // outer loop accelerated is one whose paths took the inner loop one
    // iteration at a time.
    let outer = branching
        .iter()
        .filter(|(_, g)| {
            crate::pipeline::accelerate_source(&g.source, &options)
                .is_ok_and(|out| out.loops.iter().any(|l| l.depth == 0 && l.accelerated))
        })
        .count();
    assert!(
        outer >= 5,
        "{outer} of 60 outer loops around a branching inner loop accelerated"
    );
}

#[test]
fn triangular_nests_give_outer_sums_monotone_under_their_guards() {
    // `for (j = 0; j < i; j++) v += c;` adds `c * i` per outer
    // iteration: quadratic, and monotone only where the guard on `i`
    // holds.
    let n = accelerated_with(&["j < i;", "j <= i;"], "\"polynomial\"", 1, 3);
    assert!(
        n >= 3,
        "only {n} triangular nests with a quadratic outer sum accelerated"
    );
}

/// Per kind of sum program (`kind` of its source, `None` for none of
/// them), how many of the first `limit` with a polynomial closed form are
/// accelerated, up to `wanted` of each.
fn accelerated_sums(limit: usize, wanted: &[usize], kind: impl Fn(&str) -> Option<usize>) -> Vec<usize> {
    let options = crate::pipeline::Options::accelerating_every_loop();
    let mut found = vec![0; wanted.len()];
    for (_, g) in of_class(Class::Sum).take(limit) {
        let Some(k) = kind(&g.source).filter(|&k| found[k] < wanted[k]) else {
            continue;
        };
        let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
            continue;
        };
        if out.report.to_string().contains("\"polynomial\"") {
            found[k] += 1;
        }
        if found == wanted {
            break;
        }
    }
    found
}

#[test]
fn sum_loops_are_generated_and_accelerated_in_both_directions() {
    // A counter summed down to its limit and one summed up to it: each
    // sum is quadratic and monotone only under the loop's test.
    let found = accelerated_sums(usize::MAX, &[3, 3], |src| {
        Some(usize::from(!(src.contains("c--") || src.contains("c -= "))))
    });
    assert_eq!(found, [3, 3], "sums accelerated counting down and up");
}

#[test]
fn sums_of_a_multiple_of_the_counter_are_generated_and_accelerated() {
    // `s += 2 * c` and `s += c << 1`: monotone where the counter is on one
    // side of zero, which tracc assumes of the counter (`one_side`).
    let found = accelerated_sums(400, &[3, 2], |src| {
        if src.contains(" * c") {
            Some(0)
        } else if src.contains("(c << 1)") {
            Some(1)
        } else {
            None
        }
    });
    assert_eq!(found, [3, 2], "sums accelerated of `K * c` and of `c << 1`");
}

#[test]
fn matrix_row_writes_are_generated_and_accelerated() {
    // A row fixed before the loop and rows counted by a loop around it:
    // both write `a[r]` through an accelerator.
    // The loop over the rows is accelerated too where the inner loop's
    // summary fills the row: the whole matrix is copied back, with
    // values that depend on the row or not.
    let options = crate::pipeline::Options::accelerating_every_loop();
    let (mut fixed, mut counted, mut filled, mut by_row) = (0, 0, 0, 0);
    for (_, g) in of_class(Class::MatrixRow) {
        let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
            continue;
        };
        if out.output.contains("__CPROVER_array_replace(a[r], ") {
            *(if g.source.contains("for (unsigned int r = 0;") {
                &mut counted
            } else {
                &mut fixed
            }) += 1;
        }
        if out.output.contains("__CPROVER_array_copy(a, ") {
            *(if g.source.contains("(int)r") {
                &mut by_row
            } else {
                &mut filled
            }) += 1;
        }
        if fixed >= 3 && counted >= 3 && filled >= 2 && by_row >= 2 {
            break;
        }
    }
    assert!(
        fixed >= 3 && counted >= 3 && filled >= 2 && by_row >= 2,
        "row writes accelerated: {fixed} in a fixed row, {counted} in counted rows; \
         rows filled by an accelerated loop around: {filled}, with values by row: {by_row}"
    );
}

#[test]
fn toggled_flags_are_generated_and_accelerated() {
    let n = accelerated_with(&["flag = !flag"], "\"alternating\"", 1, 3);
    assert!(n >= 3, "only {n} toggled flags accelerated");
}

#[test]
fn swaps_are_generated_and_accelerated() {
    // Both variables of the swap alternate.
    let n = accelerated_with(&[" tmp = "], "\"alternating\"", 2, 3);
    assert!(n >= 3, "only {n} swaps accelerated");
}

#[test]
fn remainder_branches_give_periodic_guards_that_are_accelerated() {
    let n = accelerated_with(&[" % "], "\"periodic\"", 1, 5);
    assert!(n >= 5, "only {n} programs with periodic guards accelerated");
    // A mask of low bits is a remainder too.
    let n = accelerated_with(&[" & 1) ", " & 3) "], "\"periodic\"", 1, 3);
    assert!(n >= 3, "only {n} programs with masked guards accelerated");
}

#[test]
fn loops_told_apart_by_the_counters_remainder_are_generated_and_counted() {
    // `accelerate::residue_accelerator`: one accelerator for all paths.
    let n = accelerated_with(&[" % ", " & 1) ", " & 3) "], "\"by_residue\"", 1, 3);
    assert!(n >= 3, "only {n} loops counted by residue");
}

/// Generated programs with a loop that has paths proved infeasible.
fn with_pruned_paths(seeds: std::ops::Range<u64>) -> Vec<(u64, String)> {
    let mut found = Vec::new();
    for seed in seeds {
        let g = loop_program(seed);
        if g.source.matches("        if (").count() < 2 {
            continue;
        }
        let Ok(lowered) = crate::lower::lower_source(&g.source) else {
            continue;
        };
        let program = &lowered.program;
        let pruned = crate::loops::find_loops(program).iter().any(|info| {
            crate::loops::iteration_paths(
                program,
                info,
                64,
                &crate::accelerate::infeasible,
                &crate::loops::no_summaries,
            )
            .is_ok_and(|p| p.syntactic.is_some_and(|s| s > p.paths.len()))
        });
        if pruned {
            found.push((seed, g.source));
        }
    }
    found
}

#[test]
fn correlated_branches_are_generated_pruned_and_accelerated() {
    let pruned = with_pruned_paths(0..600);
    assert!(
        pruned.len() >= 10,
        "only {} programs with infeasible paths",
        pruned.len()
    );
    // And the feasible paths that remain are accelerated.
    let options = crate::pipeline::Options::accelerating_every_loop();
    let mut accelerated = 0;
    for (_, source) in &pruned {
        let Ok(out) = crate::pipeline::accelerate_source(source, &options) else {
            continue;
        };
        let loops = out.report["loops"].as_array().cloned().unwrap_or_default();
        accelerated += usize::from(loops.iter().any(|l| {
            let c = &l["path_counts"];
            c["syntactic"].as_u64() > c["feasible"].as_u64() && c["accelerated"].as_u64() >= Some(1)
        }));
        if accelerated >= 3 {
            break;
        }
    }
    assert!(
        accelerated >= 3,
        "only {accelerated} programs with pruned paths accelerated"
    );
}

#[test]
fn alternating_paths_are_generated_and_accelerated_composed() {
    let n = accelerated_with(&["if (flag)"], "\"composed_with\"", 1, 3);
    assert!(n >= 3, "only {n} programs with composed paths accelerated");
}

#[test]
fn array_loops_cover_every_shape_and_type() {
    let sources: Vec<String> = (0..600)
        .map(|seed| loop_program(seed).source)
        .filter(|s| s.contains(" b["))
        .collect();
    assert!((120..=240).contains(&sources.len()), "{} array loops", sources.len());
    let has = |needle: &str| sources.iter().any(|s| s.contains(needle));
    for shape in [
        " && b[i] ",
        "        if (b[i] ",
        "        assert(b[i] ",
        "        a[i] = b[i];",
        "        b[i] = b[i] + ",
        "        a[i] = nondet_",
        " * i + ",
        "        i--;\n        x",
        "        i -= 2;",
        "        i += 3;",
        "    __CPROVER_assume(n <= ",
        "    assert(a[",
        "    assert(x ",
        "    assert(i ",
    ] {
        assert!(has(shape), "no `{shape}`");
    }
    for (_, spelling) in array::INDEX_TYPES {
        assert!(has(&format!("    {spelling} i = ")), "no index of type {spelling}");
        assert!(has(&format!("    for ({spelling} i = ")), "no for loop over {spelling}");
    }
    for (_, spelling) in array::ELEMENT_TYPES {
        assert!(has(&format!("\n{spelling} b[")), "no elements of type {spelling}");
    }
}

#[test]
fn loops_whose_accelerated_paths_commute_are_generated() {
    // `restrict` lets accelerators of paths over disjoint variables run in
    // one order only: the campaign must check such loops, with the
    // exact wrap-around of counters no guard reads among them.
    let explained = |g: &Generated| crate::pipeline::explain_source(&g.source, &Default::default(), false).ok();
    let commuting: Vec<String> = of_class(Class::UnboundedWrap)
        .filter_map(|(_, g)| explained(&g))
        .filter(|e| e.text.contains("commute (neither writes"))
        .map(|e| e.text)
        .take(3)
        .collect();
    assert_eq!(commuting.len(), 3, "unbounded-wrap loops with commuting paths");
    assert!(
        commuting.iter().any(|t| t.contains("modulo 2^")),
        "none of them wraps exactly:\n{}",
        commuting.join("\n")
    );
}

#[test]
fn loops_whose_iterations_may_change_nothing_or_cycle_are_generated() {
    // `restrict::cycle` blocks an iteration that ends where it or the
    // one before it began: the campaign must check loops where the output
    // does so, with an idle path and with paths that cycle.
    let explained = |g: &Generated| crate::pipeline::explain_source(&g.source, &Default::default(), false).ok();
    let checked = |class| {
        of_class(class)
            .filter_map(|(_, g)| explained(&g))
            .filter(|e| e.text.contains("is blocked at its end (a cycle)"))
            .take(3)
            .count()
    };
    assert_eq!(checked(Class::Idle), 3, "idle loops with the cycle check");
    assert_eq!(checked(Class::Endless), 3, "endless loops with the cycle check");
}

#[test]
fn reads_of_filled_arrays_are_generated_and_replaced() {
    // A loop whose reads of `b` are the fill's values prints them: its
    // output names `b[i]` less often than its source.
    let options = crate::pipeline::Options::accelerating_every_loop();
    let (mut classed, mut replaced) = (0, 0);
    for (_, g) in of_class(Class::FilledRead) {
        classed += 1;
        assert!(g.source.contains("for (int j = "), "{}", g.source);
        let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
            continue;
        };
        if out.output.matches("b[i]").count() < g.source.matches("b[i]").count() {
            replaced += 1;
        }
        if replaced >= 5 {
            break;
        }
    }
    assert!(
        replaced >= 5,
        "{classed} programs fill b before the loop, {replaced} with reads replaced"
    );
}
