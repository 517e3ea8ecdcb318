//! Operators and C's implicit conversions.
//!
//! In: lowered operands. Out: the operation with the integer promotions,
//! the usual arithmetic conversions and array-to-pointer decay written as
//! implicit casts, so that later stages never re-derive C's typing; pointer
//! arithmetic and comparisons typed as C types them. What tracc does not
//! model is opaque.

use super::Lowerer;
use super::expr::{first_opaque, opaque};
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, Span, UnOp};
use tree_sitter::Node;

pub(super) fn binop(op: &str) -> Option<BinOp> {
    Some(match op {
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        "/" => BinOp::Div,
        "%" => BinOp::Rem,
        "<<" => BinOp::Shl,
        ">>" => BinOp::Shr,
        "&" => BinOp::BitAnd,
        "|" => BinOp::BitOr,
        "^" => BinOp::BitXor,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "&&" => BinOp::LogAnd,
        "||" => BinOp::LogOr,
        _ => return None,
    })
}

/// `e` converted to `ty` by C's rules, not written in the text.
fn implicit_cast(e: Expr, ty: &CType) -> Expr {
    let span = e.span;
    Expr::new(
        ExprKind::Cast {
            implicit: true,
            expr: Box::new(e),
        },
        ty.clone(),
        span,
    )
}

/// An integer or a pointer: a value that can be tested against zero.
pub(super) fn is_scalar(e: &Expr) -> bool {
    e.int_type().is_some() || e.ty.pointee().is_some()
}

impl Lowerer<'_> {
    /// Convert `e` to type `ty` (an implicit conversion; none if the types
    /// already agree).
    pub(super) fn convert(&self, e: Expr, ty: &CType) -> Expr {
        if ty.pointee().is_some() && &e.ty != ty && !e.ty.is_opaque() {
            return self.to_pointer(e, ty);
        }
        if &e.ty == ty || e.ty.is_opaque() || ty.is_opaque() || ty.as_int().is_none() || e.ty.as_int().is_none() {
            return e;
        }
        implicit_cast(e, ty)
    }

    /// `e` as a value of pointer type `ty`: an array of its pointee type
    /// (the address of its first element) or a null pointer constant;
    /// anything else is not modelled (no conversions between pointer types
    /// or from integers).
    fn to_pointer(&self, e: Expr, ty: &CType) -> Expr {
        let span = e.span;
        let decays = matches!(&e.ty, CType::Array(elem, _) | CType::Vla(elem) if Some(&**elem) == ty.pointee())
            && (e.is_designator() || matches!(e.skip_implicit().kind, ExprKind::StringLit(_)));
        let null = e.int_type().is_some() && e.const_value() == Some(0);
        let allocated = matches!(e.skip_implicit().kind, ExprKind::Alloc { .. })
            && ty
                .pointee()
                .is_some_and(|t| t.as_int().is_some() || t.as_struct().is_some());
        if !(decays || null || allocated) {
            return opaque(format!("conversion of `{}` to `{ty}`", e.ty), span);
        }
        implicit_cast(e, ty)
    }

    /// An array used as a value is a pointer to its first element (C11
    /// 6.3.2.1p3); other values are unchanged.
    pub(super) fn decay(&self, e: Expr) -> Expr {
        match &e.ty {
            CType::Array(elem, _) | CType::Vla(elem) if elem.as_int().is_some() => {
                let ty = CType::Pointer(elem.clone());
                self.to_pointer(e, &ty)
            }
            _ => e,
        }
    }

    pub(super) fn promote(&self, e: Expr) -> Expr {
        match e.int_type() {
            Some(t) => {
                let p = CType::Int(t.promote());
                self.convert(e, &p)
            }
            None => e,
        }
    }

    /// The operator and the lowered operand of a node shaped `op arg`
    /// (`-x`, `&x`, `*p`), or the opaque expression that stands for it.
    pub(super) fn operator_and_operand(&mut self, node: Node<'_>, what: &str) -> Result<(String, Expr), Expr> {
        let span = self.span(node);
        let op = node
            .child_by_field_name("operator")
            .map_or("", |o| self.text(o))
            .to_string();
        let Some(arg) = node.child_by_field_name("argument") else {
            return Err(opaque(format!("incomplete {what}"), span));
        };
        let arg = self.expr(arg);
        if let Some(reason) = first_opaque([&arg]) {
            return Err(opaque(reason, span));
        }
        Ok((op, arg))
    }

    pub(super) fn unary(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let (op, arg) = match self.operator_and_operand(node, "unary expression") {
            Ok(parts) => parts,
            Err(e) => return e,
        };
        let op = op.as_str();
        let arg = self.decay(arg);
        if op == "!" && arg.ty.pointee().is_some() {
            return Expr::new(
                ExprKind::Unary(UnOp::LogNot, Box::new(arg)),
                CType::Int(IntType::INT),
                span,
            );
        }
        if arg.int_type().is_none() {
            return opaque(format!("operator `{op}` on a non-integer"), span);
        }
        let (op, arg) = match op {
            "-" => (UnOp::Neg, self.promote(arg)),
            "+" => (UnOp::Plus, self.promote(arg)),
            "~" => (UnOp::BitNot, self.promote(arg)),
            "!" => (UnOp::LogNot, arg),
            _ => return opaque(format!("operator `{op}` is not modelled"), span),
        };
        let ty = if op == UnOp::LogNot {
            CType::Int(IntType::INT)
        } else {
            arg.ty.clone()
        };
        Expr::new(ExprKind::Unary(op, Box::new(arg)), ty, span)
    }

    pub(super) fn binary(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let op_text = node.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
        let (Some(l), Some(r)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return opaque("incomplete binary expression", span);
        };
        let l = self.expr(l);
        let r = self.expr(r);
        let Some(op) = binop(op_text) else {
            return opaque(format!("operator `{op_text}` is not modelled"), span);
        };
        self.make_binary(op, l, r, span)
    }

    /// Build `l op r` with C's conversions.
    pub(super) fn make_binary(&self, op: BinOp, l: Expr, r: Expr, span: Span) -> Expr {
        if let Some(reason) = first_opaque([&l, &r]) {
            return opaque(reason, span);
        }
        let (l, r) = (self.decay(l), self.decay(r));
        if l.ty.pointee().is_some() || r.ty.pointee().is_some() {
            return self.pointer_binary(op, l, r, span);
        }
        let (Some(lt), Some(rt)) = (l.int_type(), r.int_type()) else {
            return opaque(format!("operator `{}` on a non-integer", op.c_str()), span);
        };
        if op.is_logical() {
            return Expr::new(
                ExprKind::Binary(op, Box::new(l), Box::new(r)),
                CType::Int(IntType::INT),
                span,
            );
        }
        if op.is_shift() {
            let l = self.promote(l);
            let r = self.promote(r);
            let ty = l.ty.clone();
            return Expr::new(ExprKind::Binary(op, Box::new(l), Box::new(r)), ty, span);
        }
        let common = CType::Int(IntType::common(lt, rt));
        let l = self.convert(l, &common);
        let r = self.convert(r, &common);
        let ty = if op.is_comparison() {
            CType::Int(IntType::INT)
        } else {
            common
        };
        Expr::new(ExprKind::Binary(op, Box::new(l), Box::new(r)), ty, span)
    }

    /// `l op r` where one side is a pointer: `p + i`, `i + p`, `p - i`
    /// (`p` moves by elements; the integer is converted to `long`), `p - q`
    /// (`long`), comparisons and logical operators of pointers of one type
    /// or with a null pointer constant.
    pub(super) fn pointer_binary(&self, op: BinOp, l: Expr, r: Expr, span: Span) -> Expr {
        let int = CType::Int(IntType::INT);
        let binary =
            |op, l: Expr, r: Expr, ty: CType| Expr::new(ExprKind::Binary(op, Box::new(l), Box::new(r)), ty, span);
        if op.is_logical() {
            return binary(op, l, r, int);
        }
        match (l.ty.pointee().is_some(), r.ty.pointee().is_some()) {
            (true, false) if matches!(op, BinOp::Add | BinOp::Sub) && r.int_type().is_some() => {
                let ty = l.ty.clone();
                let r = self.convert(r, &CType::Int(self.program.model.long(true)));
                binary(op, l, r, ty)
            }
            (false, true) if op == BinOp::Add && l.int_type().is_some() => {
                let ty = r.ty.clone();
                let l = self.convert(l, &CType::Int(self.program.model.long(true)));
                binary(op, r, l, ty)
            }
            (true, true) if l.ty == r.ty && op == BinOp::Sub => {
                binary(op, l, r, CType::Int(self.program.model.long(true)))
            }
            (true, true) if l.ty == r.ty && op.is_comparison() => binary(op, l, r, int),
            (true, false) if op.is_comparison() => {
                let r = self.convert(r, &l.ty);
                binary(op, l, r, int)
            }
            (false, true) if op.is_comparison() => {
                let l = self.convert(l, &r.ty);
                binary(op, l, r, int)
            }
            _ => opaque(
                format!("operator `{}` on these pointers is not modelled", op.c_str()),
                span,
            ),
        }
    }

    pub(super) fn conditional(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let parts = (
            node.child_by_field_name("condition"),
            node.child_by_field_name("consequence"),
            node.child_by_field_name("alternative"),
        );
        let (Some(c), Some(a), Some(b)) = parts else {
            return opaque("incomplete conditional expression", span);
        };
        let c = self.expr(c);
        let a = self.expr(a);
        let b = self.expr(b);
        if let Some(reason) = first_opaque([&c, &a, &b]) {
            return opaque(reason, span);
        }
        let (a, b) = (self.decay(a), self.decay(b));
        if is_scalar(&c) && (a.ty.pointee().is_some() || b.ty.pointee().is_some()) {
            // Pointers of one type (or a null pointer constant).
            let ty = if a.ty.pointee().is_some() {
                a.ty.clone()
            } else {
                b.ty.clone()
            };
            let (a, b) = (self.convert(a, &ty), self.convert(b, &ty));
            if let Some(reason) = first_opaque([&a, &b]) {
                return opaque(reason, span);
            }
            if a.ty != b.ty {
                return opaque("a conditional over pointers of different types", span);
            }
            return Expr::new(ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)), ty, span);
        }
        let (Some(at), Some(bt), true) = (a.int_type(), b.int_type(), is_scalar(&c)) else {
            return opaque("conditional over non-integers", span);
        };
        let ty = CType::Int(IntType::common(at, bt));
        let a = self.convert(a, &ty);
        let b = self.convert(b, &ty);
        Expr::new(ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)), ty, span)
    }
}
