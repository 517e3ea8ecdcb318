//! Input bytes to text and output text back to bytes.
//!
//! In: an input's path (or `-` for stdin) and its bytes. Out: the text the
//! pipeline works on (`read_input`), the input's name in messages, and a
//! way to turn an output text back into bytes. Old C sources often
//! have Latin-1 bytes in comments; a byte that is not part of a UTF-8
//! character stands for itself as one character of Unicode's private use
//! area (U+F780 + (byte - 0x80); such a byte is always 0x80 or more), and
//! goes back to the same byte on output. The characters in strings and
//! comments are copied through, and the front end models no non-ASCII
//! character constant, so the stand-ins never change a verdict.

use std::borrow::Cow;
use std::io::{self, Read};
use std::path::Path;

use crate::diag::Diagnostic;
use crate::ir::Span;

/// First stand-in character: byte 0x80.
const STAND_IN_BASE: u32 = 0xF780;

/// An input file's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SourceText {
    pub text: String,
    /// The input had bytes outside UTF-8 characters (now stand-ins).
    pub raw_bytes: bool,
}

/// Why the bytes cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Undecodable {
    /// Offset of the first byte that is not UTF-8.
    pub raw_at: usize,
    /// Offset of a character that is itself one of the stand-ins, so the
    /// output could not tell them apart.
    pub clash_at: usize,
}

fn is_stand_in(c: char) -> bool {
    (STAND_IN_BASE..STAND_IN_BASE + 0x80).contains(&u32::from(c))
}

impl SourceText {
    pub fn decode(bytes: Vec<u8>) -> Result<SourceText, Undecodable> {
        let (raw_at, bytes) = match String::from_utf8(bytes) {
            Ok(text) => {
                return Ok(SourceText { text, raw_bytes: false });
            }
            Err(e) => (e.utf8_error().valid_up_to(), e.into_bytes()),
        };
        let offset = |part: &[u8]| part.as_ptr() as usize - bytes.as_ptr() as usize;
        let mut text = String::with_capacity(bytes.len() + 16);
        for chunk in bytes.utf8_chunks() {
            if let Some((i, _)) = chunk.valid().char_indices().find(|(_, c)| is_stand_in(*c)) {
                let clash_at = offset(chunk.valid().as_bytes()) + i;
                return Err(Undecodable { raw_at, clash_at });
            }
            text.push_str(chunk.valid());
            for &b in chunk.invalid() {
                text.extend(char::from_u32(STAND_IN_BASE + u32::from(b) - 0x80));
            }
        }
        Ok(SourceText { text, raw_bytes: true })
    }

    /// 1-based line and column (in bytes) of byte `at` of `bytes`.
    pub fn line_col(bytes: &[u8], at: usize) -> (usize, usize) {
        let before = &bytes[..at.min(bytes.len())];
        let line_start = before.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1);
        (
            before.iter().filter(|b| **b == b'\n').count() + 1,
            before.len() - line_start + 1,
        )
    }

    /// The bytes of `output` (a text made from this input).
    pub fn encode<'a>(&self, output: &'a str) -> Cow<'a, [u8]> {
        if !self.raw_bytes {
            return Cow::Borrowed(output.as_bytes());
        }
        let mut out = Vec::with_capacity(output.len());
        for c in output.chars() {
            if is_stand_in(c) {
                out.push((u32::from(c) - STAND_IN_BASE + 0x80) as u8);
            } else {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
        Cow::Owned(out)
    }
}

pub(super) fn is_stdio(p: &Path) -> bool {
    p.as_os_str() == "-"
}

/// The name of an input in diagnostics and reports.
pub(super) fn display_name(p: &Path) -> String {
    if is_stdio(p) {
        "<stdin>".to_string()
    } else {
        p.display().to_string()
    }
}

/// Read an input file (or stdin for `-`) as UTF-8. Any failure is an
/// error diagnostic without a location.
pub(super) fn read_input(p: &Path) -> Result<SourceText, Diagnostic> {
    let bytes = if is_stdio(p) {
        let mut buf = Vec::new();
        io::stdin().read_to_end(&mut buf).map(|_| buf)
    } else {
        std::fs::read(p)
    };
    let bytes =
        bytes.map_err(|e| Diagnostic::error(Span::SYNTHETIC, format!("cannot read `{}`: {e}", display_name(p))))?;
    let copy = bytes.clone();
    SourceText::decode(bytes).map_err(|e| {
        let at = |offset| {
            let (line, col) = SourceText::line_col(&copy, offset);
            format!("{}:{line}:{col}", display_name(p))
        };
        Diagnostic::error(
            Span::SYNTHETIC,
            format!(
                "{}: a byte that is not UTF-8, and {}: a character (U+F780..U+F7FF) that tracc uses to carry such bytes through",
                at(e.raw_at),
                at(e.clash_at)
            ),
        )
        .with_note("re-encode the file as UTF-8 (iconv -f latin1 -t utf-8)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_bytes_come_back_unchanged() {
        let bytes = b"/* caf\xe9 \xff */\nint x; /* \xc3\xa9 is UTF-8 */\n".to_vec();
        let s = SourceText::decode(bytes.clone()).expect("decodes");
        assert!(s.raw_bytes);
        assert_eq!(s.text.lines().count(), 2);
        assert!(s.text.starts_with("/* caf\u{F7E9} \u{F7FF} */\nint x; /* \u{e9} is"));
        assert_eq!(s.encode(&s.text).as_ref(), &bytes[..]);
    }

    #[test]
    fn utf8_input_is_taken_as_it_is() {
        let s = SourceText::decode("/* \u{F7E9} */".as_bytes().to_vec()).expect("decodes");
        assert!(!s.raw_bytes);
        assert_eq!(s.encode("x").as_ref(), b"x");
    }

    #[test]
    fn a_stand_in_character_next_to_raw_bytes_is_refused() {
        let mut bytes = b"/* \xe9 */ ".to_vec();
        bytes.extend_from_slice("/* \u{F7E9} */".as_bytes());
        assert_eq!(
            SourceText::decode(bytes),
            Err(Undecodable {
                raw_at: 3,
                clash_at: 11
            })
        );
    }
}
