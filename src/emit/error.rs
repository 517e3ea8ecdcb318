//! What can go wrong while emitting, and the checked text of a span.
//!
//! In: a source text and a span. Out: the span's text, or an `EmitError`.

use std::fmt;

use crate::ir::Span;

/// Why something could not be emitted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmitError {
    /// The construct has no spelling (in this dialect, or at all: a
    /// synthetic opaque node has no text to print).
    Unsupported(String),
    /// A real span that lies outside the source text or splits a character.
    BadSpan(Span),
    /// Splice edits that are not sorted or overlap; the two offending spans.
    OverlappingEdits(Span, Span),
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::Unsupported(what) => write!(f, "cannot emit {what}"),
            EmitError::BadSpan(s) => write!(f, "span {}..{} is not inside the source text", s.start, s.end),
            EmitError::OverlappingEdits(a, b) => write!(
                f,
                "edits {}..{} and {}..{} are out of order or overlap",
                a.start, a.end, b.start, b.end
            ),
        }
    }
}

impl std::error::Error for EmitError {}

/// The source text of a real span, checked.
pub(super) fn span_text(source: &str, span: Span) -> Result<&str, EmitError> {
    source.get(span.start..span.end).ok_or(EmitError::BadSpan(span))
}
