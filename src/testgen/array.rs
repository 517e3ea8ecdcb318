//! Array loops for the soundness campaign: a counter that moves by a
//! constant step indexes arrays of constant length, in the loop condition
//! (a search: `i < L && b[i] != KEY`), in a branch of the body, in an
//! assertion of the body and in a write `t[i] = VALUE` (a constant, a
//! linear function of `i`, a copy of `b[i]` with or without an offset, a
//! nondeterministic value; `t` is another array or `b` itself). Counters
//! and elements of many integer types; the loop bound may be
//! nondeterministic. These are the shapes whose accelerators quantify over
//! the iterations and get their constant range from the moving index.
//!
//! Some write into a row of a matrix instead (`a[r][i] = VALUE`): a row
//! fixed before the loop (a constant, or nondeterministic), or every row in
//! turn, the loop nested in `for (r = 0; r < R; r++)`. A constant row may
//! lie one past the matrix's end, a bug the bounds check reports at the
//! first write (the accelerators assume the row in bounds).
//!
//! Every drawn program is simulated with C semantics; one whose index
//! leaves the arrays, or whose signed arithmetic overflows, is drawn again,
//! so the programs have no undefined behaviour and every loop ends within
//! `L` iterations. Some are then made to run past the end of their arrays
//! on purpose (`run_past_the_end`): a bug CBMC's bounds check reports,
//! which an output must keep (the accelerators cover only iterations
//! inside the arrays).

use super::cint::{Cmp, PRELUDE, compare, literal, literal_type, nondet_name};
use super::rng::Rng;
use crate::ir::IntType;
use std::fmt::Write as _;

/// Counter types, with a C spelling.
pub(super) const INDEX_TYPES: [(IntType, &str); 6] = [
    (IntType::INT, "int"),
    (IntType::UINT, "unsigned"),
    (IntType::UCHAR, "unsigned char"),
    (IntType::SHORT, "short"),
    (IntType::LONG, "long"),
    (IntType::ULONG, "unsigned long"),
];

/// Element types, with a C spelling.
pub(super) const ELEMENT_TYPES: [(IntType, &str); 5] = [
    (IntType::INT, "int"),
    (IntType::UCHAR, "unsigned char"),
    (IntType::SHORT, "short"),
    (IntType::UINT, "unsigned"),
    (IntType::LONG, "long"),
];

/// What the body writes at the moving index.
#[derive(Clone, Copy, Debug)]
enum Value {
    Const(i128),
    /// `c * i + d`
    Linear(i128, i128),
    /// `b[i] + d` (`b[i]` when `d == 0`)
    Source(i128),
    Nondet,
    /// `c * a[r][i] + d`: a map over the written row, which reads the
    /// element before it writes it (made by `write_into_rows` only).
    RowMap(i128, i128),
    /// `c * i + (int)r + d`: a value that depends on the row, written by
    /// the loop nested in the loop over the rows (made by
    /// `write_into_rows` only).
    RowLinear(i128, i128),
}

pub(super) struct ArrayLoop {
    len: i128,
    index: (IntType, &'static str),
    elem: (IntType, &'static str),
    /// Initial contents of `b` (`a` starts all zero).
    source: Vec<i128>,
    /// A loop before this one that fills part of `b`.
    prefill: Option<Prefill>,
    start: i128,
    step: i128,
    cmp: Cmp,
    /// A constant limit, or a nondeterministic `n <= max`.
    limit: Limit,
    /// `&& b[i] CMP KEY` in the loop condition.
    search: Option<(Cmp, i128)>,
    /// `if (b[i] CMP K) x++; else x += 2;` (else a plain `x++;`).
    branch: Option<(Cmp, i128)>,
    /// `assert(b[i] CMP K);` in the body.
    body_assert: Option<(Cmp, i128)>,
    /// `t[i] = VALUE;` with `t` = `b` when the flag is set, else `a`.
    write: Option<(bool, Value)>,
    /// The counter moves before the body's accesses (`i--; a[i] = ...`).
    step_first: bool,
    /// `for (T i = S; COND; STEP) BODY`: the counter is declared in the
    /// loop (so no assertion on it after the loop).
    as_for: bool,
    /// The limit lies past the arrays' end: the simulation reads 0 there
    /// and drops writes (the checkers decide what really happens).
    past_end: bool,
    /// `a` is a matrix written in one row (`write` targets `a`).
    rows: Option<Rows>,
    final_assert: Option<Final>,
}

/// `for (int j = lo; j < hi; j++) b[j] = c * j + d;` before the loop, then
/// perhaps `b[k] = v;`: the loop's reads of `b` inside `lo..hi` are the
/// fill's values (`loops::read_through_fills`), unless the element was
/// written again after it.
#[derive(Clone, Copy, Debug)]
struct Prefill {
    lo: i128,
    hi: i128,
    c: i128,
    d: i128,
    poke: Option<(i128, i128)>,
}

/// The write `a[r][i] = VALUE` (or `a[r + 1][i]`) into a matrix
/// `a[count][L]`.
#[derive(Clone, Copy, Debug)]
struct Rows {
    count: i128,
    row: Row,
    /// `r` is an `int` (else an `unsigned int`).
    signed: bool,
    /// The row written is `r + offset` (0 or 1; 0 for `Outer`).
    offset: i128,
}

impl Rows {
    /// The type of `r`, with a C spelling.
    fn index_type(self) -> (IntType, &'static str) {
        if self.signed {
            (IntType::INT, "int")
        } else {
            (IntType::UINT, "unsigned int")
        }
    }

    /// How the write names the row: `a[r]` or `a[r + 1]`.
    fn place(self) -> &'static str {
        if self.offset == 1 { "a[r + 1]" } else { "a[r]" }
    }
}

#[derive(Clone, Copy, Debug)]
enum Row {
    /// The row written is `c` (outside `0..count`: past the matrix's end).
    Const(i128),
    /// `r = nondet_...();`, the row written assumed in the matrix.
    Nondet,
    /// The loop runs once per row: `for (unsigned int r = 0; r < count; r++)`.
    Outer,
}

#[derive(Clone, Copy, Debug)]
enum Limit {
    Const(i128),
    Nondet(i128),
}

#[derive(Clone, Copy, Debug)]
enum Final {
    /// `assert(t[J] CMP V)`, `t` = `b` when the flag is set (of `a` as a
    /// matrix: `a[R][J]`, `R` the row read, `r` where it is `None`).
    Element(bool, i128, Cmp, i128, Option<i128>),
    X(Cmp, i128),
    I(Cmp, i128),
}

/// The state after a run, or why the program is not generated.
struct Run {
    trips: u32,
    i: i128,
    x: i128,
    a: Vec<i128>,
    b: Vec<i128>,
}

enum Undefined {
    OutOfBounds,
    SignedOverflow,
    TooLong,
}

/// The coefficients `c, d` of a value `c * i + (int)r + d`.
fn row_linear(rng: &mut Rng) -> (i128, i128) {
    (*rng.pick(&[1, -1, 2, 0]), *rng.pick(&[0, 1, 7]))
}

/// `x op y` with C's usual arithmetic conversions, or `None` when a signed
/// result leaves its type.
fn binary(x: (i128, IntType), y: (i128, IntType), op: fn(i128, i128) -> i128) -> Option<(i128, IntType)> {
    let t = IntType::common(x.1, y.1);
    let exact = op(t.wrap(x.0), t.wrap(y.0));
    if t.signed && !t.contains(exact) {
        return None;
    }
    Some((t.wrap(exact), t))
}

impl ArrayLoop {
    pub(super) fn random(rng: &mut Rng) -> ArrayLoop {
        let len = 3 + rng.below(8) as i128;
        let index = *rng.pick(&INDEX_TYPES);
        let elem = *rng.pick(&ELEMENT_TYPES);
        let et = elem.0;
        let near = |rng: &mut Rng| {
            let v = *rng.pick(&[0, 1, 2, 5, -3, et.max(), et.max() - 1, et.min(), 100]);
            if et.contains(v) { v } else { 0 }
        };
        let source = (0..len).map(|_| near(rng)).collect::<Vec<_>>();
        let step = *rng.pick(&[1, 1, 1, 2, 3, -1, -1, -2]);
        let (start, cmp, bound) = if step > 0 {
            let start = rng.below(2) as i128;
            let cmp = *rng.pick(&[Cmp::Lt, Cmp::Lt, Cmp::Le, Cmp::Ne]);
            let bound = match cmp {
                Cmp::Le => len - 1 - rng.below(2) as i128,
                Cmp::Ne => start + step * (1 + rng.below(((len - 1 - start) / step) as u64) as i128),
                _ => len - rng.below(2) as i128,
            };
            (start, cmp, bound)
        } else {
            let start = len - 1 - rng.below(2) as i128;
            let cmp = *rng.pick(&[Cmp::Gt, Cmp::Ge, Cmp::Ne]);
            let bound = match cmp {
                Cmp::Ne => start + step * (1 + rng.below((start / -step) as u64) as i128),
                _ => rng.below(2) as i128,
            };
            (start, cmp, bound)
        };
        let limit = if rng.chance(30) && step > 0 && cmp != Cmp::Ne {
            Limit::Nondet(bound)
        } else {
            Limit::Const(bound)
        };
        let elem_cmp = |rng: &mut Rng| *rng.pick(&[Cmp::Ne, Cmp::Ne, Cmp::Lt, Cmp::Ge, Cmp::Eq]);
        let search = rng
            .chance(30)
            .then(|| (elem_cmp(rng), source[rng.below(len as u64) as usize]));
        let branch = rng
            .chance(35)
            .then(|| (elem_cmp(rng), source[rng.below(len as u64) as usize]));
        let body_assert = rng
            .chance(25)
            .then(|| (elem_cmp(rng), source[rng.below(len as u64) as usize]));
        let write = rng.chance(80).then(|| {
            let value = match rng.below(5) {
                0 => Value::Const(near(rng)),
                1 => Value::Linear(*rng.pick(&[1, 2, 3, -1]), *rng.pick(&[0, 1, 7])),
                2 => Value::Source(0),
                3 => Value::Source(*rng.pick(&[1, -1, 3])),
                _ => Value::Nondet,
            };
            (rng.chance(30), value)
        });
        let step_first = step < 0 && rng.chance(50);
        ArrayLoop {
            len,
            index,
            elem,
            source,
            prefill: None,
            start,
            step,
            cmp,
            limit,
            search,
            branch,
            body_assert,
            write,
            step_first,
            as_for: !step_first && rng.chance(40),
            past_end: false,
            rows: None,
            final_assert: None,
        }
    }

    fn elem_holds(&self, v: i128, (cmp, k): (Cmp, i128)) -> bool {
        compare((v, self.elem.0), (k, literal_type(k)), cmp)
    }

    fn value(&self, value: Value, (i, r): (i128, i128), (a_i, b_i): (i128, i128), nondet: i128) -> Option<i128> {
        let it = self.index.0;
        let et = self.elem.0;
        let lit = |v: i128| (v, literal_type(v));
        let v = match value {
            Value::Const(c) => c,
            Value::Linear(c, d) => binary(binary(lit(c), (i, it), |x, y| x * y)?, lit(d), |x, y| x + y)?.0,
            Value::Source(d) => binary((b_i, et), lit(d), |x, y| x + y)?.0,
            Value::Nondet => nondet,
            Value::RowMap(c, d) => binary(binary(lit(c), (a_i, et), |x, y| x * y)?, lit(d), |x, y| x + y)?.0,
            Value::RowLinear(c, d) => {
                let ci = binary(lit(c), (i, it), |x, y| x * y)?;
                binary(binary(ci, (r, IntType::INT), |x, y| x + y)?, lit(d), |x, y| x + y)?.0
            }
        };
        Some(et.wrap(v))
    }

    /// A run with `n` as the nondeterministic limit and `nondet` as every
    /// nondeterministic element value, in the row `row` of the loop over
    /// the rows (0 where there is none).
    fn simulate(&self, n: i128, nondet: i128, row: i128) -> Result<Run, Undefined> {
        let it = self.index.0;
        let (limit, limit_ty) = match self.limit {
            Limit::Const(c) => (c, literal_type(c)),
            Limit::Nondet(_) => (n, IntType::UINT),
        };
        let mut run = Run {
            trips: 0,
            i: self.start,
            x: 0,
            a: vec![0; self.len as usize],
            b: self.contents(),
        };
        let at = |i: i128| -> Result<Option<usize>, Undefined> {
            if (0..self.len).contains(&i) {
                Ok(Some(i as usize))
            } else if self.past_end {
                Ok(None)
            } else {
                Err(Undefined::OutOfBounds)
            }
        };
        let read = |arr: &[i128], i: i128| at(i).map(|j| j.map_or(0, |j| arr[j]));
        let step = |i: i128| -> Result<i128, Undefined> {
            binary((i, it), (self.step, literal_type(self.step)), |x, y| x + y)
                .map(|(v, _)| it.wrap(v))
                .ok_or(Undefined::SignedOverflow)
        };
        loop {
            if !compare((run.i, it), (limit, limit_ty), self.cmp) {
                return Ok(run);
            }
            if let Some(s) = self.search
                && !self.elem_holds(read(&run.b, run.i)?, s)
            {
                return Ok(run);
            }
            if run.trips as i128 > self.len + if self.past_end { 3 } else { 0 } {
                return Err(Undefined::TooLong);
            }
            run.trips += 1;
            if self.step_first {
                run.i = step(run.i)?;
            }
            run.x += match self.branch {
                Some(c) if !self.elem_holds(read(&run.b, run.i)?, c) => 2,
                _ => 1,
            };
            if self.body_assert.is_some() {
                at(run.i)?;
            }
            if let Some((to_b, value)) = self.write {
                let v = self
                    .value(
                        value,
                        (run.i, row),
                        (read(&run.a, run.i)?, read(&run.b, run.i)?),
                        nondet,
                    )
                    .ok_or(Undefined::SignedOverflow)?;
                match at(run.i)? {
                    Some(j) if to_b => run.b[j] = v,
                    Some(j) => run.a[j] = v,
                    None => {}
                }
            }
            if !self.step_first {
                run.i = step(run.i)?;
            }
        }
    }

    /// The contents of `b` when the loop starts: its initialiser, then the
    /// fill before the loop.
    fn contents(&self) -> Vec<i128> {
        let mut b = self.source.clone();
        if let Some(Prefill { lo, hi, c, d, poke }) = self.prefill {
            for j in lo..hi {
                b[j as usize] = self.elem.0.wrap(c * j + d);
            }
            if let Some((k, v)) = poke {
                b[k as usize] = self.elem.0.wrap(v);
            }
        }
        b
    }

    /// Fills `b`, or part of it, with a loop before this one, written as a
    /// `for` loop where it can be (so that its reads of `b` may be the
    /// fill's values), and draws the element tests again from the filled
    /// contents; says whether it did.
    pub(super) fn fill_before(&mut self, rng: &mut Rng) -> bool {
        if matches!(self.write, Some((true, _))) && rng.chance(70) {
            return false;
        }
        let before = (self.prefill, self.as_for, self.search, self.branch, self.body_assert);
        let len = self.len;
        let lo = *rng.pick(&[0, 0, 1]);
        let hi = *rng.pick(&[len, len, len - 1]);
        let poke = rng
            .chance(20)
            .then(|| (rng.below(len as u64) as i128, *rng.pick(&[0, 5, -1])));
        self.prefill = Some(Prefill {
            lo,
            hi,
            c: *rng.pick(&[1, 2, -1, 0, 3]),
            d: *rng.pick(&[0, 1, -3, 7]),
            poke,
        });
        if !self.step_first && rng.chance(70) {
            self.as_for = true;
        }
        let contents = self.contents();
        let redraw = |t: Option<(Cmp, i128)>, rng: &mut Rng| {
            t.map(|(cmp, k)| {
                let k = if rng.chance(70) {
                    contents[rng.below(len as u64) as usize]
                } else {
                    k
                };
                (cmp, k)
            })
        };
        self.search = redraw(self.search, rng);
        self.branch = redraw(self.branch, rng);
        self.body_assert = redraw(self.body_assert, rng);
        if !self.defined() {
            (self.prefill, self.as_for, self.search, self.branch, self.body_assert) = before;
            return false;
        }
        true
    }

    /// The largest nondeterministic limit (the constant one otherwise).
    fn max_limit(&self) -> i128 {
        match self.limit {
            Limit::Const(c) | Limit::Nondet(c) => c,
        }
    }

    /// Whether the program is defined for every nondeterministic choice
    /// (the limits `0..=max`; element values only flow into elements).
    pub(super) fn defined(&self) -> bool {
        let limits = match self.limit {
            Limit::Const(c) => c..=c,
            Limit::Nondet(c) => 0..=c,
        };
        limits.into_iter().all(|n| {
            [0, self.elem.0.max(), self.elem.0.min()]
                .iter()
                .all(|v| (0..self.runs()).all(|row| self.simulate(n, *v, row).is_ok()))
        })
    }

    /// Moves the limit of an upward loop that does not search past the
    /// arrays' end (by 1 to 3 elements), so that its last iterations index
    /// out of bounds; says whether it did.
    pub(super) fn run_past_the_end(&mut self, rng: &mut Rng) -> bool {
        let accesses = self.branch.is_some() || self.body_assert.is_some() || self.write.is_some();
        if !accesses || self.step <= 0 || self.search.is_some() || !matches!(self.cmp, Cmp::Lt | Cmp::Le) {
            return false;
        }
        let end = match self.cmp {
            Cmp::Lt => self.len + 1,
            _ => self.len,
        } + rng.below(3) as i128;
        self.limit = match self.limit {
            Limit::Const(_) => Limit::Const(end),
            Limit::Nondet(_) => Limit::Nondet(end),
        };
        self.past_end = true;
        true
    }

    /// Makes `a` a matrix that the loop writes in one row, where it writes
    /// `a` (and indexes it within its rows); says whether it did.
    pub(super) fn write_into_rows(&mut self, rng: &mut Rng) -> bool {
        if !matches!(self.write, Some((false, _))) || self.past_end {
            return false;
        }
        let count = 2 + rng.below(3) as i128;
        let signed = rng.chance(40);
        let row = match rng.below(8) {
            0 if signed && rng.chance(50) => Row::Const(-1),
            0 => Row::Const(count),
            1..=3 => Row::Const(rng.below(count as u64) as i128),
            4 | 5 => Row::Nondet,
            _ => Row::Outer,
        };
        let offset = match row {
            Row::Outer => 0,
            // (an unsigned `r` one below row 0 would be UINT_MAX, not -1)
            Row::Const(-1) if !signed => 0,
            _ => i128::from(rng.chance(30)),
        };
        self.rows = Some(Rows {
            count,
            row,
            signed,
            offset,
        });
        // Half the loops nested in the rows have a body without branches
        // and a value that reads no array, as the inner loop of a matrix
        // fill, which has a summary where its step is 1 or -1 and its
        // values fit in 32 bits: the loop over the rows is then
        // accelerated too.
        let before = (self.search, self.branch, self.body_assert, self.write);
        let plain = matches!(row, Row::Outer) && rng.chance(50);
        if plain {
            (self.search, self.branch, self.body_assert) = (None, None, None);
        }
        if let Some((false, value)) = &mut self.write {
            if plain {
                // The write of a matrix fill: linear in the column, and
                // by row or not.
                let (c, d) = row_linear(rng);
                *value = if rng.chance(50) {
                    Value::RowLinear(c, d)
                } else {
                    Value::Linear(if c == 0 { 3 } else { c }, d)
                };
            } else if rng.chance(25) {
                // A map over the row, in a quarter of the others (`a` starts
                // at zero and each element is written once, so every value
                // stays small).
                *value = Value::RowMap(*rng.pick(&[1, 2, -1]), *rng.pick(&[0, 1, 7]));
            } else if matches!(row, Row::Outer) && rng.chance(40) {
                let (c, d) = row_linear(rng);
                *value = Value::RowLinear(c, d);
            }
        }
        // Without its search the loop may run out of its arrays, and a
        // value by row may overflow: such a change is undone.
        if !self.defined() {
            (self.search, self.branch, self.body_assert, self.write) = before;
        }
        true
    }

    /// Whether the loop is nested in a loop over the rows.
    pub(super) fn nested(&self) -> bool {
        self.runs() > 1
    }

    /// How many times the loop runs (once per row when nested in the rows).
    fn runs(&self) -> i128 {
        match self.rows {
            Some(Rows {
                count, row: Row::Outer, ..
            }) => count,
            _ => 1,
        }
    }

    pub(super) fn choose_final_assert(&mut self, rng: &mut Rng) {
        let n = match self.limit {
            Limit::Const(c) => c,
            Limit::Nondet(c) => rng.below(c as u64 + 1) as i128,
        };
        let Ok(run) = self.simulate(n, 0, 0) else { return };
        let cmp = *rng.pick(&[Cmp::Ne, Cmp::Ne, Cmp::Eq, Cmp::Le]);
        self.final_assert = Some(match rng.below(4) {
            0 | 1 if self.write.is_some() => {
                let to_b = self.write.is_some_and(|(b, _)| b);
                let j = rng.below(self.len as u64) as usize;
                let (row, v) = match self.rows {
                    None => (None, if to_b { run.b[j] } else { run.a[j] }),
                    // No write lands in row 0 of a row past the end.
                    Some(Rows {
                        count,
                        row: Row::Const(r),
                        ..
                    }) if !(0..count).contains(&r) => (Some(0), 0),
                    Some(Rows {
                        row: Row::Const(_) | Row::Nondet,
                        ..
                    }) => (None, run.a[j]),
                    Some(Rows {
                        count, row: Row::Outer, ..
                    }) => {
                        let r = rng.below(count as u64) as i128;
                        let Ok(in_row) = self.simulate(n, 0, r) else { return };
                        (Some(r), in_row.a[j])
                    }
                };
                Final::Element(to_b, j as i128, cmp, v, row)
            }
            2 if !self.as_for => Final::I(cmp, run.i),
            // `x` counts on over the rows (small values: no wrap).
            _ => Final::X(cmp, run.x * self.runs()),
        });
    }

    /// A `--unwind` bound that covers the loop for every choice.
    pub(super) fn bound(&self) -> u32 {
        let inner = self.simulate(self.max_limit(), 0, 0).map(|r| r.trips + 1).unwrap_or(1);
        let fill = self.prefill.map_or(0, |f| (f.hi - f.lo).max(0) as u32 + 1);
        inner.max(self.runs() as u32 + 1).max(fill)
    }

    pub(super) fn render(&self) -> String {
        let ispell = self.index.1;
        let (et, espell) = self.elem;
        let mut out = format!("{PRELUDE}void __CPROVER_assume(_Bool);\n");
        let mut nondets = Vec::new();
        if matches!(self.limit, Limit::Nondet(_)) {
            nondets.push(IntType::UINT);
        }
        if matches!(self.write, Some((_, Value::Nondet))) && !nondets.contains(&et) {
            nondets.push(et);
        }
        if let Some(rows @ Rows { row: Row::Nondet, .. }) = self.rows
            && !nondets.contains(&rows.index_type().0)
        {
            nondets.push(rows.index_type().0);
        }
        for t in nondets {
            let _ = writeln!(out, "{} {}(void);", t.c_name(), nondet_name(t));
        }
        let rows = self.rows.map_or(String::new(), |r| format!("[{}]", r.count));
        let _ = writeln!(out, "\n{espell} a{rows}[{}];", self.len);
        let init: Vec<String> = self.source.iter().map(|v| literal(*v)).collect();
        let _ = writeln!(out, "{espell} b[{}] = {{{}}};", self.len, init.join(", "));
        out.push_str("\nint main(void) {\n");
        if !self.as_for {
            let _ = writeln!(out, "    {ispell} i = {};", literal(self.start));
        }
        out.push_str("    unsigned int x = 0;\n");
        if let Some(Prefill { lo, hi, c, d, poke }) = self.prefill {
            let _ = writeln!(
                out,
                "    for (int j = {lo}; j < {hi}; j++) {{\n        b[j] = {} * j + {};\n    }}",
                literal(c),
                literal(d)
            );
            if let Some((k, v)) = poke {
                let _ = writeln!(out, "    b[{k}] = {};", literal(v));
            }
        }
        if let Some(
            rows @ Rows {
                count,
                row,
                signed,
                offset,
            },
        ) = self.rows
        {
            let (rt, t) = rows.index_type();
            match row {
                Row::Const(r) => {
                    let _ = writeln!(out, "    {t} r = {};", literal(r - offset));
                }
                Row::Nondet => {
                    let _ = writeln!(out, "    {t} r = {}();", nondet_name(rt));
                    let below = count - offset;
                    if signed {
                        let _ = writeln!(out, "    __CPROVER_assume(r >= {} && r < {below});", literal(-offset));
                    } else {
                        let _ = writeln!(out, "    __CPROVER_assume(r < {below});");
                    }
                }
                Row::Outer => {}
            }
        }
        // The array the loop writes, when it is not `b`.
        let written = self.rows.map_or("a", Rows::place);
        let limit = match self.limit {
            Limit::Const(c) => literal(c),
            Limit::Nondet(c) => {
                out.push_str("    unsigned int n = nondet_uint();\n");
                let _ = writeln!(out, "    __CPROVER_assume(n <= {c});");
                "n".to_string()
            }
        };
        let elem_cond = |(cmp, k): (Cmp, i128)| format!("b[i] {} {}", cmp.text(), literal(k));
        let mut cond = format!("i {} {limit}", self.cmp.text());
        if let Some(s) = self.search {
            let _ = write!(cond, " && {}", elem_cond(s));
        }
        let step = match self.step {
            1 => "i++".to_string(),
            -1 => "i--".to_string(),
            s if s > 0 => format!("i += {s}"),
            s => format!("i -= {}", -s),
        };
        // The loop, indented once more inside the loop over the rows.
        let outer = self.rows.filter(|r| matches!(r.row, Row::Outer)).map(|r| r.count);
        let loop_start = out.len();
        if self.as_for {
            let _ = writeln!(out, "    for ({ispell} i = {}; {cond}; {step}) {{", literal(self.start));
        } else {
            let _ = writeln!(out, "    while ({cond}) {{");
        }
        if self.step_first {
            let _ = writeln!(out, "        {step};");
        }
        match self.branch {
            Some(c) => {
                let _ = writeln!(
                    out,
                    "        if ({}) {{\n            x++;\n        }} else {{\n            x += 2;\n        }}",
                    elem_cond(c)
                );
            }
            None => out.push_str("        x++;\n"),
        }
        if let Some(c) = self.body_assert {
            let _ = writeln!(out, "        assert({});", elem_cond(c));
        }
        if let Some((to_b, value)) = self.write {
            let target = if to_b { "b" } else { written };
            let v = match value {
                Value::Const(c) => literal(c),
                Value::Linear(1, d) => format!("i + {}", literal(d)),
                Value::Linear(c, d) => format!("{} * i + {}", literal(c), literal(d)),
                Value::Source(0) => "b[i]".to_string(),
                Value::Source(d) => format!("b[i] + {}", literal(d)),
                Value::Nondet => format!("{}()", nondet_name(et)),
                Value::RowMap(1, d) => format!("{written}[i] + {}", literal(d)),
                Value::RowMap(c, d) => format!("{} * {written}[i] + {}", literal(c), literal(d)),
                Value::RowLinear(0, d) => format!("(int)r + {}", literal(d)),
                Value::RowLinear(1, d) => format!("i + (int)r + {}", literal(d)),
                Value::RowLinear(c, d) => format!("{} * i + (int)r + {}", literal(c), literal(d)),
            };
            let _ = writeln!(out, "        {target}[i] = {v};");
        }
        if !self.step_first && !self.as_for {
            let _ = writeln!(out, "        {step};");
        }
        out.push_str("    }\n");
        if let Some(count) = outer {
            let inner: String = out[loop_start..].lines().map(|l| format!("    {l}\n")).collect();
            out.truncate(loop_start);
            let _ = writeln!(out, "    for (unsigned int r = 0; r < {count}; r++) {{");
            if !self.as_for {
                let _ = writeln!(out, "        i = {};", literal(self.start));
            }
            out.push_str(&inner);
            out.push_str("    }\n");
        }
        match self.final_assert {
            Some(Final::Element(to_b, j, cmp, v, row)) => {
                let t = match (to_b, row) {
                    (true, _) => "b".to_string(),
                    (false, None) => written.to_string(),
                    (false, Some(r)) => format!("a[{r}]"),
                };
                let _ = writeln!(out, "    assert({t}[{j}] {} {});", cmp.text(), literal(v));
            }
            Some(Final::X(cmp, v)) => {
                let _ = writeln!(out, "    assert(x {} {});", cmp.text(), literal(v));
            }
            Some(Final::I(cmp, v)) => {
                let _ = writeln!(out, "    assert(i {} {});", cmp.text(), literal(v));
            }
            None => {}
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}
