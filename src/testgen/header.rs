//! Header loops: a counter updated outside the body.
//!
//! In: a random stream. Out: a `HeaderLoop` (a `for` step or a side
//! effect of a `do`-`while` condition, a counter of any integer type
//! starting a few steps from its type's limits), its run simulated with C
//! semantics (whether it ends, wraps or would overflow), the `--unwind`
//! bound that covers it, and its C text.

use super::cint::{COUNTER_TYPES, Cmp, PRELUDE, compare, counter_update, literal, literal_type, stepped};
use super::rng::Rng;
use crate::ir::IntType;
use std::fmt::Write as _;

/// How a header loop updates its counter and tests its condition.
#[derive(Clone, Copy, Debug)]
enum HeaderForm {
    /// `for (c = S; c OP L; c += STEP) BODY`
    For,
    /// `c = S; do BODY while ((c += STEP) OP L);` (or `++c`, `--c`)
    DoWhilePre,
    /// `c = S; do BODY while (c++ OP L);` (step 1 or -1 only)
    DoWhilePost,
    /// `c = S; while ((c += STEP) OP L) BODY` (or `++c`, `--c`): the
    /// condition changes state before every body (paths take it after).
    WhilePre,
    /// `c = S; while (c++ OP L) BODY` (step 1 or -1 only)
    WhilePost,
    /// `for (c = S; (c += STEP) OP L;) BODY` (or `++c`, `--c`)
    ForCondPre,
}

impl HeaderForm {
    /// The condition is evaluated before the body, its update included.
    fn tests_first(self) -> bool {
        matches!(
            self,
            HeaderForm::WhilePre | HeaderForm::WhilePost | HeaderForm::ForCondPre
        )
    }

    /// The condition tests the counter before its update (`c++`).
    fn post(self) -> bool {
        matches!(self, HeaderForm::DoWhilePost | HeaderForm::WhilePost)
    }
}

/// How a header loop is written with `goto` instead of a loop statement
/// (`lower` makes a `while` loop of it again).
#[derive(Clone, Copy, Debug)]
enum GotoStyle {
    /// `top: if (COND) { BODY goto top; }`
    IfBlock,
    /// `top: if (!(COND)) goto out; BODY goto top; out:;`
    Exit,
}

/// A loop whose counter is updated outside the body: in the `for` header
/// or in a side effect of the condition (`do`-`while`, `while`, `for`). Starting values lie a
/// few steps from the type's limits, so the update wraps around within a
/// few iterations, and guards may be skipped over or stay true forever.
pub(super) struct HeaderLoop {
    ty: IntType,
    spelling: &'static str,
    start: i128,
    step: i128,
    cmp: Cmp,
    limit: i128,
    form: HeaderForm,
    /// `assert(k != K)` in the body.
    body_assert: Option<i128>,
    /// Assertion on `k` or `c` after the loop.
    final_assert: Option<(bool, Cmp, i128)>,
    /// `if (k == K) continue;` (the iteration skips the assertion in the
    /// body, and the step still runs) or `if (k == K) break;` (`true`)
    /// after `k++`, in `for` loops only.
    skip: Option<(i128, bool)>,
    /// Written with a backward `goto` (a `break` as `goto out`).
    goto: Option<GotoStyle>,
}

/// How a header loop runs (body executions and the final counter).
pub(super) enum Run {
    Ends(u32, i128),
    /// Longer than `HEADER_CAP` iterations, possibly forever (never for a
    /// signed counter of `int` or wider: that one overflows in the end).
    Long,
    /// Signed arithmetic would overflow, within the simulation or later
    /// (undefined; never generated).
    Overflows,
}

/// The most iterations a header loop is simulated (and checked) for.
const HEADER_CAP: u32 = 24;

/// Whether a counter of type `ty` stepping out of its type is a signed
/// overflow (`int` or wider); narrower types are promoted, and the step's
/// conversion back wraps without one.
fn overflow_is_undefined(ty: IntType) -> bool {
    ty.signed && ty.bits() >= 32
}

impl HeaderLoop {
    pub(super) fn random(rng: &mut Rng) -> HeaderLoop {
        let &(ty, spelling) = rng.pick(&COUNTER_TYPES);
        let form = *rng.pick(&[
            HeaderForm::For,
            HeaderForm::For,
            HeaderForm::DoWhilePre,
            HeaderForm::DoWhilePost,
            HeaderForm::WhilePre,
            HeaderForm::WhilePost,
            HeaderForm::ForCondPre,
        ]);
        let up = rng.chance(60);
        let magnitude = match form {
            HeaderForm::DoWhilePost | HeaderForm::WhilePost => 1,
            _ => *rng.pick(&[1, 1, 2, 3, 7, 100]),
        };
        let step = if up { magnitude } else { -magnitude };
        // Start a few steps before the limit the step runs into (signed
        // types of at least 32 bits would overflow there, which is
        // undefined: they start a few steps past it instead, at a bound
        // the loop moves away from).
        let near = rng.below(6) as i128 * magnitude + rng.below(2) as i128;
        let start = match (up, overflow_is_undefined(ty)) {
            (true, false) => ty.max() - near,
            (false, false) => ty.min() + near,
            (true, true) => ty.min() + near,
            (false, true) => ty.max() - near,
        };
        // A limit a few steps on (past the wrap), not always on the grid
        // of the step, or a type bound that keeps `<=`/`>=` true forever.
        let steps = 2 + rng.below(10) as i128;
        let off = if rng.chance(70) { 0 } else { 1 };
        let cmp = *rng.pick(&[Cmp::Ne, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge]);
        let limit = match cmp {
            Cmp::Le if rng.chance(30) => ty.max(),
            Cmp::Ge if rng.chance(30) => ty.min(),
            _ => ty.wrap(start + step * steps + off),
        };
        let body_assert = rng
            .chance(35)
            .then(|| 1 + rng.below(u64::from(HEADER_CAP) + 10) as i128);
        HeaderLoop {
            ty,
            spelling,
            start,
            step,
            cmp,
            limit,
            form,
            body_assert,
            final_assert: None,
            skip: None,
            goto: None,
        }
    }

    /// Sometimes a `continue` or a `break` in a `for` loop's body, from a
    /// stream of its own (the programs without one stay as before).
    pub(super) fn choose_skip(&mut self, rng: &mut Rng) {
        if matches!(self.form, HeaderForm::For) && rng.chance(40) {
            self.skip = Some((1 + rng.below(u64::from(HEADER_CAP)) as i128, rng.chance(50)));
        }
    }

    /// Sometimes written with a backward `goto`, from a stream of its own;
    /// never with a `continue`, which has no loop to continue there.
    pub(super) fn choose_goto(&mut self, rng: &mut Rng) -> bool {
        if rng.chance(25) && !matches!(self.skip, Some((_, false))) {
            self.goto = Some(*rng.pick(&[GotoStyle::IfBlock, GotoStyle::Exit]));
        }
        self.goto.is_some()
    }

    fn guard(&self, c: i128) -> bool {
        compare((c, self.ty), (self.limit, literal_type(self.limit)), self.cmp)
    }

    fn next(&self, c: i128) -> i128 {
        stepped(c, self.ty, self.step)
    }

    /// How the loop runs from its start value, with C semantics.
    pub(super) fn simulate(&self) -> Run {
        let mut c = self.start;
        let no_ub = overflow_is_undefined(self.ty);
        for trips in 1..=HEADER_CAP {
            if no_ub && !self.ty.contains(c + self.step) {
                return Run::Overflows;
            }
            let go_on = match self.form {
                HeaderForm::For => {
                    if trips == 1 && !self.guard(c) {
                        return Run::Ends(0, c);
                    }
                    // `k` is `trips` in this iteration's body.
                    if self.skip == Some((i128::from(trips), true)) {
                        return Run::Ends(trips, c);
                    }
                    c = self.next(c);
                    self.guard(c)
                }
                HeaderForm::DoWhilePre => {
                    c = self.next(c);
                    self.guard(c)
                }
                HeaderForm::DoWhilePost => {
                    let old = c;
                    c = self.next(c);
                    self.guard(old)
                }
                HeaderForm::WhilePre | HeaderForm::WhilePost | HeaderForm::ForCondPre => {
                    // The condition, then (if it holds) body number `trips`.
                    let old = c;
                    c = self.next(c);
                    if !self.guard(if self.form.post() { old } else { c }) {
                        return Run::Ends(trips - 1, c);
                    }
                    true
                }
            };
            if !go_on {
                return Run::Ends(trips, c);
            }
        }
        // A signed counter that moves by a constant step and keeps going
        // leaves its type in the end: the overflow is only deeper than the
        // simulation (campaign seed 8404494: `int` from -2147483643 up
        // while `c >= INT_MIN`; the accelerated output reached the `c++` at
        // INT_MAX, which the input reaches after 2^32 - 5 iterations, far
        // beyond its bound).
        if no_ub { Run::Overflows } else { Run::Long }
    }

    /// Whether the counter is unsigned and wraps around within the
    /// iterations the loop runs (at most `HEADER_CAP` of them).
    pub(super) fn wraps(&self) -> bool {
        if self.ty.signed {
            return false;
        }
        // A condition tested first updates once more than the body runs.
        let trips = match self.simulate() {
            Run::Ends(trips, _) if self.form.tests_first() => trips + 1,
            Run::Ends(trips, _) => trips,
            Run::Long | Run::Overflows => HEADER_CAP,
        };
        let mut c = self.start;
        (0..trips).any(|_| {
            let unwrapped = c + self.step;
            c = self.next(c);
            !self.ty.contains(unwrapped)
        })
    }

    pub(super) fn choose_final_assert(&mut self, rng: &mut Rng) {
        if let Run::Ends(trips, c) = self.simulate() {
            self.final_assert = Some(match rng.below(4) {
                0 | 1 => (true, Cmp::Ne, i128::from(trips)),
                2 => (true, Cmp::Eq, i128::from(trips)),
                _ => (false, *rng.pick(&[Cmp::Ne, Cmp::Eq]), c),
            });
        }
    }

    /// A `--unwind` bound that covers the loop when it ends within the cap,
    /// else one that reaches the assertion in the body.
    pub(super) fn bound(&self) -> u32 {
        match self.simulate() {
            Run::Ends(trips, _) => trips + 1,
            Run::Long | Run::Overflows => HEADER_CAP + 1,
        }
    }

    pub(super) fn render(&self) -> String {
        let mut out = format!("{PRELUDE}\nint main(void) {{\n");
        let _ = writeln!(out, "    {} c;", self.spelling);
        out.push_str("    unsigned int k = 0;\n");
        let update = counter_update(self.step);
        let pre = match self.step {
            1 => "++c".to_string(),
            -1 => "--c".to_string(),
            _ => format!("({update})"),
        };
        let cond = |lhs: &str| format!("{lhs} {} {}", self.cmp.text(), literal(self.limit));
        let mut body = String::from("        k++;\n");
        if let Some((k, stop)) = self.skip {
            let jump = if stop { "break" } else { "continue" };
            let _ = writeln!(body, "        if (k == {k}) {jump};");
        }
        if let Some(b) = self.body_assert {
            let _ = writeln!(body, "        assert(k != {b});");
        }
        // The condition as the loop tests it, its counter update included.
        let test = match self.form {
            HeaderForm::For => cond("c"),
            _ if self.form.post() => cond(&update),
            _ => cond(&pre),
        };
        let start = literal(self.start);
        let _ = match (self.goto, self.form) {
            (Some(style), _) => {
                self.render_goto(&mut out, style, &body.replace("break;", "goto out;"), &test, &update);
                Ok(())
            }
            (None, HeaderForm::For) => write!(out, "    for (c = {start}; {test}; {update}) {{\n{body}    }}\n"),
            (None, HeaderForm::ForCondPre) => write!(out, "    for (c = {start}; {test};) {{\n{body}    }}\n"),
            (None, HeaderForm::WhilePre | HeaderForm::WhilePost) => {
                write!(out, "    c = {start};\n    while ({test}) {{\n{body}    }}\n")
            }
            (None, HeaderForm::DoWhilePre | HeaderForm::DoWhilePost) => {
                write!(out, "    c = {start};\n    do {{\n{body}    }} while ({test});\n")
            }
        };
        if let Some((on_k, cmp, v)) = self.final_assert {
            let lhs = if on_k { "k" } else { "c" };
            let _ = writeln!(out, "    assert({lhs} {} {});", cmp.text(), literal(v));
        }
        out.push_str("    return 0;\n}\n");
        out
    }

    /// The loop as a label and a backward `goto`: the test before the body
    /// where the loop tests first (`for`, `while`), after it in a `do`
    /// loop; a `for` loop's `step` after the body.
    fn render_goto(&self, out: &mut String, style: GotoStyle, body: &str, test: &str, step: &str) {
        let _ = writeln!(out, "    c = {};\ntop:", literal(self.start));
        let step = match self.form {
            HeaderForm::For => format!("        {step};\n"),
            _ => String::new(),
        };
        let _ = match (self.form, style) {
            (HeaderForm::DoWhilePre | HeaderForm::DoWhilePost, _) => {
                write!(out, "    {{\n{body}    }}\n    if ({test}) goto top;\n")
            }
            (_, GotoStyle::IfBlock) => write!(out, "    if ({test}) {{\n{body}{step}        goto top;\n    }}\n"),
            (_, GotoStyle::Exit) => write!(out, "    if (!({test})) goto out;\n{body}{step}    goto top;\n"),
        };
        if matches!(style, GotoStyle::Exit) || self.skip.is_some() {
            out.push_str("out:;\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgen::{Class, loop_program};

    #[test]
    fn header_loops_cover_every_form_type_and_guard() {
        let sources: Vec<String> = (0..600).map(|seed| loop_program(seed).source).collect();
        let has = |needle: &str| sources.iter().any(|s| s.contains(needle));
        for form in [
            "for (c = ",
            "} while (++c",
            "} while (--c",
            "} while ((c += ",
            "} while (c++",
            "} while (c--",
            "    while (++c",
            "    while (--c",
            "    while ((c += ",
            "    while (c++",
            "    while (c--",
            "; (c += ",
        ] {
            assert!(has(form), "no `{form}`");
        }
        for (_, spelling) in COUNTER_TYPES {
            assert!(has(&format!("    {spelling} c;\n")), "no counter of type {spelling}");
        }
        for guard in [" != ", " <= ", " < "] {
            assert!(
                sources
                    .iter()
                    .any(|s| s.lines().any(|l| l.contains("(c") && l.contains(guard)))
            );
        }
        assert!(has("        assert(k != "), "no assertion in a loop body");
        assert!(has("    assert(k != "), "no assertion on the trip count after a loop");
        // Some header loops wrap around, some never end within the cap.
        let mut wraps = 0;
        let mut long = 0;
        for seed in 0..600 {
            let mut rng = Rng::new(seed);
            if !rng.chance(50) {
                continue;
            }
            let h = HeaderLoop::random(&mut rng);
            match h.simulate() {
                Run::Ends(t, _)
                    if (1..=HEADER_CAP as i128).any(|i| {
                        let exact = h.start + h.step * i;
                        i <= i128::from(t) && !h.ty.contains(exact)
                    }) =>
                {
                    wraps += 1
                }
                Run::Long => long += 1,
                _ => {}
            }
        }
        assert!(wraps >= 20 && long >= 10, "wraps {wraps}, long {long}");
    }

    #[test]
    fn goto_loops_are_generated_in_every_form_and_accelerated() {
        // Test first and test last, an `if` block and a goto out, a `break`
        // as a goto out; tracc reads them as loops and accelerates them.
        let options = crate::pipeline::Options::accelerating_every_loop();
        let mut shapes = std::collections::BTreeSet::new();
        let mut accelerated = 0;
        for (seed, g) in (0..5000)
            .map(|seed| (seed, loop_program(seed)))
            .filter(|(_, g)| g.classes.contains(&Class::Goto))
            .take(60)
        {
            assert!(
                g.source.contains("top:\n") && g.source.contains("goto top;"),
                "seed {seed}"
            );
            for (needle, shape) in [
                ("    if (!(", "exit"),
                (") {\n", "if-block"),
                (") goto top;", "test-last"),
                ("goto out;\n        ", "break"),
            ] {
                if g.source.contains(needle) {
                    shapes.insert(shape);
                }
            }
            let out = crate::pipeline::accelerate_source(&g.source, &options).expect("transforms");
            let goto_kind = |l: &crate::instrument::LoopReport| l.kind == crate::loops::LoopKind::Goto;
            accelerated += usize::from(out.loops.iter().any(|l| goto_kind(l) && l.accelerated));
        }
        assert_eq!(shapes.len(), 4, "{shapes:?}");
        assert!(accelerated >= 30, "only {accelerated} of 60 goto loops accelerated");
    }
}
