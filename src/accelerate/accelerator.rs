//! What acceleration produces: the accelerator of a path, with the closed
//! forms and guard treatments that `explain` and the reports show.
//!
//! In: nothing (types only). Out: `Accelerator`, `ClosedForm`, `GuardInfo`,
//! `GuardTreatment`, `ExitChoice`, built by the passes of this stage.

use crate::ir::{Expr, Stmt, VarId};
use crate::loops::Path;
/// How the guards of a path are assumed for the `n` iterations (in JSON:
/// `two-point`, `quantified`, ...: `name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// A function of the counter's remainder that chooses among the loop's
    /// paths: not assumed, counted (`residue`).
    Counted,
}

impl GuardTreatment {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            GuardTreatment::TwoPoint => "two-point",
            GuardTreatment::Quantified => "quantified",
            GuardTreatment::SinglePoint => "single-point",
            GuardTreatment::Invariant => "invariant",
            GuardTreatment::Periodic => "periodic",
            GuardTreatment::WrapsAround => "wraps-around",
            GuardTreatment::Always => "always",
            GuardTreatment::Counted => "counted",
        }
    }
}

/// The shape of a closed form (in JSON and `explain`: `linear`,
/// `delayed`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKind {
    /// `x0 + c*k`, or a step by a variable that does not change.
    Linear,
    /// Constant or one step behind other variables.
    Delayed,
    /// A polynomial of degree 2 in `k`.
    Polynomial,
    /// Unchanged by the path.
    Invariant,
    /// Two values by the parity of `k`.
    Alternating,
    /// `a^k * x0 + b * (a^k - 1) / (a - 1)` modulo the type (`wrapping`).
    Geometric,
    /// The elements an array loop writes (`arrays`).
    Array,
    /// A sum over the iterations of an addend chosen by the counter's
    /// remainder, counted per residue (`residue`).
    Counted,
}

impl std::fmt::Display for FormKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FormKind::Linear => "linear",
            FormKind::Delayed => "delayed",
            FormKind::Polynomial => "polynomial",
            FormKind::Invariant => "invariant",
            FormKind::Alternating => "alternating",
            FormKind::Geometric => "geometric",
            FormKind::Array => "array",
            FormKind::Counted => "counted",
        })
    }
}

#[derive(Clone, Debug)]
pub struct ClosedForm {
    pub var: String,
    pub ty: String,
    pub kind: FormKind,
    /// The value after `k` iterations, in terms of the values before the
    /// first (`x0`).
    pub formula: String,
    /// The constant change per iteration of a linear form `x0 + c*k` (`c`)
    /// in exact arithmetic; `None` for every other form (`kept_sums`).
    pub step: Option<i128>,
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
    /// Where the path's sum was accelerated on one side of zero only
    /// (`one_side`) and an iteration may take the other side: the two
    /// sides, which together take the path's iterations
    /// (`accelerate_other_side`).
    pub split: Option<SignSplit>,
}

/// The two sides of a path whose sum is monotone on each side of zero.
#[derive(Clone, Debug)]
pub struct SignSplit {
    /// The path with the sign that this accelerator covers.
    pub side: Path,
    /// The path with the other sign.
    pub other: Path,
}

/// The count `n` takes where the accelerator runs with it to where its
/// path ends, and the condition (over `n` and the values at the start of
/// an iteration) under which it does.
#[derive(Clone, Debug)]
pub struct ExitChoice {
    pub count: Expr,
    pub runs_to_exit: Expr,
}
