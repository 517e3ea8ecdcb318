//! Expressions: syntax to typed IR with C's conversions made explicit.
//!
//! In: a tree-sitter expression node. Out: an `ir::Expr`, typed, or an
//! `Opaque` one that says why. This file dispatches on the node kind and
//! lowers names, constants, casts and `sizeof` itself; operators and
//! conversions are in `operator`, objects and assignments in `lvalue`,
//! calls in `call`, which share `opaque` and `first_opaque` from here.

use super::literal::{char_literal, integer_literal_in};
use super::{Binding, Lowerer};
use crate::ir::{CType, DataModel, Expr, ExprKind, IntType, Span};
use tree_sitter::Node;

/// Integer limits of `<limits.h>` and `<stdint.h>` in the data model
/// `model`, which programs use as plain names.
fn limit_macro(name: &str, model: DataModel) -> Option<(i128, IntType)> {
    let t = |t: IntType, max: bool| Some((if max { t.max() } else { t.min() }, t));
    match name {
        "LONG_MAX" | "SSIZE_MAX" | "PTRDIFF_MAX" => t(model.long(true), true),
        "LONG_MIN" | "PTRDIFF_MIN" => t(model.long(true), false),
        "ULONG_MAX" | "SIZE_MAX" => t(model.long(false), true),
        "CHAR_BIT" => Some((8, IntType::INT)),
        "SCHAR_MAX" | "CHAR_MAX" | "INT8_MAX" => Some((127, IntType::INT)),
        "SCHAR_MIN" | "CHAR_MIN" | "INT8_MIN" => Some((-128, IntType::INT)),
        "UCHAR_MAX" | "UINT8_MAX" => Some((255, IntType::INT)),
        "SHRT_MAX" | "INT16_MAX" => Some((32767, IntType::INT)),
        "SHRT_MIN" | "INT16_MIN" => Some((-32768, IntType::INT)),
        "USHRT_MAX" | "UINT16_MAX" => Some((65535, IntType::INT)),
        "INT_MAX" | "INT32_MAX" => t(IntType::INT, true),
        "INT_MIN" | "INT32_MIN" => t(IntType::INT, false),
        "UINT_MAX" | "UINT32_MAX" => t(IntType::UINT, true),
        "INT64_MAX" | "LLONG_MAX" | "INTMAX_MAX" => {
            let ty = if name == "LLONG_MAX" {
                IntType::LLONG
            } else {
                IntType::LONG
            };
            t(ty, true)
        }
        "INT64_MIN" | "LLONG_MIN" | "INTMAX_MIN" => {
            let ty = if name == "LLONG_MIN" {
                IntType::LLONG
            } else {
                IntType::LONG
            };
            t(ty, false)
        }
        "UINT64_MAX" | "UINTMAX_MAX" => t(IntType::ULONG, true),
        "ULLONG_MAX" => t(IntType::ULLONG, true),
        "true" => Some((1, IntType::INT)),
        "false" => Some((0, IntType::INT)),
        _ => None,
    }
}

pub(super) fn opaque(reason: impl Into<String>, span: Span) -> Expr {
    let reason = reason.into();
    Expr::new(ExprKind::Opaque(reason.clone()), CType::Opaque(reason), span)
}

pub(super) fn first_opaque<'e>(exprs: impl IntoIterator<Item = &'e Expr>) -> Option<String> {
    exprs.into_iter().find_map(|e| match (&e.kind, &e.ty) {
        (ExprKind::Opaque(r), _) => Some(r.clone()),
        (_, CType::Opaque(t)) => Some(format!("a value of type `{t}`")),
        (_, CType::Void) => Some("a `void` value".to_string()),
        _ => None,
    })
}

impl Lowerer<'_> {
    /// One arm per tree-sitter expression kind, which is why it is long.
    pub(super) fn expr(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        match node.kind() {
            "parenthesized_expression" => {
                let mut cursor = node.walk();
                let inner = node.named_children(&mut cursor).find(|c| c.kind() != "comment");
                match inner {
                    Some(i) if i.kind() == "compound_statement" => {
                        opaque("statement expressions are not modelled", span)
                    }
                    Some(i) => self.expr(i),
                    None => opaque("empty parentheses", span),
                }
            }
            "number_literal" => match integer_literal_in(self.text(node), self.program.model) {
                Some((v, t)) => Expr::new(ExprKind::IntLit(v), CType::Int(t), span),
                None => opaque(
                    format!("constant `{}` is not an integer tracc models", self.text(node)),
                    span,
                ),
            },
            "char_literal" => match char_literal(self.text(node)) {
                Some(v) => Expr::new(ExprKind::IntLit(v), CType::Int(IntType::INT), span),
                None => opaque("character constant not modelled", span),
            },
            "true" | "false" => Expr::new(
                ExprKind::IntLit(i128::from(node.kind() == "true")),
                CType::Int(IntType::INT),
                span,
            ),
            "identifier" => self.identifier(node),
            "unary_expression" => self.unary(node),
            "binary_expression" => self.binary(node),
            "update_expression" => self.update(node),
            "assignment_expression" => self.assignment(node),
            "conditional_expression" => self.conditional(node),
            "cast_expression" => {
                let ty = node.child_by_field_name("type").map(|t| self.type_descriptor(t));
                let value = node.child_by_field_name("value").map(|v| self.expr(v));
                match (ty, value) {
                    (Some(CType::Int(t)), Some(v)) if v.int_type().is_some() => Expr::new(
                        ExprKind::Cast {
                            implicit: false,
                            expr: Box::new(v),
                        },
                        CType::Int(t),
                        span,
                    ),
                    // To a pointer: what the implicit conversion allows.
                    (Some(ty @ CType::Pointer(_)), Some(v)) if first_opaque([&v]).is_none() => {
                        match self.convert(v, &ty) {
                            converted @ Expr {
                                kind: ExprKind::Opaque(_),
                                ..
                            } => converted,
                            converted => Expr::new(
                                ExprKind::Cast {
                                    implicit: false,
                                    expr: Box::new(converted),
                                },
                                ty,
                                span,
                            ),
                        }
                    }
                    (Some(CType::Void), Some(v)) if first_opaque([&v]).is_none() => Expr::new(
                        ExprKind::Cast {
                            implicit: false,
                            expr: Box::new(v),
                        },
                        CType::Void,
                        span,
                    ),
                    _ => opaque("cast to or from a type tracc does not model", span),
                }
            }
            "subscript_expression" => self.subscript(node),
            "call_expression" => self.call(node),
            "comma_expression" => {
                let left = node.child_by_field_name("left").map(|n| self.expr(n));
                let right = node.child_by_field_name("right").map(|n| self.expr(n));
                match (left, right) {
                    (Some(l), Some(r)) => {
                        if let Some(reason) = first_opaque([&r]) {
                            return opaque(reason, span);
                        }
                        let ty = r.ty.clone();
                        Expr::new(ExprKind::Comma(Box::new(l), Box::new(r)), ty, span)
                    }
                    _ => opaque("incomplete comma expression", span),
                }
            }
            "sizeof_expression" => {
                let size = if let Some(t) = node.child_by_field_name("type") {
                    let t = self.type_descriptor(t);
                    self.program.layout(&t).map(|l| l.0)
                } else if let Some(v) = node.child_by_field_name("value") {
                    // tree-sitter-c cannot tell `sizeof(T)` of a type name it
                    // does not know (`_Bool`, a typedef) from the size of an
                    // expression: a name that is no variable but a type is
                    // that type. sizeof does not evaluate its operand; only
                    // its type matters.
                    let name = self
                        .text(v)
                        .trim_matches(|c: char| c == '(' || c == ')' || c.is_whitespace());
                    let t = match self.lookup(name).is_none().then(|| self.type_named(name)).flatten() {
                        Some(t) => t,
                        None => self.expr(v).ty,
                    };
                    self.program.layout(&t).map(|l| l.0)
                } else {
                    None
                };
                match size {
                    Some(s) => Expr::new(
                        ExprKind::IntLit(i128::from(s)),
                        CType::Int(self.program.model.long(false)),
                        span,
                    ),
                    None => opaque("sizeof of a type tracc does not model", span),
                }
            }
            "string_literal" | "concatenated_string" => match self.string_bytes(node) {
                Some(bytes) => {
                    let ty = CType::Array(Box::new(CType::Int(IntType::CHAR)), bytes.len() as u64 + 1);
                    Expr::new(ExprKind::StringLit(bytes), ty, span)
                }
                None => opaque("a string literal that is not plain `char`", span),
            },
            "pointer_expression" => self.pointer_expression(node),
            "field_expression" => self.member(node),
            "compound_literal_expression" => opaque("compound literals are not modelled", span),
            // `NULL`: a null pointer constant.
            "null" => Expr::new(ExprKind::IntLit(0), CType::Int(IntType::INT), span),
            other => opaque(format!("{} is not modelled", super::construct_name(other)), span),
        }
    }

    fn identifier(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let name = self.text(node);
        match self.lookup(name).cloned() {
            Some(Binding::Var(id)) => Expr::new(ExprKind::Var(id), self.program.var(id).ty.clone(), span),
            Some(Binding::Const(e)) => Expr { span, ..e },
            None => {
                if let Some((v, t)) = limit_macro(name, self.program.model) {
                    return Expr::new(ExprKind::IntLit(v), CType::Int(t), span);
                }
                if let Some(value) = self.macro_value(name) {
                    return Expr { span, ..value };
                }
                self.loop_macro_use(name, span);
                opaque(format!("`{name}` is not a variable tracc knows"), span)
            }
        }
    }

    /// An object-like macro whose replacement is an integer constant
    /// expression, lowered on first use.
    fn macro_value(&mut self, name: &str) -> Option<Expr> {
        let text = self.macros.remove(name)?; // removed while expanding: no recursion
        let wrapped = format!("long tracc_macro_value = ({text});");
        let result = crate::parse::parse(&wrapped).ok().and_then(|parsed| {
            let mut inner = Lowerer::new(&parsed);
            inner.typedefs = self.typedefs.clone();
            inner.macros = self.macros.clone();
            let root = parsed.tree.root_node();
            let decl = root.named_child(0)?;
            let init = decl.child_by_field_name("declarator")?.child_by_field_name("value")?;
            let e = inner.expr(init);
            let value = e.const_value()?;
            let ty = e.int_type()?;
            Some(Expr::new(ExprKind::IntLit(value), CType::Int(ty), Span::SYNTHETIC))
        });
        self.macros.insert(name.to_string(), text);
        if let Some(e) = &result {
            self.scopes[0].insert(name.to_string(), Binding::Const(e.clone()));
        }
        result
    }

    /// The bytes of a plain string literal (or of adjacent ones), escapes
    /// decoded; `None` for wide and UTF-8 prefixed literals and for macros
    /// between the pieces.
    fn string_bytes(&self, node: Node<'_>) -> Option<Vec<u8>> {
        let mut cursor = node.walk();
        let parts: Vec<Node<'_>> = if node.kind() == "concatenated_string" {
            node.named_children(&mut cursor).collect()
        } else {
            vec![node]
        };
        let mut bytes = Vec::new();
        for part in parts {
            if part.kind() != "string_literal" || !self.text(part).starts_with('"') {
                return None;
            }
            let mut cursor = part.walk();
            for piece in part.named_children(&mut cursor) {
                match piece.kind() {
                    "string_content" => bytes.extend_from_slice(self.text(piece).as_bytes()),
                    "escape_sequence" => {
                        let v = char_literal(&format!("'{}'", self.text(piece)))?;
                        bytes.push(v as u8);
                    }
                    _ => return None,
                }
            }
        }
        Some(bytes)
    }
}
