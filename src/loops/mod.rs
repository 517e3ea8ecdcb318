//! Loops and their iteration paths.
//!
//! In: a lowered `Program`. Out: `find_loops` lists every `while`,
//! `do`-`while` and `for` loop with its function, span, nesting, the
//! variables it reads and writes, and the reason it cannot be accelerated
//! at all (nested loop, unmodelled code, calls that cannot be inlined,
//! jumps into the loop). `iteration_paths` enumerates, lazily and up to a
//! limit, the ways through one iteration: loop condition true, the body
//! (calls to loop-free functions of the same file inlined), and back to the
//! head. Each path is a straight line of guards, assertions and assignments
//! over side-effect-free expressions; paths that leave the loop are
//! dropped (they are never accelerated), and so are prefixes that the
//! caller's `Infeasible` test proves no state can take (counted apart, so
//! the report can say how many paths the text has).

use crate::ir::build::{self, as_value, cast, not};
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, Init, IntType, Intrinsic, Program, Span, Stmt, StmtKind, Storage,
    UnOp, VarDecl, VarId,
};
use crate::reason::{Reason, Why};
use serde::Serialize;
use std::collections::BTreeSet;

pub mod unwind;

/// In JSON as the keyword the user wrote: `while`, `do-while`, `for`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoopKind {
    While,
    DoWhile,
    For,
}

impl LoopKind {
    pub fn name(self) -> &'static str {
        match self {
            LoopKind::While => "while",
            LoopKind::DoWhile => "do-while",
            LoopKind::For => "for",
        }
    }
}

#[derive(Clone, Debug)]
pub struct LoopInfo {
    /// Index in `find_loops` order (functions in order, loops in pre-order).
    pub index: usize,
    pub func: FuncId,
    pub span: Span,
    pub kind: LoopKind,
    /// Number of loops around this one in its function.
    pub depth: usize,
    pub contains_loop: bool,
    /// Variables the loop reads (including through inlined calls).
    pub reads: Vec<VarId>,
    /// Variables the loop writes (including through inlined calls).
    pub writes: Vec<VarId>,
    /// Why no path of this loop can be accelerated (empty: it may be).
    pub reason: Why,
}

/// A left-hand side of a path assignment.
#[derive(Clone, Debug)]
pub enum Lhs {
    Var(VarId),
    /// `a[r1]...[rk][idx]` for an array variable `a`: the row indices
    /// `r1..rk` (none for a one-dimensional array), then the element's.
    Index(VarId, Vec<Expr>, Expr),
}

/// One straight-line step of an iteration path. All expressions are free
/// of side effects and calls (calls are inlined).
#[derive(Clone, Debug)]
pub enum Step {
    /// The path continues only if the expression is nonzero.
    Assume(Expr),
    /// An assertion of the original program (kept, with its span).
    Assert(Expr, Span),
    Assign(Lhs, Expr),
    /// The variable gets an unknown value (a declaration without
    /// initialiser).
    Havoc(VarId),
    /// A row of a matrix written by a summarised inner loop.
    Fill(Box<Fill>),
}

/// The writes of a summarised inner loop into one row of a matrix:
/// `array[row][first + step*k] = value + slope*k` for `k` in `0..count`,
/// every expression over the state where the inner loop starts (`count`
/// and the values in `long`, `count >= 1`; `value` of the C type of the
/// assigned expression, converted to the element type on the write). The
/// summary assumes every written element in bounds and every value in
/// its type.
#[derive(Clone, Debug)]
pub struct Fill {
    pub array: VarId,
    pub row: Expr,
    pub first: Expr,
    /// 1 or -1.
    pub step: i128,
    pub count: Expr,
    pub value: Expr,
    pub slope: i128,
}

impl Fill {
    /// The expressions the fill reads, in a fixed order.
    pub fn exprs(&self) -> [&Expr; 4] {
        [&self.row, &self.first, &self.count, &self.value]
    }

    /// The fill as text, `a[r][f + k] = v + d*k for k < t`: `array` is the
    /// array's name, `k` the inner iteration's, `e` shows an expression.
    pub fn show(&self, array: &str, k: &str, e: &dyn Fn(&Expr) -> String) -> String {
        let sign = if self.step > 0 { "+" } else { "-" };
        format!(
            "{array}[{}][{} {sign} {k}] = {} + {}*{k} for {k} < {}",
            e(&self.row),
            e(&self.first),
            e(&self.value),
            self.slope,
            e(&self.count)
        )
    }
}

/// One iteration path: from the loop head with the condition true, through
/// the body, back to the head.
#[derive(Clone, Debug)]
pub struct Path {
    pub steps: Vec<Step>,
    /// `steps[..split]` is the part up to the end of the loop body,
    /// `steps[split..]` what the loop does after the body before the next
    /// iteration (the step of a `for`, the condition of a `do`-`while`).
    pub split: usize,
    /// Temporaries made up by path extraction; their ids continue
    /// `Program::vars` (`program.vars.len() + i`).
    pub temps: Vec<VarDecl>,
    /// Variables whose value dies at the end of the iteration (declared in
    /// the body, temporaries, parameters and locals of inlined functions).
    pub locals: BTreeSet<VarId>,
}

impl Path {
    /// The variables each step reads (an array written at an index counts
    /// as read: the other elements stay).
    pub fn step_reads(&self) -> Vec<BTreeSet<VarId>> {
        let reads = |s: &Step| {
            let mut out = BTreeSet::new();
            match s {
                Step::Assume(e) | Step::Assert(e, _) => build::vars_of(e, &mut out),
                Step::Assign(lhs, e) => {
                    build::vars_of(e, &mut out);
                    if let Lhs::Index(a, rows, i) = lhs {
                        out.insert(*a);
                        rows.iter().for_each(|r| build::vars_of(r, &mut out));
                        build::vars_of(i, &mut out);
                    }
                }
                Step::Havoc(_) => {}
                Step::Fill(f) => {
                    out.insert(f.array);
                    f.exprs().into_iter().for_each(|x| build::vars_of(x, &mut out));
                }
            }
            out
        };
        self.steps.iter().map(reads).collect()
    }

    /// Per step, whether it assigns a local that no other step reads (the
    /// `tracc_t1_old = c` that keeps a post-increment's old value when
    /// nothing uses it): such a step has no effect that matters.
    pub fn dead_assignments(&self) -> Vec<bool> {
        let read_by = self.step_reads();
        (self.steps.iter().enumerate())
            .map(|(i, s)| match s {
                Step::Assign(Lhs::Var(t), _) if self.locals.contains(t) => {
                    !read_by.iter().enumerate().any(|(j, r)| j != i && r.contains(t))
                }
                _ => false,
            })
            .collect()
    }

    /// Name and type of a variable, temporaries included.
    pub fn var_decl<'a>(&'a self, program: &'a Program, v: VarId) -> Option<&'a VarDecl> {
        if v.0 < program.vars.len() {
            Some(program.var(v))
        } else {
            self.temps.get(v.0 - program.vars.len())
        }
    }
}

/// Every loop of every function with a body.
pub fn find_loops(program: &Program) -> Vec<LoopInfo> {
    let inl = Inlinable::compute(program);
    let mut out = Vec::new();
    for (fi, f) in program.funcs.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        let mut labels_outside = Vec::new();
        collect_gotos(body, &mut labels_outside);
        visit_loops(program, &inl, FuncId(fi), body, 0, &labels_outside, &mut out);
    }
    for (i, l) in out.iter_mut().enumerate() {
        l.index = i;
    }
    out
}

fn collect_gotos(s: &Stmt, out: &mut Vec<(String, Span)>) {
    s.walk(&mut |x| {
        if let StmtKind::Goto(l) = &x.kind {
            out.push((l.clone(), x.span));
        }
    });
}

fn visit_loops(
    program: &Program,
    inl: &Inlinable,
    func: FuncId,
    s: &Stmt,
    depth: usize,
    gotos: &[(String, Span)],
    out: &mut Vec<LoopInfo>,
) {
    let mut d = depth;
    if s.is_loop() {
        out.push(analyse_loop(program, inl, func, s, depth, gotos));
        d += 1;
    }
    for c in s.children() {
        visit_loops(program, inl, func, c, d, gotos, out);
    }
}

fn analyse_loop(
    program: &Program,
    inl: &Inlinable,
    func: FuncId,
    s: &Stmt,
    depth: usize,
    gotos: &[(String, Span)],
) -> LoopInfo {
    let kind = match s.kind {
        StmtKind::While { .. } => LoopKind::While,
        StmtKind::DoWhile { .. } => LoopKind::DoWhile,
        _ => LoopKind::For,
    };
    let mut reasons: Vec<Reason> = Vec::new();
    let mut contains_loop = false;
    let mut reads = BTreeSet::new();
    let mut writes = BTreeSet::new();
    let mut labels = BTreeSet::new();
    let body = loop_body(s);
    // Statements of the loop other than the `for` initialiser, which runs
    // once before the loop.
    let mut own: Vec<&Stmt> = vec![body];
    let mut exprs: Vec<&Expr> = match &s.kind {
        StmtKind::For { cond, step, .. } => cond.iter().chain(step.iter()).collect(),
        StmtKind::While { cond, .. } | StmtKind::DoWhile { cond, .. } => vec![cond],
        _ => Vec::new(),
    };
    while let Some(st) = own.pop() {
        if st.is_loop() {
            contains_loop = true;
        }
        match &st.kind {
            StmtKind::Opaque(r) => reasons.push(Reason::UnmodelledStatement(r.clone())),
            StmtKind::Label(l, _) => {
                labels.insert(l.clone());
            }
            StmtKind::Decl(v, init) => {
                let d = program.var(*v);
                if d.storage == Storage::Global {
                    reasons.push(Reason::StaticInBody(d.name.clone()));
                }
                if matches!(init, Some(Init::List(..))) {
                    reasons.push(Reason::BraceListInBody(d.name.clone()));
                }
                writes.insert(*v);
            }
            _ => {}
        }
        exprs.extend(st.own_exprs());
        // The inner loop's own statements are scanned too (for reads,
        // writes and what is not modelled): the outer loop's paths take
        // the inner loop's summary as one step.
        own.extend(st.children());
    }
    // The accelerator runs inside the body, after the loop evaluated its
    // condition: a condition that changes state would already have done so.
    match &s.kind {
        StmtKind::While { cond, .. } | StmtKind::For { cond: Some(cond), .. } if changes_state(inl, cond) => {
            reasons.push(Reason::ConditionSideEffects)
        }
        _ => {}
    }
    for e in &exprs {
        scan_expr(program, inl, e, &mut reads, &mut writes, &mut reasons);
    }
    for (l, _) in gotos {
        if labels.contains(l) {
            reasons.push(Reason::GotoIntoLoop(l.clone()));
        }
    }
    let reasons = each_once(reasons);
    LoopInfo {
        index: 0,
        func,
        span: s.span,
        kind,
        depth,
        contains_loop,
        reads: reads.into_iter().collect(),
        writes: writes.into_iter().collect(),
        reason: Why(reasons),
    }
}

/// Each reason once, in the order first given; the unmodelled expressions
/// of all `UnmodelledExpressions` named in one, where the first was.
fn each_once(reasons: Vec<Reason>) -> Vec<Reason> {
    let mut seen = Vec::new();
    let mut unmodelled = Vec::new();
    for r in reasons {
        match r {
            Reason::UnmodelledExpressions(what) => {
                for w in what {
                    if !unmodelled.contains(&w) {
                        unmodelled.push(w);
                    }
                }
                if !seen
                    .iter()
                    .any(|s: &Reason| matches!(s, Reason::UnmodelledExpressions(_)))
                {
                    seen.push(Reason::UnmodelledExpressions(Vec::new()));
                }
            }
            r if !seen.contains(&r) => seen.push(r),
            _ => {}
        }
    }
    for r in seen.iter_mut() {
        if let Reason::UnmodelledExpressions(what) = r {
            *what = std::mem::take(&mut unmodelled);
        }
    }
    seen
}

fn loop_body(s: &Stmt) -> &Stmt {
    match &s.kind {
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::For { body, .. } => body,
        _ => s,
    }
}

fn scan_expr(
    program: &Program,
    inl: &Inlinable,
    e: &Expr,
    reads: &mut BTreeSet<VarId>,
    writes: &mut BTreeSet<VarId>,
    reasons: &mut Vec<Reason>,
) {
    e.walk(&mut |x| match &x.kind {
        _ if x.is_memory_node() => {
            reasons.push(memory_reason(x));
            if let ExprKind::Var(v) = x.kind {
                reads.insert(v);
            }
        }
        ExprKind::Var(v) => {
            reads.insert(*v);
            let d = program.var(*v);
            if d.ty.is_opaque() {
                reasons.push(Reason::UnmodelledType {
                    var: d.name.clone(),
                    ty: d.ty.to_string(),
                });
            }
        }
        ExprKind::Opaque(r) => reasons.push(Reason::UnmodelledExpressions(vec![r.clone()])),
        ExprKind::Assign { lhs, .. } | ExprKind::IncDec { target: lhs, .. } => {
            if let Some(v) = base_var(lhs) {
                writes.insert(v);
            }
        }
        ExprKind::Call(Callee::Func(f), _) => match inl.reason(*f) {
            Some(r) => reasons.push(Reason::CallsUninlinable {
                func: program.func(*f).name.clone(),
                why: r.to_string(),
            }),
            None => {
                let (r, w) = &inl.effects[f.0];
                reads.extend(r.iter().copied());
                writes.extend(w.iter().copied());
            }
        },
        ExprKind::Call(Callee::Intrinsic(Intrinsic::ArrayCopy | Intrinsic::ArrayReplace), _) => {
            reasons.push(Reason::ArrayCopy);
        }
        ExprKind::Forall(..) => reasons.push(Reason::Quantifier),
        _ => {}
    });
}

/// Can `body` run without writing any of `vars`? Conservative: a call of
/// a function, a write through memory or to an unknown target, or anything
/// not modelled counts as a write of every variable.
pub fn writes_none_of(body: &Stmt, vars: &BTreeSet<VarId>) -> bool {
    let mut keeps = true;
    body.walk(&mut |st| {
        match &st.kind {
            StmtKind::Opaque(_) => keeps = false,
            StmtKind::Decl(v, _) if vars.contains(v) => keeps = false,
            _ => {}
        }
        for e in st.own_exprs() {
            e.walk(&mut |x| match &x.kind {
                ExprKind::Assign { lhs, .. } | ExprKind::IncDec { target: lhs, .. }
                    if base_var(lhs).is_none_or(|v| vars.contains(&v)) =>
                {
                    keeps = false
                }
                ExprKind::Call(Callee::Intrinsic(Intrinsic::Assert | Intrinsic::Assume), _) => {}
                ExprKind::Call(..) | ExprKind::Opaque(_) => keeps = false,
                _ if x.is_memory_node() => keeps = false,
                _ => {}
            });
        }
    });
    keeps
}

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
fn stmt_run(program: &Program, body: &Stmt, calls: &mut Vec<FuncId>, run: &mut Option<BodyRun>) {
    let in_call = calls.last().map(|f| program.func(*f));
    body.walk(&mut |st| {
        let mut exprs: Vec<(&Expr, bool)> = Vec::new();
        match &st.kind {
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
fn call_run(program: &Program, f: FuncId, args: &[Expr], calls: &mut Vec<FuncId>, run: &mut Option<BodyRun>) {
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

fn mark(run: &mut Option<BodyRun>, what: impl FnOnce(&mut BodyRun)) {
    if let Some(r) = run {
        what(r)
    }
}

/// An operation that can fail only where a covered iteration cannot.
fn checked(run: &mut Option<BodyRun>) {
    mark(run, |r| r.fails_where_checked = true)
}

/// A constant divisor other than 0 and -1: the division cannot fail.
fn safe_divisor(e: &Expr) -> bool {
    e.skip_implicit().const_value().is_some_and(|d| d != 0 && d != -1)
}

/// Every value of `from` is a value of `to`.
fn fits(from: &CType, to: &CType) -> bool {
    match (from.as_int(), to.as_int()) {
        (Some(f), Some(t)) => !t.signed || f.is_bool() || (f.signed && f.bits() <= t.bits()) || f.bits() < t.bits(),
        _ => false,
    }
}

/// `body_run` of one expression; `in_value`: it is (part of) a value
/// that an assignment stores, so that the path's checked operations
/// include its operations.
fn expr_run(program: &Program, x: &Expr, in_value: bool, calls: &mut Vec<FuncId>, run: &mut Option<BodyRun>) {
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

fn base_var(e: &Expr) -> Option<VarId> {
    match &e.skip_implicit().kind {
        ExprKind::Var(v) => Some(*v),
        ExprKind::Index(a, _) => base_var(a),
        _ => None,
    }
}

/// Which functions can be inlined into an iteration path, and the global
/// variables each reads and writes.
struct Inlinable {
    reasons: Vec<Option<String>>,
    effects: Vec<(BTreeSet<VarId>, BTreeSet<VarId>)>,
}

impl Inlinable {
    fn compute(program: &Program) -> Inlinable {
        let n = program.funcs.len();
        let mut me = Inlinable {
            reasons: vec![None; n],
            effects: vec![Default::default(); n],
        };
        let mut done = vec![false; n];
        for f in 0..n {
            let mut stack = Vec::new();
            me.visit(program, f, &mut done, &mut stack);
        }
        me
    }

    fn reason(&self, f: FuncId) -> Option<&str> {
        self.reasons.get(f.0).and_then(|r| r.as_deref())
    }

    fn visit(&mut self, program: &Program, f: usize, done: &mut [bool], stack: &mut Vec<usize>) {
        if done[f] {
            return;
        }
        if stack.contains(&f) {
            self.reasons[f] = Some("is recursive".into());
            return;
        }
        let func = &program.funcs[f];
        let Some(body) = &func.body else {
            self.reasons[f] = Some("has no body in this file".into());
            done[f] = true;
            return;
        };
        if let Some(r) = &func.opaque {
            self.reasons[f] = Some(format!("has an unmodelled signature ({r})"));
            done[f] = true;
            return;
        }
        stack.push(f);
        let mut reason: Option<String> = None;
        let mut reads = BTreeSet::new();
        let mut writes = BTreeSet::new();
        let mut callees = Vec::new();
        body.walk(&mut |s| {
            if s.is_loop() {
                reason.get_or_insert_with(|| "contains a loop".into());
            }
            match &s.kind {
                StmtKind::Opaque(r) => {
                    reason.get_or_insert_with(|| format!("contains unmodelled code ({r})"));
                }
                StmtKind::Goto(_) | StmtKind::Label(..) => {
                    reason.get_or_insert_with(|| "uses goto".into());
                }
                StmtKind::Decl(v, init) => {
                    if program.var(*v).storage == Storage::Global {
                        reason.get_or_insert_with(|| "declares a static variable".into());
                    }
                    if matches!(init, Some(Init::List(..))) {
                        reason.get_or_insert_with(|| "initialises an array".into());
                    }
                }
                _ => {}
            }
            for e in s.own_exprs() {
                e.walk(&mut |x| match &x.kind {
                    ExprKind::Opaque(r) => {
                        reason.get_or_insert_with(|| format!("contains unmodelled code ({r})"));
                    }
                    _ if x.is_memory_node() => {
                        reason.get_or_insert_with(|| "uses pointers or structures".into());
                    }
                    ExprKind::Var(v) => {
                        let d = program.var(*v);
                        if d.ty.is_opaque() {
                            reason.get_or_insert_with(|| format!("uses `{}` of unmodelled type", d.name));
                        }
                        if d.storage == Storage::Global {
                            reads.insert(*v);
                        }
                    }
                    ExprKind::Assign { lhs, .. } | ExprKind::IncDec { target: lhs, .. } => {
                        if let Some(v) = base_var(lhs) {
                            if program.var(v).storage == Storage::Global {
                                writes.insert(v);
                            }
                            if program.var(v).storage == Storage::Param && program.var(v).ty.array_parts().is_some() {
                                reason.get_or_insert_with(|| "writes an array parameter".into());
                            }
                        }
                    }
                    ExprKind::Call(Callee::Func(g), _) => callees.push(g.0),
                    ExprKind::Call(Callee::Intrinsic(Intrinsic::ArrayCopy | Intrinsic::ArrayReplace), _)
                    | ExprKind::Forall(..) => {
                        reason.get_or_insert_with(|| "uses array copies or quantifiers".into());
                    }
                    _ => {}
                });
            }
        });
        for p in &func.params {
            if program.var(*p).ty.array_parts().is_some() || program.var(*p).ty.is_opaque() {
                reason.get_or_insert_with(|| "takes an array or unmodelled parameter".into());
            }
        }
        for g in callees {
            self.visit(program, g, done, stack);
            if let Some(r) = &self.reasons[g] {
                let name = &program.funcs[g].name;
                reason.get_or_insert_with(|| format!("calls `{name}`, which {r}"));
            }
            let (r, w) = self.effects[g].clone();
            reads.extend(r);
            writes.extend(w);
        }
        stack.pop();
        if self.reasons[f].is_none() {
            self.reasons[f] = reason;
        }
        self.effects[f] = (reads, writes);
        done[f] = true;
    }
}

/// A pending piece of work in the path enumeration.
#[derive(Clone)]
enum Work<'a> {
    Stmt(&'a Stmt),
    Step(Step),
    /// Branch on an expression (which may have side effects) being
    /// nonzero (`true`) or zero (`false`).
    Cond(Expr, bool),
    /// Evaluate an expression for its side effects.
    Eval(Expr),
    /// Run an inlined function body; its result goes to the temporary.
    Call(FuncId, Option<VarId>),
    /// End of an inlined call (target of `return`), with its result.
    CallEnd(Option<VarId>),
    /// End of a `switch` (target of `break`).
    SwitchEnd,
    /// End of the loop body (target of `continue`); then the suffix.
    BodyEnd,
    /// An inner loop (its `for` initialiser done): one step per case of
    /// its summary.
    Inner(&'a Stmt),
}

/// A piece of straight-line code produced by flattening an expression.
#[derive(Clone)]
enum Item {
    Step(Step),
    Call(FuncId, Option<VarId>),
}

type Items = Vec<Item>;

#[derive(Clone)]
struct State<'a> {
    work: Vec<Work<'a>>,
    steps: Vec<Step>,
    split: Option<usize>,
}

struct Enumerator<'a> {
    program: &'a Program,
    loop_stmt: &'a Stmt,
    temps: Vec<VarDecl>,
    locals: BTreeSet<VarId>,
    max: usize,
    leaves: usize,
    /// Proves a path prefix infeasible (see `Infeasible`).
    infeasible: Infeasible<'a>,
    /// The summaries of inner loops (see `Summarize`).
    summarize: Summarize<'a>,
    /// Prefixes cut off because `infeasible` proved them so.
    pruned: usize,
    /// Whether a path took an inner loop's summary.
    summarized: bool,
}

/// A test that proves a path (or a prefix of one: its assumptions so far)
/// infeasible from every state; `false` means "not proved". The
/// enumeration stops extending a prefix it proves infeasible.
pub type Infeasible<'a> = &'a dyn Fn(&Program, &Path) -> bool;

/// The summary of an inner loop met on a path: the cases of its whole
/// execution from the state where it starts (its `for` initialiser done),
/// each a straight line of steps over program variables that performs
/// exactly what the loop does from every state where its assumptions
/// hold; or why there is none. States that no case covers are only left
/// without a path (their outer iterations run unaccelerated).
pub type Summarize<'a> = &'a dyn Fn(&Program, &Stmt) -> Result<Vec<Vec<Step>>, Reason>;

/// A `Summarize` for callers that do not summarise inner loops.
pub fn no_summaries(_: &Program, _: &Stmt) -> Result<Vec<Vec<Step>>, Reason> {
    Err(Reason::NestedLoop)
}

/// Syntactic paths are counted (without pruning) up to this many.
pub const SYNTACTIC_COUNT_LIMIT: usize = 10_000;

/// The iteration paths of a loop, with how many there are before pruning.
pub struct IterationPaths {
    /// The paths not proved infeasible (at most `--max-paths` leaves,
    /// exits included, were explored).
    pub paths: Vec<Path>,
    /// How many non-exiting paths the body has syntactically, when at most
    /// `SYNTACTIC_COUNT_LIMIT` (`None`: more).
    pub syntactic: Option<usize>,
    /// Whether every execution of an iteration that stays in the loop
    /// takes one of the listed paths (or a pruned one). Not so when a path
    /// took an inner loop's summary: its cases describe only the inner
    /// executions whose values stay in their types.
    pub complete: bool,
}

/// The statement of a loop found by `find_loops`.
pub fn loop_stmt<'a>(program: &'a Program, info: &LoopInfo) -> Option<&'a Stmt> {
    let body = program.func(info.func).body.as_ref()?;
    let mut found = None;
    body.walk(&mut |s| {
        if found.is_none() && s.span == info.span && s.is_loop() {
            found = Some(s);
        }
    });
    found
}

/// The non-exiting iteration paths of a loop that `infeasible` does not
/// rule out, at most `max_paths` of them (exit paths count towards the
/// limit too, since they cost the same work; infeasible prefixes do not).
/// Errors say why the loop's paths cannot be listed.
pub fn iteration_paths(
    program: &Program,
    info: &LoopInfo,
    max_paths: usize,
    infeasible: Infeasible,
    summarize: Summarize,
) -> Result<IterationPaths, Why> {
    if !info.reason.is_empty() {
        return Err(info.reason.clone());
    }
    let s = loop_stmt(program, info).ok_or(Why::one(Reason::PathConstruct("loop not found in its function")))?;
    let (en, found) = enumerate(program, s, max_paths.max(1), infeasible, summarize).map_err(Why::one)?;
    let syntactic = if en.pruned == 0 {
        Some(found.len())
    } else {
        // Counted apart, without the solver: pruning cut the subtrees short.
        enumerate(program, s, SYNTACTIC_COUNT_LIMIT, &|_, _| false, summarize)
            .ok()
            .map(|(_, p)| p.len())
    };
    let paths = found.into_iter().map(|(steps, split)| en.path(steps, split)).collect();
    let complete = !en.summarized;
    Ok(IterationPaths {
        paths,
        syntactic,
        complete,
    })
}

/// The paths whose effects are equal, each group merged into one path
/// whose guard is the disjunction of theirs, with the indices of the
/// paths it stands for (a group of one is the path itself). Two paths
/// have equal effects when, after a common prefix of steps, each goes on
/// with guards only (`assume`s, evaluated in the same state) and then
/// with the same steps (assignments, assertions, guards), compared without
/// their source spans; the merged path is the prefix, the disjunction of
/// the two guards, and the common rest, so it allows exactly the
/// transitions of its members. `if (y % 2 == 0) x += 2; else x += 2;` is one
/// path with the guard `y % 2 == 0 || !(y % 2 == 0)`.
pub fn equal_effect_groups(program: &Program, paths: &[Path]) -> Vec<(Path, Vec<usize>)> {
    let mut groups: Vec<(Path, Vec<usize>)> = Vec::new();
    'paths: for (i, p) in paths.iter().enumerate() {
        for (merged, members) in groups.iter_mut() {
            if let Some(m) = merge_pair(program.vars.len(), merged, p) {
                *merged = m;
                members.push(i);
                continue 'paths;
            }
        }
        groups.push((p.clone(), vec![i]));
    }
    groups
}

/// The steps of a path as text without source spans, for comparisons;
/// temporaries (ids from `first_temp` on, dead after the iteration) are
/// numbered by their first use, since each path makes its own.
fn path_shape(first_temp: usize, path: &Path) -> Vec<String> {
    // The temporaries in the order the steps first mention them.
    let mut temps: Vec<VarId> = Vec::new();
    for s in &path.steps {
        let mut vars = BTreeSet::new();
        match s {
            Step::Assume(x) | Step::Assert(x, _) => build::vars_of(x, &mut vars),
            Step::Assign(lhs, x) => {
                let (Lhs::Var(v) | Lhs::Index(v, ..)) = lhs;
                if !temps.contains(v) {
                    temps.push(*v);
                }
                if let Lhs::Index(_, rows, i) = lhs {
                    rows.iter().for_each(|r| build::vars_of(r, &mut vars));
                    build::vars_of(i, &mut vars);
                }
                build::vars_of(x, &mut vars);
            }
            Step::Havoc(v) => {
                vars.insert(*v);
            }
            Step::Fill(f) => f.exprs().into_iter().for_each(|x| build::vars_of(x, &mut vars)),
        }
        temps.extend(vars.into_iter().filter(|v| !temps.contains(v)).collect::<Vec<_>>());
    }
    temps.retain(|v| v.0 >= first_temp);
    // Each temporary as the same made-up variable in every path.
    let canonical = |v: VarId| {
        let decl = v.0.checked_sub(first_temp).and_then(|i| path.temps.get(i))?;
        let i = temps.iter().position(|t| *t == v)?;
        Some(Expr::var(VarId(usize::MAX - i), decl.ty.clone()))
    };
    let e = |x: &Expr| format!("{:?}", build::desynth(&build::subst(x, &canonical)));
    let name = |v: VarId| canonical(v).map_or_else(|| format!("{v:?}"), |c| format!("{:?}", (c.kind, c.ty)));
    path.steps
        .iter()
        .map(|s| match s {
            Step::Assume(x) => format!("assume {}", e(x)),
            // An assertion keeps its place: two different ones never merge.
            Step::Assert(x, span) => format!("assert {} {span:?}", e(x)),
            Step::Assign(Lhs::Var(v), x) => format!("{} = {}", name(*v), e(x)),
            Step::Assign(Lhs::Index(v, rows, i), x) => {
                let rows: String = rows.iter().map(|r| format!("[{}]", e(r))).collect();
                format!("{}{rows}[{}] = {}", name(*v), e(i), e(x))
            }
            Step::Havoc(v) => format!("havoc {}", name(*v)),
            Step::Fill(f) => f.show(&name(f.array), "k", &e),
        })
        .collect()
}

/// `a` and `b` as one path, if their effects are equal (`equal_effect_groups`).
fn merge_pair(first_temp: usize, a: &Path, b: &Path) -> Option<Path> {
    let temps = |p: &Path| {
        p.temps
            .iter()
            .map(|t| (t.name.clone(), t.ty.clone()))
            .collect::<Vec<_>>()
    };
    if temps(a) != temps(b) || a.locals != b.locals {
        return None;
    }
    let (sa, sb) = (path_shape(first_temp, a), path_shape(first_temp, b));
    let prefix = sa.iter().zip(&sb).take_while(|(x, y)| x == y).count();
    let guards = |p: &Path| {
        p.steps[prefix..]
            .iter()
            .take_while(|s| matches!(s, Step::Assume(_)))
            .count()
    };
    let (ga, gb) = (guards(a), guards(b));
    let (ra, rb) = (prefix + ga, prefix + gb);
    // Equal rests, ending the body at the same step; something to merge.
    if sa[ra..] != sb[rb..] || a.split < ra || b.split < rb || a.split - ra != b.split - rb || ga + gb == 0 {
        return None;
    }
    let conj = |p: &Path, n: usize| {
        build::and_all(p.steps[prefix..prefix + n].iter().filter_map(|s| match s {
            Step::Assume(x) => Some(x.clone()),
            _ => None,
        }))
    };
    let mut steps = a.steps[..prefix].to_vec();
    steps.push(Step::Assume(build::or(conj(a, ga), conj(b, gb))));
    steps.extend(a.steps[ra..].iter().cloned());
    Some(Path {
        split: a.split - ra + prefix + 1,
        steps,
        temps: a.temps.clone(),
        locals: a.locals.clone(),
    })
}

/// A path found by the enumeration: its steps and where the body ends.
type Found = (Vec<Step>, usize);

/// Depth-first enumeration of the paths of loop `s`; the enumerator keeps
/// the temporaries, locals and the count of pruned prefixes.
fn enumerate<'a>(
    program: &'a Program,
    s: &'a Stmt,
    max: usize,
    infeasible: Infeasible<'a>,
    summarize: Summarize<'a>,
) -> Result<(Enumerator<'a>, Vec<Found>), Reason> {
    let mut en = Enumerator {
        program,
        loop_stmt: s,
        temps: Vec::new(),
        locals: BTreeSet::new(),
        max,
        leaves: 0,
        infeasible,
        summarize,
        pruned: 0,
        summarized: false,
    };
    // Variables declared in the body die with the iteration.
    loop_body(s).walk(&mut |x| {
        if let StmtKind::Decl(v, _) = x.kind {
            en.locals.insert(v);
        }
    });
    let mut init = State {
        work: Vec::new(),
        steps: Vec::new(),
        split: None,
    };
    init.work.push(Work::BodyEnd);
    init.work.push(Work::Stmt(loop_body(s)));
    match &s.kind {
        StmtKind::While { cond, .. } => init.work.push(Work::Cond(cond.clone(), true)),
        StmtKind::For { cond: Some(c), .. } => init.work.push(Work::Cond(c.clone(), true)),
        _ => {}
    }
    let mut paths = Vec::new();
    let mut stack = vec![init];
    while let Some(st) = stack.pop() {
        en.run(st, &mut stack, &mut paths)?;
    }
    Ok((en, paths))
}

fn has_cond(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Cond(..)));
    found
}

fn rebuild(e: &Expr, kind: ExprKind) -> Expr {
    Expr::new(kind, e.ty.clone(), Span::SYNTHETIC)
}

impl<'a> Enumerator<'a> {
    fn path(&self, steps: Vec<Step>, split: usize) -> Path {
        Path {
            steps,
            split,
            temps: self.temps.clone(),
            locals: self.locals.clone(),
        }
    }

    /// Whether the prefix `st` has reached is proved infeasible (counted).
    fn proved_infeasible(&mut self, st: &State<'a>) -> bool {
        let prefix = self.path(st.steps.clone(), st.split.unwrap_or(st.steps.len()));
        let dead = (self.infeasible)(self.program, &prefix);
        self.pruned += usize::from(dead);
        dead
    }

    fn leaf(&mut self) -> Result<(), Reason> {
        self.leaves += 1;
        if self.leaves > self.max {
            Err(Reason::TooManyPaths(self.max))
        } else {
            Ok(())
        }
    }

    fn temp(&mut self, ty: &CType, what: &str) -> VarId {
        let id = VarId(self.program.vars.len() + self.temps.len());
        self.temps.push(VarDecl {
            name: self.program.fresh.name(format_args!("t{}_{what}", self.temps.len())),
            ty: ty.clone(),
            storage: Storage::Local,
            func: None,
            span: Span::SYNTHETIC,
        });
        self.locals.insert(id);
        id
    }

    fn var_ty(&self, v: VarId) -> CType {
        if v.0 < self.program.vars.len() {
            self.program.var(v).ty.clone()
        } else {
            self.temps[v.0 - self.program.vars.len()].ty.clone()
        }
    }

    /// Run one state until it ends (a complete path or an exit); forks
    /// push the other alternatives on `stack`.
    fn run(&mut self, mut st: State<'a>, stack: &mut Vec<State<'a>>, paths: &mut Vec<Found>) -> Result<(), Reason> {
        while let Some(w) = st.work.pop() {
            let alive = match w {
                Work::Step(s) => {
                    let assumption = matches!(s, Step::Assume(_));
                    st.steps.push(s);
                    // An assumption is where a prefix can become infeasible.
                    !(assumption && self.proved_infeasible(&st))
                }
                Work::BodyEnd => {
                    st.split = Some(st.steps.len());
                    match &self.loop_stmt.kind {
                        StmtKind::For { step: Some(e), .. } => st.work.push(Work::Eval(e.clone())),
                        StmtKind::DoWhile { cond, .. } => st.work.push(Work::Cond(cond.clone(), true)),
                        _ => {}
                    }
                    true
                }
                Work::CallEnd(_) | Work::SwitchEnd => true,
                Work::Call(f, ret) => {
                    st.work.push(Work::CallEnd(ret));
                    if let Some(r) = ret {
                        // A function that falls off its end returns garbage.
                        st.steps.push(Step::Havoc(r));
                    }
                    let func = self.program.func(f);
                    self.locals.extend(func.params.iter().copied());
                    if let Some(b) = &func.body {
                        b.walk(&mut |x| {
                            if let StmtKind::Decl(v, _) = x.kind {
                                self.locals.insert(v);
                            }
                        });
                        st.work.push(Work::Stmt(b));
                    }
                    true
                }
                Work::Eval(e) => {
                    let alts = self.flatten(&e)?.into_iter().map(|(a, _)| a).collect();
                    self.fork(&mut st, stack, alts)?
                }
                Work::Cond(e, want) => {
                    let alts = self.branch(&e, want)?;
                    self.fork(&mut st, stack, alts)?
                }
                Work::Inner(s) => {
                    let cases = (self.summarize)(self.program, s)?;
                    self.summarized = true;
                    let alts = cases
                        .into_iter()
                        .map(|steps| steps.into_iter().map(Item::Step).collect())
                        .collect();
                    self.fork(&mut st, stack, alts)?
                }
                Work::Stmt(s) => self.stmt(s, &mut st, stack)?,
            };
            if !alive {
                return Ok(());
            }
        }
        self.leaf()?;
        paths.push((std::mem::take(&mut st.steps), st.split.unwrap_or(0)));
        Ok(())
    }

    /// Continue `st` with the first alternative and push the others as new
    /// states. False when there is none (every way exits the loop).
    fn fork(&mut self, st: &mut State<'a>, stack: &mut Vec<State<'a>>, alts: Vec<Items>) -> Result<bool, Reason> {
        if alts.is_empty() {
            self.leaf()?;
            return Ok(false);
        }
        let mut alts = alts.into_iter();
        let first = alts.next().unwrap_or_default();
        for alt in alts.rev() {
            let mut other = st.clone();
            Self::apply(&mut other, alt);
            stack.push(other);
        }
        Self::apply(st, first);
        Ok(true)
    }

    fn apply(st: &mut State<'a>, items: Items) {
        for it in items.into_iter().rev() {
            st.work.push(match it {
                Item::Step(s) => Work::Step(s),
                Item::Call(f, r) => Work::Call(f, r),
            });
        }
    }

    /// Execute a statement; false when the path leaves the loop.
    fn stmt(&mut self, s: &'a Stmt, st: &mut State<'a>, stack: &mut Vec<State<'a>>) -> Result<bool, Reason> {
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(e) => st.work.push(Work::Eval(e.clone())),
            StmtKind::Decl(v, init) => {
                let ty = self.program.var(*v).ty.clone();
                match init {
                    None => st.work.push(Work::Step(Step::Havoc(*v))),
                    Some(Init::Expr(e)) => st.work.push(Work::Eval(assign_expr(*v, &ty, e.clone()))),
                    Some(Init::List(..)) => return Err(Reason::PathConstruct("brace-list initialiser in the loop")),
                }
            }
            StmtKind::Block { stmts, .. } => {
                for c in stmts.iter().rev() {
                    st.work.push(Work::Stmt(c));
                }
            }
            StmtKind::If { cond, then, els } => {
                let mut other = st.clone();
                if let Some(e) = els {
                    other.work.push(Work::Stmt(e));
                }
                other.work.push(Work::Cond(cond.clone(), false));
                stack.push(other);
                st.work.push(Work::Stmt(then));
                st.work.push(Work::Cond(cond.clone(), true));
            }
            StmtKind::Break => {
                while let Some(w) = st.work.pop() {
                    match w {
                        Work::SwitchEnd => return Ok(true),
                        Work::BodyEnd => break,
                        _ => {}
                    }
                }
                self.leaf()?;
                return Ok(false);
            }
            StmtKind::Continue => {
                while let Some(w) = st.work.pop() {
                    if let Work::BodyEnd = w {
                        st.work.push(w);
                        return Ok(true);
                    }
                }
                return Err(Reason::PathConstruct("continue outside the loop body"));
            }
            StmtKind::Return(e) => {
                // Inside an inlined call: assign the result and resume after
                // the call. In the loop's own function: the path exits.
                let Some(pos) = st.work.iter().rposition(|w| matches!(w, Work::CallEnd(_))) else {
                    self.leaf()?;
                    return Ok(false);
                };
                let ret = match st.work[pos] {
                    Work::CallEnd(r) => r,
                    _ => None,
                };
                st.work.truncate(pos + 1);
                match (e, ret) {
                    (Some(e), Some(r)) => {
                        let ty = self.var_ty(r);
                        st.work.push(Work::Eval(assign_expr(r, &ty, e.clone())));
                    }
                    (Some(e), None) => st.work.push(Work::Eval(e.clone())),
                    _ => {}
                }
            }
            StmtKind::Label(_, inner) => st.work.push(Work::Stmt(inner)),
            StmtKind::Goto(_) => {
                // Jumps into the loop were rejected by `find_loops`; any
                // other goto leaves the loop.
                self.leaf()?;
                return Ok(false);
            }
            StmtKind::Switch { cond, body } => self.switch(cond, body, st, stack)?,
            StmtKind::Case(_, inner) | StmtKind::Default(inner) => st.work.push(Work::Stmt(inner)),
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {
                st.work.push(Work::Inner(s));
                if let StmtKind::For { init: Some(init), .. } = &s.kind {
                    st.work.push(Work::Stmt(init));
                }
            }
            StmtKind::Opaque(r) => return Err(Reason::UnmodelledStatement(r.clone())),
        }
        Ok(true)
    }

    fn switch(
        &mut self,
        cond: &Expr,
        body: &'a Stmt,
        st: &mut State<'a>,
        stack: &mut Vec<State<'a>>,
    ) -> Result<(), Reason> {
        let StmtKind::Block { stmts, .. } = &body.kind else {
            return Err(Reason::PathConstruct("switch without a block body"));
        };
        if has_side_effects(cond) {
            return Err(Reason::PathConstruct("switch on an expression with side effects"));
        }
        let mut cases: Vec<(Option<i128>, usize)> = Vec::new();
        for (i, c) in stmts.iter().enumerate() {
            let inner = match &c.kind {
                StmtKind::Case(v, inner) => {
                    cases.push((Some(*v), i));
                    inner
                }
                StmtKind::Default(inner) => {
                    cases.push((None, i));
                    inner
                }
                _ => c,
            };
            if has_case(inner) {
                return Err(Reason::PathConstruct(
                    "case label nested inside a statement of a switch",
                ));
            }
        }
        let ty = cond.int_type().unwrap_or(IntType::INT);
        let mut entries: Vec<(Expr, Option<usize>)> = Vec::new();
        for (v, i) in &cases {
            if let Some(v) = v {
                entries.push((build::cmp(BinOp::Eq, cond.clone(), build::lit(*v, ty)), Some(*i)));
            }
        }
        let none_match = build::and_all(
            cases
                .iter()
                .filter_map(|c| c.0)
                .map(|v| build::cmp(BinOp::Ne, cond.clone(), build::lit(v, ty))),
        );
        let default_pos = cases.iter().find(|c| c.0.is_none()).map(|c| c.1);
        entries.push((none_match, default_pos));
        let base = st.clone();
        for (k, (guard, start)) in entries.into_iter().enumerate() {
            let mut ns = base.clone();
            ns.work.push(Work::SwitchEnd);
            if let Some(start) = start {
                for c in stmts[start..].iter().rev() {
                    ns.work.push(Work::Stmt(c));
                }
            }
            ns.work.push(Work::Step(Step::Assume(guard)));
            if k == 0 {
                *st = ns;
            } else {
                stack.push(ns);
            }
        }
        Ok(())
    }

    /// The ways to make `e` nonzero (`want`) or zero, each a list of items
    /// ending in guards.
    fn branch(&mut self, e: &Expr, want: bool) -> Result<Vec<Items>, Reason> {
        if !has_side_effects(e) && !has_cond(e) {
            let g = if want { e.clone() } else { not(e.clone()) };
            return Ok(vec![vec![Item::Step(Step::Assume(g))]]);
        }
        match &e.kind {
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
                let and = *op == BinOp::LogAnd;
                if want == and {
                    // a && b true / a || b false: both operands decide alike.
                    let first = self.branch(a, want)?;
                    self.cross_with(first, b, want)
                } else {
                    let mut out = self.branch(a, want)?;
                    let first = self.branch(a, !want)?;
                    out.extend(self.cross_with(first, b, want)?);
                    Ok(out)
                }
            }
            ExprKind::Unary(crate::ir::UnOp::LogNot, a) => self.branch(a, !want),
            _ => {
                let alts = self.flatten(e)?;
                Ok(alts
                    .into_iter()
                    .map(|(mut items, v)| {
                        let g = if want { v } else { not(v) };
                        items.push(Item::Step(Step::Assume(g)));
                        items
                    })
                    .collect())
            }
        }
    }

    fn cross_with(&mut self, first: Vec<Items>, b: &Expr, want: bool) -> Result<Vec<Items>, Reason> {
        let mut out = Vec::new();
        for x in first {
            for y in self.branch(b, want)? {
                let mut v = x.clone();
                v.extend(y);
                out.push(v);
            }
        }
        Ok(out)
    }

    fn flatten_all(&mut self, es: &[&Expr]) -> Result<Vec<(Items, Vec<Expr>)>, Reason> {
        let mut acc: Vec<(Items, Vec<Expr>)> = vec![(Vec::new(), Vec::new())];
        for e in es {
            let alts = self.flatten(e)?;
            let mut next = Vec::new();
            for (items, vals) in &acc {
                for (i2, v) in &alts {
                    let mut items = items.clone();
                    items.extend(i2.iter().cloned());
                    let mut vals = vals.clone();
                    vals.push(v.clone());
                    next.push((items, vals));
                }
            }
            acc = next;
        }
        Ok(acc)
    }

    /// Split an expression into straight-line items and a pure value, one
    /// pair per way of evaluating it (`?:` and short-circuit operators with
    /// side effects fork). No pair: every way leaves the loop.
    fn flatten(&mut self, e: &Expr) -> Result<Vec<(Items, Expr)>, Reason> {
        if !has_side_effects(e) && !has_cond(e) {
            if let Some(r) = e.walk_find_opaque() {
                return Err(r);
            }
            return Ok(vec![(Vec::new(), e.clone())]);
        }
        if e.is_memory_node() {
            return Err(memory_reason(e));
        }
        match &e.kind {
            ExprKind::IntLit(_) | ExprKind::Var(_) | ExprKind::Nondet(_) => Ok(vec![(Vec::new(), e.clone())]),
            ExprKind::Opaque(r) => Err(Reason::UnmodelledExpressions(vec![r.clone()])),
            // (Refused above; the match names every kind.)
            ExprKind::AddrOf(_)
            | ExprKind::Deref(_)
            | ExprKind::Member(..)
            | ExprKind::StringLit(_)
            | ExprKind::Alloc { .. } => Err(memory_reason(e)),
            ExprKind::Forall(..) => Err(Reason::Quantifier),
            ExprKind::Unary(op, a) => Ok(self
                .flatten(a)?
                .into_iter()
                .map(|(i, v)| (i, rebuild(e, ExprKind::Unary(*op, Box::new(v)))))
                .collect()),
            ExprKind::Cast { implicit, expr } => Ok(self
                .flatten(expr)?
                .into_iter()
                .map(|(i, v)| {
                    let k = ExprKind::Cast {
                        implicit: *implicit,
                        expr: Box::new(v),
                    };
                    (i, rebuild(e, k))
                })
                .collect()),
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
                self.flatten_short_circuit(*op == BinOp::LogAnd, a, b)
            }
            ExprKind::Binary(op, a, b) => Ok(self
                .flatten_all(&[a, b])?
                .into_iter()
                .map(|(i, mut v)| {
                    let y = v.pop().unwrap_or_else(|| b.as_ref().clone());
                    let x = v.pop().unwrap_or_else(|| a.as_ref().clone());
                    (i, rebuild(e, ExprKind::Binary(*op, Box::new(x), Box::new(y))))
                })
                .collect()),
            ExprKind::Index(a, i) => Ok(self
                .flatten_all(&[a, i])?
                .into_iter()
                .map(|(it, mut v)| {
                    let y = v.pop().unwrap_or_else(|| i.as_ref().clone());
                    let x = v.pop().unwrap_or_else(|| a.as_ref().clone());
                    (it, rebuild(e, ExprKind::Index(Box::new(x), Box::new(y))))
                })
                .collect()),
            ExprKind::Comma(a, b) => {
                let mut out = Vec::new();
                for (i1, _) in self.flatten(a)? {
                    for (i2, v) in self.flatten(b)? {
                        let mut it = i1.clone();
                        it.extend(i2);
                        out.push((it, v));
                    }
                }
                Ok(out)
            }
            ExprKind::Cond(c, x, y) => {
                let mut out = Vec::new();
                for (want, arm) in [(true, x), (false, y)] {
                    for items in self.branch(c, want)? {
                        for (i2, v) in self.flatten(arm)? {
                            let mut it = items.clone();
                            it.extend(i2);
                            out.push((it, v));
                        }
                    }
                }
                Ok(out)
            }
            ExprKind::Assign { op, op_ty, lhs, rhs } => self.flatten_assign(*op, op_ty, lhs, rhs),
            ExprKind::IncDec {
                inc,
                prefix,
                op_ty,
                target,
            } => self.flatten_inc_dec(*inc, *prefix, op_ty, target),
            ExprKind::Call(Callee::Intrinsic(which), args) => self.flatten_intrinsic(e, *which, args),
            ExprKind::Call(Callee::Func(f), args) => self.flatten_call(*f, args),
        }
    }

    /// `a && b` (`and`) or `a || b`: the value is decided by `a`, or else
    /// by `b`.
    fn flatten_short_circuit(&mut self, and: bool, a: &Expr, b: &Expr) -> Result<Vec<(Items, Expr)>, Reason> {
        let mut out = Vec::new();
        for items in self.branch(a, !and)? {
            out.push((items, build::lit(if and { 0 } else { 1 }, IntType::INT)));
        }
        for items in self.branch(a, and)? {
            for (i2, v) in self.flatten(b)? {
                let mut it = items.clone();
                it.extend(i2);
                let zero = build::lit(0, v.int_type().unwrap_or(IntType::INT));
                out.push((it, build::bool_op(BinOp::Ne, v, zero)));
            }
        }
        Ok(out)
    }

    /// `lhs = rhs` or `lhs op= rhs`: the value is the place read after.
    fn flatten_assign(
        &mut self,
        op: Option<BinOp>,
        op_ty: &CType,
        lhs: &Expr,
        rhs: &Expr,
    ) -> Result<Vec<(Items, Expr)>, Reason> {
        let mut out = Vec::new();
        for (place_items, place) in self.place(lhs)? {
            for (rhs_items, r) in self.flatten(rhs)? {
                let mut it = place_items.clone();
                it.extend(rhs_items);
                let read = place_read(&place, lhs);
                let value = match op {
                    None => r,
                    Some(o) => {
                        let l = match op_ty.as_int() {
                            Some(t) => cast(read.clone(), t),
                            None => read.clone(),
                        };
                        let v = Expr::new(
                            ExprKind::Binary(o, Box::new(l), Box::new(r)),
                            op_ty.clone(),
                            Span::SYNTHETIC,
                        );
                        match lhs.ty.as_int() {
                            Some(t) => cast(v, t),
                            None => v,
                        }
                    }
                };
                it.push(Item::Step(Step::Assign(place.clone(), as_value(value))));
                out.push((it, read));
            }
        }
        Ok(out)
    }

    /// `++x`, `x--` and the like: a postfix form reads the old value
    /// through a temporary.
    fn flatten_inc_dec(
        &mut self,
        inc: bool,
        prefix: bool,
        op_ty: &CType,
        target: &Expr,
    ) -> Result<Vec<(Items, Expr)>, Reason> {
        let (Some(t), Some(ot)) = (target.ty.as_int(), op_ty.as_int()) else {
            return Err(Reason::PathConstruct("increment of a non-integer"));
        };
        let mut out = Vec::new();
        for (mut it, place) in self.place(target)? {
            let read = place_read(&place, target);
            let op = if inc { BinOp::Add } else { BinOp::Sub };
            let v = Expr::new(
                ExprKind::Binary(op, Box::new(cast(read.clone(), ot)), Box::new(build::lit(1, ot))),
                op_ty.clone(),
                Span::SYNTHETIC,
            );
            let value = cast(v, t);
            let result = if prefix {
                read
            } else {
                let tmp = self.temp(&target.ty, "old");
                it.push(Item::Step(Step::Assign(Lhs::Var(tmp), read)));
                Expr::var(tmp, target.ty.clone())
            };
            it.push(Item::Step(Step::Assign(place, value)));
            out.push((it, result));
        }
        Ok(out)
    }

    /// A call `e` of a CPROVER or SV-COMP intrinsic.
    fn flatten_intrinsic(&mut self, e: &Expr, which: Intrinsic, args: &[Expr]) -> Result<Vec<(Items, Expr)>, Reason> {
        match which {
            Intrinsic::Assert | Intrinsic::Assume => {
                let Some(c) = args.first() else {
                    return Ok(vec![(Vec::new(), build::lit(0, IntType::INT))]);
                };
                let mut out = Vec::new();
                for (mut it, v) in self.flatten(c)? {
                    it.push(Item::Step(if which == Intrinsic::Assert {
                        Step::Assert(v, e.span)
                    } else {
                        Step::Assume(v)
                    }));
                    out.push((it, build::lit(0, IntType::INT)));
                }
                Ok(out)
            }
            // Error and abort end the iteration: exit paths.
            Intrinsic::Error | Intrinsic::Abort => Ok(Vec::new()),
            Intrinsic::ArrayCopy | Intrinsic::ArrayReplace => Err(Reason::ArrayCopy),
        }
    }

    /// A call of a function of the program: its parameters assigned, then
    /// the call item (inlined later), its value in a temporary.
    fn flatten_call(&mut self, f: FuncId, args: &[Expr]) -> Result<Vec<(Items, Expr)>, Reason> {
        let func = self.program.func(f);
        if func.body.is_none() {
            return Err(Reason::CallsWithoutBody(func.name.clone()));
        }
        let params = func.params.clone();
        let ret_ty = func.ret.clone();
        let refs: Vec<&Expr> = args.iter().collect();
        let mut out = Vec::new();
        for (mut it, vals) in self.flatten_all(&refs)? {
            for (p, v) in params.iter().zip(vals) {
                let pty = self.program.var(*p).ty.clone();
                let v = match pty.as_int() {
                    Some(t) if v.ty != pty => cast(v, t),
                    _ => v,
                };
                it.push(Item::Step(Step::Assign(Lhs::Var(*p), as_value(v))));
            }
            let ret = if ret_ty == CType::Void {
                None
            } else {
                Some(self.temp(&ret_ty, "ret"))
            };
            it.push(Item::Call(f, ret));
            let value = match ret {
                Some(r) => Expr::var(r, ret_ty.clone()),
                None => build::lit(0, IntType::INT),
            };
            out.push((it, value));
        }
        Ok(out)
    }

    /// An assignable place with its index evaluated.
    fn place(&mut self, lhs: &Expr) -> Result<Vec<(Items, Lhs)>, Reason> {
        match &lhs.skip_implicit().kind {
            ExprKind::Var(v) => Ok(vec![(Vec::new(), Lhs::Var(*v))]),
            ExprKind::Index(..) => {
                // `a[r1]...[rk][j]`: the indices from the innermost access
                // out, down to the array variable.
                let mut indices = Vec::new();
                let mut at = lhs.skip_implicit();
                while let ExprKind::Index(a, i) = &at.kind {
                    indices.push(i.as_ref());
                    at = a.skip_implicit();
                }
                let ExprKind::Var(av) = at.kind else {
                    return Err(Reason::PathConstruct(
                        "assignment to an element of an array that is not a variable",
                    ));
                };
                indices.reverse();
                Ok(self
                    .flatten_all(&indices)?
                    .into_iter()
                    .filter_map(|(it, mut idx)| {
                        let j = idx.pop()?;
                        Some((it, Lhs::Index(av, idx, j)))
                    })
                    .collect())
            }
            _ => Err(Reason::PathConstruct("assignment to an unmodelled place")),
        }
    }
}

fn place_read(place: &Lhs, orig: &Expr) -> Expr {
    match place {
        Lhs::Var(v) => Expr::var(*v, orig.ty.clone()),
        Lhs::Index(a, rows, idx) => {
            let indices: Vec<&Expr> = rows.iter().chain([idx]).collect();
            with_indices(*a, orig.skip_implicit(), &indices)
        }
    }
}

/// The access `orig` to array `a` (`a[..]...[..]`, as `place` took it
/// apart) reading at `indices`, outermost first, in place of its own.
fn with_indices(a: VarId, orig: &Expr, indices: &[&Expr]) -> Expr {
    let (ExprKind::Index(base, _), Some((last, outer))) = (&orig.kind, indices.split_last()) else {
        return Expr::var(a, orig.ty.clone());
    };
    let arr = if outer.is_empty() {
        Expr::var(a, base.ty.clone())
    } else {
        with_indices(a, base.skip_implicit(), outer)
    };
    Expr::new(
        ExprKind::Index(Box::new(arr), Box::new((*last).clone())),
        orig.ty.clone(),
        Span::SYNTHETIC,
    )
}

fn assign_expr(v: VarId, ty: &CType, e: Expr) -> Expr {
    Expr::new(
        ExprKind::Assign {
            op: None,
            op_ty: ty.clone(),
            lhs: Box::new(Expr::var(v, ty.clone())),
            rhs: Box::new(e),
        },
        ty.clone(),
        Span::SYNTHETIC,
    )
}

fn has_case(s: &Stmt) -> bool {
    let mut found = false;
    s.walk(&mut |x| found |= matches!(x.kind, StmtKind::Case(..) | StmtKind::Default(_)));
    found
}

/// Whether evaluating the expression assigns a variable that outlives it
/// (calls to functions that write no global only change their locals).
fn changes_state(inl: &Inlinable, e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| match &x.kind {
        ExprKind::Assign { .. } | ExprKind::IncDec { .. } => found = true,
        ExprKind::Call(Callee::Func(f), _) => {
            found |= inl.effects.get(f.0).is_none_or(|(_, w)| !w.is_empty());
        }
        _ => {}
    });
    found
}

/// Whether evaluating the expression changes state or calls a function.
pub fn has_side_effects(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        found |= matches!(
            x.kind,
            ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Call(..)
        )
    });
    found
}

trait FindOpaque {
    fn walk_find_opaque(&self) -> Option<Reason>;
}

/// Why a node that works with memory (`Expr::is_memory_node`) keeps its
/// loop from being accelerated.
fn memory_reason(x: &Expr) -> Reason {
    if x.ty.as_struct().is_some() || matches!(x.kind, ExprKind::Member(..)) {
        Reason::Struct
    } else {
        Reason::Pointer
    }
}

impl FindOpaque for Expr {
    fn walk_find_opaque(&self) -> Option<Reason> {
        let mut r = None;
        self.walk(&mut |x| match &x.kind {
            ExprKind::Opaque(s) => {
                r.get_or_insert_with(|| Reason::UnmodelledExpressions(vec![s.clone()]));
            }
            _ if x.is_memory_node() => {
                r.get_or_insert(memory_reason(x));
            }
            _ => {}
        });
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths_of(src: &str, max_paths: usize) -> Result<IterationPaths, Why> {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let info = find_loops(&program).remove(0);
        iteration_paths(
            &program,
            &info,
            max_paths,
            &crate::accelerate::infeasible,
            &no_summaries,
        )
    }

    /// Functions the bodies of `loop_body_of` may call.
    const HELPERS: &str = "unsigned add2(unsigned v) { return v + 2u; }\nint inc(int v) { return v + 1; }\n\
        int rec(int v) { return rec(v - 1); }\nint half(int v) { if (v) return v / 2; }\n\
        void check(int v) { assert(v < 9); }\nint id8(signed char v) { return v; }";

    /// The body of the first loop of `body_src` (in `main`, after the
    /// declarations of `decls`), with the program.
    fn loop_body_of(decls: &str, body_src: &str) -> (Program, Stmt) {
        let src = format!(
            "int f(int);\nunsigned nondet_uint(void);\n{HELPERS}\nint main(void) {{ {decls} while (c) {{ {body_src} }} return 0; }}"
        );
        let program = crate::lower::lower_source(&src).expect("lowers").program;
        let info = find_loops(&program).remove(0);
        let body = loop_stmt(&program, &info).map(|s| loop_body(s).clone()).expect("loop");
        (program, body)
    }

    #[test]
    fn what_a_body_can_do_is_found_by_the_place_of_each_operation() {
        let decls = "unsigned u = 1, v = 2; unsigned char b = 3; int s = 4, c = 1; signed char t = 5;";
        let run = |body: &str| {
            let (program, b) = loop_body_of(decls, body);
            body_run(&program, &b)
        };
        let nothing_else = Some(BodyRun::default());
        for body in [
            "u++; v = v * 3u - u;",
            "b--; u += 2;",
            "if (u < v) u = v; else v ^= u;",
            "s = u < v; c = !c;",
            "t = 7; s = t;",
            "__CPROVER_assume(u != 0);",
            "if (u) continue; v++;",
            "if (u % 3 == 0) v++; u = u / 2 + (u << 3);",
            "v = 0; while (v < u) v++;",
            "u = add2(u); v = add2(add2(v));",
            "u = add2(s) + add2(u);",
            "if (b + 1 > b) u++; if (b - 300 < 0) v++; if (b * 3 > 0) v++;",
        ] {
            assert_eq!(run(body), nothing_else, "`{body}` cannot fail");
        }
        // Failures an accelerator's coverage condition checks: signed
        // arithmetic and narrowing conversions in assigned values, and
        // assertions.
        let checked = Some(BodyRun {
            fails_where_checked: true,
            ..BodyRun::default()
        });
        for body in [
            "s++;",
            "s = s + 1;",
            "s = -s * 3 + t;",
            "int w = s + 1; u = w;",
            "t = s;",
            "s = u;",
            "b += 1;",
            "s /= 2;",
            "assert(u > 0);",
            "for (v = 0; v < u; v++) s += 2;",
            "s = inc(s);",
            "check(u);",
            "u = id8(s);",
            "if (inc(s) > 0) u++;",
            "assert(b + 1 > b);",
        ] {
            assert_eq!(run(body), checked, "`{body}` fails only where checked");
        }
        let leaves = Some(BodyRun {
            leaves: true,
            ..BodyRun::default()
        });
        assert_eq!(run("if (u) break;"), leaves);
        assert_eq!(
            run("if (u > 9) return 1; s--;"),
            Some(BodyRun {
                fails_where_checked: true,
                leaves: true,
                chooses: false
            })
        );
        assert_eq!(
            run("if (nondet_uint()) u++; else v++;"),
            Some(BodyRun {
                chooses: true,
                ..BodyRun::default()
            })
        );
        // Failures elsewhere: signed arithmetic in a guard, an assertion or
        // a discarded operand, division by a variable or by -1, shifts,
        // calls, nondeterministic values assigned or indeterminate values,
        // in the body or in a loop inside it.
        for body in [
            "if (s + 1 > 0) u++;",
            "assert(s * 2 > 0);",
            "s + 1;",
            "u = (s + 1, 2);",
            "u = s + 1 > 0;",
            "u = u / v;",
            "s = s / -1;",
            "s = s << 2;",
            "u = u << 32;",
            "u = f(1);",
            "u = nondet_uint();",
            "unsigned w; u = w;",
            "for (v = 0; v < u; v++) u = u / v;",
            "while (s + 1 < 9) s++;",
            "s = rec(s);",
            "s = half(s);",
            "if (t + s > 0) u++;",
        ] {
            assert_eq!(run(body), None, "`{body}` can fail elsewhere");
        }
    }

    #[test]
    fn writes_of_a_body_are_found_through_every_assignment() {
        let decls = "unsigned u = 1, v = 2; int c = 1, a[4] = {0};";
        let keeps_u = |body: &str| {
            let (program, b) = loop_body_of(decls, body);
            let u = program.vars.iter().position(|d| d.name == "u").map(VarId).expect("u");
            writes_none_of(&b, &BTreeSet::from([u]))
        };
        assert!(keeps_u("v = u + 1; c = 0; a[1] = 2;"));
        for body in ["u = 1;", "u++;", "v = u--;", "if (c) u += 2;", "c = f(u);"] {
            assert!(!keeps_u(body), "`{body}` may write u");
        }
    }

    const CORRELATED: &str = "int nondet_int(void);\nint main(void) {\n  int y = nondet_int(); unsigned x = 0, i = 0;\n  \
        while (i < 100) {\n    if (y > 5) x += 2; else x += 1;\n    if (y > 5) x += 2; else x += 1;\n    \
        if (y > 3) x += 2; else x += 1;\n    if (y % 2 == 0) x += 2; else x += 1;\n    i++;\n  }\n  return x;\n}\n";

    #[test]
    fn paths_with_equal_effects_are_merged_under_the_disjunction_of_their_guards() {
        let src = |then: &str, els: &str| {
            format!(
                "int main(void) {{ unsigned i = 0, x = 0, y = 0; while (i < 100) {{ if (i % 3 == 0) {{ {then} }} else {{ {els} }} i++; }} return x; }}"
            )
        };
        let groups = |text: &str| {
            let program = crate::lower::lower_source(text).expect("lowers").program;
            let paths = paths_of(text, 8).expect("paths").paths;
            let groups = equal_effect_groups(&program, &paths);
            let members: Vec<Vec<usize>> = groups.iter().map(|(_, m)| m.clone()).collect();
            (members, groups.into_iter().map(|(p, _)| p).collect::<Vec<_>>())
        };
        // The same updates (with the temporaries of `y++`, one per branch).
        let (members, merged) = groups(&src("x += 2; y++;", "x += 2; y++;"));
        assert_eq!(members, vec![vec![0, 1]]);
        let guard = merged[0].steps.iter().filter(|s| matches!(s, Step::Assume(_))).count();
        assert_eq!(
            guard, 2,
            "the loop condition and the disjunction: {:?}",
            merged[0].steps
        );
        assert!(matches!(&merged[0].steps[1], Step::Assume(e) if matches!(e.kind, ExprKind::Binary(BinOp::LogOr, ..))));
        // Different updates, or the same ones in another order, stay apart.
        assert_eq!(groups(&src("x += 2; y++;", "x += 1; y++;")).0, vec![vec![0], vec![1]]);
        assert_eq!(groups(&src("x += y; y++;", "y++; x += y;")).0, vec![vec![0], vec![1]]);
    }

    #[test]
    fn infeasible_prefixes_are_pruned_and_not_counted_against_the_limit() {
        // y > 5 twice: 2 ways; y > 3 after y > 5 true: 1, after false: 2;
        // the parity is independent: 2 * 3 = 6 of 16.
        let p = paths_of(CORRELATED, 8).expect("six feasible paths are within the limit");
        assert_eq!((p.syntactic, p.paths.len()), (Some(16), 6));
        assert!(paths_of(CORRELATED, 5).is_err());
    }

    #[test]
    fn branches_are_pruned_on_the_values_the_path_gave() {
        let src = "int nondet_int(void);\nint main(void) {\n  int y = nondet_int(); unsigned i = 0;\n  \
            while (i < 100) {\n    if (y > 5) y = 0; else y = 9;\n    if (y > 5) i++; else i += 2;\n  }\n  return 0;\n}\n";
        let p = paths_of(src, 64).expect("paths");
        // y > 5 then y = 0 cannot take y > 5 again; y <= 5 then y = 9 must.
        assert_eq!((p.syntactic, p.paths.len()), (Some(4), 2));
    }
}
