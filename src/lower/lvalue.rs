//! Objects and what writes them: `&`, `*`, `s.f`, `p->f`, `a[i]`, `++`,
//! `--`, `=` and compound assignment.
//!
//! In: the syntax nodes. Out: designators, dereferences and assignments;
//! a target that is not an object tracc models (an integer, pointer or
//! structure variable, member or element) makes the expression opaque.

use super::Lowerer;
use super::expr::{first_opaque, opaque};
use super::operator::binop;
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, Span};
use tree_sitter::Node;

impl Lowerer<'_> {
    /// `&x`, `&a[i]` of integers, and `*p`.
    pub(super) fn pointer_expression(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let (op, arg) = match self.operator_and_operand(node, "pointer expression") {
            Ok(parts) => parts,
            Err(e) => return e,
        };
        match op.as_str() {
            "&" => {
                let target = arg.skip_implicit();
                let element_of_array = |a: &Expr| {
                    a.is_designator() && matches!(&a.ty, CType::Array(e, _) | CType::Vla(e) if e.as_int().is_some())
                };
                let modelled = match &target.kind {
                    ExprKind::Var(_) | ExprKind::Member(..) => {
                        target.is_designator() && (target.int_type().is_some() || target.ty.as_struct().is_some())
                    }
                    ExprKind::Index(a, _) => element_of_array(a),
                    _ => false,
                };
                if !modelled {
                    return opaque(
                        "the address of something other than an integer or structure variable or member, or an element of a one-dimensional array",
                        span,
                    );
                }
                let ty = CType::Pointer(Box::new(arg.ty.clone()));
                Expr::new(ExprKind::AddrOf(Box::new(arg)), ty, span)
            }
            "*" => self.deref(arg, span),
            _ => opaque(format!("operator `{op}` is not modelled"), span),
        }
    }

    /// `s.f` of a structure, `p->f` (as `(*p).f`) of a pointer to one.
    pub(super) fn member(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let (Some(arg), Some(field)) = (node.child_by_field_name("argument"), node.child_by_field_name("field")) else {
            return opaque("incomplete member access", span);
        };
        let arrow = node
            .child_by_field_name("operator")
            .is_some_and(|o| self.text(o) == "->");
        let mut base = self.expr(arg);
        if arrow {
            base = self.deref(base, span);
        }
        if let ExprKind::Opaque(why) = &base.kind {
            return opaque(why.clone(), span);
        }
        let name = self.text(field);
        let Some(sref) = base.ty.as_struct() else {
            return opaque(format!("a member of `{}`, which tracc does not model", base.ty), span);
        };
        let Some(members) = self.program.members(sref) else {
            return opaque(format!("`{}` has a member tracc does not model", base.ty), span);
        };
        match members.iter().position(|m| m.name == name) {
            Some(i) => {
                let ty = members[i].ty.clone();
                Expr::new(ExprKind::Member(Box::new(base), i), ty, span)
            }
            None => opaque(format!("`{}` has no member `{name}`", base.ty), span),
        }
    }

    /// `*p` of a pointer (or an array, which decays).
    fn deref(&self, p: Expr, span: Span) -> Expr {
        let p = self.decay(p);
        match p.ty.pointee().cloned() {
            Some(t) => Expr::new(ExprKind::Deref(Box::new(p)), t, span),
            None => opaque("`*` of something that is not a pointer", span),
        }
    }

    pub(super) fn subscript(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let (Some(a), Some(i)) = (node.child_by_field_name("argument"), node.child_by_field_name("index")) else {
            return opaque("incomplete subscript", span);
        };
        let array = self.expr(a);
        let index = self.expr(i);
        if let Some(reason) = first_opaque([&index]) {
            return opaque(reason, span);
        }
        if array.ty.pointee().is_some() && index.int_type().is_some() {
            // `p[i]` is `*(p + i)`.
            let moved = self.pointer_binary(BinOp::Add, array, index, span);
            return self.deref(moved, span);
        }
        let elem = match &array.ty {
            CType::Array(e, _) | CType::Vla(e) if !matches!(array.kind, ExprKind::Opaque(_)) => (**e).clone(),
            _ => return opaque("indexing something that is not an array tracc models", span),
        };
        if index.int_type().is_none() {
            return opaque("non-integer index", span);
        }
        let index = self.promote(index);
        Expr::new(ExprKind::Index(Box::new(array), Box::new(index)), elem, span)
    }

    fn is_lvalue(e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Var(_) | ExprKind::Member(..) => {
                e.is_designator() && (e.int_type().is_some() || e.ty.pointee().is_some() || e.ty.as_struct().is_some())
            }
            ExprKind::Index(..) => e.int_type().is_some(),
            ExprKind::Deref(_) => e.int_type().is_some() || e.ty.as_struct().is_some(),
            _ => false,
        }
    }

    pub(super) fn update(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let op = node.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
        let Some(arg) = node.child_by_field_name("argument") else {
            return opaque("incomplete update expression", span);
        };
        let prefix = arg.start_byte() > node.start_byte();
        let target = self.expr(arg);
        if let Some(reason) = first_opaque([&target]) {
            return opaque(reason, span);
        }
        if !Self::is_lvalue(&target) {
            return opaque(
                format!("`{op}` on something that is not an integer variable or element"),
                span,
            );
        }
        // `_Bool` is promoted to int like every narrow type; a pointer
        // moves by one element.
        let op_ty = match (target.int_type(), target.ty.pointee()) {
            (Some(t), _) => CType::Int(t.promote()),
            (None, Some(_)) => target.ty.clone(),
            (None, None) => return opaque("update of a non-integer", span),
        };
        let ty = target.ty.clone();
        Expr::new(
            ExprKind::IncDec {
                inc: op == "++",
                prefix,
                op_ty,
                target: Box::new(target),
            },
            ty,
            span,
        )
    }

    pub(super) fn assignment(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let op_text = node
            .child_by_field_name("operator")
            .map(|o| self.text(o))
            .unwrap_or("=");
        let (Some(l), Some(r)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return opaque("incomplete assignment", span);
        };
        let lhs = self.expr(l);
        let rhs = self.expr(r);
        if let Some(reason) = first_opaque([&lhs, &rhs]) {
            return opaque(reason, span);
        }
        if !Self::is_lvalue(&lhs) {
            return opaque(
                "assignment to something that is not a variable, member or element",
                span,
            );
        }
        if lhs.ty.pointee().is_some() {
            return self.pointer_assignment(op_text, lhs, rhs, span);
        }
        if lhs.ty.as_struct().is_some() {
            // A structure is assigned as a whole, from one of its type.
            if op_text != "=" || rhs.ty != lhs.ty {
                return opaque(format!("`{op_text}` of `{}` and `{}`", lhs.ty, rhs.ty), span);
            }
            return crate::ir::build::assign(lhs, rhs, span);
        }
        let (Some(lt), Some(rt)) = (lhs.int_type(), rhs.int_type()) else {
            return opaque("assignment of a non-integer", span);
        };
        let ty = lhs.ty.clone();
        if op_text == "=" {
            let rhs = self.convert(rhs, &ty);
            return crate::ir::build::assign(lhs, rhs, span);
        }
        let Some(op) = binop(op_text.trim_end_matches('=')) else {
            return opaque(format!("operator `{op_text}` is not modelled"), span);
        };
        let (op_ty, rhs) = if op.is_shift() {
            (CType::Int(lt.promote()), self.promote(rhs))
        } else {
            let common = CType::Int(IntType::common(lt, rt));
            let rhs = self.convert(rhs, &common);
            (common, rhs)
        };
        Expr::new(
            ExprKind::Assign {
                op: Some(op),
                op_ty,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            ty,
            span,
        )
    }

    /// `p = q`, `p += i`, `p -= i` of a pointer variable `p`.
    fn pointer_assignment(&self, op_text: &str, lhs: Expr, rhs: Expr, span: Span) -> Expr {
        let ty = lhs.ty.clone();
        let (op, rhs) = match op_text {
            "=" => (None, self.convert(rhs, &ty)),
            "+=" | "-=" if rhs.int_type().is_some() => (
                binop(op_text.trim_end_matches('=')),
                self.convert(rhs, &CType::Int(self.program.model.long(true))),
            ),
            _ => return opaque(format!("`{op_text}` on a pointer is not modelled"), span),
        };
        if let Some(reason) = first_opaque([&rhs]) {
            return opaque(reason, span);
        }
        Expr::new(
            ExprKind::Assign {
                op,
                op_ty: ty.clone(),
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            ty,
            span,
        )
    }
}
