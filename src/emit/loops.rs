//! Splicing rewritten loops into the original text.
//!
//! In: the rewritten loops (`RewrittenLoop`: the span of the loop they
//! replace, its function, the statement to print), the program they are
//! in, the original text. Out: the text with each outermost rewritten loop
//! printed in place of the original (loops inside it put in place first),
//! the declarations the generated code needs before the first function
//! that changed (and the statics of helpers that accelerators name, moved
//! to file scope by `hoist`), and the `SourceMap` of the result.

use super::dialect::{Dialect, required_declarations};
use super::error::EmitError;
use super::hoist;
use super::splice::{Edit, SourceMap, line_indent, splice, uses_crlf};
use super::stmt::{detect_indent_unit, print_stmt_traced};
use crate::diag::Diagnostic;
use crate::ir::{FuncId, Program, Span, Stmt, StmtKind};

/// A loop's new version, to be printed in place of the loop at `span`.
#[derive(Clone, Debug)]
pub struct RewrittenLoop {
    pub span: Span,
    pub func: FuncId,
    pub stmt: Stmt,
}

/// Is the loop at `span` a direct member of a `{ }` block (so that a
/// declaration may go right before it)?
fn in_braces(program: &Program, func: FuncId, span: Span) -> bool {
    let Some(body) = &program.func(func).body else {
        return false;
    };
    let mut found = false;
    body.walk(&mut |s| {
        if let StmtKind::Block { stmts, scoped: true } = &s.kind
            && stmts.iter().any(|c| c.span == span && c.is_loop())
        {
            found = true;
        }
    });
    found
}

/// The outermost of `loops`, each with the new versions of the loops
/// inside it put in place of the originals: a statement of the original
/// text that contains a rewritten loop is rebuilt (synthetic, printed from
/// the IR) around it, its other parts still copied from the text.
fn nest_loops(loops: &[RewrittenLoop]) -> Vec<RewrittenLoop> {
    let inside = |a: Span, b: Span| b.start <= a.start && a.end <= b.end && a != b;
    let mut by_size: Vec<RewrittenLoop> = loops.to_vec();
    by_size.sort_by_key(|l| (l.span.end - l.span.start, l.span.start));
    // Each loop goes into the nearest rewritten loop around it (which goes
    // into the next one in turn): the outer one no longer has the original
    // statement of a loop two levels down.
    for i in 0..by_size.len() {
        if let Some(j) = (i + 1..by_size.len()).find(|&j| inside(by_size[i].span, by_size[j].span)) {
            let (span, with) = (by_size[i].span, by_size[i].stmt.clone());
            by_size[j].stmt = put_loop(&by_size[j].stmt, span, &with, true);
        }
    }
    let mut outer: Vec<RewrittenLoop> = by_size
        .iter()
        .filter(|l| !by_size.iter().any(|o| inside(l.span, o.span)))
        .cloned()
        .collect();
    outer.sort_by_key(|l| l.span.start);
    outer
}

/// `s` with the loop at `span` replaced by `with`; `in_block` says whether
/// `s` is an item of a `{ }` block (else an unscoped `with` gets braces).
fn put_loop(s: &Stmt, span: Span, with: &Stmt, in_block: bool) -> Stmt {
    if s.span == span && s.is_loop() {
        let mut w = with.clone();
        if !in_block && let StmtKind::Block { scoped, .. } = &mut w.kind {
            *scoped = true;
        }
        return w;
    }
    let contains = s.span.start <= span.start && span.end <= s.span.end;
    if !s.span.is_synthetic() && !contains {
        return s.clone();
    }
    let items = matches!(s.kind, StmtKind::Block { .. });
    // Here `s` is synthetic or contains the loop: it is printed from the IR.
    let mut rebuilt = s.map_children(&mut |c| put_loop(c, span, with, items));
    rebuilt.span = Span::SYNTHETIC;
    rebuilt
}

/// Print the loops and splice them into the text; add the declarations the
/// generated code needs before the first function that changed. Errors are
/// internal ones: what tracc built cannot be printed.
pub fn splice_loops(
    text: &str,
    program: &Program,
    loops: &[RewrittenLoop],
    dialect: Dialect,
    original: &Program,
) -> Result<(String, SourceMap), Vec<Diagnostic>> {
    if loops.is_empty() {
        return Ok((text.to_string(), SourceMap::new(text, &[])));
    }
    let internal = |e: EmitError| {
        vec![Diagnostic::error(
            Span::SYNTHETIC,
            format!("internal error while emitting C: {e}"),
        )]
    };
    let unit = detect_indent_unit(text);
    let mut edits = Vec::new();
    let stmts: Vec<&Stmt> = loops.iter().map(|l| &l.stmt).collect();
    let mut decls = required_declarations(program, &stmts, dialect);
    let named: Vec<(FuncId, &Stmt)> = loops.iter().map(|l| (l.func, &l.stmt)).collect();
    let hoisted = hoist::plan(program, original, text, &named, dialect).map_err(|e| {
        internal(EmitError::Unsupported(format!(
            "the static `{}` of `{}` at file scope: {}",
            e.var, e.func, e.why
        )))
    })?;
    decls.extend(hoisted.decls);
    edits.extend(hoisted.edits);
    let loops = &nest_loops(loops);
    if !decls.is_empty() {
        let first_func = (loops.iter())
            .map(|l| original.func(l.func).span.start)
            .chain(hoisted.before)
            .min()
            .unwrap_or(0);
        let line_start = text[..first_func].rfind('\n').map_or(0, |p| p + 1);
        let mut block = String::from("/* tracc: declarations used by the generated code */\n");
        for d in decls {
            block.push_str(&d);
            block.push('\n');
        }
        block.push('\n');
        edits.push(Edit::new(Span::new(line_start, line_start), block));
    }
    for l in loops {
        let indent = line_indent(text, l.span.start).to_string();
        let needs_braces =
            matches!(&l.stmt.kind, StmtKind::Block { scoped: false, .. }) && !in_braces(original, l.func, l.span);
        // A declaration cannot follow a label or stand as the body of an
        // `if`: outside a `{ }` block the reset and the loop get braces.
        let mut stmt = l.stmt.clone();
        if needs_braces && let StmtKind::Block { scoped, .. } = &mut stmt.kind {
            *scoped = true;
        }
        let printed = print_stmt_traced(program, text, &stmt, &indent, &unit, dialect).map_err(internal)?;
        edits.push(Edit::loop_replacement(l.span, printed));
    }
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    // Generated lines end as the input's lines do.
    if uses_crlf(text) {
        edits = edits.into_iter().map(Edit::with_crlf).collect();
    }
    let spliced = splice(text, &edits).map_err(internal)?;
    Ok((spliced, SourceMap::new(text, &edits)))
}
