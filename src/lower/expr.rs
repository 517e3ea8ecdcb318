//! Expressions: syntax to typed IR with C's conversions made explicit.

use super::literal::{char_literal, integer_literal_in};
use super::{Binding, Lowerer};
use crate::diag::Diagnostic;
use crate::ir::{BinOp, CType, Callee, DataModel, Expr, ExprKind, IntType, Intrinsic, Span, Storage, UnOp};
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

/// Intrinsics recognised by name, whether or not the file declares or
/// defines them (SV-COMP files often define `reach_error` themselves).
fn intrinsic(name: &str) -> Option<Intrinsic> {
    Some(match name {
        "assert" | "__CPROVER_assert" | "__VERIFIER_assert" => Intrinsic::Assert,
        "__CPROVER_assume" | "__VERIFIER_assume" => Intrinsic::Assume,
        "__VERIFIER_error" | "reach_error" | "__assert_fail" => Intrinsic::Error,
        "abort" | "exit" | "_Exit" => Intrinsic::Abort,
        "__CPROVER_array_copy" => Intrinsic::ArrayCopy,
        "__CPROVER_array_replace" => Intrinsic::ArrayReplace,
        _ => return None,
    })
}

/// The type a `nondet_*` or `__VERIFIER_nondet_*` function returns, from
/// its name (CBMC's and SV-COMP's conventions), in the data model `model`.
pub(super) fn nondet_type(name: &str, model: DataModel) -> Option<IntType> {
    let suffix = name
        .strip_prefix("__VERIFIER_nondet_")
        .or_else(|| name.strip_prefix("nondet_"))?;
    Some(match suffix {
        "bool" | "_Bool" => IntType::BOOL,
        "char" | "schar" => IntType::CHAR,
        "uchar" | "unsigned_char" => IntType::UCHAR,
        "short" => IntType::SHORT,
        "ushort" | "unsigned_short" => IntType::USHORT,
        "int" | "int32" | "s32" => IntType::INT,
        "uint" | "unsigned" | "unsigned_int" | "u32" | "uint32" => IntType::UINT,
        "long" | "ssize_t" => model.long(true),
        "ulong" | "unsigned_long" | "size_t" => model.long(false),
        "longlong" | "long_long" | "int64" | "s64" => IntType::LONG,
        "ulonglong" | "u64" | "uint64" => IntType::ULONG,
        _ => return None,
    })
}

fn binop(op: &str) -> Option<BinOp> {
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

fn opaque(reason: impl Into<String>, span: Span) -> Expr {
    let reason = reason.into();
    Expr::new(ExprKind::Opaque(reason.clone()), CType::Opaque(reason), span)
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
fn is_scalar(e: &Expr) -> bool {
    e.int_type().is_some() || e.ty.pointee().is_some()
}

fn first_opaque<'e>(exprs: impl IntoIterator<Item = &'e Expr>) -> Option<String> {
    exprs.into_iter().find_map(|e| match (&e.kind, &e.ty) {
        (ExprKind::Opaque(r), _) => Some(r.clone()),
        (_, CType::Opaque(t)) => Some(format!("a value of type `{t}`")),
        (_, CType::Void) => Some("a `void` value".to_string()),
        _ => None,
    })
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
    fn decay(&self, e: Expr) -> Expr {
        match &e.ty {
            CType::Array(elem, _) | CType::Vla(elem) if elem.as_int().is_some() => {
                let ty = CType::Pointer(elem.clone());
                self.to_pointer(e, &ty)
            }
            _ => e,
        }
    }

    fn promote(&self, e: Expr) -> Expr {
        match e.int_type() {
            Some(t) => {
                let p = CType::Int(t.promote());
                self.convert(e, &p)
            }
            None => e,
        }
    }

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

    /// The operator and the lowered operand of a node shaped `op arg`
    /// (`-x`, `&x`, `*p`), or the opaque expression that stands for it.
    fn operator_and_operand(&mut self, node: Node<'_>, what: &str) -> Result<(String, Expr), Expr> {
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

    fn unary(&mut self, node: Node<'_>) -> Expr {
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

    fn binary(&mut self, node: Node<'_>) -> Expr {
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
    fn pointer_binary(&self, op: BinOp, l: Expr, r: Expr, span: Span) -> Expr {
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

    /// `malloc(size)`, `calloc(n, size)`: an allocation (a fresh object
    /// once converted to a pointer to an integer type); `free(p)`: nothing
    /// (an object is never reused, so freeing changes no value).
    fn allocation(&mut self, name: &str, arg_nodes: &[Node<'_>], span: Span) -> Expr {
        let args: Vec<Expr> = arg_nodes.iter().map(|&a| self.expr(a)).collect();
        if let Some(reason) = first_opaque(args.iter()) {
            return opaque(reason, span);
        }
        let ulong = CType::Int(self.program.model.long(false));
        match (name, &args[..]) {
            ("malloc", [size]) if size.int_type().is_some() => Expr::new(
                ExprKind::Alloc {
                    size: Box::new(self.convert(size.clone(), &ulong)),
                    zeroed: false,
                },
                CType::Pointer(Box::new(CType::Void)),
                span,
            ),
            ("calloc", [n, size]) if n.int_type().is_some() && size.int_type().is_some() => {
                let (n, size) = (self.convert(n.clone(), &ulong), self.convert(size.clone(), &ulong));
                Expr::new(
                    ExprKind::Alloc {
                        size: Box::new(self.make_binary(BinOp::Mul, n, size, span)),
                        zeroed: true,
                    },
                    CType::Pointer(Box::new(CType::Void)),
                    span,
                )
            }
            ("free", [p]) if p.ty.pointee().is_some() => Expr::new(
                ExprKind::Cast {
                    implicit: false,
                    expr: Box::new(p.clone()),
                },
                CType::Void,
                span,
            ),
            _ => opaque(format!("`{name}` with these arguments is not modelled"), span),
        }
    }

    /// `&x`, `&a[i]` of integers, and `*p`.
    fn pointer_expression(&mut self, node: Node<'_>) -> Expr {
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
    fn member(&mut self, node: Node<'_>) -> Expr {
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

    fn update(&mut self, node: Node<'_>) -> Expr {
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

    fn assignment(&mut self, node: Node<'_>) -> Expr {
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

    fn conditional(&mut self, node: Node<'_>) -> Expr {
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

    fn subscript(&mut self, node: Node<'_>) -> Expr {
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

    fn call(&mut self, node: Node<'_>) -> Expr {
        let span = self.span(node);
        let Some(function) = node.child_by_field_name("function") else {
            return opaque("incomplete call", span);
        };
        if function.kind() != "identifier" {
            return opaque("calls through expressions are not modelled", span);
        }
        let name = self.text(function).to_string();
        self.loop_macro_use(&name, span);
        let arg_nodes: Vec<Node<'_>> = match node.child_by_field_name("arguments") {
            Some(list) => {
                let mut cursor = list.walk();
                list.named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .collect()
            }
            None => Vec::new(),
        };
        if name == "__CPROVER_forall" {
            return self.forall(&arg_nodes, span);
        }
        if let Some(which) = intrinsic(&name) {
            return self.intrinsic_call(which, &name, &arg_nodes, span);
        }
        if matches!(name.as_str(), "malloc" | "calloc" | "free")
            && self
                .program
                .func_by_name(&name)
                .is_none_or(|f| self.program.func(f).body.is_none())
            && !self.function_defined_later(&name)
        {
            return self.allocation(&name, &arg_nodes, span);
        }
        if nondet_type(&name, self.program.model).is_some()
            || self
                .program
                .func_by_name(&name)
                .is_some_and(|f| is_nondet_decl(self, f))
        {
            let ty = match self.program.func_by_name(&name) {
                Some(f) => self.program.func(f).ret.clone(),
                None => nondet_type(&name, self.program.model)
                    .map(CType::Int)
                    .unwrap_or(CType::Int(IntType::INT)),
            };
            if !arg_nodes.is_empty() {
                return opaque(format!("`{name}` takes no arguments"), span);
            }
            if ty.as_int().is_none() {
                return opaque(format!("`{name}` returns a type tracc does not model"), span);
            }
            return Expr::new(ExprKind::Nondet(name), ty, span);
        }
        let Some(fid) = self.program.func_by_name(&name) else {
            if self.function_macros.contains(&name) {
                return opaque(format!("the macro `{name}` is not expanded"), span);
            }
            if self.declares(&name) {
                // A variable or parameter: a pointer to a function.
                return opaque(
                    format!("calls through pointers to functions (`{name}`) are not modelled"),
                    span,
                );
            }
            return self.implicitly_declared_call(&name, &arg_nodes, span);
        };
        let args: Vec<Expr> = arg_nodes.iter().map(|&a| self.expr(a)).collect();
        let func = self.program.func(fid);
        if let Some(reason) = &func.opaque {
            return opaque(format!("call to `{name}`: {reason}"), span);
        }
        if let Some(reason) = first_opaque(args.iter()) {
            return opaque(reason, span);
        }
        let ret = func.ret.clone();
        let param_types: Vec<CType> = func.params.iter().map(|&p| self.program.var(p).ty.clone()).collect();
        if func.body.is_some() || !param_types.is_empty() {
            if param_types.len() != args.len() {
                return opaque(format!("call to `{name}` with {} arguments", args.len()), span);
            }
        } else if !args.is_empty() && self.function_defined_later(&name) {
            return opaque(format!("call to `{name}` before its parameters are known"), span);
        }
        let args = args
            .into_iter()
            .zip(param_types.iter().map(Some).chain(std::iter::repeat(None)))
            .map(|(a, t)| match t {
                Some(t) => self.convert(a, t),
                None => self.promote(a),
            });
        let args: Vec<Expr> = args.collect();
        Expr::new(ExprKind::Call(Callee::Func(fid), args), ret, span)
    }

    /// Does a declarator anywhere in the file name `name` (a variable or
    /// parameter the front end may not model, such as a pointer to a
    /// function)?
    fn declares(&self, name: &str) -> bool {
        fn walk(l: &Lowerer<'_>, n: Node<'_>, name: &str) -> bool {
            let declarator_parent = n.parent().is_some_and(|p| {
                p.kind().ends_with("declarator") || matches!(p.kind(), "declaration" | "parameter_declaration")
            });
            if n.kind() == "identifier" && declarator_parent && l.text(n) == name {
                return true;
            }
            let mut cursor = n.walk();
            let children: Vec<Node<'_>> = n.children(&mut cursor).collect();
            children.into_iter().any(|c| walk(l, c, name))
        }
        walk(self, self.parsed.tree.root_node(), name)
    }

    /// A call of a function declared nowhere: C89's implicit declaration
    /// `int name()`, as gcc and CBMC take it, of a function without a body,
    /// so (as in CBMC) the arguments are evaluated and the result is any
    /// `int`. Said in a warning at the call.
    fn implicitly_declared_call(&mut self, name: &str, arg_nodes: &[Node<'_>], span: Span) -> Expr {
        let label = format!("taken as `int {name}()` without a body: its result is any int");
        // gcc would find the declaration in a header; tracc reads none, so
        // say that rather than blame the program.
        let warning = match self.first_include() {
            Some(include) => Diagnostic::warning(
                span,
                format!("`{name}` is declared nowhere in this file, and tracc does not read headers"),
            )
            .with_label(label)
            .with_note(format!(
                "this file has `{include}`; if `{name}` is declared there, run the preprocessor first \
                 (`gcc -E`) so that tracc sees the declaration"
            )),
            None => Diagnostic::warning(span, format!("implicit declaration of function `{name}`"))
                .with_label(label)
                .with_note("as gcc and CBMC do; declare or define the function to change that"),
        };
        self.warnings.push(warning);
        let args: Vec<Expr> = arg_nodes.iter().map(|&a| self.expr(a)).collect();
        if let Some(reason) = first_opaque(args.iter()) {
            return opaque(reason, span);
        }
        let int = CType::Int(IntType::INT);
        let result = Expr::new(ExprKind::Nondet(name.to_string()), int.clone(), span);
        args.into_iter().rev().fold(result, |rest, a| {
            Expr::new(ExprKind::Comma(Box::new(a), Box::new(rest)), int.clone(), span)
        })
    }

    /// The text of the file's first `#include` directive, if any.
    fn first_include(&self) -> Option<String> {
        let root = self.parsed.tree.root_node();
        let mut cursor = root.walk();
        let include = root
            .named_children(&mut cursor)
            .find(|c| c.kind() == "preproc_include")?;
        let text = self.parsed.text.get(include.byte_range())?;
        Some(text.trim().to_string())
    }

    /// True when `name` is defined further down, so its parameters are not
    /// yet lowered (only an issue for old-style implicit declarations).
    fn function_defined_later(&self, name: &str) -> bool {
        let root = self.parsed.tree.root_node();
        let mut cursor = root.walk();
        root.named_children(&mut cursor).any(|c| {
            c.kind() == "function_definition"
                && c.child_by_field_name("declarator")
                    .and_then(super::function_declarator)
                    .and_then(|f| f.child_by_field_name("declarator"))
                    .is_some_and(|n| self.text(n) == name)
        })
    }

    fn intrinsic_call(&mut self, which: Intrinsic, name: &str, arg_nodes: &[Node<'_>], span: Span) -> Expr {
        let args: Vec<Expr> = match which {
            // The message argument of `__CPROVER_assert` is only text.
            Intrinsic::Assert => arg_nodes.iter().take(1).map(|&a| self.expr(a)).collect(),
            Intrinsic::Assume => arg_nodes.iter().map(|&a| self.expr(a)).collect(),
            Intrinsic::ArrayCopy | Intrinsic::ArrayReplace => arg_nodes.iter().map(|&a| self.expr(a)).collect(),
            Intrinsic::Error | Intrinsic::Abort => Vec::new(),
        };
        let expected = match which {
            Intrinsic::Assert | Intrinsic::Assume => 1,
            Intrinsic::ArrayCopy | Intrinsic::ArrayReplace => 2,
            Intrinsic::Error | Intrinsic::Abort => 0,
        };
        if args.len() != expected {
            return opaque(format!("`{name}` with {} arguments", arg_nodes.len()), span);
        }
        if let Some(reason) = first_opaque(args.iter().filter(|a| !matches!(a.ty, CType::Array(..)))) {
            return opaque(reason, span);
        }
        if matches!(which, Intrinsic::ArrayCopy | Intrinsic::ArrayReplace)
            && !(args[0].ty == args[1].ty && matches!(args[0].ty, CType::Array(..)))
        {
            return opaque(format!("`{name}` of things other than two arrays of one type"), span);
        }
        if matches!(which, Intrinsic::Assert | Intrinsic::Assume) && !is_scalar(&args[0]) {
            return opaque(format!("`{name}` of a non-integer"), span);
        }
        Expr::new(ExprKind::Call(Callee::Intrinsic(which), args), CType::Void, span)
    }

    /// `__CPROVER_forall { T k; body }`, which `parse` turned into the call
    /// `__CPROVER_forall({ T k; body; })`.
    fn forall(&mut self, args: &[Node<'_>], span: Span) -> Expr {
        let compound = match args {
            [one] if one.kind() == "compound_statement" => *one,
            _ => return opaque("malformed `__CPROVER_forall`", span),
        };
        let mut cursor = compound.walk();
        let parts: Vec<Node<'_>> = compound
            .named_children(&mut cursor)
            .filter(|c| c.kind() != "comment")
            .collect();
        let [decl, body] = parts[..] else {
            return opaque("malformed `__CPROVER_forall`", span);
        };
        if decl.kind() != "declaration" || body.kind() != "expression_statement" {
            return opaque("malformed `__CPROVER_forall`", span);
        }
        let Some(type_node) = decl.child_by_field_name("type") else {
            return opaque("malformed `__CPROVER_forall`", span);
        };
        let base = self.base_type(type_node);
        let Some(d) = decl.child_by_field_name("declarator") else {
            return opaque("malformed `__CPROVER_forall`", span);
        };
        let Some((name, ty)) = self.declarator_type(d, base) else {
            return opaque("malformed `__CPROVER_forall`", span);
        };
        if ty.as_int().is_none() {
            return opaque("quantifier over a non-integer", span);
        }
        self.push_scope();
        let dspan = self.span(d);
        let var = self.new_var(&name, ty, Storage::Local, dspan);
        let body = body.named_child(0).map(|b| self.expr(b));
        self.pop_scope();
        let Some(body) = body else {
            return opaque("empty quantifier", span);
        };
        if let Some(reason) = first_opaque([&body]) {
            return opaque(reason, span);
        }
        Expr::new(ExprKind::Forall(var, Box::new(body)), CType::Int(IntType::INT), span)
    }
}

/// A declared, body-less function in the `nondet_*` family whose name is not
/// in the table above (`nondet_u8`, say): its declaration gives the type.
fn is_nondet_decl(l: &Lowerer<'_>, f: crate::ir::FuncId) -> bool {
    let func = l.program.func(f);
    func.body.is_none() && (func.name.starts_with("nondet_") || func.name.starts_with("__VERIFIER_nondet_"))
}
