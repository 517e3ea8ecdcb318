//! What one run of a loop body can do besides running to its end
//! (`BodyRun`): in a statement, out the ways it can fail or stop early.

use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, Init, Intrinsic, Program, Stmt, StmtKind, Storage, UnOp, VarId,
};

/// What one run of a loop body can do besides running to its end along the
/// one way its starting state determines, failing nothing under CBMC's
/// default checks (and its conversion check). The default: nothing else.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BodyRun {
    /// It may fail, but only in what an accelerator's coverage condition
    /// includes for the path the iteration takes: its assertions, and a
    /// signed `+ - *`, a negation or a narrowing conversion in a value the
    /// body assigns (`k++`, `s = 3 * s + t`, `c = c - 1` of a
    /// `signed char c`: the path's checked operations,
    /// `accelerate::overflow::collect_checks`).
    pub fails_where_checked: bool,
    /// It may leave the loop (`break`, `return`, `goto`, `abort`), which an
    /// iteration along an accelerated path does not.
    pub leaves: bool,
    /// A nondeterministic value in a condition chooses its way.
    pub chooses: bool,
}

/// What running `body` once can do (`BodyRun`), or `None` when it may fail
/// elsewhere. Conservative: only assignments to variables, comparisons,
/// logic, bitwise operations, arithmetic other than division by a
/// non-constant, -1 or 0, shifts only of unsigned values by a constant
/// below their width, conversions, `assume`, `assert`, `continue`, jumps
/// out, nondeterministic values in conditions, and inner loops and calls
/// of functions of the program made of these; no array access, memory
/// access, nondeterministic value assigned or declaration without a
/// value; signed arithmetic and narrowing conversions only in assigned
/// values, unless the types of their operands keep them in range
/// (`Expr::always_in_type`: `s + 1` of an `unsigned short s`). An inner loop is on an accelerated path only as its summary
/// (`accelerate::summary`), whose assumptions, in the path's coverage
/// condition, say that the loop ends and that each of its operations stays
/// in its type at every iteration; a `break` in it counts as leaving,
/// conservatively. A call is on a path inlined: its arguments and returned
/// value are values the path assigns (to the parameters and to the
/// result), its assertions the path's.
pub fn body_run(program: &Program, body: &Stmt) -> Option<BodyRun> {
    let mut run = Some(BodyRun::default());
    stmt_run(program, body, &mut Vec::new(), &mut run);
    run
}

/// `body_run` of `body`, the body of the loop (`calls` empty) or of the
/// last of the functions `calls` (then a `return` ends the call, its value
/// assigned to the result).
pub(super) fn stmt_run(program: &Program, body: &Stmt, calls: &mut Vec<FuncId>, run: &mut Option<BodyRun>) {
    let in_call = calls.last().map(|f| program.func(*f));
    body.walk(&mut |st| {
        let mut exprs: Vec<(&Expr, bool)> = Vec::new();
        match &st.kind {
            // A static or `extern` declaration does nothing at run time.
            StmtKind::Decl(v, _) if program.var(*v).storage == Storage::Global => {}
            StmtKind::Opaque(_) | StmtKind::Decl(_, None | Some(Init::List(..))) => *run = None,
            StmtKind::Break | StmtKind::Goto(_) => mark(run, |r| r.leaves = true),
            StmtKind::Return(e) => match (in_call, e) {
                (None, _) => {
                    mark(run, |r| r.leaves = true);
                    exprs.extend(e.iter().map(|e| (e, false)));
                }
                (Some(f), Some(e)) if fits(&e.ty, &f.ret) => exprs.push((e, true)),
                (Some(f), None) if f.ret == CType::Void => {}
                (Some(_), _) => *run = None,
            },
            StmtKind::Decl(v, Some(Init::Expr(e))) => {
                if !fits(&e.ty, &program.var(*v).ty) {
                    *run = None;
                }
                exprs.push((e, true));
            }
            _ => exprs.extend(st.own_exprs().into_iter().map(|e| (e, false))),
        }
        for (e, in_value) in exprs {
            expr_run(program, e, in_value, calls, run);
        }
    });
}

/// `body_run` of calling `f` with `args`: `None` unless the function has
/// a body, is not already being called (no recursion) and, when it returns
/// a value, ends with a `return` (falling off its end gives an
/// indeterminate value).
pub(super) fn call_run(
    program: &Program,
    f: FuncId,
    args: &[Expr],
    calls: &mut Vec<FuncId>,
    run: &mut Option<BodyRun>,
) {
    let func = program.func(f);
    let Some(body) = &func.body else {
        *run = None;
        return;
    };
    let ends_in_return = matches!(&body.kind, StmtKind::Block { stmts, .. }
        if stmts.last().is_some_and(|s| matches!(s.kind, StmtKind::Return(_))));
    if calls.contains(&f) || args.len() != func.params.len() || !(func.ret == CType::Void || ends_in_return) {
        *run = None;
        return;
    }
    // A parameter is assigned its argument converted to its type.
    for (a, p) in args.iter().zip(&func.params) {
        match (a.ty.as_int(), program.var(*p).ty.as_int()) {
            (Some(_), Some(_)) if fits(&a.ty, &program.var(*p).ty) => {}
            (Some(_), Some(_)) => checked(run),
            _ => *run = None,
        }
    }
    calls.push(f);
    stmt_run(program, body, calls, run);
    calls.pop();
}

pub(super) fn mark(run: &mut Option<BodyRun>, what: impl FnOnce(&mut BodyRun)) {
    if let Some(r) = run {
        what(r)
    }
}

/// An operation that can fail only where a covered iteration cannot.
pub(super) fn checked(run: &mut Option<BodyRun>) {
    mark(run, |r| r.fails_where_checked = true)
}

/// A constant divisor other than 0 and -1: the division cannot fail.
pub(super) fn safe_divisor(e: &Expr) -> bool {
    e.skip_implicit().const_value().is_some_and(|d| d != 0 && d != -1)
}

/// Every value of `from` is a value of `to`.
pub(super) fn fits(from: &CType, to: &CType) -> bool {
    match (from.as_int(), to.as_int()) {
        (Some(f), Some(t)) => !t.signed || f.is_bool() || (f.signed && f.bits() <= t.bits()) || f.bits() < t.bits(),
        _ => false,
    }
}

/// `body_run` of one expression; `in_value`: it is (part of) a value
/// that an assignment stores, so that the path's checked operations
/// include its operations.
pub(super) fn expr_run(
    program: &Program,
    x: &Expr,
    in_value: bool,
    calls: &mut Vec<FuncId>,
    run: &mut Option<BodyRun>,
) {
    let unsigned = |t: &CType| t.as_int().is_some_and(|t| !t.signed);
    // An operation that can fail: allowed in an assigned value only.
    let may_fail = |v: &mut Option<BodyRun>| {
        if in_value { checked(v) } else { *v = None }
    };
    // The operands: the same context, or out of the value (a guard, a
    // discarded operand).
    let mut operands: Vec<(&Expr, bool)> = Vec::new();
    match &x.kind {
        _ if x.is_memory_node() => *run = None,
        ExprKind::IntLit(_) | ExprKind::Var(_) => {}
        ExprKind::Comma(a, b) => operands.extend([(&**a, false), (&**b, in_value)]),
        ExprKind::Cond(c, a, b) => operands.extend([(&**c, false), (&**a, in_value), (&**b, in_value)]),
        ExprKind::Unary(op, a) => {
            if *op == UnOp::Neg && !unsigned(&x.ty) && !x.always_in_type() {
                may_fail(run);
            }
            operands.push((a, in_value && *op != UnOp::LogNot));
        }
        ExprKind::Binary(op, a, b) => {
            let amount = b.skip_implicit().const_value();
            match op {
                // Unless its operands' types keep it in range (`s + 1 > s`
                // of an `unsigned short s`), as for the accelerators'
                // checked operations (`accelerate::overflow::collect_checks`).
                BinOp::Add | BinOp::Sub | BinOp::Mul if !unsigned(&x.ty) && !x.always_in_type() => may_fail(run),
                BinOp::Div | BinOp::Rem if !safe_divisor(b) => *run = None,
                BinOp::Shl | BinOp::Shr
                    if !x
                        .ty
                        .as_int()
                        .is_some_and(|t| !t.signed && amount.is_some_and(|a| (0..t.bits() as i128).contains(&a))) =>
                {
                    *run = None
                }
                _ => {}
            }
            // Comparisons and logic may become branches, out of the value.
            let keeps = in_value && !op.is_comparison() && !op.is_logical();
            operands.extend([(&**a, keeps), (&**b, keeps)]);
        }
        ExprKind::Assign { op, op_ty, lhs, rhs } => {
            if !matches!(lhs.skip_implicit().kind, ExprKind::Var(_)) {
                *run = None;
            }
            // The assignment's own operation and conversion back are part
            // of the value it stores.
            // `None`: it can fail otherwise.
            let own_fails = match op {
                None => fits(&rhs.ty, &lhs.ty).then_some(false),
                Some(BinOp::Add | BinOp::Sub | BinOp::Mul) => Some(!(unsigned(op_ty) && unsigned(&lhs.ty))),
                Some(BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor) => Some(!fits(op_ty, &lhs.ty)),
                Some(BinOp::Div | BinOp::Rem) => safe_divisor(rhs).then_some(true),
                Some(_) => None,
            };
            match own_fails {
                Some(true) => checked(run),
                Some(false) => {}
                None => *run = None,
            }
            operands.extend([(&**lhs, false), (&**rhs, true)]);
        }
        // Unsigned, or promoted to a wider type that ±1 cannot overflow
        // and converted back to an unsigned one; otherwise the operation is
        // part of the value it stores.
        ExprKind::IncDec { op_ty, target, .. } => {
            match (target.ty.as_int(), op_ty.as_int()) {
                (Some(t), Some(o)) if !t.signed && (!o.signed || t.bits() < o.bits()) => {}
                (Some(_), Some(_)) => checked(run),
                _ => *run = None,
            }
            if !matches!(target.skip_implicit().kind, ExprKind::Var(_)) {
                *run = None;
            }
        }
        ExprKind::Cast { expr, .. } => {
            let keeps_value = fits(&expr.ty, &x.ty) || x.always_in_type();
            if !keeps_value {
                may_fail(run);
            }
            operands.push((expr, in_value));
        }
        ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), args) => operands.extend(args.iter().map(|a| (a, false))),
        ExprKind::Call(Callee::Intrinsic(Intrinsic::Assert), args) => {
            checked(run);
            operands.extend(args.iter().map(|a| (a, false)));
        }
        ExprKind::Call(Callee::Intrinsic(Intrinsic::Error | Intrinsic::Abort), _) => mark(run, |r| r.leaves = true),
        ExprKind::Nondet(_) if !in_value => mark(run, |r| r.chooses = true),
        ExprKind::Call(Callee::Func(f), args) => {
            call_run(program, *f, args, calls, run);
            operands.extend(args.iter().map(|a| (a, true)));
        }
        _ => *run = None,
    }
    for (e, value) in operands {
        expr_run(program, e, value, calls, run);
    }
}

pub(super) fn base_var(e: &Expr) -> Option<VarId> {
    match &e.skip_implicit().kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Index(a, _) => base_var(a),
        _ => None,
    }
}
