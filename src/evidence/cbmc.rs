//! What CBMC's exit code and output say.
//!
//! In: CBMC's exit code and stdout. Out: its verdict (SAFE, UNSAFE or
//! UNKNOWN), or none when it failed. Read the same way by the benchmark
//! table (`bench`) and the gain benchmark (`gain`).

/// CBMC's verdict from its output: `VERIFICATION SUCCESSFUL` is SAFE; a
/// failure is UNSAFE unless every failed property is an unwinding
/// assertion, which leaves the verdict open (UNKNOWN), as in `tracc check`.
pub fn cbmc_verdict(code: i32, stdout: &str) -> Option<&'static str> {
    if code == 0 && stdout.contains("VERIFICATION SUCCESSFUL") {
        return Some("SAFE");
    }
    if code != 10 || !stdout.contains("VERIFICATION FAILED") {
        return None;
    }
    let failed: Vec<&str> = stdout.lines().filter(|l| l.trim_end().ends_with(": FAILURE")).collect();
    if !failed.is_empty() && failed.iter().all(|l| l.contains("unwinding assertion")) {
        Some("UNKNOWN")
    } else {
        Some("UNSAFE")
    }
}
