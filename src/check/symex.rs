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

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use z3::ast::{Array, Ast, BV, Bool, Dynamic};
use z3::{DeclKind, Sort};

use super::quant::Quant;
use crate::diag::Diagnostic;
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, Init, IntType, Intrinsic, Program, Span, Stmt, StmtKind, Storage,
    UnOp, VarId,
};

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
    pub unwinding_assertions: bool,
    pub error_label: Option<&'a str>,
    pub deadline: Option<Instant>,
    /// Stop when the process's resident size passes this (KiB).
    pub memory_limit_kib: Option<u64>,
    /// Quantifiers as z3 quantifiers instead of names (quant.rs).
    pub native_quantifiers: bool,
    /// Told where the unwinding is, a few times a second.
    pub progress: Option<&'a super::Progress>,
}

#[derive(Clone)]
enum Val {
    Bv(BV),
    Arr(Array),
    Void,
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

/// An assignable location: a variable and a chain of array indices.
struct LPath {
    key: Key,
    var: VarId,
    indices: Vec<BV>,
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

/// C conversion of `v` (of type `from`) to `to`: `_Bool` tests against zero,
/// otherwise truncate or sign-/zero-extend by the source's signedness.
fn convert(v: &BV, from: IntType, to: IntType) -> BV {
    let w = v.get_size();
    let tw = to.bits();
    if to.is_bool() {
        if from.is_bool() && w == tw {
            return v.clone();
        }
        return bool_to_bv(&v.eq(lit(0, w)).not(), tw);
    }
    if w == tw {
        v.clone()
    } else if tw < w {
        v.extract(tw - 1, 0)
    } else if from.signed && !from.is_bool() {
        v.sign_ext(tw - w)
    } else {
        v.zero_ext(tw - w)
    }
}

/// The shift amount `b` brought to width `w`; amounts that do not fit
/// become `w`, so over-wide shifts keep z3's meaning (0 or sign fill).
fn shift_amount(b: &BV, w: u32) -> BV {
    let bw = b.get_size();
    if bw == w {
        b.clone()
    } else if bw < w {
        b.zero_ext(w - bw)
    } else {
        let big = b.bvuge(lit(i128::from(w), bw));
        big.ite(&lit(i128::from(w), w), &b.extract(w - 1, 0))
    }
}

/// Whether evaluating `e` can change the state or the property set.
fn pure(e: &Expr) -> bool {
    let mut p = true;
    e.walk(&mut |x| {
        if matches!(
            x.kind,
            ExprKind::Assign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Call(..)
                | ExprKind::Nondet(_)
                | ExprKind::Opaque(_)
        ) {
            p = false;
        }
    });
    p
}

fn is_nondet_name(name: &str) -> bool {
    name.starts_with("nondet_") || name.starts_with("__VERIFIER_nondet_") || name.starts_with("__CPROVER_nondet")
}

fn sort_of(ty: &CType, span: Span) -> R<Sort> {
    match ty {
        CType::Int(t) => Ok(Sort::bitvector(t.bits())),
        CType::Array(e, _) => Ok(Sort::array(&Sort::bitvector(64), &sort_of(e, span)?)),
        _ => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
    }
}

fn zero_of(ty: &CType, span: Span) -> R<Val> {
    match ty {
        CType::Int(t) => Ok(Val::Bv(lit(0, t.bits()))),
        CType::Array(e, _) => match zero_of(e, span)? {
            Val::Bv(b) => Ok(Val::Arr(Array::const_array(&Sort::bitvector(64), &b))),
            Val::Arr(a) => Ok(Val::Arr(Array::const_array(&Sort::bitvector(64), &a))),
            Val::Void => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
        },
        _ => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
    }
}

/// The stores of `a` above its root, in application order: for each, the
/// array after the store, the index and the value.
type Store = (Array, Dynamic, Dynamic);

fn store_chain(a: &Array) -> (Array, Vec<Store>) {
    let mut chain = Vec::new();
    let mut cur = a.clone();
    loop {
        if !cur.is_app() || cur.decl().kind() != DeclKind::Store || cur.num_children() != 3 {
            break;
        }
        let (Some(base), Some(idx), Some(val)) = (cur.nth_child(0), cur.nth_child(1), cur.nth_child(2)) else {
            break;
        };
        let Some(base) = base.as_array() else { break };
        chain.push((cur.clone(), idx, val));
        cur = base;
    }
    chain.reverse();
    (cur, chain)
}

/// Merge arrays that are store chains over a common base without `ite`
/// on whole arrays (which z3 handles badly): replay every store of every
/// state on the base, each writing its value under the guards of the states
/// that made it and writing back the current element otherwise. Stores
/// shared by several states (a common prefix, as in the exits of a loop)
/// are replayed once. `None` when the arrays have different roots.
fn merge_store_chains(live: &[State], arrs: &[Array]) -> Option<Array> {
    let chains: Vec<(Array, Vec<Store>)> = arrs.iter().map(store_chain).collect();
    let root = &chains[0].0;
    if chains.iter().any(|(r, _)| !r.ast_eq(root)) {
        return None;
    }
    // Entries in replay order, with the states that made each store.
    let mut entries: Vec<(Dynamic, Dynamic, Vec<usize>)> = Vec::new();
    let mut seen: HashMap<Array, usize> = HashMap::new();
    for (s, (_, chain)) in chains.iter().enumerate() {
        for (node, idx, val) in chain {
            match seen.get(node) {
                Some(&k) => entries[k].2.push(s),
                None => {
                    seen.insert(node.clone(), entries.len());
                    entries.push((idx.clone(), val.clone(), vec![s]));
                }
            }
        }
    }
    let n = live.len();
    let mut m = root.clone();
    // Guards of entries: reuse the previous entry's disjunction when its
    // states are a superset (loop exits), else build it.
    let mut prev: Option<(Vec<usize>, Bool)> = None;
    let mut guards = Vec::with_capacity(entries.len());
    for (_, _, states) in entries.iter().rev() {
        let g = match &prev {
            Some((ps, pg)) if ps.iter().all(|x| states.contains(x)) => {
                let mut g = pg.clone();
                for x in states.iter().filter(|x| !ps.contains(x)) {
                    g = or2(&g, &live[*x].guard);
                }
                g
            }
            _ => {
                let mut g = Bool::from_bool(false);
                for x in states {
                    g = or2(&g, &live[*x].guard);
                }
                g
            }
        };
        prev = Some((states.clone(), g.clone()));
        guards.push(g);
    }
    guards.reverse();
    for ((idx, val, states), g) in entries.iter().zip(guards) {
        let v = if states.len() == n {
            val.clone()
        } else {
            g.ite(val, &m.select(idx))
        };
        m = m.store(idx, &v);
    }
    Some(m)
}

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
            CType::Array(..) => {
                let sort = sort_of(ty, span)?;
                Dynamic::fresh_const("tracc_nda", &sort)
                    .as_array()
                    .map(Val::Arr)
                    .ok_or_else(|| unsupported(span, format!("type `{ty}` is not modelled")))
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
        let keys: Vec<Key> = live[0].vals.keys().copied().collect();
        'keys: for k in keys {
            let mut vs = Vec::with_capacity(live.len());
            for s in &live {
                match s.vals.get(&k) {
                    Some(v) => vs.push(v.clone()),
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

    // ---- globals and initialisers -------------------------------------

    fn init_globals(&mut self, st: &mut State) -> R<()> {
        let prog = self.prog;
        for (i, v) in prog.vars.iter().enumerate() {
            if v.storage == Storage::Global && !v.ty.is_opaque() && matches!(v.ty, CType::Int(_) | CType::Array(..)) {
                st.vals.insert((0, VarId(i)), zero_of(&v.ty, v.span)?);
            }
        }
        for (id, init) in &prog.globals {
            if let Some(init) = init {
                let decl = prog.var(*id);
                let val = self.init_value(&decl.ty, init, decl.span, st)?;
                st.vals.insert((0, *id), val);
            }
        }
        // `static` locals are initialised once, before main.
        let mut statics = Vec::new();
        for f in &prog.funcs {
            if let Some(b) = &f.body {
                b.walk(&mut |s| {
                    if let StmtKind::Decl(v, Some(init)) = &s.kind
                        && prog.var(*v).storage == Storage::Global
                    {
                        statics.push((*v, init, s.span));
                    }
                });
            }
        }
        for (v, init, span) in statics {
            let ty = &prog.var(v).ty;
            let val = self.init_value(ty, init, span, st)?;
            st.vals.insert((0, v), val);
        }
        Ok(())
    }

    fn init_value(&mut self, ty: &CType, init: &'p Init, span: Span, st: &mut State) -> R<Val> {
        match (ty, init) {
            (CType::Int(t), Init::Expr(e)) => {
                let v = self.eval_bv(e, st)?;
                let from = self.ity(e)?;
                Ok(Val::Bv(self.name_bv(convert(&v, from, *t))))
            }
            (CType::Int(t), Init::List(items, lspan)) => match items.first() {
                Some(first) => self.init_value(ty, first, *lspan, st),
                None => Ok(Val::Bv(lit(0, t.bits()))),
            },
            (CType::Array(..), Init::List(items, lspan)) => {
                let mut pos = 0;
                self.fill_array(ty, items, &mut pos, *lspan, st)
            }
            (CType::Array(..), Init::Expr(e)) => Err(unsupported(e.span, "array initialiser is not modelled")),
            _ => Err(unsupported(
                span,
                match ty {
                    CType::Opaque(t) if t.ends_with('*') => format!("pointers are not modelled (`{t}`)"),
                    CType::Opaque(t) if t.starts_with("pointer") => {
                        format!("pointers are not modelled (this one is a {t})")
                    }
                    _ => format!("a variable of type `{ty}` is not modelled"),
                },
            )),
        }
    }

    fn fill_array(&mut self, ty: &CType, items: &'p [Init], pos: &mut usize, span: Span, st: &mut State) -> R<Val> {
        let CType::Array(elem, n) = ty else {
            return Err(unsupported(span, "initialiser is not modelled"));
        };
        let Val::Arr(mut arr) = zero_of(ty, span)? else {
            return Err(unsupported(span, "initialiser is not modelled"));
        };
        for i in 0..*n {
            if *pos >= items.len() {
                break;
            }
            let v = match (&**elem, &items[*pos]) {
                (CType::Array(..), Init::Expr(_)) => self.fill_array(elem, items, pos, span, st)?,
                (_, item) => {
                    *pos += 1;
                    self.init_value(elem, item, span, st)?
                }
            };
            let idx = lit(i128::from(i), 64);
            arr = match v {
                Val::Bv(b) => arr.store(&idx, &b),
                Val::Arr(a) => arr.store(&idx, &a),
                Val::Void => return Err(unsupported(span, "initialiser is not modelled")),
            };
        }
        Ok(Val::Arr(arr))
    }

    // ---- functions ----------------------------------------------------

    fn call_function(&mut self, fid: FuncId, args: Vec<(Val, Option<Key>)>, span: Span, st: &mut State) -> R<Val> {
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
        let ret = match &f.ret {
            CType::Void => Val::Void,
            ty => {
                let mut vals = Vec::new();
                for (_, v) in &outs {
                    vals.push(match v {
                        Some(v) => v.clone(),
                        None => self.fresh(ty, f.span)?,
                    });
                }
                let states: Vec<State> = outs.iter().map(|(s, _)| s.clone()).collect();
                if vals.is_empty() {
                    self.fresh(ty, f.span)?
                } else {
                    self.merge_vals(&states, vals)
                        .ok_or_else(|| unsupported(f.span, "return values of different types"))?
                }
            }
        };
        let mut merged = self.merge(outs.into_iter().map(|(s, _)| s).collect());
        merged.vals.retain(|k, _| k.0 != frame);
        *st = merged;
        Ok(ret)
    }

    // ---- statements ---------------------------------------------------

    fn exec(&mut self, s: &'p Stmt, st: &mut State) -> R<()> {
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
            StmtKind::If { cond, then, els } => {
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
            }
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
            StmtKind::Return(e) => {
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
            }
            StmtKind::Label(name, inner) => {
                self.arrive(s, st);
                if self.opts.error_label == Some(name.as_str()) && !st.dead {
                    self.prop(
                        PropKind::ErrorLabel,
                        s.span,
                        format!("error label `{name}` reachable"),
                        st.guard.clone(),
                    );
                }
                self.exec(inner, st)?;
            }
            StmtKind::Goto(name) => {
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
            }
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
        let bound = self.opts.unwind.max(1);
        loop {
            if !do_while && let Some(c) = cond {
                let c = if st.dead {
                    Bool::from_bool(false)
                } else {
                    self.truth(c, st)?
                };
                exits.push(self.fork(st, &not1(&c)));
                *st = self.fork(st, &c);
            }
            self.ctx().breaks.push(Vec::new());
            self.ctx().conts.push(Vec::new());
            let r = self.exec(body, st);
            let conts = self.ctx().conts.pop().unwrap_or_default();
            let brks = self.ctx().breaks.pop().unwrap_or_default();
            r?;
            exits.extend(brks);
            let mut cur = vec![std::mem::replace(st, State::dead())];
            cur.extend(conts);
            *st = self.merge(cur);
            if !st.dead {
                if do_while {
                    if let Some(c) = cond {
                        let c = self.truth(c, st)?;
                        exits.push(self.fork(st, &not1(&c)));
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
                    self.line_of(s.span)
                ));
            }
            if back_edges >= bound {
                if self.opts.unwinding_assertions {
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
        Ok(())
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

    // ---- expressions --------------------------------------------------

    fn ity(&self, e: &Expr) -> R<IntType> {
        e.ty.as_int()
            .ok_or_else(|| unsupported(e.span, format!("expression of type `{}` is not modelled", e.ty)))
    }

    /// Evaluate an expression whose value is discarded.
    fn eval_top(&mut self, e: &'p Expr, st: &mut State) -> R<()> {
        if let ExprKind::Call(callee, args) = &e.kind {
            self.eval_call(e, callee, args, st, true)?;
        } else {
            self.eval(e, st)?;
        }
        Ok(())
    }

    fn eval_bv(&mut self, e: &'p Expr, st: &mut State) -> R<BV> {
        match self.eval(e, st)? {
            Val::Bv(b) => {
                // Keep the width equal to the expression's type whatever the
                // IR says elsewhere: z3 aborts on mixed widths.
                let t = self.ity(e)?;
                Ok(if b.get_size() == t.bits() { b } else { convert(&b, t, t) })
            }
            _ => Err(unsupported(e.span, "expected a scalar value here")),
        }
    }

    fn eval_arr(&mut self, e: &'p Expr, st: &mut State) -> R<Array> {
        match self.eval(e.skip_implicit(), st)? {
            Val::Arr(a) => Ok(a),
            _ => Err(unsupported(e.span, "expected an array here")),
        }
    }

    /// The truth value (`!= 0`) of a scalar expression. Comparisons and
    /// logical operators become formulas directly (not `ite(c, 1, 0) != 0`),
    /// which keeps assumptions like `x == 5` visible to z3's preprocessing.
    fn truth(&mut self, e: &'p Expr, st: &mut State) -> R<Bool> {
        match &e.kind {
            ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) if narrow_eq(a, b).is_some() => {
                let Some((a, b, c)) = narrow_eq(a, b) else {
                    return Err(unsupported(e.span, "internal error"));
                };
                let x = self.eval_bv(a, st)?;
                let y = match (b, c) {
                    (Some(b), _) => self.eval_bv(b, st)?,
                    (None, c) => lit(c, x.get_size()),
                };
                let eq = x.eq(&y);
                Ok(folded(if *op == BinOp::Eq { eq } else { eq.not() }))
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let at = self.ity(a)?;
                let bt = self.ity(b)?;
                let x = self.eval_bv(a, st)?;
                let y = self.eval_bv(b, st)?;
                let y = convert(&y, bt, at);
                Ok(folded(compare(*op, &x, &y, at.signed && !at.is_bool())))
            }
            ExprKind::Binary(op, a, b) if op.is_logical() => self.logic(*op, a, b, st),
            ExprKind::Unary(UnOp::LogNot, a) => Ok(not1(&self.truth(a, st)?)),
            ExprKind::Cast { expr, .. } if keeps_nonzero(&expr.ty, &e.ty) => self.truth(expr, st),
            _ => {
                let v = self.eval_bv(e, st)?;
                let w = v.get_size();
                Ok(folded(v.eq(lit(0, w)).not()))
            }
        }
    }

    /// `a && b` / `a || b` as a formula; `b` runs only when it must.
    fn logic(&mut self, op: BinOp, a: &'p Expr, b: &'p Expr, st: &mut State) -> R<Bool> {
        let ta = self.truth(a, st)?;
        let tb = if pure(b) {
            self.truth(b, st)?
        } else {
            let go = if op == BinOp::LogAnd { ta.clone() } else { not1(&ta) };
            let mut sb = self.fork(st, &go);
            let mut sn = self.fork(st, &not1(&go));
            let tb = if sb.dead {
                Bool::from_bool(false)
            } else {
                self.truth(b, &mut sb)?
            };
            std::mem::swap(&mut sn, st);
            *st = self.merge(vec![sb, sn]);
            tb
        };
        Ok(if op == BinOp::LogAnd {
            and2(&ta, &tb)
        } else {
            or2(&ta, &tb)
        })
    }

    fn index64(&mut self, e: &'p Expr, st: &mut State) -> R<BV> {
        let v = self.eval_bv(e, st)?;
        let t = self.ity(e)?;
        Ok(convert(&v, t, IntType::ULONG).simplify())
    }

    fn select(&self, arr: &Array, idx: &BV, elem: &CType, span: Span) -> R<Val> {
        let d = arr.select(idx);
        let v = match elem {
            CType::Int(_) => d.as_bv().map(|b| Val::Bv(b.simplify())),
            CType::Array(..) => d.as_array().map(Val::Arr),
            _ => None,
        };
        v.ok_or_else(|| unsupported(span, format!("array element of type `{elem}` is not modelled")))
    }

    fn read_var(&mut self, v: VarId, span: Span, st: &mut State) -> R<Val> {
        let key = self.key(v);
        if let Some(val) = st.vals.get(&key) {
            return Ok(val.clone());
        }
        let decl = self.prog.var(v);
        if decl.ty.is_opaque() || matches!(decl.ty, CType::Opaque(_) | CType::Void) {
            return Err(unsupported(
                span,
                format!("variable `{}` has type `{}`, which is not modelled", decl.name, decl.ty),
            ));
        }
        let val = self.fresh(&decl.ty.clone(), span)?;
        st.vals.insert(key, val.clone());
        Ok(val)
    }

    fn lvalue(&mut self, e: &'p Expr, st: &mut State) -> R<LPath> {
        match &e.kind {
            ExprKind::Var(v) => {
                let decl = self.prog.var(*v);
                if decl.ty.is_opaque() || matches!(decl.ty, CType::Opaque(_)) {
                    return Err(unsupported(
                        e.span,
                        format!("variable `{}` has type `{}`, which is not modelled", decl.name, decl.ty),
                    ));
                }
                Ok(LPath {
                    key: self.key(*v),
                    var: *v,
                    indices: Vec::new(),
                })
            }
            ExprKind::Index(a, i) => {
                let mut lp = self.lvalue(a.skip_implicit(), st)?;
                let idx = self.index64(i, st)?;
                lp.indices.push(idx);
                Ok(lp)
            }
            _ => Err(unsupported(e.span, "assignment target is not modelled")),
        }
    }

    fn read_lpath(&mut self, lp: &LPath, span: Span, st: &mut State) -> R<Val> {
        let mut cur = match st.vals.get(&lp.key) {
            Some(v) => v.clone(),
            None => {
                let ty = self.prog.var(lp.var).ty.clone();
                let v = self.fresh(&ty, span)?;
                st.vals.insert(lp.key, v.clone());
                v
            }
        };
        let mut ty = self.prog.var(lp.var).ty.clone();
        for idx in &lp.indices {
            let (Val::Arr(a), CType::Array(elem, _)) = (&cur, &ty) else {
                return Err(unsupported(span, "indexing a non-array"));
            };
            let next = self.select(a, idx, elem, span)?;
            ty = (**elem).clone();
            cur = next;
        }
        Ok(cur)
    }

    fn write_lpath(&mut self, lp: &LPath, val: Val, span: Span, st: &mut State) -> R<()> {
        if lp.indices.is_empty() {
            st.vals.insert(lp.key, val);
            return Ok(());
        }
        // Read the chain of enclosing arrays, then store back outwards.
        let mut chain: Vec<Array> = Vec::new();
        let base = self.read_lpath(
            &LPath {
                key: lp.key,
                var: lp.var,
                indices: Vec::new(),
            },
            span,
            st,
        )?;
        let Val::Arr(mut cur) = base else {
            return Err(unsupported(span, "indexing a non-array"));
        };
        let mut ty = self.prog.var(lp.var).ty.clone();
        for idx in &lp.indices[..lp.indices.len() - 1] {
            let CType::Array(elem, _) = &ty else {
                return Err(unsupported(span, "indexing a non-array"));
            };
            chain.push(cur.clone());
            let Val::Arr(next) = self.select(&cur, idx, elem, span)? else {
                return Err(unsupported(span, "indexing a non-array"));
            };
            ty = (**elem).clone();
            cur = next;
        }
        let last = &lp.indices[lp.indices.len() - 1];
        let mut acc = match (&val, &ty) {
            (Val::Bv(b), CType::Array(elem, _)) if elem.as_int().is_some_and(|t| t.bits() != b.get_size()) => {
                let t = elem.as_int().unwrap_or(IntType::INT);
                cur.store(last, &convert(b, t, t))
            }
            (Val::Bv(_), CType::Array(elem, _)) if elem.as_int().is_none() => {
                return Err(unsupported(span, "storing a scalar into an array of arrays"));
            }
            (Val::Bv(b), _) => cur.store(last, b),
            (Val::Arr(a), _) => cur.store(last, a),
            (Val::Void, _) => return Err(unsupported(span, "storing a void value")),
        };
        for (outer, idx) in chain.iter().rev().zip(lp.indices[..lp.indices.len() - 1].iter().rev()) {
            acc = outer.store(idx, &acc);
        }
        st.vals.insert(lp.key, Val::Arr(acc));
        Ok(())
    }

    fn lpath_name(&self, lp: &LPath) -> String {
        self.prog.var(lp.var).name.clone()
    }

    fn eval(&mut self, e: &'p Expr, st: &mut State) -> R<Val> {
        match &e.kind {
            ExprKind::IntLit(v) => {
                let t = self.ity(e)?;
                Ok(Val::Bv(lit(*v, t.bits())))
            }
            ExprKind::Var(v) => self.read_var(*v, e.span, st),
            ExprKind::Unary(op, a) => {
                let t = self.ity(e)?;
                let at = self.ity(a)?;
                let v = self.eval_bv(a, st)?;
                let r = match op {
                    UnOp::Neg => convert(&v, at, t).bvneg(),
                    UnOp::Plus => convert(&v, at, t),
                    UnOp::BitNot => convert(&v, at, t).bvnot(),
                    UnOp::LogNot => bool_to_bv(&v.eq(lit(0, v.get_size())), t.bits()),
                };
                Ok(Val::Bv(r.simplify()))
            }
            ExprKind::Binary(op, a, b) => self.eval_binary(e, *op, a, b, st),
            ExprKind::Cond(c, a, b) => {
                let tc = self.truth(c, st)?;
                let (va, vb) = if pure(a) && pure(b) {
                    (self.eval(a, st)?, self.eval(b, st)?)
                } else {
                    let mut sa = self.fork(st, &tc);
                    let mut sb = self.fork(st, &not1(&tc));
                    let va = if sa.dead {
                        self.dummy(&a.ty)
                    } else {
                        self.eval(a, &mut sa)?
                    };
                    let vb = if sb.dead {
                        self.dummy(&b.ty)
                    } else {
                        self.eval(b, &mut sb)?
                    };
                    *st = self.merge(vec![sa, sb]);
                    (va, vb)
                };
                match (va, vb, &e.ty) {
                    (Val::Bv(x), Val::Bv(y), CType::Int(t)) => {
                        let x = convert(&x, self.ity(a)?, *t);
                        let y = convert(&y, self.ity(b)?, *t);
                        Ok(Val::Bv(tc.ite(&x, &y).simplify()))
                    }
                    (_, _, CType::Void) => Ok(Val::Void),
                    _ => Err(unsupported(
                        e.span,
                        "conditional expression of this type is not modelled",
                    )),
                }
            }
            ExprKind::Assign { op, op_ty, lhs, rhs } => self.eval_assign(e, *op, op_ty, lhs, rhs, st),
            ExprKind::IncDec {
                inc,
                prefix,
                op_ty,
                target,
            } => {
                let lp = self.lvalue(target, st)?;
                let lt = self.ity(target)?;
                let ot = op_ty
                    .as_int()
                    .ok_or_else(|| unsupported(e.span, format!("`{op_ty}` arithmetic is not modelled")))?;
                let Val::Bv(old) = self.read_lpath(&lp, e.span, st)? else {
                    return Err(unsupported(e.span, "expected a scalar value here"));
                };
                let o = convert(&old, lt, ot);
                let one = lit(1, ot.bits());
                let r = if *inc { o.bvadd(&one) } else { o.bvsub(&one) };
                let new = self.name_bv(convert(&r, ot, lt));
                self.write_lpath(&lp, Val::Bv(new.clone()), e.span, st)?;
                let name = self.lpath_name(&lp);
                self.step(
                    st,
                    e.span,
                    StepKind::Assign,
                    name,
                    lp.indices.clone(),
                    Some((new.clone(), lt)),
                );
                let res = if *prefix { new } else { old };
                let et = self.ity(e)?;
                Ok(Val::Bv(convert(&res, lt, et)))
            }
            ExprKind::Cast { expr, .. } => {
                if e.ty == CType::Void {
                    self.eval_top(expr, st)?;
                    return Ok(Val::Void);
                }
                if let (CType::Array(..), true) = (&e.ty, e.ty == expr.ty) {
                    return self.eval(expr, st);
                }
                let to = self.ity(e)?;
                let from = self.ity(expr)?;
                let v = self.eval_bv(expr, st)?;
                Ok(Val::Bv(convert(&v, from, to).simplify()))
            }
            ExprKind::Index(a, i) => {
                let arr = self.eval_arr(a, st)?;
                let idx = self.index64(i, st)?;
                self.select(&arr, &idx, &e.ty, e.span)
            }
            ExprKind::Call(callee, args) => self.eval_call(e, callee, args, st, false),
            ExprKind::Nondet(name) => {
                let v = self.fresh(&e.ty, e.span)?;
                if let (Val::Bv(b), CType::Int(t)) = (&v, &e.ty) {
                    let target = if name.is_empty() {
                        "nondet".to_string()
                    } else {
                        format!("{name}()")
                    };
                    self.step(st, e.span, StepKind::Nondet, target, Vec::new(), Some((b.clone(), *t)));
                }
                Ok(v)
            }
            ExprKind::Comma(a, b) => {
                self.eval_top(a, st)?;
                self.eval(b, st)
            }
            ExprKind::Forall(v, body) => {
                if !pure(body) {
                    return Err(unsupported(
                        body.span,
                        "quantifier body with side effects is not modelled",
                    ));
                }
                let decl = self.prog.var(*v);
                let t = decl
                    .ty
                    .as_int()
                    .ok_or_else(|| unsupported(decl.span, "quantified variable of this type is not modelled"))?;
                let bound = BV::fresh_const("tracc_q", t.bits());
                let mut tmp = st.clone();
                tmp.vals.insert(self.key(*v), Val::Bv(bound.clone()));
                self.binders += 1;
                let b = self.truth(body, &mut tmp);
                self.binders -= 1;
                let b = b?;
                // Quantifiers over array elements are instantiated (quant.rs);
                // z3 handles the others (ranges of scalar conditions) well.
                let q = if self.binders == 0 && !self.opts.native_quantifiers && super::quant::reads_array(&b) {
                    let name = Bool::fresh_const("tracc_fa");
                    self.out.quants.push(Quant {
                        name: name.clone(),
                        bound,
                        body: b,
                        signed: t.signed && !t.is_bool(),
                    });
                    name
                } else {
                    let q = z3::ast::forall_const(&[&bound], &[], &b);
                    if self.binders == 0 {
                        // Named, so that the model gives it a value (z3's
                        // model evaluation leaves quantifiers unevaluated);
                        // by two implications, as z3 would solve an equation
                        // away and give the name the quantifier as value.
                        let name = Bool::fresh_const("tracc_fa");
                        self.out.defs.push(name.implies(&q));
                        self.out.defs.push(q.implies(&name));
                        name
                    } else {
                        // Inside another quantifier's body the outer bound
                        // variable may occur: no name outside.
                        q
                    }
                };
                let et = self.ity(e)?;
                Ok(Val::Bv(bool_to_bv(&q, et.bits())))
            }
            ExprKind::Opaque(reason) => Err(unsupported(e.span, format!("expression not modelled: {reason}"))),
        }
    }

    /// A placeholder value for a branch that cannot execute.
    fn dummy(&self, ty: &CType) -> Val {
        match ty {
            CType::Int(t) => Val::Bv(lit(0, t.bits())),
            _ => Val::Void,
        }
    }

    fn eval_binary(&mut self, e: &'p Expr, op: BinOp, a: &'p Expr, b: &'p Expr, st: &mut State) -> R<Val> {
        let t = self.ity(e)?;
        if op.is_logical() {
            let r = self.logic(op, a, b, st)?;
            return Ok(Val::Bv(bool_to_bv(&r, t.bits()).simplify()));
        }
        let at = self.ity(a)?;
        let bt = self.ity(b)?;
        let x = self.eval_bv(a, st)?;
        let y = self.eval_bv(b, st)?;
        if op.is_comparison() {
            let y = convert(&y, bt, at);
            let c = compare(op, &x, &y, at.signed && !at.is_bool());
            return Ok(Val::Bv(bool_to_bv(&c, t.bits()).simplify()));
        }
        let r = arith(op, &x, at, &y, bt);
        Ok(Val::Bv(convert(&r, at, t).simplify()))
    }

    fn eval_assign(
        &mut self,
        e: &'p Expr,
        op: Option<BinOp>,
        op_ty: &CType,
        lhs: &'p Expr,
        rhs: &'p Expr,
        st: &mut State,
    ) -> R<Val> {
        let lp = self.lvalue(lhs, st)?;
        let name = self.lpath_name(&lp);
        match (&lhs.ty, op) {
            (CType::Int(lt), None) => {
                let v = self.eval_bv(rhs, st)?;
                let rt = self.ity(rhs)?;
                let new = self.name_bv(convert(&v, rt, *lt));
                self.write_lpath(&lp, Val::Bv(new.clone()), e.span, st)?;
                self.step(
                    st,
                    e.span,
                    StepKind::Assign,
                    name,
                    lp.indices.clone(),
                    Some((new.clone(), *lt)),
                );
                let et = self.ity(e)?;
                Ok(Val::Bv(convert(&new, *lt, et)))
            }
            (CType::Int(lt), Some(op)) => {
                let ot = op_ty
                    .as_int()
                    .ok_or_else(|| unsupported(e.span, format!("`{op_ty}` arithmetic is not modelled")))?;
                let Val::Bv(old) = self.read_lpath(&lp, e.span, st)? else {
                    return Err(unsupported(e.span, "expected a scalar value here"));
                };
                let r = self.eval_bv(rhs, st)?;
                let rt = self.ity(rhs)?;
                let o = convert(&old, *lt, ot);
                let res = if op.is_shift() {
                    arith(op, &o, ot, &r, rt)
                } else {
                    arith(op, &o, ot, &convert(&r, rt, ot), ot)
                };
                let new = self.name_bv(convert(&res, ot, *lt));
                self.write_lpath(&lp, Val::Bv(new.clone()), e.span, st)?;
                self.step(
                    st,
                    e.span,
                    StepKind::Assign,
                    name,
                    lp.indices.clone(),
                    Some((new.clone(), *lt)),
                );
                let et = self.ity(e)?;
                Ok(Val::Bv(convert(&new, *lt, et)))
            }
            _ => Err(unsupported(
                e.span,
                format!("assignment of type `{}` is not modelled", lhs.ty),
            )),
        }
    }

    fn eval_call(
        &mut self,
        e: &'p Expr,
        callee: &'p Callee,
        args: &'p [Expr],
        st: &mut State,
        discard: bool,
    ) -> R<Val> {
        let arg = |i: usize| {
            args.get(i)
                .ok_or_else(|| unsupported(e.span, "intrinsic called with too few arguments"))
        };
        match callee {
            Callee::Intrinsic(Intrinsic::Assert) => {
                let c = self.truth(arg(0)?, st)?;
                // Lowering keeps only the condition; a message string of
                // `__CPROVER_assert(c, "msg")` follows it in the call's text.
                let after = match (e.span.is_synthetic(), args[0].span.is_synthetic()) {
                    (false, false) => self.src.get(args[0].span.end..e.span.end).unwrap_or(""),
                    _ => "",
                };
                let quoted = match (after.find('"'), after.rfind('"')) {
                    (Some(a), Some(b)) if b > a => Some(after[a + 1..b].to_string()),
                    _ => None,
                };
                let message = match quoted {
                    Some(m) => m,
                    None => {
                        let t = self.text(args[0].span);
                        if t.is_empty() {
                            "assertion".to_string()
                        } else {
                            format!("assertion {t}")
                        }
                    }
                };
                if !st.dead {
                    self.prop(PropKind::Assert, e.span, message, and2(&st.guard, &not1(&c)));
                }
                Ok(Val::Void)
            }
            Callee::Intrinsic(Intrinsic::Assume) => {
                let c = self.truth(arg(0)?, st)?;
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
            Callee::Intrinsic(Intrinsic::Error) => {
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
            Callee::Intrinsic(Intrinsic::Abort) => {
                for a in args {
                    if a.ty.as_int().is_some() {
                        self.eval(a, st)?;
                    }
                }
                *st = State::dead();
                Ok(Val::Void)
            }
            Callee::Intrinsic(Intrinsic::ArrayCopy) => {
                let dst = arg(0)?.skip_implicit();
                let src = arg(1)?.skip_implicit();
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
            Callee::Func(fid) => {
                let prog = self.prog;
                let f = prog.func(*fid);
                if let Some(reason) = &f.opaque {
                    return Err(unsupported(
                        e.span,
                        format!("call to `{}`, whose signature is not modelled: {reason}", f.name),
                    ));
                }
                if f.body.is_none() {
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
                                Diagnostic::warning(e.span, message)
                                    .with_label("as CBMC does, any value of the return type"),
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
                    return Ok(v);
                }
                if args.len() != f.params.len() {
                    return Err(unsupported(
                        e.span,
                        format!("call to `{}` with the wrong number of arguments", f.name),
                    ));
                }
                let mut vals = Vec::new();
                for (a, p) in args.iter().zip(&f.params) {
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
                        _ => {
                            return Err(unsupported(
                                a.span,
                                format!("parameter of type `{pty}` is not modelled"),
                            ));
                        }
                    }
                }
                if st.dead {
                    return Ok(self.dummy(&f.ret));
                }
                self.call_function(*fid, vals, e.span, st)
            }
        }
    }
}

/// `b` itself, or its value when it simplifies to a constant. (The
/// simplified form of an equality can be a conjunction over bit slices,
/// which z3's equation solving no longer recognises, so it is not kept.)
fn folded(b: Bool) -> Bool {
    let s = b.simplify();
    if s.as_bool().is_some() { s } else { b }
}

/// For `a == b` where both sides are widened from one type `T` (or one
/// side is and the other a constant representable in `T`): the operands to
/// compare in `T` instead, which keeps `x == c` an equation on `x` itself
/// for z3 (promotions otherwise hide it behind an extension).
fn narrow_eq<'e>(a: &'e Expr, b: &'e Expr) -> Option<(&'e Expr, Option<&'e Expr>, i128)> {
    fn widened(e: &Expr) -> Option<(&Expr, IntType)> {
        match (&e.kind, &e.ty) {
            (ExprKind::Cast { expr, .. }, CType::Int(w)) => match &expr.ty {
                CType::Int(t) if !w.is_bool() && w.bits() > t.bits() => Some((expr, *t)),
                _ => None,
            },
            _ => None,
        }
    }
    let (a0, t) = widened(a)?;
    match (widened(b), &b.kind) {
        (Some((b0, u)), _) if u == t || (u.bits() == t.bits() && u.signed == t.signed) => Some((a0, Some(b0), 0)),
        (_, ExprKind::IntLit(c)) if t.contains(*c) => Some((a0, None, *c)),
        _ => None,
    }
}

/// Whether converting `from` to `to` keeps "is non-zero" (widening, or
/// conversion to `_Bool`).
fn keeps_nonzero(from: &CType, to: &CType) -> bool {
    matches!((from, to), (CType::Int(f), CType::Int(t)) if t.is_bool() || t.bits() >= f.bits())
}

fn compare(op: BinOp, x: &BV, y: &BV, signed: bool) -> Bool {
    match (op, signed) {
        (BinOp::Lt, true) => x.bvslt(y),
        (BinOp::Lt, false) => x.bvult(y),
        (BinOp::Le, true) => x.bvsle(y),
        (BinOp::Le, false) => x.bvule(y),
        (BinOp::Gt, true) => x.bvsgt(y),
        (BinOp::Gt, false) => x.bvugt(y),
        (BinOp::Ge, true) => x.bvsge(y),
        (BinOp::Ge, false) => x.bvuge(y),
        (BinOp::Eq, _) => x.eq(y),
        _ => x.eq(y).not(),
    }
}

/// Arithmetic `x op y` in the type `xt` of the left operand (the IR has
/// already converted both to the common type, except shift amounts).
fn arith(op: BinOp, x: &BV, xt: IntType, y: &BV, yt: IntType) -> BV {
    let w = x.get_size();
    let signed = xt.signed && !xt.is_bool();
    if op.is_shift() {
        let amt = shift_amount(y, w);
        return match (op, signed) {
            (BinOp::Shl, _) => x.bvshl(&amt),
            (_, true) => x.bvashr(&amt),
            (_, false) => x.bvlshr(&amt),
        };
    }
    let y = if y.get_size() == w {
        y.clone()
    } else {
        convert(y, yt, xt)
    };
    match op {
        BinOp::Add => x.bvadd(&y),
        BinOp::Sub => x.bvsub(&y),
        BinOp::Mul => x.bvmul(&y),
        BinOp::Div if signed => x.bvsdiv(&y),
        BinOp::Div => x.bvudiv(&y),
        BinOp::Rem if signed => x.bvsrem(&y),
        BinOp::Rem => x.bvurem(&y),
        BinOp::BitAnd => x.bvand(&y),
        BinOp::BitOr => x.bvor(&y),
        BinOp::BitXor => x.bvxor(&y),
        _ => x.clone(),
    }
}

/// The resident size of this process in KiB (`VmRSS` of /proc/self/status;
/// `None` where there is no such file).
pub(crate) fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
