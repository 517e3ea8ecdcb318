//! Finding loops: every loop of every function with what it reads and
//! writes and why it cannot be accelerated at all, and the statement of a
//! loop found.

use super::body_run::base_var;
use super::info::{LoopInfo, LoopKind};
use super::inline::Inlinable;
use super::steps::{changes_state, memory_reason};
use crate::ir::{Callee, Expr, ExprKind, FuncId, Init, Intrinsic, Program, Span, Stmt, StmtKind, Storage, VarId};
use crate::reason::{Reason, Why};
use std::collections::BTreeSet;

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

pub(super) fn collect_gotos(s: &Stmt, out: &mut Vec<(String, Span)>) {
    s.walk(&mut |x| {
        if let StmtKind::Goto(l) = &x.kind {
            out.push((l.clone(), x.span));
        }
    });
}

pub(super) fn visit_loops(
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

pub(super) fn analyse_loop(
    program: &Program,
    inl: &Inlinable,
    func: FuncId,
    s: &Stmt,
    depth: usize,
    gotos: &[(String, Span)],
) -> LoopInfo {
    let kind = match s.kind {
        StmtKind::While { .. } if program.goto_loops.contains(&s.span) => LoopKind::Goto,
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
    // condition: a condition that changes state has done so already, and its
    // paths take it after the body instead, as the next iteration's start.
    let cond_after_body = match &s.kind {
        StmtKind::While { cond, .. } | StmtKind::For { cond: Some(cond), .. } => changes_state(inl, cond),
        _ => false,
    };
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
        cond_after_body,
    }
}

/// Each reason once, in the order first given; the unmodelled expressions
/// of all `UnmodelledExpressions` named in one, where the first was.
pub(super) fn each_once(reasons: Vec<Reason>) -> Vec<Reason> {
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

pub(super) fn loop_body(s: &Stmt) -> &Stmt {
    match &s.kind {
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::For { body, .. } => body,
        _ => s,
    }
}

pub(super) fn scan_expr(
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
