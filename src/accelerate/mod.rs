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
//! (invariant, one-step delayed, `x + e` summed to polynomials, `a - x`
//! and swaps alternating by parity). z3 checks
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
//! `acc(m)` is `acc(n + m)` (METHOD.md, "Soundness rules").
//!
//! Also here, because they need the same symbolic execution and solver:
//! `infeasible`, the test with which `loops` prunes path prefixes that no
//! state can take, and `coverage_satisfiable`, with which `instrument`
//! rejects a composed path that no state can take.

mod arrays;
mod bounded_range;
mod exit_count;
mod fresh;
mod guards;
mod one_side;
mod overflow;
mod periodic;
pub mod poly;
mod recurrence;
pub mod show;
mod simplify;
pub use simplify::{any_of, given, implication};
mod single_point;
mod summary;
pub use summary::Summaries;
pub mod smt;
mod symex;
mod verify;
mod wrapping;

use crate::ir::build::{self, and_all, arith, cast, cmp, ite, lit, ulong};
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, Init, IntType, Intrinsic, Program, Quantifiers, Span, Stmt, StmtKind,
    Storage, VarId,
};
use crate::loops::{LoopInfo, Path};
use crate::reason::{ClosedFormLimit, Reason};
use arrays::array_effects;
use fresh::FreshVars;
use guards::guard_assumptions;
use overflow::{abs_ul, add_nonneg, checked_operations, overflow_conditions, quantified_overflow, sub_nonneg};
use poly::{Atom, Poly};
use recurrence::{Cf, Kind, Monotone, linear_value, monotonicity, solve, to_poly, verify_recurrences};
use serde::Serialize;
use smt::{in_range, int, poly_value};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use symex::{ArrayWrite, Sym, symex};
use verify::verify_emitted;
use z3::Solver;
use z3::ast::{Bool, Int};

/// How the guards of a path are assumed for the `n` iterations (in JSON:
/// `two-point`, `quantified`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
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
    /// Its truth repeats with a constant period (z3 proved it): quantified
    /// over the first period only, a constant range.
    Periodic,
    /// Over a counter that wraps around its unsigned type, false at one
    /// value: a closed condition on the first iteration that meets it,
    /// modulo 2^bits (`wrapping`; z3 proved it exact).
    WrapsAround,
    /// Over a counter that wraps around its unsigned type, true for every
    /// value of the type: nothing to check.
    Always,
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
    /// Where the block takes `n` as the count at which the path ends
    /// instead of a free choice (`exit_count`).
    pub exit: Option<ExitChoice>,
}

/// The count `n` takes where the accelerator runs with it to where its
/// path ends, and the condition (over `n` and the values at the start of
/// an iteration) under which it does.
#[derive(Clone, Debug)]
pub struct ExitChoice {
    pub count: Expr,
    pub runs_to_exit: Expr,
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

/// Queries that prune infeasible path prefixes (`infeasible`): asked for
/// every branch of every loop, so they must be cheap; giving up keeps the
/// path.
const RLIMIT_PRUNE: u32 = 5_000;

/// Queries for a witness of a coverage condition (`coverage_satisfiable`).
/// A solver of their own (solvers are kept per budget): the optional
/// simplification queries answer as they did before composed paths were
/// tried, since what a solver has seen can change its answers under a
/// budget.
const RLIMIT_WITNESS: u32 = RLIMIT_OPTIONAL + 1;

/// Run `f` (the work on one file) with a z3 context and solvers of its
/// own: z3's answers within a resource limit depend on what the context and
/// the solvers saw before (the names and order of their terms), so a file
/// transformed after others in one process (a test run, `bench`,
/// `campaign`) must see what a file transformed alone sees, or the same
/// input would give different outputs (and some queries ran into the
/// wall-clock guard, minutes per file, where fresh solvers answer at once).
/// The solvers are dropped again at the end: they belong to the context.
pub fn in_own_context<R: Send + Sync>(f: impl FnOnce() -> R + Send + Sync) -> R {
    let clear = || SOLVERS.with(|s| s.borrow_mut().clear());
    z3::with_z3_config(&z3::Config::new(), || {
        clear();
        let out = f();
        clear();
        out
    })
}

/// Run `f` with the budget of optional queries, then restore the budget.
fn optional_queries<R>(f: impl FnOnce() -> R) -> R {
    with_rlimit(RLIMIT_OPTIONAL, f)
}

fn with_rlimit<R>(rlimit: u32, f: impl FnOnce() -> R) -> R {
    let before = RLIMIT.with(|r| r.replace(rlimit));
    let result = f();
    RLIMIT.with(|r| r.set(before));
    result
}

/// Whether z3 proves `claim` from `premises` on a solver of its own that
/// sees this one query, under the current resource limit. For queries over
/// the exact C semantics of `%` and `/` (periodic guards): z3's incremental
/// core (what `with_solver` gives) can run on such a query for many seconds
/// without counting resources, into the wall-clock guard (seen: 10 s where
/// the fresh solver, which preprocesses the query as a whole, answers in
/// 0.1 s). A fresh solver also answers independently of earlier queries.
fn prove_alone(premises: &[Bool], claim: &Bool) -> bool {
    let solver = Solver::new_for_logic("QF_NIA").unwrap_or_default();
    solver.set_params(&solver_params(RLIMIT.with(|r| r.get())));
    smt::refuted(&solver, premises, claim)
}

/// Whether z3's `smt` tactic proves `claim` from `premises` on a solver of
/// its own, within the budget of optional queries: for nonlinear queries
/// whose failure only leaves a path alone. The QF_NIA tactic of
/// `prove_alone` first tries its core for two seconds of wall-clock time
/// (seen: every such query took 2.0 s, proved or not), and the incremental
/// core runs them into the wall-clock guard (10 s).
fn prove_alone_optional(premises: &[Bool], claim: &Bool) -> bool {
    prove_alone_smt(premises, claim, RLIMIT_OPTIONAL)
}

/// Whether z3's `smt` tactic proves `claim` from `premises` on a solver of
/// its own within `rlimit`: no step of it depends on the clock (the
/// wall-clock guard aside).
fn prove_alone_smt(premises: &[Bool], claim: &Bool, rlimit: u32) -> bool {
    let solver = z3::Tactic::new("simplify").and_then(&z3::Tactic::new("smt")).solver();
    solver.set_params(&solver_params(rlimit));
    smt::refuted(&solver, premises, claim)
}

/// A resource limit (deterministic) and the wall-clock guard, for queries
/// that do not honour it; running out means "not proved".
fn solver_params(rlimit: u32) -> z3::Params {
    let mut p = z3::Params::new();
    p.set_u32("rlimit", rlimit);
    p.set_u32("timeout", 10_000);
    p
}

fn with_solver<R>(f: impl FnOnce(&Solver) -> R) -> R {
    let rlimit = RLIMIT.with(|r| r.get());
    SOLVERS.with(|s| {
        let mut s = s.borrow_mut();
        let i = match s.iter().position(|(r, _)| *r == rlimit) {
            Some(i) => i,
            None => {
                // These queries run on the incremental core (push/pop; the
                // periodicity proofs take `prove_alone` instead). A
                // solver made by `Solver::new()` also builds z3's default
                // tactic, a portfolio for every logic that only serves as a
                // fallback when the core answers "unknown"; building it
                // costs more than all the queries of a typical file. For
                // QF_NIA the core gets the same configuration as without a
                // logic (z3 has no special setup for it) and the fallback is
                // the tactic the portfolio picks for nonlinear integer goals.
                let solver = Solver::new_for_logic("QF_NIA").unwrap_or_default();
                solver.set_params(&solver_params(rlimit));
                s.push((rlimit, solver));
                s.len() - 1
            }
        };
        f(&s[i].1)
    })
}

/// Whether z3 finds a state, at the start of an iteration of `path`, in
/// which the accelerator's coverage condition holds, i.e. in which it can
/// run at all (`false` also when z3 gives up). An accelerator of a path
/// that no state can take proves everything about itself vacuously.
pub fn coverage_satisfiable(program: &Program, path: &Path, acc: &Accelerator) -> bool {
    let conds = [periodic::literal_divisors(acc.covered.clone())];
    let (vars, ranges) = entry_state(program, path, &conds);
    with_rlimit(RLIMIT_WITNESS, || wrap_free_witness(&vars, &ranges, &conds))
}

/// Whether z3 finds values at the start of an iteration (`vars`, within
/// `ranges`) for which every one of `conds` holds and no operation in them
/// leaves its type: then they hold in C's arithmetic too. Without the
/// modulo, z3 finds such a witness quickly; `false` when it finds none (or
/// a condition is not modelled), which proves nothing.
fn wrap_free_witness(vars: &HashMap<VarId, Int>, ranges: &[Bool], conds: &[Expr]) -> bool {
    let mut eval = smt::Eval::new(smt::Mode::NoWrap, vars);
    let mut premises = ranges.to_vec();
    for c in conds {
        let Some(truth) = eval.truth(c, &Bool::from_bool(true)) else {
            return false;
        };
        premises.push(truth);
    }
    premises.append(&mut eval.sides);
    with_solver(|s| smt::satisfiable(s, &premises))
}

/// z3 integers for the values at the start of an iteration of the
/// variables of `conds`, with the premises that each is in its type
/// (variables that are not integers are left out).
fn entry_state(program: &Program, path: &Path, conds: &[Expr]) -> (HashMap<VarId, Int>, Vec<Bool>) {
    let mut names = BTreeSet::new();
    for c in conds {
        build::vars_of(c, &mut names);
    }
    let mut vars = HashMap::new();
    let mut premises = Vec::new();
    for v in names {
        if let Some(t) = path.var_decl(program, v).and_then(|d| d.ty.as_int()) {
            let x = Int::fresh_const(&format!("v{}", v.0));
            premises.push(smt::in_range(&x, t));
            vars.insert(v, x);
        }
    }
    (vars, premises)
}

/// Whether z3 proves that no execution takes `path`, which may be a prefix
/// of an iteration path: its assumptions (`symex::path_conditions`), in
/// C's arithmetic, contradict each other for every state. `false` when not
/// proved (the solver gave up, or a condition is not modelled): a path
/// kept by mistake costs only work, a path dropped by mistake could let
/// the trace automaton block an iteration that nothing covers
/// (METHOD.md, "Soundness rules").
pub fn infeasible(program: &Program, path: &Path) -> bool {
    // Constant divisors as literals, so that `i % 2` is modelled.
    let conds: Vec<Expr> = symex::path_conditions(program, path)
        .into_iter()
        .map(periodic::literal_divisors)
        .collect();
    if conds.len() < 2 {
        // One condition alone is nearly always satisfiable: not asking
        // keeps loops without branches free of solver work.
        return false;
    }
    let (vars, ranges) = entry_state(program, path, &conds);
    with_rlimit(RLIMIT_PRUNE, || {
        // Most prefixes are feasible, and a witness without wrap-around
        // shows it far faster than the modular proof could fail.
        if wrap_free_witness(&vars, &ranges, &conds) {
            return false;
        }
        let mut eval = smt::Eval::new(smt::Mode::Exact, &vars);
        let top = Bool::from_bool(true);
        let mut premises = ranges;
        premises.extend(conds.iter().filter_map(|c| eval.truth(c, &top)));
        with_solver(|s| smt::prove(s, &premises, &Bool::from_bool(false)))
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

    /// The iteration (or element) index held in the variable `id`.
    fn var(id: VarId) -> K {
        K {
            expr: Expr::var(id, build::ULONG),
            konst: None,
            positive: false,
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

    /// The value of `e` (over the values at the start of an iteration) at
    /// iteration `k >= 1`, as a polynomial in `K`; none where a variable
    /// of `e` alternates (its value is not a polynomial in `k`).
    fn poly_in_k(&self, e: &Expr) -> Option<Poly> {
        let mut alternates = false;
        e.walk(&mut |x| {
            if let ExprKind::Var(v) = x.kind {
                alternates |= self.cfs.get(&v).is_some_and(|c| c.in_k().is_none());
            }
        });
        if alternates {
            return None;
        }
        to_poly(e, &|v| self.cfs.get(&v).map(|c| c.rest.clone()))
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
            Kind::Alternating(_) => {
                // The update's own C expression over unchanged values.
                let odd = self.full_vals.get(&x)?.clone();
                Some(match k.konst {
                    Some(v) if v % 2 == 0 => self.var(x),
                    Some(_) => odd,
                    None => {
                        let parity = arith(BinOp::Rem, k.expr.clone(), ulong(2), IntType::ULONG);
                        ite(cmp(BinOp::Eq, parity, ulong(0)), self.var(x), odd)
                    }
                })
            }
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

    /// Whether no variable of `e` changes on the path.
    fn invariant(&self, e: &Expr) -> bool {
        let mut vars = BTreeSet::new();
        build::vars_of(e, &mut vars);
        vars.iter()
            .all(|v| self.cfs.get(v).is_none_or(|cf| matches!(cf.kind, Kind::Invariant)))
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
        let at = |j: i128| p.at_k(&Poly::constant(j));
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

    /// The values at iteration `j` of the variables `vars` (z3).
    fn state_at(&self, vars: &BTreeSet<VarId>, j: &Int, atoms: &dyn Fn(Atom) -> Int) -> Option<HashMap<VarId, Int>> {
        vars.iter().map(|v| Some((*v, self.cf_value(*v, j, atoms)?))).collect()
    }

    /// The truth at the first iteration and at iteration `last` of each of
    /// the path's `guards` that every treatment assumes there (those before
    /// the body, not assertions), where z3 can model it.
    fn guards_at_ends(&self, guards: &[(Expr, bool, bool)], last: &Int, atoms: &dyn Fn(Atom) -> Int) -> Vec<Bool> {
        let tru = Bool::from_bool(true);
        let at = |j: &Int| {
            guards
                .iter()
                .filter(|(_, assertion, after)| !assertion && !after)
                .filter_map(|(g, _, _)| {
                    let mut vars = BTreeSet::new();
                    build::vars_of(g, &mut vars);
                    let state = self.state_at(&vars, j, atoms)?;
                    smt::Eval::new(smt::Mode::Exact, &state).truth(g, &tru)
                })
                .collect::<Vec<_>>()
        };
        let mut out = at(&int(0));
        out.extend(at(last));
        out
    }

    /// The mathematical value (no wrap-around) at iteration `j` of `e`, an
    /// expression over the values at the start of an iteration (z3).
    fn value_at(&self, e: &Expr, j: &Int, atoms: &dyn Fn(Atom) -> Int) -> Option<Int> {
        let mut vars = BTreeSet::new();
        build::vars_of(e, &mut vars);
        let state = self.state_at(&vars, j, atoms)?;
        smt::Eval::new(smt::Mode::NoWrap, &state).value(e, &Bool::from_bool(true))
    }

    /// The math value of the closed form of `x` at iteration `k` (z3).
    fn cf_value(&self, x: VarId, k: &Int, atoms: &dyn Fn(Atom) -> Int) -> Option<Int> {
        let Some(cf) = self.cfs.get(&x) else {
            return Some(atoms(Atom::Var(x)));
        };
        if let Kind::Alternating(odd) = &cf.kind {
            let odd = poly_value(odd, atoms)?;
            return Some(k.modulo(int(2)).eq(int(0)).ite(&atoms(Atom::Var(x)), &odd));
        }
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

/// What an accelerator assumes and does before its scalar assignments, in
/// the order it is emitted.
struct Emitted {
    /// No-overflow conditions of the closed forms and checked operations.
    overflow: Vec<Expr>,
    /// In-bounds conditions of the array accesses at moving indices: they
    /// come before anything reads an array, since CBMC checks the bounds of
    /// the reads in assumptions too.
    index_bounds: Vec<Expr>,
    /// No-overflow conditions of operations on array elements (quantified).
    quant_overflow: Vec<Expr>,
    /// The conditions assumed for the path's guards.
    guards: Vec<Expr>,
    /// The array writes (`arrays::array_effects`).
    arrays: Vec<Stmt>,
}

impl Emitted {
    /// The arguments of the assumptions among the array statements.
    fn array_assumptions_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        self.arrays.iter_mut().filter_map(|st| match &mut st.kind {
            StmtKind::Expr(Expr {
                kind: ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), args),
                ..
            }) => args.first_mut(),
            _ => None,
        })
    }
}

/// Accelerate one iteration path of a loop. On success the fresh variables
/// have been added to `program`.
///
/// The passes, in order: symbolic execution of the path (`symex`), its
/// recurrences and their closed forms (`recurrence`), the checked
/// operations and no-overflow conditions (`overflow`), the final values,
/// the guards' treatment (`guards`), z3's check of what is emitted
/// (`verify`), the array writes (`arrays`), quantifier ranges for the
/// target (`bounded_range`), and the block with its coverage condition.
/// It is the list of those passes and nothing else, which is why it is
/// longer than most functions.
pub fn accelerate_path(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
) -> Result<Accelerator, Reason> {
    let whole = accelerate_whole(program, info, path, quantifiers);
    let Err(Reason::ClosedFormTooComplex {
        var,
        limit: ClosedFormLimit::Monotone,
        ..
    }) = &whole
    else {
        return whole;
    };
    // A sum whose addend changes sign: its iterations on one side of zero.
    for one_sided in one_side::one_sided(program, path, var) {
        if let Ok(acc) = accelerate_whole(program, info, &one_sided, quantifiers) {
            return Ok(acc);
        }
    }
    whole
}

/// `accelerate_path` of the path as it is.
fn accelerate_whole(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
) -> Result<Accelerator, Reason> {
    // Counters that wrap around and geometric variables are exact modulo
    // their type at any count: accelerated apart, they let one accelerator
    // run through the wrap.
    let modular = wrapping::wrapping_counters(program, path);
    let mut apart = None;
    if let Some(stripped) = &modular.stripped {
        match accelerate_exact(program, info, &stripped.path, quantifiers, &stripped.counters) {
            Ok(acc) => return Ok(acc),
            Err(why) => apart = Some(why),
        }
    }
    // A geometric variable stops the path as a whole: say why it is not
    // taken, or what stopped the path without it.
    accelerate_exact(program, info, path, quantifiers, &[]).map_err(|e| match e {
        Reason::NotAdditive(var) => match (modular.refusal(&var), apart) {
            (Some(why), _) => Reason::Geometric { var, why },
            (None, Some(apart)) if modular.takes(&var) => apart,
            _ => Reason::NotAdditive(var),
        },
        e => e,
    })
}

/// `accelerate_path` of a path whose wrapping `counters` were taken out
/// (none: every value stays in its type at every covered iteration). The
/// counters' conditions are guards like the others, their final values
/// assignments like the others; the path may change nothing else.
fn accelerate_exact(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
    counters: &[wrapping::Counter],
) -> Result<Accelerator, Reason> {
    let mut sym = symex(program, path)?;
    let prog: &Program = program;
    let name = |v: VarId| {
        path.var_decl(prog, v)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    };
    let Recurrences { updates, cfs } = recurrences(prog, path, &sym, !counters.is_empty())?;
    let ctx = Ctx {
        program: prog,
        path,
        cfs,
        full_vals: sym.full_vals.clone(),
    };
    // Before the monotonicity queries, which cost z3 seconds on a sum
    // that a path taken every other iteration could never accelerate.
    periodic::reject_never_repeating(&ctx, &sym.guards)?;
    let guarded = require_monotone(&ctx, &sym.guards, &name)?;
    if quantifiers == Quantifiers::Bounded {
        periodic::operand_checks(&ctx, &mut sym)?;
    }
    let mut checks = checked_operations(&ctx, &sym, &name)?;
    checks.guarded |= !guarded.is_empty();
    let (check_polys, quant_checks) = (&checks.polys[..], &checks.quantified[..]);
    verify_recurrences(&ctx, &updates)?;

    let mut fresh = FreshVars::new(prog, info.func);
    let n_id = fresh.iteration_count();
    // Overflow conditions, in an order where each can be evaluated exactly
    // once the earlier ones hold. They cover all `n` iterations in full,
    // also the part after the body of the last one (the `for` step, the
    // side effects of a `do`-`while` condition), which the loop itself runs
    // after the accelerator: the trace automaton replaces `acc(n)` followed
    // by a covered iteration by `acc(n + 1)`, and two accelerators in a row
    // by one, which is only sound if every update between them is one that
    // a single accelerator may perform (METHOD.md, "Soundness rules").
    let top = K {
        expr: Expr::var(n_id, build::ULONG),
        konst: None,
        positive: true,
    };
    let m = top.minus1();
    let overflow = overflow_conditions(&ctx, check_polys, &checks.alternating, &guarded, &top, &m)?;
    let mut finals = final_values(&ctx, &sym, &m, &top)?;
    let (mut guard_infos, mut guards) =
        guard_assumptions(&ctx, &sym.guards, check_polys, n_id, &m, quantifiers, &mut fresh)?;
    let at_k = read_at_iterations(&sym, quant_checks);
    verify_emitted(&ctx, n_id, &overflow, &finals, &checks, &sym, &at_k)?;
    // The counters' own conditions and values were proved by `wrapping`.
    let n = Expr::var(n_id, build::ULONG);
    for c in counters {
        guards.extend(wrapping::conditions(c, &n));
        guard_infos.extend(wrapping::guard_infos(c));
        finals.push((c.var, wrapping::final_value(c, &n)));
    }
    let (quant_overflow, quant_at_zero) = quantified_overflow(&ctx, quant_checks, n_id, &mut fresh)?;
    reject_shadowed_globals(&ctx, info, &sym, overflow.iter().chain(&guards), &finals)?;

    let anchors = array_anchors(&ctx, &sym, quant_checks, &m);
    let arrays = array_effects(&ctx, &sym.array_writes, &anchors, n_id, &m, &mut fresh)?;
    let array_forms = arrays.forms;
    let mut emitted = Emitted {
        overflow,
        index_bounds: anchors
            .iter()
            .map(|a| a.bounds.clone())
            .chain(arrays.row_bounds)
            .collect(),
        quant_overflow,
        guards,
        arrays: arrays.stmts,
    };
    if quantifiers == Quantifiers::Bounded {
        bounded_range::widen_quantifiers(&ctx, &anchors, n_id, check_polys, &mut emitted);
    }
    let covered = coverage_condition(&ctx, n_id, &emitted, quant_at_zero, &guard_infos);
    let overflow_all = emitted
        .overflow
        .iter()
        .chain(&emitted.quant_overflow)
        .cloned()
        .collect();
    // Only array writes are expanded per element: where the path writes
    // none, a free count costs CBMC little, and the choice would double the
    // scalar assumptions where the state is not known.
    let exit = if counters.is_empty() && !sym.array_writes.is_empty() {
        exit_count::exit_count(&ctx, &sym, &top)
    } else {
        None
    };
    let (block, exit) = accelerator_block(&ctx, n_id, emitted, exit, finals, &mut fresh)?;
    let limit = if exit.is_some() {
        Quantifiers::MAX_FOLDED_RANGE
    } else {
        Quantifiers::MAX_BOUNDED_RANGE
    };
    if let Some(q) = quantifiers.first_unsupported(&block, limit) {
        let shown = show::expr(prog, &|v| fresh.name(v), &q);
        return Err(Reason::QuantifierUnsupported {
            quantifier: shown,
            none_allowed: quantifiers == Quantifiers::None,
            range: crate::ir::constant_range(&q),
            limit,
        });
    }
    let mut closed_forms = closed_form_report(&ctx, &name);
    closed_forms.extend(counters.iter().map(wrapping::closed_form));
    closed_forms.extend(array_forms);
    let may_take = and_all(
        guard_infos
            .iter()
            .filter(|g| !g.assertion && !g.after_body)
            .map(|g| g.cond.clone()),
    );
    let decls = fresh.into_decls();
    let new_vars = decls.into_iter().map(|d| program.add_var(d)).collect();
    Ok(Accelerator {
        n_var: n_id,
        closed_forms,
        guards: guard_infos,
        overflow: overflow_all,
        block,
        covered,
        may_take,
        nondet_choice: sym.nondet_choice,
        new_vars,
        exit,
    })
}

/// The array accesses at moving indices (`bounded_range::anchors`): the
/// writes, and the reads in guards, checked operations and written values.
fn array_anchors(ctx: &Ctx, sym: &Sym, quant_checks: &[Expr], m: &K) -> Vec<bounded_range::Anchor> {
    let reads: Vec<&Expr> = sym
        .guards
        .iter()
        .map(|(g, _, _)| g)
        .chain(quant_checks)
        .chain(sym.array_writes.iter().map(|w| &w.value))
        .collect();
    // A fill's indices are bounded by its summary's assumptions.
    let writes: Vec<(VarId, bool, &Expr)> = sym
        .array_writes
        .iter()
        .filter(|w| w.fill.is_none())
        .map(|w| (w.array, w.row.is_some(), &w.index))
        .collect();
    bounded_range::anchors(ctx, &reads, &writes, m)
}

/// Polynomial closed forms are checked at the ends of ranges only: they
/// must be monotone in the iteration count. Out: those that are monotone
/// only where the path's guards hold at both ends (`recurrence::monotone`);
/// their value at the last iteration is then bounded too, since the C text
/// of the conditions computes it before the guards are assumed.
fn require_monotone(
    ctx: &Ctx,
    guards: &[(Expr, bool, bool)],
    name: &dyn Fn(VarId) -> String,
) -> Result<BTreeSet<VarId>, Reason> {
    let mut guarded = BTreeSet::new();
    for (x, cf) in &ctx.cfs {
        if !matches!(cf.kind, Kind::Polynomial) {
            continue;
        }
        // The bound at the last iteration is of `rest`: not of a piecewise form.
        match monotonicity(ctx, &cf.rest, if cf.piecewise() { &[] } else { guards }) {
            Monotone::Always => {}
            Monotone::UnderGuards => {
                guarded.insert(*x);
            }
            Monotone::No => {
                return Err(Reason::ClosedFormTooComplex {
                    var: name(*x),
                    form: cf.rest.show(&|a| atom_name(ctx.program, ctx.path, a)),
                    limit: ClosedFormLimit::Monotone,
                });
            }
        }
    }
    Ok(guarded)
}

/// Variables whose closed forms are emitted at iterations other than the
/// last: in the guards, the array writes and the overflow conditions
/// checked with a quantifier (all over the values at the start of an
/// iteration).
fn read_at_iterations(sym: &Sym, quant_checks: &[Expr]) -> BTreeSet<VarId> {
    let mut at_k = BTreeSet::new();
    for (g, _, _) in &sym.guards {
        build::vars_of(g, &mut at_k);
    }
    for e in sym.array_writes.iter().flat_map(ArrayWrite::exprs) {
        build::vars_of(e, &mut at_k);
    }
    for node in quant_checks {
        build::vars_of(node, &mut at_k);
    }
    at_k
}

/// Every variable the accelerator names must mean that variable at the
/// loop: a global whose name a local of the function reuses would not.
fn reject_shadowed_globals<'e>(
    ctx: &Ctx,
    info: &LoopInfo,
    sym: &Sym,
    conditions: impl Iterator<Item = &'e Expr>,
    finals: &'e [(VarId, Expr)],
) -> Result<(), Reason> {
    let prog = ctx.program;
    let mut used = BTreeSet::new();
    for e in conditions.chain(finals.iter().map(|(_, e)| e)) {
        build::vars_of(e, &mut used);
    }
    used.extend(finals.iter().map(|(x, _)| *x));
    for w in &sym.array_writes {
        used.insert(w.array);
        w.exprs().for_each(|e| build::vars_of(e, &mut used));
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
    Ok(())
}

/// The coverage condition: every assumption at `n = 1`. Guards then only
/// matter at iteration 0 (those after the body not at all); the array
/// assumptions (all quantified) only constrain the fresh arrays, which any
/// state can satisfy.
fn coverage_condition(
    ctx: &Ctx,
    n_id: VarId,
    emitted: &Emitted,
    quant_at_zero: Vec<Expr>,
    guard_infos: &[GuardInfo],
) -> Expr {
    let at_one = |e: &Expr| build::subst(e, &|v| (v == n_id).then(|| ulong(1)));
    let mut parts: Vec<Expr> = emitted.overflow.iter().map(at_one).collect();
    parts.extend(emitted.index_bounds.iter().map(at_one));
    parts.extend(quant_at_zero);
    parts.extend(guard_infos.iter().filter(|g| !g.after_body).map(|g| g.cond.clone()));
    simplify::coverage(ctx, parts)
}

/// The accelerator's scoped block: `n >= 1`, the assumptions (those z3
/// proves implied by earlier ones left out), the array writes (defined from
/// the values before the iteration, so before the scalar assignments), then
/// the final values. `n` is nondeterministic, or the path's `exit` count
/// where the accelerator runs with it to where the path ends
/// (`exit_count`; then also returned as that choice).
fn accelerator_block(
    ctx: &Ctx,
    n_id: VarId,
    emitted: Emitted,
    exit: Option<exit_count::ExitCount>,
    finals: Vec<(VarId, Expr)>,
    fresh: &mut FreshVars,
) -> Result<(Stmt, Option<ExitChoice>), Reason> {
    let n = Expr::var(n_id, build::ULONG);
    let Emitted {
        overflow,
        index_bounds,
        quant_overflow,
        guards,
        arrays,
    } = emitted;
    let assumptions = std::iter::once(cmp(BinOp::Ge, n.clone(), ulong(1)))
        .chain(overflow)
        .chain(index_bounds)
        .chain(quant_overflow)
        .chain(guards)
        .collect();
    let assumptions = simplify::assumptions(assumptions, &|v| fresh.int_type(v));
    // A quantified assumption in the test would be paid twice where it
    // does not fold, and keeps CBMC from deciding the branch where it
    // would: a free `n` is then as good.
    let quantified = assumptions
        .iter()
        .any(|c| bounded_range::has_quantifier(c, Quantifiers::None));
    let choice = exit.filter(|_| !quantified).map(|exit| ExitChoice {
        count: exit.count,
        runs_to_exit: build::and(build::and_all(assumptions.iter().cloned()), build::not(exit.continues)),
    });
    let nondet = Expr::new(ExprKind::Nondet(String::new()), build::ULONG, Span::SYNTHETIC);
    let init = choice.as_ref().map_or_else(|| nondet.clone(), |c| c.count.clone());
    let mut stmts = vec![Stmt::new(StmtKind::Decl(n_id, Some(Init::Expr(init))), Span::SYNTHETIC)];
    if let Some(c) = &choice {
        stmts.push(Stmt::new(
            StmtKind::If {
                cond: build::negation(c.runs_to_exit.clone()),
                then: Box::new(assign(n, nondet)),
                els: None,
            },
            Span::SYNTHETIC,
        ));
    }
    stmts.extend(assumptions.into_iter().map(assume));
    stmts.extend(arrays);
    stmts.extend(ordered_assignments(ctx, finals, fresh)?);
    Ok((
        Stmt::new(StmtKind::Block { stmts, scoped: true }, Span::SYNTHETIC),
        choice,
    ))
}

/// The updates of one iteration (`x' = f_x(vars)`) and their closed forms.
struct Recurrences {
    updates: BTreeMap<VarId, Poly>,
    cfs: BTreeMap<VarId, Cf>,
}

/// The path's effect as polynomial updates, and their closed forms if they
/// are of a kind that can be emitted (the z3 budget follows their degree).
fn recurrences(prog: &Program, path: &Path, sym: &Sym, counters_apart: bool) -> Result<Recurrences, Reason> {
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
    if !counters_apart
        && sym.array_writes.is_empty()
        && updates.values().zip(updates.keys()).all(|(p, x)| *p == Poly::var(*x))
    {
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
                Kind::Alternating(_) => "alternating",
            }
            .into(),
            formula: if let Kind::Alternating(odd) = &c.kind {
                let show = |p: &Poly| p.show(&|a| atom_name(prog, path, a));
                format!("k even: {}; k odd: {}", show(&Poly::var(*x)), show(odd))
            } else if c.piecewise() {
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
fn ordered_assignments(ctx: &Ctx, finals: Vec<(VarId, Expr)>, fresh: &mut FreshVars) -> Result<Vec<Stmt>, Reason> {
    let mut pending = finals;
    let mut out = Vec::new();
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
                let d = ctx.path.var_decl(ctx.program, x).ok_or("unknown variable")?;
                let id = fresh.copy(d.ty.clone());
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
