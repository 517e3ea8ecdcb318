//! Endless loops over a finite state: `while (1)` (or `while
//! (nondet_int())`, with an assertion after it) around small counters that
//! stay in `0..m` (modular steps, saturating and resetting counters, a
//! transfer between two counters that keeps their sum, a paired step
//! `v += a; w += b` that keeps `b*v - a*w`), branches on a
//! nondeterministic choice, and an assertion in the body. Safe ones whose
//! assertion is inductive, or becomes so after a few iterations, are what
//! k-induction proves; others need an invariant it does not find, or fail.
//!
//! Or (`random_wrapping`) unsigned counters that wrap around their type,
//! `x = x + a` with nothing else on them, read only modulo a power of two
//! `m` (`(x & 7) != 5`, `((x0 - x1) % 8) != 3`): their values there stay
//! in `0..m` too, so the same exploration covers them, whatever the type's
//! width and however many wrap-arounds the loop runs through.
//!
//! In: a random stream. Out: an `EndlessLoop`, its C text and a bound that
//! covers it although it never ends: the states reachable from the start,
//! explored here, are all reached within their count of iterations, so
//! every assertion that can fail fails within the bound, checked without
//! unwinding assertions (`Generated::endless`).

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;

use super::cint::PRELUDE;
use super::rng::Rng;

/// An update of the counters, each kept in `0..m` of its own.
#[derive(Clone, Copy, Debug)]
enum Update {
    /// `v = v + a; if (v >= m) v = v - m;`
    Step(usize, i64),
    /// `v = (v + a) % m;` (non-negative operands)
    Mod(usize, i64),
    /// `if (v < m - 1) v = v + 1;`
    Saturate(usize),
    /// `if (v > 0) v = v - 1;`
    Down(usize),
    /// `v = 0;`
    Reset(usize),
    /// `if (v > 0 && w < m_w - 1) { v = v - 1; w = w + 1; }`
    Transfer(usize, usize),
    /// `if (v + a < m_v && w + b < m_w) { v = v + a; w = w + b; }`: keeps
    /// `b*v - a*w`, a relation only a kept sum (not a bound) expresses.
    Pair(usize, usize, i64, i64),
    /// `v = v + a;` (`v = v - |a|;` for a negative `a`) on a counter that
    /// wraps around its unsigned type; its state is its value modulo `m`.
    Wrap(usize, i64),
}

/// An assertion over the counters.
#[derive(Clone, Copy, Debug)]
enum Prop {
    /// `v >= 0 && v < m` (always true, inductive)
    InRange(usize),
    /// `v != c`
    Ne(usize, i64),
    /// `v <= c`
    Le(usize, i64),
    /// `v + w == c` / `v + w <= c`
    Sum(usize, usize, i64, bool),
    /// `b*v - a*w == c` / `b*v - a*w <= c`
    Scaled(usize, usize, i64, i64, i64, bool),
    /// `(v & (m - 1)) != c` / `v % m != c`, `v` a wrapping counter.
    Low(usize, i64, bool),
    /// `((v - w) & (m - 1)) != c`, both wrapping counters of one `m`.
    LowDiff(usize, usize, i64),
}

pub(super) struct EndlessLoop {
    /// Each counter's bound `m`, start and C type (a wrapping counter's
    /// start modulo `m`, its state).
    vars: Vec<(i64, i64, &'static str)>,
    /// A wrapping counter's start in its type (`None`: not one).
    wrap_starts: Vec<Option<u128>>,
    /// One or two branches on `nondet_int()` (one: no branch).
    branches: Vec<Vec<Update>>,
    /// `while (1)`; otherwise `while (nondet_int())` with `after`.
    forever: bool,
    /// The assertion in the body, after the updates (always one in a loop
    /// that never ends).
    inside: Option<Prop>,
    after: Option<Prop>,
    /// The counters and the loop in `void endless(void)`, which `main`
    /// calls once (k-induction takes loops of functions that run once).
    in_helper: bool,
}

/// Most reachable states a program may have, so that the covering bound
/// (their count, plus one) stays cheap to check.
const MOST_STATES: usize = 120;

impl EndlessLoop {
    pub(super) fn random(rng: &mut Rng) -> EndlessLoop {
        Self::drawn_small(rng, Self::draw)
    }

    /// Loops from `draw` until one has at most `MOST_STATES` states.
    fn drawn_small(rng: &mut Rng, draw: fn(&mut Rng) -> EndlessLoop) -> EndlessLoop {
        loop {
            let l = draw(rng);
            if l.reachable().len() <= MOST_STATES {
                return l;
            }
        }
    }

    fn draw(rng: &mut Rng) -> EndlessLoop {
        let n = 1 + rng.below(3) as usize;
        let vars: Vec<(i64, i64, &'static str)> = (0..n)
            .map(|_| {
                let m = 2 + rng.below(10) as i64;
                let start = if rng.chance(70) { 0 } else { rng.below(m as u64) as i64 };
                (m, start, *rng.pick(&["int", "unsigned", "long", "unsigned char"]))
            })
            .collect();
        let update = |rng: &mut Rng| {
            let v = rng.below(n as u64) as usize;
            let m = vars[v].0;
            match rng.below(7) {
                0 => Update::Step(v, 1 + rng.below((m - 1).max(1) as u64) as i64),
                6 if n > 1 => {
                    let w = (v + 1 + rng.below(n as u64 - 1) as usize) % n;
                    Update::Pair(v, w, 1 + rng.below(2) as i64, 1 + rng.below(3) as i64)
                }
                1 => Update::Mod(v, 1 + rng.below(m as u64) as i64),
                2 => Update::Saturate(v),
                3 => Update::Down(v),
                4 if rng.chance(40) => Update::Reset(v),
                _ if n > 1 => {
                    let w = (v + 1 + rng.below(n as u64 - 1) as usize) % n;
                    Update::Transfer(v, w)
                }
                _ => Update::Saturate(v),
            }
        };
        let branch_count = if rng.chance(75) { 2 } else { 1 };
        let branches = (0..branch_count)
            .map(|_| (0..1 + rng.below(2)).map(|_| update(rng)).collect())
            .collect();
        let prop = |rng: &mut Rng| {
            let v = rng.below(n as u64) as usize;
            let m = vars[v].0;
            match rng.below(5) {
                0 => Prop::InRange(v),
                4 if n > 1 => {
                    let w = (v + 1) % n;
                    let (a, b) = (1 + rng.below(2) as i64, 1 + rng.below(3) as i64);
                    let start = b * vars[v].1 - a * vars[w].1;
                    Prop::Scaled(v, w, a, b, start + rng.below(2) as i64, rng.chance(50))
                }
                1 => Prop::Ne(v, rng.below(m as u64 + 2) as i64),
                2 => Prop::Le(v, rng.below(m as u64 + 1) as i64),
                _ if n > 1 => {
                    let w = (v + 1) % n;
                    let start = vars[v].1 + vars[w].1;
                    Prop::Sum(v, w, start + rng.below(2) as i64, rng.chance(50))
                }
                _ => Prop::InRange(v),
            }
        };
        let forever = rng.chance(60);
        let inside = Some(prop(rng));
        let after = (!forever).then(|| prop(rng));
        EndlessLoop {
            wrap_starts: vec![None; vars.len()],
            vars,
            branches,
            forever,
            inside,
            after,
            in_helper: rng.chance(30),
        }
    }

    /// A loop over one to three unsigned counters that wrap around their
    /// types (see the module comment), each read modulo one power of two.
    pub(super) fn random_wrapping(rng: &mut Rng) -> EndlessLoop {
        Self::drawn_small(rng, Self::draw_wrapping)
    }

    fn draw_wrapping(rng: &mut Rng) -> EndlessLoop {
        let n = 1 + rng.below(3) as usize;
        let m = 1i64 << (1 + rng.below(4));
        let types: [(&'static str, u32); 4] = [
            ("unsigned char", 8),
            ("unsigned short", 16),
            ("unsigned", 32),
            ("unsigned long", 64),
        ];
        let mut vars = Vec::new();
        let mut wrap_starts = Vec::new();
        for _ in 0..n {
            let (ty, bits) = *rng.pick(&types);
            let max = (1u128 << bits) - 1;
            // Near the top half the time: the loop wraps within a few steps.
            let start = if rng.chance(50) {
                rng.below(3 * m as u64) as u128
            } else {
                max - rng.below(3 * m as u64) as u128
            };
            vars.push((m, (start % m as u128) as i64, ty));
            wrap_starts.push(Some(start));
        }
        let update = |rng: &mut Rng| {
            let a = 1 + rng.below(3 * m as u64) as i64;
            Update::Wrap(rng.below(n as u64) as usize, if rng.chance(25) { -a } else { a })
        };
        let branch_count = if rng.chance(50) { 2 } else { 1 };
        let branches = (0..branch_count)
            .map(|_| (0..1 + rng.below(2)).map(|_| update(rng)).collect())
            .collect();
        // Mostly the assertion after a loop that may stop at any time.
        let forever = rng.chance(25);
        let mut l = EndlessLoop {
            vars,
            wrap_starts,
            branches,
            forever,
            inside: None,
            after: None,
            in_helper: rng.chance(30),
        };
        // Half the assertions exclude a value no state has: safe, often
        // for a reason of parity (steps and starts all even).
        let states: Vec<Vec<i64>> = l.reachable().into_keys().collect();
        let prop = |rng: &mut Rng| {
            let v = rng.below(n as u64) as usize;
            let w = (v + 1) % n;
            let diff = n > 1 && rng.chance(40);
            let value = |s: &Vec<i64>| if diff { (s[v] - s[w]).rem_euclid(m) } else { s[v] };
            let unseen: Vec<i64> = (0..m).filter(|c| !states.iter().any(|s| value(s) == *c)).collect();
            let c = if !unseen.is_empty() && rng.chance(50) {
                *rng.pick(&unseen)
            } else {
                rng.below(m as u64) as i64
            };
            if diff {
                Prop::LowDiff(v, w, c)
            } else {
                Prop::Low(v, c, rng.chance(50))
            }
        };
        // An assertion in the body reads the counter at every iteration:
        // then the accelerator keeps its bound at the wrap.
        l.inside = (forever || rng.chance(30)).then(|| prop(rng));
        l.after = (!forever).then(|| prop(rng));
        l
    }

    /// Whether the program's counters wrap around their types.
    /// One branch changes nothing: the other's updates, or an empty
    /// `else` beside a body with no branch. Its states are a subset of
    /// the loop's before (each iteration may now also stay put), so it
    /// stays small.
    pub(super) fn make_idle(&mut self, rng: &mut Rng) {
        match self.branches.len() {
            1 => self.branches.push(Vec::new()),
            n => {
                let b = rng.below(n as u64) as usize;
                self.branches[b].clear();
            }
        }
    }

    pub(super) fn wraps(&self) -> bool {
        self.wrap_starts.iter().any(Option::is_some)
    }

    fn apply(&self, u: Update, s: &mut [i64]) {
        let m = |v: usize| self.vars[v].0;
        match u {
            Update::Step(v, a) => {
                s[v] += a;
                if s[v] >= m(v) {
                    s[v] -= m(v);
                }
            }
            Update::Mod(v, a) => s[v] = (s[v] + a) % m(v),
            Update::Saturate(v) => {
                if s[v] < m(v) - 1 {
                    s[v] += 1;
                }
            }
            Update::Down(v) => {
                if s[v] > 0 {
                    s[v] -= 1;
                }
            }
            Update::Reset(v) => s[v] = 0,
            Update::Transfer(v, w) => {
                if s[v] > 0 && s[w] < m(w) - 1 {
                    s[v] -= 1;
                    s[w] += 1;
                }
            }
            Update::Pair(v, w, a, b) => {
                if s[v] + a < m(v) && s[w] + b < m(w) {
                    s[v] += a;
                    s[w] += b;
                }
            }
            Update::Wrap(v, a) => s[v] = (s[v] + a).rem_euclid(m(v)),
        }
    }

    /// The states reachable at the loop's head, each with the fewest
    /// iterations that reach it.
    fn reachable(&self) -> HashMap<Vec<i64>, u32> {
        let start: Vec<i64> = self.vars.iter().map(|v| v.1).collect();
        let mut depth = HashMap::from([(start.clone(), 0u32)]);
        let mut queue = VecDeque::from([start]);
        while let Some(s) = queue.pop_front() {
            let d = depth[&s];
            for b in &self.branches {
                let mut next = s.clone();
                for u in b {
                    self.apply(*u, &mut next);
                }
                if !depth.contains_key(&next) {
                    depth.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
            if depth.len() > MOST_STATES {
                break;
            }
        }
        depth
    }

    /// A bound that covers every assertion: the iterations that reach the
    /// farthest reachable state, one more to run the body from it, and the
    /// evaluation of the condition after it.
    pub(super) fn bound(&self) -> u32 {
        self.reachable().values().max().copied().unwrap_or(0) + 2
    }

    fn var(v: usize) -> String {
        format!("x{v}")
    }

    fn render_update(&self, u: Update, indent: &str, out: &mut String) {
        let m = |v: usize| self.vars[v].0;
        let x = Self::var;
        let _ = match u {
            Update::Step(v, a) => writeln!(
                out,
                "{indent}{} = {} + {a};\n{indent}if ({} >= {})\n{indent}    {} = {} - {};",
                x(v),
                x(v),
                x(v),
                m(v),
                x(v),
                x(v),
                m(v)
            ),
            Update::Mod(v, a) => writeln!(out, "{indent}{} = ({} + {a}) % {};", x(v), x(v), m(v)),
            Update::Saturate(v) => writeln!(
                out,
                "{indent}if ({} < {})\n{indent}    {} = {} + 1;",
                x(v),
                m(v) - 1,
                x(v),
                x(v)
            ),
            Update::Down(v) => writeln!(out, "{indent}if ({} > 0)\n{indent}    {} = {} - 1;", x(v), x(v), x(v)),
            Update::Reset(v) => writeln!(out, "{indent}{} = 0;", x(v)),
            Update::Transfer(v, w) => writeln!(
                out,
                "{indent}if ({} > 0 && {} < {}) {{\n{indent}    {} = {} - 1;\n{indent}    {} = {} + 1;\n{indent}}}",
                x(v),
                x(w),
                m(w) - 1,
                x(v),
                x(v),
                x(w),
                x(w)
            ),
            Update::Pair(v, w, a, b) => writeln!(
                out,
                "{indent}if ({} + {a} < {} && {} + {b} < {}) {{\n{indent}    {} = {} + {a};\n{indent}    {} = {} + {b};\n{indent}}}",
                x(v),
                m(v),
                x(w),
                m(w),
                x(v),
                x(v),
                x(w),
                x(w)
            ),
            Update::Wrap(v, a) if a < 0 => writeln!(out, "{indent}{} = {} - {};", x(v), x(v), -a),
            Update::Wrap(v, a) => writeln!(out, "{indent}{} = {} + {a};", x(v), x(v)),
        };
    }

    fn render_prop(&self, p: Prop) -> String {
        let x = Self::var;
        match p {
            // An unsigned counter is never negative: only the upper end.
            Prop::InRange(v) if self.vars[v].2.starts_with("unsigned") => format!("{} < {}", x(v), self.vars[v].0),
            Prop::InRange(v) => format!("{} >= 0 && {} < {}", x(v), x(v), self.vars[v].0),
            Prop::Ne(v, c) => format!("{} != {c}", x(v)),
            Prop::Le(v, c) => format!("{} <= {c}", x(v)),
            Prop::Sum(v, w, c, true) => format!("{} + {} == {c}", x(v), x(w)),
            Prop::Sum(v, w, c, false) => format!("{} + {} <= {c}", x(v), x(w)),
            // In `long long`, where every value of the counters' types and
            // the products are exact.
            Prop::Scaled(v, w, a, b, c, eq) => {
                format!(
                    "{b}LL * {} - {a}LL * {} {} {c}",
                    x(v),
                    x(w),
                    if eq { "==" } else { "<=" }
                )
            }
            Prop::Low(v, c, true) => format!("({} & {}) != {c}", x(v), self.vars[v].0 - 1),
            Prop::Low(v, c, false) => format!("{} % {} != {c}", x(v), self.vars[v].0),
            Prop::LowDiff(v, w, c) => format!("(({} - {}) & {}) != {c}", x(v), x(w), self.vars[v].0 - 1),
        }
    }

    pub(super) fn render(&self) -> String {
        let mut out = String::from(PRELUDE);
        out.push_str("int nondet_int(void);\n");
        out.push_str(if self.in_helper {
            "void endless(void)\n{\n"
        } else {
            "int main(void)\n{\n"
        });
        for (i, (_, start, ty)) in self.vars.iter().enumerate() {
            let start = match (self.wrap_starts[i], *ty) {
                (Some(s), "unsigned") => format!("{s}U"),
                (Some(s), "unsigned long") => format!("{s}UL"),
                (Some(s), _) => s.to_string(),
                (None, _) => start.to_string(),
            };
            let _ = writeln!(out, "    {ty} {} = {start};", Self::var(i));
        }
        let _ = writeln!(
            out,
            "    while ({}) {{",
            if self.forever { "1" } else { "nondet_int()" }
        );
        match self.branches.as_slice() {
            [only] => only.iter().for_each(|u| self.render_update(*u, "        ", &mut out)),
            branches => {
                for (i, b) in branches.iter().enumerate() {
                    out.push_str(if i == 0 {
                        "        if (nondet_int()) {\n"
                    } else {
                        "        } else {\n"
                    });
                    b.iter().for_each(|u| self.render_update(*u, "            ", &mut out));
                }
                out.push_str("        }\n");
            }
        }
        if let Some(p) = self.inside {
            let _ = writeln!(out, "        assert({});", self.render_prop(p));
        }
        out.push_str("    }\n");
        if let Some(p) = self.after {
            let _ = writeln!(out, "    assert({});", self.render_prop(p));
        }
        if self.in_helper {
            out.push_str("}\n\nint main(void)\n{\n    endless();\n");
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}

impl EndlessLoop {
    #[cfg(test)]
    fn holds(&self, p: Prop, s: &[i64]) -> bool {
        match p {
            Prop::InRange(v) => (0..self.vars[v].0).contains(&s[v]),
            Prop::Ne(v, c) => s[v] != c,
            Prop::Le(v, c) => s[v] <= c,
            Prop::Sum(v, w, c, true) => s[v] + s[w] == c,
            Prop::Sum(v, w, c, false) => s[v] + s[w] <= c,
            Prop::Scaled(v, w, a, b, c, true) => b * s[v] - a * s[w] == c,
            Prop::Scaled(v, w, a, b, c, false) => b * s[v] - a * s[w] <= c,
            Prop::Low(v, c, _) => s[v] != c,
            Prop::LowDiff(v, w, c) => (s[v] - s[w]).rem_euclid(self.vars[v].0) != c,
        }
    }

    /// Whether an assertion can fail, by exploring the states (with C
    /// semantics: every value stays small and non-negative).
    #[cfg(test)]
    fn fails(&self) -> bool {
        self.reachable().keys().any(|s| {
            let after = self.after.is_some_and(|p| !self.holds(p, s));
            let inside = self.branches.iter().any(|b| {
                let mut next = s.clone();
                for u in b {
                    self.apply(*u, &mut next);
                }
                self.inside.is_some_and(|p| !self.holds(p, &next))
            });
            after || inside
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckOptions, Verdict, check_source};

    #[test]
    fn the_checker_at_the_covering_bound_finds_what_exploring_the_states_finds() {
        checker_agrees_with_exploring(EndlessLoop::random);
    }

    #[test]
    fn wrapping_counters_read_modulo_a_power_of_two_are_covered_by_the_same_bound() {
        // Their values modulo `m` are the states explored, whatever the
        // type's width: the checker at the bound must find exactly what the
        // exploration finds, wrap-arounds included.
        checker_agrees_with_exploring(EndlessLoop::random_wrapping);
    }

    fn checker_agrees_with_exploring(draw: fn(&mut Rng) -> EndlessLoop) {
        let (mut safe, mut failing) = (0, 0);
        for seed in 0..40 {
            let l = draw(&mut Rng::new(seed));
            let opts = CheckOptions {
                unwind: l.bound(),
                unwinding_assertions: false,
                signed_overflow: true,
                ..CheckOptions::default()
            };
            let report = check_source(&l.render(), &opts).expect("checkable");
            let expected = if l.fails() { Verdict::Unsafe } else { Verdict::Safe };
            assert_eq!(report.verdict, expected, "seed {seed}:\n{}", l.render());
            safe += usize::from(expected == Verdict::Safe);
            failing += usize::from(expected == Verdict::Unsafe);
        }
        assert!(safe >= 10 && failing >= 10, "{safe} safe, {failing} failing");
    }
}
