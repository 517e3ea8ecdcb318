//! Acceleration of one iteration path.
//!
//! In: a program, a loop and one of its iteration paths (`loops`). Out: an
//! `Accelerator`: the IR block that performs `n >= 1` iterations of the
//! path at once (a fresh `tracc_nN`, assumptions that every one of the `n`
//! iterations takes the path, keeps its assertions and computes no value
//! outside its C type, then the closed-form assignments), with the closed
//! forms and guard treatment for `explain`. Or a reason why the path is not
//! accelerated.
//!
//! Method: symbolic execution of the path gives, per variable, its value
//! after one iteration as a C expression over the values before it. Those
//! are read as exact polynomials (valid while no operation leaves its
//! type) and solved as recurrences in the iteration count `k`
//! (invariant, one-step delayed, `x + e` summed to polynomials). z3 checks
//! every closed form against its recurrence, decides whether the guards
//! may be checked at the first and last iteration only (else a quantifier),
//! and proves that the emitted C (overflow bounds, closed forms) computes
//! without wrap-around exactly the mathematical values and exactly the
//! no-overflow condition. Anything unproved is not accelerated.
//!
//! Accelerators run inside one iteration of the loop. They compute `m = n-1`
//! full iterations followed by the part of one more iteration up to the end
//! of the body, so the loop's own `for` step or `do`-`while` condition then
//! completes iteration `n`. Their assumptions still cover all `n`
//! iterations in full, that last step included (only the truth of a
//! `do`-`while` condition is the loop's own to check at the last one): the
//! trace automaton's blocking is sound only if `acc(n)`, the loop's step and
//! `acc(m)` is `acc(n + m)` (ARCHITECTURE.md, "Soundness rules").

mod bounded_range;
mod guards;
mod overflow;
pub mod poly;
mod recurrence;
pub mod show;
mod simplify;
pub use simplify::{any_of, given, implication};
mod single_point;
pub mod smt;
mod symex;
mod verify;

use crate::ir::build::{self, and, and_all, arith, cast, cmp, ite, lit, not, or, ulong};
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, Init, IntType, Intrinsic, Program, Quantifiers, Span, Stmt, StmtKind,
    Storage, VarDecl, VarId,
};
use crate::loops::{LoopInfo, Path};
use crate::reason::{ArrayIssue, ClosedFormLimit, Reason};
use guards::{fresh_k, guard_treatment};
use overflow::{abs_ul, add_nonneg, dist_down, dist_up, linear_bound, no_wrap, sub_nonneg};
use poly::{Atom, Poly};
use recurrence::{Cf, Kind, linear_value, monotone, solve, to_poly, verify_recurrences};
use serde::Serialize;
use smt::{in_range, int, poly_value};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use symex::{Sym, symex};
use verify::verify_emitted;
use z3::Solver;
use z3::ast::{Bool, Int};

/// How the guards of a path are assumed for the `n` iterations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GuardTreatment {
    /// At the first and the last iteration (z3 proved that suffices).
    TwoPoint,
    /// With a quantifier over all iterations.
    Quantified,
    /// A disequality whose moving side passes the other at most once: a
    /// closed condition on where that happens (z3 proved it exact).
    SinglePoint,
    /// No variable of the guard changes on the path (their closed forms
    /// are the identity): checked once, at the first iteration.
    Invariant,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClosedForm {
    pub var: String,
    pub ty: String,
    /// `linear`, `delayed` (constant or one step behind others),
    /// `polynomial`.
    pub kind: String,
    /// The value after `k` iterations, in terms of the values before the
    /// first (`x0`).
    pub formula: String,
}

#[derive(Clone, Debug)]
pub struct GuardInfo {
    /// The condition over the variables at the start of the iteration.
    pub cond: Expr,
    pub assertion: bool,
    /// Evaluated after the body (`for` step, `do`-`while` condition): it
    /// holds at iterations `0 .. n-2` only.
    pub after_body: bool,
    pub treatment: GuardTreatment,
}

#[derive(Clone, Debug)]
pub struct Accelerator {
    /// The iteration count variable `tracc_nN`.
    pub n_var: VarId,
    pub closed_forms: Vec<ClosedForm>,
    pub guards: Vec<GuardInfo>,
    /// The no-overflow conditions, in the order they are assumed.
    pub overflow: Vec<Expr>,
    /// The accelerator: a scoped block.
    pub block: Stmt,
    /// The condition, over the values at the start of an iteration, under
    /// which the accelerator with `n = 1` is feasible, i.e. the original
    /// iteration along the path is covered (takes the path, keeps its
    /// assertions, leaves no type; then both reach the same state).
    pub covered: Expr,
    /// The conjunction of the path's guards before the end of the body
    /// (over the values at the start of an iteration): an original
    /// iteration can take the path only where it holds.
    pub may_take: Expr,
    /// A branch on a fresh nondeterministic value chose the path (its
    /// guard is not in `may_take`): then `covered` says that the path is
    /// covered from a state, not that the iteration takes it.
    pub nondet_choice: bool,
    /// Variables added to the program (`tracc_nN`, quantifier variables).
    pub new_vars: Vec<VarId>,
}

thread_local! {
    /// One solver per resource limit, reused for every query of the thread.
    /// Its parameters are set once: `Z3_solver_set_params` validates them
    /// against every parameter the solver knows, which costs far more than
    /// a typical query.
    static SOLVERS: RefCell<Vec<(u32, Solver)>> = const { RefCell::new(Vec::new()) };
}

thread_local! {
    /// Resource limit of the next queries (see `with_solver`).
    static RLIMIT: std::cell::Cell<u32> = const { std::cell::Cell::new(RLIMIT_LINEAR) };
}

/// Queries over linear closed forms (division by a symbolic step included).
const RLIMIT_LINEAR: u32 = 2_000_000;
/// Queries over quadratic closed forms: nonlinear arithmetic spends much
/// time per resource unit, so give up sooner.
const RLIMIT_QUADRATIC: u32 = 800_000;

/// Queries whose failure only costs output size (the simplification of
/// conditions): a small budget, so that a hard one gives up quickly.
const RLIMIT_OPTIONAL: u32 = 100_000;

/// Run `f` with the budget of optional queries, then restore the budget.
fn optional_queries<R>(f: impl FnOnce() -> R) -> R {
    let before = RLIMIT.with(|r| r.replace(RLIMIT_OPTIONAL));
    let result = f();
    RLIMIT.with(|r| r.set(before));
    result
}

fn with_solver<R>(f: impl FnOnce(&Solver) -> R) -> R {
    let rlimit = RLIMIT.with(|r| r.get());
    SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        let i = match s.iter().position(|(r, _)| *r == rlimit) {
            Some(i) => i,
            None => {
                // All queries run on the incremental core (push/pop). A
                // solver made by `Solver::new()` also builds z3's default
                // tactic, a portfolio for every logic that only serves as a
                // fallback when the core answers "unknown"; building it
                // costs more than all the queries of a typical file. For
                // QF_NIA the core gets the same configuration as without a
                // logic (z3 has no special setup for it) and the fallback is
                // the tactic the portfolio picks for nonlinear integer goals.
                let solver = Solver::new_for_logic("QF_NIA").unwrap_or_default();
                let mut p = z3::Params::new();
                // A deterministic resource limit (per check) decides; the
                // wall-clock timeout only guards against queries that do
                // not honour it. Running out means "not proved": the path
                // is then not accelerated.
                p.set_u32("rlimit", rlimit);
                p.set_u32("timeout", 10_000);
                solver.set_params(&p);
                s.push((rlimit, solver));
                s.len() - 1
            }
        };
        f(&s[i].1)
    })
}

/// A checked operation: (node, value at k = 0, value at k >= 1 as
/// polynomials in K, whether the two differ). Those of the body and those
/// after it are checked alike, at all `n` iterations.
type CheckPoly = (Expr, Poly, Poly, bool);

pub(crate) fn key(e: &Expr) -> String {
    // Spans are irrelevant for identity of values.
    format!("{:?}", build::desynth(e))
}

/// An iteration count as emitted C (`unsigned long`), with its value when
/// it is a known constant.
#[derive(Clone)]
struct K {
    expr: Expr,
    konst: Option<i128>,
    /// Known to be at least 1 (the iteration count `n` itself).
    positive: bool,
}

impl K {
    fn c(v: i128) -> K {
        K {
            expr: ulong(v),
            konst: Some(v),
            positive: v >= 1,
        }
    }

    fn minus1(&self) -> K {
        match self.konst {
            Some(v) => K::c(v - 1),
            None => K {
                expr: arith(BinOp::Sub, self.expr.clone(), ulong(1), IntType::ULONG),
                konst: None,
                positive: false,
            },
        }
    }
}

struct Ctx<'a> {
    program: &'a Program,
    path: &'a Path,
    cfs: BTreeMap<VarId, Cf>,
    full_vals: BTreeMap<VarId, Expr>,
}

impl Ctx<'_> {
    fn ty(&self, v: VarId) -> Option<IntType> {
        self.path.var_decl(self.program, v).and_then(|d| d.ty.as_int())
    }

    fn var(&self, v: VarId) -> Expr {
        let ty = self
            .path
            .var_decl(self.program, v)
            .map(|d| d.ty.clone())
            .unwrap_or(CType::Int(IntType::INT));
        Expr::var(v, ty)
    }

    /// The value of `x` after `k` iterations, as exact C.
    fn cf_expr(&self, x: VarId, k: &K) -> Option<Expr> {
        let Some(cf) = self.cfs.get(&x) else {
            return Some(self.var(x));
        };
        if k.konst == Some(0) {
            return Some(self.var(x));
        }
        let t = self.ty(x)?;
        match &cf.kind {
            Kind::Invariant => Some(self.var(x)),
            Kind::Linear(step) => Some(linear_value(self.var(x), t, step, &k.expr)),
            Kind::Delayed => {
                let f = self.full_vals.get(&x)?;
                let prev = k.minus1();
                let shifted = self.at(f, &prev)?;
                Some(if k.konst.is_some() || k.positive {
                    shifted
                } else {
                    ite(cmp(BinOp::Eq, k.expr.clone(), ulong(0)), self.var(x), shifted)
                })
            }
            Kind::Polynomial if t.bits() <= 32 => {
                let (w, _) = self.poly_wide(&cf.rest, k)?;
                Some(cast(w, t))
            }
            Kind::Polynomial => {
                // x0 + R(k), R over narrow values computed in 64 bits.
                let (r, w) = self.poly_wide(&cf.rest.sub(&Poly::var(x))?, k)?;
                let xv = self.var(x);
                Some(if !w.signed {
                    add_nonneg(xv, r, t)
                } else {
                    ite(
                        cmp(BinOp::Ge, r.clone(), lit(0, w)),
                        add_nonneg(xv.clone(), cast(r.clone(), IntType::ULONG), t),
                        sub_nonneg(xv, abs_ul(r, w), t),
                    )
                })
            }
        }
    }

    /// An expression over the values at the start of an iteration, at
    /// iteration `k`.
    fn at(&self, e: &Expr, k: &K) -> Option<Expr> {
        if k.konst == Some(0) {
            return Some(e.clone());
        }
        let failed = std::cell::Cell::new(false);
        let cache: RefCell<HashMap<VarId, Expr>> = RefCell::new(HashMap::new());
        let r = build::subst(e, &|v| {
            if !self.cfs.contains_key(&v) || matches!(self.cfs[&v].kind, Kind::Invariant) {
                return None;
            }
            if let Some(x) = cache.borrow().get(&v) {
                return Some(x.clone());
            }
            match self.cf_expr(v, k) {
                Some(x) => {
                    cache.borrow_mut().insert(v, x.clone());
                    Some(x)
                }
                None => {
                    failed.set(true);
                    None
                }
            }
        });
        if failed.get() { None } else { Some(r) }
    }

    /// A polynomial of degree <= 2 in K at `k`, in a 64-bit type, written
    /// in the binomial basis `a0 + a1*k + a2*(k*(k-1)/2)` whose
    /// coefficients are integral for integer-valued closed forms.
    fn poly_wide(&self, p: &Poly, k: &K) -> Option<(Expr, IntType)> {
        let at = |j: i128| p.subst(&|a| (a == Atom::K).then(|| Poly::constant(j)));
        let (p0, p1, p2) = (at(0)?, at(1)?, at(2)?);
        let a1 = p1.sub(&p0)?;
        let a2 = p2.sub(&p1.scale(poly::Rat::int(2))?)?.add(&p0)?;
        if p.degree_in(Atom::K) > 2 {
            return None;
        }
        let coeffs = [p0, a1, a2];
        let unsigned = coeffs.iter().all(|c| {
            c.terms.iter().all(|(m, r)| {
                r.num >= 0
                    && m.iter()
                        .all(|(a, _)| matches!(a, Atom::Var(v) if self.ty(*v).is_some_and(|t| !t.signed)))
            })
        });
        let w = if unsigned { IntType::ULONG } else { IntType::LONG };
        let ul = IntType::ULONG;
        let basis = [
            None,
            Some(cast(k.expr.clone(), w)),
            Some(cast(
                ite(
                    cmp(BinOp::Eq, k.expr.clone(), ulong(0)),
                    ulong(0),
                    arith(
                        BinOp::Div,
                        arith(
                            BinOp::Mul,
                            k.expr.clone(),
                            arith(BinOp::Sub, k.expr.clone(), ulong(1), ul),
                            ul,
                        ),
                        ulong(2),
                        ul,
                    ),
                ),
                w,
            )),
        ];
        let mut sum: Option<Expr> = None;
        for (c, b) in coeffs.iter().zip(basis) {
            for (m, r) in &c.terms {
                let mut t = lit(r.as_int()?, w);
                for (a, e) in m {
                    let Atom::Var(v) = a else { return None };
                    for _ in 0..*e {
                        t = arith(BinOp::Mul, t, cast(self.var(*v), w), w);
                    }
                }
                if let Some(b) = &b {
                    t = arith(BinOp::Mul, t, b.clone(), w);
                }
                sum = Some(match sum {
                    None => t,
                    Some(s) => arith(BinOp::Add, s, t, w),
                });
            }
        }
        Some((sum.unwrap_or_else(|| lit(0, w)), w))
    }

    /// The math value of the closed form of `x` at iteration `k` (z3).
    fn cf_value(&self, x: VarId, k: &Int, atoms: &dyn Fn(Atom) -> Int) -> Option<Int> {
        let Some(cf) = self.cfs.get(&x) else {
            return Some(atoms(Atom::Var(x)));
        };
        let rest = poly_value(&cf.rest, &|a| if a == Atom::K { k.clone() } else { atoms(a) })?;
        // Unless the form is piecewise, `rest` at k = 0 is `first`: no case
        // split.
        if !cf.piecewise() {
            return Some(rest);
        }
        let first = poly_value(&cf.first, atoms)?;
        Some(k.eq(int(0)).ite(&first, &rest))
    }
}

fn assume(e: Expr) -> Stmt {
    Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), vec![e]),
            CType::Void,
            Span::SYNTHETIC,
        )),
        Span::SYNTHETIC,
    )
}

fn assign(x: Expr, v: Expr) -> Stmt {
    let ty = x.ty.clone();
    Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Assign {
                op: None,
                op_ty: ty.clone(),
                lhs: Box::new(x),
                rhs: Box::new(v),
            },
            ty,
            Span::SYNTHETIC,
        )),
        Span::SYNTHETIC,
    )
}

/// Next free number for a fresh name `<fresh prefix><stem><number>`.
fn fresh_number(program: &Program, stem: &str) -> usize {
    let prefix = program.fresh.name(stem);
    program
        .vars
        .iter()
        .filter_map(|d| d.name.strip_prefix(&prefix).and_then(|s| s.parse::<usize>().ok()))
        .max()
        .unwrap_or(0)
        + 1
}

/// Accelerate one iteration path of a loop. On success the fresh variables
/// have been added to `program`.
pub fn accelerate_path(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
) -> Result<Accelerator, Reason> {
    let sym = symex(program, path)?;
    let prog: &Program = program;
    let name = |v: VarId| {
        path.var_decl(prog, v)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    };
    let Recurrences { updates, cfs } = recurrences(prog, path, &sym)?;
    let ctx = Ctx {
        program: prog,
        path,
        cfs,
        full_vals: sym.full_vals.clone(),
    };
    for (x, cf) in &ctx.cfs {
        if matches!(cf.kind, Kind::Polynomial) && !monotone(&ctx, &cf.rest) {
            return Err(Reason::ClosedFormTooComplex {
                var: name(*x),
                form: cf.rest.show(&|a| atom_name(prog, path, a)),
                limit: ClosedFormLimit::Monotone,
            });
        }
    }
    let (check_polys, quant_checks) = checked_operations(&ctx, &sym, &name)?;
    let env_rest = |v: VarId| ctx.cfs.get(&v).map(|c| c.rest.clone());
    verify_recurrences(&ctx, &updates)?;

    // Fresh variables, numbered per file.
    let n_num = fresh_number(prog, "n");
    let n_decl = VarDecl {
        name: prog.fresh.name(format_args!("n{n_num}")),
        ty: build::ULONG,
        storage: Storage::Local,
        func: Some(info.func),
        span: Span::SYNTHETIC,
    };
    let n_id = VarId(prog.vars.len());
    let n = Expr::var(n_id, build::ULONG);
    let m = K {
        expr: arith(BinOp::Sub, n.clone(), ulong(1), IntType::ULONG),
        konst: None,
        positive: false,
    };
    let k_num = fresh_number(prog, "k");
    let mut new_decls = vec![n_decl];

    // Overflow conditions, in an order where each can be evaluated exactly
    // once the earlier ones hold. They cover all `n` iterations in full,
    // also the part after the body of the last one (the `for` step, the
    // side effects of a `do`-`while` condition), which the loop itself runs
    // after the accelerator: the trace automaton replaces `acc(n)` followed
    // by a covered iteration by `acc(n + 1)`, and two accelerators in a row
    // by one, which is only sound if every update between them is one that
    // a single accelerator may perform (ARCHITECTURE.md, "Soundness rules").
    let top = K {
        expr: n.clone(),
        konst: None,
        positive: true,
    };
    let overflow = overflow_conditions(&ctx, &check_polys, &top, &m)?;

    // Final values.
    let finals = final_values(&ctx, &sym, &m, &top)?;

    // Guards. Those after the body (a `do`-`while` condition) hold at the
    // first `n - 1` iterations; the loop itself evaluates the last one.
    let m1 = m.minus1();
    let mut guard_infos = guard_treatment(&ctx, &sym.guards, &check_polys)?;
    let mut guard_exprs = Vec::new();
    let mut q_vars = Vec::new();
    for g in guard_infos.iter_mut() {
        let last = if g.after_body { &m1 } else { &m };
        let mut guard_vars = BTreeSet::new();
        build::vars_of(&g.cond, &mut guard_vars);
        let invariant = guard_vars
            .iter()
            .all(|v| ctx.cfs.get(v).is_none_or(|c| matches!(c.kind, Kind::Invariant)));
        if invariant {
            // The same truth at every iteration; after the body it is
            // assumed only when there is an iteration it continues to.
            g.treatment = GuardTreatment::Invariant;
            guard_exprs.push(if g.after_body {
                or(cmp(BinOp::Eq, m.expr.clone(), ulong(0)), g.cond.clone())
            } else {
                g.cond.clone()
            });
            continue;
        }
        if g.treatment == GuardTreatment::Quantified {
            let bound = if g.after_body { m.expr.clone() } else { n.clone() };
            if let Some(c) = single_point::single_point_guard(&ctx, &g.cond, g.after_body, n_id, &bound, &check_polys) {
                g.treatment = GuardTreatment::SinglePoint;
                guard_exprs.push(c);
                continue;
            }
        }
        match g.treatment {
            GuardTreatment::TwoPoint => {
                let at_last = ctx.at(&g.cond, last).ok_or("cannot emit a guard")?;
                let both = and(g.cond.clone(), at_last);
                guard_exprs.push(if g.after_body {
                    or(cmp(BinOp::Eq, m.expr.clone(), ulong(0)), both)
                } else {
                    both
                });
            }
            GuardTreatment::Quantified | GuardTreatment::SinglePoint | GuardTreatment::Invariant => {
                let kid = fresh_k(prog, &mut new_decls, &mut q_vars, k_num, info.func);
                let kv = K {
                    expr: Expr::var(kid, build::ULONG),
                    konst: None,
                    positive: false,
                };
                let bound = if g.after_body { m.expr.clone() } else { n.clone() };
                let body = or(
                    not(cmp(BinOp::Lt, kv.expr.clone(), bound)),
                    ctx.at(&g.cond, &kv).ok_or("cannot emit a guard")?,
                );
                guard_exprs.push(Expr::new(
                    ExprKind::Forall(kid, Box::new(body)),
                    build::INT,
                    Span::SYNTHETIC,
                ));
            }
        }
    }

    // Variables whose closed forms are emitted at iterations other than the
    // last: in the guards, the array writes and the overflow conditions
    // checked with a quantifier (all over the values at the start of an
    // iteration).
    let mut at_k = BTreeSet::new();
    for (g, _, _) in &sym.guards {
        build::vars_of(g, &mut at_k);
    }
    for w in &sym.array_writes {
        build::vars_of(&w.index, &mut at_k);
        build::vars_of(&w.value, &mut at_k);
    }
    for node in &quant_checks {
        build::vars_of(node, &mut at_k);
    }
    verify_emitted(&ctx, n_id, &overflow, &finals, &check_polys, &sym, &at_k)?;

    let mut quant_overflow = Vec::new();
    let mut quant_at_zero = Vec::new();
    for node in &quant_checks {
        let kid = fresh_k(prog, &mut new_decls, &mut q_vars, k_num, info.func);
        let kv = K {
            expr: Expr::var(kid, build::ULONG),
            konst: None,
            positive: false,
        };
        let sub = |e: &Expr| ctx.at(e, &kv).unwrap_or_else(|| e.clone());
        let Some(c) = no_wrap(node, &sub)? else { continue };
        // All `n` iterations, the part after the body included (see `top`).
        quant_overflow.push(Expr::new(
            ExprKind::Forall(kid, Box::new(or(not(cmp(BinOp::Lt, kv.expr.clone(), n.clone())), c))),
            build::INT,
            Span::SYNTHETIC,
        ));
        if let Some(c0) = no_wrap(node, &|e: &Expr| e.clone())? {
            quant_at_zero.push(c0);
        }
    }

    // Every variable the accelerator names must mean that variable at the
    // loop: a global whose name a local of the function reuses would not.
    let mut used = BTreeSet::new();
    for e in overflow.iter().chain(&guard_exprs).chain(finals.iter().map(|(_, e)| e)) {
        build::vars_of(e, &mut used);
    }
    used.extend(finals.iter().map(|(x, _)| *x));
    for w in &sym.array_writes {
        used.insert(w.array);
        build::vars_of(&w.index, &mut used);
        build::vars_of(&w.value, &mut used);
    }
    for v in &used {
        let Some(d) = prog.vars.get(v.0) else { continue };
        if d.storage == Storage::Global
            && d.func.is_none()
            && prog.vars.iter().any(|o| o.func == Some(info.func) && o.name == d.name)
        {
            return Err(Reason::ShadowedGlobal(d.name.clone()));
        }
    }

    // In-bounds conditions of the array accesses at moving indices (at both
    // ends: they are linear), assumed before anything reads an array, since
    // CBMC checks the bounds of the reads in assumptions too.
    let reads: Vec<&Expr> = sym
        .guards
        .iter()
        .map(|(g, _, _)| g)
        .chain(&quant_checks)
        .chain(sym.array_writes.iter().map(|w| &w.value))
        .collect();
    let writes: Vec<(VarId, &Expr)> = sym.array_writes.iter().map(|w| (w.array, &w.index)).collect();
    let anchors = bounded_range::anchors(&ctx, &reads, &writes, &m);
    let index_bounds: Vec<Expr> = anchors.iter().map(|a| a.bounds.clone()).collect();

    // Array writes: a fresh array equal to the written values at the
    // written indices and to the old array elsewhere, copied back.
    let mut array_stmts: Vec<Stmt> = Vec::new();
    let mut array_forms: Vec<ClosedForm> = Vec::new();
    let a_num = fresh_number(prog, "a");
    for (wi, w) in sym.array_writes.iter().enumerate() {
        let d = path.var_decl(prog, w.array).ok_or("unknown array")?;
        let Some((elem, len)) = d.ty.array_parts() else {
            return Err(Reason::ArrayAccess(ArrayIssue::NotAnArray));
        };
        let (elem, len) = (elem.clone(), i128::from(len));
        let arr_name = d.name.clone();
        let arr_ty = d.ty.clone();
        w.index.int_type().ok_or("non-integer index")?;
        let first = to_poly(&w.index, &|_| None);
        let rest = to_poly(&w.index, &env_rest);
        let step = match (&first, &rest) {
            (Some(f), Some(r))
                if r.degree_in(Atom::K) == 1 && r.subst(&|a| (a == Atom::K).then(Poly::zero)).as_ref() == Some(f) =>
            {
                r.by_k()
                    .get(1)
                    .and_then(|c| c.as_const())
                    .and_then(|c| c.as_int())
                    .filter(|c| *c != 0)
            }
            _ => None,
        };
        let Some(c) = step else {
            return Err(Reason::ArrayAccess(ArrayIssue::IndexNotConstantStep(arr_name)));
        };
        // The accelerator writes at the first `n` iterations (`n - 1` for a
        // write after the body, whose last one the loop itself performs);
        // the index stays in bounds at all `n` (see `top`).
        let last = if w.after { &m1 } else { &m };
        let cnt = if w.after { m.expr.clone() } else { n.clone() };
        let i0 = w.index.clone();
        let il = ctx.at(&w.index, last).ok_or("cannot emit an index")?;
        // Its in-bounds conditions are among `index_bounds`.
        if !anchors.iter().any(|a| a.is(w.array, &w.index)) {
            return Err(Reason::ArrayAccess(ArrayIssue::IndexUnbounded(arr_name)));
        }
        let a_id = VarId(prog.vars.len() + new_decls.len());
        new_decls.push(VarDecl {
            name: prog.fresh.name(format_args!("a{}", a_num + wi)),
            ty: arr_ty.clone(),
            storage: Storage::Local,
            func: Some(info.func),
            span: Span::SYNTHETIC,
        });
        let fresh_arr = Expr::var(a_id, arr_ty.clone());
        let elem_at = |arr: Expr, i: Expr| {
            Expr::new(
                ExprKind::Index(Box::new(arr), Box::new(i)),
                elem.clone(),
                Span::SYNTHETIC,
            )
        };
        let mut quant = |body: &dyn Fn(Expr) -> Option<Expr>| -> Option<Expr> {
            let kid = fresh_k(prog, &mut new_decls, &mut q_vars, k_num, info.func);
            let b = body(Expr::var(kid, build::ULONG))?;
            Some(Expr::new(
                ExprKind::Forall(kid, Box::new(b)),
                build::INT,
                Span::SYNTHETIC,
            ))
        };
        let et = elem.as_int().ok_or("non-integer elements")?;
        let nondet_any = w.nondet_range.is_some_and(|(lo, hi)| lo <= et.min() && et.max() <= hi);
        let values = if nondet_any {
            None
        } else {
            Some(
                quant(&|k| {
                    let kk = K {
                        expr: k.clone(),
                        konst: None,
                        positive: false,
                    };
                    let idx = ctx.at(&w.index, &kk)?;
                    let e = elem_at(fresh_arr.clone(), idx);
                    let holds = match w.nondet_range {
                        // Any value of the nondeterministic value's type.
                        Some((lo, hi)) => {
                            let mut parts = Vec::new();
                            if lo > et.min() {
                                parts.push(cmp(BinOp::Ge, e.clone(), lit(lo, et)));
                            }
                            if hi < et.max() {
                                parts.push(cmp(BinOp::Le, e, lit(hi, et)));
                            }
                            and_all(parts)
                        }
                        None => cmp(BinOp::Eq, e, ctx.at(&w.value, &kk)?),
                    };
                    Some(or(not(cmp(BinOp::Lt, k, cnt.clone())), holds))
                })
                .ok_or("cannot emit the written values")?,
            )
        };
        let ul = IntType::ULONG;
        let (lo, hi) = if c > 0 {
            (cast(i0.clone(), ul), cast(il.clone(), ul))
        } else {
            (cast(il.clone(), ul), cast(i0.clone(), ul))
        };
        let old = Expr::var(w.array, arr_ty.clone());
        let others = quant(&|j| {
            let mut written = vec![
                cmp(BinOp::Ne, cnt.clone(), ulong(0)),
                cmp(BinOp::Ge, j.clone(), lo.clone()),
                cmp(BinOp::Le, j.clone(), hi.clone()),
            ];
            if c.abs() > 1 {
                let dist = if c > 0 {
                    arith(BinOp::Sub, j.clone(), cast(i0.clone(), ul), ul)
                } else {
                    arith(BinOp::Sub, cast(i0.clone(), ul), j.clone(), ul)
                };
                written.push(cmp(BinOp::Eq, arith(BinOp::Rem, dist, ulong(c.abs()), ul), ulong(0)));
            }
            Some(or(
                not(cmp(BinOp::Lt, j.clone(), ulong(len))),
                or(
                    and_all(written),
                    cmp(
                        BinOp::Eq,
                        elem_at(fresh_arr.clone(), j.clone()),
                        elem_at(old.clone(), j),
                    ),
                ),
            ))
        })
        .ok_or("cannot emit the unchanged elements")?;
        array_stmts.push(Stmt::new(StmtKind::Decl(a_id, None), Span::SYNTHETIC));
        if let Some(v) = values {
            array_stmts.push(assume(v));
        }
        array_stmts.push(assume(others));
        array_stmts.push(Stmt::new(
            StmtKind::Expr(Expr::new(
                ExprKind::Call(Callee::Intrinsic(Intrinsic::ArrayCopy), vec![old, fresh_arr.clone()]),
                CType::Void,
                Span::SYNTHETIC,
            )),
            Span::SYNTHETIC,
        ));
        let names = |v: VarId| path.var_decl(prog, v).map(|d| d.name.clone());
        array_forms.push(ClosedForm {
            var: arr_name.clone(),
            ty: arr_ty.to_string(),
            kind: "array".into(),
            formula: format!(
                "{arr_name}[{}] = {} at iterations k (index step {c})",
                show::expr(prog, &names, &w.index),
                if w.nondet_range.is_some() {
                    "<nondeterministic>".to_string()
                } else {
                    show::expr(prog, &names, &w.value)
                }
            ),
        });
    }

    // CBMC's SAT back end expands only quantifiers with a constant range:
    // an array access that moves with the iteration bounds the count.
    let unsupported = |e: &Expr| {
        let mut found = false;
        e.walk(&mut |x| found |= matches!(x.kind, ExprKind::Forall(..)) && !quantifiers.admits(x));
        found
    };
    if quantifiers == Quantifiers::Bounded
        && (guard_exprs.iter().chain(&quant_overflow).any(unsupported)
            || array_stmts.iter().any(|st| st.own_exprs().into_iter().any(unsupported)))
        && let Some(bound) = bounded_range::bound(&ctx, &anchors, n_id, &overflow, &check_polys)
    {
        let widen = |e: Expr| bounded_range::constant_range(e, bound, quantifiers);
        guard_exprs = guard_exprs.into_iter().map(widen).collect();
        quant_overflow = quant_overflow.into_iter().map(widen).collect();
        for st in array_stmts.iter_mut() {
            if let StmtKind::Expr(Expr {
                kind: ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), args),
                ..
            }) = &mut st.kind
            {
                *args = std::mem::take(args).into_iter().map(widen).collect();
            }
        }
    }

    // The block.
    // Coverage: every assumption at n = 1. Guards then only matter at
    // iteration 0 (those after the body not at all), and the fresh arrays
    // are unconstrained otherwise.
    let at_one = |e: &Expr| build::subst(e, &|v| (v == n_id).then(|| ulong(1)));
    let mut covered_parts: Vec<Expr> = overflow.iter().map(at_one).collect();
    covered_parts.extend(index_bounds.iter().map(at_one));
    covered_parts.extend(quant_at_zero);
    for g in &guard_infos {
        if !g.after_body {
            covered_parts.push(g.cond.clone());
        }
    }
    for st in &array_stmts {
        if let StmtKind::Expr(Expr {
            kind: ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), args),
            ..
        }) = &st.kind
            && let Some(a) = args.first()
            && !matches!(a.kind, ExprKind::Forall(..))
        {
            covered_parts.push(at_one(a));
        }
    }
    let covered = simplify::coverage(&ctx, covered_parts);

    let mut stmts = vec![Stmt::new(
        StmtKind::Decl(
            n_id,
            Some(Init::Expr(Expr::new(
                ExprKind::Nondet(String::new()),
                build::ULONG,
                Span::SYNTHETIC,
            ))),
        ),
        Span::SYNTHETIC,
    )];
    // The in-bounds conditions come before any array is read. An
    // assumption that z3 proves implied by the ones before it says nothing
    // new and is not emitted.
    let assumptions = std::iter::once(cmp(BinOp::Ge, n.clone(), ulong(1)))
        .chain(overflow.iter().chain(&index_bounds).chain(&quant_overflow).cloned())
        .chain(guard_exprs.iter().cloned())
        .collect();
    let ty_of = |v: VarId| {
        if v.0 < prog.vars.len() {
            prog.var(v).ty.as_int()
        } else {
            new_decls.get(v.0 - prog.vars.len()).and_then(|d| d.ty.as_int())
        }
    };
    for c in simplify::assumptions(assumptions, &ty_of) {
        stmts.push(assume(c));
    }
    // Array contents are defined from the values before the iteration, so
    // they come before the scalar assignments.
    stmts.extend(array_stmts);
    stmts.extend(ordered_assignments(&ctx, finals, prog, &mut new_decls, info)?);
    let mut closed_forms = closed_form_report(&ctx, &name);
    closed_forms.extend(array_forms);
    let block = Stmt::new(StmtKind::Block { stmts, scoped: true }, Span::SYNTHETIC);
    if let Some(q) = quantifiers.first_unsupported(&block) {
        let fresh_or_own = |v: VarId| match v.0.checked_sub(prog.vars.len()) {
            Some(i) => new_decls.get(i).map(|d| d.name.clone()),
            None => Some(prog.var(v).name.clone()),
        };
        let shown = show::expr(prog, &fresh_or_own, &q);
        return Err(Reason::QuantifierUnsupported {
            quantifier: shown,
            none_allowed: quantifiers == Quantifiers::None,
        });
    }
    let mut new_vars = Vec::new();
    for d in new_decls {
        new_vars.push(program.add_var(d));
    }
    let may_take = and_all(
        guard_infos
            .iter()
            .filter(|g| !g.assertion && !g.after_body)
            .map(|g| g.cond.clone()),
    );
    Ok(Accelerator {
        n_var: n_id,
        closed_forms,
        guards: guard_infos,
        overflow: overflow.into_iter().chain(quant_overflow).collect(),
        block,
        covered,
        may_take,
        nondet_choice: sym.nondet_choice,
        new_vars,
    })
}

/// The updates of one iteration (`x' = f_x(vars)`) and their closed forms.
struct Recurrences {
    updates: BTreeMap<VarId, Poly>,
    cfs: BTreeMap<VarId, Cf>,
}

/// The path's effect as polynomial updates, and their closed forms if they
/// are of a kind that can be emitted (the z3 budget follows their degree).
fn recurrences(prog: &Program, path: &Path, sym: &Sym) -> Result<Recurrences, Reason> {
    let name = |v: VarId| {
        path.var_decl(prog, v)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    };
    let mut updates = BTreeMap::new();
    for (x, e) in &sym.full_vals {
        let d = path.var_decl(prog, *x).ok_or("unknown variable")?;
        if d.ty.as_int().is_none() {
            return Err(Reason::WritesUnsupportedType {
                var: d.name.clone(),
                ty: d.ty.to_string(),
            });
        }
        let p = to_poly(e, &|_| None).ok_or_else(|| Reason::NotPolynomial {
            var: d.name.clone(),
            value: show::expr(prog, &|v| path.var_decl(prog, v).map(|d| d.name.clone()), e),
        })?;
        updates.insert(*x, p);
    }
    if sym.array_writes.is_empty() && updates.values().zip(updates.keys()).all(|(p, x)| *p == Poly::var(*x)) {
        return Err(Reason::ChangesNothing);
    }
    let cfs = solve(&updates, &name, &|v| path.var_decl(prog, v).map(|d| d.ty.clone()))?;
    let quadratic = cfs.values().any(|c| matches!(c.kind, Kind::Polynomial));
    RLIMIT.with(|r| r.set(if quadratic { RLIMIT_QUADRATIC } else { RLIMIT_LINEAR }));
    for (x, cf) in &cfs {
        // Products of 64-bit values have no wider C type to be computed in.
        let narrow = |v: &VarId| {
            path.var_decl(prog, *v)
                .and_then(|d| d.ty.as_int())
                .is_some_and(|t| t.bits() <= 32)
        };
        // (A 64-bit variable may accumulate a sum of narrow values: x0 + R.)
        if matches!(cf.kind, Kind::Polynomial)
            && cf
                .rest
                .atoms()
                .iter()
                .any(|a| matches!(a, Atom::Var(v) if v != x && !narrow(v)))
        {
            return Err(Reason::ClosedFormTooComplex {
                var: name(*x),
                form: cf.rest.show(&|a| atom_name(prog, path, a)),
                limit: ClosedFormLimit::Width,
            });
        }
        if matches!(cf.kind, Kind::Polynomial) && (cf.piecewise() || cf.rest.degree_in(Atom::K) > 2) {
            return Err(Reason::ClosedFormTooComplex {
                var: name(*x),
                form: cf.rest.show(&|a| atom_name(prog, path, a)),
                limit: ClosedFormLimit::Degree,
            });
        }
    }
    Ok(Recurrences { updates, cfs })
}

/// The checked operations of the path with their values as polynomials in
/// K, and those on array elements, which have none.
fn checked_operations(
    ctx: &Ctx,
    sym: &Sym,
    name: &dyn Fn(VarId) -> String,
) -> Result<(Vec<CheckPoly>, Vec<Expr>), Reason> {
    let prog = ctx.program;
    // Values of checked operations as polynomials in K: they must move
    // monotonically so that checking the ends of a range suffices.
    let env_rest = |v: VarId| ctx.cfs.get(&v).map(|c| c.rest.clone());
    let mut check_polys = Vec::new();
    // Operations on array elements have no closed form: their no-overflow
    // condition is assumed at every iteration with a quantifier.
    let mut quant_checks: Vec<Expr> = Vec::new();
    for node in &sym.checks {
        let rest = to_poly(node, &env_rest);
        let first = to_poly(node, &|_| None);
        let mut reads_array = false;
        node.walk(&mut |x| reads_array |= matches!(x.kind, ExprKind::Index(..)));
        if (rest.is_none() || first.is_none()) && reads_array {
            quant_checks.push(node.clone());
            continue;
        }
        let (Some(rest), Some(first)) = (rest, first) else {
            return Err(Reason::UnboundedValue {
                what: show::expr(prog, &|v| Some(name(v)), node),
                monotone_unknown: false,
            });
        };
        if rest.degree_in(Atom::K) > 2 || (rest.degree_in(Atom::K) == 2 && !monotone(ctx, &rest)) {
            return Err(Reason::UnboundedValue {
                what: show::expr(prog, &|v| Some(name(v)), node),
                monotone_unknown: true,
            });
        }
        let piecewise = rest.subst(&|a| (a == Atom::K).then(Poly::zero)).as_ref() != Some(&first);
        check_polys.push((node.clone(), first, rest, piecewise));
    }
    Ok((check_polys, quant_checks))
}

/// The no-overflow conditions of the closed forms and of every checked
/// operation over all `n` iterations (`top` is `n`, `m` is `n - 1`).
fn overflow_conditions(ctx: &Ctx, check_polys: &[CheckPoly], top: &K, m: &K) -> Result<Vec<Expr>, Reason> {
    let mut overflow: Vec<Expr> = Vec::new();
    for (x, cf) in &ctx.cfs {
        if let Kind::Linear(step) = &cf.kind {
            let t = ctx.ty(*x).ok_or("unknown type")?;
            overflow.push(linear_bound(ctx.var(*x), t, step, &top.expr));
        }
    }
    // Polynomial closed forms (monotone) in range at the last iteration,
    // computed in a 64-bit type once the linear bounds hold.
    for (x, cf) in &ctx.cfs {
        if let Kind::Polynomial = cf.kind {
            let t = ctx.ty(*x).ok_or("unknown type")?;
            if t.bits() > 32 {
                let r = cf.rest.sub(&Poly::var(*x)).ok_or("coefficient overflow")?;
                let (r, w) = ctx.poly_wide(&r, top).ok_or("cannot emit a closed form")?;
                let xv = ctx.var(*x);
                let ul = IntType::ULONG;
                overflow.push(if !w.signed {
                    cmp(BinOp::Le, r, dist_up(xv, t))
                } else {
                    and(
                        or(
                            cmp(BinOp::Lt, r.clone(), lit(0, w)),
                            cmp(BinOp::Le, cast(r.clone(), ul), dist_up(xv.clone(), t)),
                        ),
                        or(
                            cmp(BinOp::Ge, r.clone(), lit(0, w)),
                            cmp(BinOp::Le, abs_ul(r, w), dist_down(xv, t)),
                        ),
                    )
                });
                continue;
            }
            let (wv, w) = ctx.poly_wide(&cf.rest, top).ok_or("cannot emit a closed form")?;
            let mut parts = Vec::new();
            if w.contains(t.min()) && t.min() > w.min() {
                parts.push(cmp(BinOp::Ge, wv.clone(), lit(t.min(), w)));
            }
            if w.contains(t.max()) && t.max() < w.max() {
                parts.push(cmp(BinOp::Le, wv, lit(t.max(), w)));
            }
            overflow.push(and_all(parts));
        }
    }
    let check_at = |node: &Expr, k: &K| -> Result<Option<Expr>, Reason> {
        let sub = |e: &Expr| ctx.at(e, k).unwrap_or_else(|| e.clone());
        no_wrap(node, &sub)
    };
    // Every checked operation, of the body or of the part after it, at the
    // first and the last of the `n` iterations (and at the second where its
    // first value is special), as the overflow conditions above.
    let mut conds: [Vec<Expr>; 3] = Default::default();
    let mut piecewise_any = false;
    for (node, _first, _rest, piecewise) in check_polys {
        if let Some(c) = check_at(node, &K::c(0))? {
            conds[0].push(c);
        }
        if *piecewise {
            if let Some(c) = check_at(node, &K::c(1))? {
                conds[1].push(c);
            }
            piecewise_any = true;
        }
        if let Some(c) = check_at(node, m)? {
            conds[2].push(c);
        }
    }
    let [c0, c1, cm] = conds;
    overflow.extend(c0);
    if piecewise_any && !c1.is_empty() {
        overflow.push(or(cmp(BinOp::Eq, m.expr.clone(), ulong(0)), and_all(c1)));
    }
    overflow.extend(cm);
    overflow.retain(|e| !build::is_true(e));
    Ok(overflow)
}

/// The values the accelerator assigns to the variables the path changes.
fn final_values(ctx: &Ctx, sym: &Sym, m: &K, top: &K) -> Result<Vec<(VarId, Expr)>, Reason> {
    let mut finals: Vec<(VarId, Expr)> = Vec::new();
    for (x, cf) in &ctx.cfs {
        // With a step after the body, a variable the body writes may differ
        // after the body even when full iterations leave it unchanged.
        let body_writes = sym.tail_assigns && sym.prefix_vals.contains_key(x);
        if matches!(cf.kind, Kind::Invariant) && !body_writes {
            continue;
        }
        let v = if sym.tail_assigns {
            match sym.prefix_vals.get(x) {
                Some(e) => ctx.at(e, m),
                None => ctx.cf_expr(*x, m),
            }
        } else {
            ctx.cf_expr(*x, top)
        }
        .ok_or("cannot emit the value of a variable")?;
        finals.push((*x, v));
    }
    Ok(finals)
}

/// The closed forms of the variables the path changes, for `explain`.
fn closed_form_report(ctx: &Ctx, name: &dyn Fn(VarId) -> String) -> Vec<ClosedForm> {
    let (prog, path) = (ctx.program, ctx.path);
    ctx.cfs
        .iter()
        .filter(|(_, c)| !matches!(c.kind, Kind::Invariant))
        .map(|(x, c)| ClosedForm {
            var: name(*x),
            ty: ctx.ty(*x).map(|t| t.to_string()).unwrap_or_default(),
            kind: match c.kind {
                Kind::Linear(_) => "linear",
                Kind::Delayed => "delayed",
                Kind::Polynomial => "polynomial",
                Kind::Invariant => "invariant",
            }
            .into(),
            formula: if c.piecewise() {
                format!(
                    "k = 0: {}; k >= 1: {}",
                    c.first.show(&|a| atom_name(prog, path, a)),
                    c.rest.show(&|a| atom_name(prog, path, a))
                )
            } else {
                c.rest.show(&|a| atom_name(prog, path, a))
            },
        })
        .collect()
}

fn atom_name(program: &Program, path: &Path, a: Atom) -> String {
    match a {
        Atom::K => "k".into(),
        Atom::Var(v) => path
            .var_decl(program, v)
            .map(|d| format!("{}0", d.name))
            .unwrap_or_else(|| format!("v{}", v.0)),
    }
}

/// Assignments of the final values, ordered so that no assignment
/// overwrites a value a later one reads; a cycle goes through a copy.
fn ordered_assignments(
    ctx: &Ctx,
    finals: Vec<(VarId, Expr)>,
    prog: &Program,
    new_decls: &mut Vec<VarDecl>,
    info: &LoopInfo,
) -> Result<Vec<Stmt>, Reason> {
    let mut pending = finals;
    let mut out = Vec::new();
    let s_num = fresh_number(prog, "s");
    let mut copies = 0;
    while !pending.is_empty() {
        let reads = |e: &Expr| {
            let mut s = BTreeSet::new();
            build::vars_of(e, &mut s);
            s
        };
        let pos = (0..pending.len()).find(|&i| {
            let x = pending[i].0;
            pending
                .iter()
                .enumerate()
                .all(|(j, (_, e))| j == i || !reads(e).contains(&x))
        });
        match pos {
            Some(i) => {
                let (x, e) = pending.remove(i);
                out.push(assign(ctx.var(x), e));
            }
            None => {
                // Copy the first variable and read the copy instead.
                let x = pending[0].0;
                let d = ctx.path.var_decl(prog, x).ok_or("unknown variable")?;
                let id = VarId(prog.vars.len() + new_decls.len());
                new_decls.push(VarDecl {
                    name: prog.fresh.name(format_args!("s{}", s_num + copies)),
                    ty: d.ty.clone(),
                    storage: Storage::Local,
                    func: Some(info.func),
                    span: Span::SYNTHETIC,
                });
                copies += 1;
                out.push(Stmt::new(
                    StmtKind::Decl(id, Some(Init::Expr(ctx.var(x)))),
                    Span::SYNTHETIC,
                ));
                let ty = d.ty.clone();
                for (_, e) in pending.iter_mut() {
                    *e = build::subst(e, &|v| (v == x).then(|| Expr::var(id, ty.clone())));
                }
            }
        }
    }
    Ok(out)
}

/// Atoms of the polynomials as z3 integers, with their type ranges.
struct Atoms {
    map: RefCell<BTreeMap<Atom, Int>>,
}

impl Atoms {
    fn new() -> Atoms {
        Atoms {
            map: RefCell::new(BTreeMap::new()),
        }
    }

    fn get(&self, a: Atom) -> Int {
        self.map
            .borrow_mut()
            .entry(a)
            .or_insert_with(|| match a {
                Atom::K => Int::fresh_const("k"),
                Atom::Var(v) => Int::fresh_const(&format!("v{}", v.0)),
            })
            .clone()
    }

    fn ranges(&self, ctx: &Ctx) -> Vec<Bool> {
        self.map
            .borrow()
            .iter()
            .filter_map(|(a, i)| match a {
                Atom::Var(v) => ctx.ty(*v).map(|t| in_range(i, t)),
                Atom::K => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
