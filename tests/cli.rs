//! End-to-end tests of the `tracc` binary: arguments and stdin in, exit code,
//! stdout, stderr and the files left on disk out.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A C program without loops: `tracc accelerate` must copy it unchanged.
const NO_LOOPS: &str = "#include <assert.h>\n\n/* no loops here */\nint main(void) {\n    int x = 1;\n    assert(x == 1);\n    return 0;\n}\n";

/// A syntax error on line 2 (`int x = ;`).
const MALFORMED: &str = "int main(void) {\n    int x = ;\n    return x;\n}\n";

fn tracc(args: &[&str], dir: &Path, stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tracc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap()
}

/// A fresh directory with the given files.
fn dir_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let p = dir.path().join(name);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    dir
}

/// All file names under `dir`, sorted, relative to it (catches leftover
/// temporary files).
fn listing(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, d: &Path, out: &mut Vec<PathBuf>) {
        for e in fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn stdin_to_stdout_is_identity_without_loops() {
    let dir = dir_with(&[]);
    let o = tracc(&["accelerate", "-"], dir.path(), Some(NO_LOOPS));
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), NO_LOOPS);
    let o = tracc(&["accelerate", "-", "-o", "-"], dir.path(), Some(NO_LOOPS));
    assert_eq!((code(&o), stdout(&o)), (0, NO_LOOPS.to_string()));
}

#[test]
fn single_file_defaults_to_stdout() {
    let dir = dir_with(&[("a.c", NO_LOOPS)]);
    let o = tracc(&["accelerate", "a.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), NO_LOOPS);
    assert_eq!(listing(dir.path()), vec![PathBuf::from("a.c")]);
}

#[test]
fn output_flag_writes_the_file() {
    let dir = dir_with(&[("a.c", NO_LOOPS)]);
    let o = tracc(&["accelerate", "a.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(fs::read_to_string(dir.path().join("out.c")).unwrap(), NO_LOOPS);
    assert_eq!(listing(dir.path()), vec![PathBuf::from("a.c"), PathBuf::from("out.c")]);
}

#[test]
fn output_flag_replaces_an_existing_file() {
    let dir = dir_with(&[("a.c", NO_LOOPS), ("out.c", "stale\n")]);
    let o = tracc(&["accelerate", "a.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(fs::read_to_string(dir.path().join("out.c")).unwrap(), NO_LOOPS);
}

#[test]
fn out_dir_with_two_inputs() {
    let other = NO_LOOPS.replace("x == 1", "x > 0");
    let dir = dir_with(&[("src/a.c", NO_LOOPS), ("src/b.c", &other)]);
    let o = tracc(
        &["accelerate", "src/a.c", "src/b.c", "--out-dir", "out"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(fs::read_to_string(dir.path().join("out/a.c")).unwrap(), NO_LOOPS);
    assert_eq!(fs::read_to_string(dir.path().join("out/b.c")).unwrap(), other);
}

#[test]
fn in_place_rewrites_inputs() {
    let dir = dir_with(&[("a.c", NO_LOOPS), ("b.c", NO_LOOPS)]);
    let o = tracc(&["accelerate", "a.c", "b.c", "--in-place"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(fs::read_to_string(dir.path().join("a.c")).unwrap(), NO_LOOPS);
    assert_eq!(listing(dir.path()), vec![PathBuf::from("a.c"), PathBuf::from("b.c")]);
}

/// The location the library itself reports for the first syntax error.
fn first_error_location(text: &str) -> (usize, usize) {
    let errs = tracc::parse::parse(text).unwrap_err();
    tracc::diag::render::line_col(text, errs[0].span.start).unwrap()
}

/// Text on which tree-sitter's error recovery runs for many minutes (found
/// by the random-text property test): the parse is cancelled within its
/// budget, and the file is rejected like any malformed input.
#[test]
fn text_the_parser_cannot_recover_from_is_rejected_not_hung_on() {
    let text = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pathological_syntax.c"))
        .expect("test data");
    let dir = dir_with(&[("bad.c", text.as_str())]);
    let o = tracc(&["accelerate", "bad.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("the parser gave up"), "{}", stderr(&o));
    assert_eq!(listing(dir.path()), vec![PathBuf::from("bad.c")]);
}

#[test]
fn malformed_c_exits_3_with_location_caret_and_no_output() {
    let dir = dir_with(&[("bad.c", MALFORMED)]);
    let o = tracc(&["accelerate", "bad.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    let (line, col) = first_error_location(MALFORMED);
    assert_eq!(line, 2, "the syntax error is on line 2");
    assert!(err.contains(&format!("bad.c:{line}:{col}")), "{err}");
    assert!(err.starts_with("error:"), "{err}");
    // The source line is quoted and a caret line points into it.
    assert!(err.contains("int x = ;"), "{err}");
    let caret = err.lines().find(|l| l.trim_start_matches([' ', '|']).starts_with('^'));
    assert!(caret.is_some(), "no caret line in:\n{err}");
    // No output, no leftover temporary file.
    assert_eq!(listing(dir.path()), vec![PathBuf::from("bad.c")]);

    let o = tracc(&["accelerate", "bad.c", "--out-dir", "out"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(!dir.path().join("out").exists());
    assert_eq!(fs::read_to_string(dir.path().join("bad.c")).unwrap(), MALFORMED);
}

#[test]
fn malformed_c_on_stdin_is_named_stdin_and_prints_nothing_on_stdout() {
    let dir = dir_with(&[]);
    let o = tracc(&["accelerate", "-"], dir.path(), Some(MALFORMED));
    assert_eq!(code(&o), 3);
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("<stdin>:2:"), "{}", stderr(&o));
}

#[test]
fn one_bad_input_among_several_only_skips_that_one() {
    let dir = dir_with(&[("good.c", NO_LOOPS), ("bad.c", MALFORMED)]);
    let o = tracc(&["accelerate", "good.c", "bad.c", "--out-dir", "out"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert_eq!(fs::read_to_string(dir.path().join("out/good.c")).unwrap(), NO_LOOPS);
    assert!(!dir.path().join("out/bad.c").exists());
    assert_eq!(listing(&dir.path().join("out")), vec![PathBuf::from("good.c")]);
}

#[test]
fn unreadable_input_exits_3() {
    let dir = dir_with(&[]);
    let o = tracc(&["accelerate", "missing.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("missing.c"), "{}", stderr(&o));
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn check_clean_exits_0_and_writes_nothing() {
    let dir = dir_with(&[("a.c", NO_LOOPS), ("out.c", NO_LOOPS)]);
    // One input without -o: compared with itself (already transformed).
    let o = tracc(&["accelerate", "a.c", "--check"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let o = tracc(&["accelerate", "a.c", "-o", "out.c", "--check"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(listing(dir.path()), vec![PathBuf::from("a.c"), PathBuf::from("out.c")]);
}

#[test]
fn check_dirty_exits_1_with_a_diff_and_writes_nothing() {
    let stale = NO_LOOPS.replace("int x = 1;", "int x = 2;");
    let dir = dir_with(&[("a.c", NO_LOOPS), ("out.c", &stale)]);
    let o = tracc(&["accelerate", "a.c", "-o", "out.c", "--check"], dir.path(), None);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let diff = stdout(&o);
    assert!(diff.contains("--- out.c") && diff.contains("+++ out.c"), "{diff}");
    assert!(diff.contains("@@"), "{diff}");
    assert!(diff.contains("\n-    int x = 2;\n"), "{diff}");
    assert!(diff.contains("\n+    int x = 1;\n"), "{diff}");
    assert_eq!(fs::read_to_string(dir.path().join("out.c")).unwrap(), stale);
    assert_eq!(listing(dir.path()), vec![PathBuf::from("a.c"), PathBuf::from("out.c")]);

    // A missing output counts as different.
    let o = tracc(&["accelerate", "a.c", "-o", "new.c", "--check"], dir.path(), None);
    assert_eq!(code(&o), 1);
    assert!(!dir.path().join("new.c").exists());
}

#[test]
fn check_with_malformed_input_exits_3() {
    let dir = dir_with(&[("bad.c", MALFORMED)]);
    let o = tracc(&["accelerate", "bad.c", "--check"], dir.path(), None);
    assert_eq!(code(&o), 3);
}

#[test]
fn refuses_to_overwrite_the_input() {
    let dir = dir_with(&[("a.c", NO_LOOPS)]);
    for out in ["a.c", "./a.c"] {
        let o = tracc(&["accelerate", "a.c", "-o", out], dir.path(), None);
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        assert!(stderr(&o).contains("--in-place"), "{}", stderr(&o));
    }
    let o = tracc(&["accelerate", "a.c", "--out-dir", "."], dir.path(), None);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert_eq!(listing(dir.path()), vec![PathBuf::from("a.c")]);
}

#[test]
fn several_inputs_without_destination_are_a_usage_error() {
    let dir = dir_with(&[("a.c", NO_LOOPS), ("b.c", NO_LOOPS)]);
    let o = tracc(&["accelerate", "a.c", "b.c"], dir.path(), None);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--out-dir"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let o = tracc(&["accelerate", "a.c", "b.c", "-o", "x.c"], dir.path(), None);
    assert_eq!(code(&o), 2);
    assert!(!dir.path().join("x.c").exists());
}

/// The JSON report says what the user wrote: loop kinds and guard
/// treatments in kebab-case, no post-increment temporaries of the lowering,
/// a syntactic path count that is a number or absent, never `null` (issue
/// 41, point 6).
#[test]
fn the_json_report_names_what_the_user_wrote() {
    let src = "unsigned nondet_uint(void);\nint main(void) {\n    unsigned n = nondet_uint(), s = 0;\n    for (unsigned i = 0; i < n; i++)\n        s += 2;\n    return (int)s;\n}\n";
    let dir = dir_with(&[("f.c", src)]);
    let o = tracc(
        &["accelerate", "f.c", "-o", "out.c", "--report", "json"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let l = &v["files"][0]["report"]["loops"][0];
    assert_eq!(l["kind"], "for", "{l}");
    let treatments: Vec<&str> = (l["paths"].as_array().into_iter().flatten())
        .flat_map(|p| p["guards"].as_array().into_iter().flatten())
        .filter_map(|g| g["treatment"].as_str())
        .collect();
    assert!(treatments.contains(&"two-point"), "{l}");
    assert!(!text.contains("tracc_t"), "a temporary of the lowering: {text}");
    let counts = &l["path_counts"];
    assert!(
        counts["syntactic"].is_u64() || counts.get("syntactic").is_none(),
        "{counts}"
    );
    assert!(!text.contains("\"syntactic\": null"), "{text}");
}

#[test]
fn report_json_parses() {
    let dir = dir_with(&[("a.c", NO_LOOPS), ("bad.c", MALFORMED)]);
    let o = tracc(
        &["accelerate", "a.c", "-o", "out.c", "--report", "json"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let f = &v["files"][0];
    assert_eq!(f["input"], "a.c");
    assert_eq!(f["output"], "out.c");
    assert_eq!(f["status"], "written");
    assert!(f["time_ms"].as_f64().is_some(), "{v}");
    assert!(f["report"].is_object(), "{v}");

    let o = tracc(
        &[
            "accelerate",
            "a.c",
            "bad.c",
            "--out-dir",
            "out",
            "--report-file",
            "r.json",
        ],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 3);
    let v: serde_json::Value = serde_json::from_str(&fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    let bad = &v["files"][1];
    assert_eq!(bad["input"], "bad.c");
    assert_eq!(bad["status"], "error");
    assert_eq!(bad["diagnostics"][0]["severity"], "error");
    assert_eq!(bad["diagnostics"][0]["line"], 2);
}

#[test]
fn report_on_stdout_with_c_on_stdout_is_refused() {
    let dir = dir_with(&[("a.c", NO_LOOPS)]);
    let o = tracc(&["accelerate", "a.c", "--report", "json"], dir.path(), None);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--report-file"), "{}", stderr(&o));
}

#[test]
fn help_mentions_exit_codes() {
    let dir = dir_with(&[]);
    for args in [&["--help"][..], &["accelerate", "--help"], &["explain", "--help"]] {
        let o = tracc(args, dir.path(), None);
        assert_eq!(code(&o), 0);
        let text = stdout(&o);
        assert!(text.contains("Exit codes"), "{text}");
        assert!(text.contains("3   input error"), "{text}");
        assert!(text.contains("1   --check found differences"), "{text}");
    }
    let o = tracc(&["accelerate", "--help"], dir.path(), None);
    assert!(stdout(&o).contains("--out-dir"));
}

#[test]
fn version_and_unknown_flags() {
    let dir = dir_with(&[]);
    let o = tracc(&["--version"], dir.path(), None);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).starts_with("tracc "), "{}", stdout(&o));
    let o = tracc(&["accelerate", "--frobnicate", "a.c"], dir.path(), None);
    assert_eq!(code(&o), 2);
    // `--only` selects generated programs: the campaign's, not the bench's.
    let o = tracc(&["bench", "--only", "nested", "--no-cbmc"], dir.path(), None);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let o = tracc(&[], dir.path(), None);
    assert_eq!(code(&o), 2);
}

#[test]
fn explain_succeeds_on_valid_and_fails_on_malformed_input() {
    let dir = dir_with(&[("a.c", NO_LOOPS), ("bad.c", MALFORMED)]);
    let o = tracc(&["explain", "a.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = tracc(&["explain", "bad.c", "--dot"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("bad.c:2:"), "{}", stderr(&o));
}

#[test]
fn explain_dot_puts_only_graphviz_on_stdout() {
    let fig1 = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/paper_fig1_safe.c")).unwrap();
    let dir = dir_with(&[("a.c", &fig1)]);
    let o = tracc(&["explain", "a.c", "--dot"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // What `dot` reads: one graph, nothing before or after it.
    let out = stdout(&o);
    assert!(out.starts_with("digraph \"loop_11_5\" {"), "{out}");
    assert!(out.trim_end().ends_with('}'), "{out}");
    assert_eq!(out.matches("digraph").count(), 1, "{out}");
    // The explanation goes to stderr.
    assert!(stderr(&o).contains("while loop at 11:5: accelerated"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("digraph"), "{}", stderr(&o));
    // Without --dot: the explanation on stdout, no graph.
    let o = tracc(&["explain", "a.c"], dir.path(), None);
    assert!(stdout(&o).contains("while loop at 11:5: accelerated"));
    assert!(!stdout(&o).contains("digraph"));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn latin1_bytes_in_comments_are_copied_through() {
    let dir = tempfile::tempdir().unwrap();
    let src: &[u8] = b"/* caf\xe9, d\xe9j\xe0 vu */\nvoid assert(int);\nint main(void) {\n    unsigned int x = 0; /* \xff */\n    while (x < 100000) x++;\n    assert(x == 100000);\n    return 0;\n}\n";
    fs::write(dir.path().join("l.c"), src).unwrap();
    let o = tracc(&["accelerate", "l.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = fs::read(dir.path().join("out.c")).unwrap();
    assert!(out.starts_with(b"/* caf\xe9, d\xe9j\xe0 vu */\n"));
    assert!(out.windows(8).any(|w| w == b"/* \xff */\n"));
    assert!(out.windows(11).any(|w| w == b"tracc_n1 = "), "not accelerated");
    let o = tracc(&["accelerate", "l.c", "-o", "out.c", "--check"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let o = tracc(&["verify", "l.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // A character that tracc would need for the raw bytes: located error.
    let mut clash = b"/* \xe9 */\n".to_vec();
    clash.extend_from_slice("int x; /* \u{F7E9} */\n".as_bytes());
    fs::write(dir.path().join("c.c"), clash).unwrap();
    let o = tracc(&["accelerate", "c.c", "-o", "c_out.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(
        stderr(&o).contains("c.c:1:4: a byte that is not UTF-8"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("c.c:2:11"), "{}", stderr(&o));
    assert!(!dir.path().join("c_out.c").exists());
}

#[test]
fn colour_only_on_request() {
    let dir = dir_with(&[("bad.c", MALFORMED)]);
    // NO_COLOR is set and stderr is a pipe: plain.
    let o = tracc(&["accelerate", "bad.c"], dir.path(), None);
    assert!(!o.stderr.contains(&0x1b));
    let o = tracc(&["--color", "always", "accelerate", "bad.c"], dir.path(), None);
    assert!(o.stderr.contains(&0x1b));
    let o = tracc(&["accelerate", "bad.c", "--color", "never"], dir.path(), None);
    assert!(!o.stderr.contains(&0x1b));
}

const DEEP_SAFE: &str = "unsigned int nondet_uint(void);\nvoid assert(int);\n\
int main(void) {\n    unsigned int n = nondet_uint();\n    unsigned int x = n, y = 0;\n\
    while (x > 0) {\n        x = x - 1;\n        y = y + 1;\n    }\n    assert(y == n);\n    return 0;\n}\n";

#[test]
fn check_reports_verdicts_with_exit_codes() {
    let unsafe_src = "void assert(int);\nint main(void) {\n    int x = 1;\n    assert(x == 2);\n    return 0;\n}\n";
    let bounded = "void assert(int);\nint main(void) {\n    unsigned i = 0;\n    while (i < 2) i++;\n    assert(i == 2);\n    return 0;\n}\n";
    let dir = dir_with(&[("u.c", unsafe_src), ("b.c", bounded), ("deep.c", DEEP_SAFE)]);
    let o = tracc(&["check", "u.c", "--trace"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("UNSAFE"));
    assert!(stdout(&o).contains("u.c:4:"), "{}", stdout(&o));
    // CBMC's meaning of --unwind: two iterations need 3.
    let o = tracc(&["check", "b.c", "--unwind", "2"], dir.path(), None);
    assert_eq!((code(&o), stdout(&o).lines().last()), (20, Some("UNKNOWN")));
    let o = tracc(&["check", "b.c", "--unwind", "3"], dir.path(), None);
    assert_eq!((code(&o), stdout(&o).lines().last()), (0, Some("SAFE")));
    let o = tracc(&["check", "b.c", "--unwind", "3", "--json"], dir.path(), None);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(json["verdict"], "SAFE");
}

#[test]
fn verify_proves_what_check_cannot() {
    let dir = dir_with(&[("deep.c", DEEP_SAFE)]);
    let o = tracc(&["check", "deep.c", "--unwind", "3"], dir.path(), None);
    assert_eq!(code(&o), 20, "{}", stdout(&o));
    let o = tracc(&["verify", "deep.c", "--unwind", "3"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("SAFE"));
    assert!(stdout(&o).contains("time: transform"));
}

#[test]
fn signed_overflow_check_finds_an_overflow_two_million_iterations_deep() {
    let src = "unsigned int nondet_uint(void);\nint main(void) {\n    unsigned int n = nondet_uint();\n\
               unsigned int i = 0;\n    int k = 0;\n    while (i < n) {\n        k = k + 1000;\n        i++;\n    }\n\
               return 0;\n}\n";
    let dir = dir_with(&[("k.c", src)]);
    // Checked by default, as CBMC 6 checks it.
    let o = tracc(&["verify", "k.c", "--unwind", "3", "--timeout", "60"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("k.c:7:13: failed: arithmetic overflow on signed + in k + 1000"),
        "{}",
        stdout(&o)
    );
    // Without the check the sum wraps: no failure at this bound.
    let o = tracc(
        &["check", "k.c", "--unwind", "3", "--no-standard-checks"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 20, "{}", stdout(&o));
    // The option of the check itself turns it back on.
    let o = tracc(
        &[
            "verify",
            "k.c",
            "--no-standard-checks",
            "--signed-overflow-check",
            "--timeout",
            "60",
        ],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
}

#[test]
fn check_checks_what_cbmc_checks_by_default_and_says_so() {
    let src = "int a[4];\nint main(void) {\n    int i = 4;\n    int x = 2147483647;\n    if (i < 3) a[i] = 1;\n    x = x - 1;\n    __CPROVER_assert(x != 5, \"x\");\n    return 0;\n}\n";
    let bad = "int a[4];\nint main(void) {\n    int i = 4;\n    int x = 2147483647;\n    a[i] = 1;\n    x = x + 1;\n    i = 7 / (i - 4);\n    return 0;\n}\n";
    let dir = dir_with(&[("ok.c", src), ("bad.c", bad)]);
    let o = tracc(&["check", "ok.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains(
            "(checks: signed-overflow, bounds, div-by-zero, undefined-shift, pointer, malloc-may-fail)\nSAFE"
        ),
        "{}",
        stdout(&o)
    );
    let o = tracc(&["check", "ok.c", "--no-standard-checks"], dir.path(), None);
    assert!(stdout(&o).contains("(no standard checks)\nSAFE"), "{}", stdout(&o));
    let o = tracc(&["check", "bad.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("bad.c:5:5: failed: array 'a' upper bound in a[i]"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("bad.c:6:9: failed: arithmetic overflow on signed +"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("bad.c:7:9: failed: division by zero in 7 / (i - 4)"),
        "{}",
        stdout(&o)
    );
    let o = tracc(
        &[
            "check",
            "bad.c",
            "--no-standard-checks",
            "--div-by-zero-check",
            "--json",
        ],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(json["checks"], serde_json::json!(["div-by-zero"]), "{json}");
    let o = tracc(&["check", "bad.c", "--no-standard-checks"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let o = tracc(
        &["check", "bad.c", "--no-standard-checks", "--bounds-check", "--json"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(json["checks"], serde_json::json!(["bounds"]), "{json}");
    // Allocation may fail by default, as in CBMC 6, and succeeds under
    // --no-standard-checks or --no-malloc-may-fail, as in CBMC.
    let malloc = "void *malloc(unsigned long);\nint main(void) {\n    int *x = malloc(8);\n    *x = 3;\n    __CPROVER_assert(*x == 3, \"x\");\n    return 0;\n}\n";
    fs::write(dir.path().join("m.c"), malloc).unwrap();
    for (flags, want) in [
        (&[][..], 10),
        (&["--no-standard-checks"][..], 0),
        (&["--no-malloc-may-fail"][..], 0),
        (&["--no-standard-checks", "--malloc-may-fail"][..], 10),
    ] {
        let args: Vec<&str> = ["check", "m.c"].iter().chain(flags).copied().collect();
        let o = tracc(&args, dir.path(), None);
        assert_eq!(code(&o), want, "{flags:?}: {}{}", stdout(&o), stderr(&o));
    }
}

#[test]
fn verify_deepens_the_bound_where_the_transformation_did_not_help() {
    // The inner loop is accelerated, the outer one is not (the inner loop
    // has two paths, so no summary, and runs 10 times: more than an outer
    // path takes one by one where no trip bound is found, 8): UNKNOWN at
    // --unwind 3, the bug is found at --unwind 6.
    // (A bound in a variable: with a constant one the outer loop, not
    // accelerated, is unrolled through its trip count, as the last check
    // shows.)
    let nested = "void assert(int);\nint main(void)\n{\n    unsigned int i, j, c = 0, n = 4;\n    for (i = 0; i < n; i++) {\n        j = 0;\n        while (j < 10) {\n            if (j == 1) c++;\n            j++;\n        }\n    }\n    assert(c != 4);\n    return 0;\n}\n";
    let counted = nested.replace(", n = 4", "").replace("i < n", "i < 4");
    let dir = dir_with(&[("n.c", nested), ("counted.c", &counted)]);
    let o = tracc(&["verify", "n.c", "-q", "-v"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("n.c:12:5: failed: assertion c != 4"), "{out}");
    assert!(out.contains("bound: --unwind 3: UNKNOWN"), "{out}");
    assert!(out.contains("bound: --unwind 6: UNSAFE"), "{out}");
    assert!(out.contains("(--unwind 6)"), "{out}");
    // --max-unwind 3: no deepening.
    let o = tracc(
        &["verify", "n.c", "-q", "--max-unwind", "3", "--json"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 20, "{}{}", stdout(&o), stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(json["schedule"].as_array().map(Vec::len), Some(1), "{json}");
    // The outer loop, not accelerated, runs 4 times (`--unwindset`); the
    // inner `while` has no trip bound, so the bug is found by deepening.
    let o = tracc(&["verify", "counted.c", "-q", "-v"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains(": UNSAFE"), "{}", stdout(&o));
}

#[test]
fn a_program_with_a_variable_length_array_gets_a_verdict() {
    // The VLA's loop is left alone with its reason; the deep loop after it
    // is accelerated; deepening the bound decides the VLA's loop (length at
    // most 8).
    let src = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/vla_safe.c")).unwrap();
    let dir = dir_with(&[("v.c", &src)]);
    let o = tracc(&["verify", "v.c", "-v"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).ends_with("SAFE\n"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("accesses `a`, a variable-length array"),
        "{}",
        stderr(&o)
    );
    let o = tracc(&["explain", "v.c"], dir.path(), None);
    assert!(stdout(&o).contains("for loop at 17:5: accelerated"), "{}", stdout(&o));
}

#[test]
fn functions_without_a_body_return_any_value_as_in_cbmc() {
    let undeclared =
        "int main(void) {\n    int y = helper(3);\n    __CPROVER_assert(y != 12345, \"y\");\n    return 0;\n}\n";
    let no_body = "int helper(int);\nint main(void) {\n    int y = helper(3);\n    __CPROVER_assert(y != 12345, \"y\");\n    return 0;\n}\n";
    let dir = dir_with(&[("u.c", undeclared), ("b.c", no_body)]);
    let o = tracc(&["check", "u.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("warning: implicit declaration of function `helper`\n  --> u.c:2:13"),
        "{}",
        stderr(&o)
    );
    let o = tracc(&["check", "b.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("warning: no body for function `helper`: its return value is nondeterministic"),
        "{}",
        stderr(&o)
    );
    // With a header, the function is most likely declared there: the
    // warning says that tracc reads no headers, not that the code is wrong.
    let headers = "#include <stdio.h>\nint main(void) {\n    printf(\"%d\\n\", 1);\n    return 0;\n}\n";
    fs::write(dir.path().join("h.c"), headers).unwrap();
    let o = tracc(&["accelerate", "h.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "warning: `printf` is declared nowhere in this file, and tracc does not read headers\n  --> h.c:3:5"
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("this file has `#include <stdio.h>`"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("implicit declaration"), "{}", stderr(&o));
    // A pointer to a function is declared: not an implicit declaration.
    let pointer = "int main(void) {\n    int (*f)(int);\n    int y = f(1);\n    return y;\n}\n";
    fs::write(dir.path().join("p.c"), pointer).unwrap();
    let o = tracc(&["check", "p.c"], dir.path(), None);
    assert_eq!(code(&o), 3, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("calls through pointers to functions (`f`) are not modelled"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("implicit declaration"), "{}", stderr(&o));
}

#[test]
fn check_refuses_what_it_cannot_model() {
    // A pointer to a pointer: the checker models pointers to integers only.
    let src = "void assert(int);\nint main(void) {\n    int x = 0;\n    int *p = &x;\n    int **q = &p;\n    **q = 1;\n    assert(x == 0);\n    return 0;\n}\n";
    let dir = dir_with(&[("p.c", src)]);
    let o = tracc(&["check", "p.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(!stdout(&o).contains("SAFE"), "{}", stdout(&o));
    assert!(stderr(&o).contains("p.c:"), "{}", stderr(&o));
}

#[test]
fn svcomp_dialect_leaves_loops_it_cannot_express_with_a_warning() {
    // An array write needs a quantifier; a plain counter does not.
    let src = "int a[100];\nint main(void) {\n    unsigned int i, x = 0;\n    for (i = 0; i < 100; i++) {\n        a[i] = 5;\n    }\n    while (x < 1000) {\n        x++;\n    }\n    return 0;\n}\n";
    let dir = dir_with(&[("in.c", src)]);
    let out = tracc(
        &["accelerate", "--dialect", "svcomp", "--unroll-limit", "0", "in.c"],
        dir.path(),
        None,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("in.c:4:5"), "{err}");
    assert!(err.contains("needs the quantifier"), "{err}");
    assert!(err.contains("--dialect svcomp"), "{err}");
    // Not accelerated, the array loop is written so that `--unwind 3`
    // unrolls it (its 100 iterations in slots, then the loop itself).
    let text = stdout(&out);
    assert!(text.contains("_Bool tracc_go1 = 1;"), "{text}");
    assert!(text.contains("for (; i < 100; i++) {\n"), "{text}");
    assert!(
        text.contains("__VERIFIER_nondet_ulong"),
        "the counter loop is still accelerated:\n{text}"
    );
    assert!(!text.contains("forall"), "{text}");
}

/// A deep bug: the failure and every trace step are shown at lines of the
/// input; steps in tracc's own code are marked and shown at their loop.
const DEEP_UNSAFE: &str = "unsigned int nondet_uint(void);\nvoid assert(int);\n\
int main(void) {\n    unsigned int x = 1000000, y = 0;\n\
    while (x > 0) {\n        x = x - 1;\n        y = y + 1;\n    }\n    assert(y != 1000000);\n    return 0;\n}\n";

#[test]
fn verify_shows_failures_and_traces_at_input_lines() {
    let dir = dir_with(&[("deep.c", DEEP_UNSAFE)]);
    let o = tracc(&["verify", "deep.c", "--trace"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("deep.c:9:5: failed: assertion"), "{out}");
    assert!(!out.contains("transformed"), "{out}");
    let steps: Vec<&str> = out.lines().filter(|l| l.starts_with("  deep.c:")).collect();
    assert!(steps.contains(&"  deep.c:4: x = 1000000"), "{out}");
    // The accelerator's assignments are tracc's code, shown at the loop.
    assert!(steps.contains(&"  deep.c:5: y = 1000000 (generated)"), "{out}");
    assert!(
        steps.last().is_some_and(|l| l.starts_with("  deep.c:9: FAILED")),
        "{out}"
    );
    let o = tracc(&["verify", "deep.c", "--json"], dir.path(), None);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(
        (
            json["failures"][0]["file"].as_str(),
            json["failures"][0]["line"].as_u64()
        ),
        (Some("deep.c"), Some(9))
    );
}

#[test]
fn check_json_carries_traces_only_with_trace() {
    let src = "int nondet_int(void);\nvoid assert(int);\nint main(void) {\n    int x = nondet_int();\n    assert(x != 7);\n    return 0;\n}\n";
    let dir = dir_with(&[("u.c", src)]);
    for (args, traced) in [
        (&["check", "u.c", "--json"][..], false),
        (&["check", "u.c", "--json", "--trace"], true),
    ] {
        let o = tracc(args, dir.path(), None);
        assert_eq!(code(&o), 10, "{}", stderr(&o));
        let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
        assert_eq!(
            json["trace"].as_array().is_some_and(|t| !t.is_empty()),
            traced,
            "{json}"
        );
        assert_eq!(json["failures"][0].get("trace").is_some(), traced, "{json}");
        assert_eq!(json["failures"][0]["line"].as_u64(), Some(5));
    }
}

#[test]
fn a_check_past_its_memory_limit_ends_unknown_with_the_reason() {
    let deep = "int nondet_int(void);\nvoid assert(int);\nint main(void) {\n    int n = nondet_int(), i = 0, s = nondet_int();\n    while (i < n) {\n        s = s * 3 + i;\n        i++;\n    }\n    assert(s != 17);\n    return 0;\n}\n";
    let dir = dir_with(&[("d.c", deep)]);
    let o = tracc(
        &["check", "d.c", "--unwind", "3000", "--memory-limit", "1"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 20, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("memory limit (1 MiB, --memory-limit) reached"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn loops_written_by_macros_are_reported_where_the_macro_is_used() {
    let src = "void assert(int);\n#define COUNT_TO(v, n) while ((v) < (n)) { (v)++; }\nunsigned int j = 0;\n#define SPIN while (j < 10) j++\n#define TWICE(x) ((x) * 2)\nint main(void)\n{\n    unsigned int i = 0;\n    COUNT_TO(i, 100000u);\n    SPIN;\n    assert(TWICE(i) == 200000u);\n    return 0;\n}\n";
    let dir = dir_with(&[("m.c", src)]);
    let o = tracc(&["accelerate", "m.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("warning: the loop in macro `COUNT_TO` is not transformed\n  --> m.c:9:5"),
        "{err}"
    );
    assert!(err.contains("`COUNT_TO` is defined at 2:1"), "{err}");
    assert!(
        err.contains("warning: the loop in macro `SPIN` is not transformed\n   --> m.c:10:5"),
        "{err}"
    );
    assert!(!err.contains("TWICE"), "{err}");
    let o = tracc(&["explain", "m.c"], dir.path(), None);
    assert!(
        stdout(&o).contains("warning at 9:5: the loop in macro `COUNT_TO` is not transformed"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn messages_name_what_the_user_wrote() {
    let fig1 = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/paper_fig1_safe.c")).unwrap();
    let dir = dir_with(&[
        ("a.c", &fig1),
        ("file", ""),
        (
            "fp.c",
            "int g(int x) { return x; }\nint main(void) { int (*f)(int) = g; return f(1); }\n",
        ),
        ("nf.c", "int main(void) { int f(void) { return 1; } return f(); }\n"),
    ]);
    // A missing directory: named, and no temporary file name.
    let o = tracc(&["accelerate", "a.c", "-o", "no/such/out.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(
        stderr(&o).contains("cannot write `no/such/out.c`: no directory `no/such`"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains(".tracc-"), "{}", stderr(&o));
    // --out-dir naming a file.
    let o = tracc(&["accelerate", "a.c", "--out-dir", "file"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(
        stderr(&o).contains("--out-dir `file` exists and is not a directory"),
        "{}",
        stderr(&o)
    );
    // Constructs in C's words, not tree-sitter's.
    let o = tracc(&["check", "fp.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(
        stderr(&o).contains("pointers are not modelled (this one is a pointer to function returning int)"),
        "{}",
        stderr(&o)
    );
    let o = tracc(&["check", "nf.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(
        stderr(&o).contains("a function defined inside another function"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("function_definition"), "{}", stderr(&o));
    // What the checker refuses after the transformation is shown in the
    // input, not in tracc's output.
    let late = "void assert(int);\nint main(void)\n{\n    unsigned int x = 0;\n    while (x < 100000) {\n        x++;\n    }\n    float f = 1.5f;\n    assert(x == 100000);\n    return (int)f;\n}\n";
    fs::write(dir.path().join("late.c"), late).unwrap();
    let o = tracc(&["verify", "late.c"], dir.path(), None);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("--> late.c:8:5"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("transformed"), "{}", stderr(&o));
}

#[test]
fn verify_says_which_loop_kept_it_from_a_proof() {
    // `tracc verify NAME -q` on `text`: UNKNOWN, the loop at line 5 not
    // unwound, and a note there that starts with `why`.
    let unknown_because = |name: &str, text: &str, why: &str| {
        let dir = dir_with(&[(name, text)]);
        let o = tracc(
            &["verify", name, "-q", "--max-unwind", "3", "--k-induction", "0"],
            dir.path(),
            None,
        );
        assert_eq!(code(&o), 20, "{}{}", stdout(&o), stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(&format!("{name}:5:5: unwinding assertion")), "{out}");
        assert!(out.contains(&format!("note: {name}:5:5: {why}")), "{out}");
    };
    let nested = "unsigned int nondet_uint(void);\nvoid assert(int);\nint main(void) {\n\
    unsigned int n = nondet_uint(), i, j, c = 0;\n    for (i = 0; i < n; i++) {\n\
        for (j = 0; j < n; j++) {\n            if (j == 3) c++;\n        }\n    }\n    assert(c >= 0);\n    return 0;\n}\n";
    unknown_because(
        "n.c",
        nested,
        "the loop is not accelerated (an inner loop on the path has no summary: it has 2 iteration paths",
    );
    // Accelerated, but x += 2 wraps around when n is 2^32 - 1 (x is read by
    // the guard with n, so it is no counter that may wrap): those
    // iterations still go round the loop.
    let wraps = "unsigned int nondet_uint(void);\nvoid assert(int);\nint main(void) {\n\
    unsigned int n = nondet_uint(), x = 0;\n    while (x < n) {\n        x += 2;\n    }\n\
    assert(x >= n);\n    return 0;\n}\n";
    unknown_because(
        "w.c",
        wraps,
        "the loop is accelerated, but executions still reach its head 3 times",
    );
}

#[test]
fn campaign_reports_counts_and_writes_json() {
    let dir = dir_with(&[]);
    let o = tracc(
        &[
            "campaign",
            "--count",
            "3",
            "--seed",
            "7",
            "-j",
            "1",
            "--json",
            "c.json",
            "--findings-dir",
            "found",
        ],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let all = format!("{}{}", stdout(&o), stderr(&o));
    assert!(all.contains("3/3 programs"), "{all}");
    assert!(all.contains("0 disagreements"), "{all}");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("c.json")).unwrap()).unwrap();
    let t = &json["tally"];
    assert_eq!(t["programs"].as_u64(), Some(3), "{json}");
    assert_eq!(t["disagreements"].as_u64(), Some(0), "{json}");
    let (safe, unsafe_) = (t["safe"].as_u64().unwrap(), t["unsafe"].as_u64().unwrap());
    assert_eq!(safe + unsafe_ + t["undecided_inputs"].as_u64().unwrap(), 3, "{json}");
    assert_eq!(json["first_seed"].as_u64(), Some(7));
    assert_eq!(json["findings"].as_array().map(Vec::len), Some(0));
    // Nothing disagreed, so nothing was saved.
    assert!(!dir.path().join("found").exists() || fs::read_dir(dir.path().join("found")).unwrap().next().is_none());
}

#[test]
fn quantifiers_option_states_what_the_back_end_evaluates() {
    // The guard `(7 * i) % 10 != 3` needs `forall k < n`, and nothing bounds
    // n: CBMC's SAT back end would ignore the quantifier, so by default the
    // loop stays as it is, with the reason; for an SMT back end it is
    // accelerated.
    let src = "unsigned int nondet_uint(void);\nint main(void) {\n    unsigned int i = nondet_uint(), n = nondet_uint();\n    while (i < n && (7 * i) % 10 != 3) {\n        i++;\n    }\n    return 0;\n}\n";
    // An array write at a moving index: n <= 100, so its quantifier gets the
    // constant range 100, which CBMC's SAT back end expands.
    let array = "int a[100];\nint main(void) {\n    unsigned int i;\n    for (i = 0; i < 100; i++) {\n        a[i] = 5;\n    }\n    return 0;\n}\n";
    let dir = dir_with(&[("in.c", src), ("array.c", array)]);
    let bounded = tracc(&["accelerate", "in.c"], dir.path(), None);
    assert_eq!(code(&bounded), 0, "{}", stderr(&bounded));
    assert!(stderr(&bounded).contains("in.c:4:5"), "{}", stderr(&bounded));
    assert!(
        stderr(&bounded).contains("whose range is not constant"),
        "{}",
        stderr(&bounded)
    );
    assert!(!stdout(&bounded).contains("__CPROVER_forall"), "{}", stdout(&bounded));
    let smt = tracc(&["accelerate", "--quantifiers", "smt", "in.c"], dir.path(), None);
    assert_eq!(code(&smt), 0, "{}", stderr(&smt));
    assert!(stdout(&smt).contains("__CPROVER_forall"), "{}", stdout(&smt));
    // `--unroll-limit 0`: the 100 iterations would be left to unrolling.
    let none = tracc(
        &["accelerate", "--quantifiers", "none", "--unroll-limit", "0", "array.c"],
        dir.path(),
        None,
    );
    assert!(!stdout(&none).contains("__CPROVER_forall"), "{}", stdout(&none));
    let constant = tracc(&["accelerate", "--unroll-limit", "0", "array.c"], dir.path(), None);
    assert_eq!(code(&constant), 0, "{}", stderr(&constant));
    let out = stdout(&constant);
    assert!(out.contains("__CPROVER_forall"), "{out}");
    for line in out.lines().filter(|l| l.contains("__CPROVER_forall")) {
        assert!(line.contains("< 100UL) ||"), "{line}");
    }
    let bad = tracc(&["accelerate", "--quantifiers", "some", "in.c"], dir.path(), None);
    assert_eq!(code(&bad), 2);
}

#[test]
fn explain_names_the_locals_of_inlined_calls_with_their_function() {
    let src = "void assert(int);\nint neg(int v) { return -v; }\nint main(void)\n{\n    int v = 5;\n    unsigned n = 0;\n    while (n < 1000000u) {\n        v = neg(v);\n        n++;\n    }\n    assert(v == 5);\n    return 0;\n}\n";
    let dir = dir_with(&[("c.c", src)]);
    let o = tracc(&["explain", "c.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    // The parameter `v` of `neg` is not `main`'s `v`.
    assert!(out.contains("neg::v = v\n"), "{out}");
    assert!(out.contains("= -neg::v\n"), "{out}");
    assert!(out.contains("v (int, alternating)"), "{out}");
}

/// Nesting that gcc accepts, thousands of levels deep, is transformed like
/// any other program (the stages recurse per level; the main thread's stack
/// once aborted the process on each of these).
#[test]
fn deeply_nested_programs_are_transformed_not_aborted() {
    let sum: Vec<String> = (0..10_000).map(|i| (i % 10).to_string()).collect();
    let programs = [
        (
            "sum.c",
            format!("int main(void){{ int x = {}; return x; }}\n", sum.join(" + ")),
        ),
        (
            "blocks.c",
            format!(
                "int main(void){{ int x = 0; {}x++;{} return x; }}\n",
                "{".repeat(5000),
                "}".repeat(5000)
            ),
        ),
        (
            "parens.c",
            format!(
                "int main(void){{ int x = {}1{}; return x; }}\n",
                "(".repeat(20_000),
                ")".repeat(20_000)
            ),
        ),
        (
            "whiles.c",
            format!(
                "int main(void){{ int x = 0; {}x++; return x; }}\n",
                "while (x < 1) ".repeat(3000)
            ),
        ),
    ];
    for (name, src) in &programs {
        let d = dir_with(&[(name, src)]);
        let o = tracc(&["accelerate", "-q", name], d.path(), None);
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        if *name != "whiles.c" {
            // No loop: the output is the input.
            assert_eq!(stdout(&o), *src, "{name}");
        }
    }
}

#[test]
fn completions_and_manual_pages_cover_every_subcommand_and_option() {
    let dir = dir_with(&[]);
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = tracc(&["completions", shell], dir.path(), None);
        assert_eq!(code(&o), 0, "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for word in ["accelerate", "verify", "unroll-limit", "report-file"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    let bad = tracc(&["completions", "tcsh"], dir.path(), None);
    assert_eq!(code(&bad), 2);
    let page = tracc(&["man"], dir.path(), None);
    assert_eq!(code(&page), 0, "{}", stderr(&page));
    let roff = stdout(&page);
    assert!(roff.contains(".TH tracc 1"), "{roff}");
    assert!(roff.contains("Exit codes"), "{roff}");
    let o = tracc(&["man", "--out-dir", "man1"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for sub in ["accelerate", "explain", "check", "verify", "campaign", "bench"] {
        let page = std::fs::read_to_string(dir.path().join("man1").join(format!("tracc-{sub}.1")))
            .unwrap_or_else(|e| panic!("tracc-{sub}.1: {e}"));
        assert!(page.contains(&format!(".TH tracc-{sub} 1")), "{page}");
    }
    let accelerate = std::fs::read_to_string(dir.path().join("man1/tracc-accelerate.1")).unwrap_or_default();
    assert!(accelerate.contains("unroll\\-limit"), "{accelerate}");
}

/// A reader that stops early (`tracc completions bash | head -1`): the
/// writer ends quietly with 0, as other command-line tools do, instead of
/// panicking on the broken pipe.
#[test]
fn a_closed_pipe_on_stdout_ends_completions_and_the_manual_quietly() {
    for args in [&["completions", "bash"][..], &["man"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tracc"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tracc runs");
        // Closed before tracc writes: its first write meets no reader.
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("tracc ends");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"), "{args:?}");
    }
}

/// What `gcc -E` makes of a file that includes `<assert.h>`: line markers
/// everywhere, even inside the expression the macro expands to.
const PREPROCESSED: &str = "# 0 \"pq.c\"\n# 1 \"<built-in>\"\n# 1 \"pq.c\"\n# 1 \"/usr/include/assert.h\" 1 3 4\nextern void __assert_fail (const char *__assertion, const char *__file,\n      unsigned int __line, const char *__function)\n     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));\n# 2 \"pq.c\" 2\nunsigned nondet_uint(void);\nint main(void) {\n    unsigned x = 2, n = nondet_uint(), i = 0;\n    while (x < n) {\n        x = x * x + 1;\n    }\n    while (i < 1000000u) {\n        i++;\n    }\n   \n# 12 \"pq.c\" 3 4\n   ((void) sizeof ((\n# 12 \"pq.c\"\n   i == 1000000u\n# 12 \"pq.c\" 3 4\n   ) ? 1 : 0), __extension__ ({ if (\n# 12 \"pq.c\"\n   i == 1000000u\n# 12 \"pq.c\" 3 4\n   ) ; else __assert_fail (\n# 12 \"pq.c\"\n   \"i == 1000000u\"\n# 12 \"pq.c\" 3 4\n   , \"pq.c\", 12, __extension__ __PRETTY_FUNCTION__); }))\n# 12 \"pq.c\"\n                        ;\n    return 0;\n}\n";

#[test]
fn preprocessed_input_is_read_with_its_line_markers_and_named_by_them() {
    let dir = dir_with(&[("pq.i", PREPROCESSED)]);
    let o = tracc(
        &["accelerate", "pq.i", "-o", "out.c", "--report-file", "r.json"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // The loop at line 10 of pq.i is line 5 of pq.c.
    assert!(stderr(&o).contains("--> pq.c:5:5\n"), "{}", stderr(&o));
    assert!(stderr(&o).contains("5 | /     while (x < n) {"), "{}", stderr(&o));
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    let diags = report["files"][0]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(diags.iter().any(|d| d["file"] == "pq.c" && d["line"] == 5), "{diags:?}");
    // The markers are copied: everything after the accelerated loop is the
    // input's text.
    let out = fs::read_to_string(dir.path().join("out.c")).unwrap();
    let tail = &PREPROCESSED[PREPROCESSED.find("   \n# 12").unwrap()..];
    assert!(out.ends_with(tail), "{out}");
    assert!(out.contains("tracc_n"), "{out}");
    let e = tracc(&["explain", "pq.i"], dir.path(), None);
    assert!(stdout(&e).contains("while loop at 5:5"), "{}", stdout(&e));
    // The checker does not model glibc's `__extension__ ({ ... })`: it says
    // so at the user's line, not at the preprocessed file's.
    let v = tracc(&["verify", "pq.i"], dir.path(), None);
    assert_eq!(code(&v), 3, "{}{}", stdout(&v), stderr(&v));
    assert!(stderr(&v).contains("--> pq.c:12:"), "{}", stderr(&v));
}

#[test]
fn several_inputs_show_no_progress_bar_when_stderr_is_not_a_terminal() {
    let src =
        "int main(void) {\n    unsigned i = 0;\n    while (i < 1000000u) {\n        i++;\n    }\n    return 0;\n}\n";
    let dir = dir_with(&[("a.c", src), ("b.c", src), ("c.c", src)]);
    let o = tracc(
        &["accelerate", "a.c", "b.c", "c.c", "--out-dir", "out"],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // Only the three summary lines: a log keeps no bar or escape codes.
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(!err.contains("[1/3]") && !err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn verbose_accelerate_says_what_became_of_each_loop_and_how_long_each_stage_took() {
    let src = "void assert(int);\nint a[50];\nint main(void)\n{\n    unsigned int x = 0;\n    while (x < 1000000) {\n        x += 2;\n    }\n    for (int i = 0; i < 50; i++) {\n        a[i] = i;\n    }\n    assert(x == 1000000);\n    return 0;\n}\n";
    let dir = dir_with(&[("in.c", src)]);
    let o = tracc(&["accelerate", "-v", "in.c", "-o", "out.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("tracc: in.c:6:5: while loop in main: accelerated (1 of 1 paths)"),
        "{err}"
    );
    assert!(
        err.contains("tracc: in.c:9:5: for loop in main: left to unrolling (50 iterations)"),
        "{err}"
    );
    assert!(err.contains("tracc: in.c: parse and lower "), "{err}");
    assert!(err.contains(" ms, trace automata "), "{err}");
    // `-q` and `-v` contradict each other: a usage error.
    let o = tracc(&["accelerate", "-v", "-q", "in.c"], dir.path(), None);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
}

/// `--32` reads `long` as 32 bits (CBMC's `--32`, SV-COMP's ILP32) in
/// `accelerate`, `check` and `verify`; the output spells tracc's own 64-bit
/// arithmetic `long long` and says to run `cbmc --32`; `--svcomp` adds
/// allocation that never fails; `--32` and `--64` contradict each other.
#[test]
fn the_data_model_is_chosen_with_32_and_64_and_svcomp() {
    let src = "void assert(int);\nint main(void)\n{\n    long s = 0;\n    for (int i = 0; i < 30000; i++) {\n        s += 100000;\n    }\n    assert(s == 3000000000LL);\n    return 0;\n}\n";
    let dir = dir_with(&[("in.c", src)]);
    // LP64 (the default, and --64): the sum fits, the assertion holds.
    for model in [None, Some("--64")] {
        let mut args = vec!["verify", "in.c"];
        args.extend(model);
        let o = tracc(&args, dir.path(), None);
        assert_eq!(code(&o), 0, "{model:?}: {}{}", stdout(&o), stderr(&o));
    }
    // ILP32: `long` overflows at the 21,475th addition.
    let o = tracc(&["verify", "--32", "in.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("overflow"), "{}", stdout(&o));
    let o = tracc(&["check", "--32", "--unwind", "30001", "in.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let o = tracc(
        &[
            "accelerate",
            "--32",
            "in.c",
            "-o",
            "out.c",
            "--report",
            "json",
            "--report-file",
            "r.json",
        ],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("check with: cbmc out.c --32 --unwind 3 --unwinding-assertions"),
        "{}",
        stderr(&o)
    );
    let out = fs::read_to_string(dir.path().join("out.c")).unwrap();
    assert!(
        out.contains("unsigned long long tracc_n1") && !out.contains("unsigned long tracc_n1"),
        "{out}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join("r.json")).unwrap()).unwrap();
    assert_eq!(
        report["files"][0]["cbmc_args"],
        serde_json::json!([
            "--32",
            "--unwind",
            "3",
            "--unwinding-assertions",
            "--no-sat-preprocessor"
        ]),
        "{report}"
    );
    let o = tracc(&["accelerate", "--svcomp", "in.c", "-o", "sv.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("cbmc sv.c --32 --no-standard-checks --no-malloc-may-fail --unwind 3 --unwinding-assertions"),
        "{}",
        stderr(&o)
    );
    // SV-COMP's property is the error call alone: a signed overflow that
    // never reaches it is no failure (sum01 of SV-COMP 2014's loops, which
    // were UNSAFE by the overflow check alone).
    let sum = "int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_error(void);\nint main(void)\n{\n    int n = __VERIFIER_nondet_int();\n    int s = 0;\n    for (int i = 0; i < n; i++)\n        s = s + 2;\n    if (s < 0 && n < 0)\n        __VERIFIER_error();\n    return 0;\n}\n";
    fs::write(dir.path().join("sum.c"), sum).unwrap();
    let o = tracc(&["verify", "sum.c", "--32", "--max-unwind", "3"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("arithmetic overflow on signed +"), "{}", stdout(&o));
    let o = tracc(&["verify", "sum.c", "--svcomp", "--max-unwind", "3"], dir.path(), None);
    assert_ne!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let o = tracc(
        &[
            "verify",
            "sum.c",
            "--svcomp",
            "--signed-overflow-check",
            "--max-unwind",
            "3",
        ],
        dir.path(),
        None,
    );
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    // Under --svcomp, allocation never fails, as in SV-COMP's tasks.
    let alloc = "#include <stdlib.h>\nvoid assert(int);\nint main(void)\n{\n    int *x = malloc(sizeof(int));\n    *x = 3;\n    assert(*x == 3);\n    return 0;\n}\n";
    fs::write(dir.path().join("alloc.c"), alloc).unwrap();
    let o = tracc(&["verify", "alloc.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    let o = tracc(&["verify", "--svcomp", "alloc.c"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    for bad in [["--32", "--64"], ["--svcomp", "--64"]] {
        let mut args = vec!["verify", "in.c"];
        args.extend(bad);
        let o = tracc(&args, dir.path(), None);
        assert_eq!(code(&o), 2, "{bad:?}: {}", stderr(&o));
    }
}

#[test]
fn kinduct_writes_both_cases_of_a_proof_and_nothing_without_one() {
    let safe = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/induction_reset_safe.c"))
        .expect("fixture");
    let cycle = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/induction_cycle_safe.c"))
        .expect("fixture");
    let dir = dir_with(&[
        ("r.c", &safe),
        ("u.c", &safe.replace("x <= 10", "x <= 9")),
        ("s.c", &cycle),
    ]);
    let o = tracc(&["kinduct", "r.c", "-o", "proof"], dir.path(), None);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("proved by 1-induction"), "{out}");
    assert!(
        out.contains("base case: cbmc proof.base.c --unwind 3 --unwindset main.0:2 --unwinding-assertions"),
        "{out}"
    );
    assert!(
        out.contains("step case: cbmc proof.step.c --unwind 3 --unwindset main.0:3 --unwinding-assertions"),
        "{out}"
    );
    for case in ["base", "step"] {
        let text = fs::read_to_string(dir.path().join(format!("proof.{case}.c"))).expect("written");
        // Edits add no line: CBMC's lines stay those of tracc's output.
        let output = tracc(
            &["accelerate", "r.c", "-o", "-", "--no-line-directives"],
            dir.path(),
            None,
        );
        assert_eq!(text.lines().count(), stdout(&output).lines().count(), "{case}");
    }
    // An assertion the accelerated loop fails at --unwind 3: UNSAFE, no file.
    let o = tracc(&["kinduct", "u.c"], dir.path(), None);
    assert_eq!(code(&o), 10, "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("UNSAFE at the bound already"), "{}", stderr(&o));
    // True, but k-inductive for no k: no proof, no file.
    let o = tracc(&["kinduct", "s.c"], dir.path(), None);
    assert_eq!(code(&o), 20, "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("k-induction proves nothing"), "{}", stderr(&o));
    for f in ["u.base.c", "u.step.c", "s.base.c", "s.step.c"] {
        assert!(!dir.path().join(f).exists(), "{f}");
    }
}
