//! Every fixture's output, given to the real CBMC as users run it
//! (`cbmc OUT.c --unwind 3 --unwinding-assertions`: its default SAT back
//! end and its default checks of bounds, pointers, division, shifts and
//! signed overflow), must be read in full and give the verdict tracc's own
//! checker gives: no "ignoring" warning (a dropped `__CPROVER_forall` turns
//! an assumption into nothing), no failing property in generated code (one
//! that names a `tracc_` variable: the accelerators compute in range by
//! construction), no failing assertion in a fixture that is SAFE, a failing
//! assertion where `tracc verify` finds the bug. Failing default checks in
//! the input's own code are the input's, but the output must keep them:
//! every default check (signed overflow, array bounds, division by zero,
//! ...) that CBMC finds failing in the input at `--unwind 3` it must find
//! failing in the output at `--unwind 3` too (an output execution takes no
//! more passes through the loop head than the input execution it stands
//! for, and an iteration whose operation overflows or whose index leaves
//! its array is never covered). CBMC may run out of time (counted,
//! printed), never disagree.
//!
//! CBMC comes from `TRACC_CBMC` or the PATH; `.ci/run` points `TRACC_CBMC`
//! at a copy of CBMC 6.6. Without one these tests are reported as ignored,
//! `[no CBMC]`, in the normal test output (CBMC is not part of the
//! project), and they fail instead when `TRACC_REQUIRE_CBMC=1`, as
//! `.ci/run` sets it. Hence the harness of its own (libtest-mimic): the
//! standard one cannot decide at run time that a test is ignored.

mod common;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Verdict as Expected, VerifyVerdict};
use libtest_mimic::{Arguments, Failed, Trial};
use tracc::ir::DataModel;
use tracc::pipeline::{Options, accelerate_source};
use wait_timeout::ChildExt;

/// One cross-check, given the CBMC executable.
type CrossCheck = fn(&PathBuf);

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let cbmc = common::cbmc();
    let required = std::env::var_os("TRACC_REQUIRE_CBMC").is_some_and(|v| v == "1");
    if cbmc.is_none() {
        eprintln!(
            "\n*** no CBMC (set TRACC_CBMC or put cbmc on the PATH): the CBMC cross-checks are {} ***\n",
            if required {
                "FAILED (TRACC_REQUIRE_CBMC=1)"
            } else {
                "NOT run (ignored)"
            }
        );
    }
    let tests: [(&str, CrossCheck); 7] = [
        (
            "cbmc_reads_every_output_in_full_and_agrees",
            cbmc_reads_every_output_in_full_and_agrees,
        ),
        (
            "cbmc_finds_the_same_failures_in_generated_programs_before_and_after",
            cbmc_finds_the_same_failures_in_generated_programs_before_and_after,
        ),
        (
            "tracc_check_reads_goto_loops_as_cbmc_does",
            tracc_check_reads_goto_loops_as_cbmc_does,
        ),
        (
            "the_unwindset_names_the_loops_left_to_unrolling_as_cbmc_shows_them",
            the_unwindset_names_the_loops_left_to_unrolling_as_cbmc_shows_them,
        ),
        (
            "cbmc_names_the_input_lines_through_line_directives",
            cbmc_names_the_input_lines_through_line_directives,
        ),
        (
            "cbmc_32_agrees_on_outputs_written_for_ilp32",
            cbmc_32_agrees_on_outputs_written_for_ilp32,
        ),
        (
            "cbmc_proves_both_cases_of_every_fixture_proved_by_induction",
            cbmc_proves_both_cases_of_every_fixture_proved_by_induction,
        ),
    ];
    let trials = tests
        .into_iter()
        .map(|(name, test)| {
            let cbmc = cbmc.clone();
            let missing = cbmc.is_none();
            let trial = Trial::test(name, move || match cbmc {
                Some(c) => {
                    test(&c);
                    Ok(())
                }
                None => Err(Failed::from(
                    "no CBMC: set TRACC_CBMC or put cbmc on the PATH (TRACC_REQUIRE_CBMC=1 makes this a failure)",
                )),
            });
            if missing {
                trial.with_kind("no CBMC").with_ignored_flag(!required)
            } else {
                trial
            }
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// CBMC's output on `file` at `--unwind 3`, or `None` when it ran out of
/// time.
fn run_cbmc(cbmc: &PathBuf, file: &std::path::Path, secs: u64) -> Option<String> {
    run_cbmc_at(cbmc, file, "3", secs)
}

/// CBMC's output on `file` at `--unwind UNWIND`, or `None` when it ran out
/// of time.
fn run_cbmc_at(cbmc: &PathBuf, file: &std::path::Path, unwind: &str, secs: u64) -> Option<String> {
    run_cbmc_with(cbmc, file, &["--unwind", unwind, "--unwinding-assertions"], secs)
}

/// CBMC's output on `file` with `args`, or `None` when it ran out of time.
fn run_cbmc_with(cbmc: &PathBuf, file: &std::path::Path, args: &[&str], secs: u64) -> Option<String> {
    let mut child = Command::new(cbmc)
        .arg(file)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cbmc starts");
    let mut out = String::new();
    let mut err = String::new();
    let mut so = child.stdout.take().expect("piped stdout");
    let mut se = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = se.read_to_string(&mut s);
        s
    });
    match child.wait_timeout(Duration::from_secs(secs)).expect("wait for cbmc") {
        Some(_) => {}
        None => {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    }
    out.push_str(&reader.join().unwrap_or_default());
    err.push_str(&err_reader.join().unwrap_or_default());
    Some(out + &err)
}

fn cbmc_reads_every_output_in_full_and_agrees(cbmc: &PathBuf) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let fixtures = common::fixture_files();
    let results = common::par_map(&fixtures, |path| crosscheck_one(cbmc, dir.path(), path));
    let mut problems = Vec::new();
    let mut timeouts = Vec::new();
    for (path, r) in fixtures.iter().zip(results) {
        match r {
            None => timeouts.push(common::stem(path)),
            Some(p) => problems.extend(p),
        }
    }
    if !timeouts.is_empty() {
        eprintln!("CBMC ran out of time ({CBMC_SECS} s) on: {}", timeouts.join(", "));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// CBMC's time limit per output.
const CBMC_SECS: u64 = 40;

/// The disagreements of CBMC on one fixture's output, or `None` when it ran
/// out of time.
fn crosscheck_one(cbmc: &PathBuf, dir: &std::path::Path, path: &std::path::Path) -> Option<Vec<String>> {
    let name = common::stem(path);
    let text = std::fs::read_to_string(path).expect("readable fixture");
    let expectation = common::expectation_of(&text).expect("fixture header");
    let options = Options {
        model: expectation.model,
        ..Options::default()
    };
    let Ok(outcome) = accelerate_source(&text, &options) else {
        return Some(vec![format!("{name}: transform failed")]);
    };
    let out = dir.join(format!("{name}.c"));
    std::fs::write(&out, &outcome.output).expect("write output");
    // As the user is told to run it: loops left to unrolling unwound
    // through their trip count.
    let cbmc_args = outcome.cbmc_args();
    let args: Vec<&str> = cbmc_args.iter().map(String::as_str).collect();
    let log = run_cbmc_with(cbmc, &out, &args, CBMC_SECS)?;
    // The input as its data model reads it (`cbmc_args` say `--32` for the
    // output already).
    let input_args: &[&str] = match expectation.model {
        DataModel::Lp64 => &["--unwind", "3", "--unwinding-assertions"],
        DataModel::Ilp32 => &["--32", "--unwind", "3", "--unwinding-assertions"],
    };
    let input_log = run_cbmc_with(cbmc, path, input_args, CBMC_SECS);
    let (mut problems, rejected) = reading_problems(&name, &log, input_log.as_deref());
    if rejected {
        return Some(problems);
    }
    let failures: Vec<&str> = log.lines().filter(|l| l.ends_with(": FAILURE")).collect();
    let failed_assertion = fails_an_assertion(&log);
    let failed_unwinding = failures.iter().any(|l| l.contains("unwinding assertion"));
    let verified = log.contains("VERIFICATION") && !failed_assertion && !failed_unwinding;
    match (expectation.verdict, expectation.verify) {
        (Expected::Safe, _) if failed_assertion => {
            problems.push(format!("{name}: SAFE fixture, CBMC finds an assertion failing"))
        }
        (Expected::Safe, Some(VerifyVerdict::Safe)) if !verified => problems.push(format!(
            "{name}: tracc proves it at --unwind 3, CBMC does not (unwinding assertion failing: {failed_unwinding})"
        )),
        (Expected::Unsafe, _) if verified => problems.push(format!("{name}: UNSAFE fixture, CBMC says SAFE")),
        (Expected::Unsafe, Some(VerifyVerdict::Unsafe)) if !failed_assertion => {
            problems.push(format!("{name}: tracc finds the bug at --unwind 3, CBMC does not"))
        }
        _ => {}
    }
    Some(problems)
}

/// What is wrong with CBMC's reading of an output (`log`), whatever its
/// verdict: a construct CBMC ignores or rejects, a failing property of
/// generated code (one that names a `tracc_` variable), a failing default
/// check of the input (`input_log`, at the same bound) that the output
/// lost. With whether CBMC rejected the output.
fn reading_problems(name: &str, log: &str, input_log: Option<&str>) -> (Vec<String>, bool) {
    let mut problems = Vec::new();
    if let Some(input_log) = input_log {
        let kept = failing_checks(log);
        for o in failing_checks(input_log).difference(&kept) {
            problems.push(format!("{name}: CBMC finds `{o}` in the input, not in the output"));
        }
    }
    if log.contains("ignoring") {
        problems.push(format!("{name}: CBMC ignores a construct of the output"));
    }
    let rejected = log.contains("CONVERSION ERROR") || log.contains("PARSING ERROR");
    if rejected {
        problems.push(format!("{name}: CBMC rejects the output"));
    }
    for f in log.lines().filter(|l| l.ends_with(": FAILURE") && l.contains("tracc_")) {
        problems.push(format!("{name}: a generated property fails: {f}"));
    }
    (problems, rejected)
}

/// The default checks CBMC reports failing in `log` (every property but
/// assertions and unwinding assertions), by description (`arithmetic
/// overflow on signed + in k + 1`), outside generated code.
fn failing_checks(log: &str) -> std::collections::BTreeSet<String> {
    log.lines()
        .filter(|l| is_failing_check(l) && !l.contains("tracc_"))
        .filter_map(|l| l.strip_suffix(": FAILURE"))
        // "[main.overflow.2] line 8 arithmetic overflow ...": the description.
        .filter_map(|l| l.split_once("] line ").and_then(|(_, rest)| rest.split_once(' ')))
        .map(|(_, description)| description.to_string())
        .collect()
}

/// How many generated programs of each class (tests on `v + c`, array
/// loops past the end) are given to CBMC.
const GENERATED: usize = 30;

/// How many sum loops are: CBMC takes seconds on each output, whose
/// quadratic closed forms multiply 64-bit values at every unwinding.
const GENERATED_SUMS: usize = 10;

/// How many loops writing into a row of a matrix are: the outputs replace
/// the row with `__CPROVER_array_replace`, whose meaning here is CBMC's.
const GENERATED_ROWS: usize = 20;

/// How many loops over the rows around a row fill, accelerated as a whole,
/// are: the outputs assume a fresh matrix over all its elements and copy
/// it back whole.
const GENERATED_FILLS: usize = 5;

/// Generated loops written with a backward `goto` (`lower` reads them as
/// `while` loops).
const GENERATED_GOTOS: usize = 15;

/// `tracc check` reads a loop written with a backward `goto` as a `while`
/// loop (`lower::goto_loops`); the campaign compares tracc's checker with
/// itself on both sides, so a wrong reading would pass there unseen. Here
/// the real CBMC reads the same inputs, at the bound that covers them,
/// with the same default checks: the verdicts must be equal.
fn tracc_check_reads_goto_loops_as_cbmc_does(cbmc: &PathBuf) {
    use tracc::check::{CheckOptions, Verdict, check_source};
    use tracc::testgen::{Class, loop_program};
    let programs: Vec<(u64, String, u32)> = (0..)
        .map(|seed| (seed, loop_program(seed)))
        .filter(|(_, g)| g.classes.contains(&Class::Goto))
        .map(|(seed, g)| (seed, g.source, g.bound))
        .take(2 * GENERATED_GOTOS)
        .collect();
    let dir = tempfile::tempdir().expect("temporary directory");
    let results = common::par_map(&programs, |(seed, source, bound)| {
        let opts = CheckOptions {
            unwind: *bound,
            unwinding_assertions: true,
            signed_overflow: true,
            bounds_check: true,
            ..CheckOptions::default()
        };
        let ours = check_source(source, &opts).map(|r| r.verdict);
        let input = dir.path().join(format!("goto{seed}.c"));
        std::fs::write(&input, source).expect("write input");
        let log = run_cbmc_at(cbmc, &input, &bound.to_string(), CBMC_SECS)?;
        let theirs = if log.contains("VERIFICATION SUCCESSFUL") {
            Verdict::Safe
        } else if log.lines().any(|l| l.ends_with(": FAILURE") && !l.contains(".unwind.")) {
            Verdict::Unsafe
        } else {
            Verdict::Unknown
        };
        Some((*seed, ours, theirs, source.clone(), log))
    });
    let mut compared = 0;
    for (seed, ours, theirs, source, log) in results.into_iter().flatten() {
        compared += 1;
        assert!(
            ours.as_ref().is_ok_and(|v| *v == theirs),
            "seed {seed}: tracc check says {ours:?}, CBMC {theirs:?}\n{source}\n{log}"
        );
    }
    eprintln!(
        "{compared} of {} goto loops read alike by tracc check and CBMC",
        programs.len()
    );
    assert!(
        compared * 2 >= programs.len(),
        "CBMC ran out of time on most goto loops"
    );
}

fn cbmc_finds_the_same_failures_in_generated_programs_before_and_after(cbmc: &PathBuf) {
    // At a bound that covers the loop, CBMC must report every failing
    // default check of the input (signed overflows in tests on `v + c`, in
    // the updates, in quadratic sums; array bounds, rows past a matrix's
    // end) in the restricted output too, none where the input has
    // none, and the same failing-assertion status: the campaign's
    // comparison, with the real back end as the oracle.
    use tracc::testgen::{Class, Generated, loop_program};
    let of_class = |class: Class, count: usize| {
        (0..)
            .map(|seed| (seed, loop_program(seed)))
            .filter(move |(_, g)| g.classes.contains(&class))
            .take(count)
    };
    let mut programs: Vec<(u64, Generated)> = of_class(Class::OffsetTest, GENERATED)
        .chain(of_class(Class::PastTheEnd, GENERATED))
        .chain(of_class(Class::Sum, GENERATED_SUMS))
        .chain(of_class(Class::MatrixRow, GENERATED_ROWS))
        .chain(of_class(Class::Goto, GENERATED_GOTOS))
        .collect();
    let fills: Vec<(u64, Generated)> = of_class(Class::Nested, usize::MAX)
        .filter(|(seed, g)| {
            g.classes.contains(&Class::MatrixRow)
                && !programs.iter().any(|(s, _)| s == seed)
                && accelerate_source(&g.source, &Options::accelerating_every_loop())
                    .is_ok_and(|o| o.output.contains("__CPROVER_array_copy(a, "))
        })
        .take(GENERATED_FILLS)
        .collect();
    assert_eq!(fills.len(), GENERATED_FILLS);
    programs.extend(fills);
    let dir = tempfile::tempdir().expect("temporary directory");
    let results = common::par_map(&programs, |(seed, g)| {
        // CBMC checks only `<assert.h>`'s assertion (for a declared
        // `void assert(int);` it reports "no body for callee assert" and
        // checks nothing): the generator includes it.
        let source = &g.source;
        assert!(source.starts_with("#include <assert.h>\n"), "seed {seed}: {source}");
        // Every loop accelerated: their small loops are what is tested.
        let out = accelerate_source(source, &Options::accelerating_every_loop())
            .ok()?
            .output;
        let input = dir.path().join(format!("in{seed}.c"));
        let output = dir.path().join(format!("out{seed}.c"));
        std::fs::write(&input, source).expect("write input");
        std::fs::write(&output, &out).expect("write output");
        let unwind = g.bound.to_string();
        let run = |file: &std::path::Path| run_cbmc_at(cbmc, file, &unwind, CBMC_SECS);
        let (before, after) = (run(&input)?, run(&output)?);
        // The output may report an input's overflow a second time, in
        // generated code that evaluates the body's test at a later
        // iteration; it may lose none, and invent none.
        let (checks_before, checks_after) = (failing_checks(&before), failing_checks(&after));
        let invented = checks_before.is_empty() && after.lines().any(is_failing_check);
        let same = checks_before.is_subset(&checks_after)
            && !invented
            && fails_an_assertion(&before) == fails_an_assertion(&after);
        let failing = (checks_before.len(), fails_an_assertion(&before));
        Some((same, failing, *seed, before, after))
    });
    let mut decided = 0;
    let mut with_checks = 0;
    let mut with_assertion = 0;
    for r in results.into_iter().flatten() {
        let (same, (checks, assertion), seed, before, after) = r;
        decided += 1;
        with_checks += usize::from(checks > 0);
        with_assertion += usize::from(assertion);
        assert!(
            same,
            "seed {seed}: CBMC disagrees before and after\n--- input:\n{before}\n--- output:\n{after}"
        );
    }
    eprintln!(
        "{decided} of {} generated programs cross-checked, {with_checks} with failing default checks, \
         {with_assertion} with a failing assertion",
        programs.len()
    );
    assert!(decided * 2 >= programs.len(), "CBMC ran out of time on most programs");
    // CBMC must see the assertions, or their comparison says nothing.
    assert!(with_assertion > 0, "CBMC found no failing assertion in any input");
}

/// Whether a line of CBMC's output is a failing default check (a property
/// other than an assertion, an unwinding assertion, a call of a function
/// without a body).
fn is_failing_check(line: &str) -> bool {
    line.ends_with(": FAILURE")
        && !line.contains(".assertion.")
        && !line.contains(".unwind.")
        && !line.contains(".no-body.")
}

/// Whether CBMC's output reports a failing assertion.
fn fails_an_assertion(log: &str) -> bool {
    log.lines()
        .any(|l| l.ends_with(": FAILURE") && l.contains(".assertion."))
}

/// The `--unwindset` that tracc tells the user names, in CBMC's own names
/// of the output's loops (`cbmc --show-loops`), loops it did not
/// accelerate: each name's line in the output is the first line of such a
/// loop, copied from the input.
fn the_unwindset_names_the_loops_left_to_unrolling_as_cbmc_shows_them(cbmc: &PathBuf) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut checked = 0;
    for path in common::fixture_files() {
        let name = common::stem(&path);
        let text = std::fs::read_to_string(&path).expect("readable fixture");
        // A loop left to unrolling has an `--unwindset` only when its body
        // cannot be copied (`unroll_static_local_safe`).
        let Ok(outcome) = accelerate_source(&text, &Options::default()) else {
            continue;
        };
        if outcome.unwindset.is_empty() {
            continue;
        }
        // Left to unrolling, or not accelerated at all.
        let unrolled_lines: Vec<&str> = (outcome.loops.iter())
            .filter(|l| !l.accelerated)
            .map(|l| text[l.start..].lines().next().unwrap_or_default().trim())
            .collect();
        assert!(
            unrolled_lines.len() >= outcome.unwindset.len(),
            "{name}: {:?}",
            outcome.unwindset
        );
        let out = dir.path().join(format!("{name}.c"));
        std::fs::write(&out, &outcome.output).expect("write output");
        let shown = run_cbmc_with(cbmc, &out, &["--show-loops"], CBMC_SECS).expect("cbmc --show-loops");
        let output_lines: Vec<&str> = outcome.output.lines().collect();
        for (loop_name, _) in &outcome.unwindset {
            // "Loop main.0:" then "  file F line L function main".
            let header = format!("Loop {loop_name}:");
            let mut lines = shown.lines().skip_while(|l| l.trim() != header).skip(1);
            let line: usize = lines
                .next()
                .and_then(|l| l.split(" line ").nth(1))
                .and_then(|l| l.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name}: CBMC shows no loop {loop_name}:\n{shown}"));
            let at = output_lines[line - 1].trim();
            assert!(
                unrolled_lines.iter().any(|u| at.starts_with(u) || u.starts_with(at)),
                "{name}: CBMC's {loop_name} is at output line {line} `{at}`, not a loop left to unrolling {unrolled_lines:?}"
            );
        }
        checked += 1;
    }
    assert!(checked > 0, "no fixture has a loop left to unrolling");
}

/// With the `#line` directives of `tracc accelerate`, CBMC's failing
/// property and `--show-properties` name the input's file and line (10),
/// not the output's (30 or so), and the accelerator's own checks a file of
/// their own.
fn cbmc_names_the_input_lines_through_line_directives(cbmc: &PathBuf) {
    let src = "#include <assert.h>\nint main(void)\n{\n    unsigned x = 0, y = 0;\n    while (x < 1000000u) {\n        x++;\n        y += 2;\n    }\n    assert(y == 2u * x);\n    assert(x == 999999u);\n    return 0;\n}\n";
    let outcome = accelerate_source(src, &Options::default()).expect("transforms");
    let output = tracc::emit::with_line_directives(&outcome.output, src, &outcome.source_map, "ld.c");
    assert!(output.lines().count() > 20, "{output}");
    let dir = tempfile::tempdir().expect("temporary directory");
    let out = dir.path().join("out.c");
    std::fs::write(&out, &output).expect("write output");
    let log = run_cbmc(cbmc, &out, CBMC_SECS).expect("CBMC in time");
    let failing: Vec<&str> = log.lines().filter(|l| l.ends_with(": FAILURE")).collect();
    assert_eq!(failing.len(), 1, "{log}");
    assert!(failing[0].contains("] line 10 assertion x == 999999u"), "{log}");
    assert!(log.contains("file tracc: generated for ld.c:5 line"), "{log}");
    let shown = run_cbmc_with(cbmc, &out, &["--show-properties"], CBMC_SECS).expect("CBMC in time");
    assert!(shown.contains("file ld.c line 10 function main"), "{shown}");
}

/// Programs whose verdict depends on the data model, with their verdict
/// under ILP32 (`long` and pointers of 32 bits), where they differ from
/// LP64's: a `long` sum that overflows only in 32 bits, an `unsigned long`
/// that wraps only in 32 bits, `sizeof` of `long` and of a pointer. No
/// header: CBMC's `--32` reads 32-bit system headers, which a machine
/// without gcc-multilib lacks. The flag says whether the program is safe;
/// the wrapping sum is safe, but its output needs a fourth unwinding (an
/// accelerator, the original iteration that wraps, another accelerator),
/// so at `--unwind 3` it is only never unsafe.
const ILP32_PROGRAMS: [(&str, &str, bool); 4] = [
    (
        "long_sum_overflows",
        "int main(void)\n{\n    long s = 0;\n    for (int i = 0; i < 30000; i++) {\n        s += 100000;\n    }\n    __CPROVER_assert(s == 3000000000LL, \"s\");\n    return 0;\n}\n",
        false,
    ),
    (
        "ulong_wraps",
        "int main(void)\n{\n    unsigned long u = 0;\n    for (int i = 0; i < 30000; i++) {\n        u += 200000;\n    }\n    __CPROVER_assert(u == 1705032704UL, \"u\");\n    return 0;\n}\n",
        true,
    ),
    (
        "sizeof_sum_safe",
        "int main(void)\n{\n    unsigned long n = 0;\n    for (int i = 0; i < 30000; i++) {\n        n += sizeof(long) + sizeof(int *);\n    }\n    __CPROVER_assert(n == 240000, \"n\");\n    return 0;\n}\n",
        true,
    ),
    (
        "sizeof_sum_unsafe",
        "int main(void)\n{\n    unsigned long n = 0;\n    for (int i = 0; i < 30000; i++) {\n        n += sizeof(long) + sizeof(int *);\n    }\n    __CPROVER_assert(n == 480000, \"n\");\n    return 0;\n}\n",
        false,
    ),
];

/// `tracc accelerate --32` writes outputs for `cbmc --32`: on the programs
/// above, CBMC with the output's `cbmc_args` (which say `--32`) decides the
/// verdict that ILP32 gives, as CBMC on the input does with its loop
/// unwound in full, and as `tracc verify --32` does; no property of
/// generated code fails (its 64-bit arithmetic is `long long` there), and
/// every fixture whose text depends on the model (a `long`, `sizeof`, a
/// pointer) is read in full by `cbmc --32` and keeps every failing default
/// check of its input.
fn cbmc_32_agrees_on_outputs_written_for_ilp32(cbmc: &PathBuf) {
    use tracc::check::{CheckOptions, Verdict, check_source};
    let opts = Options {
        model: DataModel::Ilp32,
        ..Options::default()
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut problems = Vec::new();
    for (name, src, safe) in ILP32_PROGRAMS {
        let outcome = accelerate_source(src, &opts).expect("transforms");
        let args = outcome.cbmc_args();
        assert_eq!(args[0], "--32", "{args:?}");
        assert!(outcome.output.contains("long long"), "{}", outcome.output);
        let out = dir.path().join(format!("{name}.c"));
        std::fs::write(&out, &outcome.output).expect("write output");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let log = run_cbmc_with(cbmc, &out, &args, CBMC_SECS).expect("CBMC in time");
        let input = dir.path().join(format!("{name}_in.c"));
        std::fs::write(&input, src).expect("write input");
        let full = ["--32", "--unwind", "30001", "--unwinding-assertions"];
        let input_log = run_cbmc_with(cbmc, &input, &full, 4 * CBMC_SECS).expect("CBMC in time");
        let checks = CheckOptions {
            model: DataModel::Ilp32,
            signed_overflow: true,
            bounds_check: true,
            ..CheckOptions::default()
        };
        let verified = check_source(&outcome.output, &checks).expect("checks").verdict;
        // Decided at --unwind 3 but for the wrap-around's fourth unwinding.
        let decided_at_3 = name != "ulong_wraps";
        for (who, log) in [("output", &log), ("input", &input_log)] {
            let failing = if who == "output" && !decided_at_3 {
                fails_an_assertion(log) || log.lines().any(is_failing_check)
            } else {
                log.lines().any(|l| l.ends_with(": FAILURE"))
            };
            if failing == safe || !log.contains("VERIFICATION") {
                problems.push(format!("{name}: CBMC --32 on the {who}: expected safe={safe}\n{log}"));
            }
        }
        problems.extend(reading_problems(&format!("{name} (--32)"), &log, None).0);
        let expected = match (safe, decided_at_3) {
            (true, true) => Verdict::Safe,
            (true, false) => Verdict::Unknown,
            (false, _) => Verdict::Unsafe,
        };
        if verified != expected {
            problems.push(format!("{name}: tracc verify --32 says {verified:?}"));
        }
    }
    // The fixtures whose meaning depends on the model, with their one
    // header replaced by a definition of `assert`.
    let sensitive = ["long", "size_t", "sizeof", "ptrdiff"];
    let (mut checked, mut timeouts) = (0, Vec::new());
    for path in common::fixture_files() {
        let text = std::fs::read_to_string(&path).expect("readable fixture");
        let includes: Vec<&str> = text.lines().filter(|l| l.starts_with("#include")).collect();
        if includes != ["#include <assert.h>"] || !sensitive.iter().any(|w| text.contains(w)) {
            continue;
        }
        let name = common::stem(&path);
        let text = text.replace(
            "#include <assert.h>",
            "void assert(int c) { __CPROVER_assert(c, \"assert\"); }",
        );
        let Ok(outcome) = accelerate_source(&text, &opts) else {
            problems.push(format!("{name}: transform failed under --32"));
            continue;
        };
        let (input, out) = (
            dir.path().join(format!("{name}_in.c")),
            dir.path().join(format!("{name}.c")),
        );
        std::fs::write(&input, &text).expect("write input");
        std::fs::write(&out, &outcome.output).expect("write output");
        let args = outcome.cbmc_args();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let Some(log) = run_cbmc_with(cbmc, &out, &args, CBMC_SECS) else {
            timeouts.push(name);
            continue;
        };
        checked += 1;
        let at3 = ["--32", "--unwind", "3", "--unwinding-assertions"];
        let input_log = run_cbmc_with(cbmc, &input, &at3, CBMC_SECS);
        problems.extend(reading_problems(&format!("{name} (--32)"), &log, input_log.as_deref()).0);
    }
    if !timeouts.is_empty() {
        eprintln!("CBMC --32 ran out of time ({CBMC_SECS} s) on: {}", timeouts.join(", "));
    }
    eprintln!("CBMC --32 read {checked} outputs of fixtures whose meaning depends on the data model");
    assert!(checked >= 10, "only {checked} fixtures checked under --32");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `tracc kinduct` on every fixture whose header says `induction=K`: the
/// same k, and CBMC SUCCESSFUL on the base and the step case with the
/// arguments tracc gives. In the `induction_*` fixtures, loops that never
/// end, the step case's checked iteration must be reachable: asserting that
/// its head is never reached fails in CBMC. (Elsewhere a step case may be
/// vacuous: no execution of a loop that ends within k iterations has k + 1,
/// and the base case covers it all.)
fn cbmc_proves_both_cases_of_every_fixture_proved_by_induction(cbmc: &PathBuf) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let fixtures: Vec<PathBuf> = (common::fixture_files().into_iter())
        .filter(|p| {
            let text = std::fs::read_to_string(p).expect("readable fixture");
            common::expectation_of(&text).is_ok_and(|e| e.induction.is_some())
        })
        .collect();
    assert!(fixtures.len() >= 5, "{} fixtures proved by induction", fixtures.len());
    let head = regex_automata::meta::Regex::new(r"__CPROVER_assume\((\w+) <= (\d+)UL\)").expect("valid regex");
    let problems: Vec<String> = common::par_map(&fixtures, |path| {
        let name = common::stem(path);
        let text = std::fs::read_to_string(path).expect("readable fixture");
        let e = common::expectation_of(&text).expect("header");
        let transform = Options {
            model: e.model,
            ..Options::default()
        };
        // As the CLI checks by default (CBMC 6's standard checks).
        let check = tracc::check::CheckOptions {
            unwind: 3,
            timeout_ms: Some(600_000),
            signed_overflow: true,
            bounds_check: true,
            model: e.model,
            ..tracc::check::CheckOptions::default()
        };
        let proof = match accelerate_source(&text, &transform)
            .and_then(|outcome| tracc::pipeline::kinduct_outcome(&outcome, &check, 8))
        {
            Ok(Ok(p)) => p,
            other => return Some(format!("{name}: no proof: {other:?}")),
        };
        if Some(proof.k) != e.induction {
            return Some(format!("{name}: k = {}, the header says {:?}", proof.k, e.induction));
        }
        let mut problems = Vec::new();
        let run = |case: &str, program: &str, args: &[String]| {
            let file = dir.path().join(format!("{name}.{case}.c"));
            std::fs::write(&file, program).expect("write the case");
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            run_cbmc_with(cbmc, &file, &args, 600)
        };
        for (case, program, args) in [
            ("base", &proof.base, &proof.base_args),
            ("step", &proof.step, &proof.step_args),
        ] {
            match run(case, program, args) {
                Some(log) if log.contains("VERIFICATION SUCCESSFUL") => {}
                Some(log) => problems.push(format!("{name}: CBMC on the {case} case:\n{log}")),
                None => problems.push(format!("{name}: CBMC timed out on the {case} case")),
            }
        }
        if !name.starts_with("induction_") {
            return (!problems.is_empty()).then(|| problems.join("\n"));
        }
        let mut captures = head.create_captures();
        head.captures(proof.step.as_str(), &mut captures);
        let Some(found) = captures.get_match() else {
            return Some(format!("{name}: the step case has no head"));
        };
        let span = found.range();
        let (j, k) = (
            &proof.step[captures.get_group(1).expect("group").range()],
            &proof.step[captures.get_group(2).expect("group").range()],
        );
        let vacuous = format!(
            "{}__CPROVER_assert(!({j} == {k}UL), \"the checked iteration is reached\"), {}",
            &proof.step[..span.start],
            &proof.step[span.start..]
        );
        match run("reached", &vacuous, &proof.step_args) {
            Some(log) if log.contains("VERIFICATION FAILED") => {}
            _ => problems.push(format!("{name}: the step case's checked iteration is never reached")),
        }
        (!problems.is_empty()).then(|| problems.join("\n"))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
