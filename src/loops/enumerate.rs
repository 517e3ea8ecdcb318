//! Enumerating the iteration paths of a loop, depth first and lazily, up
//! to a limit, with infeasible prefixes cut off.

use super::find::{loop_body, loop_stmt};
use super::info::LoopInfo;
use super::path::{Lhs, Path, Step};
use super::steps::{FindOpaque, assign_expr, has_case, has_side_effects, memory_reason, place_read};
use crate::ir::build::{self, as_value, cast, not};
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, Init, IntType, Intrinsic, Program, Span, Stmt, StmtKind, Storage,
    VarDecl, VarId,
};
use crate::reason::{Reason, Why};
use std::collections::BTreeSet;

mod unrolled;
use unrolled::unrollable;

/// A pending piece of work in the path enumeration.
#[derive(Clone)]
pub(super) enum Work<'a> {
    Stmt(&'a Stmt),
    Step(Step),
    /// Branch on an expression (which may have side effects) being
    /// nonzero (`true`) or zero (`false`).
    Cond(Expr, bool),
    /// Evaluate an expression for its side effects.
    Eval(Expr),
    /// Run an inlined function body; its result goes to the temporary.
    Call(FuncId, Option<VarId>),
    /// End of an inlined call (target of `return`), with its result.
    CallEnd(Option<VarId>),
    /// End of a `switch` (target of `break`).
    SwitchEnd,
    /// End of the loop body (target of `continue`); then the suffix.
    BodyEnd,
    /// An inner loop (its `for` initialiser done): one step per case of
    /// its summary, or its iterations one by one (`Enumerator::unroll`).
    Inner(&'a Stmt),
    /// The test before iteration `done + 1` of an unrolled inner loop (at
    /// most `limit`); `why`: its summary's refusal, if it is not bounded.
    InnerTest {
        lp: &'a Stmt,
        done: usize,
        limit: usize,
        why: Reason,
    },
    /// End of an unrolled inner loop's body (`continue`): its `for` step.
    InnerNext(&'a Stmt),
    /// End of an unrolled inner loop (target of `break`).
    InnerEnd,
    /// An unrolled iteration past the limit, not proved infeasible.
    InnerBeyond(Reason),
}

/// A piece of straight-line code produced by flattening an expression.
#[derive(Clone)]
pub(super) enum Item {
    Step(Step),
    Call(FuncId, Option<VarId>),
}

pub(super) type Items = Vec<Item>;

#[derive(Clone)]
pub(super) struct State<'a> {
    work: Vec<Work<'a>>,
    steps: Vec<Step>,
    split: Option<usize>,
}

pub(super) struct Enumerator<'a> {
    program: &'a Program,
    loop_stmt: &'a Stmt,
    temps: Vec<VarDecl>,
    locals: BTreeSet<VarId>,
    max: usize,
    leaves: usize,
    /// Proves a path prefix infeasible (see `Infeasible`).
    infeasible: Infeasible<'a>,
    /// The summaries of inner loops (see `Summarize`).
    summarize: Summarize<'a>,
    /// Prefixes cut off because `infeasible` proved them so.
    pruned: usize,
    /// Whether a path took an inner loop's summary.
    summarized: bool,
    /// The loop's condition, where its paths take it after the body
    /// (`LoopInfo::cond_after_body`).
    cond_after_body: Option<&'a Expr>,
}

/// A test that proves a path (or a prefix of one: its assumptions so far)
/// infeasible from every state; `false` means "not proved". The
/// enumeration stops extending a prefix it proves infeasible.
pub type Infeasible<'a> = &'a dyn Fn(&Program, &Path) -> bool;

/// The summary of an inner loop met on a path: the cases of its whole
/// execution from the state where it starts (its `for` initialiser done),
/// each a straight line of steps over program variables that performs
/// exactly what the loop does from every state where its assumptions
/// hold; or why there is none. States that no case covers are only left
/// without a path (their outer iterations run unaccelerated).
pub type Summarize<'a> = &'a dyn Fn(&Program, &Stmt) -> Result<Vec<Vec<Step>>, Reason>;

/// A `Summarize` for callers that do not summarise inner loops.
pub fn no_summaries(_: &Program, _: &Stmt) -> Result<Vec<Vec<Step>>, Reason> {
    Err(Reason::NestedLoop)
}

/// Syntactic paths are counted (without pruning) up to this many.
pub const SYNTACTIC_COUNT_LIMIT: usize = 10_000;

/// The iteration paths of a loop, with how many there are before pruning.
pub struct IterationPaths {
    /// The paths not proved infeasible (at most `--max-paths` leaves,
    /// exits included, were explored).
    pub paths: Vec<Path>,
    /// How many non-exiting paths the body has syntactically, when at most
    /// `SYNTACTIC_COUNT_LIMIT` (`None`: more).
    pub syntactic: Option<usize>,
    /// Whether every execution of an iteration that stays in the loop
    /// takes one of the listed paths (or a pruned one). Not so when a path
    /// took an inner loop's summary: its cases describe only the inner
    /// executions whose values stay in their types.
    pub complete: bool,
}

/// The non-exiting iteration paths of a loop that `infeasible` does not
/// rule out, at most `max_paths` of them (exit paths count towards the
/// limit too, since they cost the same work; infeasible prefixes do not).
/// Errors say why the loop's paths cannot be listed.
pub fn iteration_paths(
    program: &Program,
    info: &LoopInfo,
    max_paths: usize,
    infeasible: Infeasible,
    summarize: Summarize,
) -> Result<IterationPaths, Why> {
    if !info.reason.is_empty() {
        return Err(info.reason.clone());
    }
    let s = loop_stmt(program, info).ok_or(Why::one(Reason::PathConstruct("loop not found in its function")))?;
    let rotated = info.cond_after_body;
    let (en, found) = enumerate(program, s, rotated, max_paths.max(1), infeasible, summarize).map_err(Why::one)?;
    let syntactic = if en.pruned == 0 {
        Some(found.len())
    } else {
        // Counted apart, without the solver: pruning cut the subtrees short.
        enumerate(program, s, rotated, SYNTACTIC_COUNT_LIMIT, &|_, _| false, summarize)
            .ok()
            .map(|(_, p)| p.len())
    };
    let paths = found.into_iter().map(|(steps, split)| en.path(steps, split)).collect();
    let complete = !en.summarized;
    Ok(IterationPaths {
        paths,
        syntactic,
        complete,
    })
}

/// A path found by the enumeration: its steps and where the body ends.
pub(super) type Found = (Vec<Step>, usize);

/// Depth-first enumeration of the paths of loop `s`; the enumerator keeps
/// the temporaries, locals and the count of pruned prefixes.
pub(super) fn enumerate<'a>(
    program: &'a Program,
    s: &'a Stmt,
    cond_after_body: bool,
    max: usize,
    infeasible: Infeasible<'a>,
    summarize: Summarize<'a>,
) -> Result<(Enumerator<'a>, Vec<Found>), Reason> {
    let mut en = Enumerator {
        program,
        loop_stmt: s,
        temps: Vec::new(),
        locals: BTreeSet::new(),
        max,
        leaves: 0,
        infeasible,
        summarize,
        pruned: 0,
        summarized: false,
        cond_after_body: None,
    };
    // Variables declared in the body die with the iteration (a static
    // lives on, but one in the body leaves the loop alone: `find`).
    loop_body(s).walk(&mut |x| {
        if let StmtKind::Decl(v, _) = x.kind
            && program.var(v).storage != Storage::Global
        {
            en.locals.insert(v);
        }
    });
    let mut init = State {
        work: Vec::new(),
        steps: Vec::new(),
        split: None,
    };
    init.work.push(Work::BodyEnd);
    init.work.push(Work::Stmt(loop_body(s)));
    match &s.kind {
        StmtKind::While { cond, .. } | StmtKind::For { cond: Some(cond), .. } if cond_after_body => {
            en.cond_after_body = Some(cond)
        }
        StmtKind::While { cond, .. } => init.work.push(Work::Cond(cond.clone(), true)),
        StmtKind::For { cond: Some(c), .. } => init.work.push(Work::Cond(c.clone(), true)),
        _ => {}
    }
    let mut paths = Vec::new();
    let mut stack = vec![init];
    while let Some(st) = stack.pop() {
        en.run(st, &mut stack, &mut paths)?;
    }
    Ok((en, paths))
}

pub(super) fn has_cond(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Cond(..)));
    found
}

pub(super) fn rebuild(e: &Expr, kind: ExprKind) -> Expr {
    Expr::new(kind, e.ty.clone(), Span::SYNTHETIC)
}

impl<'a> Enumerator<'a> {
    fn path(&self, steps: Vec<Step>, split: usize) -> Path {
        Path {
            steps,
            split,
            temps: self.temps.clone(),
            locals: self.locals.clone(),
        }
    }

    /// Whether the prefix `st` has reached is proved infeasible (counted).
    fn proved_infeasible(&mut self, st: &State<'a>) -> bool {
        let prefix = self.path(st.steps.clone(), st.split.unwrap_or(st.steps.len()));
        let dead = (self.infeasible)(self.program, &prefix);
        self.pruned += usize::from(dead);
        dead
    }

    fn leaf(&mut self) -> Result<(), Reason> {
        self.leaves += 1;
        if self.leaves > self.max {
            Err(Reason::TooManyPaths(self.max))
        } else {
            Ok(())
        }
    }

    fn temp(&mut self, ty: &CType, what: &str) -> VarId {
        let id = VarId(self.program.vars.len() + self.temps.len());
        self.temps.push(VarDecl {
            name: self.program.fresh.name(format_args!("t{}_{what}", self.temps.len())),
            ty: ty.clone(),
            storage: Storage::Local,
            func: None,
            span: Span::SYNTHETIC,
        });
        self.locals.insert(id);
        id
    }

    fn var_ty(&self, v: VarId) -> CType {
        if v.0 < self.program.vars.len() {
            self.program.var(v).ty.clone()
        } else {
            self.temps[v.0 - self.program.vars.len()].ty.clone()
        }
    }

    /// Run one state until it ends (a complete path or an exit); forks
    /// push the other alternatives on `stack`.
    fn run(&mut self, mut st: State<'a>, stack: &mut Vec<State<'a>>, paths: &mut Vec<Found>) -> Result<(), Reason> {
        while let Some(w) = st.work.pop() {
            let alive = match w {
                Work::Step(s) => {
                    let assumption = matches!(s, Step::Assume(_));
                    st.steps.push(s);
                    // An assumption is where a prefix can become infeasible.
                    !(assumption && self.proved_infeasible(&st))
                }
                Work::BodyEnd => {
                    st.split = Some(st.steps.len());
                    // Pushed first, taken last: after the `for` step.
                    if let Some(cond) = self.cond_after_body {
                        st.work.push(Work::Cond(cond.clone(), true));
                    }
                    match &self.loop_stmt.kind {
                        StmtKind::For { step: Some(e), .. } => st.work.push(Work::Eval(e.clone())),
                        StmtKind::DoWhile { cond, .. } => st.work.push(Work::Cond(cond.clone(), true)),
                        _ => {}
                    }
                    true
                }
                Work::CallEnd(_) | Work::SwitchEnd | Work::InnerEnd => true,
                Work::InnerNext(lp) => {
                    if let StmtKind::For { step: Some(e), .. } = &lp.kind {
                        st.work.push(Work::Eval(e.clone()));
                    }
                    true
                }
                Work::InnerTest { lp, done, limit, why } => {
                    Self::inner_test(lp, (done, limit), why, &mut st, stack);
                    true
                }
                Work::InnerBeyond(why) => return Err(why),
                Work::Call(f, ret) => {
                    st.work.push(Work::CallEnd(ret));
                    if let Some(r) = ret {
                        // A function that falls off its end returns garbage.
                        st.steps.push(Step::Havoc(r));
                    }
                    let func = self.program.func(f);
                    self.locals.extend(func.params.iter().copied());
                    if let Some(b) = &func.body {
                        let program = self.program;
                        b.walk(&mut |x| {
                            if let StmtKind::Decl(v, _) = x.kind
                                && program.var(v).storage != Storage::Global
                            {
                                self.locals.insert(v);
                            }
                        });
                        st.work.push(Work::Stmt(b));
                    }
                    true
                }
                Work::Eval(e) => {
                    let alts = self.flatten(&e)?.into_iter().map(|(a, _)| a).collect();
                    self.fork(&mut st, stack, alts)?
                }
                Work::Cond(e, want) => {
                    let alts = self.branch(&e, want)?;
                    self.fork(&mut st, stack, alts)?
                }
                Work::Inner(s) => {
                    let cases = match (self.summarize)(self.program, s) {
                        Ok(cases) => cases,
                        Err(why) if unrollable(&why) => {
                            self.unroll(s, why, &mut st);
                            continue;
                        }
                        Err(why) => return Err(why),
                    };
                    self.summarized = true;
                    let alts = cases
                        .into_iter()
                        .map(|steps| steps.into_iter().map(Item::Step).collect())
                        .collect();
                    self.fork(&mut st, stack, alts)?
                }
                Work::Stmt(s) => self.stmt(s, &mut st, stack)?,
            };
            if !alive {
                return Ok(());
            }
        }
        self.leaf()?;
        paths.push((std::mem::take(&mut st.steps), st.split.unwrap_or(0)));
        Ok(())
    }

    /// Continue `st` with the first alternative and push the others as new
    /// states. False when there is none (every way exits the loop).
    fn fork(&mut self, st: &mut State<'a>, stack: &mut Vec<State<'a>>, alts: Vec<Items>) -> Result<bool, Reason> {
        if alts.is_empty() {
            self.leaf()?;
            return Ok(false);
        }
        let mut alts = alts.into_iter();
        let first = alts.next().unwrap_or_default();
        for alt in alts.rev() {
            let mut other = st.clone();
            Self::apply(&mut other, alt);
            stack.push(other);
        }
        Self::apply(st, first);
        Ok(true)
    }

    fn apply(st: &mut State<'a>, items: Items) {
        for it in items.into_iter().rev() {
            st.work.push(match it {
                Item::Step(s) => Work::Step(s),
                Item::Call(f, r) => Work::Call(f, r),
            });
        }
    }

    /// Execute a statement; false when the path leaves the loop.
    fn stmt(&mut self, s: &'a Stmt, st: &mut State<'a>, stack: &mut Vec<State<'a>>) -> Result<bool, Reason> {
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(e) => st.work.push(Work::Eval(e.clone())),
            // A static (or `extern`) declaration in an inlined helper:
            // initialised once, before `main`, so nothing happens here.
            StmtKind::Decl(v, _) if self.program.var(*v).storage == Storage::Global => {}
            StmtKind::Decl(v, init) => {
                let ty = self.program.var(*v).ty.clone();
                match init {
                    None => st.work.push(Work::Step(Step::Havoc(*v))),
                    Some(Init::Expr(e)) => st.work.push(Work::Eval(assign_expr(*v, &ty, e.clone()))),
                    Some(Init::List(..)) => return Err(Reason::PathConstruct("brace-list initialiser in the loop")),
                }
            }
            StmtKind::Block { stmts, .. } => {
                for c in stmts.iter().rev() {
                    st.work.push(Work::Stmt(c));
                }
            }
            StmtKind::If { cond, then, els } => {
                let mut other = st.clone();
                if let Some(e) = els {
                    other.work.push(Work::Stmt(e));
                }
                other.work.push(Work::Cond(cond.clone(), false));
                stack.push(other);
                st.work.push(Work::Stmt(then));
                st.work.push(Work::Cond(cond.clone(), true));
            }
            StmtKind::Break => {
                while let Some(w) = st.work.pop() {
                    match w {
                        Work::SwitchEnd | Work::InnerEnd => return Ok(true),
                        Work::BodyEnd => break,
                        _ => {}
                    }
                }
                self.leaf()?;
                return Ok(false);
            }
            StmtKind::Continue => {
                while let Some(w) = st.work.pop() {
                    if let Work::BodyEnd | Work::InnerNext(_) = w {
                        st.work.push(w);
                        return Ok(true);
                    }
                }
                return Err(Reason::PathConstruct("continue outside the loop body"));
            }
            StmtKind::Return(e) => {
                // Inside an inlined call: assign the result and resume after
                // the call. In the loop's own function: the path exits.
                let Some(pos) = st.work.iter().rposition(|w| matches!(w, Work::CallEnd(_))) else {
                    self.leaf()?;
                    return Ok(false);
                };
                let ret = match st.work[pos] {
                    Work::CallEnd(r) => r,
                    _ => None,
                };
                st.work.truncate(pos + 1);
                match (e, ret) {
                    (Some(e), Some(r)) => {
                        let ty = self.var_ty(r);
                        st.work.push(Work::Eval(assign_expr(r, &ty, e.clone())));
                    }
                    (Some(e), None) => st.work.push(Work::Eval(e.clone())),
                    _ => {}
                }
            }
            StmtKind::Label(_, inner) => st.work.push(Work::Stmt(inner)),
            StmtKind::Goto(_) => {
                // Jumps into the loop were rejected by `find_loops`; any
                // other goto leaves the loop.
                self.leaf()?;
                return Ok(false);
            }
            StmtKind::Switch { cond, body } => self.switch(cond, body, st, stack)?,
            StmtKind::Case(_, inner) | StmtKind::Default(inner) => st.work.push(Work::Stmt(inner)),
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => {
                st.work.push(Work::Inner(s));
                if let StmtKind::For { init: Some(init), .. } = &s.kind {
                    st.work.push(Work::Stmt(init));
                }
            }
            StmtKind::Opaque(r) => return Err(Reason::UnmodelledStatement(r.clone())),
        }
        Ok(true)
    }

    fn switch(
        &mut self,
        cond: &Expr,
        body: &'a Stmt,
        st: &mut State<'a>,
        stack: &mut Vec<State<'a>>,
    ) -> Result<(), Reason> {
        let StmtKind::Block { stmts, .. } = &body.kind else {
            return Err(Reason::PathConstruct("switch without a block body"));
        };
        if has_side_effects(cond) {
            return Err(Reason::PathConstruct("switch on an expression with side effects"));
        }
        let mut cases: Vec<(Option<i128>, usize)> = Vec::new();
        for (i, c) in stmts.iter().enumerate() {
            let inner = match &c.kind {
                StmtKind::Case(v, inner) => {
                    cases.push((Some(*v), i));
                    inner
                }
                StmtKind::Default(inner) => {
                    cases.push((None, i));
                    inner
                }
                _ => c,
            };
            if has_case(inner) {
                return Err(Reason::PathConstruct(
                    "case label nested inside a statement of a switch",
                ));
            }
        }
        let ty = cond.int_type().unwrap_or(IntType::INT);
        let mut entries: Vec<(Expr, Option<usize>)> = Vec::new();
        for (v, i) in &cases {
            if let Some(v) = v {
                entries.push((build::cmp(BinOp::Eq, cond.clone(), build::lit(*v, ty)), Some(*i)));
            }
        }
        let none_match = build::and_all(
            cases
                .iter()
                .filter_map(|c| c.0)
                .map(|v| build::cmp(BinOp::Ne, cond.clone(), build::lit(v, ty))),
        );
        let default_pos = cases.iter().find(|c| c.0.is_none()).map(|c| c.1);
        entries.push((none_match, default_pos));
        let base = st.clone();
        for (k, (guard, start)) in entries.into_iter().enumerate() {
            let mut ns = base.clone();
            ns.work.push(Work::SwitchEnd);
            if let Some(start) = start {
                for c in stmts[start..].iter().rev() {
                    ns.work.push(Work::Stmt(c));
                }
            }
            ns.work.push(Work::Step(Step::Assume(guard)));
            if k == 0 {
                *st = ns;
            } else {
                stack.push(ns);
            }
        }
        Ok(())
    }

    /// The ways to make `e` nonzero (`want`) or zero, each a list of items
    /// ending in guards.
    fn branch(&mut self, e: &Expr, want: bool) -> Result<Vec<Items>, Reason> {
        if !has_side_effects(e) && !has_cond(e) {
            let g = if want { e.clone() } else { not(e.clone()) };
            return Ok(vec![vec![Item::Step(Step::Assume(g))]]);
        }
        match &e.kind {
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
                let and = *op == BinOp::LogAnd;
                if want == and {
                    // a && b true / a || b false: both operands decide alike.
                    let first = self.branch(a, want)?;
                    self.cross_with(first, b, want)
                } else {
                    let mut out = self.branch(a, want)?;
                    let first = self.branch(a, !want)?;
                    out.extend(self.cross_with(first, b, want)?);
                    Ok(out)
                }
            }
            ExprKind::Unary(crate::ir::UnOp::LogNot, a) => self.branch(a, !want),
            _ => {
                let alts = self.flatten(e)?;
                Ok(alts
                    .into_iter()
                    .map(|(mut items, v)| {
                        let g = if want { v } else { not(v) };
                        items.push(Item::Step(Step::Assume(g)));
                        items
                    })
                    .collect())
            }
        }
    }

    fn cross_with(&mut self, first: Vec<Items>, b: &Expr, want: bool) -> Result<Vec<Items>, Reason> {
        let mut out = Vec::new();
        for x in first {
            for y in self.branch(b, want)? {
                let mut v = x.clone();
                v.extend(y);
                out.push(v);
            }
        }
        Ok(out)
    }

    fn flatten_all(&mut self, es: &[&Expr]) -> Result<Vec<(Items, Vec<Expr>)>, Reason> {
        let mut acc: Vec<(Items, Vec<Expr>)> = vec![(Vec::new(), Vec::new())];
        for e in es {
            let alts = self.flatten(e)?;
            let mut next = Vec::new();
            for (items, vals) in &acc {
                for (i2, v) in &alts {
                    let mut items = items.clone();
                    items.extend(i2.iter().cloned());
                    let mut vals = vals.clone();
                    vals.push(v.clone());
                    next.push((items, vals));
                }
            }
            acc = next;
        }
        Ok(acc)
    }

    /// Split an expression into straight-line items and a pure value, one
    /// pair per way of evaluating it (`?:` and short-circuit operators with
    /// side effects fork). No pair: every way leaves the loop.
    fn flatten(&mut self, e: &Expr) -> Result<Vec<(Items, Expr)>, Reason> {
        if !has_side_effects(e) && !has_cond(e) {
            if let Some(r) = e.walk_find_opaque() {
                return Err(r);
            }
            return Ok(vec![(Vec::new(), e.clone())]);
        }
        if e.is_memory_node() {
            return Err(memory_reason(e));
        }
        match &e.kind {
            ExprKind::IntLit(_) | ExprKind::Var(_) | ExprKind::Nondet(_) => Ok(vec![(Vec::new(), e.clone())]),
            ExprKind::Opaque(r) => Err(Reason::UnmodelledExpressions(vec![r.clone()])),
            // (Refused above; the match names every kind.)
            ExprKind::AddrOf(_)
            | ExprKind::Deref(_)
            | ExprKind::Member(..)
            | ExprKind::StringLit(_)
            | ExprKind::Alloc { .. } => Err(memory_reason(e)),
            ExprKind::Forall(..) => Err(Reason::Quantifier),
            ExprKind::Unary(op, a) => Ok(self
                .flatten(a)?
                .into_iter()
                .map(|(i, v)| (i, rebuild(e, ExprKind::Unary(*op, Box::new(v)))))
                .collect()),
            ExprKind::Cast { implicit, expr } => Ok(self
                .flatten(expr)?
                .into_iter()
                .map(|(i, v)| {
                    let k = ExprKind::Cast {
                        implicit: *implicit,
                        expr: Box::new(v),
                    };
                    (i, rebuild(e, k))
                })
                .collect()),
            ExprKind::Binary(op @ (BinOp::LogAnd | BinOp::LogOr), a, b) => {
                self.flatten_short_circuit(*op == BinOp::LogAnd, a, b)
            }
            ExprKind::Binary(op, a, b) => Ok(self
                .flatten_all(&[a, b])?
                .into_iter()
                .map(|(i, mut v)| {
                    let y = v.pop().unwrap_or_else(|| b.as_ref().clone());
                    let x = v.pop().unwrap_or_else(|| a.as_ref().clone());
                    (i, rebuild(e, ExprKind::Binary(*op, Box::new(x), Box::new(y))))
                })
                .collect()),
            ExprKind::Index(a, i) => Ok(self
                .flatten_all(&[a, i])?
                .into_iter()
                .map(|(it, mut v)| {
                    let y = v.pop().unwrap_or_else(|| i.as_ref().clone());
                    let x = v.pop().unwrap_or_else(|| a.as_ref().clone());
                    (it, rebuild(e, ExprKind::Index(Box::new(x), Box::new(y))))
                })
                .collect()),
            ExprKind::Comma(a, b) => {
                let mut out = Vec::new();
                for (i1, _) in self.flatten(a)? {
                    for (i2, v) in self.flatten(b)? {
                        let mut it = i1.clone();
                        it.extend(i2);
                        out.push((it, v));
                    }
                }
                Ok(out)
            }
            ExprKind::Cond(c, x, y) => {
                let mut out = Vec::new();
                for (want, arm) in [(true, x), (false, y)] {
                    for items in self.branch(c, want)? {
                        for (i2, v) in self.flatten(arm)? {
                            let mut it = items.clone();
                            it.extend(i2);
                            out.push((it, v));
                        }
                    }
                }
                Ok(out)
            }
            ExprKind::Assign { op, op_ty, lhs, rhs } => self.flatten_assign(*op, op_ty, lhs, rhs),
            ExprKind::IncDec {
                inc,
                prefix,
                op_ty,
                target,
            } => self.flatten_inc_dec(*inc, *prefix, op_ty, target),
            ExprKind::Call(Callee::Intrinsic(which), args) => self.flatten_intrinsic(e, *which, args),
            ExprKind::Call(Callee::Func(f), args) => self.flatten_call(*f, args),
        }
    }

    /// `a && b` (`and`) or `a || b`: the value is decided by `a`, or else
    /// by `b`.
    fn flatten_short_circuit(&mut self, and: bool, a: &Expr, b: &Expr) -> Result<Vec<(Items, Expr)>, Reason> {
        let mut out = Vec::new();
        for items in self.branch(a, !and)? {
            out.push((items, build::lit(if and { 0 } else { 1 }, IntType::INT)));
        }
        for items in self.branch(a, and)? {
            for (i2, v) in self.flatten(b)? {
                let mut it = items.clone();
                it.extend(i2);
                let zero = build::lit(0, v.int_type().unwrap_or(IntType::INT));
                out.push((it, build::bool_op(BinOp::Ne, v, zero)));
            }
        }
        Ok(out)
    }

    /// `lhs = rhs` or `lhs op= rhs`: the value is the place read after.
    fn flatten_assign(
        &mut self,
        op: Option<BinOp>,
        op_ty: &CType,
        lhs: &Expr,
        rhs: &Expr,
    ) -> Result<Vec<(Items, Expr)>, Reason> {
        let mut out = Vec::new();
        for (place_items, place) in self.place(lhs)? {
            for (rhs_items, r) in self.flatten(rhs)? {
                let mut it = place_items.clone();
                it.extend(rhs_items);
                let read = place_read(&place, lhs);
                let value = match op {
                    None => r,
                    Some(o) => {
                        let l = match op_ty.as_int() {
                            Some(t) => cast(read.clone(), t),
                            None => read.clone(),
                        };
                        let v = Expr::new(
                            ExprKind::Binary(o, Box::new(l), Box::new(r)),
                            op_ty.clone(),
                            Span::SYNTHETIC,
                        );
                        match lhs.ty.as_int() {
                            Some(t) => cast(v, t),
                            None => v,
                        }
                    }
                };
                it.push(Item::Step(Step::Assign(place.clone(), as_value(value))));
                out.push((it, read));
            }
        }
        Ok(out)
    }

    /// `++x`, `x--` and the like: a postfix form reads the old value
    /// through a temporary.
    fn flatten_inc_dec(
        &mut self,
        inc: bool,
        prefix: bool,
        op_ty: &CType,
        target: &Expr,
    ) -> Result<Vec<(Items, Expr)>, Reason> {
        let (Some(t), Some(ot)) = (target.ty.as_int(), op_ty.as_int()) else {
            return Err(Reason::PathConstruct("increment of a non-integer"));
        };
        let mut out = Vec::new();
        for (mut it, place) in self.place(target)? {
            let read = place_read(&place, target);
            let op = if inc { BinOp::Add } else { BinOp::Sub };
            let v = Expr::new(
                ExprKind::Binary(op, Box::new(cast(read.clone(), ot)), Box::new(build::lit(1, ot))),
                op_ty.clone(),
                Span::SYNTHETIC,
            );
            let value = cast(v, t);
            let result = if prefix {
                read
            } else {
                let tmp = self.temp(&target.ty, "old");
                it.push(Item::Step(Step::Assign(Lhs::Var(tmp), read)));
                Expr::var(tmp, target.ty.clone())
            };
            it.push(Item::Step(Step::Assign(place, value)));
            out.push((it, result));
        }
        Ok(out)
    }

    /// A call `e` of a CPROVER or SV-COMP intrinsic.
    fn flatten_intrinsic(&mut self, e: &Expr, which: Intrinsic, args: &[Expr]) -> Result<Vec<(Items, Expr)>, Reason> {
        match which {
            Intrinsic::Assert | Intrinsic::Assume => {
                let Some(c) = args.first() else {
                    return Ok(vec![(Vec::new(), build::lit(0, IntType::INT))]);
                };
                let mut out = Vec::new();
                for (mut it, v) in self.flatten(c)? {
                    it.push(Item::Step(if which == Intrinsic::Assert {
                        Step::Assert(v, e.span)
                    } else {
                        Step::Assume(v)
                    }));
                    out.push((it, build::lit(0, IntType::INT)));
                }
                Ok(out)
            }
            // Error and abort end the iteration: exit paths.
            Intrinsic::Error | Intrinsic::Abort => Ok(Vec::new()),
            Intrinsic::ArrayCopy | Intrinsic::ArrayReplace => Err(Reason::ArrayCopy),
        }
    }

    /// A call of a function of the program: its parameters assigned, then
    /// the call item (inlined later), its value in a temporary.
    fn flatten_call(&mut self, f: FuncId, args: &[Expr]) -> Result<Vec<(Items, Expr)>, Reason> {
        let func = self.program.func(f);
        if func.body.is_none() {
            return Err(Reason::CallsWithoutBody(func.name.clone()));
        }
        let params = func.params.clone();
        let ret_ty = func.ret.clone();
        let refs: Vec<&Expr> = args.iter().collect();
        let mut out = Vec::new();
        for (mut it, vals) in self.flatten_all(&refs)? {
            for (p, v) in params.iter().zip(vals) {
                let pty = self.program.var(*p).ty.clone();
                let v = match pty.as_int() {
                    Some(t) if v.ty != pty => cast(v, t),
                    _ => v,
                };
                it.push(Item::Step(Step::Assign(Lhs::Var(*p), as_value(v))));
            }
            let ret = if ret_ty == CType::Void {
                None
            } else {
                Some(self.temp(&ret_ty, "ret"))
            };
            it.push(Item::Call(f, ret));
            let value = match ret {
                Some(r) => Expr::var(r, ret_ty.clone()),
                None => build::lit(0, IntType::INT),
            };
            out.push((it, value));
        }
        Ok(out)
    }

    /// An assignable place with its index evaluated.
    fn place(&mut self, lhs: &Expr) -> Result<Vec<(Items, Lhs)>, Reason> {
        match &lhs.skip_implicit().kind {
            ExprKind::Var(v) => Ok(vec![(Vec::new(), Lhs::Var(*v))]),
            ExprKind::Index(..) => {
                // `a[r1]...[rk][j]`: the indices from the innermost access
                // out, down to the array variable.
                let mut indices = Vec::new();
                let mut at = lhs.skip_implicit();
                while let ExprKind::Index(a, i) = &at.kind {
                    indices.push(i.as_ref());
                    at = a.skip_implicit();
                }
                let ExprKind::Var(av) = at.kind else {
                    return Err(Reason::PathConstruct(
                        "assignment to an element of an array that is not a variable",
                    ));
                };
                indices.reverse();
                Ok(self
                    .flatten_all(&indices)?
                    .into_iter()
                    .filter_map(|(it, mut idx)| {
                        let j = idx.pop()?;
                        Some((it, Lhs::Index(av, idx, j)))
                    })
                    .collect())
            }
            _ => Err(Reason::PathConstruct("assignment to an unmodelled place")),
        }
    }
}
