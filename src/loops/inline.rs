//! Which functions can be inlined into an iteration path, with the
//! variables of its caller's state (globals, and the caller's own in a
//! copy made by `address_args`) each reads and writes.

use super::body_run::base_var;
use crate::ir::{CType, Callee, ExprKind, FuncId, Init, Intrinsic, Program, StmtKind, Storage, VarId};
use std::collections::BTreeSet;

/// Which functions can be inlined into an iteration path, and the global
/// variables each reads and writes.
pub(super) struct Inlinable {
    reasons: Vec<Option<String>>,
    pub(super) effects: Vec<(BTreeSet<VarId>, BTreeSet<VarId>)>,
}

impl Inlinable {
    pub(super) fn compute(program: &Program) -> Inlinable {
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

    pub(super) fn reason(&self, f: FuncId) -> Option<&str> {
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
                    // A block-scope `static` is a global of this function
                    // (initialised once, before `main`; `emit::hoist` moves
                    // it to file scope where an accelerator names it), an
                    // `extern` one a file-scope object: neither declaration
                    // does anything at a call. Only integers move.
                    let d = program.var(*v);
                    if d.storage == Storage::Global && d.func.is_some() && !matches!(d.ty, CType::Int(_)) {
                        reason.get_or_insert_with(|| {
                            format!("declares the static `{}` of a type other than an integer", d.name)
                        });
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
                        if outlives_call(program, *v, f) {
                            reads.insert(*v);
                        }
                    }
                    ExprKind::Assign { lhs, .. } | ExprKind::IncDec { target: lhs, .. } => {
                        if let Some(v) = base_var(lhs) {
                            if outlives_call(program, v, f) {
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
            let (r, w) = &self.effects[g];
            reads.extend(r.iter().copied().filter(|v| outlives_call(program, *v, f)));
            writes.extend(w.iter().copied().filter(|v| outlives_call(program, *v, f)));
        }
        stack.pop();
        if self.reasons[f].is_none() {
            self.reasons[f] = reason;
        }
        self.effects[f] = (reads, writes);
        done[f] = true;
    }
}

/// A variable that a call of function `f` reads or writes in its caller's
/// state: a global, or a variable of another function (the caller's, in a
/// copy made by `address_args`), not a parameter or local of `f`.
fn outlives_call(program: &Program, v: VarId, f: usize) -> bool {
    let d = program.var(v);
    d.storage == Storage::Global || d.func != Some(FuncId(f))
}
