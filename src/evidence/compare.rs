//! One generated program checked before and after transformation.
//!
//! In: a program's source and a bound that covers its loop. Out: a
//! [`ProgramResult`]: the verdict of the input at that bound (the
//! reference), of the acceleration-only and the restricted output at that
//! bound, and of the restricted output at `--unwind 3`; a [`Disagreement`]
//! for any pair that says SAFE against UNSAFE, or at the covering bound
//! where a different kind of property fails. The campaign and the
//! reduction of a finding both compare with this, so it sits below them.
//!
//! Every check counts a signed overflow and an index out of bounds as
//! failures, as CBMC 6 does by default, and asks for assertions, overflows
//! and bounds apart: an output that lets a value wrap where its input
//! overflows, or skips an access outside an array, hides a bug CBMC would
//! report, and one such failure must not hide a wrong assertion verdict.
//!
//! Every output execution is an input execution with some iterations
//! merged, so the covering bound covers the outputs too and all three must
//! agree with the reference; at `--unwind 3` the restricted output may be
//! UNKNOWN but never the opposite verdict. Checker timeouts make a verdict
//! undecided, which is counted, never compared.

use serde::Serialize;

use crate::check::{CheckOptions, CheckReport, Failure, FailureKind, Verdict, check_source};
use crate::ir::{DataModel, LinearSum};
use crate::pipeline::{Options, accelerate_source};

/// How each program is checked.
#[derive(Clone, Copy, Debug)]
pub struct CheckSettings {
    /// Solver time limit per check; a timeout leaves the verdict undecided.
    pub timeout_ms: u64,
    /// The data model the input and its outputs are read in (`tracc
    /// campaign --32`): the comparisons are between input and outputs, so
    /// they hold in either model, whatever model the generator's bounds
    /// were computed in (an input the bound leaves undecided is skipped).
    pub model: DataModel,
}

impl Default for CheckSettings {
    fn default() -> CheckSettings {
        CheckSettings {
            timeout_ms: 30_000,
            model: DataModel::Lp64,
        }
    }
}

/// The bound a program is compared at: it covers every loop, so the
/// input's verdict there is its verdict. An endless loop (`Generated::
/// endless`) is covered only without unwinding assertions, which it
/// always fails: the bound reaches every state it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Covering {
    pub unwind: u32,
    pub endless: bool,
}

impl From<u32> for Covering {
    fn from(unwind: u32) -> Covering {
        Covering { unwind, endless: false }
    }
}

/// Largest k that the campaign's k-induction tries.
const INDUCTION_K: u32 = 3;

/// Which comparison disagreed with the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Comparison {
    AccelOnlyAtBound,
    RestrictedAtBound,
    RestrictedAt3,
    /// The output with the default options, where short loops are left
    /// to unrolling and written for `--unwind 3` (`instrument::unroll`),
    /// when that differs from the restricted output.
    UnrolledAtBound,
    UnrolledAt3,
    /// k-induction on the restricted output (`tracc verify`'s proof where
    /// `--unwind 3` leaves it UNKNOWN).
    InductionAt3,
    /// The transformation failed, or the checker refused its output.
    Transform,
}

impl Comparison {
    pub fn describe(self) -> &'static str {
        match self {
            Comparison::AccelOnlyAtBound => "acceleration-only output at the covering bound",
            Comparison::RestrictedAtBound => "restricted output at the covering bound",
            Comparison::RestrictedAt3 => "restricted output at --unwind 3",
            Comparison::UnrolledAtBound => "output with short loops unrolled, at the covering bound",
            Comparison::UnrolledAt3 => "output with short loops unrolled, at --unwind 3",
            Comparison::InductionAt3 => "k-induction on the restricted output",
            Comparison::Transform => "transformation or checking of its output",
        }
    }
}

/// A soundness bug: `reference` for the input, `got` for an output.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    pub comparison: Comparison,
    pub reference: String,
    pub got: String,
    pub output: String,
}

/// What one program gave.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ProgramResult {
    /// The input's verdict at the covering bound; `None` when undecided.
    pub reference: Option<&'static str>,
    /// What fails in the input at the covering bound.
    pub reference_fails: Fails,
    pub transformed: bool,
    /// Whether the default options left a loop to unrolling (so that the
    /// unrolled output was compared too).
    pub unrolled: bool,
    /// The restricted output's verdict at `--unwind 3`, `None` when undecided.
    pub at_3: Option<&'static str>,
    /// k-induction proved the restricted output SAFE where `--unwind 3`
    /// left it UNKNOWN.
    pub by_induction: bool,
    pub undecided_outputs: u32,
    pub disagreement: Option<Disagreement>,
}

/// The memory a check may add to the process's resident size at its start
/// before its solver is stopped and the check left undecided
/// (`CheckOptions::memory_limit_mib`; all worker threads together). A halving
/// campaign under load once grew to 23 GB and was killed by the kernel,
/// campaign and all; a rerun of the same programs stayed at 1.4 GB.
const CHECK_MEMORY_MIB: u64 = 8 * 1024;

/// The checker's options for every check here (`unwinding_assertions`
/// off only for an endless loop at its covering bound).
fn options(unwind: u32, unwinding_assertions: bool, settings: CheckSettings) -> CheckOptions {
    // With CBMC's default signed-overflow, bounds, division-by-zero and
    // shift checks: an output that lets a value wrap where the input
    // overflows, or that skips an access out of bounds or an undefined
    // shift, would hide a bug CBMC reports.
    CheckOptions {
        unwind,
        unwinding_assertions,
        timeout_ms: Some(settings.timeout_ms),
        signed_overflow: true,
        bounds_check: true,
        div_by_zero: true,
        undefined_shift: true,
        model: settings.model,
        memory_limit_mib: Some(CHECK_MEMORY_MIB),
        ..CheckOptions::default()
    }
}

fn refused(d: Vec<crate::diag::Diagnostic>) -> String {
    let first = d.first().map(|d| d.message.clone()).unwrap_or_default();
    format!("checker refused: {first}")
}

fn check(text: &str, unwind: u32, unwinding_assertions: bool, settings: CheckSettings) -> Result<CheckReport, String> {
    check_source(text, &options(unwind, unwinding_assertions, settings)).map_err(refused)
}

/// k-induction on `text`, which `at_3` (its report at `--unwind 3`)
/// leaves UNKNOWN, as `tracc verify` tries it: SAFE when proved, `None`
/// otherwise.
fn induction(
    text: &str,
    at_3: &CheckReport,
    kept: &[LinearSum],
    settings: CheckSettings,
) -> Result<Option<Verdict>, String> {
    let failing = at_3.loops_not_unwound();
    let options = options(3, true, settings);
    let proved = crate::check::induction::prove(text, &options, &failing, INDUCTION_K, kept).map_err(refused)?;
    Ok(proved.ok().map(|p| p.report.verdict))
}

/// The verdict of a report unless a solver timeout left it undecided.
fn decided(r: &CheckReport) -> Option<Verdict> {
    r.unknown_reason.is_none().then_some(r.verdict)
}

/// What fails in a decided report: an assertion (or error call), a signed
/// overflow, an index out of bounds, a division by zero or undefined
/// shift. The checker asks for each kind apart, so none hides another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Fails {
    pub assertion: bool,
    pub overflow: bool,
    pub bounds: bool,
    pub undefined: bool,
}

fn what_fails(r: &CheckReport) -> Fails {
    let any = |k: fn(FailureKind) -> bool| r.failures.iter().any(|f: &Failure| k(f.kind));
    Fails {
        assertion: any(|k| {
            !matches!(
                k,
                FailureKind::Overflow
                    | FailureKind::Bounds
                    | FailureKind::DivByZero
                    | FailureKind::UndefinedShift
                    | FailureKind::Pointer
            )
        }),
        overflow: any(|k| k == FailureKind::Overflow),
        bounds: any(|k| k == FailureKind::Bounds),
        undefined: any(|k| {
            matches!(
                k,
                FailureKind::DivByZero | FailureKind::UndefinedShift | FailureKind::Pointer
            )
        }),
    }
}

/// A verdict with what fails, as a disagreement shows it.
fn describe(v: Verdict, fails: Fails) -> String {
    if v != Verdict::Unsafe {
        return v.as_str().to_string();
    }
    let kinds: Vec<&str> = [
        (fails.assertion, "an assertion"),
        (fails.overflow, "a signed overflow"),
        (fails.bounds, "an index out of bounds"),
        (fails.undefined, "a division by zero or undefined shift"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, what)| *what)
    .collect();
    format!("UNSAFE ({})", kinds.join(", "))
}

/// Compare one program's input with its outputs (module comment).
pub fn compare_program(source: &str, covering: impl Into<Covering>, settings: CheckSettings) -> ProgramResult {
    let Covering { unwind: bound, endless } = covering.into();
    let mut result = ProgramResult::default();
    let transform_failure = |got: String, output: String| Disagreement {
        comparison: Comparison::Transform,
        reference: "-".to_string(),
        got,
        output,
    };
    let (reference, reference_fails) = match check(source, bound, !endless, settings) {
        Ok(r) => (decided(&r), what_fails(&r)),
        Err(e) => {
            result.disagreement = Some(transform_failure(e, String::new()));
            return result;
        }
    };
    // An input whose verdict the bound leaves open is no reference.
    let Some(reference) = reference.filter(|v| *v != Verdict::Unknown) else {
        return result;
    };
    result.reference = Some(reference.as_str());
    result.reference_fails = reference_fails;
    // One transformation gives both outputs (the acceleration-only text
    // is the restricted one before the automata are inlined). The default
    // options differ from accelerating every loop only where a loop is
    // left to unrolling: only then is the program transformed again.
    let transform = |opts: &Options| {
        accelerate_source(source, opts).map_err(|d| {
            let first = d.first().map(|d| d.message.clone()).unwrap_or_default();
            transform_failure(format!("transform failed: {first}"), String::new())
        })
    };
    let defaults = Options {
        model: settings.model,
        ..Options::default()
    };
    let with_defaults = match transform(&defaults) {
        Ok(out) => out,
        Err(e) => {
            result.disagreement = Some(e);
            return result;
        }
    };
    let unrolled = with_defaults.output.clone();
    // Whether the outputs below still unroll a loop: one that is not
    // accelerated and has a trip bound (`instrument::FALLBACK_UNROLL_LIMIT`).
    let (accel_only, restricted, still_unrolled, kept) =
        if with_defaults.loops.iter().any(|l| l.left_to_unrolling().is_some()) {
            match transform(&Options {
                model: settings.model,
                ..Options::accelerating_every_loop()
            }) {
                Ok(out) => {
                    let kept = out.kept_sums();
                    (out.accel_only_output, out.output, out.unrolled_loops > 0, kept)
                }
                Err(e) => {
                    result.disagreement = Some(e);
                    return result;
                }
            }
        } else {
            let still = with_defaults.unrolled_loops > 0;
            let kept = with_defaults.kept_sums();
            (with_defaults.accel_only_output, with_defaults.output, still, kept)
        };
    result.transformed = restricted != source;
    result.unrolled = unrolled != restricted;
    // Slot loops (`instrument::unroll`) run twice each: they need 3 even
    // where the input's loops need less (a halving loop's trip bound is that
    // of its largest start, and its slots are there whatever the start).
    let covering = if still_unrolled { bound.max(3) } else { bound };
    let mut comparisons = vec![
        (Comparison::AccelOnlyAtBound, &accel_only, covering),
        (Comparison::RestrictedAtBound, &restricted, covering),
        (Comparison::RestrictedAt3, &restricted, 3),
    ];
    if result.unrolled {
        // Slot loops again (see `covering`).
        comparisons.push((Comparison::UnrolledAtBound, &unrolled, bound.max(3)));
        comparisons.push((Comparison::UnrolledAt3, &unrolled, 3));
    }
    for (comparison, text, unwind) in comparisons {
        let at_bound = !matches!(comparison, Comparison::RestrictedAt3 | Comparison::UnrolledAt3);
        let report = match check(text, unwind, !(endless && at_bound), settings) {
            Ok(r) => r,
            Err(e) => {
                result.disagreement = Some(transform_failure(e, text.clone()));
                return result;
            }
        };
        let mut got = decided(&report);
        if comparison == Comparison::RestrictedAt3 {
            result.at_3 = got.map(Verdict::as_str);
            if got == Some(Verdict::Unknown) {
                match induction(text, &report, &kept, settings) {
                    Ok(Some(v)) => {
                        got = Some(v);
                        result.by_induction = true;
                    }
                    Ok(None) => {}
                    Err(e) => {
                        result.disagreement = Some(transform_failure(e, text.clone()));
                        return result;
                    }
                }
            }
        }
        let comparison = if result.by_induction && comparison == Comparison::RestrictedAt3 {
            Comparison::InductionAt3
        } else {
            comparison
        };
        let fails = what_fails(&report);
        match got {
            None => result.undecided_outputs += 1,
            // UNKNOWN is acceptable only where the bound is below the covering one.
            Some(Verdict::Unknown) if !at_bound => {}
            // At the covering bound the same kinds of property fail; below
            // it, a failure found may be one of several.
            Some(v) if v != reference || (at_bound && fails != reference_fails) => {
                result.disagreement = Some(Disagreement {
                    comparison,
                    reference: describe(reference, reference_fails),
                    got: describe(v, fails),
                    output: text.clone(),
                });
                return result;
            }
            Some(_) => {}
        }
    }
    result
}
