//! The flags of the transformation itself, shared by every subcommand that
//! transforms (`accelerate`, `explain`, `verify`, `kinduct`). In: clap's parse. Out:
//! `pipeline::Options`.

use clap::builder::TypedValueParser;
use clap::{Args, ValueEnum};

use crate::emit::Dialect;
use crate::ir::{DataModel, Quantifiers};
use crate::pipeline::Options;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    /// `__CPROVER_assume`, `__CPROVER_forall`, `nondet_*` (CBMC).
    Cbmc,
    /// `__VERIFIER_assume`, `__VERIFIER_nondet_*` (SV-COMP).
    Svcomp,
}

impl From<DialectArg> for Dialect {
    fn from(d: DialectArg) -> Dialect {
        match d {
            DialectArg::Cbmc => Dialect::Cbmc,
            DialectArg::Svcomp => Dialect::Svcomp,
        }
    }
}

/// Options of the transformation itself, shared by every subcommand that
/// transforms.
#[derive(Debug, Args)]
pub struct TransformArgs {
    /// How verification intrinsics are spelled in the output.
    #[arg(long, value_enum, default_value_t = DialectArg::Cbmc)]
    pub dialect: DialectArg,

    /// Only accelerate: do not inline the trace automaton.
    #[arg(long)]
    pub no_restrict: bool,

    /// Do not minimise the trace automaton (for measurements).
    #[arg(long)]
    pub no_minimize: bool,

    /// Leave a loop unaccelerated when it has more iteration paths than this.
    #[arg(long, value_name = "N", default_value_t = Options::default().max_paths,
          value_parser = clap::value_parser!(u32).range(1..).map(|n| n as usize))]
    pub max_paths: usize,

    /// Which quantifiers the back end supports: `bounded` (CBMC's default
    /// SAT back end: only over a constant range, it ignores any other),
    /// `smt` (any: cbmc --z3 or --smt2), `none`. A path whose accelerator
    /// needs an unsupported quantifier is not accelerated.
    #[arg(long, value_enum, value_name = "TARGET", default_value_t = QuantifiersArg::Bounded)]
    pub quantifiers: QuantifiersArg,

    /// Leave a counting loop to CBMC's unrolling, instead of accelerating
    /// it, when CBMC needs at most N unwindings for it (its trip count plus
    /// one, times the unwindings of the loops around it): CBMC unrolls such
    /// loops over known values faster than it checks an accelerator. The
    /// loop is written as nested loops of two iterations each, so that
    /// `--unwind 3` runs all of it (a loop with a label or a `static`
    /// local is left as it is, and the summary line and the report's
    /// `cbmc_args` give the `--unwindset` it needs). 0 accelerates every
    /// loop it can.
    #[arg(long, value_name = "N", default_value_t = Options::default().unroll_limit)]
    pub unroll_limit: u128,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// The data model and the conventions of the input, as CBMC's options of
/// the same names set them.
#[derive(Debug, Default, Args)]
pub struct ModelArgs {
    /// ILP32 data model: `long`, `size_t` and pointers are 32 bits wide, as
    /// under CBMC's `--32` (SV-COMP's model); the output must be checked
    /// with `cbmc --32` (the summary line and `cbmc_args` say so).
    #[arg(long = "32", conflicts_with = "lp64")]
    pub ilp32: bool,

    /// LP64 data model: `long`, `size_t` and pointers are 64 bits wide, as
    /// on x86-64 and under CBMC's `--64` (the default).
    #[arg(long = "64", conflicts_with = "svcomp")]
    pub lp64: bool,

    /// SV-COMP's conventions: the ILP32 data model (--32), allocation that
    /// never fails (--no-malloc-may-fail), `reach_error()` (and assertions)
    /// as the only property: none of CBMC's standard checks
    /// (--no-standard-checks; --signed-overflow-check or --bounds-check
    /// turn one back on). `accelerate` adds CBMC's options for them to
    /// `cbmc_args`.
    #[arg(long)]
    pub svcomp: bool,
}

impl ModelArgs {
    pub fn model(&self) -> DataModel {
        if self.ilp32 || self.svcomp {
            DataModel::Ilp32
        } else {
            DataModel::Lp64
        }
    }
}

impl TransformArgs {
    pub fn options(&self) -> Options {
        Options {
            dialect: self.dialect.into(),
            restrict: !self.no_restrict,
            minimize: !self.no_minimize,
            max_paths: self.max_paths,
            quantifiers: match self.quantifiers {
                QuantifiersArg::None => Quantifiers::None,
                QuantifiersArg::Bounded => Quantifiers::Bounded,
                QuantifiersArg::Smt => Quantifiers::Smt,
            },
            unroll_limit: self.unroll_limit,
            model: self.model.model(),
            malloc_may_fail: !self.model.svcomp,
            standard_checks: !self.model.svcomp,
            progress: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum QuantifiersArg {
    None,
    Bounded,
    Smt,
}

/// `opts` with a progress callback that shows the loop of `name` being
/// worked on as `bar`'s message ("a.c: loop 120 of 2161").
pub(super) fn with_loop_progress(opts: &Options, bar: &indicatif::ProgressBar, name: &str) -> Options {
    let (bar, name) = (bar.clone(), name.to_string());
    Options {
        progress: Some(crate::diag::Progress::new(move |what| {
            bar.set_message(format!("{name}: {what}"))
        })),
        ..opts.clone()
    }
}
