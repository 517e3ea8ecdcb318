//! Splicing printed text into the original source.

use super::error::EmitError;
use crate::ir::Span;

/// Replace the bytes at `span` by `text`; an empty span inserts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub text: String,
    /// Which parts of `text` stand for which source text (for `SourceMap`).
    pub origins: Origins,
}

impl Edit {
    /// An edit whose text is all tracc's own.
    pub fn new(span: Span, text: String) -> Edit {
        Edit {
            span,
            text,
            origins: Origins::default(),
        }
    }

    /// An edit that replaces the loop at `span` by a printed statement
    /// (from `print_stmt_traced`) whose first loop is the new version of
    /// that loop: the first line of that loop maps to the loop's start.
    pub fn loop_replacement(span: Span, (text, origins): (String, Origins)) -> Edit {
        Edit { span, text, origins }
    }
}

impl Edit {
    /// The same edit with CRLF line endings in tracc's own text: a `\r`
    /// before every bare `\n` outside what the text copies from the
    /// source (copied text keeps the source's bytes). `Origins` is moved
    /// along, so the `SourceMap` of the result stays exact.
    pub fn with_crlf(self) -> Edit {
        let Edit { span, text, origins } = self;
        let in_copy = |i: usize| {
            origins
                .copies
                .iter()
                .any(|&(start, len, _)| start <= i && i < start + len)
        };
        let mut out = String::with_capacity(text.len() + text.len() / 16);
        // Offsets (in `text`) of the line feeds that get a carriage return.
        let mut inserted = Vec::new();
        let mut prev = None;
        for (i, c) in text.char_indices() {
            if c == '\n' && prev != Some('\r') && !in_copy(i) {
                out.push('\r');
                inserted.push(i);
            }
            out.push(c);
            prev = Some(c);
        }
        let moved = |at: usize| at + inserted.partition_point(|&p| p <= at);
        Edit {
            span,
            text: out,
            origins: Origins {
                copies: origins
                    .copies
                    .iter()
                    .map(|&(start, len, from)| (moved(start), len, from))
                    .collect(),
                first_loop: origins.first_loop.map(moved),
            },
        }
    }
}

/// Does `source` end its lines with CRLF? (More CRLF than bare LF line
/// ends, as editors and `clang-format`'s line-ending detection decide.)
pub fn uses_crlf(source: &str) -> bool {
    let crlf = source.matches("\r\n").count();
    crlf > source.matches('\n').count() - crlf
}

/// Where the parts of a printed text come from, as the statement printer
/// records them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origins {
    /// `(start, len, span)`: the printed bytes `start..start + len` are the
    /// source text at `span`, line for line (only the indentation of its
    /// later lines may differ). In print order, so sorted and disjoint.
    pub(super) copies: Vec<(usize, usize, Span)>,
    /// Where the first synthetic loop statement starts. In a
    /// `loop_replacement` it is the new version of the replaced loop: the
    /// rest of its first line maps to the loop's start.
    pub(super) first_loop: Option<usize>,
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

#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    /// Copied unchanged from the source, starting at this offset.
    Copied(usize),
    /// Printed by tracc in place of this span of the source, with what the
    /// printed text copies from the source.
    Printed(Span, Origins),
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
                    origin: Origin::Printed(e.span, e.origins.clone()),
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
    /// of `source`). Text the printer copied from the source (the
    /// statements of a kept loop body) maps to that text, the first line of
    /// a loop's new version to the loop's start; any other printed text
    /// maps to the start of the construct it replaced and is marked
    /// generated.
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
        match &seg.origin {
            &Origin::Copied(start) => SourcePlace {
                offset: (start + offset - seg.out_start).min(source.len()),
                generated: false,
            },
            Origin::Printed(span, origins) => {
                let rel = offset - seg.out_start;
                let printed = output.as_bytes().get(seg.out_start..).unwrap_or_default();
                let i = origins.copies.partition_point(|c| c.0 <= rel);
                if let Some(&(start, len, from)) = i.checked_sub(1).map(|i| &origins.copies[i])
                    && rel < start + len
                    && let Some(copy) = printed.get(start..start + len)
                {
                    return SourcePlace {
                        offset: copied_place(copy, rel - start, source, from),
                        generated: false,
                    };
                }
                let on_head_line = origins
                    .first_loop
                    .and_then(|h| printed.get(h..rel))
                    .is_some_and(|between| !between.contains(&b'\n'));
                SourcePlace {
                    offset: span.start,
                    generated: !on_head_line,
                }
            }
        }
    }
}

/// The source offset of byte `rel` of `copy`, the printed copy of the
/// source text at `from`: same line of the copy, same place after the
/// indentation (which is all that copying may change).
fn copied_place(copy: &[u8], rel: usize, source: &str, from: Span) -> usize {
    let line = copy[..rel].iter().filter(|c| **c == b'\n').count();
    if line == 0 {
        return (from.start + rel).min(from.end);
    }
    let blanks = |text: &[u8]| text.iter().take_while(|c| **c == b' ' || **c == b'\t').count();
    let out_line_start = copy[..rel].iter().rposition(|c| *c == b'\n').map_or(0, |p| p + 1);
    let col = rel - out_line_start;
    let out_indent = blanks(&copy[out_line_start..]);
    let src = source.as_bytes();
    let Some(src_line_start) = src[from.start..from.end]
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == b'\n')
        .nth(line - 1)
        .map(|(p, _)| from.start + p + 1)
    else {
        return from.start;
    };
    let src_line_len = src[src_line_start..from.end]
        .iter()
        .position(|c| *c == b'\n')
        .unwrap_or(from.end - src_line_start);
    let src_indent = blanks(&src[src_line_start..]).min(src_line_len);
    let within = if col >= out_indent {
        src_indent + (col - out_indent)
    } else {
        col.min(src_indent)
    };
    let mut at = src_line_start + within.min(src_line_len);
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    at
}
