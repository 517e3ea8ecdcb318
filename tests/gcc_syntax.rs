//! Every golden output must be accepted by `gcc -fsyntax-only` with the
//! dialect's prelude, after the quantifiers gcc cannot parse are replaced
//! by `1`. Fails when gcc is missing: the check is
//! part of the contract, not optional.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

fn gcc_accepts(text: &str) -> Result<(), String> {
    let input = format!(
        "{}{}",
        tracc::emit::prelude(tracc::emit::Dialect::Cbmc),
        tracc::emit::gcc_view(text)
    );
    let mut child = Command::new("gcc")
        .args(["-std=gnu11", "-fsyntax-only", "-w", "-x", "c", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(input.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn golden_outputs_pass_gcc_syntax_check() {
    let golden = common::c_files_in(&common::repo_root().join("golden"));
    assert!(!golden.is_empty(), "no golden files");
    let mut failures = Vec::new();
    for path in &golden {
        let text = std::fs::read_to_string(path).expect("readable golden file");
        if let Err(e) = gcc_accepts(&text) {
            failures.push(format!("{}:\n{e}", path.display()));
        }
    }
    assert!(failures.is_empty(), "gcc rejects:\n{}", failures.join("\n"));
}

#[test]
fn the_check_rejects_invalid_c() {
    assert!(gcc_accepts("int main(void) { return x; }").is_err());
    assert!(
        gcc_accepts("int main(void) { __CPROVER_assume(__CPROVER_forall { unsigned k; k < 2 }); return 0; }").is_ok()
    );
}
