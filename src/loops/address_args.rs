//! Calls that pass addresses of variables, made inlinable: a `Program` in,
//! the same program out in which each call `f(.., &v, ..)` calls a copy of
//! `f` without that parameter, where every `*p` is `v` itself
//! (`specialise_address_calls`). `inc(&a)` of `void inc(int *p) { *p += 1; }`
//! becomes a call of an `inc` whose body is `a += 1`; the loop's paths then
//! inline it as any other call.
//!
//! Exact: a parameter that the callee never assigns nor takes the address
//! of holds `&v` for the whole call, so `*p` is the object `v` in every
//! state, whatever else names `v` (a global the callee also uses, the same
//! address passed twice). The copy's body refers to the caller's variable
//! by its `VarId`, which only the loop analysis reads: the checker runs on
//! the output text, the emitter copies a rewritten call, which keeps its
//! span, from the source, and the copy's expressions have no span, so that
//! what reaches an accelerator is printed from the IR.
//!
//! The copies and their own parameters and locals are appended to `funcs`
//! and `vars`, so every `FuncId`, `VarId` and span of the input stays valid.
//! A call is left as it is when a pointee type differs from the variable's,
//! the variable is not an integer, the callee has no body, a loop, a label,
//! a quantifier or an unmodelled signature, the specialisation recurses, or
//! the copy would still use memory (`Expr::is_memory_node`): then nothing is
//! gained, and the callee's reason stays the one the loop reports.

use crate::ir::{CType, Callee, Expr, ExprKind, FuncId, Program, Span, Stmt, StmtKind, Storage, VarId};
use std::collections::BTreeMap;

/// `program` with each call whose arguments include addresses of integer
/// variables calling a copy of its callee specialised to those variables,
/// where that is exact and leaves the copy free of memory accesses.
pub fn specialise_address_calls(program: &Program) -> Program {
    let mut s = Specialiser {
        prog: program.clone(),
        done: BTreeMap::new(),
    };
    for f in 0..program.funcs.len() {
        if let Some(mut body) = s.prog.funcs[f].body.take() {
            s.rewrite_stmt(&mut body);
            s.prog.funcs[f].body = Some(body);
        }
    }
    s.prog
}

/// A callee and the variable each specialised parameter (by position)
/// points to.
type Key = (FuncId, Vec<(usize, VarId)>);

struct Specialiser {
    prog: Program,
    /// The copy made for each key; `None` while it is being made (a call
    /// of it then recurses) and where none could be made.
    done: BTreeMap<Key, Option<FuncId>>,
}

impl Specialiser {
    fn rewrite_stmt(&mut self, s: &mut Stmt) {
        s.walk_mut(&mut |st| {
            for e in st.own_exprs_mut() {
                self.rewrite_expr(e);
            }
        });
    }

    /// Children first, so that an argument's own calls are rewritten
    /// before the call that takes it.
    fn rewrite_expr(&mut self, e: &mut Expr) {
        e.for_each_child_mut(&mut |c| self.rewrite_expr(c));
        let ExprKind::Call(Callee::Func(f), args) = &e.kind else {
            return;
        };
        let key = (*f, self.bindings(*f, args));
        if key.1.is_empty() {
            return;
        }
        let Some(g) = self.specialise(&key) else { return };
        if let ExprKind::Call(callee, args) = &mut e.kind {
            *callee = Callee::Func(g);
            let mut i = 0;
            args.retain(|_| {
                let keep = key.1.iter().all(|(b, _)| *b != i);
                i += 1;
                keep
            });
        }
    }

    /// The arguments of a call of `f` that are `&v` of an integer variable
    /// `v` whose type is the parameter's pointee type.
    fn bindings(&self, f: FuncId, args: &[Expr]) -> Vec<(usize, VarId)> {
        let params = &self.prog.func(f).params;
        let mut out = Vec::new();
        for (i, (a, p)) in args.iter().zip(params).enumerate() {
            let ExprKind::AddrOf(x) = &a.skip_implicit().kind else {
                continue;
            };
            let ExprKind::Var(v) = x.kind else { continue };
            let ty = &self.prog.var(v).ty;
            if ty.as_int().is_some() && self.prog.var(*p).ty.pointee() == Some(ty) {
                out.push((i, v));
            }
        }
        out
    }

    fn specialise(&mut self, key: &Key) -> Option<FuncId> {
        if let Some(done) = self.done.get(key) {
            return *done;
        }
        self.done.insert(key.clone(), None);
        let made = self.make_copy(key);
        self.done.insert(key.clone(), made);
        made
    }

    fn make_copy(&mut self, (f, binds): &Key) -> Option<FuncId> {
        let func = self.prog.func(*f).clone();
        let body = func.body.as_ref()?;
        if func.opaque.is_some() || !copyable(body) {
            return None;
        }
        let bound: BTreeMap<VarId, VarId> = binds.iter().map(|(i, v)| (func.params[*i], *v)).collect();
        if !never_moved(body, &bound) {
            return None;
        }
        // Parameters and locals of the copy are its own; statics stay
        // shared with the original, as one object.
        let mut renamed: BTreeMap<VarId, VarId> = BTreeMap::new();
        let mut own: Vec<VarId> = func.params.iter().filter(|p| !bound.contains_key(p)).copied().collect();
        body.walk(&mut |s| {
            if let StmtKind::Decl(v, _) = s.kind {
                own.push(v);
            }
        });
        for v in own {
            let decl = self.prog.var(v).clone();
            if decl.storage != Storage::Global {
                renamed.insert(v, self.prog.add_var(decl));
            }
        }
        let mut copy = body.clone();
        copy.walk_mut(&mut |st| {
            if let StmtKind::Decl(v, _) = &mut st.kind
                && let Some(n) = renamed.get(v)
            {
                *v = *n;
            }
            for e in st.own_exprs_mut() {
                substitute(e, &bound, &renamed);
            }
        });
        self.rewrite_stmt(&mut copy);
        if copy.any_expr(&Expr::is_memory_node) {
            return None;
        }
        let g = FuncId(self.prog.funcs.len());
        for v in renamed.values() {
            self.prog.vars[v.0].func = Some(g);
        }
        // The bound parameters are not renamed: they are gone.
        let params = func.params.iter().filter_map(|p| renamed.get(p).copied()).collect();
        self.prog.funcs.push(crate::ir::Function {
            params,
            body: Some(copy),
            ..func
        });
        Some(g)
    }
}

/// A body the copy can be made of: no loop (its loops would be found
/// twice), no label (a jump inside it is the original's), no quantifier
/// (whose bound variable would need renaming too).
fn copyable(body: &Stmt) -> bool {
    let mut ok = true;
    body.walk(&mut |s| ok &= !(s.is_loop() || matches!(s.kind, StmtKind::Label(..) | StmtKind::Goto(_))));
    ok && !body.any_expr(&|x| matches!(x.kind, ExprKind::Forall(..)))
}

/// No parameter of `bound` is assigned, incremented or has its address
/// taken, so it keeps the address it was called with.
fn never_moved(body: &Stmt, bound: &BTreeMap<VarId, VarId>) -> bool {
    let is_bound = |e: &Expr| matches!(e.skip_implicit().kind, ExprKind::Var(v) if bound.contains_key(&v));
    !body.any_expr(&|x| match &x.kind {
        ExprKind::Assign { lhs: t, .. } | ExprKind::IncDec { target: t, .. } | ExprKind::AddrOf(t) => is_bound(t),
        _ => false,
    })
}

/// `p` of `bound` becomes `&v` and `*&v` becomes `v`, with the type the
/// dereference had (the pointee type, which is `v`'s). Every node loses
/// its span: the callee's text says `*p` where the copy means `v`, and a
/// value that reaches an accelerator is printed from its span when it has
/// one.
fn substitute(e: &mut Expr, bound: &BTreeMap<VarId, VarId>, renamed: &BTreeMap<VarId, VarId>) {
    e.for_each_child_mut(&mut |c| substitute(c, bound, renamed));
    e.span = Span::SYNTHETIC;
    match &mut e.kind {
        ExprKind::Var(p) if bound.contains_key(p) => {
            let target = Expr::new(ExprKind::Var(bound[p]), pointee(&e.ty), Span::SYNTHETIC);
            e.kind = ExprKind::AddrOf(Box::new(target));
        }
        ExprKind::Var(v) => {
            if let Some(n) = renamed.get(v) {
                *v = *n;
            }
        }
        ExprKind::Deref(inner) => {
            if let ExprKind::AddrOf(x) = &inner.skip_implicit().kind
                && x.ty == e.ty
            {
                e.kind = x.kind.clone();
            }
        }
        _ => {}
    }
}

fn pointee(ty: &CType) -> CType {
    ty.pointee().cloned().unwrap_or(CType::Void)
}
