//! Sum loops for the soundness campaign: a counter that moves by a
//! constant step until its own test fails, and an accumulator that adds or
//! subtracts the counter's value, or a multiple of it (`2 * c`, `c << 1`),
//! in every iteration (`while (c > 0) { s += c; c--; }`). The accumulator's closed form is
//! quadratic in the iteration count, and it is monotone only where the
//! loop's test keeps the counter on one side of zero: these are the paths
//! that are accelerated under their guards at both ends of the covered
//! iterations.
//!
//! Counters run toward zero from either side, or anywhere (sums that change
//! direction, which must stay deep); start values may be nondeterministic
//! within an assumed range; the counter may move before or after the sum;
//! `while`, `for` and `do`/`while` forms. Accumulators start at zero or near
//! their type's limits, so a sum may overflow a signed type (a bug the
//! outputs must keep) or wrap an unsigned one. Every drawn loop is
//! simulated for every start value and drawn again unless it ends within
//! `CAP` iterations.

use super::cint::{
    COUNTER_TYPES, Cmp, PRELUDE, arith, compare, counter_update, literal, literal_type, nondet_name, product,
    shifted_left, stepped,
};
use super::rng::Rng;
use crate::ir::IntType;
use std::fmt::Write as _;

/// The most iterations a sum loop runs for.
const CAP: u32 = 14;

/// Accumulator types, with a C spelling.
const SUM_TYPES: [(IntType, &str); 7] = [
    (IntType::INT, "int"),
    (IntType::INT, "int"),
    (IntType::LONG, "long"),
    (IntType::LONG, "long"),
    (IntType::UINT, "unsigned"),
    (IntType::SHORT, "short"),
    (IntType::ULONG, "unsigned long"),
];

/// The addend of the sum, a multiple of the counter: its sign is the
/// counter's (or the opposite), so the sum is monotone on one side of zero.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Addend {
    Counter,
    /// `K * c`, `K` a constant other than 0 and 1.
    Scaled(i128),
    /// `c << 1` (undefined for a negative counter).
    Doubled,
}

#[derive(Clone, Copy, Debug)]
enum Form {
    /// `while (c OP L) { BODY }`
    While,
    /// `for (; c OP L; STEP) SUM;` (the counter moves after the sum)
    For,
    /// `do { BODY } while (c OP L);`
    DoWhile,
}

pub(super) struct SumLoop {
    counter: (IntType, &'static str),
    acc: (IntType, &'static str),
    /// The counter's start: nondeterministic within `[lo, hi]` (assumed)
    /// unless `lo == hi`.
    start: (i128, i128),
    step: i128,
    cmp: Cmp,
    limit: i128,
    acc_start: i128,
    /// `s -= c` rather than `s += c`.
    subtract: bool,
    /// What is added: `c`, `K * c` or `c << 1` (`scale_addend`).
    addend: Addend,
    /// The counter moves before the sum (`c--; s += c;`).
    step_first: bool,
    form: Form,
    /// `assert(s != V);` in the body, after the sum.
    body_assert: Option<i128>,
    /// Assertion on `s` (or on `c` when the flag is false) after the loop.
    final_assert: Option<(bool, Cmp, i128)>,
}

/// The values one run takes: the accumulator after each iteration, and the
/// counter at the end.
struct Run {
    sums: Vec<i128>,
    counter: i128,
}

impl SumLoop {
    pub(super) fn random(rng: &mut Rng) -> SumLoop {
        loop {
            let candidate = SumLoop::draw(rng);
            if candidate.ends() {
                return candidate;
            }
        }
    }

    fn draw(rng: &mut Rng) -> SumLoop {
        let counter = *rng.pick(&COUNTER_TYPES);
        let acc = *rng.pick(&SUM_TYPES);
        let ty = counter.0;
        let magnitude = *rng.pick(&[1, 1, 1, 1, 2, 3]);
        // Toward zero from above (the test keeps the counter positive),
        // from below (negative), or from anywhere to anywhere.
        let mode = rng.below(100);
        let down = match mode {
            0..=49 => true,
            50..=79 => !ty.signed,
            _ => rng.chance(50),
        };
        let step = if down { -magnitude } else { magnitude };
        let limit = match mode {
            0..=79 => {
                let near_zero = *rng.pick(&[0, 0, 1, 2, 5]);
                let near_end = if down { ty.max() - 40 } else { ty.min() + 40 };
                match rng.below(10) {
                    0 | 1 if ty.contains(near_end) => near_end,
                    _ if down => near_zero,
                    _ => -near_zero,
                }
            }
            _ => *rng.pick(&[-3, 0, 4, 10]),
        };
        let cmp = match (down, rng.below(5)) {
            (_, 0) => Cmp::Ne,
            (true, 1 | 2) => Cmp::Gt,
            (true, _) => Cmp::Ge,
            (false, 1 | 2) => Cmp::Lt,
            (false, _) => Cmp::Le,
        };
        // A few steps away from the limit, against the direction of the
        // step, not always on its grid.
        let trips = 1 + rng.below(10) as i128;
        let off = if rng.chance(70) { 0 } else { 1 };
        let far = limit - step * trips + if down { off } else { -off };
        let far = if ty.contains(far) { far } else { limit };
        let start = if rng.chance(35) {
            let width = 1 + rng.below(6) as i128;
            let lo = if down { far - width } else { far };
            let lo = lo.max(ty.min());
            (lo, (lo + width).min(ty.max()))
        } else {
            (far, far)
        };
        let acc_ty = acc.0;
        let acc_start = match rng.below(8) {
            0..=3 => 0,
            4 => 100,
            5 => acc_ty.max() - 30,
            6 => acc_ty.min() + 30,
            _ => acc_ty.max() / 2,
        };
        let acc_start = if acc_ty.contains(acc_start) { acc_start } else { 0 };
        let form = *rng.pick(&[Form::While, Form::While, Form::For, Form::DoWhile]);
        SumLoop {
            counter,
            acc,
            start,
            step,
            cmp,
            limit,
            acc_start,
            subtract: rng.chance(30),
            addend: Addend::Counter,
            step_first: !matches!(form, Form::For) && rng.chance(30),
            form,
            body_assert: None,
            final_assert: None,
        }
    }

    fn holds(&self, c: i128) -> bool {
        compare((c, self.counter.0), (self.limit, literal_type(self.limit)), self.cmp)
    }

    /// A multiple of the counter as the addend, from a stream of its own
    /// (`rng`), so that the other choices of a seed stay as they were:
    /// `s += 2 * c` is monotone where `c >= 0`, which tracc assumes of the
    /// counter, not of the product (`accelerate::one_side`).
    pub(super) fn scale_addend(&mut self, rng: &mut Rng) {
        self.addend = match rng.below(10) {
            0..=5 => Addend::Counter,
            6 | 7 => Addend::Scaled(*rng.pick(&[2, 3, -2, 5])),
            _ => Addend::Doubled,
        };
    }

    fn summed(&self, s: i128, c: i128) -> i128 {
        let c = (c, self.counter.0);
        let addend = match self.addend {
            Addend::Counter => c,
            Addend::Scaled(k) => product((k, IntType::INT), c),
            Addend::Doubled => shifted_left(c, 1),
        };
        self.acc.0.wrap(arith((s, self.acc.0), addend, !self.subtract).0)
    }

    /// The run from counter value `c` with C semantics, or `None` when it
    /// is longer than `CAP` iterations.
    fn run(&self, mut c: i128) -> Option<Run> {
        let mut s = self.acc_start;
        let mut sums = Vec::new();
        let mut first = matches!(self.form, Form::DoWhile);
        while first || self.holds(c) {
            first = false;
            if sums.len() == CAP as usize {
                return None;
            }
            if self.step_first {
                c = stepped(c, self.counter.0, self.step);
                s = self.summed(s, c);
            } else {
                s = self.summed(s, c);
                c = stepped(c, self.counter.0, self.step);
            }
            sums.push(s);
        }
        Some(Run { sums, counter: c })
    }

    fn ends(&self) -> bool {
        (self.start.0..=self.start.1).all(|c| self.run(c).is_some())
    }

    /// An assertion in the body that often fails deep in the loop, and one
    /// after it on the value a run reaches (often unsafe, or safe when the
    /// start is constant).
    pub(super) fn choose_asserts(&mut self, rng: &mut Rng) {
        let c = self.start.0 + rng.below((self.start.1 - self.start.0 + 1) as u64) as i128;
        let Some(run) = self.run(c) else { return };
        if rng.chance(30)
            && let Some(&last) = run.sums.last()
        {
            let v = if rng.chance(70) { last } else { last + 1 };
            self.body_assert = Some(v);
        }
        let on_sum = rng.chance(80) || run.sums.is_empty();
        let reached = if on_sum {
            run.sums.last().copied().unwrap_or(self.acc_start)
        } else {
            run.counter
        };
        let cmp = *rng.pick(&[Cmp::Ne, Cmp::Ne, Cmp::Eq, Cmp::Le, Cmp::Ge]);
        self.final_assert = Some((on_sum, cmp, reached));
    }

    /// A `--unwind` bound that covers the loop for every start value.
    pub(super) fn bound(&self) -> u32 {
        let longest = (self.start.0..=self.start.1)
            .filter_map(|c| self.run(c))
            .map(|r| r.sums.len())
            .max()
            .unwrap_or(0);
        longest as u32 + 1
    }

    pub(super) fn render(&self) -> String {
        let (cty, cname) = self.counter;
        let (_, sname) = self.acc;
        let mut out = format!("{PRELUDE}void __CPROVER_assume(_Bool);\n");
        let (lo, hi) = self.start;
        if lo != hi {
            let _ = writeln!(out, "{} {}(void);", cty.c_name(), nondet_name(cty));
        }
        out.push_str("\nint main(void) {\n");
        if lo == hi {
            let _ = writeln!(out, "    {cname} c = {};", literal(lo));
        } else {
            let _ = writeln!(out, "    {cname} c = {}();", nondet_name(cty));
            let _ = writeln!(
                out,
                "    __CPROVER_assume(c >= {} && c <= {});",
                literal(lo),
                literal(hi)
            );
        }
        let _ = writeln!(out, "    {sname} s = {};", literal(self.acc_start));
        let test = format!("c {} {}", self.cmp.text(), literal(self.limit));
        let mv = counter_update(self.step);
        let addend = match self.addend {
            Addend::Counter => "c".to_string(),
            Addend::Scaled(k) => format!("{} * c", literal(k)),
            Addend::Doubled => "(c << 1)".to_string(),
        };
        let sum = match (self.subtract, self.step_first) {
            (false, false) => format!("s += {addend}"),
            (true, false) => format!("s -= {addend}"),
            (false, true) => format!("s = s + {addend}"),
            (true, true) => format!("s = s - {addend}"),
        };
        let mut body = String::new();
        if self.step_first {
            let _ = writeln!(body, "        {mv};\n        {sum};");
        } else {
            let _ = writeln!(body, "        {sum};");
            if !matches!(self.form, Form::For) {
                let _ = writeln!(body, "        {mv};");
            }
        }
        if let Some(v) = self.body_assert {
            let _ = writeln!(body, "        assert(s != {});", literal(v));
        }
        match self.form {
            Form::While => {
                let _ = write!(out, "    while ({test}) {{\n{body}    }}\n");
            }
            Form::For => {
                let _ = write!(out, "    for (; {test}; {mv}) {{\n{body}    }}\n");
            }
            Form::DoWhile => {
                let _ = write!(out, "    do {{\n{body}    }} while ({test});\n");
            }
        }
        if let Some((on_sum, cmp, v)) = self.final_assert {
            let lhs = if on_sum { "s" } else { "c" };
            let _ = writeln!(out, "    assert({lhs} {} {});", cmp.text(), literal(v));
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}
