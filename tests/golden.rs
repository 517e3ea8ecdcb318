//! Golden tests: every `fixtures/NAME.c` is transformed with the default
//! options and compared byte for byte with `golden/NAME.c` (the library's
//! output: without the `#line` directives that the CLI adds by default).
//!
//! Re-bless (rewrite the golden files from the current output) with
//! `TRACC_BLESS=1 cargo test --test golden`, then review the diff in git.

mod common;

use std::fs;
use std::path::Path;

use common::{Expectation, Verdict, VerifyVerdict, expectation_of, fixture_files, parse_expectation, repo_root, stem};
use similar::TextDiff;
use tracc::diag::render::render_to_string;
use tracc::ir::DataModel;
use tracc::pipeline::{Options, accelerate_source};

const BLESS_HINT: &str = "run `TRACC_BLESS=1 cargo test --test golden` to (re)write it, then review the diff";

fn blessing() -> bool {
    std::env::var_os("TRACC_BLESS").is_some_and(|v| v == "1")
}

/// Check (or bless) one fixture; `Err` describes what is wrong.
fn check_fixture(fixture: &Path, golden_dir: &Path, bless: bool) -> Result<(), String> {
    let name = stem(fixture);
    let file_name = format!("fixtures/{name}.c");
    let text = fs::read_to_string(fixture).map_err(|e| format!("{file_name}: cannot read: {e}"))?;
    let expected = expectation_of(&text).map_err(|e| format!("{file_name}: first line: {e}"))?;
    // The golden output is written for the fixture's data model.
    let options = Options {
        model: expected.model,
        ..Options::default()
    };
    let out = accelerate_source(&text, &options).map_err(|diags| {
        format!(
            "{file_name}: accelerate_source failed:\n{}",
            render_to_string(&file_name, &text, &diags)
        )
    })?;
    let golden = golden_dir.join(format!("{name}.c"));
    let golden_name = format!("golden/{name}.c");
    if bless {
        if fs::read_to_string(&golden).ok().as_deref() != Some(out.output.as_str()) {
            fs::create_dir_all(golden_dir).map_err(|e| format!("cannot create golden/: {e}"))?;
            fs::write(&golden, &out.output).map_err(|e| format!("{golden_name}: cannot write: {e}"))?;
        }
        return Ok(());
    }
    let expected = match fs::read_to_string(&golden) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!("{golden_name} is missing; {BLESS_HINT}"));
        }
        Err(e) => return Err(format!("{golden_name}: cannot read: {e}")),
    };
    if expected == out.output {
        return Ok(());
    }
    let diff = TextDiff::from_lines(&expected, &out.output)
        .unified_diff()
        .header(&golden_name, &format!("{golden_name} (actual)"))
        .to_string();
    Err(format!(
        "{golden_name} differs from the output for {file_name}; {BLESS_HINT}\n{diff}"
    ))
}

#[test]
fn fixtures_match_golden_outputs() {
    let fixtures = fixture_files();
    assert!(
        !fixtures.is_empty(),
        "no fixtures: {}/fixtures/ contains no .c files (the golden test needs at least one)",
        repo_root().display()
    );
    let golden_dir = repo_root().join("golden");
    let bless = blessing();
    let mut failures: Vec<String> = fixtures
        .iter()
        .filter_map(|f| check_fixture(f, &golden_dir, bless).err())
        .collect();
    // A golden file without its fixture is stale (renamed or deleted input).
    let names: Vec<String> = fixtures.iter().map(|f| stem(f)).collect();
    for g in common::c_files_in(&golden_dir) {
        if !names.contains(&stem(&g)) {
            if bless {
                let _ = fs::remove_file(&g);
            } else {
                failures.push(format!(
                    "golden/{}.c has no fixture; delete it or {BLESS_HINT}",
                    stem(&g)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n\n{}",
        failures.len(),
        fixtures.len(),
        failures.join("\n\n")
    );
}

/// The acceleration-only text that comes with every restricted output (the
/// campaign and the fuzz property use it instead of a second
/// transformation) is exactly what `--no-restrict` gives.
#[test]
fn acceleration_only_text_is_the_no_restrict_output() {
    for f in fixture_files() {
        let text = fs::read_to_string(&f).expect("readable fixture");
        let (Ok(restricted), Ok(plain)) = (
            accelerate_source(&text, &Options::default()),
            accelerate_source(
                &text,
                &Options {
                    restrict: false,
                    ..Options::default()
                },
            ),
        ) else {
            continue;
        };
        assert_eq!(restricted.accel_only_output, plain.output, "{}", stem(&f));
        assert_eq!(plain.accel_only_output, plain.output, "{}", stem(&f));
    }
}

/// Every line of a restricted output that its source map places at an
/// input line (rather than marking it generated) is that input line, moved
/// at most: the same text apart from indentation, where a copy may end
/// within a line on either side (tracc's ` while (0);` after a copied `}`,
/// or a do-while body's `}` without its ` while (c);`). The first line of a
/// transformed loop has instead the same loop keyword as the loop's start.
#[test]
fn source_map_places_output_lines_at_the_input_lines_they_copy() {
    fn keyword(s: &str) -> &str {
        s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .next()
            .unwrap_or("")
    }
    let mut loop_heads = 0;
    let mut copied_lines = 0;
    for f in fixture_files() {
        let text = fs::read_to_string(&f).expect("readable fixture");
        let Ok(outcome) = accelerate_source(&text, &Options::default()) else {
            continue;
        };
        let out = &outcome.output;
        let mut at = 0;
        for line in out.split_inclusive('\n') {
            let first = at + (line.len() - line.trim_start().len());
            at += line.len();
            if line.trim().is_empty() {
                continue;
            }
            let place = outcome.source_map.to_source(first, out, &text);
            if place.generated {
                continue;
            }
            let input_line = text[place.offset..].lines().next().unwrap_or("");
            let (o, i) = (line.trim(), input_line.trim());
            // A rewritten loop's heads (the slots of an unrolled `while` are
            // `for` loops) are placed at the loop they stand for.
            let loops = ["while", "for", "do"];
            let is_loop = loops.contains(&keyword(o));
            let at_loop = loops.contains(&keyword(i)) || follows_a_label(&text, place.offset);
            assert!(
                o.starts_with(i) || i.starts_with(o) || (is_loop && at_loop),
                "{}: output line {o:?} placed at input text {i:?}",
                stem(&f),
            );
            if is_loop {
                loop_heads += 1;
            } else {
                copied_lines += 1;
            }
        }
    }
    assert!(loop_heads > 40, "only {loop_heads} loop heads placed");
    assert!(copied_lines > 1000, "only {copied_lines} lines placed");
}

/// Whether the text before `offset` ends with a label (`L:`, on its line
/// or the one before): where a loop written with a backward `goto` starts,
/// whose `while` head the output places at its first statement.
fn follows_a_label(text: &str, offset: usize) -> bool {
    let before = text[..offset.min(text.len())].trim_end();
    let Some(rest) = before.strip_suffix(':') else {
        return false;
    };
    let name_len = rest
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .count();
    let (lead, name) = rest.split_at(rest.len() - name_len);
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name != "default"
        && lead.ends_with(|c: char| c.is_whitespace() || matches!(c, ';' | '{' | '}'))
}

/// With `#line` directives (the CLI's default), CBMC numbers every output
/// line that is not tracc's own as the input line it is: simulating the
/// directives over the output, each line of the input file's numbering has
/// the text of that input line (as the source-map test above allows, or
/// a statement within it:
/// indentation, a copy that ends within a line, a loop's first line); every
/// other line is in a `tracc: generated for` file. Removing the directives
/// gives the output back, and an output without transformed code gets none.
#[test]
fn line_directives_give_cbmc_the_input_line_of_every_copied_line() {
    let mut checked = 0;
    for f in fixture_files() {
        let text = fs::read_to_string(&f).expect("readable fixture");
        let Ok(outcome) = accelerate_source(&text, &Options::default()) else {
            continue;
        };
        let name = format!("{}.c", stem(&f));
        let directed = tracc::emit::with_line_directives(&outcome.output, &text, &outcome.source_map, &name);
        let is_directive = |l: &str| l.starts_with("#line ");
        let stripped: String = directed.split_inclusive('\n').filter(|l| !is_directive(l)).collect();
        assert_eq!(stripped, outcome.output, "{name}");
        if outcome.output == text {
            assert_eq!(directed, text, "{name}: nothing transformed, nothing added");
            continue;
        }
        let input_lines: Vec<&str> = text.lines().collect();
        let (mut file, mut number) = (name.clone(), 1usize);
        for line in directed.lines() {
            if let Some(rest) = line.strip_prefix("#line ") {
                let (n, quoted) = rest.split_once(' ').expect("#line N \"file\"");
                number = n.parse().expect("a line number");
                file = quoted.trim_matches('"').to_string();
                continue;
            }
            if file == name && !line.trim().is_empty() {
                let input = input_lines.get(number - 1).copied().unwrap_or_default().trim();
                let o = line.trim();
                let keyword = |s: &str| {
                    s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                        .next()
                        .unwrap_or("")
                        .to_string()
                };
                let loops = ["while", "for", "do"];
                let is_loop = loops.contains(&keyword(o).as_str());
                let line_start: usize = input_lines[..number - 1].iter().map(|l| l.len() + 1).sum();
                let head = line_start + (input_lines[number - 1].len() - input_lines[number - 1].trim_start().len());
                let at_loop = loops.contains(&keyword(input).as_str()) || follows_a_label(&text, head);
                let loop_at_loop = is_loop && at_loop;
                assert!(
                    o.starts_with(input) || input.contains(o) || loop_at_loop,
                    "{name}: output line {o:?} numbered {number}, input line {number} is {input:?}"
                );
                checked += 1;
            } else if file != name {
                assert!(
                    file.starts_with(&format!("tracc: generated for {name}:")),
                    "{name}: {file}"
                );
            }
            number += 1;
        }
    }
    assert!(checked > 1000, "only {checked} lines checked");
}

/// A file with CRLF line ends gets an output whose every line ends with
/// CRLF: the LF output with a carriage return before each line feed, and
/// a source map that places every output line at the input line it places
/// the LF output's line at.
#[test]
fn crlf_input_gives_crlf_output_and_the_same_source_places() {
    let line_of = |text: &str, offset: usize| text[..offset].matches('\n').count();
    for f in fixture_files() {
        let lf = fs::read_to_string(&f).expect("readable fixture");
        let crlf = lf.replace('\n', "\r\n");
        let (Ok(a), Ok(b)) = (
            accelerate_source(&lf, &Options::default()),
            accelerate_source(&crlf, &Options::default()),
        ) else {
            continue;
        };
        assert_eq!(b.output, a.output.replace('\n', "\r\n"), "{}", stem(&f));
        let (mut at_a, mut at_b) = (0, 0);
        for (la, lb) in a.output.split_inclusive('\n').zip(b.output.split_inclusive('\n')) {
            let pa = a.source_map.to_source(at_a, &a.output, &lf);
            let pb = b.source_map.to_source(at_b, &b.output, &crlf);
            assert_eq!(
                (line_of(&lf, pa.offset), pa.generated),
                (line_of(&crlf, pb.offset), pb.generated),
                "{}: output line {la:?}",
                stem(&f)
            );
            at_a += la.len();
            at_b += lb.len();
        }
    }
}

#[test]
fn expectation_parser_accepts_the_documented_forms() {
    let e = |verdict, bound| Expectation {
        verdict,
        bound,
        verify: None,
        induction: None,
        model: DataModel::Lp64,
    };
    assert_eq!(parse_expectation("// tracc: expect SAFE"), Ok(e(Verdict::Safe, None)));
    assert_eq!(
        parse_expectation("// tracc: expect UNSAFE"),
        Ok(e(Verdict::Unsafe, None))
    );
    assert_eq!(
        parse_expectation("// tracc: expect SAFE bound=12"),
        Ok(e(Verdict::Safe, Some(12)))
    );
    assert_eq!(
        parse_expectation("// tracc: expect UNSAFE bound=1000001\r"),
        Ok(e(Verdict::Unsafe, Some(1_000_001)))
    );
    assert_eq!(
        parse_expectation("// tracc: expect SAFE bound=7 verify=UNKNOWN"),
        Ok(Expectation {
            verdict: Verdict::Safe,
            bound: Some(7),
            verify: Some(VerifyVerdict::Unknown),
            induction: None,
            model: DataModel::Lp64,
        })
    );
    assert_eq!(
        parse_expectation("// tracc: expect UNSAFE verify=UNSAFE"),
        Ok(Expectation {
            verdict: Verdict::Unsafe,
            bound: None,
            verify: Some(VerifyVerdict::Unsafe),
            induction: None,
            model: DataModel::Lp64,
        })
    );
    assert_eq!(
        parse_expectation("// tracc: expect UNSAFE bound=5 model=32"),
        Ok(Expectation {
            verdict: Verdict::Unsafe,
            bound: Some(5),
            verify: None,
            induction: None,
            model: DataModel::Ilp32,
        })
    );
    assert_eq!(
        parse_expectation("// tracc: expect SAFE verify=UNKNOWN induction=2"),
        Ok(Expectation {
            verdict: Verdict::Safe,
            bound: None,
            verify: Some(VerifyVerdict::Unknown),
            induction: Some(2),
            model: DataModel::Lp64,
        })
    );
    assert!(parse_expectation("// tracc: expect SAFE induction=2 verify=UNKNOWN").is_err());
    assert!(parse_expectation("// tracc: expect SAFE verify=UNKNOWN induction=").is_err());
    assert_eq!(
        expectation_of("// tracc: expect UNSAFE bound=3\nint main(void) { return 0; }\n"),
        Ok(e(Verdict::Unsafe, Some(3)))
    );
}

#[test]
fn expectation_parser_rejects_other_lines() {
    for line in [
        "",
        "int main(void) {",
        "// tracc: expect safe",
        "// tracc: expect SAFEX",
        "// tracc: expect SAFE bound=",
        "// tracc: expect SAFE bound=-1",
        "// tracc: expect SAFE bound=3x",
        "// tracc: expect SAFE  bound=3",
        "// tracc: expect MAYBE",
        "/* tracc: expect SAFE */",
        "// tracc: expect SAFE bound=99999999999",
        "// tracc: expect SAFE verify=MAYBE",
        "// tracc: expect SAFE verify=SAFE bound=3",
        "// tracc: expect SAFE verify=SAFE verify=SAFE",
        "// tracc: expect SAFE model=32 bound=3",
        "// tracc: expect SAFE model=64",
        "// tracc: expect SAFE model=32 model=32",
    ] {
        assert!(parse_expectation(line).is_err(), "accepted `{line}`");
    }
    assert!(expectation_of("\n// tracc: expect SAFE\n").is_err());
}

#[test]
fn golden_check_reports_missing_and_different_files() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = dir.path().join("f.c");
    let text = "// tracc: expect SAFE\nint main(void) { return 0; }\n";
    fs::write(&fixture, text).unwrap();
    let golden_dir = dir.path().join("golden");
    let e = check_fixture(&fixture, &golden_dir, false).unwrap_err();
    assert!(e.contains("missing") && e.contains("TRACC_BLESS=1"), "{e}");
    // Blessing writes the output; afterwards the check passes.
    check_fixture(&fixture, &golden_dir, true).unwrap();
    check_fixture(&fixture, &golden_dir, false).unwrap();
    // A changed golden file is reported with a diff.
    fs::write(golden_dir.join("f.c"), text.replace("return 0", "return 1")).unwrap();
    let e = check_fixture(&fixture, &golden_dir, false).unwrap_err();
    assert!(e.contains("-int main(void) { return 1; }"), "{e}");
    assert!(e.contains("@@"), "{e}");
    // A fixture without the expectation line fails.
    fs::write(&fixture, "int main(void) { return 0; }\n").unwrap();
    let e = check_fixture(&fixture, &golden_dir, false).unwrap_err();
    assert!(e.contains("first line"), "{e}");
}
