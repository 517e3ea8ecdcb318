//! Halving loops: a variable divided once per iteration until a condition
//! that fails at 0 stops the loop (`while (x > 1) { x >>= 1; k++; }`,
//! digit counting with `n /= 10`).
//!
//! In: a random stream. Out: a `HalvingLoop` (a counter of any integer
//! type, a constant or nondeterministic start, `>>= s` on unsigned types or
//! `/= d`, in the body before or after the count, or in a `for` step), its
//! trip count simulated with C semantics (the most over every start, for a
//! nondeterministic one), the `--unwind` bound that covers it, and its C
//! text. tracc leaves such loops to unrolling (`loops::unwind::trip_bound`
//! bounds them by the bits of the type), so the campaign checks the
//! unrolled output against the input.

use super::cint::{COUNTER_TYPES, Cmp, PRELUDE, literal, nondet_name};
use super::rng::Rng;
use crate::ir::IntType;
use std::fmt::Write as _;

/// Where the division happens.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// `while (C) { x OP= A; k++; }`
    BodyFirst,
    /// `while (C) { k++; x OP= A; }`
    BodyLast,
    /// `for (; C; x OP= A) { k++; }`
    Step,
}

/// The loop's condition, over `x`: each is false at 0.
#[derive(Clone, Copy, Debug)]
enum Test {
    /// `x`
    Truth,
    /// `x != 0`
    NonZero,
    /// `x > c`, `c >= 0`
    Above(i128),
    /// `x >= c`, `c >= 1`
    AtLeast(i128),
}

pub(super) struct HalvingLoop {
    ty: IntType,
    spelling: &'static str,
    /// `None`: a nondeterministic start.
    start: Option<i128>,
    /// `true`: `x >>= amount`; `false`: `x /= amount`.
    shift: bool,
    amount: i128,
    place: Place,
    test: Test,
    /// `assert(k OP V)` after the loop.
    final_assert: Option<(Cmp, i128)>,
}

impl HalvingLoop {
    pub(super) fn random(rng: &mut Rng) -> HalvingLoop {
        let &(ty, spelling) = rng.pick(&COUNTER_TYPES);
        // A signed `>>` of a negative value never reaches 0: unsigned only.
        let shift = !ty.signed && rng.chance(60);
        let amount = if shift {
            *rng.pick(&[1, 1, 2, 3])
        } else {
            *rng.pick(&[2, 2, 3, 10, 16])
        };
        let start = rng.chance(50).then(|| {
            let (lo, hi) = (ty.min(), ty.max());
            match rng.below(4) {
                0 => hi,
                1 => lo,
                2 => (rng.below(1000) as i128).clamp(lo, hi),
                _ => lo + (rng.next() as i128).rem_euclid(hi - lo + 1),
            }
        });
        let place = *rng.pick(&[Place::BodyFirst, Place::BodyLast, Place::Step]);
        let test = match rng.below(4) {
            0 => Test::Truth,
            1 => Test::NonZero,
            2 => Test::Above(rng.below(5) as i128),
            _ => Test::AtLeast(1 + rng.below(5) as i128),
        };
        HalvingLoop {
            ty,
            spelling,
            start,
            shift,
            amount,
            place,
            test,
            final_assert: None,
        }
    }

    fn holds(&self, x: i128) -> bool {
        match self.test {
            Test::Truth | Test::NonZero => x != 0,
            Test::Above(c) => x > c,
            Test::AtLeast(c) => x >= c,
        }
    }

    /// One division, with C semantics (`>>` of a non-negative value,
    /// `/` truncating toward zero).
    fn divided(&self, x: i128) -> i128 {
        if self.shift { x >> self.amount } else { x / self.amount }
    }

    /// The iterations from `x`.
    fn trips_from(&self, mut x: i128) -> i128 {
        let mut k = 0;
        while self.holds(x) {
            x = self.divided(x);
            k += 1;
        }
        k
    }

    /// The iterations from the start; for a nondeterministic one the most
    /// over every value of the type (from a largest magnitude; the least is
    /// 0, from 0).
    fn most_trips(&self) -> i128 {
        match self.start {
            Some(x) => self.trips_from(x),
            None => self.trips_from(self.ty.max()).max(self.trips_from(self.ty.min())),
        }
    }

    pub(super) fn choose_final_assert(&mut self, rng: &mut Rng) {
        let most = self.most_trips();
        self.final_assert = Some(match (self.start, rng.below(3)) {
            (Some(_), 0) => (Cmp::Eq, most),
            (Some(_), 1) => (Cmp::Ne, most),
            (Some(_), _) => (Cmp::Eq, most + 1),
            (None, 0) => (Cmp::Le, most),
            // Fails at the largest magnitude.
            (None, 1) => (Cmp::Lt, most),
            // Fails at 0.
            (None, _) => (Cmp::Ge, 1),
        });
    }

    /// A `--unwind` bound that covers the loop: its most iterations, plus
    /// the last evaluation of the condition.
    pub(super) fn bound(&self) -> u32 {
        u32::try_from(self.most_trips() + 1).unwrap_or(u32::MAX)
    }

    pub(super) fn render(&self) -> String {
        let mut out = String::from(PRELUDE);
        if self.start.is_none() {
            let _ = writeln!(out, "{} {}(void);", self.ty.c_name(), nondet_name(self.ty));
        }
        out.push_str("int main(void) {\n");
        let start = match self.start {
            Some(v) => literal(v),
            None => format!("{}()", nondet_name(self.ty)),
        };
        let _ = writeln!(out, "    {} x = {start};", self.spelling);
        out.push_str("    unsigned int k = 0;\n");
        let cond = match self.test {
            Test::Truth => "x".to_string(),
            Test::NonZero => "x != 0".to_string(),
            Test::Above(c) => format!("x > {c}"),
            Test::AtLeast(c) => format!("x >= {c}"),
        };
        let divide = format!("x {}= {}", if self.shift { ">>" } else { "/" }, self.amount);
        let _ = match self.place {
            Place::BodyFirst => writeln!(out, "    while ({cond}) {{\n        {divide};\n        k++;\n    }}"),
            Place::BodyLast => writeln!(out, "    while ({cond}) {{\n        k++;\n        {divide};\n    }}"),
            Place::Step => writeln!(out, "    for (; {cond}; {divide}) {{\n        k++;\n    }}"),
        };
        if let Some((cmp, v)) = self.final_assert {
            let _ = writeln!(out, "    assert(k {} {});", cmp.text(), literal(v));
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}
