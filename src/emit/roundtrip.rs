//! Round trips through the front end: printed text, lowered again, must
//! have the structure of the IR it was printed from.

use super::tests::{ALL_TYPES, abc, accelerated, kr_program, pairs};
use super::testutil::*;
use super::*;
use crate::ir::{CType, Expr, ExprKind, Init, IntType, Program, Stmt, StmtKind, UnOp};
use crate::lower::lower_source;

fn lower(src: &str) -> Program {
    match lower_source(src) {
        Ok(l) => l.program,
        Err(e) => panic!("lowering failed: {e:?}\n{src}"),
    }
}

/// An S-expression of an expression's structure and types, without spans
/// and implicit conversions.
fn shape(p: &Program, e: &Expr) -> String {
    // The type after implicit conversions, and constants by value: printing
    // may spell them differently (`(-2147483647 - 1)`, `255` for a `char`).
    let ty = &e.ty;
    if let Some(v) = e.const_value() {
        return format!("{v}:{ty}");
    }
    let e = e.skip_implicit();
    let sub = |x: &Expr| shape(p, x);
    let body = match &e.kind {
        ExprKind::IntLit(v) => format!("{v}"),
        ExprKind::Var(id) => p.var(*id).name.clone(),
        ExprKind::Unary(op, a) => format!("({op:?} {})", sub(a)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", op.c_str(), sub(a), sub(b)),
        ExprKind::Cond(c, a, b) => format!("(? {} {} {})", sub(c), sub(a), sub(b)),
        ExprKind::Assign { op, lhs, rhs, .. } => {
            format!("({}= {} {})", op.map_or("", |o| o.c_str()), sub(lhs), sub(rhs))
        }
        ExprKind::IncDec {
            inc, prefix, target, ..
        } => format!("(incdec {inc} {prefix} {})", sub(target)),
        ExprKind::Cast { expr, .. } => format!("(cast {})", sub(expr)),
        ExprKind::Index(a, i) => format!("([] {} {})", sub(a), sub(i)),
        ExprKind::Call(c, args) => {
            let args: Vec<String> = args.iter().map(sub).collect();
            format!("(call {c:?} {})", args.join(" "))
        }
        ExprKind::Nondet(n) => format!("(nondet {n})"),
        // tree-sitter nests `a, b, c` to the right; the value is the same.
        ExprKind::Comma(..) => {
            let mut items = Vec::new();
            comma_items(e, &mut items);
            let items: Vec<String> = items.into_iter().map(sub).collect();
            format!("(, {})", items.join(" "))
        }
        ExprKind::Forall(v, b) => format!("(forall {} {} {})", p.var(*v).name, p.var(*v).ty, sub(b)),
        ExprKind::Opaque(r) => format!("(opaque {r})"),
    };
    format!("{body}:{ty}")
}

fn comma_items<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.skip_implicit().kind {
        ExprKind::Comma(a, b) => {
            comma_items(a, out);
            comma_items(b, out);
        }
        _ => out.push(e),
    }
}

/// A loop or branch body: braces around a single statement are the
/// printer's style, not structure.
fn body_shape(p: &Program, s: &Stmt, out: &mut Vec<String>) {
    match &s.kind {
        StmtKind::Block { stmts, scoped: true } if stmts.len() == 1 => stmt_shape(p, &stmts[0], out),
        _ => stmt_shape(p, s, out),
    }
}

/// A statement's structure as a flat list of lines: labels are linearised
/// (lowering groups the statements after a case label under it, the IR
/// built by hand need not), empty statements and declaration groups drop
/// out.
fn stmt_shape(p: &Program, s: &Stmt, out: &mut Vec<String>) {
    let e = |x: &Expr| shape(p, x);
    match &s.kind {
        StmtKind::Empty => {}
        StmtKind::Expr(x) => out.push(e(x)),
        StmtKind::Decl(v, init) => {
            let init = init
                .as_ref()
                .or_else(|| p.globals.iter().find(|(g, _)| g == v).and_then(|(_, i)| i.as_ref()));
            let init = init.map(|i| init_shape(p, i)).unwrap_or_default();
            out.push(format!(
                "decl {} {} {:?} {init}",
                p.var(*v).name,
                p.var(*v).ty,
                p.var(*v).storage
            ));
        }
        StmtKind::Block { stmts, scoped } => {
            if *scoped {
                out.push("{".into());
            }
            stmts.iter().for_each(|c| stmt_shape(p, c, out));
            if *scoped {
                out.push("}".into());
            }
        }
        StmtKind::If { cond, then, els } => {
            out.push(format!("if {}", e(cond)));
            body_shape(p, then, out);
            if let Some(els) = els {
                out.push("else".into());
                body_shape(p, els, out);
            }
        }
        StmtKind::While { cond, body } => {
            out.push(format!("while {}", e(cond)));
            body_shape(p, body, out);
        }
        StmtKind::DoWhile { body, cond } => {
            out.push("do".into());
            body_shape(p, body, out);
            out.push(format!("while {}", e(cond)));
        }
        StmtKind::For { init, cond, step, body } => {
            out.push("for".into());
            if let Some(i) = init {
                stmt_shape(p, i, out);
            }
            out.push(format!(";{}", cond.as_ref().map(e).unwrap_or_default()));
            out.push(format!(";{}", step.as_ref().map(e).unwrap_or_default()));
            body_shape(p, body, out);
        }
        StmtKind::Break => out.push("break".into()),
        StmtKind::Continue => out.push("continue".into()),
        StmtKind::Return(x) => out.push(format!("return {}", x.as_ref().map(e).unwrap_or_default())),
        StmtKind::Label(l, inner) => {
            out.push(format!("{l}:"));
            stmt_shape(p, inner, out);
        }
        StmtKind::Goto(l) => out.push(format!("goto {l}")),
        StmtKind::Switch { cond, body } => {
            out.push(format!("switch {}", e(cond)));
            stmt_shape(p, body, out);
        }
        StmtKind::Case(v, inner) => {
            out.push(format!("case {v}:"));
            stmt_shape(p, inner, out);
        }
        StmtKind::Default(inner) => {
            out.push("default:".into());
            stmt_shape(p, inner, out);
        }
        StmtKind::Opaque(r) => out.push(format!("opaque {r}")),
    }
}

fn init_shape(p: &Program, i: &Init) -> String {
    match i {
        Init::Expr(x) => shape(p, x),
        Init::List(items, _) => {
            let items: Vec<String> = items.iter().map(|i| init_shape(p, i)).collect();
            format!("{{{}}}", items.join(" "))
        }
    }
}

fn body_of<'p>(p: &'p Program, name: &str) -> &'p Stmt {
    p.func(p.func_by_name(name).expect("function"))
        .body
        .as_ref()
        .expect("body")
}

#[test]
fn printed_operator_pairs_lower_to_the_same_tree() {
    let (b, x, y, z) = abc();
    let exprs: Vec<Expr> = pairs(&x, &y, &z)
        .into_iter()
        .map(|(.., e)| e)
        .chain(other_exprs(&x, &y, &z))
        .collect();
    let mut src = String::from("int a, b, c;\nvoid f(void) {\n");
    for e in &exprs {
        src.push_str(&format!("  {};\n", print_expr(&b.p, "", e, Dialect::Cbmc).unwrap()));
    }
    src.push_str("}\n");
    let lowered = lower(&src);
    let StmtKind::Block { stmts, .. } = &body_of(&lowered, "f").kind else {
        panic!("body is a block")
    };
    assert_eq!(stmts.len(), exprs.len());
    for (e, st) in exprs.iter().zip(stmts) {
        let StmtKind::Expr(back) = &st.kind else {
            panic!("{st:?}")
        };
        assert_eq!(shape(&lowered, back), shape(&b.p, e));
    }
}

/// Mixes of unary, conditional, assignment, comma and cast operators.
fn other_exprs(x: &Expr, y: &Expr, z: &Expr) -> Vec<Expr> {
    let cond = |c: &Expr, t: &Expr, f: &Expr| {
        syn(
            ExprKind::Cond(Box::new(c.clone()), Box::new(t.clone()), Box::new(f.clone())),
            t.ty.clone(),
        )
    };
    let comma = |a: &Expr, c: &Expr| syn(ExprKind::Comma(Box::new(a.clone()), Box::new(c.clone())), c.ty.clone());
    let add = |a: &Expr, c: &Expr| bin(crate::ir::BinOp::Add, a.clone(), c.clone());
    vec![
        un(UnOp::Neg, un(UnOp::Neg, x.clone())),
        un(UnOp::Neg, int(-1)),
        un(UnOp::BitNot, add(x, y)),
        un(UnOp::LogNot, un(UnOp::LogNot, x.clone())),
        bin(crate::ir::BinOp::Eq, un(UnOp::LogNot, x.clone()), y.clone()),
        cond(x, y, &cond(z, x, y)),
        cond(&cond(z, x, y), y, x),
        cond(x, &assign(y.clone(), z.clone()), z),
        cond(x, z, &assign(y.clone(), z.clone())),
        add(&cond(x, y, z), x),
        assign(x.clone(), assign(y.clone(), z.clone())),
        add(&assign(x.clone(), y.clone()), z),
        comma(&comma(x, y), z),
        comma(x, &comma(y, z)),
        add(&comma(x, y), z),
        cast(IntType::LONG, add(x, y), false),
        bin(
            crate::ir::BinOp::Mul,
            cast(IntType::LONG, x.clone(), false),
            cast(IntType::LONG, y.clone(), true),
        ),
        un(UnOp::Neg, Expr::int(-2147483648, IntType::INT)),
        bin(crate::ir::BinOp::Sub, x.clone(), Expr::int(-5, IntType::INT)),
    ]
}

#[test]
fn printed_literals_lower_to_their_value_and_type() {
    let p = Program::default();
    let mut src = String::from("void f(void) {\n");
    let mut want = Vec::new();
    for t in ALL_TYPES {
        for v in [t.min(), t.min() + 1, -1, 0, 1, t.max() - 1, t.max()] {
            if t.contains(v) {
                src.push_str(&format!(
                    "  {};\n",
                    print_expr(&p, "", &Expr::int(v, t), Dialect::Cbmc).unwrap()
                ));
                want.push((v, t));
            }
        }
    }
    src.push_str("}\n");
    let lowered = lower(&src);
    let StmtKind::Block { stmts, .. } = &body_of(&lowered, "f").kind else {
        panic!("body is a block")
    };
    assert_eq!(stmts.len(), want.len());
    for ((v, t), st) in want.iter().zip(stmts) {
        let StmtKind::Expr(back) = &st.kind else {
            panic!("{st:?}")
        };
        assert_eq!(
            (back.ty.clone(), back.const_value()),
            (CType::Int(*t), Some(*v)),
            "{}",
            &src[st.span.start..st.span.end]
        );
    }
}

#[test]
fn printed_statements_lower_to_the_same_structure() {
    let (b, st) = kr_program();
    let text = print_stmt(&b.p, "", &st, "", "    ", Dialect::Cbmc).unwrap();
    let src = format!("unsigned int g;\nvoid f(void) {text}\n");
    let lowered = lower(&src);
    let (mut want, mut got) = (Vec::new(), Vec::new());
    stmt_shape(&b.p, &st, &mut want);
    stmt_shape(&lowered, body_of(&lowered, "f"), &mut got);
    assert_eq!(got, want, "{src}");
}

#[test]
fn accelerated_output_lowers_with_its_quantifier() {
    let out = accelerated(Dialect::Cbmc).unwrap();
    let lowered = lower(&out);
    let mut shapes = Vec::new();
    stmt_shape(&lowered, body_of(&lowered, "f"), &mut shapes);
    let forall = shapes.iter().find(|l| l.contains("forall")).expect("a quantifier");
    assert!(
        forall
            .contains("(forall tracc_k unsigned long (|| (LogNot (< tracc_k:unsigned long tracc_n:unsigned long):int)"),
        "{forall}"
    );
    assert!(!shapes.iter().any(|l| l.contains("opaque")), "{shapes:#?}");
}
