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

/// Where the bytes of a spliced text came from, so that a location in
/// tracc's output (a checker's trace, an unwinding failure) can be shown at
/// the input line it stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Sorted by output position, covering the whole output.
    segments: Vec<Segment>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Segment {
    /// Start of the segment in the output.
    out_start: usize,
    origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// Copied unchanged from the source, starting at this offset.
    Copied(usize),
    /// Printed by tracc in place of this span of the source.
    Printed(Span),
}

/// A location in the source that an output offset stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourcePlace {
    /// Byte offset in the source.
    pub offset: usize,
    /// The output text there is tracc's own (an accelerator, the automaton,
    /// a declaration), not a statement of the source: `offset` is then the
    /// start of the construct it replaced (the loop).
    pub generated: bool,
}

impl SourceMap {
    /// The map of `splice(source, edits)`: same preconditions.
    pub fn new(source: &str, edits: &[Edit]) -> SourceMap {
        let mut segments = Vec::new();
        let (mut copied, mut out) = (0, 0);
        for e in edits {
            if e.span.start > copied {
                segments.push(Segment {
                    out_start: out,
                    origin: Origin::Copied(copied),
                });
                out += e.span.start - copied;
            }
            if !e.text.is_empty() {
                segments.push(Segment {
                    out_start: out,
                    origin: Origin::Printed(e.span),
                });
                out += e.text.len();
            }
            copied = copied.max(e.span.end);
        }
        if copied < source.len() || segments.is_empty() {
            segments.push(Segment {
                out_start: out,
                origin: Origin::Copied(copied),
            });
        }
        SourceMap { segments }
    }

    /// The source location of byte `offset` of `output` (the spliced text
    /// of `source`). A line tracc printed that is, apart from indentation,
    /// exactly one line of the construct it replaced (the loop head, a
    /// statement of the original body, which tracc keeps unchanged) maps to
    /// that line; any other printed line maps to the start of the construct
    /// and is marked generated.
    pub fn to_source(&self, offset: usize, output: &str, source: &str) -> SourcePlace {
        let at = self
            .segments
            .partition_point(|s| s.out_start <= offset)
            .saturating_sub(1);
        let Some(seg) = self.segments.get(at) else {
            return SourcePlace {
                offset: offset.min(source.len()),
                generated: false,
            };
        };
        match seg.origin {
            Origin::Copied(start) => SourcePlace {
                offset: (start + offset - seg.out_start).min(source.len()),
                generated: false,
            },
            Origin::Printed(span) => {
                let generated = SourcePlace {
                    offset: span.start,
                    generated: true,
                };
                let Some(out_line) = line_around(output, offset) else {
                    return generated;
                };
                let wanted = out_line.trim();
                let Some(replaced) = source.get(span.start..span.end) else {
                    return generated;
                };
                let mut matches = replaced
                    .split_inclusive('\n')
                    .scan(span.start, |pos, line| {
                        let at = *pos;
                        *pos += line.len();
                        Some((at, line))
                    })
                    .filter(|(_, line)| !wanted.is_empty() && line.trim() == wanted);
                match (matches.next(), matches.next()) {
                    (Some((at, line)), None) => SourcePlace {
                        offset: at + (line.len() - line.trim_start().len()),
                        generated: false,
                    },
                    _ => generated,
                }
            }
        }
    }
}

/// The line of `text` that contains byte `offset`, without its newline.
fn line_around(text: &str, offset: usize) -> Option<&str> {
    if offset > text.len() || !text.is_char_boundary(offset) {
        return None;
    }
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    Some(&text[start..end])
}
