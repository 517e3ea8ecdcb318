//! k-induction (`tracc::check::induction`, what `tracc verify` tries when
//! a loop is not fully unwound): what it proves, with which k, and what it
//! must not prove. Each program is also checked by plain bounded checking,
//! whose verdict a proof must never contradict.

mod common;

use tracc::check::induction::{NoInduction, prove};
use tracc::check::{CheckOptions, Verdict, check_source};
use tracc::ir::LinearSum;
use tracc::pipeline::{Options, accelerate_source};

fn options(unwind: u32) -> CheckOptions {
    CheckOptions {
        unwind,
        timeout_ms: Some(120_000),
        signed_overflow: true,
        bounds_check: true,
        ..CheckOptions::default()
    }
}

/// What induction says of `src` after a check at `--unwind 3`: `Ok(k)` for
/// a proof, else why not.
fn induct(src: &str) -> Result<u32, NoInduction> {
    induct_with(src, &options(3), 8, &[])
}

fn induct_with(src: &str, opts: &CheckOptions, max_k: u32, kept: &[LinearSum]) -> Result<u32, NoInduction> {
    let report = check_source(src, opts).expect("checkable");
    assert_eq!(report.verdict, Verdict::Unknown, "not for induction: {report:?}");
    let failing = report.loops_not_unwound();
    let proved = prove(src, opts, &failing, max_k, kept).expect("checkable");
    proved.map(|p| {
        assert_eq!(p.report.verdict, Verdict::Safe);
        assert_eq!(p.report.induction.map(|b| b.k), Some(p.k));
        p.k
    })
}

/// Fixtures that `verify` leaves UNKNOWN at `--unwind 3`, transformed as
/// `verify` transforms them: k-induction proves exactly those whose header
/// says `induction=K`, with that K the smallest, and no UNSAFE one. The
/// everyday run takes those with `induction=K`, the UNSAFE ones and the
/// `induction_*` ones; `TRACC_INDUCTION_ALL=1` (`.ci/run`) takes all, so
/// that a fixture newly proved must say so (two minutes more).
#[test]
fn fixtures_are_proved_by_induction_as_their_headers_say() {
    let all = std::env::var("TRACC_INDUCTION_ALL").is_ok_and(|v| v == "1");
    let fixtures: Vec<_> = (common::fixture_files().into_iter())
        .filter(|p| {
            let text = std::fs::read_to_string(p).expect("readable fixture");
            common::expectation_of(&text).is_ok_and(|e| {
                e.verify == Some(common::VerifyVerdict::Unknown)
                    && (all
                        || e.induction.is_some()
                        || e.verdict == common::Verdict::Unsafe
                        || common::stem(p).starts_with("induction_"))
            })
        })
        .collect();
    assert!(fixtures.len() >= 10, "{} fixtures", fixtures.len());
    let problems: Vec<String> = common::par_map(&fixtures, |path| {
        let name = common::stem(path);
        let text = std::fs::read_to_string(path).expect("readable fixture");
        let e = common::expectation_of(&text).expect("header");
        let out = accelerate_source(
            &text,
            &Options {
                model: e.model,
                ..Options::default()
            },
        )
        .expect("transformed");
        // Where the header promises a proof, a limit far above its time (a
        // busy machine must not fail the test); elsewhere a timeout only
        // means no proof, which is what the header says.
        let opts = CheckOptions {
            unwindset: out.unwindset.clone(),
            timeout_ms: Some(if e.induction.is_some() { 600_000 } else { 60_000 }),
            model: e.model,
            ..options(3)
        };
        let report = check_source(&out.output, &opts).ok()?;
        if report.verdict != Verdict::Unknown || report.unknown_reason.is_some() {
            return None;
        }
        let got = induct_with(&out.output, &opts, 8, &out.kept_sums()).ok();
        if e.verdict == common::Verdict::Unsafe && got.is_some() {
            return Some(format!("{name}: UNSAFE, proved by {got:?}-induction"));
        }
        (got != e.induction).then(|| format!("{name}: induction={:?} expected, got {got:?}", e.induction))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The verdict of bounded checking at `unwind` without unwinding
/// assertions: UNSAFE there is a real bug.
fn bounded(src: &str, unwind: u32) -> Verdict {
    let opts = CheckOptions {
        unwinding_assertions: false,
        ..options(unwind)
    };
    check_source(src, &opts).expect("checkable").verdict
}

const CYCLE: &str = "int nondet_int(void);
int main(void)
{
    int x = 0;
    while (1) {
        if (nondet_int()) {
            x = x + 1;
            if (x > 10)
                x = 0;
        }
        assert(x >= 0 && x <= 10);
    }
    return 0;
}
";

#[test]
fn an_inductive_assertion_in_an_endless_loop_is_proved_with_k_1() {
    assert_eq!(induct(CYCLE), Ok(1));
}

#[test]
fn a_failing_assertion_is_never_proved() {
    let src = CYCLE.replace("x <= 10", "x <= 9");
    assert_eq!(bounded(&src, 12), Verdict::Unsafe);
    // It fails after 10 iterations: beyond the base cases tried, and no
    // step case holds.
    assert!(matches!(induct(&src), Err(NoInduction::Step { .. })));
    // Within them, the base case has the failure.
    let shallow = CYCLE.replace("x <= 10", "x <= 4");
    assert!(matches!(induct(&shallow), Err(NoInduction::Base { k: 5, .. })));
}

/// 0 -> 1 -> 2 -> 6 -> 7 -> 0 from the start; 5 -> 4 -> 3 only from
/// states no execution reaches, between those values (so no bound on `x`
/// excludes them). `x != 3` holds, but from 4 one iteration reaches 3: not
/// 1-inductive; from 5 two do, through 4 where it holds: 2-inductive.
const TWO_INDUCTIVE: &str = "int main(void)
{
    int x = 0;
    while (1) {
        if (x == 0) x = 1;
        else if (x == 1) x = 2;
        else if (x == 2) x = 6;
        else if (x == 6) x = 7;
        else if (x == 7) x = 0;
        else if (x == 5) x = 4;
        else if (x == 4) x = 3;
        assert(x != 3);
    }
    return 0;
}
";

#[test]
fn an_assertion_that_needs_two_iterations_is_proved_with_k_2() {
    assert_eq!(induct(TWO_INDUCTIVE), Ok(2));
}

#[test]
fn bounds_found_by_houdini_make_an_assertion_inductive() {
    // Alone, x != 3 is 10-inductive (12, 11, ..., 4, 3); with x <= 2, which
    // holds and is inductive, it is 1-inductive.
    let src = TWO_INDUCTIVE
        .replace("else if (x == 2) x = 6;", "else if (x == 2) x = 0;")
        .replace("else if (x == 5) x = 4;", "else if (x >= 4 && x <= 12) x = x - 1;");
    assert_eq!(induct(&src), Ok(1));
    // A candidate that z3 does not decide within its budget is dropped,
    // never assumed, and does not end the proof: with a budget of one
    // unit, z3 decides only what its preprocessing does, x <= 2 is lost,
    // and more iterations are needed, or more than 8.
    let starved = CheckOptions {
        candidate_rlimit: 1,
        ..options(3)
    };
    let got = induct_with(&src, &starved, 8, &[]);
    assert!(
        matches!(got, Ok(k) if k > 1) || matches!(got, Err(NoInduction::Step { largest_k: 8, .. })),
        "{got:?}"
    );
}

#[test]
fn an_assertion_true_but_never_inductive_is_not_proved() {
    // From 4, between the values of the cycle, x may wait any number of
    // iterations before it reaches 3.
    let src = "int nondet_int(void);
int main(void)
{
    int x = 0;
    while (1) {
        if (x == 0) x = 1;
        else if (x == 1) x = 2;
        else if (x == 2) x = 5;
        else if (x == 5) x = 6;
        else if (x == 6) x = 0;
        else if (x == 4 && nondet_int()) x = 3;
        assert(x != 3);
    }
    return 0;
}
";
    assert_eq!(bounded(src, 30), Verdict::Safe);
    assert!(matches!(induct(src), Err(NoInduction::Step { largest_k: 8, .. })));
}

#[test]
fn the_code_after_the_loop_is_checked_in_the_step_case() {
    let safe = "unsigned nondet_uint(void);
int main(void)
{
    unsigned x = 0;
    while (nondet_uint())
        x = (x + 1) % 5;
    assert(x < 5);
    return 0;
}
";
    assert_eq!(induct(safe), Ok(1));
    let unsafe_ = safe.replace("x < 5", "x < 4");
    assert_eq!(bounded(&unsafe_, 6), Verdict::Unsafe);
    assert!(induct(&unsafe_).is_err());
}

#[test]
fn a_break_leaves_the_loop_into_checked_code() {
    let src = "int nondet_int(void);
int main(void)
{
    int x = 0;
    while (1) {
        x = (x + 1) % 7;
        if (x == 6 && nondet_int())
            break;
    }
    assert(x != 6);
    return 0;
}
";
    assert_eq!(bounded(src, 8), Verdict::Unsafe);
    assert!(induct(src).is_err());
    let safe = src.replace("x != 6", "x == 6");
    assert_eq!(induct(&safe), Ok(1));
}

#[test]
fn globals_written_by_called_functions_are_made_arbitrary() {
    // Were `g` left at its value before the loop, the step case would
    // start from 0 and prove an assertion that fails after 20 iterations.
    let src = "int g = 0;
void step(void) { g = g + 1; }
int main(void)
{
    while (1) {
        step();
        assert(g < 20);
    }
    return 0;
}
";
    assert_eq!(bounded(src, 24), Verdict::Unsafe);
    assert!(induct(src).is_err());
    let safe = src.replace("g = g + 1;", "if (g < 10) g = g + 1;");
    assert_eq!(induct(&safe), Ok(1));
}

#[test]
fn arrays_written_in_the_loop_are_made_arbitrary() {
    let src = "int nondet_int(void);
int a[4];
int main(void)
{
    int i = 0;
    while (1) {
        a[i] = a[i] + 1;
        i = (i + 1) % 4;
        assert(a[0] < 10);
    }
    return 0;
}
";
    assert_eq!(bounded(src, 40), Verdict::Unsafe);
    assert!(induct(src).is_err());
}

#[test]
fn a_loop_that_writes_through_a_pointer_is_left_alone() {
    let src = "int main(void)
{
    int x = 0;
    int *p = &x;
    while (1) {
        *p = (*p + 1) % 3;
        assert(x < 3);
    }
    return 0;
}
";
    assert!(
        matches!(induct(src), Err(NoInduction::Writes { .. })),
        "{:?}",
        induct(src)
    );
}

#[test]
fn a_loop_inside_another_is_not_a_target() {
    let src = "int nondet_int(void);
int main(void)
{
    int x = 0;
    while (nondet_int()) {
        while (1) {
            x = (x + 1) % 3;
            assert(x < 3);
        }
    }
    return 0;
}
";
    assert_eq!(induct(src), Err(NoInduction::NoCandidate));
}

#[test]
fn a_relation_from_the_closed_forms_proves_what_bounds_cannot() {
    // `j` grows twice as fast as `i`, which stops at 1000: `j - i <= 1000`
    // after the loop needs `j == 2*i`, which no bound gives; the accelerated
    // path's closed forms (`i0 + k`, `j0 + 2*k`) give it as a kept sum.
    let fixture =
        |name: &str| std::fs::read_to_string(common::repo_root().join("fixtures").join(name)).expect("fixture");
    // The fixture's output is decided at --unwind 3 already (its idle
    // iterations end where they began); a `for` declaration keeps the
    // output's cycle check off and leaves the loop to induction.
    let safe = fixture("induction_relational_safe.c");
    let declared = safe.replace("while (nondet_int()) {", "for (int t = 0; nondet_int();) {");
    assert_ne!(safe, declared);
    let out = accelerate_source(&declared, &Options::default()).expect("transformed");
    let kept = out.kept_sums();
    let shown: Vec<String> = kept.iter().map(LinearSum::kept).collect();
    assert_eq!(shown, ["2*i - j == 2*i0 - j0"]);
    let opts = CheckOptions {
        unwindset: out.unwindset.clone(),
        ..options(3)
    };
    assert!(matches!(
        induct_with(&out.output, &opts, 3, &[]),
        Err(NoInduction::Step { .. })
    ));
    assert_eq!(induct_with(&out.output, &opts, 3, &kept), Ok(1));
    // A sum the loop does not keep is dropped, not assumed.
    let wrong = LinearSum::new([("i".to_string(), 1), ("j".to_string(), -1)]).expect("a sum");
    assert!(matches!(
        induct_with(&out.output, &opts, 3, std::slice::from_ref(&wrong)),
        Err(NoInduction::Step { .. })
    ));
    // One iteration too many for the bound: failing, never proved.
    let failing = fixture("induction_relational_unsafe.c");
    let out = accelerate_source(&failing, &Options::default()).expect("transformed");
    assert_eq!(bounded(&out.output, 3), Verdict::Unsafe);
}

/// A loop in a function that runs at most once per execution is a target
/// (`fixtures/induction_function_safe.c`); one in a function called twice
/// in a row runs twice, and the argument of induction does not hold for it.
#[test]
fn a_loop_in_a_function_called_twice_is_not_a_target() {
    let src = std::fs::read_to_string(common::repo_root().join("fixtures/induction_function_safe.c")).expect("fixture");
    let twice = src.replace(
        "    if (nondet_int())\n        r = run(10);\n    else\n        r = run(20);",
        "    r = run(10);\n    r = run(20);",
    );
    assert_ne!(src, twice);
    assert_eq!(induct(&src), Ok(1));
    assert_eq!(induct(&twice), Err(NoInduction::NoCandidate));
}
