//! Statement execution.
//!
//! In: a statement and the current state. Out: the state after it, with
//! loops unwound, switch cases dispatched, and `break`/`continue`/`return`/
//! `goto` states parked until control arrives where they go.

use std::time::Instant;

use z3::ast::{Ast, BV, Bool};

use super::expr::convert;
use super::state::{Enc, InductionCase, PropKind, R, State, StepKind, Val, and2, lit, not1, or2, sid, unsupported};
use crate::ir::{CType, Expr, Init, Span, Stmt, StmtKind, Storage, VarId};

fn cases_of<'p>(s: &'p Stmt, out: &mut Vec<&'p Stmt>) {
    match &s.kind {
        StmtKind::Switch { .. } => {}
        StmtKind::Case(..) | StmtKind::Default(_) => {
            out.push(s);
            for c in s.children() {
                cases_of(c, out);
            }
        }
        _ => {
            for c in s.children() {
                cases_of(c, out);
            }
        }
    }
}

impl<'p> Enc<'p> {
    // ---- statements ---------------------------------------------------

    /// Dispatch on the statement kind. A dead state still enters a
    /// statement inside which a jump's parked state waits.
    pub(super) fn exec(&mut self, s: &'p Stmt, st: &mut State) -> R<()> {
        if st.dead && !self.pending_inside(s) {
            return Ok(());
        }
        self.tick()?;
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(e) => {
                if !st.dead {
                    self.eval_top(e, st)?;
                }
            }
            StmtKind::Decl(v, init) => {
                if !st.dead {
                    self.exec_decl(*v, init.as_ref(), s.span, st)?;
                }
            }
            StmtKind::Block { stmts, .. } => {
                for c in stmts {
                    self.exec(c, st)?;
                }
            }
            StmtKind::If { cond, then, els } => self.exec_if(cond, then, els.as_deref(), st)?,
            StmtKind::While { cond, body } => self.exec_loop(s, Some(cond), None, body, false, st)?,
            StmtKind::DoWhile { body, cond } => self.exec_loop(s, Some(cond), None, body, true, st)?,
            StmtKind::For { init, cond, step, body } => {
                if let Some(i) = init {
                    self.exec(i, st)?;
                }
                self.exec_loop(s, cond.as_ref(), step.as_ref(), body, false, st)?;
            }
            StmtKind::Break => {
                let taken = std::mem::replace(st, State::dead());
                match self.ctx().breaks.last_mut() {
                    Some(b) => b.push(taken),
                    None => return Err(unsupported(s.span, "`break` outside a loop or switch")),
                }
            }
            StmtKind::Continue => {
                let taken = std::mem::replace(st, State::dead());
                match self.ctx().conts.last_mut() {
                    Some(c) => c.push(taken),
                    None => return Err(unsupported(s.span, "`continue` outside a loop")),
                }
            }
            StmtKind::Return(e) => self.exec_return(e.as_ref(), st)?,
            StmtKind::Label(name, inner) => self.exec_label(s, name, inner, st)?,
            StmtKind::Goto(name) => self.exec_goto(s, name, st)?,
            StmtKind::Switch { cond, body } => self.exec_switch(cond, body, st)?,
            StmtKind::Case(_, inner) | StmtKind::Default(inner) => {
                self.arrive(s, st);
                self.exec(inner, st)?;
            }
            StmtKind::Opaque(reason) => {
                return Err(unsupported(s.span, format!("statement not modelled: {reason}")));
            }
        }
        Ok(())
    }

    /// Both branches run, each in a fork of the state under its condition,
    /// and their states merge.
    fn exec_if(&mut self, cond: &'p Expr, then: &'p Stmt, els: Option<&'p Stmt>, st: &mut State) -> R<()> {
        let c = if st.dead {
            Bool::from_bool(false)
        } else {
            self.truth(cond, st)?
        };
        let mut t = self.fork(st, &c);
        let mut f = self.fork(st, &not1(&c));
        self.exec(then, &mut t)?;
        if let Some(e) = els {
            self.exec(e, &mut f)?;
        }
        *st = self.merge(vec![t, f]);
        Ok(())
    }

    /// `return e;`: the state and the value (converted to the function's
    /// return type) wait for the end of the call.
    fn exec_return(&mut self, e: Option<&'p Expr>, st: &mut State) -> R<()> {
        let v = match e {
            Some(e) if !st.dead => {
                let v = self.eval(e, st)?;
                let func = self.ctxs[self.ctxs.len() - 1].func;
                Some(match (v, func.map(|f| &self.prog.func(f).ret)) {
                    (Val::Bv(b), Some(CType::Int(t))) => {
                        let from = self.ity(e)?;
                        Val::Bv(self.name_bv(convert(&b, from, *t)))
                    }
                    (v, _) => v,
                })
            }
            _ => None,
        };
        let taken = std::mem::replace(st, State::dead());
        self.ctx().returns.push((taken, v));
        Ok(())
    }

    /// A labelled statement `s`: states parked by `goto name` join here,
    /// and reaching the error label (if one is set) is a property.
    fn exec_label(&mut self, s: &'p Stmt, name: &str, inner: &'p Stmt, st: &mut State) -> R<()> {
        self.arrive(s, st);
        if self.opts.error_label == Some(name) && !st.dead {
            self.prop(
                PropKind::ErrorLabel,
                s.span,
                format!("error label `{name}` reachable"),
                st.guard.clone(),
            );
        }
        self.exec(inner, st)
    }

    /// `goto name` (statement `s`): forward only; the state waits at the
    /// label until control arrives there.
    fn exec_goto(&mut self, s: &'p Stmt, name: &str, st: &mut State) -> R<()> {
        let labels = self.ctxs[self.ctxs.len() - 1].labels.clone();
        let Some(&(target, lorder)) = labels.by_name.get(name) else {
            return Err(unsupported(
                s.span,
                format!("label `{name}` not found in this function"),
            ));
        };
        let gorder = labels.goto_order.get(&sid(s)).copied().unwrap_or(usize::MAX);
        if lorder <= gorder {
            return Err(unsupported(s.span, format!("backward `goto {name}` is not supported")));
        }
        let taken = std::mem::replace(st, State::dead());
        if !taken.dead {
            let prev = self.ctx().pending.remove(&target);
            let merged = match prev {
                Some(p) => self.merge(vec![p, taken]),
                None => taken,
            };
            self.ctx().pending.insert(target, merged);
        }
        Ok(())
    }

    fn exec_decl(&mut self, v: VarId, init: Option<&'p Init>, span: Span, st: &mut State) -> R<()> {
        let decl = self.prog.var(v);
        if decl.storage == Storage::Global {
            // Initialised once before the entry function runs.
            return Ok(());
        }
        let key = self.key(v);
        let val = match init {
            Some(i) => {
                let val = self.init_value(&decl.ty, i, span, st)?;
                if let (Val::Bv(b), CType::Int(t)) = (&val, &decl.ty) {
                    self.step(
                        st,
                        span,
                        StepKind::Decl,
                        decl.name.clone(),
                        Vec::new(),
                        Some((b.clone(), *t)),
                    );
                }
                val
            }
            None if decl.ty.is_opaque() => {
                // Declaring is harmless; any use of it is refused.
                return Ok(());
            }
            None => {
                let val = self.fresh(&decl.ty, span)?;
                if let (Val::Bv(b), CType::Int(t)) = (&val, &decl.ty) {
                    self.step(
                        st,
                        span,
                        StepKind::Uninit,
                        decl.name.clone(),
                        Vec::new(),
                        Some((b.clone(), *t)),
                    );
                }
                val
            }
        };
        st.vals.insert(key, val);
        Ok(())
    }

    fn exec_loop(
        &mut self,
        s: &'p Stmt,
        cond: Option<&'p Expr>,
        step: Option<&'p Expr>,
        body: &'p Stmt,
        do_while: bool,
        st: &mut State,
    ) -> R<()> {
        let mut exits = Vec::new();
        let mut back_edges: u32 = 0;
        let induction = (self.opts.induction)
            .filter(|i| i.target == s.span)
            .map(|i| (i.case, i.k));
        let entry = match induction {
            Some(_) => self.entry_values(st)?,
            None => Vec::new(),
        };
        let stepping = match induction {
            Some((InductionCase::Step, k)) => {
                self.havoc(st, s.span)?;
                Some(k)
            }
            _ => None,
        };
        let bound = match induction {
            Some((InductionCase::Base, k)) => k,
            // The step case ends at its own back edge, after k + 1 bodies.
            Some((InductionCase::Step, k)) => k.saturating_add(1),
            None => self.opts.loop_bounds.get(&s.span).copied().unwrap_or(self.opts.unwind),
        }
        .max(1);
        loop {
            // In the step case's first k iterations properties are assumed,
            // and leaving the loop there ends the execution.
            let assumed = stepping.is_some_and(|k| back_edges < k);
            if stepping.is_some() {
                self.assuming = assumed;
            }
            if induction.is_some() {
                self.check_invariants(st, s.span, &entry)?;
            }
            if !do_while && let Some(c) = cond {
                let c = if st.dead {
                    Bool::from_bool(false)
                } else {
                    self.truth(c, st)?
                };
                if !assumed {
                    exits.push(self.fork(st, &not1(&c)));
                }
                *st = self.fork(st, &c);
            }
            self.ctx().breaks.push(Vec::new());
            self.ctx().conts.push(Vec::new());
            let r = self.exec(body, st);
            let conts = self.ctx().conts.pop().unwrap_or_default();
            let brks = self.ctx().breaks.pop().unwrap_or_default();
            r?;
            if !assumed {
                exits.extend(brks);
            }
            let mut cur = vec![std::mem::replace(st, State::dead())];
            cur.extend(conts);
            *st = self.merge(cur);
            if !st.dead {
                if do_while {
                    if let Some(c) = cond {
                        let c = self.truth(c, st)?;
                        if !assumed {
                            exits.push(self.fork(st, &not1(&c)));
                        }
                        *st = self.fork(st, &c);
                    }
                } else if let Some(e) = step {
                    self.eval_top(e, st)?;
                }
            }
            if st.dead {
                break;
            }
            // The back edge is taken here.
            back_edges += 1;
            self.report_unwinding(s.span, back_edges, bound);
            if back_edges >= bound {
                if self.opts.unwinding_assertions && induction.is_none() {
                    let line = self.line_of(s.span);
                    self.prop(
                        PropKind::Unwind,
                        s.span,
                        format!("unwinding assertion: loop at line {line} not fully unwound"),
                        st.guard.clone(),
                    );
                }
                *st = State::dead();
                break;
            }
            self.tick()?;
        }
        exits.push(std::mem::replace(st, State::dead()));
        *st = self.merge(exits);
        if stepping.is_some() {
            self.assuming = false;
        }
        Ok(())
    }

    /// The values of the kept candidate invariants (`HeadInvariant::kept`)
    /// at the target loop's entry, in their order (`None` for the others,
    /// and for all where the loop is not reached).
    fn entry_values(&mut self, st: &mut State) -> R<Vec<Option<BV>>> {
        let invariants = self.opts.induction.map(|i| i.invariants.as_slice()).unwrap_or_default();
        let mut out = Vec::with_capacity(invariants.len());
        for inv in invariants {
            out.push(match inv.kept && !st.dead {
                true => Some(self.eval_bv(&inv.expr, st)?),
                false => None,
            });
        }
        Ok(out)
    }

    /// The candidate invariants (`Induction::invariants`) as properties at
    /// the target loop's head, a kept value against its value at `entry`.
    /// They are comparisons and unsigned arithmetic over variables, which
    /// change nothing in the state they are evaluated in and check nothing
    /// themselves.
    fn check_invariants(&mut self, st: &mut State, span: Span, entry: &[Option<BV>]) -> R<()> {
        if st.dead {
            return Ok(());
        }
        let invariants = self.opts.induction.map(|i| i.invariants.as_slice()).unwrap_or_default();
        for (i, inv) in invariants.iter().enumerate() {
            let c = if inv.kept {
                // None only where the loop was reached dead, as it is here.
                let Some(at_entry) = entry.get(i).and_then(Option::as_ref) else {
                    continue;
                };
                self.eval_bv(&inv.expr, st)?.eq(at_entry)
            } else {
                self.truth(&inv.expr, st)?
            };
            let fails = and2(&st.guard, &not1(&c));
            self.prop(PropKind::Invariant, span, format!("invariant {i}: {}", inv.text), fails);
        }
        Ok(())
    }

    /// The step case's arbitrary state at the loop's head: each variable
    /// the loop may write (`Induction::havoc`) that exists here gets a
    /// fresh value.
    fn havoc(&mut self, st: &mut State, span: Span) -> R<()> {
        let havoc = self.opts.induction.map(|i| i.havoc.as_slice()).unwrap_or_default();
        for &v in havoc {
            let key = self.key(v);
            if !st.vals.contains_key(&key) {
                continue;
            }
            let decl = self.prog.var(v);
            let val = self.fresh(&decl.ty, span)?;
            if let (Val::Bv(b), CType::Int(t)) = (&val, &decl.ty) {
                // The counterexample shows where the step case began.
                let target = format!("{} (arbitrary at the loop's head)", decl.name);
                self.step(st, span, StepKind::Nondet, target, Vec::new(), Some((b.clone(), *t)));
            }
            st.vals.insert(key, val);
        }
        Ok(())
    }

    /// Progress (at most every 200 ms): which loop is being unwound, and
    /// how far.
    fn report_unwinding(&mut self, span: Span, back_edges: u32, bound: u32) {
        if let Some(p) = self.opts.progress
            && self.last_progress.elapsed() > std::time::Duration::from_millis(200)
        {
            self.last_progress = Instant::now();
            let func = self
                .ctxs
                .last()
                .and_then(|c| c.func)
                .map_or("?", |f| self.prog.func(f).name.as_str());
            p.tell(&format!(
                "unwinding `{func}`: loop at line {}, pass {back_edges} of at most {bound}",
                self.line_of(span)
            ));
        }
    }

    fn line_of(&self, span: Span) -> usize {
        if span.is_synthetic() {
            return 0;
        }
        let end = span.start.min(self.src.len());
        self.src.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
    }

    fn exec_switch(&mut self, cond: &'p Expr, body: &'p Stmt, st: &mut State) -> R<()> {
        let dead_entry = st.dead;
        let v = if dead_entry {
            lit(0, 32)
        } else {
            self.eval_bv(cond, st)?
        };
        let mut cases = Vec::new();
        cases_of(body, &mut cases);
        let mut any = Bool::from_bool(false);
        let mut default = None;
        for c in &cases {
            match &c.kind {
                StmtKind::Case(val, _) => {
                    let hit = v.eq(lit(*val, v.get_size())).simplify();
                    let entry = self.fork(st, &hit);
                    if !entry.dead {
                        self.ctx().pending.insert(sid(c), entry);
                    }
                    any = or2(&any, &hit);
                }
                _ => default = Some(*c),
            }
        }
        let none = self.fork(st, &not1(&any));
        let mut brk = Vec::new();
        match default {
            Some(d) if !none.dead => {
                self.ctx().pending.insert(sid(d), none);
            }
            Some(_) => {}
            None => brk.push(none),
        }
        *st = State::dead();
        self.ctx().breaks.push(brk);
        let r = self.exec(body, st);
        let brks = self.ctx().breaks.pop().unwrap_or_default();
        r?;
        let mut all = vec![std::mem::replace(st, State::dead())];
        all.extend(brks);
        *st = self.merge(all);
        Ok(())
    }
}
