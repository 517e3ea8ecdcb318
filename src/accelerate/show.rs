//! A plain C-like printer for IR expressions, for `explain` and reasons
//! (not the emitter: it always prints from the IR and parenthesises fully).

use crate::ir::{Callee, Expr, ExprKind, Intrinsic, Program, UnOp, VarId};

pub fn expr(program: &Program, names: &dyn Fn(VarId) -> Option<String>, e: &Expr) -> String {
    let p = |x: &Expr| expr(program, names, x);
    match &e.kind {
        ExprKind::IntLit(v) => {
            let suffix = e.int_type().map(|t| t.literal_suffix()).unwrap_or("");
            format!("{v}{suffix}")
        }
        ExprKind::Var(v) => names(*v)
            .or_else(|| program.vars.get(v.0).map(|d| d.name.clone()))
            .unwrap_or_else(|| format!("v{}", v.0)),
        ExprKind::Unary(op, a) => {
            let s = match op {
                UnOp::Neg => "-",
                UnOp::Plus => "+",
                UnOp::BitNot => "~",
                UnOp::LogNot => "!",
            };
            format!("{s}{}", atomic(program, names, a))
        }
        ExprKind::Binary(op, a, b) => format!(
            "{} {} {}",
            atomic(program, names, a),
            op.c_str(),
            atomic(program, names, b)
        ),
        ExprKind::Cond(c, a, b) => format!(
            "{} ? {} : {}",
            atomic(program, names, c),
            atomic(program, names, a),
            atomic(program, names, b)
        ),
        ExprKind::Assign { op, lhs, rhs, .. } => {
            let o = op.map(|o| o.c_str()).unwrap_or("");
            format!("{} {o}= {}", p(lhs), p(rhs))
        }
        ExprKind::IncDec {
            inc, prefix, target, ..
        } => {
            let o = if *inc { "++" } else { "--" };
            if *prefix {
                format!("{o}{}", p(target))
            } else {
                format!("{}{o}", p(target))
            }
        }
        ExprKind::Cast { implicit: true, expr } => p(expr),
        ExprKind::Cast { implicit: false, expr } => format!("({}){}", e.ty, atomic(program, names, expr)),
        ExprKind::Index(a, i) => format!("{}[{}]", atomic(program, names, a), p(i)),
        ExprKind::AddrOf(a) => format!("&{}", atomic(program, names, a)),
        ExprKind::Deref(a) => format!("*{}", atomic(program, names, a)),
        ExprKind::Member(s, field) => {
            let name =
                s.ty.as_struct()
                    .and_then(|r| program.members(r))
                    .and_then(|m| m.get(*field));
            match name {
                Some(m) => format!("{}.{}", atomic(program, names, s), m.name),
                None => format!("{}.<member {field}>", atomic(program, names, s)),
            }
        }
        ExprKind::StringLit(b) => format!("{:?}", String::from_utf8_lossy(b)),
        ExprKind::Alloc { size, .. } => format!("malloc({})", p(size)),
        ExprKind::Call(c, args) => {
            let name = match c {
                Callee::Func(f) => program.func(*f).name.clone(),
                Callee::Intrinsic(i) => match i {
                    Intrinsic::Assert => "assert",
                    Intrinsic::Assume => "__CPROVER_assume",
                    Intrinsic::Error => "reach_error",
                    Intrinsic::Abort => "abort",
                    Intrinsic::ArrayCopy => "__CPROVER_array_copy",
                    Intrinsic::ArrayReplace => "__CPROVER_array_replace",
                }
                .to_string(),
            };
            let args: Vec<String> = args.iter().map(p).collect();
            format!("{name}({})", args.join(", "))
        }
        ExprKind::Nondet(n) => {
            if n.is_empty() {
                "nondet()".into()
            } else {
                format!("{n}()")
            }
        }
        ExprKind::Comma(a, b) => format!("{}, {}", p(a), p(b)),
        ExprKind::Forall(v, body) => {
            let name = names(*v)
                .or_else(|| program.vars.get(v.0).map(|d| d.name.clone()))
                .unwrap_or_else(|| "k".into());
            format!("__CPROVER_forall {{ unsigned long {name}; {} }}", p(body))
        }
        ExprKind::Opaque(r) => format!("<{r}>"),
    }
}

fn atomic(program: &Program, names: &dyn Fn(VarId) -> Option<String>, e: &Expr) -> String {
    let s = expr(program, names, e);
    let simple = match &e.kind {
        ExprKind::IntLit(v) => *v >= 0,
        ExprKind::Var(_) | ExprKind::Index(..) | ExprKind::Call(..) | ExprKind::Nondet(_) => true,
        ExprKind::Cast { implicit: true, expr } => {
            matches!(expr.kind, ExprKind::Var(_) | ExprKind::Index(..) | ExprKind::Call(..))
                || matches!(expr.kind, ExprKind::IntLit(v) if v >= 0)
        }
        _ => false,
    };
    if simple { s } else { format!("({s})") }
}

/// Statements, one per line, indented (for `explain` and tests).
pub fn stmt(program: &Program, names: &dyn Fn(VarId) -> Option<String>, s: &crate::ir::Stmt, indent: usize) -> String {
    use crate::ir::{Init, StmtKind};
    let pad = "    ".repeat(indent);
    let e = |x: &Expr| expr(program, names, x);
    match &s.kind {
        StmtKind::Block { stmts, .. } => {
            let mut out = format!("{pad}{{\n");
            for c in stmts {
                out.push_str(&stmt(program, names, c, indent + 1));
            }
            out.push_str(&format!("{pad}}}\n"));
            out
        }
        StmtKind::Expr(x) => format!("{pad}{};\n", e(x)),
        StmtKind::Decl(v, init) => {
            let d = program.vars.get(v.0);
            let ty = d.map(|d| d.ty.to_string()).unwrap_or_default();
            let name = names(*v).or_else(|| d.map(|d| d.name.clone())).unwrap_or_default();
            match init {
                Some(Init::Expr(x)) => format!("{pad}{ty} {name} = {};\n", e(x)),
                _ => format!("{pad}{ty} {name};\n"),
            }
        }
        StmtKind::If { cond, then, els } => {
            let mut out = format!("{pad}if ({})\n{}", e(cond), stmt(program, names, then, indent + 1));
            if let Some(x) = els {
                out.push_str(&format!("{pad}else\n{}", stmt(program, names, x, indent + 1)));
            }
            out
        }
        StmtKind::While { cond, body } => {
            format!("{pad}while ({})\n{}", e(cond), stmt(program, names, body, indent + 1))
        }
        StmtKind::DoWhile { body, cond } => {
            format!(
                "{pad}do\n{}{pad}while ({});\n",
                stmt(program, names, body, indent + 1),
                e(cond)
            )
        }
        StmtKind::For { init, cond, step, body } => {
            let i = init
                .as_ref()
                .map(|s| stmt(program, names, s, 0).trim().trim_end_matches(';').to_string())
                .unwrap_or_default();
            let c = cond.as_ref().map(e).unwrap_or_default();
            let st = step.as_ref().map(e).unwrap_or_default();
            format!("{pad}for ({i}; {c}; {st})\n{}", stmt(program, names, body, indent + 1))
        }
        StmtKind::Return(x) => format!("{pad}return {};\n", x.as_ref().map(e).unwrap_or_default()),
        other => format!("{pad}<{:?}>\n", std::mem::discriminant(other)),
    }
}
