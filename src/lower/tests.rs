use super::*;
use crate::ir::{BinOp, DataModel, ExprKind, IntType, StmtKind};

fn lower(src: &str) -> Program {
    match lower_source(src) {
        Ok(l) => l.program,
        Err(e) => panic!("lowering failed: {e:?}"),
    }
}

fn main_body(p: &Program) -> &Vec<crate::ir::Stmt> {
    let f = p.func(p.func_by_name("main").expect("main"));
    match &f.body.as_ref().expect("body").kind {
        StmtKind::Block { stmts, .. } => stmts,
        other => panic!("{other:?}"),
    }
}

#[test]
fn types_of_declarations() {
    let p = lower(
        "typedef unsigned int u32; unsigned long long g = 0x10ULL, arr[3][4]; \
         int main(void) { u32 a; short unsigned int b; signed char c; long d; _Bool e; uint8_t f; size_t s; return 0; }",
    );
    let ty = |n: &str| p.vars.iter().find(|v| v.name == n).map(|v| v.ty.clone()).expect(n);
    assert_eq!(ty("a"), CType::Int(IntType::UINT));
    assert_eq!(ty("b"), CType::Int(IntType::USHORT));
    assert_eq!(ty("c"), CType::Int(IntType::CHAR));
    assert_eq!(ty("d"), CType::Int(IntType::LONG));
    assert_eq!(ty("e"), CType::Int(IntType::BOOL));
    assert_eq!(ty("f"), CType::Int(IntType::UCHAR));
    assert_eq!(ty("s"), CType::Int(IntType::ULONG));
    assert_eq!(ty("g"), CType::Int(IntType::ULLONG));
    assert_eq!(
        ty("arr"),
        CType::Array(Box::new(CType::Array(Box::new(CType::Int(IntType::ULLONG)), 4)), 3)
    );
    assert_eq!(p.globals.len(), 2);
}

/// Under ILP32 (`--32`), `long`, `size_t`, `ptrdiff_t` and pointers are 32
/// bits wide and `int64_t` and `long long` 64, as glibc and CBMC's `--32`
/// have them; literals, limits and `sizeof` follow.
#[test]
fn types_in_the_ilp32_data_model() {
    let src = "#include <stdint.h>\n\
         int main(void) { long d; unsigned long u; size_t s; ptrdiff_t q; int64_t w; long long x; \
         int *p; unsigned long n = nondet_ulong(); \
         d = 10L; d = 2147483648; u = 0x80000000L; d = LONG_MAX; u = ULONG_MAX; \
         s = sizeof(p); s = sizeof(long); s = sizeof(x); return 0; }";
    let p = match lower_source_in(src, DataModel::Ilp32) {
        Ok(l) => l.program,
        Err(e) => panic!("lowering failed: {e:?}"),
    };
    let ty = |n: &str| p.vars.iter().find(|v| v.name == n).map(|v| v.ty.clone()).expect(n);
    for (name, t) in [
        ("d", IntType::INT),
        ("u", IntType::UINT),
        ("s", IntType::UINT),
        ("q", IntType::INT),
        ("w", IntType::LONG),
        ("x", IntType::LLONG),
        ("n", IntType::UINT),
    ] {
        assert_eq!(ty(name), CType::Int(t), "{name}");
    }
    // The right-hand sides of the assignments, by value and type.
    let mut rhs = Vec::new();
    for s in main_body(&p) {
        if let StmtKind::Expr(e) = &s.kind
            && let ExprKind::Assign { rhs: r, .. } = &e.kind
        {
            let r = r.skip_implicit();
            rhs.push((r.const_value(), r.ty.clone()));
        }
    }
    let c = |v: i128, t: IntType| (Some(v), CType::Int(t));
    assert_eq!(
        rhs,
        [
            c(10, IntType::INT),
            c(2147483648, IntType::LLONG),
            c(2147483648, IntType::UINT),
            c(2147483647, IntType::INT),
            c(4294967295, IntType::UINT),
            c(4, IntType::UINT),
            c(4, IntType::UINT),
            c(8, IntType::UINT),
        ]
    );
    // The same source under LP64.
    let p = lower(src);
    let d = p.vars.iter().find(|v| v.name == "d").expect("d");
    assert_eq!(d.ty, CType::Int(IntType::LONG));
}

#[test]
fn usual_arithmetic_conversions_are_explicit() {
    let p = lower("int main() { unsigned u = 1; int i = -1; return u < i; }");
    let body = main_body(&p);
    let StmtKind::Return(Some(e)) = &body[2].kind else {
        panic!()
    };
    // return converts int to int: the comparison itself
    let ExprKind::Binary(BinOp::Lt, l, r) = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(e.ty, CType::Int(IntType::INT));
    assert_eq!(l.ty, CType::Int(IntType::UINT));
    assert_eq!(r.ty, CType::Int(IntType::UINT));
    assert!(matches!(r.kind, ExprKind::Cast { implicit: true, .. }));
}

#[test]
fn compound_assignment_and_increment_types() {
    let p = lower("int main() { unsigned char c = 250; c += 10; c++; long l = 0; l <<= 3; return 0; }");
    let body = main_body(&p);
    let StmtKind::Expr(e) = &body[1].kind else { panic!() };
    let ExprKind::Assign {
        op: Some(BinOp::Add),
        op_ty,
        ..
    } = &e.kind
    else {
        panic!("{e:?}")
    };
    assert_eq!(*op_ty, CType::Int(IntType::INT));
    assert_eq!(e.ty, CType::Int(IntType::UCHAR));
    let StmtKind::Expr(e) = &body[2].kind else { panic!() };
    assert!(matches!(
        &e.kind,
        ExprKind::IncDec {
            inc: true,
            prefix: false,
            ..
        }
    ));
    let StmtKind::Expr(e) = &body[4].kind else { panic!() };
    let ExprKind::Assign {
        op: Some(BinOp::Shl),
        op_ty,
        ..
    } = &e.kind
    else {
        panic!("{e:?}")
    };
    assert_eq!(*op_ty, CType::Int(IntType::LONG));
}

#[test]
fn intrinsics_nondet_and_macros() {
    let src = "#include <assert.h>\n#define N 1000000\nunsigned int nondet_uint(void);\n\
               int main() { unsigned n = nondet_uint(); __CPROVER_assume(n < N); assert(n != N); \
               int k = __VERIFIER_nondet_int(); return UINT_MAX > 0; }";
    let p = lower(src);
    let body = main_body(&p);
    let StmtKind::Decl(_, Some(Init::Expr(e))) = &body[0].kind else {
        panic!("{:?}", body[0])
    };
    assert!(matches!(&e.kind, ExprKind::Nondet(n) if n == "nondet_uint"));
    let StmtKind::Expr(e) = &body[1].kind else { panic!() };
    let ExprKind::Call(crate::ir::Callee::Intrinsic(crate::ir::Intrinsic::Assume), args) = &e.kind else {
        panic!("{e:?}")
    };
    let ExprKind::Binary(BinOp::Lt, _, r) = &args[0].kind else {
        panic!()
    };
    assert_eq!(r.const_value(), Some(1000000));
    assert_eq!(&src[r.span.start..r.span.end], "N");
    let StmtKind::Decl(_, Some(Init::Expr(e))) = &body[3].kind else {
        panic!("{:?}", body[3])
    };
    assert_eq!(e.ty, CType::Int(IntType::INT));
}

#[test]
fn unmodelled_constructs_are_opaque_not_errors() {
    let src = "union s { int a; }; int *p; float f; int main() { int x = 0; int *q = &x; union s v; v.a = 1; \
               while (x < 10) { x++; *q = 2; v.a = 2; } return 0; }";
    let p = lower(src);
    let body = main_body(&p);
    let StmtKind::While { body: wb, .. } = &body[body.len() - 2].kind else {
        panic!("{:?}", body)
    };
    let mut opaque = false;
    wb.walk(&mut |s| {
        for e in s.own_exprs() {
            e.walk(&mut |e| opaque |= matches!(e.kind, ExprKind::Opaque(_)));
        }
    });
    assert!(opaque);
}

#[test]
fn statements_nest_with_spans() {
    let src = "int main() { int i, s = 0; for (i = 0; i < 10; i++) { if (i == 2) continue; s += i; } \
               do { s--; } while (s > 0); switch (s) { case 1: s = 2; break; default: s = 3; } \
               L: goto L; return s; }";
    let p = lower(src);
    let body = main_body(&p);
    assert!(matches!(&body[0].kind, StmtKind::Block { scoped: false, stmts } if stmts.len() == 2));
    for s in body {
        assert_eq!(
            &src[s.span.start..s.span.start + 1],
            &src[s.span.start..s.span.start + 1]
        );
        assert!(s.span.end <= src.len());
    }
    assert!(matches!(body[1].kind, StmtKind::For { .. }));
    assert_eq!(&src[body[1].span.start..body[1].span.start + 3], "for");
    assert!(matches!(body[2].kind, StmtKind::DoWhile { .. }));
    let StmtKind::Switch { body: sb, .. } = &body[3].kind else {
        panic!()
    };
    let StmtKind::Block { stmts, .. } = &sb.kind else {
        panic!()
    };
    assert!(matches!(stmts[0].kind, StmtKind::Case(1, _)));
    assert!(matches!(stmts[1].kind, StmtKind::Default(_)));
    assert!(matches!(&body[4].kind, StmtKind::Label(l, _) if l == "L"));
}

#[test]
fn quantifier_round_trips() {
    let src = "int a[10]; int main() { unsigned long n = 3; \
               __CPROVER_assume(__CPROVER_forall { unsigned long k; !(k < n) || a[k] == 0 }); return 0; }";
    let p = lower(src);
    let body = main_body(&p);
    let StmtKind::Expr(e) = &body[1].kind else { panic!() };
    let ExprKind::Call(_, args) = &e.kind else { panic!() };
    let ExprKind::Forall(v, _) = &args[0].kind else {
        panic!("{:?}", args[0])
    };
    assert_eq!(p.var(*v).ty, CType::Int(IntType::ULONG));
    let text = &src[args[0].span.start..args[0].span.end];
    assert!(
        text.starts_with("__CPROVER_forall {") && text.ends_with("== 0 }"),
        "{text}"
    );
}

#[test]
fn shadowing_resolves_to_the_inner_declaration() {
    let p = lower("int x; int main() { int x = 1; { char x = 2; x++; } return x; }");
    let xs: Vec<_> = p.vars.iter().filter(|v| v.name == "x").collect();
    assert_eq!(xs.len(), 3);
    let body = main_body(&p);
    let StmtKind::Return(Some(e)) = &body[2].kind else {
        panic!()
    };
    let ExprKind::Var(id) = e.skip_implicit().kind else {
        panic!()
    };
    assert_eq!(p.var(id).ty, CType::Int(IntType::INT));
    assert_eq!(p.var(id).storage, Storage::Local);
}

#[test]
fn calls_convert_arguments_and_static_locals_are_global() {
    let p = lower("int f(unsigned char c) { static int n; n++; return c + n; } int main() { return f(300); }");
    let n = p.vars.iter().position(|v| v.name == "n").expect("n");
    assert_eq!(p.vars[n].storage, Storage::Global);
    assert!(p.globals.iter().any(|(v, _)| v.0 == n));
    let body = main_body(&p);
    let StmtKind::Return(Some(e)) = &body[0].kind else {
        panic!()
    };
    let ExprKind::Call(_, args) = &e.kind else { panic!() };
    assert_eq!(args[0].ty, CType::Int(IntType::UCHAR));
    assert_eq!(args[0].const_value(), Some(44));
}

#[test]
fn syntax_errors_fail() {
    assert!(lower_source("int main() { while (1 { } }").is_err());
}

#[test]
fn jumps_that_c_forbids_fail_and_the_others_lower() {
    for (src, message) in [
        (
            "int main() { int k = 0; if (k) break; return 0; }",
            "`break` is not within a loop or `switch`",
        ),
        ("void f(void) { { continue; } }", "`continue` is not within a loop"),
        (
            "int main() { switch (1) { case 1: continue; } return 0; }",
            "`continue` is not within a loop",
        ),
    ] {
        let errors = lower_source(src).err().unwrap_or_else(|| panic!("lowered: {src}"));
        assert_eq!(
            errors.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(),
            [message],
            "{src}"
        );
    }
    lower(
        "int main() { for (;;) { if (1) break; switch (2) { case 2: break; } continue; } do { break; } while (0); return 0; }",
    );
}

#[test]
fn flat_initialisers() {
    let p = lower("int a[3] = {1, 2, 3}; int b = 4; int main() { return 0; }");
    assert!(matches!(&p.globals[0].1, Some(Init::List(items, _)) if items.len() == 3));
    assert!(matches!(&p.globals[1].1, Some(Init::Expr(e)) if e.const_value() == Some(4)));
}

#[test]
fn kr_parameters_take_their_declared_types_or_int() {
    let p = lower(
        "long f(a, b, c) char a; unsigned long b; { return a + b + c; }\nint main(void) { return (int)f(1, 2, 3); }",
    );
    let f = p.func(p.func_by_name("f").expect("f"));
    assert!(f.opaque.is_none(), "{:?}", f.opaque);
    let types: Vec<CType> = f.params.iter().map(|v| p.var(*v).ty.clone()).collect();
    assert_eq!(
        types,
        vec![
            CType::Int(IntType::CHAR),
            CType::Int(IntType::ULONG),
            CType::Int(IntType::INT)
        ]
    );
}

#[test]
fn variable_length_arrays_are_locals_sized_by_a_variable() {
    let p = lower(
        "int g[4]; int main(void) { int n = 3; int a[n]; unsigned char m[n][4]; int b[n + 1]; int z[0]; \
         a[0] = 1; return a[0]; }",
    );
    let ty = |n: &str| p.vars.iter().find(|v| v.name == n).map(|v| v.ty.clone()).expect(n);
    assert_eq!(ty("a"), CType::Vla(Box::new(CType::Int(IntType::INT))));
    assert_eq!(
        ty("m"),
        CType::Vla(Box::new(CType::Array(Box::new(CType::Int(IntType::UCHAR)), 4)))
    );
    assert_eq!(ty("a").to_string(), "int[*]");
    // A size that could fail a check of its own when the declaration runs
    // (here: overflow) is not modelled, nor is a size that is not positive.
    assert!(matches!(ty("b"), CType::Opaque(s) if s.contains("neither a constant nor a variable")));
    assert!(matches!(ty("z"), CType::Opaque(s) if s.contains("not positive")));
    assert_eq!(ty("g"), CType::Array(Box::new(CType::Int(IntType::INT)), 4));
}

#[test]
fn every_declaration_of_a_file_scope_name_is_one_object() {
    let p = lower(
        "extern int g; int get(void) { extern int g; return g; } int g = 5; \
         int main(void) { extern int g; int h; { extern int h; h = 1; } return get() + g; }",
    );
    let gs: Vec<usize> = (0..p.vars.len()).filter(|&i| p.vars[i].name == "g").collect();
    assert_eq!(gs.len(), 1, "one `g`: {:?}", p.vars);
    let g = gs[0];
    assert_eq!(p.vars[g].storage, Storage::Global);
    assert_eq!(p.vars[g].func, None);
    let inits: Vec<_> = p.globals.iter().filter(|(v, _)| v.0 == g).collect();
    assert_eq!(inits.len(), 1);
    assert!(matches!(&inits[0].1, Some(Init::Expr(e)) if e.const_value() == Some(5)));
    // A block-scope `extern h` names a file-scope object, not main's local.
    let hs: Vec<_> = (p.vars.iter()).filter(|v| v.name == "h").map(|v| v.storage).collect();
    assert_eq!(hs, [Storage::Local, Storage::Global]);
}
