//! Symbolic execution of the structured IR into z3 formulas.
//!
//! In: a `Program`, the entry function and the unwinding options. Out: an
//! `Encoding`: definitions to assert (SSA equations), the properties (user
//! assertions, error calls/labels, unwinding and recursion assertions) each
//! with its failure condition, and the trace steps (guard, location, value)
//! from which a counterexample is read back.
//!
//! Execution is path-merging: one `State` (guard + variable values) flows
//! through the statements; branches fork it and join points merge the forks
//! with `ite`. `break`/`continue`/`return`/`goto`/`switch` park states in
//! accumulators that are merged where control arrives.

mod call;
mod expr;
mod memory;
mod pointer;
mod state;
mod stmt;

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use z3::ast::{Array, Ast, BV, Bool, Dynamic};

use crate::diag::Diagnostic;
use crate::ir::{CType, FuncId, IntType, Program, Span, Stmt, StmtKind, Storage, VarId};
use memory::merge_store_chains;
use state::{
    Enc, FnCtx, Key, Labels, Prop, R, State, Step, Val, and2, is_false, lit, members_of, or2, sid, sort_of, unsupported,
};

pub(crate) use state::{EncodeOptions, Encoding, HeadInvariant, Induction, InductionCase, PropKind, StepKind, Stop};

/// Symbolically execute `opts.entry` of `prog`.
pub(crate) fn encode(prog: &Program, src: &str, opts: &EncodeOptions<'_>) -> Result<Encoding, Stop> {
    let mut enc = Enc {
        prog,
        src,
        opts,
        ctxs: vec![FnCtx::new(None, 0, Rc::new(Labels::default()))],
        next_frame: 1,
        out: Encoding::default(),
        labels: HashMap::new(),
        ticks: 0,
        binders: 0,
        last_progress: Instant::now(),
        objects: Vec::new(),
        assuming: opts.induction.is_some_and(|i| i.case == InductionCase::Step),
    };
    let entry = prog.func_by_name(opts.entry).ok_or_else(|| {
        Stop::Unsupported(Diagnostic::error(
            Span::SYNTHETIC,
            format!("entry function `{}` not found", opts.entry),
        ))
    })?;
    let f = prog.func(entry);
    if f.body.is_none() {
        return Err(unsupported(f.span, format!("entry function `{}` has no body", f.name)));
    }
    let mut st = State::live();
    enc.init_globals(&mut st)?;
    // The entry's parameters are unconstrained; unmodelled ones (`argv`)
    // stay unbound, so only a use of them is refused.
    let mut args = Vec::new();
    for p in &f.params {
        let ty = &prog.var(*p).ty;
        let v = if ty.is_opaque() {
            Val::Void
        } else {
            enc.fresh(ty, prog.var(*p).span)?
        };
        args.push((v, None));
    }
    enc.call_function(entry, args, f.span, &mut st)?;
    Ok(enc.out)
}

impl<'p> Enc<'p> {
    fn ctx(&mut self) -> &mut FnCtx {
        // The global pseudo-context at the bottom is never popped.
        let n = self.ctxs.len() - 1;
        &mut self.ctxs[n]
    }

    fn tick(&mut self) -> R<()> {
        self.ticks = self.ticks.wrapping_add(1);
        if let Some(d) = self.opts.deadline
            && self.ticks.is_multiple_of(64)
            && Instant::now() > d
        {
            return Err(Stop::Timeout);
        }
        if let Some(limit) = self.opts.memory_limit_kib
            && self.ticks.is_multiple_of(4096)
            && resident_kib().is_some_and(|kib| kib > limit)
        {
            return Err(Stop::OutOfMemory);
        }
        Ok(())
    }

    fn text(&self, span: Span) -> &str {
        if span.is_synthetic() {
            return "";
        }
        self.src.get(span.start..span.end).unwrap_or("")
    }

    // ---- values and states -------------------------------------------

    fn fresh(&mut self, ty: &CType, span: Span) -> R<Val> {
        match ty {
            CType::Int(t) => {
                let v = BV::fresh_const("tracc_nd", t.bits());
                if t.is_bool() {
                    // A _Bool object only ever holds 0 or 1.
                    self.out.defs.push(v.bvule(lit(1, 8)));
                }
                Ok(Val::Bv(v))
            }
            CType::Array(..) | CType::Vla(_) => {
                let sort = sort_of(ty, span)?;
                Dynamic::fresh_const("tracc_nda", &sort)
                    .as_array()
                    .map(Val::Arr)
                    .ok_or_else(|| unsupported(span, format!("type `{ty}` is not modelled")))
            }
            // An uninitialised pointer may hold anything.
            CType::Pointer(_) => Ok(Val::Bv(BV::fresh_const("tracc_ndp", 64))),
            CType::Struct(s) => {
                let tys: Vec<CType> = members_of(self.prog, s, span)?.iter().map(|m| m.ty.clone()).collect();
                tys.iter()
                    .map(|t| self.fresh(t, span))
                    .collect::<R<Vec<Val>>>()
                    .map(Val::Struct)
            }
            CType::Void => Ok(Val::Void),
            CType::Opaque(_) => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
        }
    }

    /// Give a non-trivial scalar a name, so formulas stay small (SSA).
    fn name_bv(&mut self, v: BV) -> BV {
        let v = v.simplify();
        if v.as_u64().is_some() || v.is_const() {
            return v;
        }
        let c = BV::fresh_const("tracc_v", v.get_size());
        self.out.defs.push(c.eq(&v));
        c
    }

    fn name_bool(&mut self, b: Bool) -> Bool {
        let b = b.simplify();
        if b.as_bool().is_some() || b.is_const() {
            return b;
        }
        let c = Bool::fresh_const("tracc_g");
        self.out.defs.push(c.eq(&b));
        c
    }

    fn name_arr(&mut self, a: Array) -> Array {
        if a.is_const() {
            return a;
        }
        match Dynamic::fresh_const("tracc_a", &a.get_sort()).as_array() {
            Some(c) => {
                self.out.defs.push(c.eq(&a));
                c
            }
            None => a,
        }
    }

    fn fork(&self, st: &State, c: &Bool) -> State {
        if st.dead {
            return State::dead();
        }
        let g = and2(&st.guard, c);
        if is_false(&g) {
            return State::dead();
        }
        State {
            guard: g,
            dead: false,
            vals: st.vals.clone(),
        }
    }

    fn merge(&mut self, states: Vec<State>) -> State {
        let mut live: Vec<State> = states.into_iter().filter(|s| !s.dead).collect();
        if live.len() <= 1 {
            return live.pop().unwrap_or_else(State::dead);
        }
        let mut guard = Bool::from_bool(false);
        for s in &live {
            guard = or2(&guard, &s.guard);
        }
        let guard = self.name_bool(guard);
        let mut vals = HashMap::new();
        let mut keys: Vec<Key> = live[0].vals.keys().copied().collect();
        // A string literal or an allocation may exist in some states only.
        keys.extend(self.object_keys().into_iter().filter(|k| !live[0].vals.contains_key(k)));
        'keys: for k in keys {
            let mut vs = Vec::with_capacity(live.len());
            for s in &live {
                match s.vals.get(&k).cloned().or_else(|| self.object_default(&k)) {
                    Some(v) => vs.push(v),
                    None => continue 'keys,
                }
            }
            let merged = self.merge_vals(&live, vs);
            if let Some(m) = merged {
                vals.insert(k, m);
            }
        }
        State {
            dead: is_false(&guard),
            guard,
            vals,
        }
    }

    /// `ite(g1, v1, ite(g2, v2, ... vn))`; `None` if the kinds disagree.
    fn merge_vals(&mut self, live: &[State], vs: Vec<Val>) -> Option<Val> {
        let n = vs.len();
        match &vs[0] {
            Val::Bv(first) => {
                let bvs: Vec<BV> = vs
                    .iter()
                    .filter_map(|v| match v {
                        Val::Bv(b) if b.get_size() == first.get_size() => Some(b.clone()),
                        _ => None,
                    })
                    .collect();
                if bvs.len() != n {
                    return None;
                }
                if bvs.iter().all(|b| b.ast_eq(first)) {
                    return Some(Val::Bv(first.clone()));
                }
                let mut acc = bvs[n - 1].clone();
                for i in (0..n - 1).rev() {
                    acc = live[i].guard.ite(&bvs[i], &acc);
                }
                Some(Val::Bv(self.name_bv(acc)))
            }
            Val::Arr(first) => {
                let arrs: Vec<Array> = vs
                    .iter()
                    .filter_map(|v| match v {
                        Val::Arr(a) if a.get_sort() == first.get_sort() => Some(a.clone()),
                        _ => None,
                    })
                    .collect();
                if arrs.len() != n {
                    return None;
                }
                if arrs.iter().all(|a| a.ast_eq(first)) {
                    return Some(Val::Arr(first.clone()));
                }
                if let Some(m) = merge_store_chains(live, &arrs) {
                    return Some(Val::Arr(m));
                }
                let mut acc = arrs[n - 1].clone();
                for i in (0..n - 1).rev() {
                    acc = live[i].guard.ite(&arrs[i], &acc);
                }
                Some(Val::Arr(self.name_arr(acc)))
            }
            Val::Struct(first) => {
                let mut members = Vec::with_capacity(first.len());
                for i in 0..first.len() {
                    let mut column = Vec::with_capacity(n);
                    for v in &vs {
                        match v {
                            Val::Struct(ms) if ms.len() == first.len() => column.push(ms[i].clone()),
                            _ => return None,
                        }
                    }
                    members.push(self.merge_vals(live, column)?);
                }
                Some(Val::Struct(members))
            }
            Val::Void => Some(Val::Void),
        }
    }

    /// `prop` of what fails where the state's guard holds, unless that
    /// cannot happen (a constant divisor, a variable's address): CBMC
    /// records no such property.
    fn prop_where(&mut self, st: &State, kind: PropKind, span: Span, message: String, fails: &Bool) {
        let fails = state::and2(&st.guard, fails).simplify();
        if fails.as_bool() != Some(false) {
            self.prop(kind, span, message, fails);
        }
    }

    fn prop(&mut self, kind: PropKind, span: Span, message: String, fails: Bool) {
        let fails = fails.simplify();
        if self.assuming {
            // Every execution reaches the assumed properties before any
            // checked one, so a global constraint assumes exactly.
            self.out.defs.push(fails.not());
            return;
        }
        self.out.props.push(Prop {
            kind,
            span,
            message,
            fails,
            step: self.out.steps.len(),
        });
    }

    fn step(
        &mut self,
        st: &State,
        span: Span,
        kind: StepKind,
        target: String,
        indices: Vec<BV>,
        value: Option<(BV, IntType)>,
    ) {
        if st.dead {
            return;
        }
        self.out.steps.push(Step {
            span,
            kind,
            target,
            indices,
            value,
            guard: st.guard.clone(),
        });
    }

    fn key(&self, v: VarId) -> Key {
        let decl = self.prog.var(v);
        if decl.storage == Storage::Global {
            return (0, v);
        }
        let ctx = &self.ctxs[self.ctxs.len() - 1];
        if let Some(k) = ctx.aliases.get(&v) {
            return *k;
        }
        (ctx.frame, v)
    }

    fn pending_inside(&self, s: &Stmt) -> bool {
        let ctx = &self.ctxs[self.ctxs.len() - 1];
        if ctx.pending.is_empty() {
            return false;
        }
        let mut found = false;
        s.walk(&mut |x| {
            if ctx.pending.contains_key(&sid(x)) {
                found = true;
            }
        });
        found
    }

    fn arrive(&mut self, s: &Stmt, st: &mut State) {
        if let Some(p) = self.ctx().pending.remove(&sid(s)) {
            let cur = std::mem::replace(st, State::dead());
            *st = self.merge(vec![cur, p]);
        }
    }

    fn labels_of(&mut self, f: FuncId) -> R<Rc<Labels>> {
        if let Some(l) = self.labels.get(&f) {
            return Ok(l.clone());
        }
        let mut labels = Labels::default();
        let mut dup = None;
        if let Some(body) = &self.prog.func(f).body {
            let mut order = 0usize;
            body.walk(&mut |s| {
                order += 1;
                match &s.kind {
                    StmtKind::Label(name, _) if labels.by_name.insert(name.clone(), (sid(s), order)).is_some() => {
                        dup = Some((s.span, name.clone()));
                    }
                    StmtKind::Goto(_) => {
                        labels.goto_order.insert(sid(s), order);
                    }
                    _ => {}
                }
            });
        }
        if let Some((span, name)) = dup {
            return Err(unsupported(span, format!("duplicate label `{name}`")));
        }
        let l = Rc::new(labels);
        self.labels.insert(f, l.clone());
        Ok(l)
    }
}

/// The resident size of this process in KiB (`VmRSS` of /proc/self/status;
/// `None` where there is no such file).
pub(crate) fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
