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
        ExprKind::AddrOf(a) => format!("(& {})", sub(a)),
        ExprKind::StringLit(b) => format!("(string {b:?})"),
        ExprKind::Alloc { size, zeroed } => format!("(alloc {zeroed} {})", sub(size)),
        ExprKind::Deref(a) => format!("(* {})", sub(a)),
        ExprKind::Member(a, f) => format!("(. {} {f})", sub(a)),
        // CBMC's spelling of an error is a failing assertion.
        ExprKind::Call(crate::ir::Callee::Intrinsic(crate::ir::Intrinsic::Error), _) => {
            "(call Intrinsic(Assert) 0:int)".to_string()
        }
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

/// Forget every span: the whole tree is then printed by the synthetic
/// printer.
fn strip_expr(e: &mut Expr) {
    *e = crate::ir::build::desynth(e);
}

fn strip_init(i: &mut Init) {
    match i {
        Init::Expr(e) => strip_expr(e),
        Init::List(items, span) => {
            *span = crate::ir::Span::SYNTHETIC;
            items.iter_mut().for_each(strip_init);
        }
    }
}

fn strip_stmt(s: &mut Stmt) {
    s.span = crate::ir::Span::SYNTHETIC;
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => strip_expr(e),
        StmtKind::Decl(_, init) => init.iter_mut().for_each(strip_init),
        StmtKind::Block { stmts, .. } => stmts.iter_mut().for_each(strip_stmt),
        StmtKind::If { cond, then, els } => {
            strip_expr(cond);
            strip_stmt(then);
            els.iter_mut().for_each(|e| strip_stmt(e));
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } | StmtKind::Switch { cond, body } => {
            strip_expr(cond);
            strip_stmt(body);
        }
        StmtKind::For { init, cond, step, body } => {
            init.iter_mut().for_each(|i| strip_stmt(i));
            cond.iter_mut().for_each(strip_expr);
            step.iter_mut().for_each(strip_expr);
            strip_stmt(body);
        }
        StmtKind::Label(_, inner) | StmtKind::Case(_, inner) | StmtKind::Default(inner) => strip_stmt(inner),
        _ => {}
    }
}

/// Make the compound statements synthetic and keep everything else (simple
/// statements, declarations, conditions) as source text, as the
/// instrumenter does when it rebuilds a loop around the original code.
fn strip_compound(s: &mut Stmt) {
    let decl_group = matches!(&s.kind, StmtKind::Block { stmts, scoped: false }
        if stmts.first().is_some_and(|f| matches!(f.kind, StmtKind::Decl(..))));
    let compound = matches!(
        s.kind,
        StmtKind::Block { .. }
            | StmtKind::If { .. }
            | StmtKind::While { .. }
            | StmtKind::DoWhile { .. }
            | StmtKind::For { .. }
            | StmtKind::Switch { .. }
            | StmtKind::Label(..)
            | StmtKind::Case(..)
            | StmtKind::Default(_)
    );
    if !compound || decl_group {
        return;
    }
    s.span = crate::ir::Span::SYNTHETIC;
    match &mut s.kind {
        StmtKind::Block { stmts, .. } => stmts.iter_mut().for_each(strip_compound),
        StmtKind::If { then, els, .. } => {
            strip_compound(then);
            els.iter_mut().for_each(|e| strip_compound(e));
        }
        StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Switch { body, .. }
        | StmtKind::For { body, .. }
        | StmtKind::Label(_, body)
        | StmtKind::Case(_, body)
        | StmtKind::Default(body) => strip_compound(body),
        _ => {}
    }
}

/// Whether a statement contains something the IR does not model (which has
/// no synthetic spelling).
fn has_opaque(s: &Stmt) -> bool {
    let mut found = false;
    s.walk(&mut |s| {
        found |= matches!(s.kind, StmtKind::Opaque(_));
        for e in s.own_exprs() {
            e.walk(&mut |e| found |= matches!(e.kind, ExprKind::Opaque(_)));
        }
    });
    found
}

/// Every function body of `src` printed from its IR with all spans
/// forgotten and spliced back: the result must lower to the same
/// structure, and pass gcc. Returns false (doing nothing) when the program
/// has constructs the IR does not model.
fn resynthesize(src: &str) -> bool {
    resynthesize_with(src, strip_stmt, true) && resynthesize_with(src, strip_compound, false)
}

/// `warnings`: hold the output to gcc's parenthesis warnings (only when all
/// of it is printed by tracc: copied text keeps the input's style).
fn resynthesize_with(src: &str, strip: fn(&mut Stmt), warnings: bool) -> bool {
    let program = lower(src);
    if program.funcs.iter().filter_map(|f| f.body.as_ref()).any(has_opaque) {
        return false;
    }
    let unit = detect_indent_unit(src);
    let mut edits = Vec::new();
    for f in &program.funcs {
        let Some(body) = &f.body else { continue };
        let mut synthetic = body.clone();
        strip(&mut synthetic);
        let text = print_stmt(
            &program,
            src,
            &synthetic,
            line_indent(src, body.span.start),
            &unit,
            Dialect::Cbmc,
        )
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
        edits.push(Edit::new(body.span, text));
    }
    let out = splice(src, &edits).unwrap();
    let again = lower(&out);
    for f in program.funcs.iter().filter(|f| f.body.is_some()) {
        let g = again.func(again.func_by_name(&f.name).expect("function kept"));
        let (mut want, mut got) = (Vec::new(), Vec::new());
        stmt_shape(&program, f.body.as_ref().unwrap(), &mut want);
        stmt_shape(&again, g.body.as_ref().unwrap(), &mut got);
        assert_eq!(got, want, "{out}");
    }
    let view = format!("{}{}", prelude(Dialect::Cbmc), gcc_view(&out));
    let mut args = vec!["-std=c11", "-fsyntax-only"];
    if warnings {
        args.extend(["-Werror=parentheses", "-Werror=logical-not-parentheses"]);
    }
    let (ok, err) = gcc(&view, &args);
    assert!(ok, "{err}\n{out}");
    true
}

#[test]
fn generated_loop_programs_survive_resynthesis() {
    let done = (0..60)
        .filter(|seed| resynthesize(&crate::testgen::loop_program(*seed).source))
        .count();
    assert!(done >= 40, "only {done} programs were fully modelled");
}

#[test]
fn a_corpus_of_constructs_survives_resynthesis() {
    let modelled = resynthesize(
        r#"unsigned int nondet_uint(void);
void __CPROVER_assume(_Bool);
void reach_error(void);
int g = 3, h[4] = {1, 2, 3, 4};
unsigned char grid[2][3];

int f(int a, unsigned b, long l) {
  static int calls = 0;
  unsigned char c = 'x', d = 255;
  signed char sc = -128;
  int i, j = -1, k[3] = {0};
  calls += 1;
  for (i = 0, j = 10; i < j; i++, j--) {
    if (i & 1) continue;
    else if (!i == j) break;
  }
  for (int q = 0; q < 3; q++) k[q] = q << 2 | q;
  do {
    a -= (a > 0) ? 1 : -1;
  } while (a != 0 && b > 0U || l < -5L);
  switch (c) {
  case 'a':
  case 'b':
    d ^= 0x0f;
  case 120:
    d = (unsigned char)(d + 1);
    break;
  default:
    ;
  }
  while (1) {
    if (b >= 10u) goto done;
    b = b * 2 + (b >> 1) - ~b % 3;
  }
done:
  grid[1][2] = grid[0][h[1]] + c;
  __CPROVER_assume(__CPROVER_forall { unsigned k2; !(k2 < 3) || k[k2] >= 0 });
  if (a == 0 && (b = nondet_uint()) > 3) reach_error();
  l = (long)a * (long)b;
  return a ? b : (int)l, sc + calls;
}
"#,
    );
    assert!(modelled);
}

#[test]
fn declarators_of_a_rebuilt_declaration_are_printed_from_the_ir() {
    let src = "void f(void) {\n    int i, j = -1, k[2] = {1, 2};\n    for (int a = 0, b = j; a < b; a++) {}\n}\n";
    let program = lower(src);
    let mut body = body_of(&program, "f").clone();
    // The group and the for loop rebuilt, the declarators and the
    // initialisers kept as they were.
    body.span = crate::ir::Span::SYNTHETIC;
    let StmtKind::Block { stmts, .. } = &mut body.kind else {
        panic!()
    };
    stmts[0].span = crate::ir::Span::SYNTHETIC;
    stmts[1].span = crate::ir::Span::SYNTHETIC;
    if let StmtKind::For { init: Some(init), .. } = &mut stmts[1].kind {
        init.span = crate::ir::Span::SYNTHETIC;
    }
    let text = print_stmt(&program, src, &body, "", "    ", Dialect::Cbmc).unwrap();
    assert_eq!(
        text,
        "{\n    int i;\n    int j = -1;\n    int k[2] = {1, 2};\n    for (int a = 0, b = j; a < b; a++) {}\n}"
    );
}
