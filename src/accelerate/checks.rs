//! The operations of an expression that C checks: those whose result
//! could leave its type, and constant values through conversions.
//!
//! In: an expression of a path's effect. Out: its operations that need a
//! no-overflow condition (`collect_checks`), or its constant value
//! (`const_value`).

use crate::ir::build::key;
use crate::ir::{BinOp, Expr, ExprKind, UnOp};
use crate::reason::Reason;
use std::collections::BTreeSet;

pub(super) fn const_value(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::IntLit(v) => Some(*v),
        ExprKind::Cast { expr, .. } => {
            let v = const_value(expr)?;
            e.ty.as_int().map(|t| t.wrap(v))
        }
        _ => None,
    }
}

/// Operations in an assigned value whose result could leave its type.
pub(super) fn collect_checks(e: &Expr, out: &mut Vec<Expr>, seen: &mut BTreeSet<String>) -> Result<(), Reason> {
    collect(e, out, seen, false)
}

/// Operations in a guard or assertion that a check fails on: signed
/// arithmetic that could overflow, a signed `<<` among it (a division by
/// a value that may be 0 and a shift by a variable amount are refused, as
/// in `collect_checks`). The accelerator
/// evaluates a guard at its last iteration before it assumes the other
/// guards that make that iteration reachable, so an operation that fails
/// there in no execution of the loop could fail in the accelerator; each
/// one found is assumed not to overflow at every covered iteration, like
/// an assignment's. Unsigned operations and conversions wrap as C says,
/// which no check concerns and which the guard treatments model.
pub(super) fn collect_guard_checks(e: &Expr, out: &mut Vec<Expr>, seen: &mut BTreeSet<String>) -> Result<(), Reason> {
    collect(e, out, seen, true)
}

fn collect(e: &Expr, out: &mut Vec<Expr>, seen: &mut BTreeSet<String>, signed_only: bool) -> Result<(), Reason> {
    let mut err = None;
    let mut found: Vec<Expr> = Vec::new();
    e.walk(&mut |x| {
        let t = x.ty.as_int();
        match &x.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, ..) | ExprKind::Unary(UnOp::Neg, _)
                if !signed_only || t.is_some_and(|t| t.signed && !t.is_bool()) =>
            {
                found.push(x.clone())
            }
            ExprKind::Cast { .. } if signed_only => {}
            ExprKind::Cast { expr, .. } => {
                if let (Some(t), Some(f)) = (t, expr.ty.as_int())
                    && !t.includes(f)
                    && !t.is_bool()
                {
                    found.push(x.clone());
                }
            }
            // A constant divisor other than 0 and -1 cannot fail.
            ExprKind::Binary(BinOp::Div | BinOp::Rem, _, b)
                if !matches!(const_value(b), Some(c) if c != 0 && c != -1) =>
            {
                err.get_or_insert(Reason::UnsupportedOperation("divides by a non-constant value"));
            }
            // A shift by a constant amount: `a << c` is `a * 2^c` where C
            // defines it (`overflow::no_wrap` says where), `a >> c` never
            // leaves its type.
            ExprKind::Binary(op @ (BinOp::Shl | BinOp::Shr), ..) => match x.constant_shift() {
                None => {
                    err.get_or_insert(Reason::UnsupportedOperation(
                        "shifts by an amount that is not a constant within the type",
                    ));
                }
                Some(_) if *op == BinOp::Shl && (!signed_only || t.is_some_and(|t| t.signed)) => {
                    found.push(x.clone())
                }
                Some(_) => {}
            },
            _ => {}
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    // Inner operations first, so that each check can rely on its operands.
    // Operations that cannot leave their type whatever the values of their
    // operands' types need no check.
    found.retain(|x| !x.always_in_type());
    for x in found.into_iter().rev() {
        let k = key(&x);
        if seen.insert(k) {
            out.push(x);
        }
    }
    Ok(())
}
