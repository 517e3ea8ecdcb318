//! Unit tests of the checker: hand-built IR (independent of lowering) and
//! C text through `lower_source`.

use super::*;
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, Function, IntType, Intrinsic, Program, Span, Stmt, StmtKind, Storage,
    VarDecl, VarId,
};

/// A tiny builder for hand-made IR (all spans synthetic).
struct B {
    p: Program,
}

const S: Span = Span::SYNTHETIC;

impl B {
    fn new() -> B {
        B { p: Program::default() }
    }

    fn var(&mut self, name: &str, ty: IntType, storage: Storage) -> VarId {
        self.p.add_var(VarDecl {
            name: name.to_string(),
            ty: CType::Int(ty),
            storage,
            func: Some(FuncId(0)),
            span: S,
        })
    }

    fn main(&mut self, stmts: Vec<Stmt>) {
        self.p.funcs.push(Function {
            name: "main".to_string(),
            ret: CType::Int(IntType::INT),
            params: Vec::new(),
            body: Some(block(stmts)),
            span: S,
            opaque: None,
        });
    }
}

fn block(stmts: Vec<Stmt>) -> Stmt {
    Stmt::new(StmtKind::Block { stmts, scoped: true }, S)
}

fn v(id: VarId, ty: IntType) -> Expr {
    Expr::var(id, CType::Int(ty))
}

fn bin(op: BinOp, a: Expr, b: Expr, ty: IntType) -> Expr {
    Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), CType::Int(ty), S)
}

fn assign(id: VarId, ty: IntType, rhs: Expr) -> Stmt {
    let e = Expr::new(
        ExprKind::Assign {
            op: None,
            op_ty: CType::Int(ty),
            lhs: Box::new(v(id, ty)),
            rhs: Box::new(rhs),
        },
        CType::Int(ty),
        S,
    );
    Stmt::new(StmtKind::Expr(e), S)
}

fn inc(id: VarId, ty: IntType) -> Stmt {
    let e = Expr::new(
        ExprKind::IncDec {
            inc: true,
            prefix: false,
            op_ty: CType::Int(ty.promote()),
            target: Box::new(v(id, ty)),
        },
        CType::Int(ty),
        S,
    );
    Stmt::new(StmtKind::Expr(e), S)
}

fn assert_stmt(c: Expr) -> Stmt {
    let e = Expr::new(
        ExprKind::Call(Callee::Intrinsic(Intrinsic::Assert), vec![c]),
        CType::Void,
        S,
    );
    Stmt::new(StmtKind::Expr(e), S)
}

fn opts(unwind: u32) -> CheckOptions {
    CheckOptions {
        unwind,
        ..CheckOptions::default()
    }
}

fn verdict_ir(p: &Program, unwind: u32) -> Verdict {
    check_program(p, "", &opts(unwind)).map(|r| r.verdict).unwrap()
}

#[test]
fn hand_built_while_loop_unwinds_with_cbmc_k() {
    // unsigned i = 0; while (i < 2) i++; assert(i == 2);
    let u = IntType::UINT;
    let mut b = B::new();
    let i = b.var("i", u, Storage::Local);
    b.main(vec![
        Stmt::new(StmtKind::Decl(i, Some(crate::ir::Init::Expr(Expr::int(0, u)))), S),
        Stmt::new(
            StmtKind::While {
                cond: bin(BinOp::Lt, v(i, u), Expr::int(2, u), IntType::INT),
                body: Box::new(inc(i, u)),
            },
            S,
        ),
        assert_stmt(bin(BinOp::Eq, v(i, u), Expr::int(2, u), IntType::INT)),
    ]);
    assert_eq!(verdict_ir(&b.p, 2), Verdict::Unknown);
    assert_eq!(verdict_ir(&b.p, 3), Verdict::Safe);
}

#[test]
fn hand_built_wraparound_and_failing_assert() {
    // unsigned char c = 255; c = c + 1 (in int, truncated); assert(c == 1) fails.
    let uc = IntType::UCHAR;
    let int = IntType::INT;
    let mut b = B::new();
    let c = b.var("c", uc, Storage::Global);
    let cast = |e: Expr, to: IntType| {
        Expr::new(
            ExprKind::Cast {
                implicit: true,
                expr: Box::new(e),
            },
            CType::Int(to),
            S,
        )
    };
    b.main(vec![
        assign(c, uc, Expr::int(255, uc)),
        assign(
            c,
            uc,
            cast(bin(BinOp::Add, cast(v(c, uc), int), Expr::int(1, int), int), uc),
        ),
        assert_stmt(bin(BinOp::Eq, cast(v(c, uc), int), Expr::int(1, int), int)),
    ]);
    let r = check_program(&b.p, "", &opts(1)).unwrap();
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert_eq!(r.exit_code(), 10);
    let values: Vec<Option<i128>> = r.trace.iter().map(|s| s.value).collect();
    assert_eq!(values, vec![Some(255), Some(0), None]);
    assert!(r.render("t.c", "", true).ends_with("\nUNSAFE"));
}
