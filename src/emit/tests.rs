//! Tests of the emitter: precedence, literals (checked by gcc), statements,
//! splicing, the dialects and the gcc view.

use super::testutil::*;
use super::*;
use crate::ir::{BinOp, CType, ExprKind, Init, IntType, Intrinsic, Stmt, StmtKind, UnOp};

const OPS: [BinOp; 18] = [
    BinOp::Mul,
    BinOp::Div,
    BinOp::Rem,
    BinOp::Add,
    BinOp::Sub,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::BitAnd,
    BinOp::BitXor,
    BinOp::BitOr,
    BinOp::LogAnd,
    BinOp::LogOr,
];

/// Binding strength from the C standard's grammar (tighter is larger).
fn level(op: BinOp) -> usize {
    const GROUPS: [&[&str]; 10] = [
        &["||"],
        &["&&"],
        &["|"],
        &["^"],
        &["&"],
        &["==", "!="],
        &["<", "<=", ">", ">="],
        &["<<", ">>"],
        &["+", "-"],
        &["*", "/", "%"],
    ];
    GROUPS.iter().position(|g| g.contains(&op.c_str())).expect("listed")
}

/// Where gcc -Wparentheses (or readability) wants parentheses that the
/// grammar does not need.
fn gcc_wants(outer: BinOp, inner: BinOp, _right: bool) -> bool {
    let bitwise = |o| matches!(o, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor);
    let arith = |o| matches!(o, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem);
    (bitwise(outer) && inner != outer)
        || (outer.is_shift() && arith(inner))
        || (outer == BinOp::LogOr && inner == BinOp::LogAnd)
        || (outer.is_comparison() && inner.is_comparison())
}

pub(super) fn abc() -> (Build, Expr, Expr, Expr) {
    let mut b = Build::default();
    let x = b.int_var("a", IntType::INT);
    let y = b.int_var("b", IntType::INT);
    let z = b.int_var("c", IntType::INT);
    (b, x, y, z)
}

use crate::ir::Expr;

/// Every pair of binary operators, nested on either side.
pub(super) fn pairs(x: &Expr, y: &Expr, z: &Expr) -> Vec<(BinOp, BinOp, bool, Expr)> {
    let mut v = Vec::new();
    for outer in OPS {
        for inner in OPS {
            for right in [false, true] {
                let e = if right {
                    bin(outer, x.clone(), bin(inner, y.clone(), z.clone()))
                } else {
                    bin(outer, bin(inner, x.clone(), y.clone()), z.clone())
                };
                v.push((outer, inner, right, e));
            }
        }
    }
    v
}

#[test]
fn operator_pairs_get_exactly_the_needed_parentheses() {
    let (b, x, y, z) = abc();
    for (outer, inner, right, e) in pairs(&x, &y, &z) {
        let text = print_expr(&b.p, "", &e, Dialect::Cbmc).unwrap();
        let grammar = if right {
            level(inner) <= level(outer)
        } else {
            level(inner) < level(outer)
        };
        let (o, i) = (outer.c_str(), inner.c_str());
        let expected = match (right, grammar || gcc_wants(outer, inner, right)) {
            (false, false) => format!("a {i} b {o} c"),
            (false, true) => format!("(a {i} b) {o} c"),
            (true, false) => format!("a {o} b {i} c"),
            (true, true) => format!("a {o} (b {i} c)"),
        };
        assert_eq!(text, expected, "{o} over {i}, right: {right}");
    }
}

/// `int` semantics, `None` where C's behaviour is undefined.
fn eval(e: &Expr, env: &[i32; 3]) -> Option<i32> {
    match &e.kind {
        ExprKind::IntLit(v) => i32::try_from(*v).ok(),
        ExprKind::Var(id) => Some(env[id.0]),
        ExprKind::Binary(op, a, b) => {
            let x = eval(a, env)?;
            match op {
                BinOp::LogAnd if x == 0 => return Some(0),
                BinOp::LogOr if x != 0 => return Some(1),
                _ => {}
            }
            let y = eval(b, env)?;
            match op {
                BinOp::Add => x.checked_add(y),
                BinOp::Sub => x.checked_sub(y),
                BinOp::Mul => x.checked_mul(y),
                BinOp::Div => x.checked_div(y),
                BinOp::Rem => x.checked_rem(y),
                BinOp::Shl if x >= 0 && (0..31).contains(&y) => {
                    (x as i64).checked_shl(y as u32).and_then(|r| i32::try_from(r).ok())
                }
                BinOp::Shr if (0..32).contains(&y) => Some(x >> y),
                BinOp::Shl | BinOp::Shr => None,
                BinOp::BitAnd => Some(x & y),
                BinOp::BitOr => Some(x | y),
                BinOp::BitXor => Some(x ^ y),
                BinOp::Lt => Some((x < y) as i32),
                BinOp::Le => Some((x <= y) as i32),
                BinOp::Gt => Some((x > y) as i32),
                BinOp::Ge => Some((x >= y) as i32),
                BinOp::Eq => Some((x == y) as i32),
                BinOp::Ne => Some((x != y) as i32),
                BinOp::LogAnd | BinOp::LogOr => Some((y != 0) as i32),
            }
        }
        _ => None,
    }
}

#[test]
fn printed_operator_pairs_mean_the_ir_to_gcc() {
    let (b, x, y, z) = abc();
    let envs = [[7, 3, 2], [-5, 2, 3], [12, 10, 1], [1, 0, 5], [6, 6, 0]];
    let mut prog = String::from("#include <stdio.h>\nint main(void) {\n");
    let mut expected = String::new();
    for env in envs {
        prog.push_str(&format!(
            "  {{\n    volatile int va = {}, vb = {}, vc = {};\n    int a = va, b = vb, c = vc;\n",
            env[0], env[1], env[2]
        ));
        for (_, _, _, e) in pairs(&x, &y, &z) {
            if let Some(v) = eval(&e, &env) {
                let text = print_expr(&b.p, "", &e, Dialect::Cbmc).unwrap();
                prog.push_str(&format!("    printf(\"%d\\n\", {text});\n"));
                expected.push_str(&format!("{v}\n"));
            }
        }
        prog.push_str("  }\n");
    }
    prog.push_str("  return 0;\n}\n");
    assert!(expected.lines().count() > 2000);
    // gcc's int-in-bool-context warning is about the meaning of `a * b && c`,
    // which the table builds on purpose, not about parentheses.
    assert_eq!(compile_and_run(&prog, &["-Wno-int-in-bool-context"]), expected);
}

#[test]
fn other_operators_parenthesise_minimally() {
    let (mut b, x, y, z) = abc();
    let l = b.int_var("l", IntType::LONG);
    let arr = b.var("arr", CType::Array(Box::new(CType::Int(IntType::INT)), 4));
    let arr = Expr::var(arr, CType::Array(Box::new(CType::Int(IntType::INT)), 4));
    let p = |e: &Expr| print_expr(&b.p, "", e, Dialect::Cbmc).unwrap();
    let cond = |c: Expr, t: Expr, f: Expr| {
        let ty = t.ty.clone();
        syn(ExprKind::Cond(Box::new(c), Box::new(t), Box::new(f)), ty)
    };
    let comma = |a: Expr, c: Expr| {
        let ty = c.ty.clone();
        syn(ExprKind::Comma(Box::new(a), Box::new(c)), ty)
    };
    let post = |t: Expr| {
        let ty = t.ty.clone();
        syn(
            ExprKind::IncDec {
                inc: true,
                prefix: false,
                op_ty: ty.clone(),
                target: Box::new(t),
            },
            ty,
        )
    };
    assert_eq!(p(&un(UnOp::Neg, un(UnOp::Neg, x.clone()))), "-(-a)");
    assert_eq!(p(&un(UnOp::Neg, int(-1))), "-(-1)");
    assert_eq!(p(&un(UnOp::LogNot, bin(BinOp::Eq, x.clone(), y.clone()))), "!(a == b)");
    assert_eq!(p(&bin(BinOp::Eq, un(UnOp::LogNot, x.clone()), y.clone())), "(!a) == b");
    assert_eq!(p(&bin(BinOp::Eq, y.clone(), un(UnOp::LogNot, x.clone()))), "b == !a");
    assert_eq!(p(&un(UnOp::Neg, post(x.clone()))), "-a++");
    assert_eq!(
        p(&cond(x.clone(), y.clone(), cond(z.clone(), x.clone(), y.clone()))),
        "a ? b : c ? a : b"
    );
    assert_eq!(
        p(&cond(cond(z.clone(), x.clone(), y.clone()), y.clone(), x.clone())),
        "(c ? a : b) ? b : a"
    );
    assert_eq!(
        p(&cond(x.clone(), assign(y.clone(), z.clone()), z.clone())),
        "a ? b = c : c"
    );
    assert_eq!(
        p(&cond(x.clone(), z.clone(), assign(y.clone(), z.clone()))),
        "a ? c : (b = c)"
    );
    assert_eq!(p(&assign(x.clone(), assign(y.clone(), z.clone()))), "a = b = c");
    assert_eq!(
        p(&bin(BinOp::Add, assign(x.clone(), y.clone()), z.clone())),
        "(a = b) + c"
    );
    assert_eq!(p(&comma(comma(x.clone(), y.clone()), z.clone())), "a, b, c");
    assert_eq!(p(&comma(x.clone(), comma(y.clone(), z.clone()))), "a, (b, c)");
    assert_eq!(
        p(&bin(BinOp::Add, cast(IntType::LONG, x.clone(), false), l.clone())),
        "(long)a + l"
    );
    assert_eq!(
        p(&cast(IntType::LONG, bin(BinOp::Add, x.clone(), y.clone()), false)),
        "(long)(a + b)"
    );
    assert_eq!(
        p(&bin(BinOp::Add, cast(IntType::LONG, x.clone(), true), l.clone())),
        "a + l"
    );
    assert_eq!(p(&index(arr.clone(), bin(BinOp::Add, x.clone(), int(1)))), "arr[a + 1]");
    assert_eq!(p(&assign(index(arr.clone(), x.clone()), int(0))), "arr[a] = 0");
    let f = b.func("f", CType::Int(IntType::INT));
    let call = syn(
        ExprKind::Call(crate::ir::Callee::Func(f), vec![comma(x.clone(), y.clone()), z.clone()]),
        CType::Int(IntType::INT),
    );
    assert_eq!(print_expr(&b.p, "", &call, Dialect::Cbmc).unwrap(), "f((a, b), c)");
}

#[test]
fn real_span_operands_are_verbatim_and_grouped() {
    let (b, x, y, _) = abc();
    let src = "x+ y /*c*/ | -1 | (p + q) | 0x1f";
    let sum = real(bin(BinOp::Add, x.clone(), y.clone()), span_of(src, "x+ y /*c*/"));
    let neg = real(int(-1), span_of(src, "-1"));
    let group = real(bin(BinOp::Add, x.clone(), y.clone()), span_of(src, "(p + q)"));
    let hex = real(int(31), span_of(src, "0x1f"));
    let p = |e: &Expr| print_expr(&b.p, src, e, Dialect::Cbmc).unwrap();
    assert_eq!(p(&bin(BinOp::Mul, sum.clone(), int(2))), "(x+ y /*c*/) * 2");
    assert_eq!(p(&bin(BinOp::Add, int(2), sum)), "2 + (x+ y /*c*/)");
    assert_eq!(p(&un(UnOp::Neg, neg.clone())), "-(-1)");
    assert_eq!(p(&bin(BinOp::Sub, x.clone(), neg)), "a - -1");
    assert_eq!(p(&bin(BinOp::Mul, group, int(2))), "(p + q) * 2");
    assert_eq!(p(&bin(BinOp::Mul, hex, int(2))), "0x1f * 2");
    // A folded constant whose text is an expression counts as loosest.
    let folded = real(int(16), span_of(src, "x+ y"));
    assert_eq!(p(&un(UnOp::BitNot, folded)), "~(x+ y)");
    let bad = real(int(1), crate::ir::Span::new(5, 500));
    assert!(matches!(
        print_expr(&b.p, src, &bad, Dialect::Cbmc),
        Err(EmitError::BadSpan(_))
    ));
}

pub(super) const ALL_TYPES: [IntType; 11] = [
    IntType::BOOL,
    IntType::CHAR,
    IntType::UCHAR,
    IntType::SHORT,
    IntType::USHORT,
    IntType::INT,
    IntType::UINT,
    IntType::LONG,
    IntType::ULONG,
    IntType::LLONG,
    IntType::ULLONG,
];

#[test]
fn literals_at_type_limits_have_their_value_and_type_in_gcc() {
    let p = crate::ir::Program::default();
    let mut prog = String::from(concat!(
        "#include <stdio.h>\n",
        "#define TYPE_NAME(x) _Generic((x), _Bool: \"_Bool\", char: \"char\", signed char: \"signed char\", ",
        "unsigned char: \"unsigned char\", short: \"short\", unsigned short: \"unsigned short\", int: \"int\", ",
        "unsigned int: \"unsigned int\", long: \"long\", unsigned long: \"unsigned long\", long long: \"long long\", ",
        "unsigned long long: \"unsigned long long\", default: \"other\")\n",
        "int main(void) {\n",
    ));
    let mut expected = String::new();
    for t in ALL_TYPES {
        let mut values = vec![t.min(), t.min() + 1, -1, 0, 1, t.max() - 1, t.max()];
        values.retain(|v| t.contains(*v));
        values.dedup();
        for v in values {
            let text = print_expr(&p, "", &Expr::int(v, t), Dialect::Cbmc).unwrap();
            let (fmt, conv) = if t.signed {
                ("%lld", "long long")
            } else {
                ("%llu", "unsigned long long")
            };
            prog.push_str(&format!(
                "  printf(\"%s {fmt}\\n\", TYPE_NAME({text}), ({conv})({text}));\n"
            ));
            expected.push_str(&format!("{} {v}\n", t.c_name()));
            // As an operand the literal must stay one group: `x - x` is 0.
            let lit = cast(t.promote(), Expr::int(v, t), true);
            let diff = print_expr(&p, "", &bin(BinOp::Sub, lit.clone(), lit), Dialect::Cbmc).unwrap();
            prog.push_str(&format!("  printf(\"%d\\n\", {diff} == 0);\n"));
            expected.push_str("1\n");
        }
    }
    prog.push_str("  return 0;\n}\n");
    assert_eq!(compile_and_run(&prog, &[]), expected);
}

#[test]
fn literal_spellings() {
    let p = crate::ir::Program::default();
    let lit = |v, t| print_expr(&p, "", &Expr::int(v, t), Dialect::Cbmc).unwrap();
    assert_eq!(lit(-2147483648, IntType::INT), "(-2147483647 - 1)");
    assert_eq!(lit(i128::from(i64::MIN), IntType::LONG), "(-9223372036854775807L - 1L)");
    assert_eq!(
        lit(i128::from(i64::MIN), IntType::LLONG),
        "(-9223372036854775807LL - 1LL)"
    );
    assert_eq!(lit(4294967295, IntType::UINT), "4294967295U");
    assert_eq!(lit(1, IntType::ULONG), "1UL");
    assert_eq!(lit(-5, IntType::INT), "-5");
    assert_eq!(lit(255, IntType::UCHAR), "(unsigned char)255");
    assert_eq!(lit(-128, IntType::CHAR), "(signed char)-128");
    assert_eq!(lit(1, IntType::BOOL), "(_Bool)1");
    // Where the context converts the value, the cast is noise.
    let mut b = Build::default();
    let c = b.int_var("c", IntType::UCHAR);
    let pr = |e: &Expr| print_expr(&b.p, "", e, Dialect::Cbmc).unwrap();
    assert_eq!(pr(&assign(c.clone(), Expr::int(255, IntType::UCHAR))), "c = 255");
    assert_eq!(pr(&cast(IntType::INT, Expr::int(255, IntType::UCHAR), true)), "255");
    assert!(matches!(
        print_expr(
            &b.p,
            "",
            &syn(ExprKind::IntLit(300), CType::Int(IntType::UCHAR)),
            Dialect::Cbmc
        ),
        Err(EmitError::Unsupported(_))
    ));
}

#[test]
fn dialects_spell_intrinsics_and_nondet_values() {
    let mut b = Build::default();
    let x = b.int_var("x", IntType::UINT);
    let k = b.var("k", CType::Int(IntType::ULONG));
    let kx = Expr::var(k, CType::Int(IntType::ULONG));
    let lt = bin(BinOp::Lt, x.clone(), cast(IntType::UINT, int(10), true));
    let pc = |e: &Expr| print_expr(&b.p, "", e, Dialect::Cbmc);
    let ps = |e: &Expr| print_expr(&b.p, "", e, Dialect::Svcomp);
    let assume = intrinsic(Intrinsic::Assume, vec![lt.clone()]);
    assert_eq!(pc(&assume).unwrap(), "__CPROVER_assume(x < 10)");
    assert_eq!(ps(&assume).unwrap(), "__VERIFIER_assume(x < 10)");
    let assert = intrinsic(Intrinsic::Assert, vec![lt.clone()]);
    assert_eq!(pc(&assert).unwrap(), "__CPROVER_assert(x < 10, \"x < 10\")");
    assert_eq!(ps(&assert).unwrap(), "x < 10 ? (void)0 : reach_error()");
    assert_eq!(ps(&intrinsic(Intrinsic::Error, vec![])).unwrap(), "reach_error()");
    assert_eq!(
        pc(&intrinsic(Intrinsic::Error, vec![])).unwrap(),
        "__CPROVER_assert(0, \"reach_error\")"
    );
    assert_eq!(pc(&intrinsic(Intrinsic::Abort, vec![])).unwrap(), "abort()");
    // The message is the condition's text as a string; odd text that is not
    // one token is also grouped.
    let quoted = intrinsic(Intrinsic::Assert, vec![real(x.clone(), span_of("s\"??\\", "s\"??\\"))]);
    assert_eq!(
        print_expr(&b.p, "s\"??\\", &quoted, Dialect::Cbmc).unwrap(),
        "__CPROVER_assert((s\"??\\), \"s\\\"?\\?\\\\\")"
    );
    assert_eq!(pc(&nondet(IntType::UINT)).unwrap(), "nondet_uint()");
    assert_eq!(pc(&nondet(IntType::CHAR)).unwrap(), "nondet_schar()");
    assert_eq!(pc(&nondet(IntType::BOOL)).unwrap(), "nondet_bool()");
    assert_eq!(ps(&nondet(IntType::ULLONG)).unwrap(), "__VERIFIER_nondet_ulonglong()");
    assert_eq!(ps(&nondet(IntType::CHAR)).unwrap(), "__VERIFIER_nondet_char()");
    let named = syn(ExprKind::Nondet("my_source".into()), CType::Int(IntType::INT));
    assert_eq!(ps(&named).unwrap(), "my_source()");
    let forall = syn(
        ExprKind::Forall(
            k,
            Box::new(bin(
                BinOp::LogOr,
                un(UnOp::LogNot, bin(BinOp::Lt, kx.clone(), kx.clone())),
                lt,
            )),
        ),
        CType::Int(IntType::INT),
    );
    assert_eq!(
        pc(&forall).unwrap(),
        "__CPROVER_forall { unsigned long k; !(k < k) || x < 10 }"
    );
    assert!(matches!(ps(&forall), Err(EmitError::Unsupported(_))));
    let copy = intrinsic(Intrinsic::ArrayCopy, vec![x.clone(), x.clone()]);
    assert_eq!(pc(&copy).unwrap(), "__CPROVER_array_copy(x, x)");
    assert!(matches!(ps(&copy), Err(EmitError::Unsupported(_))));
    assert_eq!(
        nondet_declaration(IntType::UINT, Dialect::Cbmc),
        "unsigned int nondet_uint(void);"
    );
    assert_eq!(
        nondet_declaration(IntType::CHAR, Dialect::Svcomp),
        "char __VERIFIER_nondet_char(void);"
    );
}

#[test]
fn every_nondet_declaration_matches_its_use_in_gcc() {
    let p = crate::ir::Program::default();
    for d in [Dialect::Cbmc, Dialect::Svcomp] {
        let mut text = String::new();
        let mut body = String::new();
        for t in ALL_TYPES {
            text.push_str(&nondet_declaration(t, d));
            text.push('\n');
            body.push_str(&format!(
                "  {} v{} = {};\n",
                t.c_name(),
                body.lines().count(),
                print_expr(&p, "", &nondet(t), d).unwrap()
            ));
        }
        text.push_str(&format!("void f(void) {{\n{body}}}\n"));
        let (ok, err) = gcc(
            &text,
            &["-std=c11", "-fsyntax-only", "-Wall", "-Wno-unused-variable", "-Werror"],
        );
        assert!(ok, "{err}\n{text}");
    }
}

#[test]
fn required_declarations_are_sorted_unique_and_skip_existing() {
    let mut b = Build::default();
    let x = b.int_var("x", IntType::UINT);
    let stmts = [
        expr_stmt(assign(x.clone(), nondet(IntType::UINT))),
        expr_stmt(intrinsic(
            Intrinsic::Assume,
            vec![bin(BinOp::Lt, nondet(IntType::UINT), nondet(IntType::LONG))],
        )),
        expr_stmt(intrinsic(Intrinsic::Assert, vec![x.clone()])),
        // Real-span code brings its own declarations.
        real_stmt(expr_stmt(nondet(IntType::BOOL))),
    ];
    let refs: Vec<&Stmt> = stmts.iter().collect();
    assert_eq!(
        required_declarations(&b.p, &refs, Dialect::Cbmc),
        vec!["long nondet_long(void);", "unsigned int nondet_uint(void);"]
    );
    let abort = [
        expr_stmt(intrinsic(Intrinsic::Abort, vec![])),
        expr_stmt(intrinsic(Intrinsic::Error, vec![])),
    ];
    let abort: Vec<&Stmt> = abort.iter().collect();
    assert_eq!(
        required_declarations(&b.p, &abort, Dialect::Cbmc),
        vec!["void abort(void);"]
    );
    assert_eq!(
        required_declarations(&b.p, &abort, Dialect::Svcomp),
        vec!["void abort(void);", "void reach_error(void);"]
    );
    assert_eq!(
        required_declarations(&b.p, &refs, Dialect::Svcomp),
        vec![
            "long __VERIFIER_nondet_long(void);",
            "unsigned int __VERIFIER_nondet_uint(void);",
            "void __VERIFIER_assume(int);",
            "void reach_error(void);",
        ]
    );
    b.func("nondet_uint", CType::Int(IntType::UINT));
    b.func("nondet_long", CType::Int(IntType::INT));
    assert_eq!(
        required_declarations(&b.p, &refs, Dialect::Cbmc),
        vec!["long nondet_long(void);"]
    );
}

fn real_stmt(mut st: Stmt) -> Stmt {
    st.span = crate::ir::Span::new(0, 0);
    st
}

/// A synthetic function body using every statement kind.
pub(super) fn kr_program() -> (Build, Stmt) {
    let mut b = Build::default();
    let i = b.var("i", CType::Int(IntType::UINT));
    let iv = Expr::var(i, CType::Int(IntType::UINT));
    let m = b.var(
        "m",
        CType::Array(Box::new(CType::Array(Box::new(CType::Int(IntType::INT)), 3)), 2),
    );
    let st = b.var("st", CType::Int(IntType::UCHAR));
    // A block-scope static: a global that belongs to a function.
    b.p.vars[st.0].storage = crate::ir::Storage::Global;
    b.p.vars[st.0].func = Some(crate::ir::FuncId(0));
    let stv = Expr::var(st, CType::Int(IntType::UCHAR));
    let j = b.var("j", CType::Int(IntType::INT));
    let u = |v| cast(IntType::UINT, int(v), true);
    let inc = expr_stmt(syn(
        ExprKind::IncDec {
            inc: true,
            prefix: false,
            op_ty: CType::Int(IntType::UINT),
            target: Box::new(iv.clone()),
        },
        CType::Int(IntType::UINT),
    ));
    let lt = |v| bin(BinOp::Lt, iv.clone(), u(v));
    let prog = block(vec![
        decl(i, None),
        s(StmtKind::Decl(
            m,
            Some(Init::List(
                vec![
                    Init::List(vec![Init::Expr(int(1))], crate::ir::Span::SYNTHETIC),
                    Init::List(vec![Init::Expr(int(0)), Init::Expr(int(2))], crate::ir::Span::SYNTHETIC),
                ],
                crate::ir::Span::SYNTHETIC,
            )),
        )),
        decl(st, Some(Expr::int(2, IntType::UCHAR))),
        s(StmtKind::If {
            cond: lt(3),
            then: Box::new(inc.clone()),
            els: Some(Box::new(s(StmtKind::If {
                cond: assign(iv.clone(), u(0)),
                then: Box::new(block(vec![])),
                els: Some(Box::new(s(StmtKind::Return(None)))),
            }))),
        }),
        s(StmtKind::While {
            cond: lt(10),
            body: Box::new(block(vec![inc.clone(), s(StmtKind::Continue)])),
        }),
        s(StmtKind::DoWhile {
            body: Box::new(inc.clone()),
            cond: lt(5),
        }),
        s(StmtKind::For {
            init: Some(Box::new(expr_stmt(assign(iv.clone(), u(0))))),
            cond: Some(lt(4)),
            step: None,
            body: Box::new(s(StmtKind::Label("again".into(), Box::new(s(StmtKind::Empty))))),
        }),
        s(StmtKind::Switch {
            cond: cast(IntType::INT, stv.clone(), true),
            body: Box::new(block(vec![
                s(StmtKind::Case(1, Box::new(s(StmtKind::Case(2, Box::new(inc.clone())))))),
                s(StmtKind::Break),
                s(StmtKind::Default(Box::new(s(StmtKind::Goto("again".into()))))),
            ])),
        }),
        s(StmtKind::Label("out".into(), Box::new(decl(j, None)))),
        s(StmtKind::Return(None)),
    ]);
    (b, prog)
}

#[test]
fn synthetic_statements_print_in_kr_style() {
    let (b, prog) = kr_program();
    let text = print_stmt(&b.p, "", &prog, "  ", "  ", Dialect::Cbmc).unwrap();
    let expected = "{
    unsigned int i;
    int m[2][3] = {{1}, {0, 2}};
    static unsigned char st = 2;
    if (i < 3) {
      i++;
    } else if ((i = 0)) {
    } else {
      return;
    }
    while (i < 10) {
      i++;
      continue;
    }
    do {
      i++;
    } while (i < 5);
    for (i = 0; i < 4;) {
      again:;
    }
    switch (st) {
    case 1:
    case 2:
      i++;
      break;
    default:
      goto again;
    }
    out:;
    int j;
    return;
  }";
    assert_eq!(text, expected);
}

#[test]
fn svcomp_assert_statement_is_an_if() {
    let mut b = Build::default();
    let x = b.int_var("x", IntType::INT);
    let st = expr_stmt(intrinsic(Intrinsic::Assert, vec![bin(BinOp::Lt, x.clone(), int(3))]));
    assert_eq!(
        print_stmt(&b.p, "", &st, "\t", "\t", Dialect::Svcomp).unwrap(),
        "if (!(x < 3)) {\n\t\treach_error();\n\t}"
    );
    let st = expr_stmt(intrinsic(Intrinsic::Assert, vec![x]));
    assert_eq!(
        print_stmt(&b.p, "", &st, "", "  ", Dialect::Svcomp).unwrap(),
        "if (!x) {\n  reach_error();\n}"
    );
}

const NESTED: &str = "void f(void) {
    if (x) {
        s = \"a\\
    b\";
        /* c
         * d */
        y = 1; \\
    z;

    }
}
";

fn if_span() -> crate::ir::Span {
    let start = NESTED.find("if (x)").unwrap();
    let end = NESTED.rfind("    }\n}").unwrap() + 5;
    crate::ir::Span::new(start, end)
}

#[test]
fn verbatim_statements_move_by_the_indentation_difference() {
    let p = crate::ir::Program::default();
    let st = s(StmtKind::Break);
    let st = Stmt { span: if_span(), ..st };
    let same = print_stmt(&p, NESTED, &st, "    ", "    ", Dialect::Cbmc).unwrap();
    assert_eq!(same, &NESTED[if_span().start..if_span().end]);
    let deeper = print_stmt(&p, NESTED, &st, "\t    ", "    ", Dialect::Cbmc).unwrap();
    assert_eq!(
        deeper,
        "if (x) {\n\t        s = \"a\\\n    b\";\n\t        /* c\n\t         * d */\n\t        y = 1; \\\n    z;\n\n\t    }"
    );
    let shallower = print_stmt(&p, NESTED, &st, "", "    ", Dialect::Cbmc).unwrap();
    assert_eq!(
        shallower,
        "if (x) {\n    s = \"a\\\n    b\";\n    /* c\n     * d */\n    y = 1; \\\n    z;\n\n}"
    );
}

#[test]
fn verbatim_parts_inside_synthetic_statements() {
    let mut b = Build::default();
    let x = b.int_var("x", IntType::INT);
    let y_assign = real_stmt_at(s(StmtKind::Break), span_of(NESTED, "y = 1;"));
    let cond = real(x, span_of(NESTED, "x"));
    let st = s(StmtKind::While {
        cond,
        body: Box::new(block(vec![y_assign, s(StmtKind::Break)])),
    });
    assert_eq!(
        print_stmt(&b.p, NESTED, &st, "  ", "  ", Dialect::Cbmc).unwrap(),
        "while (x) {\n    y = 1;\n    break;\n  }"
    );
    // A real-span block as a body is copied whole.
    let body = real_stmt_at(block(vec![]), if_span());
    let body = Stmt {
        span: crate::ir::Span::new(NESTED.find("{\n        s").unwrap(), if_span().end),
        ..body
    };
    let st = s(StmtKind::While {
        cond: int(1),
        body: Box::new(body),
    });
    let text = print_stmt(&b.p, NESTED, &st, "    ", "    ", Dialect::Cbmc).unwrap();
    assert!(text.starts_with("while (1) {\n        s = \"a\\\n    b\";"), "{text}");
    assert!(text.ends_with("\n    }"), "{text}");
}

fn real_stmt_at(mut st: Stmt, span: crate::ir::Span) -> Stmt {
    st.span = span;
    st
}

#[test]
fn indent_unit_detection() {
    assert_eq!(detect_indent_unit(""), "    ");
    assert_eq!(detect_indent_unit("int x;\n"), "    ");
    assert_eq!(
        detect_indent_unit("f() {\n  if (x) {\n    y;\n  }\n  /*\n   * c\n   */\n}\n"),
        "  "
    );
    assert_eq!(detect_indent_unit("f() {\n\tif (x) {\n\t\ty;\n\t}\n}\n"), "\t");
    assert_eq!(
        detect_indent_unit("f() {\n        g(a,\n          b);\n        h();\n}\ng() {\n        x;\n}\n"),
        "        "
    );
    assert_eq!(detect_indent_unit(NESTED), "    ");
}

#[test]
fn line_indent_finds_the_line_prefix() {
    let t = "a\n  \tb c\n\nd";
    assert_eq!(line_indent(t, 0), "");
    assert_eq!(line_indent(t, 6), "  \t");
    assert_eq!(line_indent(t, 2), "  \t");
    assert_eq!(line_indent(t, 8), "  \t");
    assert_eq!(line_indent(t, 9), "");
    assert_eq!(line_indent(t, 100), "");
}

#[test]
fn splice_rejects_overlaps_and_bad_spans() {
    let e = |a, b, t: &str| Edit::new(crate::ir::Span::new(a, b), t.to_string());
    assert_eq!(
        splice("abcdef", &[e(1, 3, "X"), e(3, 3, "Y"), e(3, 3, "Z"), e(3, 4, "W")]).unwrap(),
        "aXYZWef"
    );
    assert!(matches!(
        splice("abcdef", &[e(1, 3, ""), e(2, 2, "")]),
        Err(EmitError::OverlappingEdits(..))
    ));
    assert!(matches!(
        splice("abcdef", &[e(3, 4, ""), e(1, 2, "")]),
        Err(EmitError::OverlappingEdits(..))
    ));
    assert!(matches!(splice("abc", &[e(2, 9, "")]), Err(EmitError::BadSpan(_))));
    assert!(matches!(splice("é", &[e(1, 1, "")]), Err(EmitError::BadSpan(_))));
    let synthetic = Edit::new(crate::ir::Span::SYNTHETIC, String::new());
    assert!(matches!(splice("abc", &[synthetic]), Err(EmitError::BadSpan(_))));
}

mod splice_props {
    use super::super::{Edit, SourceMap, splice};
    use crate::ir::Span;
    use proptest::prelude::*;

    fn source_and_edits() -> impl Strategy<Value = (String, Vec<Edit>)> {
        (
            "[a-zé\n ]{0,40}",
            proptest::collection::vec(
                (any::<prop::sample::Index>(), any::<prop::sample::Index>(), "[A-Z]{0,3}"),
                0..6,
            ),
        )
            .prop_map(|(src, raw)| {
                let bounds: Vec<usize> = (0..=src.len()).filter(|i| src.is_char_boundary(*i)).collect();
                let mut pairs: Vec<(usize, usize, String)> = raw
                    .into_iter()
                    .map(|(a, b, t)| {
                        let (a, b) = (*a.get(&bounds), *b.get(&bounds));
                        (a.min(b), a.max(b), t)
                    })
                    .collect();
                pairs.sort_by_key(|p| (p.0, p.1));
                // Drop edits that overlap an earlier one.
                let mut edits = Vec::new();
                let mut end = 0;
                for (a, b, t) in pairs {
                    if a >= end {
                        edits.push(Edit::new(Span::new(a, b), t));
                        end = b;
                    }
                }
                (src, edits)
            })
    }

    proptest! {
        #[test]
        fn no_edits_is_identity(src in "\\PC{0,60}") {
            prop_assert_eq!(splice(&src, &[]).unwrap(), src);
        }

        #[test]
        fn matches_replacing_from_the_back((src, edits) in source_and_edits()) {
            let mut reference = src.clone();
            for e in edits.iter().rev() {
                reference.replace_range(e.span.start..e.span.end, &e.text);
            }
            prop_assert_eq!(splice(&src, &edits).unwrap(), reference);
        }

        #[test]
        fn untouched_text_is_kept((src, edits) in source_and_edits()) {
            let out = splice(&src, &edits).unwrap();
            // Between consecutive edits the original bytes appear in order.
            let mut pos = 0;
            let mut at = 0;
            for e in &edits {
                let keep = &src[at..e.span.start];
                prop_assert_eq!(&out[pos..pos + keep.len()], keep);
                pos += keep.len() + e.text.len();
                at = e.span.end;
            }
            prop_assert_eq!(&out[pos..], &src[at..]);
        }

        #[test]
        fn source_map_points_copied_bytes_at_themselves((src, edits) in source_and_edits()) {
            let out = splice(&src, &edits).unwrap();
            let map = SourceMap::new(&src, &edits);
            for (o, c) in out.char_indices() {
                let p = map.to_source(o, &out, &src);
                // Printed text here is upper case, the source lower case:
                // nothing printed may pass for copied text.
                prop_assert_eq!(p.generated, c.is_ascii_uppercase(), "offset {} of {:?}", o, out);
                if !p.generated {
                    prop_assert_eq!(src[p.offset..].chars().next(), Some(c));
                }
            }
        }
    }
}

#[test]
fn gcc_view_replaces_quantifiers_only_in_code() {
    let t = "a = __CPROVER_forall /* x */ { unsigned k; k < 2 && f(\"}\") && __CPROVER_forall { int j; {j} } }; \
             // __CPROVER_forall { }\n s = \"__CPROVER_forall {\"; __CPROVER_forallx { } __CPROVER_exists{int z; z}";
    assert_eq!(
        gcc_view(t),
        "a = 1; // __CPROVER_forall { }\n s = \"__CPROVER_forall {\"; __CPROVER_forallx { } 1"
    );
    assert_eq!(
        gcc_view("__CPROVER_forall { unbalanced"),
        "__CPROVER_forall { unbalanced"
    );
    assert_eq!(gcc_view("x __CPROVER_forall ;"), "x __CPROVER_forall ;");
}

/// An accelerated loop spliced into a function: the printed text, with the
/// prelude and the gcc view, must be accepted by gcc.
pub(super) fn accelerated(dialect: Dialect) -> Result<String, EmitError> {
    let src = "unsigned int n;\nint a[100];\n\nvoid f(void)\n{\n  unsigned int i = 0;\n  while (i < n) {\n    a[i] = 0; // clear\n    i++;\n  }\n}\n";
    let mut b = Build::default();
    let arr_ty = CType::Array(Box::new(CType::Int(IntType::INT)), 100);
    let n = b.int_var("n", IntType::UINT);
    let a = b.var("a", arr_ty.clone());
    let av = Expr::var(a, arr_ty);
    let i = b.int_var("i", IntType::UINT);
    let tn = b.var("tracc_n", CType::Int(IntType::ULONG));
    let tnv = Expr::var(tn, CType::Int(IntType::ULONG));
    let tk = b.var("tracc_k", CType::Int(IntType::ULONG));
    let tkv = Expr::var(tk, CType::Int(IntType::ULONG));
    let ts = b.var("tracc_state", CType::Int(IntType::UCHAR));
    let tsv = Expr::var(ts, CType::Int(IntType::UCHAR));
    let ul = |e: Expr| cast(IntType::ULONG, e, true);
    let assume = |c: Expr| expr_stmt(intrinsic(Intrinsic::Assume, vec![c]));
    let body_a = real_stmt_at(s(StmtKind::Break), span_of(src, "a[i] = 0;"));
    let body_i = real_stmt_at(s(StmtKind::Break), span_of(src, "i++;"));
    let cond = real(bin(BinOp::Lt, i.clone(), n.clone()), span_of(src, "i < n"));
    let accel = block(vec![
        decl(tn, Some(nondet(IntType::ULONG))),
        assume(bin(BinOp::Ge, tnv.clone(), Expr::int(1, IntType::ULONG))),
        assume(bin(
            BinOp::Le,
            bin(BinOp::Add, ul(i.clone()), tnv.clone()),
            ul(n.clone()),
        )),
        assume(syn(
            ExprKind::Forall(
                tk,
                Box::new(bin(
                    BinOp::LogOr,
                    un(UnOp::LogNot, bin(BinOp::Lt, tkv.clone(), tnv.clone())),
                    bin(
                        BinOp::Le,
                        bin(BinOp::Add, ul(i.clone()), tkv.clone()),
                        Expr::int(99, IntType::ULONG),
                    ),
                )),
            ),
            CType::Int(IntType::INT),
        )),
        assume(bin(BinOp::Ne, cast(IntType::INT, tsv.clone(), true), int(1))),
        expr_stmt(assign(
            i.clone(),
            cast(IntType::UINT, bin(BinOp::Add, ul(i.clone()), tnv.clone()), false),
        )),
        expr_stmt(intrinsic(Intrinsic::ArrayCopy, vec![av.clone(), av.clone()])),
        expr_stmt(assign(tsv.clone(), Expr::int(1, IntType::UCHAR))),
    ]);
    let orig = block(vec![
        body_a,
        body_i,
        assume(bin(BinOp::Ne, cast(IntType::INT, tsv.clone(), true), int(1))),
        expr_stmt(assign(tsv.clone(), Expr::int(0, IntType::UCHAR))),
    ]);
    let lp = s(StmtKind::While {
        cond,
        body: Box::new(block(vec![s(StmtKind::If {
            cond: cast(IntType::INT, nondet(IntType::BOOL), true),
            then: Box::new(accel),
            els: Some(Box::new(orig)),
        })])),
    });
    let reset = decl(ts, Some(Expr::int(0, IntType::UCHAR)));
    let loop_span = crate::ir::Span::new(src.find("while").unwrap(), src.rfind("  }\n}").unwrap() + 3);
    let unit = detect_indent_unit(src);
    let indent = line_indent(src, loop_span.start);
    let decls = required_declarations(&b.p, &[&reset, &lp], dialect);
    let mut text = String::new();
    for d in decls {
        text.push_str(&d);
        text.push('\n');
    }
    let edits = vec![
        Edit::new(crate::ir::Span::new(0, 0), text),
        Edit::new(
            crate::ir::Span::new(loop_span.start, loop_span.start),
            format!("{}\n{indent}", print_stmt(&b.p, src, &reset, indent, &unit, dialect)?),
        ),
        Edit::new(loop_span, print_stmt(&b.p, src, &lp, indent, &unit, dialect)?),
    ];
    Ok(splice(src, &edits).unwrap())
}

#[test]
fn accelerated_loop_passes_gcc_with_the_prelude() {
    let out = accelerated(Dialect::Cbmc).unwrap();
    let expected = "_Bool nondet_bool(void);
unsigned long nondet_ulong(void);
unsigned int n;
int a[100];

void f(void)
{
  unsigned int i = 0;
  unsigned char tracc_state = 0;
  while (i < n) {
    if (nondet_bool()) {
      unsigned long tracc_n = nondet_ulong();
      __CPROVER_assume(tracc_n >= 1UL);
      __CPROVER_assume(i + tracc_n <= n);
      __CPROVER_assume(__CPROVER_forall { unsigned long tracc_k; !(tracc_k < tracc_n) || i + tracc_k <= 99UL });
      __CPROVER_assume(tracc_state != 1);
      i = (unsigned int)(i + tracc_n);
      __CPROVER_array_copy(a, a);
      tracc_state = 1;
    } else {
      a[i] = 0; // clear
      i++;
      __CPROVER_assume(tracc_state != 1);
      tracc_state = 0;
    }
  }
}
";
    assert_eq!(out, expected);
    let view = format!("{}{}", prelude(Dialect::Cbmc), gcc_view(&out));
    let (ok, err) = gcc(&view, &["-std=c11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror"]);
    assert!(ok, "{err}\n{view}");
    // Without the gcc view the quantifier is a syntax error: the check bites.
    let (ok, _) = gcc(
        &format!("{}{}", prelude(Dialect::Cbmc), out),
        &["-std=c11", "-fsyntax-only"],
    );
    assert!(!ok);
}

#[test]
fn svcomp_refuses_what_it_cannot_say() {
    assert!(matches!(accelerated(Dialect::Svcomp), Err(EmitError::Unsupported(_))));
}

#[test]
fn svcomp_output_passes_gcc_with_the_prelude() {
    let mut b = Build::default();
    let x = b.var("x", CType::Int(IntType::INT));
    let xv = Expr::var(x, CType::Int(IntType::INT));
    let st = block(vec![
        decl(x, Some(nondet(IntType::INT))),
        expr_stmt(intrinsic(Intrinsic::Assume, vec![bin(BinOp::Gt, xv.clone(), int(0))])),
        expr_stmt(intrinsic(Intrinsic::Assert, vec![bin(BinOp::Ne, xv.clone(), int(0))])),
    ]);
    let mut text: String = required_declarations(&b.p, &[&st], Dialect::Svcomp).join("\n");
    text.push_str("\nvoid f(void) ");
    text.push_str(&print_stmt(&b.p, "", &st, "", "    ", Dialect::Svcomp).unwrap());
    text.push('\n');
    let view = format!("{}{}", prelude(Dialect::Svcomp), gcc_view(&text));
    let (ok, err) = gcc(&view, &["-std=c11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror"]);
    assert!(ok, "{err}\n{view}");
}

#[test]
fn comments_between_copied_statements_move_with_them() {
    let src = "void f(void) {
    /* lead */
    a = 1; // one
    // between
    /* two
       lines */
    b = 2; /* tail */
    c = 3; /* open
    */ d = 4;
}
";
    let p = crate::ir::Program::default();
    let copy = |needle: &str| real_stmt_at(s(StmtKind::Break), span_of(src, needle));
    let st = block(vec![copy("a = 1;"), copy("b = 2;"), copy("c = 3;"), copy("d = 4;")]);
    assert_eq!(
        print_stmt(&p, src, &st, "", "  ", Dialect::Cbmc).unwrap(),
        "{\n  a = 1; // one\n  // between\n  /* two\n     lines */\n  b = 2; /* tail */\n  c = 3;\n  d = 4;\n}"
    );
    // Out of source order, no gap lies between them: nothing is added.
    let st = block(vec![copy("b = 2;"), copy("a = 1;")]);
    assert_eq!(
        print_stmt(&p, src, &st, "", "  ", Dialect::Cbmc).unwrap(),
        "{\n  b = 2;\n  a = 1;\n}"
    );
}

#[test]
fn reindent_leaves_directives_and_crlf_splices_alone() {
    let src = "{\n  if (x) {\n#ifdef A\n    y = \"a\\\r\n  b\";\n  }\n}\n";
    let p = crate::ir::Program::default();
    let start = src.find("if (x)").unwrap();
    let end = src.rfind("  }\n}").unwrap() + 3;
    let st = real_stmt_at(s(StmtKind::Break), crate::ir::Span::new(start, end));
    assert_eq!(
        print_stmt(&p, src, &st, "      ", "  ", Dialect::Cbmc).unwrap(),
        "if (x) {\n#ifdef A\n        y = \"a\\\r\n  b\";\n      }"
    );
}

mod reindent_props {
    use super::super::{Dialect, print_stmt};
    use crate::ir::{Program, Span, Stmt, StmtKind};
    use proptest::prelude::*;

    /// A statement's text: its first line, then lines with some indentation
    /// and arbitrary C-ish content (quotes, comments, backslashes included).
    fn statement() -> impl Strategy<Value = (String, String)> {
        (
            "[ \t]{0,6}",
            "[a-z;{}]{1,5}",
            proptest::collection::vec(("[ \t]{0,10}", "[a-z \"'/*\\\\;{}#]{0,12}"), 0..6),
        )
            .prop_map(|(orig, first, rest)| {
                let mut text = first;
                for (ws, body) in rest {
                    text.push('\n');
                    text.push_str(&ws);
                    text.push_str(&body);
                }
                (orig, text)
            })
    }

    proptest! {
        #[test]
        fn only_line_prefixes_change((orig, text) in statement(), indent in "[ \t]{0,8}") {
            let src = format!("x;\n{orig}{text}\ny;\n");
            let start = 3 + orig.len();
            let st = Stmt::new(StmtKind::Break, Span::new(start, start + text.len()));
            let out = print_stmt(&Program::default(), &src, &st, &indent, "  ", Dialect::Cbmc).unwrap();
            let strip = |t: &str| t.lines().map(|l| l.trim_start().to_string()).collect::<Vec<_>>();
            prop_assert_eq!(strip(&out), strip(&text));
            prop_assert_eq!(out.lines().next(), text.lines().next());
        }

        #[test]
        fn moving_there_and_back_is_identity((orig, text) in statement(), indent in "[ \t]{0,8}") {
            // Holds when every line is at least as indented as the first.
            prop_assume!(text.lines().skip(1).all(|l| l.trim().is_empty() || l.starts_with(orig.as_str())));
            let p = Program::default();
            let src = format!("{orig}{text}");
            let st = Stmt::new(StmtKind::Break, Span::new(orig.len(), src.len()));
            let moved = print_stmt(&p, &src, &st, &indent, "  ", Dialect::Cbmc).unwrap();
            let src2 = format!("{indent}{moved}");
            let st2 = Stmt::new(StmtKind::Break, Span::new(indent.len(), src2.len()));
            let back = print_stmt(&p, &src2, &st2, &orig, "  ", Dialect::Cbmc).unwrap();
            prop_assert_eq!(back, text);
        }
    }
}

#[test]
fn source_map_shows_output_offsets_at_input_places() {
    use crate::ir::Span;
    let src = "int f(void);\nint y;\nvoid g(void) {\n  while (f()) {\n    y = 5;\n    f();\n  }\n  f();\n}\n";
    let program = crate::lower::lower_source(src).unwrap().program;
    let body = program.func(program.func_by_name("g").unwrap()).body.clone().unwrap();
    let StmtKind::Block { stmts, .. } = &body.kind else {
        panic!()
    };
    let lp = stmts[0].clone();
    let StmtKind::While { cond, body: old_body } = &lp.kind else {
        panic!()
    };
    let StmtKind::Block { stmts: old_stmts, .. } = &old_body.kind else {
        panic!()
    };
    // The new loop: a generated copy of `y = 5;` (same text as the source
    // line, but printed from the IR), then the original body, moved deeper.
    let mut twin = old_stmts[0].clone();
    twin.span = Span::SYNTHETIC;
    let new_body = Stmt::new(
        StmtKind::Block {
            stmts: vec![
                twin,
                Stmt::new(
                    StmtKind::Block {
                        stmts: vec![(**old_body).clone()],
                        scoped: true,
                    },
                    Span::SYNTHETIC,
                ),
            ],
            scoped: true,
        },
        Span::SYNTHETIC,
    );
    let new_loop = Stmt::new(
        StmtKind::While {
            cond: cond.clone(),
            body: Box::new(new_body),
        },
        Span::SYNTHETIC,
    );
    let printed = print_stmt_traced(&program, src, &new_loop, "  ", "  ", Dialect::Cbmc).unwrap();
    assert_eq!(
        printed.0,
        "while (f()) {\n    y = 5;\n    {\n      {\n        y = 5;\n        f();\n      }\n    }\n  }"
    );
    let edits = [
        Edit::new(Span::new(0, 0), "_Bool nondet_bool(void);\n".into()),
        Edit::loop_replacement(lp.span, printed),
    ];
    let out = splice(src, &edits).unwrap();
    let map = SourceMap::new(src, &edits);
    let place = |o: usize| map.to_source(o, &out, src);
    let copied = |offset| SourcePlace {
        offset,
        generated: false,
    };
    let generated = |offset| SourcePlace {
        offset,
        generated: true,
    };
    // Copied text maps byte for byte.
    assert_eq!(place(out.find("int f").unwrap()), copied(0));
    assert_eq!(
        place(out.rfind("f();\n}").unwrap()),
        copied(src.rfind("f();\n}").unwrap())
    );
    // tracc's own code maps to the construct it replaced, even a line that
    // reads like a line of the source.
    assert_eq!(place(out.find("_Bool").unwrap()), generated(0));
    assert_eq!(place(out.find("y = 5").unwrap()), generated(lp.span.start));
    assert_eq!(place(out.find("{\n      {").unwrap()), generated(lp.span.start));
    // The new loop's head line is the loop.
    assert_eq!(place(out.find("while").unwrap()), copied(lp.span.start));
    assert_eq!(place(out.find("f()) {").unwrap()), copied(lp.span.start));
    // The copied body: each line at its source line, columns after the
    // indentation kept.
    let src_y = src.find("y = 5").unwrap();
    let out_y = out.rfind("y = 5").unwrap();
    assert_eq!(place(out_y), copied(src_y));
    assert_eq!(place(out_y + 4), copied(src_y + 4));
    assert_eq!(
        place(out.rfind("f();\n      }").unwrap()),
        copied(src.find("f();\n  }").unwrap())
    );
    assert_eq!(
        place(out.rfind("f();\n      }").unwrap() - 2),
        copied(src.find("f();\n  }").unwrap())
    );
    assert_eq!(
        place(out.rfind("}\n    }").unwrap()),
        copied(src.find("}\n  f();").unwrap())
    );
}
