//! Rendering of diagnostics as compiler-style text.
//!
//! In: a file name, its source text and `Diagnostic`s with byte spans into it.
//! Out: text such as
//!
//! ```text
//! error: syntax error: unexpected input
//!  --> main.c:3:5
//!   |
//! 3 |     int = ;
//!   |     ^^^ not valid C here
//!   |
//!   = note: ...
//! ```
//!
//! written to any `termcolor::WriteColor` (colour on terminals) or returned as
//! a plain `String`. Diagnostics with `Span::SYNTHETIC` have no location and
//! print as `error: message` followed by their notes and the file name.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::io::{self, IsTerminal};
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::{self, Files, SimpleFile};

use super::markers::LineMarkers;
use codespan_reporting::term::termcolor::{self, StandardStream, WriteColor};
use codespan_reporting::term::{self, Chars, Config};

use super::{Diagnostic, Severity};

/// When to colour diagnostics (`--color auto|always|never`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal and `NO_COLOR` is unset or empty.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Decide whether to colour a stream. `no_color` is the value of the
    /// `NO_COLOR` environment variable; like <https://no-color.org>, only a
    /// non-empty value disables colour, and only in `Auto` mode.
    pub fn use_color(self, is_terminal: bool, no_color: Option<&OsStr>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => is_terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
}

/// The renderer configuration: ASCII borders (`-->`, `|`, `^`) so that the
/// text looks like gcc/rustc output and is easy to grep in CI logs.
fn config() -> Config {
    Config {
        chars: Chars::ascii(),
        ..Config::default()
    }
}

/// Render `diags` about `source` (named `file_name`) into `out`, one after the
/// other, each followed by a blank line.
pub fn render(file_name: &str, source: &str, diags: &[Diagnostic], out: &mut dyn WriteColor) -> io::Result<()> {
    let shown = Visible::of(source);
    let mut files = Placed::new(file_name, source, &shown);
    let config = config();
    for d in diags {
        let cs = to_codespan(file_name, source, &shown, &mut files, d);
        term::emit_to_write_style(out, &config, &files, &cs).map_err(files_error_to_io)?;
    }
    Ok(())
}

/// Render `diags` as plain text (no colour), e.g. for tests and reports.
pub fn render_to_string(file_name: &str, source: &str, diags: &[Diagnostic]) -> String {
    let shown = Visible::of(source);
    let mut files = Placed::new(file_name, source, &shown);
    let config = config();
    let mut text = String::new();
    for d in diags {
        let cs = to_codespan(file_name, source, &shown, &mut files, d);
        // Spans are clamped to the source in `to_codespan`, so rendering into
        // a String cannot fail; fall back to a one-line form if it ever does.
        if term::emit_to_string(&mut text, &config, &files, &cs).is_err() {
            text.push_str(&format!(
                "{}: {}: {}\n",
                severity_word(d.severity),
                file_name,
                d.message
            ));
        }
    }
    text
}

/// Render `diags` to standard error, coloured according to `color`, the
/// terminal-ness of stderr and `NO_COLOR`. Errors writing to stderr are
/// ignored: there is nowhere left to report them.
pub fn eprint(file_name: &str, source: &str, diags: &[Diagnostic], color: ColorChoice) {
    if diags.is_empty() {
        return;
    }
    let no_color = std::env::var_os("NO_COLOR");
    let colored = color.use_color(io::stderr().is_terminal(), no_color.as_deref());
    let choice = if colored {
        termcolor::ColorChoice::Always
    } else {
        termcolor::ColorChoice::Never
    };
    let stream = StandardStream::stderr(choice);
    let mut lock = stream.lock();
    let _ = render(file_name, source, diags, &mut lock);
}

/// Line and column (both 1-based, columns counted in characters) of a byte
/// offset, as the renderer prints them: the line is the one the input's
/// line markers give (`# 7 "pp.c"`), if any. `None` for synthetic spans.
pub fn line_col(source: &str, offset: usize) -> Option<(usize, usize)> {
    let (line_index, col) = line_index_col(source, offset)?;
    let line = LineMarkers::of(source).map_or(line_index + 1, |m| m.locate(line_index).1);
    Some((line, col))
}

/// The file the input's line markers say an offset comes from, when it is
/// not the input itself (`pp.c` for a line after `# 7 "pp.c"`).
pub fn file_at(source: &str, offset: usize) -> Option<String> {
    let (line_index, _) = line_index_col(source, offset)?;
    let markers = LineMarkers::of(source)?;
    markers.locate(line_index).0.map(str::to_string)
}

/// The 0-based line index and 1-based column (in characters) of an offset.
fn line_index_col(source: &str, offset: usize) -> Option<(usize, usize)> {
    if offset == usize::MAX {
        return None;
    }
    let r = clamp(source, offset, offset);
    let before = &source[..r.start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line_index = before.matches('\n').count();
    let col = source[line_start..r.start].chars().count() + 1;
    Some((line_index, col))
}

/// The input as codespan sees it: one file per name that the line markers
/// give (id 0: the input itself), all with the input's text, each line
/// numbered as its marker says.
struct Placed<'a> {
    file: SimpleFile<&'a str, &'a str>,
    markers: Option<LineMarkers>,
    names: Vec<String>,
}

impl<'a> Placed<'a> {
    fn new(file_name: &str, source: &str, shown: &'a Visible<'_>) -> Placed<'a> {
        Placed {
            file: SimpleFile::new("", shown.text.as_ref()),
            markers: LineMarkers::of(source),
            names: vec![file_name.to_string()],
        }
    }

    /// The id of the file that a (shown) byte offset comes from.
    fn id_at(&mut self, shown_offset: usize) -> usize {
        let line_index = Files::line_index(&self.file, (), shown_offset).unwrap_or(0);
        let Some(name) = self.markers.as_ref().and_then(|m| m.locate(line_index).0) else {
            return 0;
        };
        match self.names.iter().position(|n| n == name) {
            Some(id) => id,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        }
    }
}

impl<'a> Files<'a> for Placed<'_> {
    type FileId = usize;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<String, files::Error> {
        self.names.get(id).cloned().ok_or(files::Error::FileMissing)
    }

    fn source(&'a self, _: usize) -> Result<&'a str, files::Error> {
        Ok(self.file.source())
    }

    fn line_index(&'a self, _: usize, byte_index: usize) -> Result<usize, files::Error> {
        Files::line_index(&self.file, (), byte_index)
    }

    fn line_number(&'a self, _: usize, line_index: usize) -> Result<usize, files::Error> {
        Ok(self.markers.as_ref().map_or(line_index + 1, |m| m.locate(line_index).1))
    }

    fn line_range(&'a self, _: usize, line_index: usize) -> Result<Range<usize>, files::Error> {
        Files::line_range(&self.file, (), line_index)
    }
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// The source as the snippets show it: each control character other than
/// tab, newline and carriage return (a binary file's bytes, an escape
/// sequence that would drive the terminal) replaced by its Unicode control
/// picture (`\x1b` by `␛`), one character for one, so that lines and
/// columns stay those of the input.
struct Visible<'a> {
    text: Cow<'a, str>,
    /// Byte offsets in the input of the replaced characters, ascending.
    replaced: Vec<usize>,
}

impl<'a> Visible<'a> {
    fn of(source: &'a str) -> Visible<'a> {
        let hidden = |c: char| c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r');
        let replaced: Vec<usize> = source
            .char_indices()
            .filter(|&(_, c)| hidden(c))
            .map(|(i, _)| i)
            .collect();
        if replaced.is_empty() {
            return Visible {
                text: Cow::Borrowed(source),
                replaced,
            };
        }
        let text = source
            .chars()
            .map(|c| match c {
                '\u{7f}' => '\u{2421}',
                c if hidden(c) => char::from_u32(0x2400 + c as u32).unwrap_or('?'),
                c => c,
            })
            .collect();
        Visible {
            text: Cow::Owned(text),
            replaced,
        }
    }

    /// Where an input byte offset (on a character boundary) is in `text`:
    /// each replaced byte before it became three.
    fn offset(&self, input_offset: usize) -> usize {
        input_offset + 2 * self.replaced.partition_point(|&r| r < input_offset)
    }
}

fn to_codespan(
    file_name: &str,
    source: &str,
    shown: &Visible<'_>,
    files: &mut Placed<'_>,
    d: &Diagnostic,
) -> CsDiagnostic<usize> {
    let severity = match d.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Note => CsSeverity::Note,
    };
    let mut notes: Vec<String> = d
        .notes
        .iter()
        .map(|n| {
            // Notes are plain sentences; print them as `= note: ...` unless
            // they already carry a `note:`/`help:` prefix.
            if n.starts_with("note:") || n.starts_with("help:") {
                n.clone()
            } else {
                format!("note: {n}")
            }
        })
        .collect();
    let mut cs = CsDiagnostic::new(severity).with_message(d.message.clone());
    if d.span.is_synthetic() {
        // Without a location the file name would otherwise be lost when
        // several files are processed.
        notes.push(format!("note: in `{file_name}`"));
    } else {
        let range = clamp(source, d.span.start, d.span.end);
        let range = shown.offset(range.start)..shown.offset(range.end);
        let id = files.id_at(range.start);
        cs = cs.with_labels(vec![Label::primary(id, range).with_message(d.label.clone())]);
    }
    cs.with_notes(notes)
}

/// Make a byte range safe to index `source`: inside the text, start <= end,
/// both on character boundaries (start moved back, end moved forward).
fn clamp(source: &str, start: usize, end: usize) -> Range<usize> {
    let len = source.len();
    let mut start = start.min(len);
    let mut end = end.max(start).min(len);
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    while !source.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

fn files_error_to_io(e: codespan_reporting::files::Error) -> io::Error {
    match e {
        codespan_reporting::files::Error::Io(e) => e,
        other => io::Error::other(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Span;

    fn at(text: &str, needle: &str) -> Span {
        let start = text.find(needle).unwrap();
        Span::new(start, start + needle.len())
    }

    /// The line of the rendered text that carries the carets.
    fn caret_line(out: &str) -> &str {
        out.lines().find(|l| l.contains('^')).unwrap()
    }

    #[test]
    fn error_has_location_source_line_and_caret() {
        let src = "int main(void) {\n    int x = 1\n    return x;\n}\n";
        let d = Diagnostic::error(at(src, "return"), "expected `;`").with_label("before this");
        let out = render_to_string("t.c", src, &[d]);
        assert!(out.starts_with("error: expected `;`\n"), "{out}");
        assert!(out.contains("--> t.c:3:5\n"), "{out}");
        assert!(out.contains("3 |     return x;"), "{out}");
        let caret = caret_line(&out);
        // The carets sit under `return` (same column as in the source line).
        let src_line = out.lines().find(|l| l.contains("return x;")).unwrap();
        assert_eq!(caret.find('^'), src_line.find("return"), "{out}");
        assert!(caret.ends_with("^^^^^^ before this"), "{out}");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // Two multi-byte characters (é: 2 bytes, 😀: 4 bytes) before the span.
        let src = "/* é😀 */ int y = @;\n";
        let d = Diagnostic::error(at(src, "@"), "unexpected `@`").with_label("here");
        let out = render_to_string("u.c", src, &[d]);
        assert!(out.contains("--> u.c:1:18\n"), "{out}");
        assert_eq!(line_col(src, src.find('@').unwrap()), Some((1, 18)));
    }

    #[test]
    fn span_at_end_of_file() {
        let src = "int main(void) {\n  return 0;\n";
        let d = Diagnostic::error(Span::new(src.len(), src.len()), "expected `}`").with_label("missing `}`");
        let out = render_to_string("e.c", src, &[d]);
        assert!(out.starts_with("error: expected `}`"), "{out}");
        assert!(out.contains("--> e.c:3:1\n"), "{out}");
        assert!(out.contains("missing `}`"), "{out}");
    }

    #[test]
    fn span_at_end_of_file_without_trailing_newline() {
        let src = "int f(void) { return 0;";
        let d = Diagnostic::error(Span::new(src.len(), src.len()), "expected `}`").with_label("here");
        let out = render_to_string("n.c", src, &[d]);
        assert!(out.contains("--> n.c:1:24\n"), "{out}");
        assert!(caret_line(&out).contains("here"), "{out}");
    }

    #[test]
    fn out_of_range_and_mid_character_spans_do_not_panic() {
        let src = "é = 1;";
        for span in [Span::new(1, 2), Span::new(100, 200), Span::new(3, 1)] {
            let out = render_to_string("x.c", src, &[Diagnostic::error(span, "m")]);
            assert!(out.contains("--> x.c:1:"), "{out}");
        }
    }

    #[test]
    fn control_characters_are_shown_as_pictures_at_their_columns() {
        let src = "int main(void) {\x01\x1b[31m\x07 x; }\n";
        let out = render_to_string(
            "b.c",
            src,
            &[Diagnostic::error(at(src, "x;"), "here").with_label("this")],
        );
        assert!(!out.chars().any(|c| c.is_ascii_control() && c != '\n'), "{out:?}");
        assert!(out.contains("{\u{2401}\u{241b}[31m\u{2407} x; }"), "{out}");
        assert!(out.contains("b.c:1:25"), "{out}");
        // The caret stays under `x`: as many columns in as in the input.
        let line = out.lines().find(|l| l.contains("^^")).unwrap_or_default();
        let snippet = out.lines().find(|l| l.contains("main")).unwrap_or_default();
        let col_x = snippet.chars().position(|c| c == 'x').unwrap_or_default();
        assert_eq!(line.chars().position(|c| c == '^'), Some(col_x), "{out}");
    }

    #[test]
    fn synthetic_span_prints_without_location() {
        let d = Diagnostic::warning(Span::SYNTHETIC, "loop not accelerated").with_note("too many paths");
        let out = render_to_string("s.c", "int x;\n", &[d]);
        assert!(out.starts_with("warning: loop not accelerated\n"), "{out}");
        assert!(!out.contains("-->"), "{out}");
        assert!(out.contains("= note: too many paths"), "{out}");
        assert!(out.contains("= note: in `s.c`"), "{out}");
    }

    #[test]
    fn notes_are_prefixed_once() {
        let src = "int x;\n";
        let d = Diagnostic::note(at(src, "x"), "fyi")
            .with_note("plain")
            .with_note("help: do this");
        let out = render_to_string("n.c", src, &[d]);
        assert!(out.starts_with("note: fyi"), "{out}");
        assert!(out.contains("= note: plain"), "{out}");
        assert!(out.contains("= help: do this"), "{out}");
        assert!(!out.contains("note: help:"), "{out}");
    }

    #[test]
    fn several_diagnostics_in_order() {
        let src = "a;\nb;\n";
        let ds = [
            Diagnostic::error(at(src, "a"), "first"),
            Diagnostic::warning(at(src, "b"), "second"),
        ];
        let out = render_to_string("m.c", src, &ds);
        let first = out.find("error: first").unwrap();
        let second = out.find("warning: second").unwrap();
        assert!(first < second);
        assert!(out.contains("m.c:1:1") && out.contains("m.c:2:1"), "{out}");
    }

    #[test]
    fn render_to_plain_writer_has_no_escape_codes_and_colour_has() {
        let src = "int x;\n";
        let ds = [Diagnostic::error(at(src, "x"), "bad")];
        let mut plain = termcolor::NoColor::new(Vec::new());
        render("c.c", src, &ds, &mut plain).unwrap();
        let plain = String::from_utf8(plain.into_inner()).unwrap();
        assert_eq!(plain, render_to_string("c.c", src, &ds));
        let mut ansi = termcolor::Ansi::new(Vec::new());
        render("c.c", src, &ds, &mut ansi).unwrap();
        assert!(ansi.into_inner().contains(&0x1b));
    }

    #[test]
    fn colour_choice() {
        let set = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        assert!(ColorChoice::Auto.use_color(true, None));
        assert!(ColorChoice::Auto.use_color(true, empty));
        assert!(!ColorChoice::Auto.use_color(true, set));
        assert!(!ColorChoice::Auto.use_color(false, None));
        assert!(ColorChoice::Always.use_color(false, set));
        assert!(!ColorChoice::Never.use_color(true, None));
    }
}
