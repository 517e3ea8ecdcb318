//! Random loop programs for differential soundness testing.
//!
//! In: a seed. Out: a small, self-contained C program and an unwinding
//! bound that covers its loop (or reaches the assertion in its body when it
//! runs longer). The same seed always gives the same program. Half of the
//! seeds give a counted `while` loop (one to three variables of random
//! widths and signedness, a bound that may be nondeterministic, linear,
//! constant and alternating (`v = -v`, `v = c - v`, swaps of two
//! variables through a temporary, a `_Bool` toggled by `flag = !flag`)
//! updates, if/else in the body on a condition (a comparison, or a
//! remainder `v % m == r` whose truth repeats with a period) or on a
//! nondeterministic choice, a geometric update `v = a*v + b` in some,
//! initial values near the type limits so that
//! wrap-around happens); the other half a *header loop*,
//! whose counter of any integer type is updated outside the body (a `for`
//! step, a side effect of a `do`-`while` condition) from a start a few
//! steps from the type's limits, with guards (`!=`, `<`, `<=`, ...) that a
//! wrap-around can skip or keep true forever and steps that need not divide
//! the distance. Both have assertions inside and after the loop. In a fifth
//! of the counted `while` loops some tests in the body (the branch, the
//! `break`, the assertion) are on `v + c` or `v - c`, which may overflow a
//! signed type. (Array loops, a third of the seeds, are in `array.rs`; some
//! run past their arrays' end. Sum loops, a tenth of the other seeds, are
//! in `sum.rs`: a counter summed until its own test fails. Halving loops,
//! a few percent of the rest, are in `halving.rs`, and endless loops for
//! k-induction, a few percent again, in `endless.rs`.) A quarter of the counted `while` loops have a counted inner loop after their
//! branches (`for` or `while`, a counter of any width moving up or down to
//! a constant, to the outer counter, or around a narrow type's wrap, and
//! sometimes a third loop inside it), whose summary the outer loop's
//! accelerator uses. In a fifth of them the assignments and the assertion
//! in the body are calls of helper functions defined before `main`, half
//! of those taking the variables by address.
//!
//! The program is simulated once with C semantics for one choice of the
//! nondeterministic values, so that some assertions name a value the
//! program really reaches and the corpus has unsafe programs as well as
//! safe ones. Verdicts themselves come from the checker, not from here.
//!
//! This file picks the shape of each seed's program and its optional
//! features. `rng` (the random stream) and `cint` (C integers as text and
//! as simulated values) are shared by the shapes; `counted` draws and
//! simulates the counted `while` loop, `counted_render` writes it;
//! `header`, `array` and `sum` are the other shapes.

mod array;
mod cint;
mod counted;
mod counted_render;
mod endless;
mod halving;
mod header;
mod rng;
mod sum;

use cint::Cmp;
use counted::{Branch, InnerLoop, Program, Rhs, Update};
use header::{HeaderLoop, Run};
use rng::Rng;

/// A generated program and a `--unwind` bound that covers its loop.
#[derive(Clone, Debug)]
pub struct Generated {
    pub source: String,
    pub bound: u32,
    /// The loop never ends (or may run forever): the bound covers every
    /// state it reaches, so that every failure is within it, but only
    /// without unwinding assertions, which always fail.
    pub endless: bool,
    /// The classes of loop the program has (`tracc campaign --only`).
    pub classes: Vec<Class>,
}

/// A class of generated loop, so that a campaign can be run on one class
/// alone (a new class needs its own count of programs without
/// disagreement, and it is a small share of the whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// A loop over arrays (copies, maps, fills, searches).
    Array,
    /// A loop whose counter is in the header (`for`, `do`/`while`).
    Header,
    /// A `while` loop with counters and a body of updates and branches.
    Counted,
    /// A body branching on a value the loop does not change.
    Correlated,
    /// A body whose branch alternates with a flag toggled each iteration.
    Alternating,
    /// A loop with a loop inside its body.
    Nested,
    /// `Nested` whose inner loop tests its counter or a variable at the
    /// start of its body, guarding an update, a `break` or a `continue`:
    /// no summary, so an outer path takes it one iteration at a time
    /// (`loops::enumerate`, `enumerate/unrolled.rs`).
    InnerBranch,
    /// A header loop whose unsigned counter wraps around its type while
    /// the loop runs (its accelerator may run through the wrap).
    Wrapping,
    /// A body with a geometric update `v = a*v + b` of an unsigned
    /// variable (exact modulo its type, wrap-around included).
    Geometric,
    /// A body whose two branches make the same updates under different
    /// tests (their paths are merged into one, guarded by the
    /// disjunction).
    EqualEffects,
    /// A body that may leave the loop with `break` (an accelerated path
    /// never does, so its iterations may be blocked before the body).
    EarlyExit,
    /// An array loop whose index runs past the end of its arrays (CBMC's
    /// bounds check fails; no accelerator covers those iterations).
    PastTheEnd,
    /// A test in the body (the branch, the `break`, the assertion) on
    /// `v + c` or `v - c`, which may overflow a signed `int` or `long`.
    OffsetTest,
    /// A counter summed into an accumulator until its own test fails
    /// (`while (c > 0) { s += c; c--; }`): a quadratic sum, monotone only
    /// under the loop's test.
    Sum,
    /// An array loop after a loop that fills its source array, or part of
    /// it (`for (int j = 0; j < L; j++) b[j] = c * j + d;`), perhaps one
    /// element written again in between: its reads inside the filled range
    /// are the fill's values (`loops::read_through_fills`).
    FilledRead,
    /// An array loop that writes into one row of a matrix (`a[r][i] = v`),
    /// the row fixed before the loop or counted by a loop around it.
    MatrixRow,
    /// A counted loop whose assignments call helper functions
    /// (`v0 = upd0(v0, v1);` with `int upd0(int v0, int v1) { return v0 +
    /// v1; }`) and whose assertion in the body is in a helper: paths
    /// inline them, and a covered iteration is blocked before the body.
    Calls,
    /// `Calls` whose helpers take the variables by address
    /// (`void upd0(int *p_out, int *p_in0) { int v0 = *p_in0; *p_out = v0
    /// + 1; }` called as `upd0(&v0, &v0)`): paths inline copies where
    /// `*p` is the variable (`loops::specialise_address_calls`).
    AddressArgs,
    /// `Calls` whose first helper counts its calls in a `static` local and
    /// asserts a bound on them: the accelerator names the helper's static,
    /// which the output declares at file scope (`emit::hoist`).
    StaticLocal,
    /// A variable divided once per iteration (`x >>= s`, `x /= d`) until
    /// a condition that fails at 0: at most as many iterations as the bits
    /// of its type, left to unrolling.
    Halving,
    /// A loop that never ends (`while (1)`, or a nondeterministic
    /// condition) over counters with finitely many states, an assertion in
    /// its body: what k-induction proves.
    Endless,
    /// A header loop written with a label and a backward `goto`.
    Goto,
    /// A counted loop whose branch tests the counter's remainder
    /// (`i % m == v`, `(i & 3) != v`): one accelerator counts each path's
    /// iterations by residue.
    Residue,
    /// An endless loop (`while (1)`, a nondeterministic condition) whose
    /// unsigned counters wrap around their types and are read only modulo
    /// a power of two (`(x & 7) != 5`): nothing bounds the iterations, so
    /// the accelerator runs through every wrap-around, exact modulo 2^bits.
    UnboundedWrap,
    /// An endless loop with a branch that changes nothing: its iterations
    /// end where they began, and the output blocks them after the body
    /// (`restrict::cycle`).
    Idle,
    /// A counted loop with shifts by constants: `v + (w << s)` (`w * 2^s`
    /// where C defines it, undefined for a negative `w`), `v = w >> s`, and
    /// a counter's test of its quotient (`((i >> 2) & 1) == 0`, `((i / 3)
    /// % 2) != 1`), which repeats with the counter modulo `d * m`.
    Shifts,
}

/// The program for `seed`: an array, sum, halving or endless loop on the
/// seeds their own streams pick (`Class`), else a header loop or a counted
/// `while` loop, half of the others each.
pub fn loop_program(seed: u64) -> Generated {
    // A separate stream picks the array loops, so that the other seeds give
    // the same programs as before array loops were generated.
    let mut arrays = Rng::new(seed ^ 0xA77A_7000_0000_0000);
    if arrays.chance(30) {
        let mut a = array::ArrayLoop::random(&mut arrays);
        while !a.defined() {
            a = array::ArrayLoop::random(&mut arrays);
        }
        // A stream of its own again: the other array loops stay as before.
        let mut classes = vec![Class::Array];
        if Rng::new(seed ^ 0x0B0B_0000_0000_0000).chance(15) && a.run_past_the_end(&mut Rng::new(seed)) {
            classes.push(Class::PastTheEnd);
        }
        let mut rows = Rng::new(seed ^ 0x2D2D_0000_0000_0000);
        if rows.chance(30) && a.write_into_rows(&mut rows) {
            classes.push(Class::MatrixRow);
            if a.nested() {
                classes.push(Class::Nested);
            }
        }
        let mut fills = Rng::new(seed ^ 0xF111_ED00_0000_0000);
        if fills.chance(35) && a.fill_before(&mut fills) {
            classes.push(Class::FilledRead);
        }
        a.choose_final_assert(&mut arrays);
        return Generated {
            source: a.render(),
            bound: a.bound(),
            endless: false,
            classes,
        };
    }
    // Another for sum loops; the other seeds stay as before again.
    let mut sums = Rng::new(seed ^ 0x5E55_0000_0000_0000);
    if sums.chance(10) {
        let mut l = sum::SumLoop::random(&mut sums);
        l.scale_addend(&mut Rng::new(seed ^ 0x5CA1_ED00_0000_0000));
        l.choose_asserts(&mut sums);
        return Generated {
            source: l.render(),
            bound: l.bound(),
            endless: false,
            classes: vec![Class::Sum],
        };
    }
    // And one for halving loops.
    let mut halves = Rng::new(seed ^ 0x4A1F_0000_0000_0000);
    if halves.chance(6) {
        let mut h = halving::HalvingLoop::random(&mut halves);
        h.choose_final_assert(&mut halves);
        return Generated {
            source: h.render(),
            bound: h.bound(),
            endless: false,
            classes: vec![Class::Halving],
        };
    }
    // And one for endless loops.
    let mut endless = Rng::new(seed ^ 0xE4D1_E550_0000_0000);
    if endless.chance(6) {
        let mut l = endless::EndlessLoop::random(&mut endless);
        // A stream of its own: the other endless loops stay as before.
        let mut wraps = Rng::new(seed ^ 0x3A9D_0000_0000_0000);
        if wraps.chance(30) {
            l = endless::EndlessLoop::random_wrapping(&mut wraps);
        }
        let mut classes = vec![Class::Endless];
        if l.wraps() {
            classes.push(Class::UnboundedWrap);
        }
        // And one for an idle branch, so the loops above stay as they were.
        if Rng::new(seed ^ 0x1D1E_0000_0000_0000).chance(35) {
            l.make_idle(&mut Rng::new(seed ^ 0x1D1F_0000_0000_0000));
            classes.push(Class::Idle);
        }
        return Generated {
            source: l.render(),
            bound: l.bound(),
            endless: true,
            classes,
        };
    }
    let mut rng = Rng::new(seed);
    if rng.chance(50) {
        // Signed overflow would be undefined: draw again until there is none.
        let mut h = HeaderLoop::random(&mut rng);
        while matches!(h.simulate(), Run::Overflows) {
            h = HeaderLoop::random(&mut rng);
        }
        h.choose_skip(&mut Rng::new(seed ^ 0x5C1F_0000_0000_0000));
        let goto = h.choose_goto(&mut Rng::new(seed ^ 0x6070_0000_0000_0000));
        h.choose_final_assert(&mut rng);
        let mut classes = vec![Class::Header];
        if goto {
            classes.push(Class::Goto);
        }
        if h.wraps() {
            classes.push(Class::Wrapping);
        }
        return Generated {
            source: h.render(),
            bound: h.bound(),
            endless: false,
            classes,
        };
    }
    let mut prog = Program::random(&mut rng);
    prog.choose_mask(&mut Rng::new(seed ^ 0x3A5C_0000_0000_0000));
    let mut classes = vec![Class::Counted];
    if prog.test_the_counter(&mut Rng::new(seed ^ 0x4E51_D0E0_0000_0000)) {
        classes.push(Class::Residue);
    }
    // A separate stream again: programs without the branch stay as before.
    let mut correlated = Rng::new(seed ^ 0xC022_E1A7_0000_0000);
    if correlated.chance(30) {
        prog.add_correlated_branch(&mut correlated);
        classes.push(Class::Correlated);
    } else if prog.flag.is_some() && correlated.chance(40) {
        classes.push(Class::Alternating);
        // Paths that alternate in a fixed order.
        prog.guard = Some(Branch::Flag);
        if prog.else_updates.is_empty() {
            prog.else_updates = prog.random_updates(&mut correlated);
        }
    }
    // Another for branches with equal effects: the else branch repeats
    // the first branch's updates.
    let mut equal = Rng::new(seed ^ 0xE0E0_0000_0000_0000);
    if matches!(prog.guard, Some(Branch::Cond(_))) && prog.correlated.is_none() && equal.chance(25) {
        prog.else_updates = prog.then_updates.clone();
        classes.push(Class::EqualEffects);
    }
    // Another for a geometric update (`v = a*v + b`) at the end of the
    // body's first branch.
    let mut geometric = Rng::new(seed ^ 0x6E0E_0000_0000_0000);
    if geometric.chance(15) {
        let target = geometric.below(prog.vars.len() as u64) as usize;
        let a = *geometric.pick(&[2, 3, 5, 4, 7]);
        let b = *geometric.pick(&[0, 0, 1, 3, 100]);
        prog.then_updates
            .push(Update::Assign(target, Rhs::Affine(target, a, b)));
        if !prog.vars[target].ty.signed {
            classes.push(Class::Geometric);
        }
    }
    // Another for a `break` at the start of the body.
    let mut exit = Rng::new(seed ^ 0xB4EA_0000_0000_0000);
    if exit.chance(12) {
        prog.exit = Some(prog.random_cond(&mut exit, &[Cmp::Eq, Cmp::Gt, Cmp::Lt, Cmp::Ge]));
        classes.push(Class::EarlyExit);
    }
    // And another for loops nested in the body.
    let mut nested = Rng::new(seed ^ 0x4E57_ED00_0000_0000);
    if nested.chance(25) {
        prog.inner = Some(InnerLoop::random(&mut nested, &prog, 0));
        classes.push(Class::Nested);
        // A stream of its own: the other nests stay as before.
        let mut branches = Rng::new(seed ^ 0x1B2A_4C00_0000_0000);
        if branches.chance(40)
            && let Some(mut l) = prog.inner.take()
        {
            l.add_branch(&mut branches, &prog);
            prog.inner = Some(l);
            classes.push(Class::InnerBranch);
        }
    }
    // And another for tests on `v + c`: a signed overflow in a test, where
    // an accelerated iteration does not evaluate the body's own test.
    let mut offsets = Rng::new(seed ^ 0x0FF5_E700_0000_0000);
    if offsets.chance(20) && prog.add_offsets(&mut offsets) {
        classes.push(Class::OffsetTest);
    }
    // And another for shifts by constants; more often where the branch
    // tests the counter, whose quotient it may then test.
    let mut shifts = Rng::new(seed ^ 0x5B1F_7000_0000_0000);
    let residue = classes.contains(&Class::Residue);
    if shifts.chance(if residue { 50 } else { 15 }) && prog.add_shifts(&mut shifts) {
        classes.push(Class::Shifts);
    }
    // And another for helper functions called in the body.
    if Rng::new(seed ^ 0xCA11_5000_0000_0000).chance(20) && prog.has_helper_work() {
        prog.calls = true;
        classes.push(Class::Calls);
        if Rng::new(seed ^ 0xADD2_E550_0000_0000).chance(50) {
            prog.by_address = true;
            classes.push(Class::AddressArgs);
        }
        let mut statics = Rng::new(seed ^ 0x57A7_1C00_0000_0000);
        if statics.chance(40) && prog.has_assignment() {
            // Half or all of the iterations (the helper may be called in
            // each, or twice in one with the correlated branch), or more
            // calls than it can get (safe).
            let most = match statics.below(4) {
                0 => prog.max_iters / 2,
                1 => prog.max_iters,
                _ => 2 * prog.max_iters + 2,
            };
            prog.counted_calls = Some(most);
            classes.push(Class::StaticLocal);
        }
    }
    prog.choose_final_asserts(&mut rng);
    // A while loop whose body runs m times needs --unwind m + 1 (an inner
    // loop counts afresh each time it is entered).
    let inner_trips = prog.inner.as_ref().map_or(0, |l| l.max_trips(prog.max_iters));
    Generated {
        source: prog.render(),
        bound: prog.max_iters.max(inner_trips) + 1,
        endless: false,
        classes,
    }
}

#[cfg(test)]
mod tests;
