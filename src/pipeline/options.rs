//! What `tracc accelerate` is asked to do (`Options`), and the defaults
//! the CLI's flags start from. In: nothing but the flags' values. Out: the
//! options each stage is given (`instrument_options`, the back end's
//! quantifiers), so that the CLI, `explain` and the campaigns ask alike.

use crate::diag::Progress;
use crate::emit::Dialect;
use crate::instrument::{self, InstrumentOptions};
use crate::ir::{DataModel, Quantifiers};

/// What `tracc accelerate` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub dialect: Dialect,
    /// Inline the trace automaton (default); `false` is `--no-restrict`.
    pub restrict: bool,
    /// Minimise the automaton (default); `false` is `--no-minimize`.
    pub minimize: bool,
    /// Give up on a loop with more iteration paths than this.
    pub max_paths: usize,
    /// The quantifiers the back end supports (`--quantifiers`).
    pub quantifiers: Quantifiers,
    /// Leave loops that CBMC unwinds at most this many times to unrolling
    /// (`--unroll-limit`; 0: accelerate every loop).
    pub unroll_limit: u128,
    /// The data model the input is read in and the output written for
    /// (`--32`: ILP32, to be checked with `cbmc --32`).
    pub model: DataModel,
    /// Whether the output is to be checked with allocation that may fail
    /// (CBMC 6's default); `false` under `--svcomp`, and `cbmc_args` say
    /// `--no-malloc-may-fail`. The transformation does not depend on it.
    pub malloc_may_fail: bool,
    /// Whether CBMC 6's standard checks (signed overflow, bounds, ...) are
    /// properties of the output; `false` under `--svcomp`, whose property is
    /// the error call alone, and `cbmc_args` say `--no-standard-checks`.
    /// The transformation does not depend on it.
    pub standard_checks: bool,
    /// Told `loop I of N` before each loop is worked on (`InstrumentOptions::progress`).
    pub progress: Option<Progress>,
}

impl Options {
    /// The defaults, but with every loop that can be accelerated
    /// accelerated, none left to unrolling: what the soundness campaign and
    /// the tests of the accelerators transform, since a loop left as it is
    /// tests nothing.
    pub fn accelerating_every_loop() -> Options {
        Options {
            unroll_limit: 0,
            ..Options::default()
        }
    }

    /// What `instrument` is asked to do.
    pub fn instrument_options(&self) -> InstrumentOptions {
        InstrumentOptions {
            max_paths: self.max_paths,
            quantifiers: self.back_end_quantifiers(),
            unroll_limit: self.unroll_limit,
            progress: self.progress.clone(),
        }
    }

    /// The quantifiers the output may contain: none in the SV-COMP
    /// dialect, which has no way to write one.
    pub fn back_end_quantifiers(&self) -> Quantifiers {
        match self.dialect {
            Dialect::Svcomp => Quantifiers::None,
            Dialect::Cbmc => self.quantifiers,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dialect: Dialect::Cbmc,
            restrict: true,
            minimize: true,
            max_paths: 64,
            quantifiers: Quantifiers::default(),
            unroll_limit: instrument::DEFAULT_UNROLL_LIMIT,
            model: DataModel::Lp64,
            malloc_may_fail: true,
            standard_checks: true,
            progress: None,
        }
    }
}
