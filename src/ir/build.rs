//! Constructors for synthetic IR expressions (every node they build has
//! `Span::SYNTHETIC`) and the queries on expressions that every stage after
//! `lower` shares (`vars_of`, `subst`, `desynth`). In: IR expressions; out:
//! IR expressions. They never look at a program or a path.

use super::expr::{BinOp, Expr, ExprKind, Span, UnOp, VarId};
use super::types::{CType, IntType};

pub const INT: CType = CType::Int(IntType::INT);
pub const ULONG: CType = CType::Int(IntType::ULONG);
pub const LONG: CType = CType::Int(IntType::LONG);

pub fn lit(v: i128, ty: IntType) -> Expr {
    Expr::int(v, ty)
}

pub fn ulong(v: i128) -> Expr {
    Expr::int(v, IntType::ULONG)
}

pub fn var(id: VarId, ty: &CType) -> Expr {
    Expr::var(id, ty.clone())
}

/// `(ty)e`, printed explicitly; no node when `e` already has type `ty`.
pub fn cast(e: Expr, ty: IntType) -> Expr {
    if e.ty == CType::Int(ty) {
        return e;
    }
    Expr::new(
        ExprKind::Cast {
            implicit: false,
            expr: Box::new(e),
        },
        CType::Int(ty),
        Span::SYNTHETIC,
    )
}

/// Arithmetic in type `ty` on operands already of type `ty`. For types
/// narrower than `int` the C result would be `int`, so the result is cast
/// back explicitly to keep the printed type equal to the IR type.
pub fn arith(op: BinOp, a: Expr, b: Expr, ty: IntType) -> Expr {
    // Neutral elements: keep the output readable.
    if let Some(x) = other_than_neutral(op, &a, &b) {
        return cast(x.clone(), ty);
    }
    let p = ty.promote();
    let e = Expr::new(
        ExprKind::Binary(op, Box::new(cast(a, p)), Box::new(cast(b, p))),
        CType::Int(p),
        Span::SYNTHETIC,
    );
    cast(e, ty)
}

/// Comparison or logical operator: result `int`.
pub fn bool_op(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), INT, Span::SYNTHETIC)
}

/// Comparison of two integer expressions, converting both to their common
/// type first (explicitly, so the C reading is the IR reading).
pub fn cmp(op: BinOp, a: Expr, b: Expr) -> Expr {
    let (ta, tb) = match (a.int_type(), b.int_type()) {
        (Some(x), Some(y)) => (x, y),
        _ => return bool_op(op, a, b),
    };
    let c = IntType::common(ta, tb);
    bool_op(op, cast(a, c), cast(b, c))
}

pub fn and(a: Expr, b: Expr) -> Expr {
    if is_true(&a) {
        return b;
    }
    if is_true(&b) {
        return a;
    }
    bool_op(BinOp::LogAnd, a, b)
}

pub fn or(a: Expr, b: Expr) -> Expr {
    bool_op(BinOp::LogOr, a, b)
}

/// `lhs = rhs`, with `rhs` already of `lhs`'s type.
pub fn assign(lhs: Expr, rhs: Expr, span: Span) -> Expr {
    let ty = lhs.ty.clone();
    Expr::new(
        ExprKind::Assign {
            op: None,
            op_ty: ty.clone(),
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        ty,
        span,
    )
}

pub fn and_all(es: impl IntoIterator<Item = Expr>) -> Expr {
    es.into_iter().fold(lit(1, IntType::INT), and)
}

pub fn not(e: Expr) -> Expr {
    Expr::new(ExprKind::Unary(UnOp::LogNot, Box::new(e)), INT, Span::SYNTHETIC)
}

/// `!(a op b)` as the comparison `a op' b` that holds exactly where `a op
/// b` does not (integer operands; `None` otherwise), a constant on the
/// right (`!(0 < i)` is `i <= 0`).
pub fn turned(e: &Expr) -> Option<Expr> {
    match &e.kind {
        ExprKind::Binary(op, a, b) if a.int_type().is_some() && b.int_type().is_some() => {
            let turned = op.negated()?;
            let kind = if a.const_value().is_some() && b.const_value().is_none() {
                ExprKind::Binary(turned.mirrored()?, b.clone(), a.clone())
            } else {
                ExprKind::Binary(turned, a.clone(), b.clone())
            };
            Some(Expr::new(kind, e.ty.clone(), e.span))
        }
        _ => None,
    }
}

/// `!e` where only its truth counts (a condition, an assumption): `!!x`
/// as `x`, a comparison of integers turned.
pub fn negation(e: Expr) -> Expr {
    if let ExprKind::Unary(UnOp::LogNot, x) = e.kind {
        return *x;
    }
    turned(&e).unwrap_or_else(|| not(e))
}

/// `e` with `f` applied to each operand of a unary, binary, conditional or
/// conversion node (other nodes unchanged): the step of a bottom-up rewrite.
pub fn map_operands(e: Expr, f: &dyn Fn(Expr) -> Expr) -> Expr {
    let Expr { kind, ty, span } = e;
    let g = |b: Box<Expr>| Box::new(f(*b));
    let kind = match kind {
        ExprKind::Unary(op, a) => ExprKind::Unary(op, g(a)),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(op, g(a), g(b)),
        ExprKind::Cond(c, a, b) => ExprKind::Cond(g(c), g(a), g(b)),
        ExprKind::Cast { implicit, expr } => ExprKind::Cast {
            implicit,
            expr: g(expr),
        },
        other => other,
    };
    Expr { kind, ty, span }
}

/// `forall k. k < bound ==> body` over an `unsigned long` index `k`, in
/// the form the emitters and CBMC read (`!(k < bound) || body`).
pub fn forall_below(k: VarId, bound: Expr, body: Expr) -> Expr {
    let range = cmp(BinOp::Lt, Expr::var(k, ULONG), bound);
    Expr::new(
        ExprKind::Forall(k, Box::new(or(not(range), body))),
        INT,
        Span::SYNTHETIC,
    )
}

pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
    let ty = a.ty.clone();
    Expr::new(
        ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
        ty,
        Span::SYNTHETIC,
    )
}

pub fn is_true(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::IntLit(v) if v != 0)
}

/// Make the top-level chain of implicit conversions explicit: the value of
/// an assignment, once moved into another context, must keep its type.
pub fn as_value(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Cast { implicit: true, expr } => Expr::new(
            ExprKind::Cast {
                implicit: false,
                expr: Box::new(as_value(*expr)),
            },
            e.ty,
            Span::SYNTHETIC,
        ),
        kind => Expr::new(kind, e.ty, e.span),
    }
}

/// Substitute variables by expressions (the replacements are taken as they
/// are: callers pass values made explicit with `as_value`). Nodes that
/// change lose their span.
pub fn subst(e: &Expr, f: &dyn Fn(VarId) -> Option<Expr>) -> Expr {
    // One arm per expression kind (a node is rebuilt only if a child
    // changed), which is why it is long.
    fn go(e: &Expr, f: &dyn Fn(VarId) -> Option<Expr>) -> (Expr, bool) {
        let b = |x: &Expr| -> (Box<Expr>, bool) {
            let (r, c) = go(x, f);
            (Box::new(r), c)
        };
        let (kind, changed) = match &e.kind {
            ExprKind::Var(v) => match f(*v) {
                Some(r) => return (r, true),
                None => (e.kind.clone(), false),
            },
            ExprKind::IntLit(_) | ExprKind::Nondet(_) | ExprKind::Opaque(_) | ExprKind::StringLit(_) => {
                (e.kind.clone(), false)
            }
            ExprKind::Alloc { size, zeroed } => {
                let (a, c) = b(size);
                (
                    ExprKind::Alloc {
                        size: a,
                        zeroed: *zeroed,
                    },
                    c,
                )
            }
            ExprKind::Unary(op, a) => {
                let (a, c) = b(a);
                (ExprKind::Unary(*op, a), c)
            }
            ExprKind::AddrOf(a) => {
                let (a, c) = b(a);
                (ExprKind::AddrOf(a), c)
            }
            ExprKind::Deref(a) => {
                let (a, c) = b(a);
                (ExprKind::Deref(a), c)
            }
            ExprKind::Member(a, field) => {
                let (a, c) = b(a);
                (ExprKind::Member(a, *field), c)
            }
            ExprKind::Cast { implicit, expr } => {
                let (a, c) = b(expr);
                (
                    ExprKind::Cast {
                        implicit: *implicit,
                        expr: a,
                    },
                    c,
                )
            }
            ExprKind::Binary(op, x, y) => {
                let (x, c1) = b(x);
                let (y, c2) = b(y);
                (ExprKind::Binary(*op, x, y), c1 || c2)
            }
            ExprKind::Index(x, y) => {
                let (x, c1) = b(x);
                let (y, c2) = b(y);
                (ExprKind::Index(x, y), c1 || c2)
            }
            ExprKind::Comma(x, y) => {
                let (x, c1) = b(x);
                let (y, c2) = b(y);
                (ExprKind::Comma(x, y), c1 || c2)
            }
            ExprKind::Cond(x, y, z) => {
                let (x, c1) = b(x);
                let (y, c2) = b(y);
                let (z, c3) = b(z);
                (ExprKind::Cond(x, y, z), c1 || c2 || c3)
            }
            ExprKind::Assign { op, op_ty, lhs, rhs } => {
                let (l, c1) = b(lhs);
                let (r, c2) = b(rhs);
                (
                    ExprKind::Assign {
                        op: *op,
                        op_ty: op_ty.clone(),
                        lhs: l,
                        rhs: r,
                    },
                    c1 || c2,
                )
            }
            ExprKind::IncDec {
                inc,
                prefix,
                op_ty,
                target,
            } => {
                let (t, c) = b(target);
                (
                    ExprKind::IncDec {
                        inc: *inc,
                        prefix: *prefix,
                        op_ty: op_ty.clone(),
                        target: t,
                    },
                    c,
                )
            }
            ExprKind::Call(callee, args) => {
                let mut any = false;
                let args = args
                    .iter()
                    .map(|a| {
                        let (r, c) = go(a, f);
                        any |= c;
                        r
                    })
                    .collect();
                (ExprKind::Call(callee.clone(), args), any)
            }
            ExprKind::Forall(v, body) => {
                let (x, c) = b(body);
                (ExprKind::Forall(*v, x), c)
            }
        };
        let span = if changed { Span::SYNTHETIC } else { e.span };
        (Expr::new(kind, e.ty.clone(), span), changed)
    }
    go(e, f).0
}

/// Every variable an expression mentions.
pub fn vars_of(e: &Expr, out: &mut std::collections::BTreeSet<VarId>) {
    e.walk(&mut |x| {
        if let ExprKind::Var(v) = x.kind {
            out.insert(v);
        }
    });
}

/// Remove real spans everywhere (a copy of source nodes placed elsewhere
/// must be printed from the IR, not copied from its old position).
pub fn desynth(e: &Expr) -> Expr {
    let mut r = subst(e, &|_| None);
    strip(&mut r);
    r
}

/// A string that identifies the value of `e`: equal for expressions that
/// differ in their spans only.
pub fn key(e: &Expr) -> String {
    format!("{:?}", desynth(e))
}

fn strip(e: &mut Expr) {
    e.walk_mut(&mut |x| x.span = Span::SYNTHETIC);
}

/// Replace constant subexpressions (`1UL - 1UL`) by their values, keeping
/// the printed type: a literal of the same type; and drop the neutral
/// operand of `x * 1`, `1 * x`, `x + 0`, `0 + x` and `x - 0` where `x` has
/// the operation's type (such an operation cannot overflow either).
pub fn fold_constants(e: Expr) -> Expr {
    if !matches!(e.kind, ExprKind::IntLit(_))
        && let (Some(v), Some(t)) = (e.const_value(), e.int_type())
    {
        return Expr::int(v, t);
    }
    let e = map_operands(e, &fold_constants);
    match &e.kind {
        ExprKind::Binary(op, a, b) => match other_than_neutral(*op, a, b) {
            Some(x) if x.ty == e.ty && e.int_type().is_some() => x.clone(),
            _ => e,
        },
        _ => e,
    }
}

/// Of `a op b`, the operand that is its value when the other is a neutral
/// literal (`x * 1`, `1 * x`, `x / 1`, `x + 0`, `0 + x`, `x - 0`), in
/// mathematics: the caller sees to the type.
pub fn other_than_neutral<'e>(op: BinOp, a: &'e Expr, b: &'e Expr) -> Option<&'e Expr> {
    let is = |e: &Expr, v: i128| matches!(e.kind, ExprKind::IntLit(x) if x == v);
    match op {
        BinOp::Mul | BinOp::Div if is(b, 1) => Some(a),
        BinOp::Mul if is(a, 1) => Some(b),
        BinOp::Add | BinOp::Sub if is(b, 0) => Some(a),
        BinOp::Add if is(a, 0) => Some(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(e: Expr) -> String {
        format!("{e:?}")
    }

    fn raw(op: BinOp, a: Expr, b: Expr) -> Expr {
        let ty = a.ty.clone();
        Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty, Span::SYNTHETIC)
    }

    #[test]
    fn folding_drops_neutral_operands_of_the_same_type_only() {
        let i = cast(var(VarId(0), &INT), IntType::LONG);
        // `(long)i * (long)1UL`, as substituting `n = 1` leaves it.
        let one = cast(Expr::int(1, IntType::ULONG), IntType::LONG);
        assert_eq!(
            same(fold_constants(raw(BinOp::Mul, i.clone(), one.clone()))),
            same(i.clone())
        );
        assert_eq!(same(fold_constants(raw(BinOp::Mul, one, i.clone()))), same(i.clone()));
        let zero = Expr::int(0, IntType::LONG);
        assert_eq!(
            same(fold_constants(raw(BinOp::Sub, i.clone(), zero.clone()))),
            same(i.clone())
        );
        assert_eq!(
            same(fold_constants(raw(BinOp::Add, zero.clone(), i.clone()))),
            same(i.clone())
        );
        // `0 - i` is not `i`; an operand of another type keeps the node.
        let minus = raw(BinOp::Sub, zero, i.clone());
        assert_eq!(same(fold_constants(minus.clone())), same(minus));
        let narrow = var(VarId(1), &INT);
        let mixed = Expr::new(
            ExprKind::Binary(BinOp::Mul, Box::new(narrow), Box::new(Expr::int(1, IntType::INT))),
            LONG,
            Span::SYNTHETIC,
        );
        assert_eq!(same(fold_constants(mixed.clone())), same(mixed));
    }
}
