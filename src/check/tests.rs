//! Unit tests of the checker: hand-built IR (independent of lowering) and
//! C text through `lower_source`.

use super::*;
use crate::diag::Diagnostic;
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

// ---- C text through lowering ---------------------------------------------

fn run(src: &str, unwind: u32) -> CheckReport {
    check_source(src, &opts(unwind)).unwrap_or_else(|d| panic!("refused: {d:?}\n{src}"))
}

fn verdict(src: &str, unwind: u32) -> Verdict {
    run(src, unwind).verdict
}

fn refused(src: &str) -> Vec<Diagnostic> {
    match check_source(src, &opts(3)) {
        Ok(r) => panic!("expected a refusal, got {:?}\n{src}", r.verdict),
        Err(d) => d,
    }
}

#[test]
fn trace_lists_assignments_with_lines_and_values() {
    let src = "int nondet_int(void);\n\
               int main(void) {\n\
               int x = nondet_int();\n\
               __CPROVER_assume(x > 3 && x < 5);\n\
               int y = x * 2;\n\
               y = y - 1;\n\
               assert(y != 7);\n\
               return 0;\n\
               }\n";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    let steps: Vec<(usize, Option<i128>)> = r
        .trace
        .iter()
        .map(|s| (report::line_col(src, s.span).unwrap().0, s.value))
        .collect();
    assert_eq!(steps.first(), Some(&(3, Some(4))));
    assert!(steps.contains(&(5, Some(8))));
    assert!(steps.contains(&(6, Some(7))));
    assert_eq!(steps.last(), Some(&(7, None)));
    assert_eq!(r.trace.last().unwrap().kind, StepKind::Failure);
    let text = r.render("f.c", src, true);
    assert!(text.contains("f.c:7:1: failed: assertion y != 7"), "{text}");
    assert!(text.contains("f.c:6: y = 7"), "{text}");
    assert_eq!(text.lines().last(), Some("UNSAFE"));
    let json = r.to_json("f.c", src, false);
    assert_eq!(json["verdict"], "UNSAFE");
    assert_eq!(json["failures"][0]["line"], 7);
}

#[test]
fn trace_follows_only_the_failing_path() {
    let src = "int nondet_int(void);\n\
               int main(void) {\n\
               int x = nondet_int();\n\
               int y = 0;\n\
               if (x > 10) { y = 1; } else { y = 2; }\n\
               assert(y == 1);\n\
               return 0; }\n";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    let ys: Vec<Option<i128>> = r.trace.iter().filter(|s| s.target == "y").map(|s| s.value).collect();
    assert_eq!(ys, vec![Some(0), Some(2)]);
    let x = r.trace.iter().find(|s| s.kind == StepKind::Nondet).unwrap();
    assert!(x.value.unwrap() <= 10);
}

#[test]
fn signed_values_in_traces_are_negative() {
    let src = "int main(void) { signed char c = 127; c++; assert(c > 0); return 0; }";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert!(r.trace.iter().any(|s| s.value == Some(-128)), "{:?}", r.trace);
}

#[test]
fn integer_semantics_follow_lp64_c() {
    let cases = [
        // unsigned wrap, signed wrap, conversions
        "unsigned u = 0; u--; assert(u == 4294967295u);",
        "int i = 2147483647; i++; assert(i == -2147483647 - 1);",
        "unsigned char c = 300; assert(c == 44);",
        "signed char s = 200; assert(s == -56);",
        "_Bool b = 256; assert(b == 1);",
        "_Bool b = 0; b++; b++; assert(b == 1);",
        "long l = -1; unsigned long ul = l; assert(ul == 18446744073709551615ul);",
        "int i = -7; assert(i / 2 == -3 && i % 2 == -1);",
        "unsigned u = 7; assert(u / 2 == 3 && u % 2 == 1);",
        "int i = -8; assert((i >> 1) == -4);",
        "unsigned u = 0x80000000u; assert((u >> 31) == 1);",
        "int i = 1; assert((i << 31) < 0);",
        "assert(-1 < 0u == 0);",
        "long l = -1; assert(l < 0u);",
        "unsigned short a = 65535; assert(a * a == -131071);",
        "char c = 'A'; assert(c == 65);",
        "int x = 5; x += 3; x *= 2; x -= 1; x /= 3; x %= 4; assert(x == 1);",
        "unsigned char c = 250; c += 10; assert(c == 4);",
        "int x = 3; int y = x++ + 1; assert(x == 4 && y == 4);",
        "int x = 3; int y = --x; assert(x == 2 && y == 2);",
        "int x = (1, 2); assert(x == 2);",
        "int x = 0; int y = (x = 5) + 1; assert(y == 6);",
        "int a = 1, b = 0; assert((a && b) == 0 && (a || b) == 1 && !b == 1);",
        "int x = 5; int y = x > 3 ? 10 : 20; assert(y == 10);",
        "unsigned long long big = 0xFFFFFFFFFFFFFFFFull; assert(big + 1 == 0);",
        "assert(sizeof(long) == 8);",
        // Type names tree-sitter takes for expressions; a variable shadows one.
        "assert(sizeof(_Bool) == 1 && sizeof(u16) == 2);",
        "long u16 = 0; assert(sizeof(u16) == 8);",
    ];
    for body in cases {
        let src = format!("typedef unsigned short u16;\nint main(void) {{ {body} return 0; }}");
        assert_eq!(
            verdict(&src, 1),
            Verdict::Safe,
            "{src}\n{}",
            run(&src, 1).render("t.c", &src, true)
        );
        let at = src.rfind("assert(").unwrap();
        let end = src.rfind(");").unwrap();
        let neg = format!("{}assert(!({})){}", &src[..at], &src[at + 7..end], &src[end + 1..]);
        assert_eq!(verdict(&neg, 1), Verdict::Unsafe, "{neg}");
    }
}

#[test]
fn short_circuit_guards_side_effects() {
    let src = "int g; int f(void) { g = 1; return 1; }\n\
               int main(void) { int a = 0; if (a && f()) { } assert(g == 0); \
               if (a || f()) { } assert(g == 1); int x = 0; int y = a ? (x = 5) : 7; \
               assert(x == 0 && y == 7); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
    let src = "int nondet_int(void); int g; int f(void) { g = 1; return 1; }\n\
               int main(void) { int a = nondet_int(); if (a && f()) { } assert(g == 0); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Unsafe);
}

#[test]
fn arrays_globals_and_initialisers() {
    let src = "int g[4]; int h[3] = {1, 2}; int m[2][3] = {{1, 2, 3}, {4, 5, 6}};\n\
               int main(void) { int a[3] = {7}; int i; \
               assert(g[3] == 0 && h[1] == 2 && h[2] == 0 && a[0] == 7 && a[2] == 0); \
               assert(m[1][2] == 6 && m[0][1] == 2); \
               for (i = 0; i < 3; i++) a[i] = i * i; assert(a[2] == 4); \
               m[1][0] = 9; assert(m[1][0] == 9 && m[0][0] == 1); return 0; }";
    assert_eq!(
        verdict(src, 4),
        Verdict::Safe,
        "{}",
        run(src, 4).render("t.c", src, true)
    );
}

#[test]
fn symbolic_array_index() {
    let src = "unsigned nondet_uint(void); int a[5];\n\
               int main(void) { unsigned i = nondet_uint(); __CPROVER_assume(i < 5); a[i] = 1; \
               assert(a[0] + a[1] + a[2] + a[3] + a[4] == 1); assert(a[i] == 1); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
    let bad = src.replace("a[i] == 1", "a[0] == 1");
    assert_eq!(verdict(&bad, 1), Verdict::Unsafe);
}

#[test]
fn array_parameters_alias_the_caller() {
    let src = "void fill(int a[3], int v) { for (int i = 0; i < 3; i++) a[i] = v; }\n\
               int main(void) { int b[3] = {0}; fill(b, 4); assert(b[1] == 4); return 0; }";
    match check_source(src, &opts(4)) {
        Ok(r) => assert_eq!(r.verdict, Verdict::Safe, "{}", r.render("t.c", src, true)),
        // Lowering may keep pointer parameters opaque: then a refusal is right.
        Err(d) => assert!(!d.is_empty()),
    }
}

#[test]
fn functions_recursion_and_returns() {
    let src = "int sq(int x) { return x * x; }\n\
               int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }\n\
               int main(void) { assert(sq(7) == 49); assert(fact(5) == 120); return 0; }";
    assert_eq!(verdict(src, 5), Verdict::Safe);
    assert_eq!(verdict(src, 4), Verdict::Unknown);
    let r = run(src, 4);
    assert_eq!(r.unwinding_failures[0].kind, FailureKind::Recursion);
}

#[test]
fn switch_with_fallthrough_and_default() {
    let src = "int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); int r = 0; \
               switch (x) { case 1: r = 10; case 2: r += 1; break; case 5: { r = 50; break; } default: r = -1; } \
               assert(x != 1 || r == 11); assert(x != 2 || r == 1); assert(x != 5 || r == 50); \
               assert(x == 1 || x == 2 || x == 5 || r == -1); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
    let bad = src.replace("r == 11", "r == 10");
    assert_eq!(verdict(&bad, 1), Verdict::Unsafe);
    let no_default = "int nondet_int(void); int main(void) { int x = nondet_int(); int r = 3; \
                      switch (x) { case 0: r = 0; break; } assert(r == 3 || x == 0); return 0; }";
    assert_eq!(verdict(no_default, 1), Verdict::Safe);
}

#[test]
fn forward_goto_and_error_label() {
    let src = "int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); int y = 0; \
               if (x > 0) goto skip; y = 1; skip: assert(x > 0 || y == 1); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
    let label = "int nondet_int(void); int main(void) { int x = nondet_int(); if (x == 42) goto ERROR; return 0; \
                 ERROR: return 1; }";
    let o = CheckOptions {
        error_label: Some("ERROR".to_string()),
        ..opts(1)
    };
    let r = check_source(label, &o).unwrap();
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert_eq!(r.failures[0].kind, FailureKind::ErrorLabel);
    assert_eq!(verdict(label, 1), Verdict::Safe);
}

#[test]
fn backward_goto_is_refused_unless_lowering_made_it_a_loop() {
    // Two gotos back to one label: CBMC sees two loops, `lower` makes none.
    let d =
        refused("int main(void) { int i = 0; again: i++; if (i == 1) goto again; if (i < 3) goto again; return 0; }");
    assert!(d[0].message.contains("backward"), "{d:?}");
    // One goto back: a `while` loop, unwound as CBMC unwinds the goto.
    let looped = "#include <assert.h>\nint main(void) { int i = 0; again: i++; if (i < 3) goto again; assert(i != 3); return 0; }";
    assert_eq!(verdict(looped, 2), Verdict::Unknown);
    assert_eq!(verdict(looped, 3), Verdict::Unsafe);
}

#[test]
fn error_functions_abort_and_exit() {
    let src = "void reach_error(void); int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); if (x == 3) reach_error(); return 0; }";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert_eq!(r.failures[0].kind, FailureKind::ErrorCall);
    let src = "void abort(void); int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); if (x == 3) abort(); assert(x != 3); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
}

#[test]
fn assume_does_not_mask_earlier_assertions() {
    let src = "int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); assert(x > 0); __CPROVER_assume(x > 0); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Unsafe);
    let src = "int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); __CPROVER_assume(x > 0); assert(x > 0); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
    // An assumption inside a branch constrains only that branch.
    let src = "int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); int c = nondet_int(); if (c) __CPROVER_assume(x > 0); \
               assert(x > 0); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Unsafe);
}

#[test]
fn quantifiers_and_array_copy() {
    let src = "int a[4]; int b[4];\n\
               int main(void) { for (int i = 0; i < 4; i++) a[i] = 2 * i; __CPROVER_array_copy(b, a); \
               assert(b[3] == 6); \
               assert(__CPROVER_forall { int k; !(k >= 0 && k < 4) || b[k] == 2 * k }); \
               assert(!__CPROVER_forall { int k; !(k >= 0 && k < 4) || b[k] == 2 }); return 0; }";
    match check_source(src, &opts(5)) {
        Ok(r) => assert_eq!(r.verdict, Verdict::Safe, "{}", r.render("t.c", src, true)),
        Err(d) => panic!("{d:?}"),
    }
}

#[test]
fn per_assertion_reports_every_failure() {
    let src = "int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); assert(x != 1); assert(x != 2); assert(x == x); return 0; }";
    let o = CheckOptions {
        per_assertion: true,
        ..opts(1)
    };
    let r = check_source(src, &o).unwrap();
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert_eq!(r.failures.len(), 2);
    assert!(r.failures.iter().all(|f| !f.trace.is_empty()));
    assert_eq!(r.properties, 3);
}

#[test]
fn unmodelled_constructs_are_refused() {
    refused("union u { int a; }; int main(void) { union u v; v.a = 1; assert(v.a == 1); return 0; }");
    refused("struct s { int a : 3; }; int main(void) { struct s v; v.a = 1; assert(v.a == 1); return 0; }");
    // Arrays of structures are not modelled.
    refused("struct s { int a; }; int main(void) { struct s v[2]; v[0].a = 1; assert(v[0].a == 1); return 0; }");
    refused("int main(void) { int x = 0; int *p = &x; int **q = &p; **q = 1; assert(x == 1); return 0; }");
    let d = check_source(
        "int main(void) { return 0; }",
        &CheckOptions {
            entry: "start".into(),
            ..opts(1)
        },
    );
    assert!(d.is_err());
}

/// Pointers to integers: objects and offsets (pointer.rs), as CBMC.
#[test]
fn pointers_reach_scalars_and_array_elements() {
    let both = |body: &str| {
        let src = format!(
            "_Bool nondet_bool(void);\nvoid bump(int *p) {{ (*p)++; }}\nint *pick(int c, int *a, int *b) {{ if (c) return a; return b; }}\nint main(void) {{ {body} return 0; }}"
        );
        verdict(&src, 4)
    };
    let setup = "int x = 1, y = 2; int a[4] = {1, 2, 3, 4}; int *p = &x; int *q = a;";
    for (claim, expected) in [
        ("*p = 5; assert(x == 5);", Verdict::Safe),
        ("*p = 5; assert(x == 1);", Verdict::Unsafe),
        ("bump(&y); bump(p); assert(y == 3 && x == 2);", Verdict::Safe),
        (
            "q[2] = 9; q += 3; *q = 7; assert(a[2] == 9 && a[3] == 7 && q - a == 3);",
            Verdict::Safe,
        ),
        ("q++; assert(*q == 1);", Verdict::Unsafe),
        ("p = 0; assert(!p && q && q != &a[1] && &a[1] > q);", Verdict::Safe),
        // One object or the other, by a nondeterministic choice.
        (
            "if (nondet_bool()) p = &y; *p = 0; assert(x == 0 || y == 0);",
            Verdict::Safe,
        ),
        ("if (nondet_bool()) p = &y; *p = 0; assert(x == 0);", Verdict::Unsafe),
        // Pointers returned and chosen.
        (
            "*pick(0, &x, &y) = 7; p = nondet_bool() ? &y : q; assert(y == 7 && (*p == 7 || *p == 1));",
            Verdict::Safe,
        ),
        ("*pick(1, &x, &y) = 7; assert(y == 7);", Verdict::Unsafe),
    ] {
        let body = format!("{setup} {claim}");
        assert_eq!(both(&body), expected, "{claim}");
    }
}

/// Structures by value and by pointer: members as parts of their
/// variable's value, pointers to structures and to members as objects.
#[test]
fn structures_by_value_and_by_pointer() {
    let both = |body: &str| {
        let src = format!(
            "#include <stdlib.h>\n_Bool nondet_bool(void);\nstruct pt {{ int x; unsigned char c[3]; }};\n\
             struct seg {{ struct pt a, b; int *p; }};\nstruct seg g;\n\
             struct pt mk(int x) {{ struct pt r = {{x, {{1, 2, 3}}}}; return r; }}\n\
             int get(struct pt q) {{ q.x++; return q.x; }}\nvoid put(struct pt *q, int v) {{ q->x = v; }}\n\
             int main(void) {{ {body} return 0; }}"
        );
        verdict(&src, 3)
    };
    let setup = "struct pt u = {1, {2}}; struct pt v; v = u; struct pt *p = &u;";
    for (claim, expected) in [
        ("assert(v.x == 1 && v.c[0] == 2 && v.c[1] == 0);", Verdict::Safe),
        ("v.x = 4; assert(u.x == 4);", Verdict::Unsafe),
        ("p->x = 9; assert(u.x == 9 && v.x == 1);", Verdict::Safe),
        ("(*p).c[2] = 7; assert(u.c[2] == 0);", Verdict::Unsafe),
        ("put(&v, 5); assert(get(v) == 6 && v.x == 5);", Verdict::Safe),
        ("assert(mk(4).c[2] == 3 && mk(4).x == 4);", Verdict::Safe),
        ("assert(mk(4).c[1] == 1);", Verdict::Unsafe),
        // Globals start at zero, pointers at null.
        ("assert(g.b.c[1] == 0 && g.p == 0);", Verdict::Safe),
        (
            "struct seg *s = &g; s->b.x = 3; int *q = &s->b.x; *q += 1; assert(g.b.x == 4);",
            Verdict::Safe,
        ),
        (
            "int *q = &g.a.x; *q = 2; assert(g.a.x == 2 && g.b.x == 0);",
            Verdict::Safe,
        ),
        ("unsigned char *q = u.c; q[1] = 5; assert(u.c[1] == 5);", Verdict::Safe),
        (
            "unsigned char *q = &u.c[1]; q[1] = 5; assert(u.c[2] == 4);",
            Verdict::Unsafe,
        ),
        // One structure or the other, by a nondeterministic choice.
        (
            "if (nondet_bool()) p = &v; p->x = 0; assert(u.x == 0 || v.x == 0);",
            Verdict::Safe,
        ),
        (
            "if (nondet_bool()) p = &v; p->x = 0; assert(u.x == 0);",
            Verdict::Unsafe,
        ),
        (
            "if (nondet_bool()) p = &v; assert(p == &u || p == &v); assert(p != &u);",
            Verdict::Unsafe,
        ),
        ("*p = mk(3); assert(u.x == 3 && u.c[2] == 3);", Verdict::Safe),
        // Memory for one structure; the allocation may fail (CBMC 6).
        (
            "struct pt *m = malloc(sizeof(struct pt)); if (m) { *m = u; m->x++; assert(m->x == 2 && u.x == 1); }",
            Verdict::Safe,
        ),
        (
            "struct pt *m = calloc(1, sizeof(struct pt)); assert(m->c[2] == 0);",
            Verdict::Unsafe,
        ),
        (
            "assert(sizeof(struct pt) == 8 && sizeof(struct seg) == 24);",
            Verdict::Safe,
        ),
    ] {
        let body = format!("{setup} {claim}");
        assert_eq!(both(&body), expected, "{claim}");
    }
}

/// String literals are objects of their own; `malloc` and `calloc` give a
/// fresh object per execution, or null (CBMC 6's default).
#[test]
fn strings_and_allocations_are_objects() {
    let main = |body: &str| {
        let src = format!("_Bool nondet_bool(void);\nint main(void) {{ {body} return 0; }}");
        verdict(&src, 4)
    };
    for (body, expected) in [
        (
            "const char *s = \"a\\nb\"; assert(s[0] == 'a' && s[1] == 10 && *(s + 2) == 'b' && s[3] == 0);",
            Verdict::Safe,
        ),
        ("char *s = \"ab\"; s++; assert(*s == 'a');", Verdict::Unsafe),
        ("int *p = malloc(8); if (p) { *p = 3; assert(*p == 3); }", Verdict::Safe),
        ("int *p = malloc(8); assert(p != 0);", Verdict::Unsafe),
        (
            "int *p = calloc(2, sizeof(int)); if (p) assert(p[1] == 0);",
            Verdict::Safe,
        ),
        (
            "int *p = malloc(2 * sizeof(int)); if (p) assert(p[1] == 0);",
            Verdict::Unsafe,
        ),
        (
            "int *p = malloc(4), *q = malloc(4); if (p && q) { *p = 1; *q = 2; assert(*p == 1 && p != q); }",
            Verdict::Safe,
        ),
        // An allocation made in one branch only survives the join.
        (
            "int *p = 0; if (nondet_bool()) { p = (int *)malloc(4); if (p) *p = 5; } if (p) assert(*p == 5); free(p);",
            Verdict::Safe,
        ),
        (
            "int *p = 0; if (nondet_bool()) { p = (int *)malloc(4); if (p) *p = 5; } if (p) assert(*p == 4);",
            Verdict::Unsafe,
        ),
    ] {
        assert_eq!(main(body), expected, "{body}");
    }
}

#[test]
fn bodyless_call_returns_any_value_like_cbmc() {
    let src = "int ext(int); int main(void) { int y = ext(3); assert(y == 3); return 0; }";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert!(
        r.warnings
            .iter()
            .any(|w| w.message.contains("no body for function `ext`"))
    );
    // Only the return type's values.
    let src = "unsigned char ext(void); int main(void) { int y = ext(); assert(y <= 255); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
}

#[test]
fn bodyless_call_as_statement_is_ignored_like_cbmc() {
    let src = "void log_it(int); int main(void) { int x = 1; log_it(x); assert(x == 1); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
}

#[test]
fn uninitialised_locals_are_nondeterministic() {
    let src = "int main(void) { int x; assert(x != 12345); return 0; }";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert!(
        r.trace
            .iter()
            .any(|s| s.kind == StepKind::Uninit && s.value == Some(12345))
    );
    let src = "int g; int main(void) { static int s; assert(g == 0 && s == 0); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
}

#[test]
fn static_locals_keep_their_value_across_calls() {
    let src = "int next(void) { static int n = 10; n++; return n; }\n\
               int main(void) { next(); next(); assert(next() == 13); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
}

#[test]
fn timeout_gives_unknown_not_a_wrong_verdict() {
    let src = "unsigned long nondet_ulong(void);\n\
               int main(void) { unsigned long a = nondet_ulong(), b = nondet_ulong(); \
               __CPROVER_assume(a > 1 && b > 1 && a < 4294967296ul && b < 4294967296ul); \
               assert(a * b != 18446744030759878681ul); return 0; }";
    let o = CheckOptions {
        timeout_ms: Some(1),
        ..opts(1)
    };
    let r = check_source(src, &o).unwrap();
    assert_ne!(r.verdict, Verdict::Safe);
    assert_eq!(r.exit_code() == 20, r.verdict == Verdict::Unknown);
}

#[test]
fn unused_unmodelled_declarations_are_harmless() {
    let src = "int main(int argc, char **argv) { int *p; int x = argc; assert(x == argc); return 0; }";
    assert_eq!(verdict(src, 1), Verdict::Safe);
    refused("int main(int argc, char **argv) { assert(argv != 0); return 0; }");
}

#[test]
fn cprover_assert_message_is_reported() {
    let src = "void __CPROVER_assert(_Bool, const char *); int nondet_int(void);\n\
               int main(void) { int x = nondet_int(); __CPROVER_assert(x != 7, \"x is not seven\"); return 0; }";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert_eq!(r.failures[0].message, "x is not seven");
    assert!(r.to_json("m.c", src, false)["trace"].as_array().unwrap().is_empty());
    let json = r.to_json("m.c", src, true);
    assert_eq!(json["failures"][0]["message"], "x is not seven");
    let last = json["trace"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["kind"], "failure");
    assert!(json["trace"].as_array().unwrap().iter().any(|s| s["value"] == "7"));
}

#[test]
fn unknown_report_names_the_loop() {
    let src =
        "int nondet_int(void);\nint main(void) {\n  int n = nondet_int();\n  while (n > 0) n--;\n  return 0;\n}\n";
    let r = run(src, 3);
    assert_eq!(r.verdict, Verdict::Unknown);
    assert_eq!(r.exit_code(), 20);
    let text = r.render("u.c", src, true);
    assert!(text.contains("u.c:4:3: unwinding assertion"), "{text}");
    assert_eq!(text.lines().last(), Some("UNKNOWN"));
    let o = CheckOptions {
        unwinding_assertions: false,
        ..opts(3)
    };
    let r = check_source(src, &o).unwrap();
    assert_eq!(r.verdict, Verdict::Safe);
    assert_eq!(r.exit_code(), 0);
    assert_eq!(r.render("u.c", src, false).lines().last(), Some("SAFE"));
}

#[test]
fn goto_into_a_loop_body_and_continue_in_switch() {
    // Jumping into the body skips the first condition test.
    let src = "int main(void) { int i = 5, n = 0; goto inside; while (i < 3) { inside: n++; i++; } \
               assert(n == 1 && i == 6); return 0; }";
    assert_eq!(
        verdict(src, 2),
        Verdict::Safe,
        "{}",
        run(src, 2).render("t.c", src, true)
    );
    let src = "int main(void) { int n = 0; for (int i = 0; i < 4; i++) { switch (i & 1) { case 0: continue; \
               default: break; } n++; } assert(n == 2); return 0; }";
    assert_eq!(verdict(src, 5), Verdict::Safe);
    assert_eq!(verdict(src, 4), Verdict::Unknown);
}

#[test]
fn deep_recursion_beyond_the_bound_without_unwinding_assertions_is_cut() {
    let src = "int nondet_int(void); int f(int n) { if (n <= 0) return 0; return 1 + f(n - 1); }\n\
               int main(void) { int n = nondet_int(); __CPROVER_assume(n >= 0 && n < 100); \
               assert(f(n) == n); return 0; }";
    let o = CheckOptions {
        unwinding_assertions: false,
        ..opts(6)
    };
    assert_eq!(check_source(src, &o).unwrap().verdict, Verdict::Safe);
    assert_eq!(verdict(src, 6), Verdict::Unknown);
    let bad = src.replace("f(n) == n", "f(n) != 4");
    assert_eq!(check_source(&bad, &o).unwrap().verdict, Verdict::Unsafe);
}

#[test]
fn quantified_assumption_about_a_havocked_array() {
    // The shape of an accelerated array loop: havoc, then assume what every
    // iteration wrote, then check a nondeterministic element.
    let src = "unsigned nondet_uint(void); int nondet_int(void);\n\
               int main(void) { int a[100]; unsigned n = nondet_uint(); __CPROVER_assume(n <= 100); \
               __CPROVER_assume(__CPROVER_forall { unsigned k; !(k < n) || a[k] == 1 }); \
               unsigned j = nondet_uint(); __CPROVER_assume(j < n); assert(a[j] == 1); return 0; }";
    let r = run(src, 2);
    assert_eq!(r.verdict, Verdict::Safe, "{}", r.render("t.c", src, true));
    let bad = src.replace("j < n", "j <= n");
    let r = run(&bad, 2);
    assert_eq!(r.verdict, Verdict::Unsafe, "{}", r.render("t.c", &bad, true));
}

#[test]
fn hand_built_synthetic_nondet_and_unnamed_trace_steps() {
    // x = <tracc nondet>; assume(x < 3); assert(x != 2) fails with x = 2.
    let int = IntType::INT;
    let mut b = B::new();
    let x = b.var("x", int, Storage::Local);
    let nd = Expr::new(ExprKind::Nondet(String::new()), CType::Int(int), S);
    let assume = Expr::new(
        ExprKind::Call(
            Callee::Intrinsic(Intrinsic::Assume),
            vec![bin(BinOp::Lt, v(x, int), Expr::int(3, int), int)],
        ),
        CType::Void,
        S,
    );
    b.main(vec![
        Stmt::new(StmtKind::Decl(x, None), S),
        assign(x, int, nd),
        Stmt::new(StmtKind::Expr(assume), S),
        assert_stmt(bin(BinOp::Gt, v(x, int), Expr::int(-5, int), int)),
        assert_stmt(bin(BinOp::Ne, v(x, int), Expr::int(2, int), int)),
    ]);
    let r = check_program(&b.p, "", &opts(1)).unwrap();
    assert_eq!(r.verdict, Verdict::Unsafe);
    assert_eq!(r.trace.last().unwrap().kind, StepKind::Failure);
    let nondet = r.trace.iter().find(|s| s.kind == StepKind::Nondet).unwrap();
    assert_eq!(nondet.target, "nondet");
    let text = r.render("g.c", "", true);
    assert!(text.contains("g.c:?"), "{text}");
    assert!(text.ends_with("\nUNSAFE"));
}

// ---- quantifiers: instances checked against the model (quant.rs) ---------

/// The verdicts with quantifiers instantiated and with quantifiers handed
/// to z3 as such (the reference).
fn both_ways(src: &str, unwind: u32) -> (Verdict, Verdict) {
    let lowered = crate::lower::lower_source(src).unwrap_or_else(|d| panic!("refused: {d:?}\n{src}"));
    let o = CheckOptions {
        timeout_ms: Some(60_000),
        ..opts(unwind)
    };
    let run = |native| {
        check_program_with(&lowered.program, src, &o, native)
            .unwrap_or_else(|d| panic!("refused: {d:?}\n{src}"))
            .verdict
    };
    (run(false), run(true))
}

/// Each program with its verdict, which both encodings must give.
const QUANTIFIED: &[(&str, Verdict)] = &[
    // A havocked array with a symbolic bound, read inside and at the bound.
    (
        "unsigned nondet_uint(void); int main(void) { int a[100]; unsigned n = nondet_uint(); \
         __CPROVER_assume(n <= 100); __CPROVER_assume(__CPROVER_forall { unsigned k; !(k < n) || a[k] == 1 }); \
         unsigned j = nondet_uint(); __CPROVER_assume(j < n); assert(a[j] == 1); return 0; }",
        Verdict::Safe,
    ),
    (
        "unsigned nondet_uint(void); int main(void) { int a[100]; unsigned n = nondet_uint(); \
         __CPROVER_assume(n <= 100); __CPROVER_assume(__CPROVER_forall { unsigned k; !(k < n) || a[k] == 1 }); \
         unsigned j = nondet_uint(); __CPROVER_assume(j <= n); assert(a[j] == 1); return 0; }",
        Verdict::Unsafe,
    ),
    // The accelerator's frame: a fresh array equal to the old one except
    // at one index, copied back.
    (
        "int a[4] = {5, 6, 7, 8}; int main(void) { int f[4]; \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < 4UL) || k == 2UL || f[k] == a[k] }); \
         __CPROVER_array_copy(a, f); assert(a[1] == 6 && a[3] == 8); return 0; }",
        Verdict::Safe,
    ),
    (
        "int a[4] = {5, 6, 7, 8}; int main(void) { int f[4]; \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < 4UL) || k == 2UL || f[k] == a[k] }); \
         __CPROVER_array_copy(a, f); assert(a[2] == 7); return 0; }",
        Verdict::Unsafe,
    ),
    // An index `i + k` with a symbolic offset (instances shifted by it).
    (
        "unsigned nondet_uint(void); int main(void) { int b[50]; unsigned i = nondet_uint(), j = nondet_uint(); \
         unsigned long n = nondet_uint(); __CPROVER_assume(i < 10 && n < 10); \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < n) || b[(unsigned)((long)i + (long)k)] == 7 }); \
         __CPROVER_assume(j >= i && j < i + n); assert(b[j] == 7); return 0; }",
        Verdict::Safe,
    ),
    (
        "unsigned nondet_uint(void); int main(void) { int b[50]; unsigned i = nondet_uint(), j = nondet_uint(); \
         unsigned long n = nondet_uint(); __CPROVER_assume(i < 10 && n < 10); \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < n) || b[(unsigned)((long)i + (long)k)] == 7 }); \
         __CPROVER_assume(j >= i && j <= i + n); assert(b[j] == 7); return 0; }",
        Verdict::Unsafe,
    ),
    // Asserted quantifiers, true and false, and negated (the model's
    // "false" needs a witness).
    (
        "int a[4] = {1, 1, 1, 1}; int main(void) { \
         assert(__CPROVER_forall { int k; !(k >= 0 && k < 4) || a[k] == 1 }); \
         assert(!__CPROVER_forall { int k; !(k >= 0 && k < 4) || a[k] == 2 }); return 0; }",
        Verdict::Safe,
    ),
    (
        "int a[4] = {1, 1, 1, 2}; int main(void) { \
         assert(__CPROVER_forall { int k; !(k >= 0 && k < 4) || a[k] == 1 }); return 0; }",
        Verdict::Unsafe,
    ),
    (
        "int a[4] = {1, 1, 1, 1}; int main(void) { \
         assert(!__CPROVER_forall { int k; !(k >= 0 && k < 4) || a[k] == 1 }); return 0; }",
        Verdict::Unsafe,
    ),
    // A signed bound variable over a range around zero.
    (
        "int a[4] = {3, 3, 3, 3}; int main(void) { \
         assert(__CPROVER_forall { signed char k; !(k >= -2 && k < 2) || a[k + 2] == 3 }); return 0; }",
        Verdict::Safe,
    ),
    (
        "int a[5] = {3, 3, 3, 3, 4}; int main(void) { \
         assert(__CPROVER_forall { signed char k; !(k >= -2 && k <= 2) || a[k + 2] == 3 }); return 0; }",
        Verdict::Unsafe,
    ),
    // No index depends on `k`: every instance but one comes from a model
    // that violates the quantifier (`z[0]` is 0, there to make the body read
    // an array, which sends it to instantiation; a global's zero would be
    // simplified away). Then the same without arrays, which goes to z3 as
    // a quantifier.
    (
        "unsigned char nondet_uchar(void); int main(void) { int z[1]; __CPROVER_assume(z[0] == 0); \
         unsigned char x = nondet_uchar(); \
         __CPROVER_assume(__CPROVER_forall { unsigned char k; (unsigned char)(k * k) != x || z[0] }); \
         assert(x != 4); return 0; }",
        Verdict::Safe,
    ),
    (
        "unsigned char nondet_uchar(void); int main(void) { int z[1]; __CPROVER_assume(z[0] == 0); \
         unsigned char x = nondet_uchar(); \
         __CPROVER_assume(__CPROVER_forall { unsigned char k; (unsigned char)(k * k) != x || z[0] }); \
         assert(x != 5); return 0; }",
        Verdict::Unsafe,
    ),
    (
        "unsigned char nondet_uchar(void); int main(void) { unsigned char x = nondet_uchar(); \
         __CPROVER_assume(__CPROVER_forall { unsigned char k; (unsigned char)(k * k) != x }); \
         assert(x != 4); return 0; }",
        Verdict::Safe,
    ),
    // A stepped index `i + 3*k` (instances at `(t - i) / 3`).
    (
        "unsigned nondet_uint(void); int main(void) { unsigned char b[300]; unsigned i = nondet_uint(), j = nondet_uint(); \
         unsigned long n = nondet_uint(); __CPROVER_assume(i < 10 && n < 50); \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < n) || b[(unsigned)((long)i + (long)(k * 3UL))] == 1 }); \
         __CPROVER_assume(j >= i && j < i + 3 * n && (j - i) % 3 == 0); assert(b[j] == 1); return 0; }",
        Verdict::Safe,
    ),
    (
        "unsigned nondet_uint(void); int main(void) { unsigned char b[300]; unsigned i = nondet_uint(), j = nondet_uint(); \
         unsigned long n = nondet_uint(); __CPROVER_assume(i < 10 && n < 50); \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < n) || b[(unsigned)((long)i + (long)(k * 3UL))] == 1 }); \
         __CPROVER_assume(j >= i && j < i + 3 * n && (j - i) % 3 != 2); assert(b[j] == 1); return 0; }",
        Verdict::Unsafe,
    ),
    // Every 64-bit index, and a row of a two-dimensional array.
    (
        "unsigned long nondet_ulong(void); int main(void) { int a[8]; \
         __CPROVER_assume(__CPROVER_forall { unsigned long k; a[k] == 0 }); \
         assert(a[nondet_ulong() % 8] == 0); return 0; }",
        Verdict::Safe,
    ),
    (
        "int m[3][3]; int main(void) { m[1][2] = 1; \
         assert(__CPROVER_forall { int i; !(i >= 0 && i < 3) || m[i][1] == 0 }); \
         assert(__CPROVER_forall { int j; !(j >= 0 && j < 3) || m[1][j] == 0 }); return 0; }",
        Verdict::Unsafe,
    ),
    (
        "int m[3][3]; int main(void) { m[1][2] = 1; \
         assert(__CPROVER_forall { int i; !(i >= 0 && i < 3) || m[i][1] == 0 }); \
         assert(__CPROVER_forall { int j; !(j >= 0 && j < 2) || m[1][j] == 0 }); return 0; }",
        Verdict::Safe,
    ),
    // A quantifier as a branch condition.
    (
        "int a[4]; int main(void) { int x = 0; a[1] = 1; \
         if (__CPROVER_forall { unsigned k; !(k < 4) || a[k] == 0 }) x = 1; assert(x == 0); return 0; }",
        Verdict::Safe,
    ),
    (
        "int a[4]; int main(void) { int x = 0; \
         if (__CPROVER_forall { unsigned k; !(k < 4) || a[k] == 0 }) x = 1; assert(x == 0); return 0; }",
        Verdict::Unsafe,
    ),
];

#[test]
fn instantiated_quantifiers_agree_with_z3_quantifiers() {
    let mut wrong = Vec::new();
    for (src, want) in QUANTIFIED {
        let (inst, native) = both_ways(src, 2);
        if inst != *want || native != *want {
            wrong.push(format!("want {want:?}, instantiated {inst:?}, z3 {native:?}: {src}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn counterexamples_with_quantifiers_satisfy_them() {
    // Nothing seeds instances here but `k = 0`, so the first models need
    // not respect the assumption (z3's first pick is 16); the reported trace
    // must come from one that does: of the candidates, only 2 is not a
    // square modulo 256.
    let src = "unsigned char nondet_uchar(void); int main(void) { int z[1]; __CPROVER_assume(z[0] == 0); \
               unsigned char x = nondet_uchar(); \
               __CPROVER_assume(x == 4 || x == 9 || x == 16 || x == 2); \
               __CPROVER_assume(__CPROVER_forall { unsigned char k; (unsigned char)(k * k) != x || z[0] }); \
               assert(0); return 0; }";
    let r = run(src, 1);
    assert_eq!(r.verdict, Verdict::Unsafe, "{}", r.render("t.c", src, true));
    let x = r
        .trace
        .iter()
        .find(|s| s.kind == StepKind::Decl && s.target == "x")
        .and_then(|s| s.value);
    assert_eq!(x, Some(2), "{}", r.render("t.c", src, true));
}

// ---- multiplication lemmas (lemmas.rs) ------------------------------------

#[test]
fn multiplication_lemmas_are_theorems() {
    use z3::ast::{BV, Bool};
    // Small widths, so that z3 can prove each lemma through the circuits.
    let a = BV::new_const("a", 16);
    let b = BV::new_const("b", 16);
    let c = BV::new_const("c", 8);
    let d = BV::new_const("d", 8);
    let e = BV::new_const("e", 4);
    let f: Vec<Bool> = vec![
        a.bvmul(b.bvadd(BV::from_u64(0xffff, 16))).bvugt(BV::from_u64(3, 16)),
        c.bvmul(&d).eq(c.bvmul(&c)),
        e.bvmul(e.bvnot()).bvult(BV::from_u64(9, 4)),
        a.bvmul(BV::from_u64(3, 16)).eq(&b),
    ];
    let lemmas = super::lemmas::mul_lemmas(&f);
    // Low bits of the 16-bit product at 8 and 4 bits, of the 8-bit
    // products at 4 bits, and congruences: more than a handful.
    assert!(lemmas.len() >= 8, "{} lemmas", lemmas.len());
    for l in &lemmas {
        let s = z3::Solver::new();
        s.assert(l.not());
        assert_eq!(s.check(), z3::SatResult::Unsat, "not a theorem: {l}");
    }
}

/// A truncated 64-bit closed form against the program's 32-bit product,
/// with the operands equal only through inequalities (the shape of an
/// accelerated `y += x; x++` loop).
const TRUNCATED_PRODUCT: &str = "unsigned long nondet_ulong(void); unsigned nondet_uint(void);\n\
    int main(void) { unsigned long m = nondet_ulong(); unsigned n = nondet_uint(); \
    __CPROVER_assume(m >= 1 && m <= 4294967295UL); \
    __CPROVER_assume((unsigned)(m - 1) < n && n <= (unsigned)m); \
    unsigned y = (unsigned)(m * (m - 1) / 2); assert(2 * y == n * (n - 1)); return 0; }";

#[test]
fn truncated_products_are_decided() {
    let o = CheckOptions {
        timeout_ms: Some(60_000),
        ..opts(1)
    };
    let r = check_source(TRUNCATED_PRODUCT, &o).unwrap();
    assert_eq!(r.verdict, Verdict::Safe, "{:?}", r.unknown_reason);
    let bad = TRUNCATED_PRODUCT.replace("n <= (unsigned)m)", "n <= (unsigned)m + 1)");
    assert_eq!(check_source(&bad, &o).unwrap().verdict, Verdict::Unsafe);
}

/// `(q, k, a, forall k. k < n -> a[k] == 1)` as a quantifier named `q`.
fn ones_below(n: u64) -> (z3::ast::Bool, z3::ast::Array, super::quant::Quant) {
    use z3::ast::{Array, BV, Bool};
    let a = Array::new_const("qa", &z3::Sort::bitvector(64), &z3::Sort::bitvector(32));
    let k = BV::new_const("qk", 64);
    let q = Bool::new_const("qq");
    let body = k.bvult(BV::from_u64(n, 64)).not() | a.select(&k).as_bv().unwrap().eq(BV::from_u64(1, 32));
    let quant = super::quant::Quant {
        name: q.clone(),
        bound: k,
        body,
        signed: false,
    };
    (q, a, quant)
}

/// A solver with `q` and `lemmas`, asked whether `a[i] == v` is possible.
fn element_can_be(q: &z3::ast::Bool, lemmas: &[z3::ast::Bool], a: &z3::ast::Array, i: u64, v: u64) -> z3::SatResult {
    use z3::ast::BV;
    let s = z3::Solver::new();
    s.assert(q);
    for l in lemmas {
        s.assert(l);
    }
    s.assert(a.select(&BV::from_u64(i, 64)).as_bv().unwrap().eq(BV::from_u64(v, 32)));
    s.check()
}

#[test]
fn a_model_violating_a_quantifier_is_refused_and_refined() {
    use super::quant::Instantiator;
    use z3::ast::BV;
    // Over 100 elements: too many to expand whole, so instances come from
    // index terms (none here) and from refinement.
    let (q, a, quant) = ones_below(100);
    const { assert!(100 > super::quant::EXPAND_LIMIT) };
    let quants = [quant];
    let mut inst = Instantiator::new(&quants, std::slice::from_ref(&q));
    assert!(inst.lemmas().is_empty(), "no index term to seed with");
    // A model with a[70] == 0: refused, and the next one satisfies the
    // instances added, which cover the element.
    let s = z3::Solver::new();
    s.assert(&q);
    s.assert(a.select(&BV::from_u64(70, 64)).as_bv().unwrap().eq(BV::from_u64(0, 32)));
    assert_eq!(s.check(), z3::SatResult::Sat);
    let m = s.get_model().unwrap();
    assert_eq!(inst.check_model(&m, None), Ok(false));
    assert_eq!(
        element_can_be(&q, inst.lemmas(), &a, 70, 0),
        z3::SatResult::Unsat,
        "the instances exclude a[70] == 0"
    );
    // A model satisfying the quantifier is accepted.
    let s = z3::Solver::new();
    s.assert(&q);
    for i in 0..100 {
        s.assert(a.select(&BV::from_u64(i, 64)).as_bv().unwrap().eq(BV::from_u64(1, 32)));
    }
    assert_eq!(s.check(), z3::SatResult::Sat);
    let m = s.get_model().unwrap();
    assert_eq!(inst.check_model(&m, None), Ok(true));
}

#[test]
fn a_quantifier_over_a_few_values_is_expanded_whole() {
    use super::quant::Instantiator;
    // Four elements: one instance each from the start, so no model
    // violating it is ever proposed, and nothing beyond them.
    let (q, a, quant) = ones_below(4);
    let quants = [quant];
    let inst = Instantiator::new(&quants, std::slice::from_ref(&q));
    assert_eq!(inst.lemmas().len(), 5, "four instances and the way back");
    const { assert!(4 < super::quant::EXPAND_LIMIT) };
    for i in 0..4 {
        assert_eq!(
            element_can_be(&q, inst.lemmas(), &a, i, 0),
            z3::SatResult::Unsat,
            "a[{i}]"
        );
    }
    assert_eq!(element_can_be(&q, inst.lemmas(), &a, 4, 0), z3::SatResult::Sat);
    // Just past the limit: left to refinement.
    let (q, _, quant) = ones_below(super::quant::EXPAND_LIMIT + 1);
    let quants = [quant];
    assert!(Instantiator::new(&quants, std::slice::from_ref(&q)).lemmas().is_empty());
}

#[test]
fn a_check_that_hits_its_limit_leaves_the_next_check_in_the_thread_working() {
    // Factoring a 64-bit product of two primes by bit-blasting grows z3 by
    // far more than 1 MiB (the limit counts from the check's start): the
    // watcher interrupts z3 in the solver.
    let hard = "unsigned long nondet_ulong(void);\nint main(void) { unsigned long x = nondet_ulong(); unsigned long y = nondet_ulong(); __CPROVER_assume(x > 1 && y > 1 && x < 4294967296UL && y < 4294967296UL); assert(x * y != 18446743979220271189UL); return 0; }";
    let limited = CheckOptions {
        memory_limit_mib: Some(1),
        timeout_ms: Some(600_000),
        ..opts(1)
    };
    let r = check_source(hard, &limited).expect("checks");
    assert_eq!(r.verdict, Verdict::Unknown);
    assert!(
        r.unknown_reason.as_deref().is_some_and(|w| w.contains("memory limit")),
        "{r:?}"
    );
    let src = "int nondet_int(void);\nint main(void) { int x = nondet_int(); int y = x * x + 3 * x; assert(y != 17); return 0; }";
    // An interrupt cancels a z3 context for good; the next check (in the
    // thread's own context) must not see it.
    assert_eq!(verdict(src, 1), Verdict::Safe);
}

/// The failures of `src` at `--unwind 1` with the signed-overflow check,
/// as (kind, message).
fn overflow_failures(src: &str) -> Vec<(FailureKind, String)> {
    let o = CheckOptions {
        signed_overflow: true,
        ..opts(1)
    };
    let r = check_source(src, &o).unwrap_or_else(|d| panic!("refused: {d:?}\n{src}"));
    r.failures.into_iter().map(|f| (f.kind, f.message)).collect()
}

#[test]
fn signed_overflow_fails_where_cbmc_reports_it_and_only_when_asked() {
    let decls = "int nondet_int(void); long nondet_long(void); void assert(int);\n";
    // Each operation overflows for some input; the messages are CBMC's.
    for (body, message) in [
        (
            "int x = nondet_int(); int y = x + 1;",
            "arithmetic overflow on signed + in x + 1",
        ),
        (
            "int x = nondet_int(); int y = 1 - x;",
            "arithmetic overflow on signed - in 1 - x",
        ),
        (
            "long x = nondet_long(); long y = x * 3;",
            "arithmetic overflow on signed * in x * 3",
        ),
        (
            "int x = nondet_int(); int y = -x;",
            "arithmetic overflow on signed unary minus in -x",
        ),
        (
            "int x = nondet_int(); int d = nondet_int(); int y = d ? x / d : 0;",
            "arithmetic overflow on signed / in x / d",
        ),
        (
            "int x = nondet_int(); int d = nondet_int(); int y = d ? x % d : 0;",
            "result of signed mod is not representable in x % d",
        ),
        ("int x = nondet_int(); x++;", "arithmetic overflow on signed + in x++"),
        (
            "int x = nondet_int(); x -= 5;",
            "arithmetic overflow on signed - in x -= 5",
        ),
        (
            "int x = nondet_int(); int y = x << 3;",
            "arithmetic overflow on signed shl in x << 3",
        ),
        (
            "long x = nondet_long(); x <<= 1;",
            "arithmetic overflow on signed shl in x <<= 1",
        ),
    ] {
        let src = format!("{decls}int main(void) {{ {body} return 0; }}");
        assert_eq!(
            overflow_failures(&src),
            vec![(FailureKind::Overflow, message.to_string())],
            "{body}"
        );
        assert_eq!(verdict(&src, 1), Verdict::Safe, "wraps without the check: {body}");
    }
    // None of these can overflow: guarded by `&&`, `||` and `?:`, promoted
    // from a narrow type, unsigned, computed in a wider type.
    for body in [
        "int x = nondet_int(); int y = x < 100 && x + 1 > 5;",
        "int x = nondet_int(); int y = x >= 100 || x + 1 > 5;",
        "int x = nondet_int(); int y = x > 0 ? x - 1 : x + 1;",
        "signed char c = 127; c++; short s = -32768; s = s - 1;",
        "unsigned u = 4294967295U; u = u + 1; u = -u;",
        "int x = nondet_int(); long y = (long)x * 2 + (long)x;",
        "int x = nondet_int(); int y = x < 0 || x > 255 ? 0 : x << 23; int z = -1 << 3; unsigned u = 1u << 31;",
    ] {
        let src = format!("{decls}int main(void) {{ {body} return 0; }}");
        assert_eq!(overflow_failures(&src), vec![], "{body}");
    }
}

/// The failures of `src` at `--unwind 1` with the division-by-zero and
/// shift checks, each property in its own query, as (kind, message).
fn undefined_failures(src: &str) -> Vec<(FailureKind, String)> {
    let o = CheckOptions {
        div_by_zero: true,
        undefined_shift: true,
        per_assertion: true,
        ..opts(1)
    };
    let r = check_source(src, &o).unwrap_or_else(|d| panic!("refused: {d:?}\n{src}"));
    let mut found: Vec<_> = r.failures.into_iter().map(|f| (f.kind, f.message)).collect();
    found.sort_by(|a, b| a.1.cmp(&b.1));
    found
}

#[test]
fn division_by_zero_and_undefined_shifts_fail_where_cbmc_reports_them_and_only_when_asked() {
    let decls = "int nondet_int(void); unsigned nondet_uint(void); long nondet_long(void);\n";
    let zero = |m: &str| (FailureKind::DivByZero, m.to_string());
    let shift = |m: &str| (FailureKind::UndefinedShift, m.to_string());
    // CBMC 6.6's messages, as it reports them for these lines.
    for (body, expected) in [
        (
            "int d = nondet_int(); int y = 5 % d;",
            vec![zero("division by zero in 5 % d")],
        ),
        (
            "unsigned u = nondet_uint(); unsigned y = 5u / u;",
            vec![zero("division by zero in 5u / u")],
        ),
        (
            "int k = -1; int y = k << 2;",
            vec![shift("shift operand is negative in k << 2")],
        ),
        (
            "int s = nondet_int(); int x = nondet_int(); int y = x >> s;",
            vec![
                shift("shift distance is negative in x >> s"),
                shift("shift distance too large in x >> s"),
            ],
        ),
        (
            "unsigned s = nondet_uint(); unsigned long y = 1ul << s;",
            vec![shift("shift distance too large in 1ul << s")],
        ),
        (
            "long l = nondet_long(); l <<= 63;",
            vec![shift("shift operand is negative in l <<= 63")],
        ),
    ] {
        let src = format!("{decls}int main(void) {{ {body} return 0; }}");
        assert_eq!(undefined_failures(&src), expected, "{body}");
        assert_eq!(verdict(&src, 1), Verdict::Safe, "not checked unless asked: {body}");
    }
    // None of these is undefined: constant divisors and amounts, guarded
    // operands, a right shift of a negative value (implementation-defined,
    // arithmetic in CBMC), a narrow operand promoted to `int`.
    for body in [
        "int x = nondet_int(); int y = x / 3 + x % 7;",
        "int d = nondet_int(); int y = d != 0 ? 10 / d : 0;",
        "int x = nondet_int(); int y = x >> 3; unsigned u = nondet_uint() << 31;",
        "unsigned char c = 200; int y = c >> 8; int z = c << 20;",
        "int s = nondet_int(); int y = s >= 0 && s < 32 ? 1u << s : 0;",
    ] {
        let src = format!("{decls}int main(void) {{ {body} return 0; }}");
        assert_eq!(undefined_failures(&src), vec![], "{body}");
    }
}

#[test]
fn null_and_out_of_bounds_dereferences_fail_where_cbmc_reports_them_and_only_when_asked() {
    let decls = "#include <stdlib.h>\nint nondet_int(void);\nstruct s { int f; int a[4]; };\n";
    let o = CheckOptions {
        pointer_check: true,
        per_assertion: true,
        ..opts(2)
    };
    let failures = |src: &str| -> Vec<String> {
        let r = check_source(src, &o).unwrap_or_else(|d| panic!("refused: {d:?}\n{src}"));
        let mut m: Vec<String> = r
            .failures
            .into_iter()
            .inspect(|f| assert_eq!(f.kind, FailureKind::Pointer, "{}", f.message))
            .map(|f| f.message)
            .collect();
        m.sort();
        m
    };
    // CBMC 6.6 reports each of these (its text of the access differs).
    for (body, expected) in [
        ("int *p = 0; *p = 1;", vec!["dereference failure: pointer NULL in *p"]),
        (
            "int x; int *p = nondet_int() ? &x : 0; int y = *p;",
            vec!["dereference failure: pointer NULL in *p"],
        ),
        (
            "int a[3]; int *q = a; q[3] = 2;",
            vec!["dereference failure: pointer outside object bounds in q[3]"],
        ),
        (
            "int a[3]; int *q = a + 1; q = q + 4; int y = *q;",
            vec!["dereference failure: pointer outside object bounds in *q"],
        ),
        (
            "struct s *p = malloc(sizeof(struct s)); p->f = 1;",
            vec!["dereference failure: pointer NULL in p->f"],
        ),
    ] {
        let src = format!("{decls}int main(void) {{ {body} return 0; }}");
        assert_eq!(failures(&src), expected, "{body}");
        assert_eq!(verdict(&src, 2), Verdict::Safe, "not checked unless asked: {body}");
    }
    for body in [
        "int a[3] = {1, 2, 3}; int *q = a; int s = 0; for (int i = 0; i < 3; i++) s += q[i];",
        "struct s v; struct s *p = &v; p->f = 1; p->a[3] = 5;",
        "int *m = malloc(sizeof(int)); if (m) *m = 2;",
        "int a[3]; int *r = &a[1]; r[1] = 4; int *p = 0; if (p) *p = 1;",
        // Only where evaluated, with no other check on (`under`).
        "int *p = 0; int y = p && *p; int z = p ? *p : 0;",
    ] {
        let src = format!("{decls}int main(void) {{ {body} return 0; }}");
        assert_eq!(failures(&src), Vec::<String>::new(), "{body}");
    }
}

#[test]
fn an_overflow_does_not_hide_a_failing_assertion_nor_the_other_way_round() {
    let src = "int nondet_int(void); void assert(int);\n\
               int main(void) { int x = nondet_int(); int y = x + 1; assert(x != 7); return 0; }";
    let kinds: Vec<FailureKind> = overflow_failures(src).into_iter().map(|(k, _)| k).collect();
    assert!(
        kinds.contains(&FailureKind::Overflow) && kinds.contains(&FailureKind::Assertion),
        "{kinds:?}"
    );
    // The values wrap on after an overflow, as in CBMC.
    let src = "void assert(int);\n\
               int main(void) { int x = 2147483647; x = x + 1; assert(x < 0); return 0; }";
    assert_eq!(overflow_failures(src).len(), 1);
}

#[test]
fn an_index_outside_its_array_fails_where_cbmc_reports_it_and_only_when_asked() {
    let src = "int nondet_int(void); unsigned nondet_uint(void);\n\
               int a[10]; int g[3][4];\n\
               int main(void) { int i = nondet_int(); unsigned u = nondet_uint();\n\
               int x = (i >= 0 && i < 10) ? a[i] : 0;\n\
               int y = i < 10 && a[i] > 0;\n\
               a[u] = 1; g[1][u % 5] = 2; g[2][u % 4] = 3;\n\
               int *p = &a[10];\n\
               return x + y; }";
    let o = CheckOptions {
        bounds_check: true,
        per_assertion: true,
        ..opts(1)
    };
    let r = check_source(src, &o).unwrap();
    let messages: Vec<(FailureKind, &str)> = r.failures.iter().map(|f| (f.kind, f.message.as_str())).collect();
    // CBMC 6 reports the same three (the guarded reads, `g[2][u % 4]` and
    // the address one past the end do not fail).
    assert_eq!(
        messages,
        vec![
            (FailureKind::Bounds, "array 'a' lower bound in a[i]"),
            (FailureKind::Bounds, "array 'a' upper bound in a[u]"),
            (FailureKind::Bounds, "array 'g[1]' upper bound in g[1][u % 5]"),
        ]
    );
    assert_eq!(verdict(src, 1), Verdict::Safe, "without the check");
}

#[test]
fn a_read_outside_its_array_is_any_value_as_in_cbmc() {
    // What the array model holds past the end (here the initialiser's
    // zeroes) is no value of the program: each read there is a fresh one.
    let src = "void assert(int);\n\
               long b[4] = {1, 2, 3, 9223372036854775807};\n\
               int main(void) { int i = 4; long v = b[i];\n\
               assert(b[3] == 9223372036854775807);\n\
               assert(v == 0);\n\
               long w = b[i + 1] + 1;\n\
               b[i] = 5; assert(b[i] == 5);\n\
               return 0; }";
    let o = CheckOptions {
        bounds_check: true,
        signed_overflow: true,
        per_assertion: true,
        ..opts(1)
    };
    let r = check_source(src, &o).unwrap();
    let messages: Vec<(FailureKind, &str)> = r.failures.iter().map(|f| (f.kind, f.message.as_str())).collect();
    // CBMC 6.6 reports these (and leaves out the bounds of the second and
    // third `b[i]`, the same condition as the first): the in-bounds read
    // holds its value; the value read past the end may be anything, so may
    // overflow, and a store past the end is not read back.
    for expected in [
        (FailureKind::Bounds, "array 'b' upper bound in b[i]"),
        (FailureKind::Assertion, "assertion v == 0"),
        (FailureKind::Bounds, "array 'b' upper bound in b[i + 1]"),
        (FailureKind::Overflow, "arithmetic overflow on signed + in b[i + 1] + 1"),
        (FailureKind::Assertion, "assertion b[i] == 5"),
    ] {
        assert!(messages.contains(&expected), "{expected:?} not in {messages:?}");
    }
    assert!(
        !messages.iter().any(|m| m.1.starts_with("assertion b[3]")),
        "{messages:?}"
    );
}

#[test]
fn deepening_doubles_the_bound_until_a_verdict_and_lists_the_bounds() {
    let src = "int main(void) {\n    unsigned i = 0;\n    while (i < 4) {\n        i++;\n    }\n    __CPROVER_assert(i == 4, \"four\");\n    return 0;\n}\n";
    let opts = CheckOptions {
        unwind: 2,
        ..CheckOptions::default()
    };
    let (report, tried) = check_deepening(src, &opts, 24);
    let report = report.expect("checks");
    assert_eq!(report.verdict, Verdict::Safe);
    let bounds: Vec<(u32, Verdict)> = tried.iter().map(|t| (t.unwind, t.verdict)).collect();
    assert_eq!(
        bounds,
        vec![(2, Verdict::Unknown), (4, Verdict::Unknown), (8, Verdict::Safe)]
    );
    // Never past the limit.
    let (report, tried) = check_deepening(src, &opts, 4);
    assert_eq!(report.expect("checks").verdict, Verdict::Unknown);
    assert_eq!(tried.last().map(|t| t.unwind), Some(4));
}
