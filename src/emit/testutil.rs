//! Building IR by hand for the emitter's tests, and running gcc.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, Function, Init, IntType, Intrinsic, Program, Span, Stmt, StmtKind,
    Storage, UnOp, VarDecl, VarId,
};

/// A program under construction.
#[derive(Default)]
pub struct Build {
    pub p: Program,
}

impl Build {
    pub fn var(&mut self, name: &str, ty: CType) -> VarId {
        self.p.add_var(VarDecl {
            name: name.to_string(),
            ty,
            storage: Storage::Local,
            func: None,
            span: Span::SYNTHETIC,
        })
    }

    pub fn int_var(&mut self, name: &str, t: IntType) -> Expr {
        let id = self.var(name, CType::Int(t));
        Expr::var(id, CType::Int(t))
    }

    pub fn func(&mut self, name: &str, ret: CType) -> FuncId {
        self.p.funcs.push(Function {
            name: name.to_string(),
            ret,
            params: Vec::new(),
            body: None,
            span: Span::SYNTHETIC,
            opaque: None,
        });
        FuncId(self.p.funcs.len() - 1)
    }
}

pub fn syn(kind: ExprKind, ty: CType) -> Expr {
    Expr::new(kind, ty, Span::SYNTHETIC)
}

pub fn int(v: i128) -> Expr {
    Expr::int(v, IntType::INT)
}

fn int_ty(e: &Expr) -> IntType {
    e.ty.as_int().unwrap_or(IntType::INT)
}

/// A synthetic binary expression with C's result type (operands are taken
/// as already converted).
pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    let ty = if op.is_comparison() || op.is_logical() {
        IntType::INT
    } else if op.is_shift() {
        int_ty(&a).promote()
    } else {
        IntType::common(int_ty(&a), int_ty(&b))
    };
    syn(ExprKind::Binary(op, Box::new(a), Box::new(b)), CType::Int(ty))
}

pub fn un(op: UnOp, a: Expr) -> Expr {
    let ty = if op == UnOp::LogNot {
        IntType::INT
    } else {
        int_ty(&a).promote()
    };
    syn(ExprKind::Unary(op, Box::new(a)), CType::Int(ty))
}

pub fn cast(t: IntType, e: Expr, implicit: bool) -> Expr {
    syn(
        ExprKind::Cast {
            implicit,
            expr: Box::new(e),
        },
        CType::Int(t),
    )
}

pub fn assign(lhs: Expr, rhs: Expr) -> Expr {
    crate::ir::build::assign(lhs, rhs, crate::ir::Span::SYNTHETIC)
}

pub fn index(a: Expr, i: Expr) -> Expr {
    let elem = a.ty.array_parts().map_or(CType::Int(IntType::INT), |(e, _)| e.clone());
    syn(ExprKind::Index(Box::new(a), Box::new(i)), elem)
}

pub fn intrinsic(i: Intrinsic, args: Vec<Expr>) -> Expr {
    syn(ExprKind::Call(Callee::Intrinsic(i), args), CType::Void)
}

pub fn nondet(t: IntType) -> Expr {
    syn(ExprKind::Nondet(String::new()), CType::Int(t))
}

pub fn s(kind: StmtKind) -> Stmt {
    Stmt::new(kind, Span::SYNTHETIC)
}

pub fn expr_stmt(e: Expr) -> Stmt {
    s(StmtKind::Expr(e))
}

pub fn block(stmts: Vec<Stmt>) -> Stmt {
    s(StmtKind::Block { stmts, scoped: true })
}

pub fn decl(v: VarId, init: Option<Expr>) -> Stmt {
    s(StmtKind::Decl(v, init.map(Init::Expr)))
}

/// The span of the first occurrence of `needle` in `source`.
pub fn span_of(source: &str, needle: &str) -> Span {
    let start = source.find(needle).expect("needle in source");
    Span::new(start, start + needle.len())
}

/// A copy of `e` carrying a real span.
pub fn real(mut e: Expr, span: Span) -> Expr {
    e.span = span;
    e
}

/// Run gcc on C text from stdin with `args`; its exit status and stderr.
pub fn gcc(text: &str, args: &[&str]) -> (bool, String) {
    let mut child = Command::new("gcc")
        .args(args)
        .args(["-x", "c", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gcc runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("gcc finishes");
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Compile a C program with gcc and run it; its standard output.
pub fn compile_and_run(text: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let exe = dir.path().join("prog");
    let exe_s = exe.to_str().expect("utf-8 path");
    let mut args = vec!["-std=c11", "-Wall", "-Wextra", "-Werror", "-o", exe_s];
    args.extend_from_slice(extra);
    let (ok, err) = gcc(text, &args);
    assert!(ok, "gcc rejected the program:\n{err}\n{text}");
    let out = Command::new(&exe).output().expect("program runs");
    assert!(out.status.success(), "program failed");
    String::from_utf8(out.stdout).expect("utf-8 output")
}
