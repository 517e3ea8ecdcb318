//! Every `fixtures/*.c` states its expected verdict in its first line:
//! `// tracc: expect SAFE|UNSAFE [bound=N]`. With a bound, `tracc check
//! --unwind N` must give that verdict. Without one (the bug or the proof
//! needs unboundedly many iterations), `--unwind 3` must not contradict it:
//! an UNSAFE fixture must not be SAFE, a SAFE one must not be UNSAFE.
//! A fixture that uses constructs the IR does not model (opaque nodes)
//! may be refused with a diagnostic, never given a wrong verdict.

mod common;

use common::Verdict as Expected;
use tracc::check::{CheckOptions, Verdict, check_source};
use tracc::ir::{ExprKind, Program, StmtKind};

/// Whether the program contains anything the IR keeps opaque.
fn uses_unmodelled(p: &Program) -> bool {
    let mut found = !p.opaque_items.is_empty()
        || p.vars.iter().any(|v| v.ty.is_opaque())
        || p.funcs.iter().any(|f| f.opaque.is_some());
    for f in &p.funcs {
        if let Some(body) = &f.body {
            body.walk(&mut |s| {
                if matches!(s.kind, StmtKind::Opaque(_)) {
                    found = true;
                }
                for e in s.own_exprs() {
                    e.walk(&mut |x| {
                        if matches!(x.kind, ExprKind::Opaque(_)) || x.ty.is_opaque() {
                            found = true;
                        }
                    });
                }
            });
        }
    }
    found
}

/// How one fixture fared.
enum Outcome {
    Agrees,
    Refused,
    Problem(String),
}

fn check_one(f: &std::path::Path) -> Outcome {
    let text = std::fs::read_to_string(f).unwrap();
    let name = f.file_name().unwrap().to_string_lossy().to_string();
    let expect = match common::expectation_of(&text) {
        Ok(e) => e,
        Err(e) => return Outcome::Problem(format!("{name}: {e}")),
    };
    let expected = match expect.verdict {
        Expected::Safe => Verdict::Safe,
        Expected::Unsafe => Verdict::Unsafe,
    };
    let opts = CheckOptions {
        unwind: expect.bound.unwrap_or(3),
        model: expect.model,
        ..CheckOptions::default()
    };
    let report = match check_source(&text, &opts) {
        Ok(r) => r,
        Err(d) => {
            // Refusing is right for a program that uses constructs the IR
            // keeps opaque; anything else must get a verdict.
            let opaque = tracc::lower::lower_source(&text).map(|l| uses_unmodelled(&l.program));
            return if opaque != Ok(true) {
                Outcome::Problem(format!("{name}: refused: {d:?}"))
            } else {
                Outcome::Refused
            };
        }
    };
    let ok = match expect.bound {
        Some(_) => report.verdict == expected,
        None => match expected {
            Verdict::Unsafe => report.verdict != Verdict::Safe,
            _ => report.verdict != Verdict::Unsafe,
        },
    };
    if ok {
        Outcome::Agrees
    } else {
        Outcome::Problem(format!(
            "{name}: expected {:?} (bound {:?}), got:\n{}",
            expect.verdict,
            expect.bound,
            report.render(&name, &text, true)
        ))
    }
}

#[test]
fn fixtures_have_their_stated_verdicts() {
    let files = common::fixture_files();
    let outcomes = common::par_map(&files, |f| check_one(f));
    let checked = outcomes.len();
    let refused = outcomes.iter().filter(|o| matches!(o, Outcome::Refused)).count();
    let problems: Vec<String> = outcomes
        .into_iter()
        .filter_map(|o| match o {
            Outcome::Problem(p) => Some(p),
            _ => None,
        })
        .collect();
    eprintln!("{checked} fixtures checked, {refused} refused for opaque constructs");
    assert!(
        refused * 4 < checked.max(1),
        "too many refusals: {refused} of {checked}"
    );
    assert!(
        checked > 0,
        "no fixtures in {}",
        common::repo_root().join("fixtures").display()
    );
    assert!(
        problems.is_empty(),
        "{} of {checked} fixtures disagree:\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}
