//! Original iterations that end in the state they started from.
//!
//! In: an accelerated loop (its statement, its iteration paths). Out, where
//! some path writes nothing that outlives the iteration: the statements
//! that copy the variables the loop writes before the original body, and
//! the `assume` after it that at least one of them changed.
//!
//! Why it is sound: such an iteration (its condition, its body; the loop
//! has no `for` step) ends where it began, so dropping it from an execution
//! leaves every later state as it was, and a property that fails inside it
//! still fails: the `assume` comes after the body, its assertions and
//! CBMC's checks. Dropping every such iteration from an execution of the
//! original loop gives an execution with the same failures whose original
//! iterations all change the state; the restriction's argument
//! (`restrict`) then maps it to the output, and maps its original
//! iterations to themselves. Only where every path is listed
//! (`LoopResult::complete`) and writes plain scalars (`Path::footprint`):
//! what the copies compare must be everything an iteration can change.
//!
//! Why: a loop run by a nondeterministic condition with an idle path
//! (`while (nondet()) { if (s != 0) s++; }` at `s == 0`) otherwise runs
//! any number of iterations in every state, and no `--unwind` decides it.

use std::collections::BTreeSet;

use crate::instrument::LoopResult;
use crate::ir::build;
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, Init, Intrinsic, Program, Span, Stmt, StmtKind, Storage, VarDecl, VarId,
};

/// What goes around the original body: copies before it, the `assume`
/// after it.
pub(super) struct IdentityCheck {
    pub before: Vec<Stmt>,
    pub after: Stmt,
    /// The names of the variables compared.
    pub vars: Vec<String>,
}

/// The identity check of loop `loop_no`, or `None` where no path is sure to
/// leave the state unchanged or the check could miss a change.
/// `in_scope` says whether a variable can be named before the body.
pub(super) fn identity_check(
    program: &mut Program,
    l: &LoopResult,
    loop_stmt: &Stmt,
    loop_no: usize,
    in_scope: &dyn Fn(&Program, VarId) -> bool,
) -> Option<IdentityCheck> {
    // A `for` step runs after the body, where the `assume` is: a change it
    // makes would not be seen.
    if matches!(&loop_stmt.kind, StmtKind::For { step: Some(_), .. }) || !l.complete || l.paths.is_empty() {
        return None;
    }
    let footprints: Vec<_> = l.paths.iter().map(|p| p.footprint()).collect::<Option<_>>()?;
    if !footprints.iter().any(|f| f.writes.is_empty()) {
        return None;
    }
    let written: BTreeSet<VarId> = footprints.iter().flat_map(|f| f.writes.iter().copied()).collect();
    if written.is_empty() {
        return None;
    }
    let scalar = |v: VarId| matches!(program.var(v).ty, CType::Int(_));
    if !written.iter().all(|&v| scalar(v) && in_scope(program, v)) {
        return None;
    }
    let func = Some(l.info.func);
    let mut before = Vec::new();
    let mut changed = Vec::new();
    let mut vars = Vec::new();
    for v in written {
        let decl = program.var(v).clone();
        vars.push(decl.name.clone());
        let copy = program.add_var(VarDecl {
            name: program.fresh.name(format_args!("{}_was{loop_no}", decl.name)),
            ty: decl.ty.clone(),
            storage: Storage::Local,
            func,
            span: Span::SYNTHETIC,
        });
        before.push(Stmt::new(
            StmtKind::Decl(copy, Some(Init::Expr(build::var(v, &decl.ty)))),
            Span::SYNTHETIC,
        ));
        changed.push(build::cmp(
            BinOp::Ne,
            build::var(v, &decl.ty),
            build::var(copy, &decl.ty),
        ));
    }
    let cond = changed.into_iter().reduce(build::or)?;
    let after = Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), vec![cond]),
            CType::Void,
            Span::SYNTHETIC,
        )),
        Span::SYNTHETIC,
    );
    Some(IdentityCheck { before, after, vars })
}
