//! Calls: function activations and calls in expressions.
//!
//! In: a callee, its arguments and the caller's state. Out: the return
//! value, with the callee's body executed in a fresh frame, or a
//! nondeterministic result (and its trace step) for `nondet_*` and intrinsics.
//! `eval_call` only dispatches: each intrinsic (assert, assume, error,
//! abort, array copy) and each kind of user call has its own method.

use super::expr::{convert, pure};
use super::state::{Enc, FnCtx, Key, PropKind, R, State, StepKind, Val, and2, is_false, not1, unsupported};
use crate::diag::Diagnostic;
use crate::ir::{CType, Callee, Expr, ExprKind, FuncId, Intrinsic, Span, VarId};

fn is_nondet_name(name: &str) -> bool {
    name.starts_with("nondet_") || name.starts_with("__VERIFIER_nondet_") || name.starts_with("__CPROVER_nondet")
}

impl<'p> Enc<'p> {
    // ---- functions ----------------------------------------------------

    pub(super) fn call_function(
        &mut self,
        fid: FuncId,
        args: Vec<(Val, Option<Key>)>,
        span: Span,
        st: &mut State,
    ) -> R<Val> {
        let prog = self.prog;
        let f = prog.func(fid);
        let Some(body) = &f.body else {
            return Err(unsupported(span, format!("function `{}` has no body", f.name)));
        };
        let active = self.ctxs.iter().filter(|c| c.func == Some(fid)).count();
        if active > 0 && active >= self.opts.unwind.max(1) as usize {
            // Recursion deeper than the bound: like a loop's K-th back edge.
            if self.opts.unwinding_assertions && !st.dead {
                self.prop(
                    PropKind::Recursion,
                    span,
                    format!("recursion unwinding assertion: `{}`", f.name),
                    st.guard.clone(),
                );
            }
            *st = State::dead();
            return self.fresh(&f.ret, span);
        }
        let labels = self.labels_of(fid)?;
        let frame = self.next_frame;
        self.next_frame += 1;
        let mut ctx = FnCtx::new(Some(fid), frame, labels);
        let mut binds = Vec::new();
        for (p, (val, alias)) in f.params.iter().zip(args) {
            match alias {
                Some(k) => {
                    ctx.aliases.insert(*p, k);
                }
                None => {
                    if let (Val::Bv(b), CType::Int(t)) = (&val, &prog.var(*p).ty) {
                        binds.push((prog.var(*p).name.clone(), b.clone(), *t));
                    }
                    if !matches!(val, Val::Void) {
                        st.vals.insert((frame, *p), val);
                    }
                }
            }
        }
        for (name, b, t) in binds {
            self.step(st, span, StepKind::Param, name, Vec::new(), Some((b, t)));
        }
        self.ctxs.push(ctx);
        let r = self.exec(body, st);
        let ctx = match self.ctxs.pop() {
            Some(c) => c,
            None => return Err(unsupported(span, "internal error: call stack underflow")),
        };
        r?;
        if ctx.pending.values().any(|s| !s.dead) {
            return Err(unsupported(f.span, "a jump target in this function was never reached"));
        }
        let fall = std::mem::replace(st, State::dead());
        let mut outs = ctx.returns;
        outs.push((fall, None));
        outs.retain(|(s, _)| !s.dead);
        let ret = self.return_value(&f.ret, f.span, &outs)?;
        let mut merged = self.merge(outs.into_iter().map(|(s, _)| s).collect());
        merged.vals.retain(|k, _| k.0 != frame);
        *st = merged;
        Ok(ret)
    }

    /// The value a call returns of type `ty`, merged over the states `outs`
    /// that left the function; a path that returned no value (fell off the
    /// end, or `return;`) gives a fresh one.
    fn return_value(&mut self, ty: &CType, span: Span, outs: &[(State, Option<Val>)]) -> R<Val> {
        if *ty == CType::Void {
            return Ok(Val::Void);
        }
        let mut vals = Vec::new();
        for (_, v) in outs {
            vals.push(match v {
                Some(v) => v.clone(),
                None => self.fresh(ty, span)?,
            });
        }
        let states: Vec<State> = outs.iter().map(|(s, _)| s.clone()).collect();
        if vals.is_empty() {
            self.fresh(ty, span)
        } else {
            self.merge_vals(&states, vals)
                .ok_or_else(|| unsupported(span, "return values of different types"))
        }
    }

    /// Dispatch on the callee: one method per intrinsic, one for user
    /// functions.
    pub(super) fn eval_call(
        &mut self,
        e: &'p Expr,
        callee: &'p Callee,
        args: &'p [Expr],
        st: &mut State,
        discard: bool,
    ) -> R<Val> {
        match callee {
            Callee::Intrinsic(Intrinsic::Assert) => self.call_assert(e, args, st),
            Callee::Intrinsic(Intrinsic::Assume) => self.call_assume(e, args, st),
            Callee::Intrinsic(Intrinsic::Error) => self.call_error(e, st),
            Callee::Intrinsic(Intrinsic::Abort) => self.call_abort(args, st),
            // Between arrays of one type (lowering), a replace is a copy.
            Callee::Intrinsic(Intrinsic::ArrayCopy | Intrinsic::ArrayReplace) => self.call_array_copy(e, args, st),
            Callee::Func(fid) => self.call_user(e, *fid, args, st, discard),
        }
    }

    /// `assert(c)`: a property that fails where `c` is false.
    fn call_assert(&mut self, e: &'p Expr, args: &'p [Expr], st: &mut State) -> R<Val> {
        let cond = intrinsic_arg(e, args, 0)?;
        let c = self.truth(cond, st)?;
        let message = self.assert_message(e, cond);
        if !st.dead {
            self.prop(PropKind::Assert, e.span, message, and2(&st.guard, &not1(&c)));
        }
        Ok(Val::Void)
    }

    /// The message of an assertion `call` on `cond`: its quoted string, or
    /// "assertion" and the condition's text.
    fn assert_message(&self, call: &Expr, cond: &Expr) -> String {
        // Lowering keeps only the condition; a message string of
        // `__CPROVER_assert(c, "msg")` follows it in the call's text.
        let after = match (call.span.is_synthetic(), cond.span.is_synthetic()) {
            (false, false) => self.src.get(cond.span.end..call.span.end).unwrap_or(""),
            _ => "",
        };
        let quoted = match (after.find('"'), after.rfind('"')) {
            (Some(a), Some(b)) if b > a => Some(after[a + 1..b].to_string()),
            _ => None,
        };
        match quoted {
            Some(m) => m,
            None => {
                let t = self.text(cond.span);
                if t.is_empty() {
                    "assertion".to_string()
                } else {
                    format!("assertion {t}")
                }
            }
        }
    }

    /// `__CPROVER_assume(c)`: executions where `c` is false end here.
    fn call_assume(&mut self, e: &'p Expr, args: &'p [Expr], st: &mut State) -> R<Val> {
        let c = self.truth(intrinsic_arg(e, args, 0)?, st)?;
        if !st.dead && self.out.props.iter().all(|p| is_false(&p.fails)) {
            // No property precedes this assumption, so it cannot
            // mask a failure: make it a global constraint, which
            // z3's preprocessing can propagate (e.g. `x == 5`).
            self.out.defs.push(st.guard.implies(&c));
        } else if !st.dead {
            let g = and2(&st.guard, &c);
            if is_false(&g) {
                *st = State::dead();
            } else {
                st.guard = self.name_bool(g);
            }
        }
        Ok(Val::Void)
    }

    /// `reach_error()` and the like: a property that fails wherever the
    /// call is reached.
    fn call_error(&mut self, e: &'p Expr, st: &mut State) -> R<Val> {
        if !st.dead {
            let name = self.text(e.span).split('(').next().unwrap_or("").trim().to_string();
            let name = if name.is_empty() {
                "error function".to_string()
            } else {
                name
            };
            self.prop(
                PropKind::ErrorCall,
                e.span,
                format!("{name} reachable"),
                st.guard.clone(),
            );
        }
        // The error functions do not return.
        *st = State::dead();
        Ok(Val::Void)
    }

    /// `abort()`, `exit(n)`: the execution ends after the integer
    /// arguments are evaluated.
    fn call_abort(&mut self, args: &'p [Expr], st: &mut State) -> R<Val> {
        for a in args {
            if a.ty.as_int().is_some() {
                self.eval(a, st)?;
            }
        }
        *st = State::dead();
        Ok(Val::Void)
    }

    /// `__CPROVER_array_copy(dst, src)` between arrays of one type.
    fn call_array_copy(&mut self, e: &'p Expr, args: &'p [Expr], st: &mut State) -> R<Val> {
        let dst = intrinsic_arg(e, args, 0)?.skip_implicit();
        let src = intrinsic_arg(e, args, 1)?.skip_implicit();
        if dst.ty != src.ty || !matches!(dst.ty, CType::Array(..)) {
            return Err(unsupported(
                e.span,
                "array copy between different array types is not modelled",
            ));
        }
        let lp = self.lvalue(dst, st)?;
        let v = self.eval_arr(src, st)?;
        self.write_lpath(&lp, Val::Arr(v), e.span, st)?;
        Ok(Val::Void)
    }

    /// A call of a program function: executed when it has a body,
    /// modelled as CBMC does when it has none.
    fn call_user(&mut self, e: &'p Expr, fid: FuncId, args: &'p [Expr], st: &mut State, discard: bool) -> R<Val> {
        let f = self.prog.func(fid);
        if let Some(reason) = &f.opaque {
            return Err(unsupported(
                e.span,
                format!("call to `{}`, whose signature is not modelled: {reason}", f.name),
            ));
        }
        if f.body.is_none() {
            return self.call_bodiless(e, fid, args, st, discard);
        }
        if args.len() != f.params.len() {
            return Err(unsupported(
                e.span,
                format!("call to `{}` with the wrong number of arguments", f.name),
            ));
        }
        let vals = self.eval_args(args, &f.params, st)?;
        if st.dead {
            return Ok(self.dummy(&f.ret));
        }
        self.call_function(fid, vals, e.span, st)
    }

    /// The values passed for `params`: integers converted to the
    /// parameter's type, arrays as an alias of the caller's variable.
    fn eval_args(&mut self, args: &'p [Expr], params: &[VarId], st: &mut State) -> R<Vec<(Val, Option<Key>)>> {
        let prog = self.prog;
        let mut vals = Vec::new();
        for (a, p) in args.iter().zip(params) {
            let pty = &prog.var(*p).ty;
            match pty {
                CType::Array(..) => {
                    let inner = a.skip_implicit();
                    let ExprKind::Var(v) = inner.kind else {
                        return Err(unsupported(
                            a.span,
                            "array argument other than a variable is not modelled",
                        ));
                    };
                    if inner.ty != *pty && !matches!(&inner.ty, CType::Array(..)) {
                        return Err(unsupported(a.span, "array argument of a different type"));
                    }
                    let key = self.key(v);
                    // Make sure the caller's array exists before aliasing it.
                    self.read_var(v, a.span, st)?;
                    vals.push((Val::Void, Some(key)));
                }
                CType::Int(t) => {
                    let v = self.eval_bv(a, st)?;
                    let at = self.ity(a)?;
                    vals.push((Val::Bv(self.name_bv(convert(&v, at, *t))), None));
                }
                // (The front end converted the argument to the parameter's type.)
                CType::Pointer(_) if a.ty == *pty => {
                    let v = self.eval_bv(a, st)?;
                    vals.push((Val::Bv(self.name_bv(v)), None));
                }
                // A structure is passed by value: the parameter is a copy.
                CType::Struct(_) if a.ty == *pty => {
                    let v = self.eval(a, st)?;
                    vals.push((v, None));
                }
                _ => {
                    return Err(unsupported(
                        a.span,
                        format!("parameter of type `{pty}` is not modelled"),
                    ));
                }
            }
        }
        Ok(vals)
    }

    /// A call of a function without a body: its arguments' side effects
    /// happen, and its return value (if used) is nondeterministic.
    fn call_bodiless(&mut self, e: &'p Expr, fid: FuncId, args: &'p [Expr], st: &mut State, discard: bool) -> R<Val> {
        let f = self.prog.func(fid);
        for a in args {
            if pure(a) {
                continue;
            }
            self.eval_top(a, st)?;
        }
        let nondet = is_nondet_name(&f.name);
        if !nondet && (discard || f.ret == CType::Void) {
            // Like CBMC: a function without body has no effect.
            return Ok(Val::Void);
        }
        if !nondet {
            // Like CBMC: and its return value is nondeterministic.
            let message = format!(
                "no body for function `{}`: its return value is nondeterministic",
                f.name
            );
            if !self.out.warnings.iter().any(|w| w.message == message) {
                self.out.warnings.push(
                    Diagnostic::warning(e.span, message).with_label("as CBMC does, any value of the return type"),
                );
            }
        }
        let v = self.fresh(&f.ret, e.span)?;
        if let (Val::Bv(b), CType::Int(t)) = (&v, &f.ret) {
            self.step(
                st,
                e.span,
                StepKind::Nondet,
                format!("{}({})", f.name, if nondet { "" } else { "..." }),
                Vec::new(),
                Some((b.clone(), *t)),
            );
        }
        Ok(v)
    }
}

/// Argument `i` of an intrinsic call `e`, or an error if it has fewer.
fn intrinsic_arg<'a>(e: &Expr, args: &'a [Expr], i: usize) -> R<&'a Expr> {
    args.get(i)
        .ok_or_else(|| unsupported(e.span, "intrinsic called with too few arguments"))
}
