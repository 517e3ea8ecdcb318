//! The differential soundness campaign (METHOD.md, "Testing").
//!
//! In: a range of seeds for `testgen::loop_program` (optionally only the
//! programs of one class). Out: per program the comparison of its input
//! with its outputs (`compare`: the verdicts at a bound that covers its
//! loop and at `--unwind 3`, and a [`Disagreement`] where they contradict
//! each other), each disagreement reduced (`reduce`) into a [`Finding`],
//! and a [`Tally`] over the range.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

// Callers (the CLI, the tests) name the comparison's types through the
// campaign, which runs it.
pub use super::compare::{CheckSettings, Comparison, Covering, Disagreement, Fails, ProgramResult, compare_program};
use crate::ir::DataModel;
use crate::testgen::{Class, Generated, loop_program};

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
    /// Unsafe programs whose input divides by zero or shifts where C
    /// leaves it undefined.
    pub undefined: u64,
    pub transformed: u64,
    /// Programs with a loop left to unrolling by the default options.
    pub unrolled: u64,
    /// Safe programs the restricted output proves at `--unwind 3`.
    pub proved_at_3: u64,
    /// Unsafe programs the restricted output finds at `--unwind 3`.
    pub found_at_3: u64,
    /// Safe programs k-induction proves on the restricted output where
    /// `--unwind 3` leaves them UNKNOWN.
    pub by_induction: u64,
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
                    self.undefined += u64::from(r.reference_fails.undefined);
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
        self.by_induction += u64::from(r.by_induction);
        self.undecided_outputs += u64::from(r.undecided_outputs);
        self.disagreements += u64::from(r.disagreement.is_some());
    }
}

/// A disagreeing program, as found and as reduced.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    pub seed: u64,
    pub bound: u32,
    /// The loop never ends: `bound` covers it only without unwinding
    /// assertions (`Covering`), so the fixture states none.
    pub endless: bool,
    pub source: String,
    pub disagreement: Disagreement,
    /// The smallest program found that disagrees the same way.
    pub reduced: String,
    /// The data model the programs were read and checked in (in JSON
    /// once, as the campaign's `model`).
    #[serde(skip)]
    pub model: DataModel,
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
                    let covering = Covering {
                        unwind: g.bound,
                        endless: g.endless,
                    };
                    let r = compare_program(&g.source, covering, settings);
                    if let Some(d) = &r.disagreement {
                        let reduced = super::reduce::reduce(&g.source, covering, settings, d);
                        on_finding(&Finding {
                            seed,
                            bound: g.bound,
                            endless: g.endless,
                            source: g.source.clone(),
                            disagreement: d.clone(),
                            reduced,
                            model: settings.model,
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
/// (the input's verdict, covering bound and data model) and a comment
/// saying where it came from.
pub fn as_fixture(f: &Finding) -> String {
    let model = match f.model {
        DataModel::Lp64 => "",
        DataModel::Ilp32 => " model=32",
    };
    let bound = if f.endless {
        String::new()
    } else {
        format!(" bound={}", f.bound)
    };
    let mut text = format!(
        "// tracc: expect {}{bound}{model}\n// Soundness campaign, seed {}: the {} said {}. Reduced.\n",
        f.disagreement.reference,
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
            undefined: false,
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
