//! Unit tests of acceleration on lowered C snippets.

use super::*;
use crate::loops::{find_loops, iteration_paths};

/// Accelerate every path of the first loop of `main`; the printed
/// accelerators or reasons.
pub(crate) fn run(src: &str) -> Vec<Result<String, String>> {
    run_for(src, crate::ir::Quantifiers::Smt)
}

/// `run` for a target's quantifiers.
fn run_for(src: &str, quantifiers: crate::ir::Quantifiers) -> Vec<Result<String, String>> {
    let lowered = crate::lower::lower_source(src).expect("lowers");
    let mut program = lowered.program;
    let loops = find_loops(&program);
    let info = loops.first().expect("a loop").clone();
    let paths = match iteration_paths(&program, &info, 64, &infeasible, &crate::loops::no_summaries) {
        Ok(p) => p.paths,
        Err(e) => return vec![Err(e.text().unwrap_or_default())],
    };
    let mut out = Vec::new();
    for p in &paths {
        out.push(
            accelerate_path(&mut program, &info, p, quantifiers)
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

#[test]
fn bounded_quantifiers_over_consecutive_elements_range_over_the_elements() {
    // CBMC's SAT back end expands a quantifier over a constant range; one
    // over the elements reads each at a constant index, one over the
    // iterations at `i + k`, a selection among all elements per instance.
    let up = "int a[10], b[10]; int main(){ unsigned n = nondet_uint(); unsigned i = 0; \
              while (i < n && i < 10) { b[i] = a[i] + 1; i++; } return 0; }";
    let down = "int a[10]; int main(){ int i = nondet_int(); __CPROVER_assume(i <= 10); \
                while (i > 0) { i--; a[i] = 3; } return 0; }";
    // A signed counter converted on every index (`(int)((long)i + (long)k)`):
    // the proof over C's modular values ran into z3's ten-second guard at
    // 200 elements, and the quantifier stayed over the iterations.
    let signed =
        |len: u32| format!("int a[{len}]; int main(){{ for (int i = 0; i < {len}; i++) a[i] = i; return 0; }}");
    let (signed200, signed60k) = (signed(200), signed(60_000));
    for src in [up, down, &signed200, &signed60k] {
        let r = run_for(src, crate::ir::Quantifiers::Bounded);
        let text = r[0].as_ref().expect("accelerated");
        for q in text.split("__CPROVER_forall").skip(1) {
            let (k, rest) = q.split_once(';').expect("a bound variable");
            let k = k.trim_start_matches(" { unsigned long ").trim();
            assert!(rest.contains(&format!("[{k}]")), "{text}");
            assert!(!rest.contains(&format!("{k})]")), "{text}");
        }
    }
    // A step of 2 meets every second element: the iterations stay bound.
    let r = run_for(
        "int a[10]; int main(){ unsigned n = nondet_uint(); unsigned i = 0; \
         while (i < n && i < 9) { a[i] = 1; i += 2; } return 0; }",
        crate::ir::Quantifiers::Bounded,
    );
    let text = r[0].as_ref().expect("accelerated");
    assert!(
        text.contains("tracc_a1[(unsigned int)(((long)i) + ((long)(tracc_k1 * 2UL)))]"),
        "{text}"
    );
}

#[test]
fn array_writes_take_the_count_at_which_the_loop_ends_where_they_run_to_it() {
    // A fill up to the loop's condition: `n` is the count at which
    // `i < 1000` fails wherever every assumption holds with it and the
    // path cannot go on; else free.
    let fill = |len: u32| format!("int a[{len}]; int main(){{ for (int i = 0; i < {len}; i++) a[i] = i; return 0; }}");
    let r = run_for(&fill(1000), crate::ir::Quantifiers::Bounded);
    let text = r[0].as_ref().expect("accelerated");
    assert!(
        text.contains("unsigned long tracc_n1 = 1000UL - ((unsigned long)i);"),
        "{text}"
    );
    assert!(text.contains("tracc_n1 = nondet();"), "{text}");
    assert!(
        text.contains("!(((int)(((long)i) + ((long)tracc_n1))) < 1000)"),
        "{text}"
    );
    // Over 65,536 elements only with that count (its instances fold).
    let r = run_for(&fill(100_000), crate::ir::Quantifiers::Bounded);
    assert!(r[0].as_ref().is_ok_and(|t| t.contains("100000UL - ")), "{r:?}");
    let r = run_for(&fill(200_000), crate::ir::Quantifiers::Bounded);
    assert!(r[0].as_ref().is_err_and(|e| e.contains("at most 131072 here")), "{r:?}");
    // A search's guard reads the array: no count, and the free count's
    // quantifier is refused over 100,000 elements.
    let search = |len: u32| {
        format!(
            "int a[{len}]; int main(){{ int f = -1; for (int i = 0; i < {len}; i++) {{ if (a[i] == 7) {{ f = i; break; }} }} return f; }}"
        )
    };
    let r = run_for(&search(1000), crate::ir::Quantifiers::Bounded);
    let text = r.iter().find_map(|x| x.as_ref().ok()).expect("accelerated");
    assert!(text.contains("unsigned long tracc_n1 = nondet();"), "{text}");
    let r = run_for(&search(100_000), crate::ir::Quantifiers::Bounded);
    assert!(
        r.iter()
            .all(|x| x.as_ref().is_err_and(|e| e.contains("at most 65536 here"))),
        "{r:?}"
    );
    // A nondeterministic value written: the count stays free.
    let r = run_for(
        "int a[100]; int main(){ for (int i = 0; i < 100; i++) a[i] = nondet_int(); return 0; }",
        crate::ir::Quantifiers::Bounded,
    );
    let text = r[0].as_ref().expect("accelerated");
    assert!(text.contains("unsigned long tracc_n1 = nondet();"), "{text}");
    assert!(!text.contains("if ("), "{text}");
}

#[test]
fn writes_into_a_row_of_a_matrix_replace_the_row_in_bounds() {
    // The row `a[r]` is the written array: assumed in bounds, then
    // replaced whole (CBMC's array copy into a row writes the wrong bytes).
    let r = run_for(
        "int a[3][10]; int main(){ int r = nondet_int(); unsigned i = 0; \
         while (i < 10) { a[r][i] = r + 1; i++; } return 0; }",
        crate::ir::Quantifiers::Bounded,
    );
    let text = r[0].as_ref().expect("accelerated");
    assert!(text.contains("__CPROVER_assume((r >= 0) && (r < 3));"), "{text}");
    assert!(text.contains("int[10] tracc_a1;"), "{text}");
    assert!(text.contains("__CPROVER_array_replace(a[r], tracc_a1);"), "{text}");
    assert!(text.contains("== a[r][tracc_k2]"), "{text}");
    // A map reads the element it writes, as in one dimension.
    let r = run_for(
        "int a[3][10]; int main(){ int r = nondet_int(); unsigned i = 0; \
         while (i < 10) { a[r][i] = 2 * a[r][i] + 1; i++; } return 0; }",
        crate::ir::Quantifiers::Bounded,
    );
    let text = r[0].as_ref().expect("accelerated");
    assert!(text.contains("== ((2 * a[r][tracc_k"), "{text}");
    // A row that moves on the path, or a read of the matrix elsewhere, is
    // refused.
    for (body, why) in [
        (
            "a[r][i] = 1; r++; i++;",
            "the row index of the write to `a` changes in the loop",
        ),
        ("a[r][i] = a[r][i + 1]; i++;", "reads the array `a` that it writes"),
        ("a[r][i] = a[0][i]; i++;", "reads the array `a` that it writes"),
        (
            "a[i][i] = 1; i++;",
            "the row index of the write to `a` changes in the loop",
        ),
        (
            "b[r][r][i] = 1; i++;",
            "not an array of integers or of rows of integers",
        ),
    ] {
        let src = format!(
            "int a[10][10], b[2][2][10]; int main(){{ int r = nondet_int(); unsigned i = 0; \
             while (i < 10) {{ {body} }} return 0; }}"
        );
        let r = run_for(&src, crate::ir::Quantifiers::Bounded);
        let e = r[0].as_ref().expect_err("refused");
        assert!(e.contains(why), "{body}: {e}");
    }
}

/// Each pass on its own, on the values the passes before it produce.
mod passes {
    use super::super::*;
    use crate::ir::{CType, IntType, VarDecl};
    use crate::loops::{LoopInfo, find_loops, iteration_paths};

    /// The program and the first path of the first loop of `main`.
    fn first_path(src: &str) -> (Program, LoopInfo, Path) {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let info = find_loops(&program).first().expect("a loop").clone();
        let path = iteration_paths(&program, &info, 64, &infeasible, &crate::loops::no_summaries)
            .expect("paths")
            .paths
            .remove(0);
        (program, info, path)
    }

    fn var_named(program: &Program, name: &str) -> VarId {
        VarId(program.vars.iter().position(|d| d.name == name).expect("declared"))
    }

    #[test]
    fn symex_gives_the_values_after_one_iteration_and_the_guards() {
        let (program, _, path) =
            first_path("int main(){ unsigned x = 0, y = 5; while (x < 10) { x += 2; y = x; } return 0; }");
        let sym = symex(&program, &path).expect("symbolic execution");
        let (x, y) = (var_named(&program, "x"), var_named(&program, "y"));
        let as_poly = |v: VarId| to_poly(&sym.full_vals[&v], &|_| None).expect("polynomial");
        assert_eq!(as_poly(x), Poly::var(x).add(&Poly::constant(2)).expect("no overflow"));
        assert_eq!(as_poly(y), as_poly(x), "y is assigned the new x");
        assert_eq!(sym.guards.len(), 1, "the loop condition");
        assert!(
            !sym.guards[0].assertion && !sym.guards[0].after_body,
            "a guard before the body"
        );
    }

    #[test]
    fn recurrences_are_solved_to_closed_forms_that_agree_with_iteration() {
        // x' = x + y, y' = y + 3: x is quadratic in k, y linear.
        let (x, y) = (VarId(0), VarId(1));
        let mut updates = BTreeMap::new();
        updates.insert(x, Poly::var(x).add(&Poly::var(y)).expect("poly"));
        updates.insert(y, Poly::var(y).add(&Poly::constant(3)).expect("poly"));
        let name = |v: VarId| format!("v{}", v.0);
        let ty = |_| Some(CType::Int(IntType::LONG));
        let cfs = solve(&updates, &name, &ty).expect("solved");
        assert!(matches!(cfs[&y].kind, Kind::Linear(_)));
        assert!(matches!(cfs[&x].kind, Kind::Polynomial));
        let (x0, y0) = (-7i128, 11i128);
        let (mut xv, mut yv) = (x0, y0);
        for k in 0..6 {
            let at = |p: &Poly| {
                p.eval(&|a| match a {
                    Atom::K => k,
                    Atom::Var(v) if v == x => x0,
                    Atom::Var(_) => y0,
                })
                .and_then(|r| r.as_int())
            };
            assert_eq!(at(&cfs[&x].rest), Some(xv), "x after {k} iterations");
            assert_eq!(at(&cfs[&y].rest), Some(yv), "y after {k} iterations");
            (xv, yv) = (xv + yv, yv + 3);
        }
    }

    #[test]
    fn an_update_that_undoes_itself_alternates_and_agrees_with_iteration() {
        // x' = 5 - x (over y unchanged: y' = y).
        let (x, y) = (VarId(0), VarId(1));
        let mut updates = BTreeMap::new();
        updates.insert(x, Poly::constant(5).sub(&Poly::var(x)).expect("poly"));
        updates.insert(y, Poly::var(y));
        let cfs = solve(&updates, &|v| format!("v{}", v.0), &|_| Some(CType::Int(IntType::INT))).expect("solved");
        let Kind::Alternating(odd) = &cfs[&x].kind else {
            panic!("not alternating: {:?}", cfs[&x].kind);
        };
        assert_eq!(odd, &Poly::constant(5).sub(&Poly::var(x)).expect("poly"));
        assert!(cfs[&x].in_k().is_none(), "no polynomial in k");
        // Something that reads an alternating value is refused, not taken
        // for unchanged.
        let mut dependent = updates.clone();
        dependent.insert(y, Poly::var(y).add(&Poly::var(x)).expect("poly"));
        assert!(
            solve(&dependent, &|v| format!("v{}", v.0), &|_| Some(CType::Int(
                IntType::INT
            )))
            .is_err()
        );
    }

    #[test]
    fn a_swap_alternates_both_variables() {
        let (x, y, z) = (VarId(0), VarId(1), VarId(2));
        let mut updates = BTreeMap::new();
        updates.insert(x, Poly::var(y));
        updates.insert(y, Poly::var(x));
        let name = |v: VarId| format!("v{}", v.0);
        let ty = |_| Some(CType::Int(IntType::INT));
        let cfs = solve(&updates, &name, &ty).expect("solved");
        assert!(matches!(&cfs[&x].kind, Kind::Alternating(p) if *p == Poly::var(y)));
        assert!(matches!(&cfs[&y].kind, Kind::Alternating(p) if *p == Poly::var(x)));
        // A third variable that takes the old value (an outer temporary)
        // reads an alternating value: refused.
        updates.insert(z, Poly::var(x));
        assert!(matches!(
            solve(&updates, &name, &ty),
            Err(Reason::DependsOnAlternating(_))
        ));
    }

    #[test]
    fn alternating_closed_forms_are_emitted_by_parity() {
        let r = super::run(
            "int main(){ unsigned n = nondet_uint(); unsigned i = 0; int s = 1; while (i < n) { s = -s; i++; } return 0; }",
        );
        let text = r[0].as_ref().expect("accelerated");
        assert!(text.contains("% 2UL"), "{text}");
        assert!(text.contains("!= (-2147483648)"), "no check of the negation: {text}");
    }

    #[test]
    fn a_rotation_of_three_variables_has_no_closed_form() {
        let (x, y, z) = (VarId(0), VarId(1), VarId(2));
        let mut updates = BTreeMap::new();
        updates.insert(x, Poly::var(y));
        updates.insert(y, Poly::var(z));
        updates.insert(z, Poly::var(x));
        let err = solve(&updates, &|v| format!("v{}", v.0), &|_| Some(CType::Int(IntType::INT)));
        assert!(matches!(err, Err(Reason::CyclicUpdate(_))), "{:?}", err.err());
    }

    /// The guard treatments of the first path of `src`.
    fn treatments(src: &str) -> Vec<GuardTreatment> {
        let (program, _, path) = first_path(src);
        let sym = symex(&program, &path).expect("symbolic execution");
        let Recurrences { cfs, .. } = recurrences(&program, &path, &sym, false).expect("recurrences");
        let ctx = Ctx {
            program: &program,
            path: &path,
            cfs,
            full_vals: sym.full_vals.clone(),
        };
        let checks = checked_operations(&ctx, &sym, &|v| format!("v{}", v.0)).expect("checks");
        let infos = guards::guard_treatment(&ctx, &sym.guards, &checks.polys).expect("treatment");
        infos.into_iter().map(|g| g.treatment).collect()
    }

    #[test]
    fn a_monotone_guard_is_checked_at_both_ends_a_periodic_one_is_not() {
        let monotone = "int main(){ unsigned x = 0; while (x < 1000) { x += 3; } return 0; }";
        assert_eq!(treatments(monotone), vec![GuardTreatment::TwoPoint]);
        let periodic = "int main(){ unsigned x = 0; while (x % 7 != 3) { x += 3; } return 0; }";
        assert_eq!(treatments(periodic), vec![GuardTreatment::Quantified]);
    }

    #[test]
    fn fresh_variables_are_numbered_per_kind_after_those_in_the_program() {
        let (mut program, info, _) = first_path("int main(){ int i = 0; while (i < 3) i++; return 0; }");
        let earlier = VarDecl {
            name: program.fresh.name("k2"),
            ty: build::ULONG,
            storage: Storage::Local,
            func: Some(info.func),
            span: Span::SYNTHETIC,
        };
        program.add_var(earlier);
        let base = program.vars.len();
        let mut fresh = FreshVars::new(&program, info.func);
        let n = fresh.iteration_count();
        let k = fresh.index();
        let a = fresh.array(CType::Array(Box::new(CType::Int(IntType::INT)), 4));
        let k2 = fresh.index();
        assert_eq!([n.0, k.0, a.0, k2.0], [base, base + 1, base + 2, base + 3]);
        let name = |v: VarId| fresh.name(v).expect("named");
        assert_eq!(name(n), program.fresh.name("n1"));
        assert_eq!(name(k), program.fresh.name("k3"), "after the program's k2");
        assert_eq!(name(k2), program.fresh.name("k4"));
        assert_eq!(name(a), program.fresh.name("a1"));
        assert_eq!(fresh.int_type(n), Some(IntType::ULONG));
        assert_eq!(fresh.name(VarId(0)), Some(program.vars[0].name.clone()));
        assert_eq!(fresh.into_decls().len(), 4);
    }
}
