//! Iterations that end in a state the loop was in before.
//!
//! In: an accelerated loop (its statement, its iteration paths). Out, where
//! the loop may cycle (some path writes nothing that outlives the
//! iteration, its condition is nondeterministic, or it has no way out):
//! two copies of the variables the loop
//! writes, declared before it, and at the end of every branch of its body
//! (accelerators and the original body) the `assume` that the state differs
//! from both copies, then the copies moved on by one iteration. So an
//! iteration of the output is blocked where it ends in the state it or the
//! iteration before it started from.
//!
//! Why it is sound: any execution of the input that passes twice through
//! one state at the loop head can drop the iterations in between and keep
//! every later state and failure; repeating that gives an execution whose
//! head states are all distinct, with the same failures (an iteration that
//! fails, or leaves the loop, does not reach the `assume`). The restriction
//! (`restrict`) maps it to the output, whose head states are some of its
//! head states, all distinct: no check blocks it. Comparing with any earlier
//! head state is sound, so a `continue` that skips the move only makes a
//! copy older. The copies must see everything an iteration can change: only
//! where every path is listed (`LoopResult::complete`) and writes plain
//! scalars declared outside the loop (`Path::footprint`), the condition
//! changes nothing and the loop has no `for` step (the head state is then
//! the state where the body ends).
//!
//! Why: a loop run by a nondeterministic condition with an idle path
//! (`while (nondet()) { if (s != 0) s++; }` at `s == 0`) or with paths that
//! undo each other (`if (x == 1) x = 2; else if (x == 2) x = 1;`) otherwise
//! runs any number of iterations in every state, and no `--unwind` decides
//! it.

use std::collections::BTreeSet;

use crate::instrument::LoopResult;
use crate::ir::build;
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, Init, Intrinsic, Program, Span, Stmt, StmtKind, Storage, VarDecl, VarId,
};

/// The check's statements.
pub(super) struct CycleCheck {
    /// The copies' declarations, before the loop.
    pub before_loop: Vec<Stmt>,
    /// The `assume` and the moves, at the end of each branch of the body.
    pub after: Vec<Stmt>,
    /// The names of the variables compared.
    pub vars: Vec<String>,
}

/// The cycle check of loop `loop_no`, or `None` where the loop is not
/// likely to cycle or the check could miss a change. `outside` says whether
/// a variable is declared outside the loop (and can be named before it).
pub(super) fn cycle_check(
    program: &mut Program,
    l: &LoopResult,
    loop_stmt: &Stmt,
    loop_no: usize,
    outside: &dyn Fn(&Program, VarId) -> bool,
) -> Option<CycleCheck> {
    // A `for` step runs after the body, where the `assume` is: a change it
    // makes would not be seen; nor would one of a condition.
    let (cond, body) = match &loop_stmt.kind {
        StmtKind::While { cond, body } | StmtKind::DoWhile { cond, body } => (Some(cond), body),
        StmtKind::For {
            init: None,
            step: None,
            cond,
            body,
        } => (cond.as_ref(), body),
        _ => return None,
    };
    if cond.is_some_and(crate::loops::has_side_effects) || !l.complete || l.paths.is_empty() {
        return None;
    }
    let footprints: Vec<_> = l.paths.iter().map(|p| p.footprint()).collect::<Option<_>>()?;
    let written: BTreeSet<VarId> = footprints.iter().flat_map(|f| f.writes.iter().copied()).collect();
    if written.is_empty() {
        return None;
    }
    // Where the loop may cycle: an idle path, a condition that chooses
    // nondeterministically whether to go on, or no way out at all.
    let idle_path = footprints.iter().any(|f| f.writes.is_empty());
    let nondet_cond = cond.is_some_and(reads_nondet);
    let forever = cond.is_none_or(|c| c.const_value().is_some_and(|v| v != 0)) && !leaves(body);
    if !idle_path && !nondet_cond && !forever {
        return None;
    }
    let scalar = |v: VarId| matches!(program.var(v).ty, CType::Int(_));
    if !written.iter().all(|&v| scalar(v) && outside(program, v)) {
        return None;
    }
    let func = Some(l.info.func);
    let (mut before_loop, mut moves) = (Vec::new(), Vec::new());
    let (mut differs_from_was, mut differs_from_prev) = (Vec::new(), Vec::new());
    let mut vars = Vec::new();
    for v in written {
        let decl = program.var(v).clone();
        vars.push(decl.name.clone());
        let value = build::var(v, &decl.ty);
        let mut copy = |what: &str| {
            let c = program.add_var(VarDecl {
                name: program.fresh.name(format_args!("{}_{what}{loop_no}", decl.name)),
                ty: decl.ty.clone(),
                storage: Storage::Local,
                func,
                span: Span::SYNTHETIC,
            });
            before_loop.push(Stmt::new(
                StmtKind::Decl(c, Some(Init::Expr(value.clone()))),
                Span::SYNTHETIC,
            ));
            build::var(c, &decl.ty)
        };
        // `was`: the state where this iteration began; `prev`: where the
        // one before it began (both the entry state at first).
        let (was, prev) = (copy("was"), copy("prev"));
        differs_from_was.push(build::cmp(BinOp::Ne, value.clone(), was.clone()));
        differs_from_prev.push(build::cmp(BinOp::Ne, value.clone(), prev.clone()));
        moves.push((prev, was, value));
    }
    let changed = build::and(
        differs_from_was.into_iter().reduce(build::or)?,
        differs_from_prev.into_iter().reduce(build::or)?,
    );
    let expr_stmt = |e: Expr| Stmt::new(StmtKind::Expr(e), Span::SYNTHETIC);
    let mut after = vec![expr_stmt(Expr::new(
        ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), vec![changed]),
        CType::Void,
        Span::SYNTHETIC,
    ))];
    for (prev, was, _) in &moves {
        after.push(expr_stmt(build::assign(prev.clone(), was.clone(), Span::SYNTHETIC)));
    }
    for (_, was, value) in moves {
        after.push(expr_stmt(build::assign(was, value, Span::SYNTHETIC)));
    }
    Some(CycleCheck {
        before_loop,
        after,
        vars,
    })
}

/// Whether `e` reads a nondeterministic value.
fn reads_nondet(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Nondet(_)));
    found
}

/// Whether the loop body has a `break`, `return` or `goto` anywhere (one
/// of an inner loop or `switch` included: this only decides whether to
/// emit the check).
fn leaves(body: &Stmt) -> bool {
    let mut found = false;
    body.walk(&mut |s| found |= matches!(s.kind, StmtKind::Break | StmtKind::Return(_) | StmtKind::Goto(_)));
    found
}
