//! Walks over z3 terms: every application below a set of roots, once.
//!
//! In: formulas (or terms) and a visitor. Out: whether the visitor broke
//! the walk. Used to find the products (`lemmas`) and the quantified
//! array reads (`quant`) of an encoding.

use std::ops::ControlFlow;
use z3::ast::{Ast, Bool, Dynamic};

/// Call `visit(term, children)` once for every application in the term
/// DAGs below `roots` (shared subterms once), until `visit` breaks; the
/// result says whether it did.
pub(super) fn visit_apps(
    roots: impl IntoIterator<Item = Dynamic>,
    mut visit: impl FnMut(&Dynamic, &[Dynamic]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<Dynamic> = roots.into_iter().collect();
    while let Some(t) = stack.pop() {
        if !t.is_app() || !seen.insert(t.clone()) {
            continue;
        }
        let kids = t.children();
        visit(&t, &kids)?;
        stack.extend(kids);
    }
    ControlFlow::Continue(())
}

/// The formulas as roots for [`visit_apps`].
pub(super) fn roots(formulas: &[Bool]) -> impl Iterator<Item = Dynamic> + '_ {
    formulas.iter().map(|f| Dynamic::from_ast(f))
}
