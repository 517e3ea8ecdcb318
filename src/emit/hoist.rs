//! Block-scope statics that a rewritten loop names from another function.
//!
//! In: the rewritten loops, the program and the original text. Out: for
//! each `static` of a helper that a loop's accelerator reads or writes
//! (the helper is inlined into the path, so the accelerator's closed form
//! names the helper's static from the caller), its declaration printed for
//! file scope and the edit that replaces the helper's declaration by a
//! comment (`Hoisted`); or why one cannot move (`StaticCannotMove`), and
//! then `pipeline` leaves the loop alone. The static keeps its name, so
//! the helper's text is otherwise unchanged; that is sound only where the
//! name is nobody else's: it may occur in the text only inside the helper,
//! so no other declaration, macro or use can meet the moved one.

use super::dialect::Dialect;
use super::lex::{Class, classify};
use super::splice::Edit;
use super::stmt::print_stmt;
use crate::ir::{CType, Expr, FuncId, Init, Program, Span, Stmt, StmtKind, Storage, VarId};
use std::collections::BTreeSet;

/// The statics to move: their declarations for file scope, where they go
/// (before the function that declares the first of them), and the edits in
/// the helpers.
#[derive(Debug, Default)]
pub(super) struct Hoisted {
    pub(super) decls: Vec<String>,
    pub(super) before: Option<usize>,
    pub(super) edits: Vec<Edit>,
}

/// A static that a loop's accelerator names but that cannot move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticCannotMove {
    pub var: String,
    pub func: String,
    pub why: String,
}

/// The block-scope statics of other functions that `loops` (each new
/// statement with the function it is in) name.
fn foreign_statics(program: &Program, loops: &[(FuncId, &Stmt)]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    for &(func, stmt) in loops {
        stmt.walk(&mut |s| {
            for e in s.own_exprs() {
                let mut used = BTreeSet::new();
                crate::ir::build::vars_of(e, &mut used);
                for v in used {
                    let d = program.var(v);
                    if d.storage == Storage::Global && d.func.is_some_and(|f| f != func) {
                        out.insert(v);
                    }
                }
            }
        });
    }
    out
}

/// Plan the move of every static that `loops` name from another function;
/// `original` is the program as lowered from `text` (its spans are the
/// text's).
pub(super) fn plan(
    program: &Program,
    original: &Program,
    text: &str,
    loops: &[(FuncId, &Stmt)],
    dialect: Dialect,
) -> Result<Hoisted, StaticCannotMove> {
    let mut hoisted = Hoisted::default();
    let statics = foreign_statics(program, loops);
    if statics.is_empty() {
        return Ok(hoisted);
    }
    let classes = classify(text);
    for v in statics {
        let d = original.var(v);
        let Some(func) = d.func.map(|f| original.func(f)) else {
            continue;
        };
        let refuse = |why: &str| StaticCannotMove {
            var: d.name.clone(),
            func: func.name.clone(),
            why: why.to_string(),
        };
        let CType::Int(ty) = d.ty else {
            return Err(refuse("it is not an integer"));
        };
        let value = match original.globals.iter().find(|(g, _)| *g == v) {
            Some((_, None)) => None,
            Some((_, Some(Init::Expr(e)))) if e.const_value().is_some() => e.const_value(),
            _ => return Err(refuse("its initialiser is not a constant")),
        };
        let Some(decl) = declaration(func.body.as_ref(), v) else {
            return Err(refuse("it is declared together with other variables"));
        };
        if let Some(at) = occurrences(text, &classes, &d.name).find(|&at| at < func.span.start || at >= func.span.end) {
            let line = text[..at].matches('\n').count() + 1;
            return Err(refuse(&format!(
                "its name also occurs outside `{}`, at line {line}",
                func.name
            )));
        }
        // The initialiser as its value: its text may name a macro or an
        // enumerator defined after the place the declaration moves to.
        let mut valued = program.clone();
        valued.globals.retain(|(g, _)| *g != v);
        valued.globals.push((v, value.map(|c| Init::Expr(Expr::int(c, ty)))));
        let decl_stmt = Stmt::new(StmtKind::Decl(v, None), Span::SYNTHETIC);
        let printed = print_stmt(&valued, text, &decl_stmt, "", "", dialect).map_err(|e| refuse(&e.to_string()))?;
        hoisted.decls.push(printed);
        hoisted.edits.push(Edit::new(
            decl,
            format!("/* tracc: `{}` is declared at file scope */", d.name),
        ));
        let start = func.span.start;
        hoisted.before = Some(hoisted.before.map_or(start, |b| b.min(start)));
    }
    Ok(hoisted)
}

/// The span of the declaration of `v` in `body`, when it declares `v`
/// alone (a declaration of several variables lowers to an unscoped block).
fn declaration(body: Option<&Stmt>, v: VarId) -> Option<Span> {
    let mut found = None;
    let mut shared = false;
    body?.walk(&mut |s| match &s.kind {
        StmtKind::Decl(w, _) if *w == v => found = Some(s.span),
        StmtKind::Block { stmts, scoped: false } => {
            shared |= stmts.iter().any(|c| matches!(c.kind, StmtKind::Decl(w, _) if w == v));
        }
        _ => {}
    });
    found.filter(|s| !shared && !s.is_synthetic())
}

/// Where `name` occurs as an identifier in the code of `text` (not in a
/// comment or a literal).
fn occurrences<'t>(text: &'t str, classes: &'t [Class], name: &'t str) -> impl Iterator<Item = usize> + 't {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = text.as_bytes();
    text.match_indices(name).map(|(at, _)| at).filter(move |&at| {
        let end = at + name.len();
        classes[at] == Class::Code && (at == 0 || !ident(bytes[at - 1])) && (end >= bytes.len() || !ident(bytes[end]))
    })
}

/// Whether every static that `stmt`, the new statement of a loop in
/// `func`, names from another function can move to file scope (else the
/// first that cannot, and why).
pub fn check_statics(
    program: &Program,
    original: &Program,
    text: &str,
    (func, stmt): (FuncId, &Stmt),
    dialect: Dialect,
) -> Result<(), StaticCannotMove> {
    plan(program, original, text, &[(func, stmt)], dialect).map(|_| ())
}
