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

/// Run `accelerate` and `explain` on `data`; both outputs (restricted and
/// acceleration-only) must parse and lower again, and the source map must
/// place every output position on a character of the input.
pub fn accelerate_roundtrip(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let out = match accelerate_source(text, &Options::accelerating_every_loop()) {
        Ok(out) => out,
        // Refusing input is fine; an internal error is a bug.
        Err(diags) => match diags.iter().find(|d| d.message.contains("internal error")) {
            Some(d) => return Err(d.message.clone()),
            None => return Ok(()),
        },
    };
    for (what, output) in [
        ("restricted", &out.output),
        ("acceleration-only", &out.accel_only_output),
    ] {
        if let Err(diags) = lower_source(output) {
            let first = diags.first().map(|d| d.message.clone()).unwrap_or_default();
            return Err(format!(
                "{what} output does not lower again: {first}\n--- output\n{output}"
            ));
        }
    }
    // `verify` shows the checker's findings through the source map: every
    // output position must land inside the input, on a character.
    for (at, _) in out.output.char_indices() {
        let place = out.source_map.to_source(at, &out.output, text);
        if !text.is_char_boundary(place.offset) {
            return Err(format!(
                "output offset {at} maps to input offset {}, not a character of the input",
                place.offset
            ));
        }
    }
    let _ = crate::pipeline::explain_source(text, &Options::accelerating_every_loop(), true);
    Ok(())
}
