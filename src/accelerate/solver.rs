//! z3 solvers and their budgets, for every acceleration pass.
//!
//! In: a query (premises and a claim, or a closure over a solver) and the
//! budget it runs under. Out: whether z3 proved it, with the answer
//! depending only on the query and the file's earlier queries: budgets are
//! resource limits (deterministic), not time, and each file gets a context
//! of its own (`in_own_context`).

use super::smt;
use std::cell::RefCell;
use z3::Solver;
use z3::ast::Bool;

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
pub(super) const RLIMIT_LINEAR: u32 = 2_000_000;
/// Queries over quadratic closed forms: nonlinear arithmetic spends much
/// time per resource unit, so give up sooner.
pub(super) const RLIMIT_QUADRATIC: u32 = 800_000;

/// Queries whose failure only costs output size (the simplification of
/// conditions): a small budget, so that a hard one gives up quickly.
pub(super) const RLIMIT_OPTIONAL: u32 = 100_000;

/// Queries that prune infeasible path prefixes (`infeasible`): asked for
/// every branch of every loop, so they must be cheap; giving up keeps the
/// path.
pub(super) const RLIMIT_PRUNE: u32 = 5_000;

/// Queries for a witness of a coverage condition (`coverage_satisfiable`).
/// A solver of their own (solvers are kept per budget): the optional
/// simplification queries answer as they did before composed paths were
/// tried, since what a solver has seen can change its answers under a
/// budget.
pub(super) const RLIMIT_WITNESS: u32 = RLIMIT_OPTIONAL + 1;

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
pub(super) fn optional_queries<R>(f: impl FnOnce() -> R) -> R {
    with_rlimit(RLIMIT_OPTIONAL, f)
}

/// Set the budget of the next queries (those of the path under
/// acceleration).
pub(super) fn set_rlimit(rlimit: u32) {
    RLIMIT.with(|r| r.set(rlimit));
}

pub(super) fn with_rlimit<R>(rlimit: u32, f: impl FnOnce() -> R) -> R {
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
pub(super) fn prove_alone(premises: &[Bool], claim: &Bool) -> bool {
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
pub(super) fn prove_alone_optional(premises: &[Bool], claim: &Bool) -> bool {
    prove_alone_smt(premises, claim, RLIMIT_OPTIONAL)
}

/// Whether z3's `smt` tactic proves `claim` from `premises` on a solver of
/// its own within `rlimit`: no step of it depends on the clock (the
/// wall-clock guard aside).
pub(super) fn prove_alone_smt(premises: &[Bool], claim: &Bool, rlimit: u32) -> bool {
    let solver = z3::Tactic::new("simplify").and_then(&z3::Tactic::new("smt")).solver();
    solver.set_params(&solver_params(rlimit));
    smt::refuted(&solver, premises, claim)
}

/// A resource limit (deterministic) and the wall-clock guard, for queries
/// that do not honour it; running out means "not proved".
pub(super) fn solver_params(rlimit: u32) -> z3::Params {
    let mut p = z3::Params::new();
    p.set_u32("rlimit", rlimit);
    p.set_u32("timeout", 10_000);
    p
}

pub(super) fn with_solver<R>(f: impl FnOnce(&Solver) -> R) -> R {
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
