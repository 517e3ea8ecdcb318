//! Every `fixtures/*.c` states its expected verdict in its first line:
//! `// tracc: expect SAFE|UNSAFE [bound=N]`. With a bound, `tracc check
//! --unwind N` must give that verdict. Without one (the bug or the proof
//! needs unboundedly many iterations), `--unwind 3` must not contradict it:
//! an UNSAFE fixture must not be SAFE, a SAFE one must not be UNSAFE.

use std::path::PathBuf;

use tracc::check::{CheckOptions, Verdict, check_source};

struct Expect {
    verdict: Verdict,
    bound: Option<u32>,
}

fn parse_header(text: &str) -> Option<Expect> {
    let first = text.lines().next()?;
    let rest = first.trim().strip_prefix("//")?.trim().strip_prefix("tracc:")?.trim();
    let mut words = rest.split_whitespace();
    if words.next()? != "expect" {
        return None;
    }
    let verdict = match words.next()? {
        "SAFE" => Verdict::Safe,
        "UNSAFE" => Verdict::Unsafe,
        _ => return None,
    };
    let mut bound = None;
    for w in words {
        if let Some(n) = w.strip_prefix("bound=") {
            bound = Some(n.parse().ok()?);
        }
    }
    Some(Expect { verdict, bound })
}

#[test]
fn fixtures_have_their_stated_verdicts() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("no fixtures directory {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    let mut checked = 0;
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let Some(expect) = parse_header(&text) else {
            continue;
        };
        checked += 1;
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let opts = CheckOptions {
            unwind: expect.bound.unwrap_or(3),
            ..CheckOptions::default()
        };
        let report = match check_source(&text, &opts) {
            Ok(r) => r,
            Err(d) => {
                problems.push(format!("{name}: refused: {d:?}"));
                continue;
            }
        };
        let ok = match expect.bound {
            Some(_) => report.verdict == expect.verdict,
            None => match expect.verdict {
                Verdict::Unsafe => report.verdict != Verdict::Safe,
                _ => report.verdict != Verdict::Unsafe,
            },
        };
        if !ok {
            problems.push(format!(
                "{name}: expected {:?} (bound {:?}), got:\n{}",
                expect.verdict,
                expect.bound,
                report.render(&name, &text, true)
            ));
        }
    }
    assert!(
        checked > 0,
        "no fixtures with a `// tracc: expect` header in {}",
        dir.display()
    );
    assert!(
        problems.is_empty(),
        "{} of {checked} fixtures disagree:\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}
