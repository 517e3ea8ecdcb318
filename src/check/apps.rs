//! Walks over z3 terms: every application below a set of roots, once.
//!
//! In: formulas (or terms) and a visitor. Out: whether the visitor broke
//! the walk. Used to find the products (`lemmas`) and the quantified
//! array reads (`quant`) of an encoding; the kind of a term's
//! declaration, asked safely (`decl_kind`).

use std::ops::ControlFlow;
use z3::ast::{Ast, Bool, Dynamic};
use z3::{AstKind, DeclKind};

/// The kind of `t`'s declaration, or `None` for a term that is no
/// application or is a free constant. A free constant's kind is never
/// asked: the libz3 4.8 of Debian numbers uninterpreted symbols (45101)
/// outside the z3 crate's `DeclKind`, which is then an invalid value (a
/// `match` on it is undefined; formatting it crashed).
pub(super) fn decl_kind(t: &impl Ast) -> Option<DeclKind> {
    let free = t.kind() == AstKind::App
        && t.num_children() == 0
        && Dynamic::from_ast(t).as_bool().and_then(|b| b.as_bool()).is_none();
    (t.is_app() && !free).then(|| t.decl().kind())
}

/// Whether `t` is a free constant (an uninterpreted symbol of no
/// arguments): see `decl_kind`.
pub(super) fn is_free_constant(t: &impl Ast) -> bool {
    t.is_app() && decl_kind(t).is_none()
}

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

#[cfg(test)]
mod tests {
    use super::{decl_kind, is_free_constant};
    use z3::DeclKind;
    use z3::ast::{BV, Bool};

    #[test]
    fn free_constants_have_no_kind_and_operations_theirs() {
        let x = BV::new_const("x", 32);
        let product = x.bvmul(BV::from_u64(3, 32));
        assert!(is_free_constant(&x));
        assert_eq!(decl_kind(&x), None);
        assert!(!is_free_constant(&product));
        assert_eq!(decl_kind(&product), Some(DeclKind::Bmul));
        assert!(!is_free_constant(&BV::from_u64(3, 32)));
        assert!(!is_free_constant(&Bool::from_bool(true)));
        assert_eq!(decl_kind(&Bool::from_bool(true)), Some(DeclKind::True));
        assert!(is_free_constant(&Bool::new_const("b")));
    }
}
