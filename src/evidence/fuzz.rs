//! The property the fuzz target checks, shared with the regression tests
//! that replay what the fuzzer found.
//!
//! In: arbitrary bytes. Out: `Ok(())`, or a description of the broken
//! promise: a panic anywhere in the pipeline (the caller sees it as a
//! crash), a transformed text that no longer parses or lowers, or a text
//! that lowers but is refused by the transformation for any reason other
//! than the documented ones.

use crate::lower::lower_source;
use crate::pipeline::{Options, accelerate_source};

/// Run `accelerate` (restricted and acceleration-only) and `explain` on
/// `data`; whatever is emitted must parse and lower again.
pub fn accelerate_roundtrip(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    for restrict in [true, false] {
        let opts = Options {
            restrict,
            ..Options::default()
        };
        let out = match accelerate_source(text, &opts) {
            Ok(out) => out,
            Err(diags) => {
                // Refusing input is fine; an internal error is a bug.
                if let Some(d) = diags.iter().find(|d| d.message.contains("internal error")) {
                    return Err(format!("restrict={restrict}: {}", d.message));
                }
                continue;
            }
        };
        if let Err(diags) = lower_source(&out.output) {
            let first = diags.first().map(|d| d.message.clone()).unwrap_or_default();
            return Err(format!(
                "output (restrict={restrict}) does not lower again: {first}\n--- output\n{}",
                out.output
            ));
        }
    }
    let _ = crate::pipeline::explain_source(text, &Options::default(), true);
    Ok(())
}
