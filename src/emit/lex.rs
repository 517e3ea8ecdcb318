//! Just enough C lexing to know which bytes are code: comments, string and
//! character literals are found so that re-indentation and quantifier
//! replacement never change their contents.

/// What a byte of C text belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    Code,
    Comment,
    /// Inside a string or character literal, quotes included.
    Literal,
}

/// The class of every byte of `text`, assuming `text` starts in code.
/// Unterminated comments and literals run to the end (string literals also
/// end at an unescaped newline, as the C lexer would complain there).
pub(super) fn classify(text: &str) -> Vec<Class> {
    scan(text).0
}

/// The byte ranges `[start, end)` of the comments in `text`, in order.
pub(super) fn comment_ranges(text: &str) -> Vec<(usize, usize)> {
    scan(text).1
}

fn scan(text: &str) -> (Vec<Class>, Vec<(usize, usize)>) {
    let b = text.as_bytes();
    let mut out = vec![Class::Code; b.len()];
    let mut comments = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let start = i;
                i += 2;
                // A line comment ends at a newline that is not spliced.
                while i < b.len() && (b[i] != b'\n' || spliced(b, i)) {
                    i += 1;
                }
                out[start..i].fill(Class::Comment);
                comments.push((start, i));
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                while i < b.len() && !(b[i] == b'/' && b[i - 1] == b'*' && i >= start + 3) {
                    i += 1;
                }
                i = (i + 1).min(b.len());
                out[start..i].fill(Class::Comment);
                comments.push((start, i));
            }
            q @ (b'"' | b'\'') => {
                let start = i;
                i += 1;
                while i < b.len() {
                    match b[i] {
                        c if c == q => {
                            i += 1;
                            break;
                        }
                        // An escape, or a line splice (also before CR LF).
                        b'\\' if b[i + 1..].starts_with(b"\r\n") => i += 3,
                        b'\\' => i += 2,
                        // Unterminated: the literal stops before the newline.
                        b'\n' => break,
                        _ => i += 1,
                    }
                }
                i = i.min(b.len());
                out[start..i].fill(Class::Literal);
            }
            _ => i += 1,
        }
    }
    (out, comments)
}

/// Whether the newline at `i` is spliced away by a backslash (before an
/// optional carriage return).
fn spliced(b: &[u8], i: usize) -> bool {
    let before = if i > 0 && b[i - 1] == b'\r' { i - 1 } else { i };
    before > 0 && b[before - 1] == b'\\'
}

/// Whether `text` (trimmed) is one parenthesised expression `( ... )`.
pub(super) fn is_fully_parenthesized(text: &str) -> bool {
    let t = text.trim();
    if !t.starts_with('(') || !t.ends_with(')') {
        return false;
    }
    let class = classify(t);
    let mut depth = 0usize;
    for (i, c) in t.bytes().enumerate() {
        if class[i] != Class::Code {
            continue;
        }
        match c {
            b'(' => depth += 1,
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i == t.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether `text` is a single identifier, number or character constant.
pub(super) fn is_single_token(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() {
        return false;
    }
    if t.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
        return true;
    }
    // A character constant such as '\n' or L'x'.
    let body = t.trim_start_matches(['L', 'u', 'U', '8']);
    body.len() >= 3
        && body.starts_with('\'')
        && body.ends_with('\'')
        && classify(body).iter().all(|c| *c == Class::Literal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_comments_and_literals() {
        let t = "a /* } */ \"}\\\"\" '}' // }\nb";
        let c = classify(t);
        let code: String = t
            .char_indices()
            .filter(|(i, _)| c[*i] == Class::Code)
            .map(|(_, ch)| ch)
            .collect();
        assert_eq!(code, "a    \nb");
    }

    #[test]
    fn comment_ranges_separate_adjacent_comments() {
        let t = "/**//* x */ a // y\\\n z\nb";
        assert_eq!(comment_ranges(t), vec![(0, 4), (4, 11), (14, 22)]);
    }

    #[test]
    fn splices_continue_literals_and_comments() {
        let t = "\"a\\\r\nb\" x // c\\\r\nd\ne \"open\nf";
        let c = classify(t);
        let code: String = t
            .char_indices()
            .filter(|(i, _)| c[*i] == Class::Code)
            .map(|(_, ch)| ch)
            .collect();
        assert_eq!(code, " x \ne \nf");
    }

    #[test]
    fn block_comment_needs_its_own_star() {
        // "/*/" does not close the comment it opens.
        let t = "/*/ x */y";
        let c = classify(t);
        assert_eq!(c[8], Class::Code);
        assert_eq!(c[4], Class::Comment);
    }

    #[test]
    fn parenthesised_means_one_group() {
        assert!(is_fully_parenthesized("(a + b)"));
        assert!(is_fully_parenthesized(" ((a) + (b)) "));
        assert!(!is_fully_parenthesized("(a) + (b)"));
        assert!(!is_fully_parenthesized("a + (b)"));
        assert!(is_fully_parenthesized("(f(\")\"))"));
    }

    #[test]
    fn single_tokens() {
        assert!(is_single_token("x_1"));
        assert!(is_single_token("0x10UL"));
        assert!(is_single_token("'\\n'"));
        assert!(!is_single_token("-1"));
        assert!(!is_single_token("a+b"));
        assert!(!is_single_token("'a' + 'b'"));
    }
}
