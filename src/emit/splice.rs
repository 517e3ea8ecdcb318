//! Splicing printed text into the original source.

use super::EmitError;
use crate::ir::Span;

/// Replace the bytes at `span` by `text`; an empty span inserts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub text: String,
}

/// Apply `edits` to `source`. The edits must be sorted by position and must
/// not overlap (several insertions at one offset are applied in the order
/// given, and an insertion may touch a replacement on either side); every
/// byte outside them is copied unchanged.
pub fn splice(source: &str, edits: &[Edit]) -> Result<String, EmitError> {
    let mut out = String::with_capacity(source.len() + edits.iter().map(|e| e.text.len()).sum::<usize>());
    let mut copied = 0;
    let mut prev: Option<Span> = None;
    for e in edits {
        let s = e.span;
        if s.start > s.end || !source.is_char_boundary(s.start) || !source.is_char_boundary(s.end) {
            return Err(EmitError::BadSpan(s));
        }
        if s.start < copied {
            return Err(EmitError::OverlappingEdits(prev.unwrap_or(s), s));
        }
        out.push_str(&source[copied..s.start]);
        out.push_str(&e.text);
        copied = s.end;
        prev = Some(s);
    }
    out.push_str(&source[copied..]);
    Ok(out)
}

/// The leading blanks (spaces and tabs) of the line that contains byte
/// `offset` (clamped to the text).
pub fn line_indent(source: &str, offset: usize) -> &str {
    let offset = offset.min(source.len());
    let start = source.as_bytes()[..offset]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1);
    let rest = &source[start..];
    let len = rest.bytes().take_while(|c| *c == b' ' || *c == b'\t').count();
    &rest[..len]
}
