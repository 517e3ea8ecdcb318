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
mod stmt;

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use z3::Sort;
use z3::ast::{Array, Ast, BV, Bool, Dynamic};

use super::quant::Quant;
use crate::diag::Diagnostic;
use crate::ir::{CType, FuncId, IntType, Program, Span, Stmt, StmtKind, Storage, VarId};
use memory::merge_store_chains;

/// Why encoding stopped early.
pub(crate) enum Stop {
    Unsupported(Diagnostic),
    Timeout,
    OutOfMemory,
}

type R<T> = Result<T, Stop>;

fn unsupported(span: Span, msg: impl Into<String>) -> Stop {
    Stop::Unsupported(Diagnostic::error(span, msg).with_label("not supported by `tracc check`"))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PropKind {
    Assert,
    ErrorCall,
    ErrorLabel,
    Unwind,
    Recursion,
    /// A signed `+ - * / % <<` or negation out of its type's range.
    Overflow,
    /// An array index outside the array.
    Bounds,
}

/// A property: it fails exactly when `fails` holds.
pub(crate) struct Prop {
    pub kind: PropKind,
    pub span: Span,
    pub message: String,
    pub fails: Bool,
    /// Number of trace steps recorded before the property.
    pub step: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepKind {
    Assign,
    Decl,
    Param,
    Nondet,
    Uninit,
}

pub(crate) struct Step {
    pub span: Span,
    pub kind: StepKind,
    pub target: String,
    pub indices: Vec<BV>,
    pub value: Option<(BV, IntType)>,
    pub guard: Bool,
}

#[derive(Default)]
pub(crate) struct Encoding {
    pub defs: Vec<Bool>,
    /// The quantifiers, each standing in `defs`/`props` as a Boolean name
    /// (see quant.rs): the solver sees their instances only.
    pub quants: Vec<Quant>,
    pub props: Vec<Prop>,
    pub steps: Vec<Step>,
    /// What the encoding assumed (a function without a body returns a
    /// nondeterministic value), once per function.
    pub warnings: Vec<Diagnostic>,
}

/// The options the encoder needs.
pub(crate) struct EncodeOptions<'a> {
    pub entry: &'a str,
    pub unwind: u32,
    /// Loops with a bound of their own (`--unwindset`), by span.
    pub loop_bounds: std::collections::HashMap<crate::ir::Span, u32>,
    pub unwinding_assertions: bool,
    pub error_label: Option<&'a str>,
    pub deadline: Option<Instant>,
    /// Stop when the process's resident size passes this (KiB).
    pub memory_limit_kib: Option<u64>,
    /// Quantifiers as z3 quantifiers instead of names (quant.rs).
    pub native_quantifiers: bool,
    /// Signed arithmetic out of range is a failure (CBMC's
    /// `--signed-overflow-check`) instead of wrapping.
    pub signed_overflow: bool,
    /// An index outside its array is a failure (CBMC's `--bounds-check`).
    pub bounds_check: bool,
    /// An allocation may return the null pointer (CBMC's
    /// `--malloc-may-fail --malloc-fail-null`).
    pub malloc_may_fail: bool,
    /// Told where the unwinding is, a few times a second.
    pub progress: Option<&'a super::Progress>,
}

#[derive(Clone)]
enum Val {
    Bv(BV),
    Arr(Array),
    /// A structure: its members' values in declaration order.
    Struct(Vec<Val>),
    Void,
}

/// One step from a value to a part of it: an array element or a
/// structure member.
#[derive(Clone)]
enum Sel {
    Index(BV),
    Field(usize),
}

/// A variable instance: frame 0 holds globals, every function activation
/// gets its own frame so recursive calls do not share locals.
type Key = (u32, VarId);

#[derive(Clone)]
struct State {
    guard: Bool,
    /// The guard is known to be false: nothing here executes.
    dead: bool,
    vals: HashMap<Key, Val>,
}

impl State {
    fn live() -> State {
        State {
            guard: Bool::from_bool(true),
            dead: false,
            vals: HashMap::new(),
        }
    }

    fn dead() -> State {
        State {
            guard: Bool::from_bool(false),
            dead: true,
            vals: HashMap::new(),
        }
    }
}

/// Labels and gotos of one function body in pre-order, to tell forward
/// gotos (supported) from backward ones (refused).
#[derive(Default)]
struct Labels {
    by_name: HashMap<String, (usize, usize)>,
    goto_order: HashMap<usize, usize>,
}

struct FnCtx {
    func: Option<FuncId>,
    frame: u32,
    /// States waiting at a jump target (label, case, default), keyed by the
    /// address of the target statement.
    pending: HashMap<usize, State>,
    breaks: Vec<Vec<State>>,
    conts: Vec<Vec<State>>,
    returns: Vec<(State, Option<Val>)>,
    /// Array parameters refer to the caller's array (C passes a pointer).
    aliases: HashMap<VarId, Key>,
    labels: Rc<Labels>,
}

impl FnCtx {
    fn new(func: Option<FuncId>, frame: u32, labels: Rc<Labels>) -> FnCtx {
        FnCtx {
            func,
            frame,
            pending: HashMap::new(),
            breaks: Vec::new(),
            conts: Vec::new(),
            returns: Vec::new(),
            aliases: HashMap::new(),
            labels,
        }
    }
}

/// An assignable location: a variable and a chain of array indices and
/// structure members (members first: arrays of structures are not
/// modelled).
struct LPath {
    key: Key,
    var: VarId,
    sels: Vec<Sel>,
}

fn sid(s: &Stmt) -> usize {
    s as *const Stmt as usize
}

fn and2(a: &Bool, b: &Bool) -> Bool {
    match (a.as_bool(), b.as_bool()) {
        (Some(false), _) | (_, Some(false)) => Bool::from_bool(false),
        (Some(true), _) => b.clone(),
        (_, Some(true)) => a.clone(),
        _ => Bool::and(&[a, b]),
    }
}

fn or2(a: &Bool, b: &Bool) -> Bool {
    match (a.as_bool(), b.as_bool()) {
        (Some(true), _) | (_, Some(true)) => Bool::from_bool(true),
        (Some(false), _) => b.clone(),
        (_, Some(false)) => a.clone(),
        _ => Bool::or(&[a, b]),
    }
}

fn not1(a: &Bool) -> Bool {
    match a.as_bool() {
        Some(x) => Bool::from_bool(!x),
        None => a.not(),
    }
}

fn is_false(b: &Bool) -> bool {
    b.as_bool() == Some(false)
}

/// A literal of `ty`'s width holding `v` (wrapped to the width).
fn lit(v: i128, bits: u32) -> BV {
    let mask: u128 = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    BV::from_u64(((v as u128) & mask) as u64, bits)
}

fn bool_to_bv(b: &Bool, bits: u32) -> BV {
    b.ite(&lit(1, bits), &lit(0, bits))
}

fn sort_of(ty: &CType, span: Span) -> R<Sort> {
    match ty {
        CType::Int(t) => Ok(Sort::bitvector(t.bits())),
        CType::Pointer(_) => Ok(Sort::bitvector(64)),
        CType::Array(e, _) | CType::Vla(e) => Ok(Sort::array(&Sort::bitvector(64), &sort_of(e, span)?)),
        CType::Struct(_) => Err(unsupported(span, format!("arrays of `{ty}` are not modelled"))),
        _ => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
    }
}

/// The members of structure type `s`, or why its values are not modelled.
fn members_of<'a>(prog: &'a Program, s: &crate::ir::StructRef, span: Span) -> R<&'a [crate::ir::Member]> {
    prog.members(s).ok_or_else(|| {
        unsupported(
            span,
            format!("`{}` is incomplete or has a member tracc does not model", s.name),
        )
    })
}

/// The value of a zero-initialised object of type `ty`.
fn zero_of(prog: &Program, ty: &CType, span: Span) -> R<Val> {
    match ty {
        CType::Int(t) => Ok(Val::Bv(lit(0, t.bits()))),
        // The null pointer.
        CType::Pointer(_) => Ok(Val::Bv(lit(0, 64))),
        CType::Array(e, _) | CType::Vla(e) => match zero_of(prog, e, span)? {
            Val::Bv(b) => Ok(Val::Arr(Array::const_array(&Sort::bitvector(64), &b))),
            Val::Arr(a) => Ok(Val::Arr(Array::const_array(&Sort::bitvector(64), &a))),
            Val::Struct(_) | Val::Void => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
        },
        CType::Struct(s) => members_of(prog, s, span)?
            .iter()
            .map(|m| zero_of(prog, &m.ty, span))
            .collect::<R<Vec<Val>>>()
            .map(Val::Struct),
        _ => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
    }
}

struct Enc<'p> {
    prog: &'p Program,
    src: &'p str,
    opts: &'p EncodeOptions<'p>,
    ctxs: Vec<FnCtx>,
    next_frame: u32,
    out: Encoding,
    labels: HashMap<FuncId, Rc<Labels>>,
    ticks: u32,
    /// Depth of quantifier bodies being evaluated.
    binders: u32,
    /// When `opts.progress` was last told.
    last_progress: Instant,
    /// The objects pointers may name, numbered from 1 (pointer.rs).
    objects: Vec<pointer::Object>,
}

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

    fn prop(&mut self, kind: PropKind, span: Span, message: String, fails: Bool) {
        let fails = fails.simplify();
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
