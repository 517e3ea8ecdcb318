//! The covered-iteration condition without what it repeats.
//!
//! In: the conjuncts of the coverage condition (every assumption of the
//! accelerator at `n = 1`, in the order they are assumed). Out: the same
//! condition, smaller: conjunctions flattened, `e + 0` and conversions
//! that widen and narrow back removed (exact identities of C), repeated
//! conjuncts dropped, and every conjunct dropped that z3 proves implied by
//! the kept conjuncts before it (with C's wrap-around semantics, each
//! variable in its type; where z3 proves that nothing in a conjunct wraps
//! around, with its mathematical value). Only earlier conjuncts count as premises: a
//! conjunct that protects the evaluation of a later one (an index in
//! bounds before an element is read) is implied by nothing after it being
//! dropped, so the flag never evaluates anything the longer one would not.
//!
//! Why: at `n = 1` the no-wrap bounds, the closed forms at the last
//! iteration and the guards say the same thing several times, and the flag
//! is evaluated at every original iteration (it was a third of the output).

use std::collections::{BTreeSet, HashMap, HashSet};

use z3::ast::{Bool, Int};

use super::smt::{Eval, Mode, in_range, prove};
use super::{Ctx, key, with_solver};
use crate::ir::{BinOp, Expr, ExprKind, VarId};
use crate::loops::build::{self, and_all};

/// The conjunction of `parts`, simplified (see the module comment).
pub(super) fn coverage(ctx: &Ctx, parts: Vec<Expr>) -> Expr {
    let mut conjuncts = Vec::new();
    for p in parts {
        flatten(tidy(p), &mut conjuncts);
    }
    let mut seen = HashSet::new();
    conjuncts.retain(|c| c.const_value() != Some(1) && seen.insert(key(c)));
    and_all(drop_implied(ctx, conjuncts))
}

fn flatten(e: Expr, out: &mut Vec<Expr>) {
    match e.kind {
        ExprKind::Binary(BinOp::LogAnd, a, b) => {
            flatten(*a, out);
            flatten(*b, out);
        }
        _ => out.push(e),
    }
}

/// `e + 0`, `e - 0` (of `e`'s type) and `(T)(W)e` (with `e` of type `T`
/// and every value of `T` one of `W`) replaced by `e`, bottom up.
fn tidy(e: Expr) -> Expr {
    let Expr { kind, ty, span } = e;
    let kind = match kind {
        ExprKind::Unary(op, a) => ExprKind::Unary(op, Box::new(tidy(*a))),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (tidy(*a), tidy(*b));
            if matches!(op, BinOp::Add | BinOp::Sub) && b.const_value() == Some(0) && a.ty == ty {
                return a;
            }
            ExprKind::Binary(op, Box::new(a), Box::new(b))
        }
        ExprKind::Cond(c, a, b) => ExprKind::Cond(Box::new(tidy(*c)), Box::new(tidy(*a)), Box::new(tidy(*b))),
        ExprKind::Cast { implicit, expr } => {
            let inner = tidy(*expr);
            if let ExprKind::Cast { expr: x, .. } = &inner.kind
                && x.ty == ty
                && let (Some(t), Some(w)) = (ty.as_int(), inner.ty.as_int())
                && w.contains(t.min())
                && w.contains(t.max())
            {
                return (**x).clone();
            }
            ExprKind::Cast {
                implicit,
                expr: Box::new(inner),
            }
        }
        other => other,
    };
    Expr { kind, ty, span }
}

/// The conjuncts that z3 does not prove implied by the kept ones before
/// them, in their order.
fn drop_implied(ctx: &Ctx, conjuncts: Vec<Expr>) -> Vec<Expr> {
    let mut names = BTreeSet::new();
    for c in &conjuncts {
        build::vars_of(c, &mut names);
    }
    let mut vars: HashMap<VarId, Int> = HashMap::new();
    let mut ranges = Vec::new();
    for v in names {
        if let Some(t) = ctx.path.var_decl(ctx.program, v).and_then(|d| d.ty.as_int()) {
            let x = Int::fresh_const(&format!("v{}", v.0));
            ranges.push(in_range(&x, t));
            vars.insert(v, x);
        }
    }
    let tru = Bool::from_bool(true);
    let mut exact = Eval::new(Mode::Exact, &vars);
    let mut premises = ranges;
    let mut kept = Vec::new();
    for c in conjuncts {
        // Modular arithmetic is hard for the solver: where z3 proves that
        // nothing in `c` wraps around under the premises, its mathematical
        // value is its C value.
        let mut math = Eval::new(Mode::NoWrap, &vars);
        let truth = match math.truth(&c, &tru) {
            Some(t) if with_solver(|s| prove(s, &premises, &Bool::and(&math.sides))) => Some(t),
            _ => exact.truth(&c, &tru),
        };
        let implied = truth.as_ref().is_some_and(|t| with_solver(|s| prove(s, &premises, t)));
        if implied {
            continue;
        }
        if let Some(t) = truth {
            premises.push(t);
        }
        kept.push(c);
    }
    kept
}
