//! Parsing: C text in, tree-sitter syntax tree out.
//!
//! In: the source text. Out: a `Parsed` syntax tree with no error or missing
//! nodes, or one error diagnostic per syntax error at its line and column.
//!
//! CBMC's quantifier syntax `__CPROVER_forall { T k; body }` is not C, and
//! tracc emits it, so its own output must parse again: before parsing, each
//! such expression is rewritten into the GNU statement expression
//! `__CPROVER_forall({ T k; body; })`, which tree-sitter-c accepts. The
//! inserted bytes are recorded, and `Parsed::span` maps every node back to
//! the original text. The same way, a file that parses only with `int `
//! before function definitions without a return type (`main() { ... }`,
//! C89's implicit `int`) gets it, with a warning, and GNU `__attribute__`s
//! where tree-sitter-c takes none are read as blanks (same offsets), as are
//! the line markers of preprocessed input (`diag::markers`).

use crate::diag::Diagnostic;
use crate::ir::Span;
use tree_sitter::{Node, Parser, Tree};

/// A syntax tree together with the text it was parsed from.
#[derive(Debug)]
pub struct Parsed {
    pub tree: Tree,
    /// The text the tree refers to (the input with quantifiers rewritten).
    pub text: String,
    /// Sorted insertions `(position in parsed text, length)`.
    insertions: Vec<(usize, usize)>,
    /// What the parse assumed (C89's implicit `int`), at the input.
    pub warnings: Vec<Diagnostic>,
}

impl Parsed {
    /// Map an offset in the parsed text back to the original input.
    pub fn original_offset(&self, offset: usize) -> usize {
        let mut shift = 0;
        for &(pos, len) in &self.insertions {
            if offset >= pos + len {
                shift += len;
            } else if offset > pos {
                return pos - shift;
            } else {
                break;
            }
        }
        offset - shift
    }

    /// The span of a node in the original input.
    pub fn span(&self, node: Node<'_>) -> Span {
        Span::new(
            self.original_offset(node.start_byte()),
            self.original_offset(node.end_byte()),
        )
    }

    /// The node's text in the parsed text.
    pub fn node_text(&self, node: Node<'_>) -> &str {
        &self.text[node.start_byte()..node.end_byte()]
    }
}

const FORALL: &str = "__CPROVER_forall";

/// Where `__CPROVER_forall { ... }` needs insertions to become a statement
/// expression: `(` after the keyword, `;` before the closing brace, `)`
/// after it (positions in `text`).
fn quantifier_insertions(text: &str) -> Vec<(usize, &'static str)> {
    let bytes = text.as_bytes();
    let mut edits = Vec::new();
    let mut search = 0;
    while let Some(found) = text[search..].find(FORALL) {
        let at = search + found;
        search = at + FORALL.len();
        let before_ok = at == 0 || !is_ident_byte(bytes[at - 1]);
        let mut open = search;
        while open < bytes.len() && bytes[open].is_ascii_whitespace() {
            open += 1;
        }
        if !before_ok || open >= bytes.len() || bytes[open] != b'{' {
            continue;
        }
        let Some(close) = matching_brace(bytes, open) else {
            continue;
        };
        // `__CPROVER_forall` `(` ws `{ ...` `;` `}` `)`
        edits.push((search, "("));
        edits.push((close, ";"));
        edits.push((close + 1, ")"));
        search = close + 1;
    }
    edits
}

/// Function definitions at the start of a line without a return type
/// (`main() {`, C89's implicit `int`): where `int ` goes, with the name.
fn implicit_int_insertions(text: &str) -> Vec<(usize, String)> {
    const NOT_NAMES: [&str; 8] = ["if", "while", "for", "switch", "return", "sizeof", "do", "else"];
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let at = line_start;
        line_start += line.len();
        let name_len = line.bytes().take_while(|b| is_ident_byte(*b)).count();
        let name = &line[..name_len];
        if name_len == 0 || name.as_bytes()[0].is_ascii_digit() || NOT_NAMES.contains(&name) {
            continue;
        }
        let mut open = at + name_len;
        while open < bytes.len() && (bytes[open] == b' ' || bytes[open] == b'\t') {
            open += 1;
        }
        if bytes.get(open) != Some(&b'(') {
            continue;
        }
        let Some(close) = matching_paren(bytes, open) else {
            continue;
        };
        let body = text[close + 1..].trim_start();
        if body.starts_with('{') {
            out.push((at, name.to_string()));
        }
    }
    out
}

/// `text` with every GNU `__attribute__((...))` replaced by as many spaces
/// (so every offset stays), for the places tree-sitter-c does not take one
/// (`int x __attribute__((unused)) = 0;`, common in preprocessed files);
/// `None` when there is none. Attributes that change a type (`mode`,
/// `vector_size`) are kept, so that such a file is still refused rather
/// than given another type.
fn blank_attributes(text: &str) -> Option<String> {
    let mut bytes = text.as_bytes().to_vec();
    let mut found = false;
    for keyword in ["__attribute__", "__attribute"] {
        let mut search = 0;
        while let Some(at) = text[search..].find(keyword).map(|p| p + search) {
            search = at + keyword.len();
            if (at > 0 && is_ident_byte(text.as_bytes()[at - 1])) || text[search..].starts_with("__") {
                continue;
            }
            let mut open = search;
            while open < bytes.len() && bytes[open].is_ascii_whitespace() {
                open += 1;
            }
            let Some(close) = (bytes.get(open) == Some(&b'('))
                .then(|| matching_paren(text.as_bytes(), open))
                .flatten()
            else {
                continue;
            };
            let inside = &text[open..close];
            if inside.contains("mode") || inside.contains("vector_size") {
                continue;
            }
            for b in &mut bytes[at..=close] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
            found = true;
            search = close + 1;
        }
    }
    // Only ASCII bytes were replaced by spaces, so the text stays UTF-8.
    found.then(|| String::from_utf8(bytes).ok()).flatten()
}

/// `text` with `edits` (sorted positions in `text`) inserted; the insertions
/// as `(position in the new text, length)`.
fn insert(text: &str, edits: &[(usize, &str)]) -> (String, Vec<(usize, usize)>) {
    let mut out = String::with_capacity(text.len() + edits.len() * 4);
    let mut insertions = Vec::new();
    let mut copied = 0;
    for &(at, what) in edits {
        out.push_str(&text[copied..at]);
        insertions.push((out.len(), what.len()));
        out.push_str(what);
        copied = at;
    }
    out.push_str(&text[copied..]);
    (out, insertions)
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The position of the bracket that closes the `open_b` at `open`, or
/// `None` when there is none or a byte of `stop` comes first.
fn matching(bytes: &[u8], open: usize, (open_b, close_b): (u8, u8), stop: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        if b == open_b {
            depth += 1;
        } else if b == close_b {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        } else if stop.contains(&b) {
            return None;
        }
    }
    None
}

fn matching_brace(bytes: &[u8], open: usize) -> Option<usize> {
    matching(bytes, open, (b'{', b'}'), &[])
}

/// A parenthesis closed before any `{` or `;` (a parameter or attribute
/// list, not a body).
fn matching_paren(bytes: &[u8], open: usize) -> Option<usize> {
    matching(bytes, open, (b'(', b')'), b"{;")
}

/// Parse C source text. Fails with diagnostics when tree-sitter reports an
/// error or a missing node anywhere in the tree. A file that parses only
/// with `int` before function definitions that have no return type (C89's
/// implicit `int`, `main() { ... }`) is taken so, with a warning each.
pub fn parse(text: &str) -> Result<Parsed, Vec<Diagnostic>> {
    // Line markers of preprocessed input (`# 7 "pp.c" 3 4`), wherever gcc
    // puts them, are blanks to the parser.
    let unmarked = crate::diag::markers::blank(text);
    let text = unmarked.as_deref().unwrap_or(text);
    let quantifiers = quantifier_insertions(text);
    let parsed = parse_with(text, &quantifiers)?;
    let root = parsed.tree.root_node();
    if !root.has_error() {
        return Ok(parsed);
    }
    let implicit = implicit_int_insertions(text);
    let blanked = blank_attributes(text);
    if !implicit.is_empty() || blanked.is_some() {
        let mut edits: Vec<(usize, &str)> = quantifiers.clone();
        edits.extend(implicit.iter().map(|(at, _)| (*at, "int ")));
        edits.sort_by_key(|e| e.0);
        let mut retried = parse_with(blanked.as_deref().unwrap_or(text), &edits)?;
        if !retried.tree.root_node().has_error() {
            retried.warnings = implicit
                .iter()
                .map(|(at, name)| {
                    Diagnostic::warning(
                        Span::new(*at, at + name.len()),
                        format!("function `{name}` has no return type"),
                    )
                    .with_label("`int` assumed (C89 implicit int)")
                })
                .collect();
            return Ok(retried);
        }
    }
    let mut errors = Vec::new();
    collect_syntax_errors(&parsed, root, &mut errors);
    if errors.is_empty() {
        errors.push(Diagnostic::error(parsed.span(root), "syntax error").with_label("here"));
    }
    Err(errors)
}

/// The tree of `text` with `edits` inserted (errors in it are the caller's
/// to report).
fn parse_with(text: &str, edits: &[(usize, &str)]) -> Result<Parsed, Vec<Diagnostic>> {
    let (parsed_text, insertions) = insert(text, edits);
    let mut parser = Parser::new();
    let language: tree_sitter::Language = tree_sitter_c::LANGUAGE.into();
    parser.set_language(&language).map_err(|e| {
        vec![Diagnostic::error(
            Span::SYNTHETIC,
            format!("cannot load the C grammar: {e}"),
        )]
    })?;
    let tree = parse_within_budget(&mut parser, &parsed_text)
        .ok_or_else(|| vec![Diagnostic::error(Span::SYNTHETIC, PARSER_GAVE_UP)])?;
    Ok(Parsed {
        tree,
        text: parsed_text,
        insertions,
        warnings: Vec::new(),
    })
}

const PARSER_GAVE_UP: &str =
    "the parser gave up on this input: recovering from its syntax errors took too long (is it C?)";

/// Progress reports tree-sitter may make per byte of input before the
/// parse is cancelled. Its error recovery can take very long on text far
/// from C (minutes for 379 bytes of random text); the fixtures need at most
/// 0.01 reports per byte, so C files, even malformed ones, stay far below.
const PROGRESS_PER_BYTE: usize = 8;

/// Parse `text`, or `None` when the parser needs more work than C text of
/// that length does (a deterministic budget: the same input always gets the
/// same answer).
fn parse_within_budget(parser: &mut Parser, text: &str) -> Option<tree_sitter::Tree> {
    let bytes = text.as_bytes();
    let budget = 2_000 + PROGRESS_PER_BYTE * bytes.len();
    let mut reports = 0usize;
    let mut progress = |_: &tree_sitter::ParseState| {
        reports += 1;
        reports > budget
    };
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut progress);
    let mut read = |i: usize, _| bytes.get(i..).unwrap_or_default();
    parser.parse_with_options(&mut read, None, Some(options))
}

fn collect_syntax_errors(parsed: &Parsed, node: Node<'_>, out: &mut Vec<Diagnostic>) {
    if out.len() >= 20 {
        return;
    }
    if node.is_missing() {
        let s = parsed.span(node);
        out.push(
            Diagnostic::error(
                Span::new(s.start, s.start),
                format!("syntax error: expected `{}`", node.kind()),
            )
            .with_label(format!("missing `{}`", node.kind())),
        );
        return;
    }
    if node.is_error() {
        let s = parsed.span(node);
        let end = if s.end > s.start { s.end } else { s.start };
        out.push(
            Diagnostic::error(Span::new(s.start, end), "syntax error: unexpected input").with_label("not valid C here"),
        );
        return;
    }
    if !node.has_error() {
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect_syntax_errors(parsed, child, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_missing_semicolon_at_its_position() {
        let errs = parse("int main() { int x = 1 return x; }").unwrap_err();
        assert!(!errs.is_empty());
        assert!(errs[0].span.start <= 22, "{errs:?}");
    }

    #[test]
    fn implicit_int_functions_parse_with_a_warning_and_map_back() {
        let src = "int g(void) { return 1; }\nmain()\n{\n    return g();\n}\n";
        let parsed = parse(src).expect("parses with implicit int");
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.warnings[0].message, "function `main` has no return type");
        let main_at = src.find("main").expect("main");
        assert_eq!(parsed.warnings[0].span, Span::new(main_at, main_at + 4));
        let main_fn = parsed.tree.root_node().named_child(1).expect("second definition");
        assert_eq!(main_fn.kind(), "function_definition");
        assert_eq!(parsed.span(main_fn), Span::new(main_at, src.len() - 1));
        // Valid C needs no guess; a real syntax error stays one.
        assert!(
            parse("int main(void) { return 0; }")
                .expect("parses")
                .warnings
                .is_empty()
        );
        assert!(parse("main() { int x = ; }").is_err());
    }

    #[test]
    fn gnu_attributes_where_tree_sitter_takes_none_are_read_as_blanks() {
        let src = "int main(void) {\n    int x __attribute__((unused)) = 0;\n    return x;\n}\n";
        let parsed = parse(src).expect("parses");
        assert!(parsed.warnings.is_empty());
        let body = parsed.tree.root_node().named_child(0).expect("main");
        assert_eq!(parsed.span(body), Span::new(0, src.len() - 1));
        // An attribute that changes the type is not dropped.
        assert!(parse("int main(void) { int x __attribute__((mode(DI))) = 0; return x; }").is_err());
    }

    #[test]
    fn quantifiers_parse_and_map_back() {
        let src = "void f(unsigned long n, int a[4]) { __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < n) || a[k] > 0 }); }";
        let parsed = parse(src).unwrap();
        let start = src.find("__CPROVER_forall").unwrap();
        let end = src.find("> 0 }").unwrap() + 4;
        assert_eq!(&src[end..end + 1], "}");
        let mut found = false;
        let mut stack = vec![parsed.tree.root_node()];
        while let Some(n) = stack.pop() {
            if n.kind() == "call_expression" && parsed.node_text(n).starts_with("__CPROVER_forall") {
                assert_eq!(parsed.span(n), Span::new(start, end + 1));
                found = true;
            }
            let mut c = n.walk();
            stack.extend(n.children(&mut c));
        }
        assert!(found);
    }

    #[test]
    fn accepts_valid_c() {
        assert!(parse("int main(void) { return 0; }").is_ok());
    }
}
