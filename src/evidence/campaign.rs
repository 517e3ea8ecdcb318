//! The differential soundness campaign (METHOD.md, "Testing").
//!
//! In: a range of seeds for `testgen::loop_program` (optionally only the
//! programs of one class). Out: per program the
//! verdicts of the input at a bound that covers its loop (the reference),
//! of the acceleration-only and the restricted output at that bound, and of
//! the restricted output at `--unwind 3`; a [`Disagreement`] for any pair
//! that says SAFE against UNSAFE, or at the covering bound where a
//! different kind of property fails; and a [`Tally`] over the range.
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

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

use crate::check::{CheckOptions, CheckReport, Failure, FailureKind, Verdict, check_source};
use crate::ir::DataModel;
use crate::pipeline::{Options, accelerate_source};
use crate::testgen::{Class, Generated, loop_program};

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
    pub undecided_outputs: u32,
    pub disagreement: Option<Disagreement>,
}

fn check(text: &str, unwind: u32, settings: CheckSettings) -> Result<CheckReport, String> {
    // With CBMC's default signed-overflow and bounds checks: an output
    // that lets a value wrap where the input overflows, or that skips an
    // access out of bounds, would hide a bug CBMC reports.
    let opts = CheckOptions {
        unwind,
        timeout_ms: Some(settings.timeout_ms),
        signed_overflow: true,
        bounds_check: true,
        model: settings.model,
        ..CheckOptions::default()
    };
    check_source(text, &opts).map_err(|d| {
        let first = d.first().map(|d| d.message.clone()).unwrap_or_default();
        format!("checker refused: {first}")
    })
}

/// The verdict of a report unless a solver timeout left it undecided.
fn decided(r: &CheckReport) -> Option<Verdict> {
    r.unknown_reason.is_none().then_some(r.verdict)
}

/// What fails in a decided report: an assertion (or error call), a signed
/// overflow, an index out of bounds. The checker asks for each kind apart,
/// so none hides another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Fails {
    pub assertion: bool,
    pub overflow: bool,
    pub bounds: bool,
}

fn what_fails(r: &CheckReport) -> Fails {
    let any = |k: fn(FailureKind) -> bool| r.failures.iter().any(|f: &Failure| k(f.kind));
    Fails {
        assertion: any(|k| !matches!(k, FailureKind::Overflow | FailureKind::Bounds)),
        overflow: any(|k| k == FailureKind::Overflow),
        bounds: any(|k| k == FailureKind::Bounds),
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
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, what)| *what)
    .collect();
    format!("UNSAFE ({})", kinds.join(", "))
}

/// Compare one program's input with its outputs (module comment).
pub fn compare_program(source: &str, bound: u32, settings: CheckSettings) -> ProgramResult {
    let mut result = ProgramResult::default();
    let transform_failure = |got: String, output: String| Disagreement {
        comparison: Comparison::Transform,
        reference: "-".to_string(),
        got,
        output,
    };
    let (reference, reference_fails) = match check(source, bound, settings) {
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
    let (accel_only, restricted) = if with_defaults.loops.iter().any(|l| l.left_to_unrolling().is_some()) {
        match transform(&Options {
            model: settings.model,
            ..Options::accelerating_every_loop()
        }) {
            Ok(out) => (out.accel_only_output, out.output),
            Err(e) => {
                result.disagreement = Some(e);
                return result;
            }
        }
    } else {
        (with_defaults.accel_only_output, with_defaults.output)
    };
    result.transformed = restricted != source;
    result.unrolled = unrolled != restricted;
    let mut comparisons = vec![
        (Comparison::AccelOnlyAtBound, &accel_only, bound),
        (Comparison::RestrictedAtBound, &restricted, bound),
        (Comparison::RestrictedAt3, &restricted, 3),
    ];
    if result.unrolled {
        // Its slot loops run twice each: they need 3 even where the
        // input's loops need less.
        comparisons.push((Comparison::UnrolledAtBound, &unrolled, bound.max(3)));
        comparisons.push((Comparison::UnrolledAt3, &unrolled, 3));
    }
    for (comparison, text, unwind) in comparisons {
        let report = match check(text, unwind, settings) {
            Ok(r) => r,
            Err(e) => {
                result.disagreement = Some(transform_failure(e, text.clone()));
                return result;
            }
        };
        let got = decided(&report);
        if comparison == Comparison::RestrictedAt3 {
            result.at_3 = got.map(Verdict::as_str);
        }
        let at_bound = !matches!(comparison, Comparison::RestrictedAt3 | Comparison::UnrolledAt3);
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

/// Counts over a campaign.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Tally {
    pub programs: u64,
    /// Programs whose input verdict was decided (the ones compared).
    pub decided: u64,
    pub safe: u64,
    #[serde(rename = "unsafe")]
    pub unsafe_: u64,
    /// Unsafe programs whose input fails by a signed overflow.
    pub overflowing: u64,
    /// Unsafe programs whose input fails by an index out of bounds.
    pub out_of_bounds: u64,
    pub transformed: u64,
    /// Programs with a loop left to unrolling by the default options.
    pub unrolled: u64,
    /// Safe programs the restricted output proves at `--unwind 3`.
    pub proved_at_3: u64,
    /// Unsafe programs the restricted output finds at `--unwind 3`.
    pub found_at_3: u64,
    /// Input checks that timed out (program not compared).
    pub undecided_inputs: u64,
    /// Output checks that timed out.
    pub undecided_outputs: u64,
    pub disagreements: u64,
    pub seconds: f64,
    /// The same counts for the programs with a loop of each class (a
    /// program may have several classes).
    pub by_class: BTreeMap<Class, ClassTally>,
}

/// Counts over the programs of one class.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ClassTally {
    pub programs: u64,
    pub decided: u64,
    pub disagreements: u64,
}

impl Tally {
    fn add(&mut self, r: &ProgramResult, classes: &[Class]) {
        for c in classes {
            let t = self.by_class.entry(*c).or_default();
            t.programs += 1;
            t.decided += u64::from(r.reference.is_some());
            t.disagreements += u64::from(r.disagreement.is_some());
        }
        self.programs += 1;
        match r.reference {
            None => self.undecided_inputs += 1,
            Some(v) => {
                self.decided += 1;
                let safe = v == "SAFE";
                if safe {
                    self.safe += 1;
                } else {
                    self.unsafe_ += 1;
                    self.overflowing += u64::from(r.reference_fails.overflow);
                    self.out_of_bounds += u64::from(r.reference_fails.bounds);
                }
                match r.at_3 {
                    Some("SAFE") if safe => self.proved_at_3 += 1,
                    Some("UNSAFE") if !safe => self.found_at_3 += 1,
                    _ => {}
                }
            }
        }
        self.transformed += u64::from(r.transformed);
        self.unrolled += u64::from(r.unrolled);
        self.undecided_outputs += u64::from(r.undecided_outputs);
        self.disagreements += u64::from(r.disagreement.is_some());
    }
}

/// A disagreeing program, as found and as reduced.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    pub seed: u64,
    pub bound: u32,
    pub source: String,
    pub disagreement: Disagreement,
    /// The smallest program found that disagrees the same way.
    pub reduced: String,
}

/// Which generated programs a campaign checks.
#[derive(Clone, Copy, Debug)]
pub struct Seeds {
    pub first: u64,
    /// How many programs are checked.
    pub count: u64,
    /// Only programs of this class; seeds whose program is of another class
    /// are passed over, so `count` programs of the class are checked.
    pub only: Option<Class>,
}

/// Hands out the programs of a campaign in seed order, so that the programs
/// checked are the same whatever the number of threads.
struct Programs {
    seeds: Seeds,
    next_seed: u64,
    handed_out: u64,
}

impl Programs {
    fn new(seeds: Seeds) -> Programs {
        Programs {
            seeds,
            next_seed: seeds.first,
            handed_out: 0,
        }
    }

    fn next(&mut self) -> Option<(u64, Generated)> {
        while self.handed_out < self.seeds.count {
            let seed = self.next_seed;
            self.next_seed = seed.checked_add(1)?;
            let g = loop_program(seed);
            if self.seeds.only.is_none_or(|c| g.classes.contains(&c)) {
                self.handed_out += 1;
                return Some((seed, g));
            }
        }
        None
    }
}

/// Check the programs `seeds` names on `jobs` threads. `on_program` is
/// called after each program (for progress), `on_finding` for each
/// disagreement, both from worker threads. Returns the counts and the seed
/// after the last one looked at (where a following campaign goes on).
pub fn run(
    seeds: Seeds,
    jobs: usize,
    settings: CheckSettings,
    on_program: &(dyn Fn(u64, &Tally) + Sync),
    on_finding: &(dyn Fn(&Finding) + Sync),
) -> (Tally, u64) {
    let started = Instant::now();
    let programs = Mutex::new(Programs::new(seeds));
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let next = programs.lock().unwrap_or_else(|e| e.into_inner()).next();
                    let Some((seed, g)) = next else { break };
                    let r = compare_program(&g.source, g.bound, settings);
                    if let Some(d) = &r.disagreement {
                        let reduced = super::reduce::reduce(&g.source, g.bound, settings, d);
                        on_finding(&Finding {
                            seed,
                            bound: g.bound,
                            source: g.source.clone(),
                            disagreement: d.clone(),
                            reduced,
                        });
                    }
                    let snapshot = {
                        let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                        t.add(&r, &g.classes);
                        t.seconds = started.elapsed().as_secs_f64();
                        t.clone()
                    };
                    on_program(seed, &snapshot);
                }
            });
        }
    });
    let mut t = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    t.seconds = started.elapsed().as_secs_f64();
    let end = programs.into_inner().unwrap_or_else(|e| e.into_inner()).next_seed;
    (t, end)
}

/// A reduced finding as a self-contained fixture: the expectation header
/// (the input's verdict and covering bound) and a comment saying where it
/// came from.
pub fn as_fixture(f: &Finding) -> String {
    let mut text = format!(
        "// tracc: expect {} bound={}\n// Soundness campaign, seed {}: the {} said {}. Reduced.\n",
        f.disagreement.reference,
        f.bound,
        f.seed,
        f.disagreement.comparison.describe(),
        f.disagreement.got
    );
    text.push_str(&f.reduced);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_campaign_on_one_class_takes_the_first_programs_of_that_class() {
        let seeds = Seeds {
            first: 100,
            count: 4,
            only: Some(Class::Nested),
        };
        let mut programs = Programs::new(seeds);
        let taken: Vec<u64> = std::iter::from_fn(|| programs.next()).map(|(seed, _)| seed).collect();
        let expected: Vec<u64> = (100..)
            .filter(|&s| loop_program(s).classes.contains(&Class::Nested))
            .take(4)
            .collect();
        assert_eq!(taken, expected);
        assert_eq!(programs.next_seed, expected[3] + 1);
    }

    /// Seeds 20003769 and 20003788 (`--only array`), reduced: the loop
    /// reads `b[4]` and `b[6]` past the end. In CBMC such a read is any
    /// value, so `b[4] + 1` may overflow in the input as in the output; the
    /// checker once read the initialiser's zero there in the input and
    /// anything after the accelerator's whole-array copy in the output, and
    /// found the overflow only in the output.
    #[test]
    fn a_read_past_the_end_fails_the_same_ways_in_input_and_outputs() {
        let src = "void assert(int);\n\
                   long b[4] = {(-3), 9223372036854775806, 1, 0};\n\
                   int main(void) { unsigned int x = 0;\n\
                   for (int i = 0; i < 7; i += 2) { x++; b[i] = b[i] + 1; }\n\
                   assert(x != 4); }\n";
        let r = compare_program(src, 5, CheckSettings::default());
        assert!(r.disagreement.is_none(), "{:?}", r.disagreement);
        assert!(r.transformed);
        let all = Fails {
            assertion: true,
            overflow: true,
            bounds: true,
        };
        assert_eq!((r.reference, r.reference_fails), (Some("UNSAFE"), all));
    }

    #[test]
    fn each_class_of_a_program_counts_it() {
        let mut t = Tally::default();
        let decided = ProgramResult {
            reference: Some("SAFE"),
            ..ProgramResult::default()
        };
        t.add(&decided, &[Class::Nested, Class::Array]);
        t.add(&ProgramResult::default(), &[Class::Nested]);
        assert_eq!(t.programs, 2);
        let nested = &t.by_class[&Class::Nested];
        assert_eq!((nested.programs, nested.decided, nested.disagreements), (2, 1, 0));
        assert_eq!(t.by_class[&Class::Array].programs, 1);
        assert!(!t.by_class.contains_key(&Class::Geometric));
        let json = serde_json::to_value(&t).expect("serialises");
        assert_eq!(json["by_class"]["nested"]["decided"], 1);
    }
}
