//! Parsing: C text in, tree-sitter syntax tree out.
//!
//! In: the source text. Out: a `tree_sitter::Tree` with no error or missing
//! nodes, or one error diagnostic per syntax error at its line and column.

use crate::diag::Diagnostic;
use crate::ir::Span;
use tree_sitter::{Node, Parser, Tree};

/// Parse C source text. Fails with diagnostics when tree-sitter reports an
/// error or a missing node anywhere in the tree.
pub fn parse(text: &str) -> Result<Tree, Vec<Diagnostic>> {
    let mut parser = Parser::new();
    let language: tree_sitter::Language = tree_sitter_c::LANGUAGE.into();
    parser.set_language(&language).map_err(|e| {
        vec![Diagnostic::error(
            Span::SYNTHETIC,
            format!("cannot load the C grammar: {e}"),
        )]
    })?;
    let tree = parser
        .parse(text, None)
        .ok_or_else(|| vec![Diagnostic::error(Span::SYNTHETIC, "the parser gave up on this input")])?;
    let mut errors = Vec::new();
    if tree.root_node().has_error() {
        collect_syntax_errors(tree.root_node(), &mut errors);
        if errors.is_empty() {
            errors.push(Diagnostic::error(span_of(tree.root_node()), "syntax error").with_label("here"));
        }
        return Err(errors);
    }
    Ok(tree)
}

pub fn span_of(node: Node<'_>) -> Span {
    Span::new(node.start_byte(), node.end_byte())
}

fn collect_syntax_errors(node: Node<'_>, out: &mut Vec<Diagnostic>) {
    if out.len() >= 20 {
        return;
    }
    if node.is_missing() {
        let s = span_of(node);
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
        let s = span_of(node);
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
        collect_syntax_errors(child, out);
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
    fn accepts_valid_c() {
        assert!(parse("int main(void) { return 0; }").is_ok());
    }
}
