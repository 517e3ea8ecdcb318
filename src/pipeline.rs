//! The stages strung together for the CLI: C text in, transformed C text,
//! diagnostics and a report out.

use crate::diag::Diagnostic;
use crate::emit::Dialect;

/// What `tracc accelerate` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub dialect: Dialect,
    /// Inline the trace automaton (default); `false` is `--no-restrict`.
    pub restrict: bool,
    /// Minimise the automaton (default); `false` is `--no-minimize`.
    pub minimize: bool,
    /// Give up on a loop with more iteration paths than this.
    pub max_paths: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dialect: Dialect::Cbmc,
            restrict: true,
            minimize: true,
            max_paths: 64,
        }
    }
}

/// The result of transforming one file.
#[derive(Debug)]
pub struct Outcome {
    /// The transformed text (identical to the input where nothing changed).
    pub output: String,
    /// Warnings and notes (loops not accelerated, constructs kept opaque).
    pub diagnostics: Vec<Diagnostic>,
    /// Machine-readable summary for `--report json`.
    pub report: serde_json::Value,
}

/// Transform one file. Errors (syntax errors, unusable input) come back as
/// diagnostics, and then no output must be written.
pub fn accelerate_source(text: &str, _opts: &Options) -> Result<Outcome, Vec<Diagnostic>> {
    let lowered = crate::lower::lower_source(text)?;
    Ok(Outcome {
        output: text.to_string(),
        diagnostics: lowered.warnings,
        report: serde_json::json!({ "loops": [] }),
    })
}

/// The human-readable explanation printed by `tracc explain`: functions,
/// loops with their locations, what the front end found in them, and why a
/// loop was not accelerated. With `dot`, each loop's automaton as Graphviz.
pub fn explain_source(text: &str, _opts: &Options, _dot: bool) -> Result<String, Vec<Diagnostic>> {
    let _lowered = crate::lower::lower_source(text)?;
    Ok(String::new())
}
