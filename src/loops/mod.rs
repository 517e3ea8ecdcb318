//! Loops and their iteration paths.
//!
//! In: a lowered `Program`. Out: `find_loops` lists every `while`,
//! `do`-`while` and `for` loop with its function, span, nesting, the
//! variables it reads and writes, and the reason it cannot be accelerated
//! at all (nested loop, unmodelled code, calls that cannot be inlined,
//! jumps into the loop). `iteration_paths` enumerates, lazily and up to a
//! limit, the ways through one iteration: loop condition true, the body
//! (calls to loop-free functions of the same file inlined), and back to the
//! head. Each path is a straight line of guards, assertions and assignments
//! over side-effect-free expressions; paths that leave the loop are
//! dropped (they are never accelerated), and so are prefixes that the
//! caller's `Infeasible` test proves no state can take (counted apart, so
//! the report can say how many paths the text has).

mod address_args;
mod body_run;
mod enumerate;
mod filled;
mod find;
mod info;
mod inline;
mod merge;
mod path;
mod steps;
pub mod unwind;

pub use address_args::specialise_address_calls;
pub use body_run::{BodyRun, body_run};
pub use enumerate::*;
pub use filled::{FilledRead, read_through_fills};
pub use find::{find_loops, loop_stmt, writes_none_of};
pub use info::{LoopInfo, LoopKind};
pub use merge::equal_effect_groups;
pub use path::{Fill, Footprint, Lhs, Path, Step};
pub use steps::has_side_effects;

#[cfg(test)]
mod tests {
    use super::find::loop_body;
    use super::*;
    use crate::ir::{BinOp, ExprKind, Program, Stmt, VarId};
    use crate::reason::Why;
    use std::collections::BTreeSet;

    fn paths_of(src: &str, max_paths: usize) -> Result<IterationPaths, Why> {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let info = find_loops(&program).remove(0);
        iteration_paths(
            &program,
            &info,
            max_paths,
            &crate::accelerate::infeasible,
            &no_summaries,
        )
    }

    /// Functions the bodies of `loop_body_of` may call.
    const HELPERS: &str = "unsigned add2(unsigned v) { return v + 2u; }\nint inc(int v) { return v + 1; }\n\
        int rec(int v) { return rec(v - 1); }\nint half(int v) { if (v) return v / 2; }\n\
        void check(int v) { assert(v < 9); }\nint id8(signed char v) { return v; }";

    /// The body of the first loop of `body_src` (in `main`, after the
    /// declarations of `decls`), with the program.
    fn loop_body_of(decls: &str, body_src: &str) -> (Program, Stmt) {
        let src = format!(
            "int f(int);\nunsigned nondet_uint(void);\n{HELPERS}\nint main(void) {{ {decls} while (c) {{ {body_src} }} return 0; }}"
        );
        let program = crate::lower::lower_source(&src).expect("lowers").program;
        let info = find_loops(&program).remove(0);
        let body = loop_stmt(&program, &info).map(|s| loop_body(s).clone()).expect("loop");
        (program, body)
    }

    #[test]
    fn what_a_body_can_do_is_found_by_the_place_of_each_operation() {
        let decls = "unsigned u = 1, v = 2; unsigned char b = 3; int s = 4, c = 1; signed char t = 5;";
        let run = |body: &str| {
            let (program, b) = loop_body_of(decls, body);
            body_run(&program, &b)
        };
        let nothing_else = Some(BodyRun::default());
        for body in [
            "u++; v = v * 3u - u;",
            "b--; u += 2;",
            "if (u < v) u = v; else v ^= u;",
            "s = u < v; c = !c;",
            "t = 7; s = t;",
            "__CPROVER_assume(u != 0);",
            "if (u) continue; v++;",
            "if (u % 3 == 0) v++; u = u / 2 + (u << 3);",
            "v = 0; while (v < u) v++;",
            "u = add2(u); v = add2(add2(v));",
            "u = add2(s) + add2(u);",
            "if (b + 1 > b) u++; if (b - 300 < 0) v++; if (b * 3 > 0) v++;",
        ] {
            assert_eq!(run(body), nothing_else, "`{body}` cannot fail");
        }
        // Failures an accelerator's coverage condition checks: signed
        // arithmetic and narrowing conversions in assigned values, and
        // assertions.
        let checked = Some(BodyRun {
            fails_where_checked: true,
            ..BodyRun::default()
        });
        for body in [
            "s++;",
            "s = s + 1;",
            "s = -s * 3 + t;",
            "int w = s + 1; u = w;",
            "t = s;",
            "s = u;",
            "b += 1;",
            "s /= 2;",
            "assert(u > 0);",
            "for (v = 0; v < u; v++) s += 2;",
            "s = inc(s);",
            "check(u);",
            "u = id8(s);",
            "if (inc(s) > 0) u++;",
            "assert(b + 1 > b);",
        ] {
            assert_eq!(run(body), checked, "`{body}` fails only where checked");
        }
        let leaves = Some(BodyRun {
            leaves: true,
            ..BodyRun::default()
        });
        assert_eq!(run("if (u) break;"), leaves);
        assert_eq!(
            run("if (u > 9) return 1; s--;"),
            Some(BodyRun {
                fails_where_checked: true,
                leaves: true,
                chooses: false
            })
        );
        assert_eq!(
            run("if (nondet_uint()) u++; else v++;"),
            Some(BodyRun {
                chooses: true,
                ..BodyRun::default()
            })
        );
        // Failures elsewhere: signed arithmetic in a guard, an assertion or
        // a discarded operand, division by a variable or by -1, shifts,
        // calls, nondeterministic values assigned or indeterminate values,
        // in the body or in a loop inside it.
        for body in [
            "if (s + 1 > 0) u++;",
            "assert(s * 2 > 0);",
            "s + 1;",
            "u = (s + 1, 2);",
            "u = s + 1 > 0;",
            "u = u / v;",
            "s = s / -1;",
            "s = s << 2;",
            "u = u << 32;",
            "u = f(1);",
            "u = nondet_uint();",
            "unsigned w; u = w;",
            "for (v = 0; v < u; v++) u = u / v;",
            "while (s + 1 < 9) s++;",
            "s = rec(s);",
            "s = half(s);",
            "if (t + s > 0) u++;",
        ] {
            assert_eq!(run(body), None, "`{body}` can fail elsewhere");
        }
    }

    #[test]
    fn writes_of_a_body_are_found_through_every_assignment() {
        let decls = "unsigned u = 1, v = 2; int c = 1, a[4] = {0};";
        let keeps_u = |body: &str| {
            let (program, b) = loop_body_of(decls, body);
            let u = program.vars.iter().position(|d| d.name == "u").map(VarId).expect("u");
            writes_none_of(&b, &BTreeSet::from([u]))
        };
        assert!(keeps_u("v = u + 1; c = 0; a[1] = 2;"));
        for body in ["u = 1;", "u++;", "v = u--;", "if (c) u += 2;", "c = f(u);"] {
            assert!(!keeps_u(body), "`{body}` may write u");
        }
    }

    const CORRELATED: &str = "int nondet_int(void);\nint main(void) {\n  int y = nondet_int(); unsigned x = 0, i = 0;\n  \
        while (i < 100) {\n    if (y > 5) x += 2; else x += 1;\n    if (y > 5) x += 2; else x += 1;\n    \
        if (y > 3) x += 2; else x += 1;\n    if (y % 2 == 0) x += 2; else x += 1;\n    i++;\n  }\n  return x;\n}\n";

    #[test]
    fn paths_with_equal_effects_are_merged_under_the_disjunction_of_their_guards() {
        let src = |then: &str, els: &str| {
            format!(
                "int main(void) {{ unsigned i = 0, x = 0, y = 0; while (i < 100) {{ if (i % 3 == 0) {{ {then} }} else {{ {els} }} i++; }} return x; }}"
            )
        };
        let groups = |text: &str| {
            let program = crate::lower::lower_source(text).expect("lowers").program;
            let paths = paths_of(text, 8).expect("paths").paths;
            let groups = equal_effect_groups(&program, &paths);
            let members: Vec<Vec<usize>> = groups.iter().map(|(_, m)| m.clone()).collect();
            (members, groups.into_iter().map(|(p, _)| p).collect::<Vec<_>>())
        };
        // The same updates (with the temporaries of `y++`, one per branch).
        let (members, merged) = groups(&src("x += 2; y++;", "x += 2; y++;"));
        assert_eq!(members, vec![vec![0, 1]]);
        let guard = merged[0].steps.iter().filter(|s| matches!(s, Step::Assume(_))).count();
        assert_eq!(
            guard, 2,
            "the loop condition and the disjunction: {:?}",
            merged[0].steps
        );
        assert!(matches!(&merged[0].steps[1], Step::Assume(e) if matches!(e.kind, ExprKind::Binary(BinOp::LogOr, ..))));
        // Different updates, or the same ones in another order, stay apart.
        assert_eq!(groups(&src("x += 2; y++;", "x += 1; y++;")).0, vec![vec![0], vec![1]]);
        assert_eq!(groups(&src("x += y; y++;", "y++; x += y;")).0, vec![vec![0], vec![1]]);
    }

    #[test]
    fn infeasible_prefixes_are_pruned_and_not_counted_against_the_limit() {
        // y > 5 twice: 2 ways; y > 3 after y > 5 true: 1, after false: 2;
        // the parity is independent: 2 * 3 = 6 of 16.
        let p = paths_of(CORRELATED, 8).expect("six feasible paths are within the limit");
        assert_eq!((p.syntactic, p.paths.len()), (Some(16), 6));
        assert!(paths_of(CORRELATED, 5).is_err());
    }

    #[test]
    fn branches_are_pruned_on_the_values_the_path_gave() {
        let src = "int nondet_int(void);\nint main(void) {\n  int y = nondet_int(); unsigned i = 0;\n  \
            while (i < 100) {\n    if (y > 5) y = 0; else y = 9;\n    if (y > 5) i++; else i += 2;\n  }\n  return 0;\n}\n";
        let p = paths_of(src, 64).expect("paths");
        // y > 5 then y = 0 cannot take y > 5 again; y <= 5 then y = 9 must.
        assert_eq!((p.syntactic, p.paths.len()), (Some(4), 2));
    }
}
