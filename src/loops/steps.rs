//! Helpers of the enumeration over expressions and places: reading a
//! place, side effects, the reason memory is not modelled.

use super::inline::Inlinable;
use super::path::Lhs;
use crate::ir::{CType, Callee, Expr, ExprKind, Span, Stmt, StmtKind, VarId};
use crate::reason::Reason;

pub(super) fn place_read(place: &Lhs, orig: &Expr) -> Expr {
    match place {
        Lhs::Var(v) => Expr::var(*v, orig.ty.clone()),
        Lhs::Index(a, rows, idx) => {
            let indices: Vec<&Expr> = rows.iter().chain([idx]).collect();
            with_indices(*a, orig.skip_implicit(), &indices)
        }
    }
}

/// The access `orig` to array `a` (`a[..]...[..]`, as `place` took it
/// apart) reading at `indices`, outermost first, in place of its own.
pub(super) fn with_indices(a: VarId, orig: &Expr, indices: &[&Expr]) -> Expr {
    let (ExprKind::Index(base, _), Some((last, outer))) = (&orig.kind, indices.split_last()) else {
        return Expr::var(a, orig.ty.clone());
    };
    let arr = if outer.is_empty() {
        Expr::var(a, base.ty.clone())
    } else {
        with_indices(a, base.skip_implicit(), outer)
    };
    Expr::new(
        ExprKind::Index(Box::new(arr), Box::new((*last).clone())),
        orig.ty.clone(),
        Span::SYNTHETIC,
    )
}

pub(super) fn assign_expr(v: VarId, ty: &CType, e: Expr) -> Expr {
    Expr::new(
        ExprKind::Assign {
            op: None,
            op_ty: ty.clone(),
            lhs: Box::new(Expr::var(v, ty.clone())),
            rhs: Box::new(e),
        },
        ty.clone(),
        Span::SYNTHETIC,
    )
}

pub(super) fn has_case(s: &Stmt) -> bool {
    let mut found = false;
    s.walk(&mut |x| found |= matches!(x.kind, StmtKind::Case(..) | StmtKind::Default(_)));
    found
}

/// Whether evaluating the expression assigns a variable that outlives it
/// (calls to functions that write no global only change their locals).
pub(super) fn changes_state(inl: &Inlinable, e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| match &x.kind {
        ExprKind::Assign { .. } | ExprKind::IncDec { .. } => found = true,
        ExprKind::Call(Callee::Func(f), _) => {
            found |= inl.effects.get(f.0).is_none_or(|(_, w)| !w.is_empty());
        }
        _ => {}
    });
    found
}

/// Whether evaluating the expression changes state or calls a function.
pub fn has_side_effects(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        found |= matches!(
            x.kind,
            ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Call(..)
        )
    });
    found
}

pub(super) trait FindOpaque {
    fn walk_find_opaque(&self) -> Option<Reason>;
}

/// Why a node that works with memory (`Expr::is_memory_node`) keeps its
/// loop from being accelerated.
pub(super) fn memory_reason(x: &Expr) -> Reason {
    if x.ty.as_struct().is_some() || matches!(x.kind, ExprKind::Member(..)) {
        Reason::Struct
    } else {
        Reason::Pointer
    }
}

impl FindOpaque for Expr {
    fn walk_find_opaque(&self) -> Option<Reason> {
        let mut r = None;
        self.walk(&mut |x| match &x.kind {
            ExprKind::Opaque(s) => {
                r.get_or_insert_with(|| Reason::UnmodelledExpressions(vec![s.clone()]));
            }
            _ if x.is_memory_node() => {
                r.get_or_insert(memory_reason(x));
            }
            _ => {}
        });
        r
    }
}
