//! `tracc bench`: the table, the JSON, expectations from names, the CBMC
//! column and the gain benchmark (with a stand-in `cbmc` script), and time
//! limits.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

use tracc::evidence::bench::cbmc_verdict;

const SAFE: &str = "void assert(int);\nint main(void) {\n    unsigned int i = 0, x = 0;\n    while (i < 1000000) {\n        x += 2;\n        i++;\n    }\n    assert(x == 2000000);\n    return 0;\n}\n";
const UNSAFE: &str = "void assert(int);\nint main(void) {\n    unsigned int i = 0;\n    while (i < 1000000) {\n        i++;\n    }\n    assert(i != 1000000);\n    return 0;\n}\n";

fn bench(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tracc"))
        .arg("bench")
        .arg(dir.join("progs"))
        .arg("--json")
        .arg(dir.join("report.json"))
        .args(extra)
        .env("PATH", dir.join("bin"))
        // The tests choose their CBMC by the PATH alone.
        .env_remove("TRACC_CBMC")
        .output()
        .expect("tracc runs")
}

fn setup(cbmc_script: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("progs")).expect("mkdir");
    std::fs::create_dir(dir.path().join("bin")).expect("mkdir");
    std::fs::write(dir.path().join("progs/count_true-unreach-call.c"), SAFE).expect("write");
    std::fs::write(dir.path().join("progs/deep_false-unreach-call.c"), UNSAFE).expect("write");
    if let Some(script) = cbmc_script {
        let p = dir.path().join("bin/cbmc");
        std::fs::write(&p, script).expect("write");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    dir
}

#[test]
fn table_and_json_give_verdicts_per_program_and_totals() {
    let dir = setup(None);
    let out = bench(dir.path(), &["--timeout", "60"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(!table.contains("CBMC"), "no cbmc on the PATH:\n{table}");
    let row = |name: &str| {
        table
            .lines()
            .find(|l| l.starts_with(&format!("| {name}")))
            .unwrap_or("")
            .to_string()
    };
    let safe = row("count_true-unreach-call.c");
    let unsafe_ = row("deep_false-unreach-call.c");
    // Input at --unwind 100 cannot decide a loop of 10^6 iterations; the
    // restricted output at --unwind 3 can.
    assert!(
        safe.starts_with("| count_true-unreach-call.c | SAFE | UNKNOWN"),
        "{safe}"
    );
    assert!(
        safe.split('|').nth(5).is_some_and(|c| c.trim().starts_with("SAFE")),
        "{safe}"
    );
    assert!(
        unsafe_
            .split('|')
            .nth(5)
            .is_some_and(|c| c.trim().starts_with("UNSAFE")),
        "{unsafe_}"
    );
    assert!(table.contains("| all | 2 |"), "{table}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).expect("json written"))
            .expect("valid json");
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["expected"], "SAFE");
    assert_eq!(rows[0]["restricted"]["verdict"], "SAFE");
    assert!(rows[0]["dfa_states"].as_u64().is_some_and(|n| n >= 2));
    assert_eq!(json["totals"]["all"]["restricted"]["correct"], 2);
    assert_eq!(json["totals"]["all"]["restricted"]["wrong"], 0);
    // The size column of the totals is the mean of the rows' figures.
    let sizes: Vec<f64> = rows
        .iter()
        .map(|r| r["size_increase_percent"].as_f64().expect("both transformed"))
        .collect();
    let mean = json["totals"]["all"]["mean_size_increase_percent"]
        .as_f64()
        .expect("a mean");
    assert!((mean - (sizes[0] + sizes[1]) / 2.0).abs() < 1e-9, "{mean} {sizes:?}");
    assert_eq!(json["totals"]["all"]["transformed"], 2);
    assert!(table.contains(&format!("| {mean:+.2} (2) |")), "{table}");
}

#[test]
fn cbmc_on_the_path_gets_a_column_and_its_limit() {
    // A stand-in that answers at once for one program and hangs on the other.
    let script = "#!/bin/sh\ncase \"$(/bin/cat \"$1\")\" in *2000000*) echo 'VERIFICATION SUCCESSFUL'; exit 0;; esac\n/bin/sleep 20\n";
    let dir = setup(Some(script));
    let out = bench(dir.path(), &["--timeout", "3", "--no-gain"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("CBMC restricted @3"), "{table}");
    assert!(!table.contains("What a CBMC user gains"), "{table}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).expect("json written"))
            .expect("valid json");
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["cbmc"]["verdict"], "SAFE");
    assert_eq!(rows[1]["cbmc"]["status"], "timeout");
    assert_eq!(json["totals"]["all"]["cbmc"]["timeouts"], 1);
    let out = bench(dir.path(), &["--timeout", "3", "--no-cbmc"]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("CBMC"));
}

#[test]
fn gain_only_compares_cbmc_alone_with_tracc_and_kills_the_whole_tree() {
    // A stand-in CBMC: on tracc's output (which names `tracc_` variables)
    // it answers at once; on the input it starts a child that would run
    // for a minute and records the child's pid, so the test can see that
    // the limit killed the grandchild too, not only the script.
    let script = "#!/bin/sh\ncase \"$(/bin/cat \"$1\")\" in *tracc_*) echo 'VERIFICATION SUCCESSFUL'; exit 0;; esac\n/bin/sleep 60 &\necho $! >> \"$GAIN_PIDS\"\nwait\n";
    let dir = setup(Some(script));
    let pids = dir.path().join("pids");
    let started = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_tracc"))
        .arg("bench")
        .arg(dir.path().join("progs"))
        .args(["--gain-only", "--gain-timeout", "2", "-j", "2", "--gain-json"])
        .arg(dir.path().join("gain.json"))
        .env("PATH", dir.path().join("bin"))
        .env("GAIN_PIDS", &pids)
        .env_remove("TRACC_CBMC")
        .output()
        .expect("tracc runs");
    let table = String::from_utf8_lossy(&out.stdout);
    // The stand-in says SAFE to the UNSAFE program's output: a wrong
    // verdict, shown loudly and in the exit code.
    assert_eq!(
        out.status.code(),
        Some(1),
        "{table}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(started.elapsed().as_secs() < 40, "the limit of 2 s per side held");
    assert!(table.contains("What a CBMC user gains"), "{table}");
    assert!(!table.contains("CBMC restricted"), "only the gain benchmark:\n{table}");
    assert!(table.contains("**WRONG: SAFE**"), "{table}");
    let safe_row = table
        .lines()
        .find(|l| l.starts_with("| count_true-unreach-call.c"))
        .unwrap_or("");
    assert!(
        safe_row.contains("| T/O |") && safe_row.ends_with("| gain |"),
        "{safe_row}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("gain.json")).expect("json written"))
            .expect("valid json");
    let row = &json["rows"][0];
    assert_eq!(row["modes"][0]["mode"], "default_checks");
    assert_eq!(row["modes"][0]["alone"]["status"], "timeout");
    assert_eq!(row["modes"][0]["tracc_cbmc"]["verdict"], "SAFE");
    assert_eq!(row["modes"][0]["rule"], "gain");
    // Without `cbmc_args` in the report, the output gets the default bound.
    let args: Vec<&str> = row["modes"][1]["tracc_cbmc"]["args"]
        .as_array()
        .expect("args")
        .iter()
        .filter_map(|a| a.as_str())
        .collect();
    assert!(args.ends_with(&["--no-standard-checks"]), "{args:?}");
    assert_eq!(json["totals"]["default_checks"]["gains"], 1);
    assert_eq!(json["totals"]["default_checks"]["wrong_tracc"], 1);
    // Every grandchild was killed with its script.
    let text = std::fs::read_to_string(&pids).expect("the stand-in ran on the inputs");
    for pid in text.split_whitespace() {
        let alive = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|s| s.rsplit(')').next().is_some_and(|r| !r.trim_start().starts_with('Z')))
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while alive() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert!(!alive(), "sleep {pid} outlived its limit");
    }
}

#[test]
fn cbmc_output_is_read_like_the_reference_checker() {
    assert_eq!(
        cbmc_verdict(0, "** 0 of 1 failed\nVERIFICATION SUCCESSFUL\n"),
        Some("SAFE")
    );
    let unwinding = "[main.unwind.0] line 5 unwinding assertion loop 0: FAILURE\nVERIFICATION FAILED\n";
    assert_eq!(cbmc_verdict(10, unwinding), Some("UNKNOWN"));
    let real = "[main.assertion.1] line 9 assertion x == 2: FAILURE\n[main.unwind.0] line 5 unwinding assertion loop 0: FAILURE\nVERIFICATION FAILED\n";
    assert_eq!(cbmc_verdict(10, real), Some("UNSAFE"));
    assert_eq!(cbmc_verdict(6, "PARSING ERROR\n"), None);
}

#[test]
fn a_missing_directory_is_an_input_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_tracc"))
        .args(["bench", "/nonexistent/dir"])
        .output()
        .expect("tracc runs");
    assert_eq!(out.status.code(), Some(3));
}

#[test]
fn the_reasons_that_keep_loops_alone_are_counted() {
    // The inner loop doubles `c`: accelerated (geometric, exact modulo
    // 2^32), but no summary, so the outer loop is left alone.
    let nested = "void assert(int);\nint main(void) {\n    unsigned int i, j, c = 1;\n    for (i = 0; i < 100000; i++) {\n        for (j = 0; j < 100000; j++) {\n            c = c * 2;\n        }\n    }\n    assert(c == 0);\n    return 0;\n}\n";
    let geometric = "unsigned int nondet_uint(void);\nvoid assert(int);\nint main(void) {\n    unsigned int i = 0, n = nondet_uint();\n    int x = 1;\n    while (i < n) {\n        x = x * 3;\n        i++;\n    }\n    assert(x != 0);\n    return 0;\n}\n";
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("progs")).expect("mkdir");
    std::fs::create_dir(dir.path().join("bin")).expect("mkdir");
    std::fs::write(dir.path().join("progs/nested_true-unreach-call.c"), nested).expect("write");
    std::fs::write(dir.path().join("progs/geo_true-unreach-call.c"), geometric).expect("write");
    let out = bench(dir.path(), &["--timeout", "20"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8_lossy(&out.stdout);
    // The outer loop's inner loop has no summary; the signed geometric
    // update keeps the other loop's only path (and so the loop) from
    // acceleration.
    assert!(table.contains("| reason | loops | loops with such a path |"), "{table}");
    assert!(table.contains("| inner-loop | 1 | 0 |"), "{table}");
    assert!(table.contains("| no-path-accelerated | 1 | 0 |"), "{table}");
    assert!(table.contains("| geometric-refused | 0 | 1 |"), "{table}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).expect("json written"))
            .expect("valid json");
    let reasons = json["reasons"].as_array().expect("reasons");
    assert!(
        reasons.iter().any(|r| r["reason"] == "inner-loop" && r["loops"] == 1),
        "{json}"
    );
}
