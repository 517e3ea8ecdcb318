//! Calls: intrinsics (`assert`, `__CPROVER_assume`, ...), `nondet_*`,
//! `malloc`/`calloc`/`free`, `__CPROVER_forall`, and the file's functions.
//!
//! In: a `call_expression`. Out: a call with its arguments converted to the
//! parameter types, a nondet value, an allocation or a quantifier. A
//! function declared nowhere is C89's implicit `int f()`, said in a warning,
//! as gcc and CBMC take it.

use super::Lowerer;
use super::expr::{first_opaque, opaque};
use super::operator::is_scalar;
use crate::diag::Diagnostic;
use crate::ir::{BinOp, CType, Callee, DataModel, Expr, ExprKind, IntType, Intrinsic, Span, Storage};
use tree_sitter::Node;

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

impl Lowerer<'_> {
    pub(super) fn call(&mut self, node: Node<'_>) -> Expr {
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
}

/// A declared, body-less function in the `nondet_*` family whose name is not
/// in the table above (`nondet_u8`, say): its declaration gives the type.
fn is_nondet_decl(l: &Lowerer<'_>, f: crate::ir::FuncId) -> bool {
    let func = l.program.func(f);
    func.body.is_none() && (func.name.starts_with("nondet_") || func.name.starts_with("__VERIFIER_nondet_"))
}
