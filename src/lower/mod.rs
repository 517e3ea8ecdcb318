//! Lowering: tree-sitter syntax tree in, typed IR (`ir::Program`) out.
//!
//! (Being written: `lower_source` will parse and lower; until then it
//! returns an empty program.)

use crate::diag::Diagnostic;
use crate::ir::Program;

/// The result of lowering a file: the program and the warnings about
/// constructs kept opaque.
#[derive(Debug)]
pub struct Lowered {
    pub program: Program,
    pub warnings: Vec<Diagnostic>,
}

/// Parse and lower C text. Syntax errors and constructs that make the
/// whole file meaningless are errors; unmodelled constructs become opaque
/// IR nodes and warnings.
pub fn lower_source(text: &str) -> Result<Lowered, Vec<Diagnostic>> {
    let _tree = crate::parse::parse(text)?;
    Ok(Lowered {
        program: Program::default(),
        warnings: Vec::new(),
    })
}
