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
//! the original text.

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

/// Rewrite `__CPROVER_forall { ... }` into a statement expression; returns
/// the new text and the insertions made.
fn rewrite_quantifiers(text: &str) -> (String, Vec<(usize, usize)>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut insertions = Vec::new();
    let mut copied = 0;
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
        out.push_str(&text[copied..search]);
        insertions.push((out.len(), 1));
        out.push('(');
        out.push_str(&text[search..close]);
        insertions.push((out.len(), 1));
        out.push(';');
        out.push('}');
        insertions.push((out.len(), 1));
        out.push(')');
        copied = close + 1;
        search = copied;
    }
    out.push_str(&text[copied..]);
    (out, insertions)
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn matching_brace(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Parse C source text. Fails with diagnostics when tree-sitter reports an
/// error or a missing node anywhere in the tree.
pub fn parse(text: &str) -> Result<Parsed, Vec<Diagnostic>> {
    let (rewritten, insertions) = rewrite_quantifiers(text);
    let parsed_text = rewritten;
    let mut parser = Parser::new();
    let language: tree_sitter::Language = tree_sitter_c::LANGUAGE.into();
    parser.set_language(&language).map_err(|e| {
        vec![Diagnostic::error(
            Span::SYNTHETIC,
            format!("cannot load the C grammar: {e}"),
        )]
    })?;
    let tree = parser
        .parse(&parsed_text, None)
        .ok_or_else(|| vec![Diagnostic::error(Span::SYNTHETIC, "the parser gave up on this input")])?;
    let parsed = Parsed {
        tree,
        text: parsed_text,
        insertions,
    };
    let root = parsed.tree.root_node();
    if root.has_error() {
        let mut errors = Vec::new();
        collect_syntax_errors(&parsed, root, &mut errors);
        if errors.is_empty() {
            errors.push(Diagnostic::error(parsed.span(root), "syntax error").with_label("here"));
        }
        return Err(errors);
    }
    Ok(parsed)
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
