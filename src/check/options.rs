//! What `tracc check` is asked to do: the bound, the properties checked,
//! the data model, the limits, and a progress callback.
//!
//! In: nothing (types only). Out: `CheckOptions` (the progress callback
//! is `diag::Progress`).

use std::time::{Duration, Instant};

/// What `tracc check` is asked to do.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// `--unwind K` (CBMC's meaning; 0 behaves like 1).
    pub unwind: u32,
    /// `--unwindset L:K,...`: the bound of the loops CBMC calls `L`
    /// (`ir::cbmc_loop_names`), instead of `unwind`.
    pub unwindset: Vec<(String, u32)>,
    /// `--unwinding-assertions` (default on); off: paths beyond the bound are
    /// cut silently, as in CBMC without the option.
    pub unwinding_assertions: bool,
    pub entry: String,
    /// `--error-label L`: reaching a label named `L` is a failure.
    pub error_label: Option<String>,
    /// Check each assertion in its own solver query.
    pub per_assertion: bool,
    /// Give up (verdict UNKNOWN) after this long.
    pub timeout_ms: Option<u64>,
    /// Give up (verdict UNKNOWN) when the check grows the process's
    /// resident size (z3 included) by more than this many MiB over its size
    /// when the check began. Relative, because memory freed by an earlier
    /// check in the same process (a campaign's) is often kept by the
    /// allocator and would otherwise count against every later one.
    pub memory_limit_mib: Option<u64>,
    /// Where long work reports what it is doing (a terminal's status line).
    pub progress: Option<crate::diag::Progress>,
    /// Signed `+ - * / % <<` and negation out of range fail, as under CBMC's
    /// `--signed-overflow-check` (on by default in CBMC 6); off: they
    /// wrap, the project's reference semantics.
    pub signed_overflow: bool,
    /// An index outside its array (of constant size, indexed as an array,
    /// not through a pointer) fails, as under CBMC's `--bounds-check` (on
    /// by default in CBMC 6); off: the access reads and writes the SMT
    /// array there.
    pub bounds_check: bool,
    /// A division or remainder by zero fails, as under CBMC's
    /// `--div-by-zero-check` (on by default in CBMC 6); off: it has the
    /// value the SMT division gives it.
    pub div_by_zero: bool,
    /// A shift by a negative amount or one not below the width of the
    /// (promoted) left operand, and a left shift of a negative signed
    /// value, fail, as under CBMC's `--undefined-shift-check` (on by
    /// default in CBMC 6); off: they have the bit-vector shift's value.
    pub undefined_shift: bool,
    /// `*p` (`p->f`, `p[i]`) of the null pointer, or of an offset outside
    /// the array of known length the pointer points into, fails, as under
    /// CBMC's `--pointer-check` (on by default in CBMC 6; dead objects and
    /// the bounds of allocations are not modelled); off: such a read gives
    /// any value and such a write changes nothing.
    pub pointer_check: bool,
    /// `malloc` and `calloc` may return the null pointer, as under CBMC's
    /// `--malloc-may-fail --malloc-fail-null` (on by default in CBMC 6, off
    /// with `--no-standard-checks` or `--no-malloc-may-fail`).
    pub malloc_may_fail: bool,
    /// The data model the source is read in (CBMC's `--32`, `--64`).
    pub model: crate::ir::DataModel,
    /// z3's resource budget for the query over k-induction's candidate
    /// invariants (`CANDIDATE_RLIMIT`); a candidate it does not decide is
    /// dropped.
    pub candidate_rlimit: u32,
}

impl CheckOptions {
    /// When `timeout_ms`, counted from `start`, runs out (`None`: never).
    pub fn deadline_from(&self, start: Instant) -> Option<Instant> {
        self.timeout_ms.map(|ms| start + Duration::from_millis(ms))
    }

    /// These options with `timeout_ms` what is left until `deadline` (at
    /// least a millisecond); `None` when nothing is. Several checks under
    /// one time limit (deepening, k-induction, `verify`) take turns so.
    pub fn until(&self, deadline: Option<Instant>) -> Option<CheckOptions> {
        let mut o = self.clone();
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            o.timeout_ms = Some(u64::try_from(left.as_millis()).unwrap_or(u64::MAX).max(1));
        }
        Some(o)
    }
}

/// The resource budget of the query for k-induction's candidate invariants
/// (about ten seconds here; the others take at most a few million). A
/// candidate that is not inductive can take z3 minutes to refute: seen, 224
/// million units (160 s) for a kept sum that a wrap-around breaks, where
/// every proof in the fixtures took under 20 million. A resource limit,
/// not time, so that which candidates survive does not depend on the
/// machine's load; giving up drops them, which can cost a proof, never make
/// a wrong one.
pub const CANDIDATE_RLIMIT: u32 = 20_000_000;

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            unwind: 3,
            unwindset: Vec::new(),
            unwinding_assertions: true,
            entry: "main".to_string(),
            error_label: None,
            per_assertion: false,
            timeout_ms: None,
            memory_limit_mib: None,
            progress: None,
            signed_overflow: false,
            bounds_check: false,
            div_by_zero: false,
            undefined_shift: false,
            pointer_check: false,
            malloc_may_fail: true,
            model: crate::ir::DataModel::Lp64,
            candidate_rlimit: CANDIDATE_RLIMIT,
        }
    }
}
