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
//! in `sum.rs`: a counter summed until its own test fails.) A quarter of the counted `while` loops have a counted inner loop after their
//! branches (`for` or `while`, a counter of any width moving up or down to
//! a constant, to the outer counter, or around a narrow type's wrap, and
//! sometimes a third loop inside it), whose summary the outer loop's
//! accelerator uses. In a fifth of them the assignments and the assertion
//! in the body are calls of helper functions defined before `main`.
//!
//! The program is simulated once with C semantics for one choice of the
//! nondeterministic values, so that some assertions name a value the
//! program really reaches and the corpus has unsafe programs as well as
//! safe ones. Verdicts themselves come from the checker, not from here.

mod array;
mod sum;

use crate::ir::IntType;
use std::fmt::Write as _;

/// The first line of every program: the assertion as CBMC knows it (CBMC
/// takes a declared `void assert(int);` for a function without a body and
/// checks nothing), so that a program, or a campaign finding saved as a
/// fixture, means the same to tracc's checker and to CBMC.
const PRELUDE: &str = "#include <assert.h>\n";

/// A generated program and a `--unwind` bound that covers its loop.
#[derive(Clone, Debug)]
pub struct Generated {
    pub source: String,
    pub bound: u32,
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
    /// An array loop that writes into one row of a matrix (`a[r][i] = v`),
    /// the row fixed before the loop or counted by a loop around it.
    MatrixRow,
    /// A counted loop whose assignments call helper functions
    /// (`v0 = upd0(v0, v1);` with `int upd0(int v0, int v1) { return v0 +
    /// v1; }`) and whose assertion in the body is in a helper: paths
    /// inline them, and a covered iteration is blocked before the body.
    Calls,
}

/// xorshift64*: small, deterministic, good enough for test generation.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

const TYPES: [IntType; 8] = [
    IntType::UCHAR,
    IntType::CHAR,
    IntType::USHORT,
    IntType::SHORT,
    IntType::UINT,
    IntType::INT,
    IntType::ULONG,
    IntType::LONG,
];

fn nondet_name(t: IntType) -> &'static str {
    match (t.bits(), t.signed) {
        (8, false) => "nondet_uchar",
        (8, true) => "nondet_char",
        (16, false) => "nondet_ushort",
        (16, true) => "nondet_short",
        (32, false) => "nondet_uint",
        (32, true) => "nondet_int",
        (_, false) => "nondet_ulong",
        (_, true) => "nondet_long",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Cmp {
    fn text(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
        }
    }

    fn negated(self) -> Cmp {
        match self {
            Cmp::Lt => Cmp::Ge,
            Cmp::Le => Cmp::Gt,
            Cmp::Gt => Cmp::Le,
            Cmp::Ge => Cmp::Lt,
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
        }
    }

    fn eval(self, a: i128, b: i128) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }
}

/// Right-hand sides: `v + c`, `v - c`, `v + w`, `c`, and the updates that
/// undo themselves (the value alternates): `-v`, `c - v`.
#[derive(Clone, Debug)]
enum Rhs {
    AddConst(usize, i128),
    SubConst(usize, i128),
    AddVar(usize, usize),
    Const(i128),
    Negate(usize),
    SubFrom(i128, usize),
    /// `a * v + b` (written `v *= a` when `b` is 0): geometric.
    Affine(usize, i128, i128),
}

#[derive(Clone, Debug)]
enum Update {
    Assign(usize, Rhs),
    Inc(usize),
    Dec(usize),
    /// `{ T tmp = a; a = b; b = tmp; }` (the values alternate).
    Swap(usize, usize),
}

#[derive(Clone, Debug)]
struct Cond {
    var: usize,
    /// `var % m` is compared rather than `var` (a guard whose truth repeats
    /// with a period when `var` moves by a constant step).
    modulo: Option<i128>,
    /// `var + offset` (or `var - |offset|`) is tested rather than `var`: in
    /// a signed `int` or `long` the sum may overflow, a bug of the input
    /// that every output must keep.
    offset: Option<i128>,
    cmp: Cmp,
    value: i128,
}

/// The test of the body's if/else: a condition on a variable, or a
/// nondeterministic choice (`nondet_bool()`), where the path an iteration
/// takes is not a function of the state.
#[derive(Clone, Debug)]
enum Branch {
    Cond(Cond),
    Nondet,
    /// `if (flag)` on the toggled flag: the two paths alternate, and only
    /// their composition repeats.
    Flag,
}

#[derive(Clone, Debug)]
struct Var {
    name: String,
    ty: IntType,
    /// Initial value, or `None` for a nondeterministic one within `range`.
    init: Option<i128>,
    range: (i128, i128),
}

struct Program {
    vars: Vec<Var>,
    counter_ty: IntType,
    /// Loop bound: a constant, or nondeterministic up to the maximum.
    bound_const: Option<u32>,
    max_iters: u32,
    guard: Option<Branch>,
    then_updates: Vec<Update>,
    else_updates: Vec<Update>,
    inner_assert: Option<Cond>,
    final_asserts: Vec<Cond>,
    /// A `_Bool flag` toggled by `flag = !flag;` in every iteration (its
    /// value alternates), with its initial value.
    flag: Option<bool>,
    /// The value a final assertion says the flag has.
    flag_assert: Option<bool>,
    /// A second `if (cond) { updates }` after the if/else, often on the
    /// variable the first one tests: where the first branch's updates leave
    /// it alone, some combinations of the two are infeasible, and the
    /// enumeration of paths must prune exactly those.
    correlated: Option<(Cond, Vec<Update>)>,
    /// A loop in the body, after the branches: the outer loop is
    /// accelerated with its summary as one step when it has one.
    inner: Option<InnerLoop>,
    /// `if (cond) break;` at the start of the body.
    exit: Option<Cond>,
    /// The assignments and the assertion in the body are calls of helper
    /// functions (the same operations, in the helper).
    calls: bool,
}

/// The limit of an inner loop's counter.
#[derive(Clone, Copy, Debug)]
enum Limit {
    Const(i128),
    /// The outer loop's counter `i` (a triangular loop nest).
    OuterCounter,
}

/// `for (T j = S; j OP L; j++) { updates }` (or `j--`), or the same as
/// `j = S; while (j OP L) { updates j++; }`, possibly with a loop of the
/// same kind inside (three levels in all). Its trip count is small: a few
/// steps from start to limit, or a wrap-around of a narrow counter.
#[derive(Clone, Debug)]
struct InnerLoop {
    name: &'static str,
    ty: IntType,
    start: i128,
    cmp: Cmp,
    limit: Limit,
    /// 1 or -1.
    step: i128,
    as_for: bool,
    updates: Vec<Update>,
    inner: Option<Box<InnerLoop>>,
}

impl InnerLoop {
    fn random(rng: &mut Rng, prog: &Program, depth: usize) -> InnerLoop {
        let ty = if depth == 0 {
            *rng.pick(&[
                IntType::INT,
                IntType::INT,
                IntType::UINT,
                IntType::UCHAR,
                IntType::CHAR,
                IntType::SHORT,
                IntType::USHORT,
                IntType::LONG,
            ])
        } else {
            IntType::INT
        };
        let up = rng.chance(70);
        let step = if up { 1 } else { -1 };
        let max_trips: i128 = if depth == 0 { 6 } else { 3 };
        let d = rng.below(max_trips as u64 + 1) as i128;
        // A triangular nest (`j < i`): summarised only over values of at
        // most 32 bits, so only with such an outer counter.
        let (start, cmp, limit) = if up && depth == 0 && prog.counter_ty.bits() <= 32 && rng.chance(40) {
            (0, *rng.pick(&[Cmp::Lt, Cmp::Le]), Limit::OuterCounter)
        } else if up && !ty.signed && ty.bits() <= 16 && rng.chance(15) {
            // Wraps around: from just below the maximum up to a small limit.
            (ty.max() - d, Cmp::Ne, Limit::Const(rng.below(3) as i128))
        } else {
            let cmp = if up {
                *rng.pick(&[Cmp::Lt, Cmp::Le, Cmp::Ne])
            } else {
                *rng.pick(&[Cmp::Gt, Cmp::Ge, Cmp::Ne])
            };
            // A limit away from the type's ends, so that `<=` and `>=` end
            // (`j >= 0` would not, for an unsigned `j`).
            let limit = *rng.pick(&[i128::from(!up), 10, 100]);
            let start = if up { limit - d } else { limit + d };
            (start, cmp, Limit::Const(limit))
        };
        let mut updates = prog.random_updates(rng);
        updates.retain(|u| !matches!(u, Update::Swap(..)));
        if matches!(limit, Limit::OuterCounter) {
            // Constant steps of narrow values, which the summary takes: the
            // outer loop then adds a multiple of `i` per iteration, a sum
            // quadratic in its count.
            let narrow = |v: &usize| prog.vars[*v].ty.bits() <= 32;
            updates.retain(|u| match u {
                Update::Inc(v) | Update::Dec(v) => narrow(v),
                Update::Assign(v, Rhs::AddConst(w, _) | Rhs::SubConst(w, _)) => v == w && narrow(v),
                _ => false,
            });
        }
        if updates.is_empty() {
            updates.push(Update::Inc(rng.below(prog.vars.len() as u64) as usize));
        }
        let inner = (depth == 0 && rng.chance(20)).then(|| Box::new(InnerLoop::random(rng, prog, 1)));
        InnerLoop {
            name: if depth == 0 { "j" } else { "k" },
            ty,
            start,
            cmp,
            limit,
            step,
            as_for: rng.chance(50),
            updates,
            inner,
        }
    }

    /// The most iterations one run of the loop (or of a loop inside it)
    /// can make, for the unwinding bound.
    fn max_trips(&self, outer_max: u32) -> u32 {
        let own = match self.limit {
            // `j <= i` with `i` at most `outer_max - 1`.
            Limit::OuterCounter => outer_max,
            Limit::Const(c) => self.trips((c, literal_type(c))),
        };
        own.max(self.inner.as_ref().map_or(0, |l| l.max_trips(outer_max)))
    }

    /// The trip count to `limit` (a value and its type), simulated with C
    /// semantics; the counter is none of the program's variables, so the
    /// body does not change it.
    fn trips(&self, limit: (i128, IntType)) -> u32 {
        let mut j = self.ty.wrap(self.start);
        let mut n = 0;
        while compare((j, self.ty), limit, self.cmp) && n < 1000 {
            // `j++` is `j = j + 1` in j's promoted type.
            j = self.ty.wrap(arith((j, self.ty), (1, IntType::INT), self.step > 0).0);
            n += 1;
        }
        n
    }
}

/// A constant printed so that its C type is what `literal_type` says.
fn literal(v: i128) -> String {
    if v == i128::from(i64::MIN) {
        // 9223372036854775808 has no signed type, so -9223372036854775808 is not a constant.
        "(-9223372036854775807L - 1)".to_string()
    } else if v > i128::from(i64::MAX) {
        format!("{v}UL")
    } else if v < 0 {
        format!("({v})")
    } else {
        v.to_string()
    }
}

/// The C type of `literal(v)`: a decimal constant is `int`, `long` or
/// `long long`; a negative one is the negation of its magnitude.
fn literal_type(v: i128) -> IntType {
    if v > i128::from(i64::MAX) {
        return IntType::ULONG;
    }
    let mag = v.unsigned_abs() as i128;
    [IntType::INT, IntType::LONG]
        .into_iter()
        .find(|t| t.contains(mag))
        .unwrap_or(IntType::LLONG)
}

/// `c += step` on a counter `c`, as C text (`c++` and `c--` for steps of 1
/// and -1, `c -= 2` for -2).
fn counter_update(step: i128) -> String {
    match step {
        1 => "c++".to_string(),
        -1 => "c--".to_string(),
        s if s > 0 => format!("c += {s}"),
        s => format!("c -= {}", -s),
    }
}

/// The value of a counter `c` of type `ty` after `c += step`.
fn stepped(c: i128, ty: IntType, step: i128) -> i128 {
    ty.wrap(arith((c, ty), (step, literal_type(step)), true).0)
}

/// `a op b` with C's usual arithmetic conversions; returns value and type.
fn arith(a: (i128, IntType), b: (i128, IntType), add: bool) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    let (x, y) = (t.wrap(a.0), t.wrap(b.0));
    (t.wrap(if add { x + y } else { x - y }), t)
}

/// `a * b` with C's usual arithmetic conversions (wrapping; the checker,
/// not this simulation, says what a signed overflow does).
fn product(a: (i128, IntType), b: (i128, IntType)) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    (t.wrap(t.wrap(a.0).wrapping_mul(t.wrap(b.0))), t)
}

/// `a % b` with C's usual arithmetic conversions (`b` a positive constant;
/// the quotient is truncated toward zero in C as in Rust).
fn remainder(a: (i128, IntType), b: (i128, IntType)) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    (t.wrap(t.wrap(a.0) % t.wrap(b.0)), t)
}

fn compare(a: (i128, IntType), b: (i128, IntType), cmp: Cmp) -> bool {
    let t = IntType::common(a.1, b.1);
    cmp.eval(t.wrap(a.0), t.wrap(b.0))
}

impl Program {
    fn interesting_value(&self, rng: &mut Rng, ty: IntType) -> i128 {
        let near = [
            ty.max(),
            ty.max() - 1,
            ty.max() - 3,
            ty.min(),
            ty.min() + 2,
            0,
            1,
            5,
            100,
        ];
        let v = *rng.pick(&near);
        if ty.contains(v) { v } else { 0 }
    }

    fn random(rng: &mut Rng) -> Program {
        let nvars = 1 + rng.below(3) as usize;
        let mut prog = Program {
            vars: Vec::new(),
            counter_ty: *rng.pick(&[IntType::UINT, IntType::INT, IntType::UCHAR, IntType::ULONG]),
            bound_const: None,
            max_iters: 1 + rng.below(8) as u32,
            guard: None,
            then_updates: Vec::new(),
            else_updates: Vec::new(),
            inner_assert: None,
            final_asserts: Vec::new(),
            flag: None,
            flag_assert: None,
            correlated: None,
            inner: None,
            exit: None,
            calls: false,
        };
        if rng.chance(40) {
            prog.bound_const = Some(prog.max_iters);
        }
        for k in 0..nvars {
            let ty = *rng.pick(&TYPES);
            let init = prog.interesting_value(rng, ty);
            let var = if rng.chance(30) {
                let lo = init.saturating_sub(3).max(ty.min());
                Var {
                    name: format!("v{k}"),
                    ty,
                    init: None,
                    range: (lo, (lo + 6).min(ty.max())),
                }
            } else {
                Var {
                    name: format!("v{k}"),
                    ty,
                    init: Some(init),
                    range: (init, init),
                }
            };
            prog.vars.push(var);
        }
        prog.then_updates = prog.random_updates(rng);
        if rng.chance(50) {
            let var = rng.below(nvars as u64) as usize;
            let ty = prog.vars[var].ty;
            let value = prog.interesting_value(rng, ty);
            let cmp = *rng.pick(&[Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Ne]);
            prog.guard = Some(if rng.chance(50) {
                Branch::Nondet
            } else if rng.chance(30) {
                let m = *rng.pick(&[2, 3, 4, 6, 10]);
                Branch::Cond(Cond {
                    var,
                    modulo: Some(m),
                    offset: None,
                    cmp: *rng.pick(&[Cmp::Eq, Cmp::Ne]),
                    value: rng.below(m as u64) as i128,
                })
            } else {
                Branch::Cond(Cond {
                    var,
                    modulo: None,
                    offset: None,
                    cmp,
                    value,
                })
            });
            prog.else_updates = prog.random_updates(rng);
        }
        if rng.chance(20) {
            prog.flag = Some(rng.chance(50));
        }
        if rng.chance(20) {
            let var = rng.below(nvars as u64) as usize;
            let value = prog.interesting_value(rng, prog.vars[var].ty);
            prog.inner_assert = Some(Cond {
                var,
                modulo: None,
                offset: None,
                cmp: Cmp::Ne,
                value,
            });
        }
        prog
    }

    fn random_updates(&self, rng: &mut Rng) -> Vec<Update> {
        let n = self.vars.len() as u64;
        (0..1 + rng.below(2))
            .map(|_| {
                let target = rng.below(n) as usize;
                let other = rng.below(n) as usize;
                let c = *rng.pick(&[1, 2, 3, 7, 100, 255, 1000]);
                match rng.below(9) {
                    8 if other != target => Update::Swap(target, other),
                    6 => Update::Assign(target, Rhs::Negate(target)),
                    7 => Update::Assign(target, Rhs::SubFrom(*rng.pick(&[0, 1, 2, 5]), target)),
                    0 => Update::Inc(target),
                    1 => Update::Dec(target),
                    2 => Update::Assign(target, Rhs::AddConst(target, c)),
                    3 => Update::Assign(target, Rhs::SubConst(target, c)),
                    4 if other != target => Update::Assign(target, Rhs::AddVar(target, other)),
                    _ => Update::Assign(target, Rhs::Const(self.interesting_value(rng, self.vars[target].ty))),
                }
            })
            .collect()
    }

    fn update_text(&self, u: &Update) -> String {
        let name = |i: usize| self.vars[i].name.as_str();
        match u {
            Update::Inc(v) => format!("{}++;", name(*v)),
            Update::Swap(a, b) => format!(
                "{{ {} tmp = {}; {} = {}; {} = tmp; }}",
                self.vars[*a].ty.c_name(),
                name(*a),
                name(*a),
                name(*b),
                name(*b)
            ),
            Update::Dec(v) => format!("{}--;", name(*v)),
            Update::Assign(t, Rhs::Affine(v, a, 0)) if t == v => format!("{} *= {};", name(*t), literal(*a)),
            Update::Assign(t, rhs) => format!("{} = {};", name(*t), self.rhs_text(rhs)),
        }
    }

    fn rhs_text(&self, rhs: &Rhs) -> String {
        let name = |i: usize| self.vars[i].name.as_str();
        match rhs {
            Rhs::AddConst(v, c) => format!("{} + {}", name(*v), literal(*c)),
            Rhs::SubConst(v, c) => format!("{} - {}", name(*v), literal(*c)),
            Rhs::AddVar(a, b) => format!("{} + {}", name(*a), name(*b)),
            Rhs::Const(c) => literal(*c),
            Rhs::Negate(v) => format!("-{}", name(*v)),
            Rhs::SubFrom(c, v) => format!("{} - {}", literal(*c), name(*v)),
            Rhs::Affine(v, a, b) => format!("{} * {} + {}", literal(*a), name(*v), literal(*b)),
        }
    }

    /// The variables `rhs` reads, each once, in order.
    fn rhs_reads(rhs: &Rhs) -> Vec<usize> {
        match rhs {
            Rhs::AddConst(v, _) | Rhs::SubConst(v, _) | Rhs::Negate(v) | Rhs::SubFrom(_, v) | Rhs::Affine(v, _, _) => {
                vec![*v]
            }
            Rhs::AddVar(a, b) if a == b => vec![*a],
            Rhs::AddVar(a, b) => vec![*a, *b],
            Rhs::Const(_) => Vec::new(),
        }
    }

    /// The updates of the body's branches, in order.
    fn body_updates(&self) -> impl Iterator<Item = &Update> {
        self.then_updates
            .iter()
            .chain(&self.else_updates)
            .chain(self.correlated.iter().flat_map(|(_, u)| u))
    }

    /// Whether the body has something a helper can do: an assignment or
    /// the assertion.
    fn has_helper_work(&self) -> bool {
        self.inner_assert.is_some() || self.body_updates().any(|u| matches!(u, Update::Assign(..)))
    }

    /// With `calls`: the helper functions, and the text of each
    /// assignment and of the assertion in the body as a call of one (by
    /// its inline text). A helper takes the variables it reads as
    /// parameters of their types and names, and returns the assigned value
    /// in the target's type: the same operations and conversions as the
    /// assignment.
    fn helpers(&self) -> (String, std::collections::HashMap<String, String>) {
        let mut defs = String::new();
        let mut calls = std::collections::HashMap::new();
        if !self.calls {
            return (defs, calls);
        }
        let params = |vars: &[usize]| {
            let list: Vec<String> = vars
                .iter()
                .map(|&v| format!("{} {}", self.vars[v].ty.c_name(), self.vars[v].name))
                .collect();
            if list.is_empty() {
                "void".to_string()
            } else {
                list.join(", ")
            }
        };
        let args = |vars: &[usize]| {
            let list: Vec<&str> = vars.iter().map(|&v| self.vars[v].name.as_str()).collect();
            list.join(", ")
        };
        for u in self.body_updates() {
            let Update::Assign(t, rhs) = u else { continue };
            let inline = self.update_text(u);
            if calls.contains_key(&inline) {
                continue;
            }
            let k = calls.len();
            let reads = Self::rhs_reads(rhs);
            let ty = self.vars[*t].ty.c_name();
            let _ = writeln!(
                defs,
                "{ty} upd{k}({}) {{ return {}; }}",
                params(&reads),
                self.rhs_text(rhs)
            );
            calls.insert(inline, format!("{} = upd{k}({});", self.vars[*t].name, args(&reads)));
        }
        if let Some(a) = &self.inner_assert {
            let text = self.cond_text(a);
            let _ = writeln!(defs, "void check({}) {{ assert({text}); }}", params(&[a.var]));
            calls.insert(format!("assert({text});"), format!("check({});", args(&[a.var])));
        }
        (defs, calls)
    }

    fn cond_text(&self, c: &Cond) -> String {
        let name = &self.vars[c.var].name;
        let tested = match c.offset {
            Some(o) if o < 0 => format!("{name} - {}", literal(-o)),
            Some(o) => format!("{name} + {}", literal(o)),
            None => name.clone(),
        };
        match (c.modulo, c.offset) {
            (Some(m), Some(_)) => format!("({tested}) % {} {} {}", literal(m), c.cmp.text(), literal(c.value)),
            (Some(m), None) => format!("{tested} % {} {} {}", literal(m), c.cmp.text(), literal(c.value)),
            (None, _) => format!("{tested} {} {}", c.cmp.text(), literal(c.value)),
        }
    }

    fn apply(&self, vals: &mut [i128], u: &Update) {
        let tv = |vals: &[i128], i: usize| (vals[i], self.vars[i].ty);
        let (target, result) = match u {
            Update::Swap(a, b) => {
                // `tmp` has a's type, so it holds a's value exactly.
                let old_a = vals[*a];
                vals[*a] = self.vars[*a].ty.wrap(vals[*b]);
                (*b, (old_a, self.vars[*a].ty))
            }
            Update::Inc(v) => (*v, arith(tv(vals, *v), (1, IntType::INT), true)),
            Update::Dec(v) => (*v, arith(tv(vals, *v), (1, IntType::INT), false)),
            Update::Assign(t, Rhs::AddConst(v, c)) => (*t, arith(tv(vals, *v), (*c, literal_type(*c)), true)),
            Update::Assign(t, Rhs::SubConst(v, c)) => (*t, arith(tv(vals, *v), (*c, literal_type(*c)), false)),
            Update::Assign(t, Rhs::AddVar(a, b)) => (*t, arith(tv(vals, *a), tv(vals, *b), true)),
            Update::Assign(t, Rhs::Const(c)) => (*t, (*c, literal_type(*c))),
            // `-v` is `0 - v` in v's promoted type.
            Update::Assign(t, Rhs::Negate(v)) => (*t, arith((0, IntType::INT), tv(vals, *v), false)),
            Update::Assign(t, Rhs::SubFrom(c, v)) => (*t, arith((*c, literal_type(*c)), tv(vals, *v), false)),
            Update::Assign(t, Rhs::Affine(v, a, b)) => {
                let scaled = product((*a, literal_type(*a)), tv(vals, *v));
                (*t, arith(scaled, (*b, literal_type(*b)), true))
            }
        };
        vals[target] = self.vars[target].ty.wrap(result.0);
    }

    fn holds(&self, vals: &[i128], c: &Cond) -> bool {
        let v = (vals[c.var], self.vars[c.var].ty);
        let v = match c.offset {
            Some(o) => arith(v, (o.abs(), literal_type(o.abs())), o >= 0),
            None => v,
        };
        let lhs = match c.modulo {
            Some(m) => remainder(v, (m, literal_type(m))),
            None => v,
        };
        compare(lhs, (c.value, literal_type(c.value)), c.cmp)
    }

    /// Run the program with the given initial values and iteration count
    /// (`rng` makes the nondeterministic choices); returns the final values.
    /// One run of an inner loop, in iteration `i` of the outer one.
    fn run_inner(&self, vals: &mut [i128], l: &InnerLoop, i: u32) {
        let limit = match l.limit {
            Limit::Const(c) => (c, literal_type(c)),
            Limit::OuterCounter => (i128::from(i), self.counter_ty),
        };
        for _ in 0..l.trips(limit) {
            for u in &l.updates {
                self.apply(vals, u);
            }
            if let Some(inner) = &l.inner {
                self.run_inner(vals, inner, i);
            }
        }
    }

    /// The final values and how many times the body ran to its end.
    fn simulate(&self, mut vals: Vec<i128>, iterations: u32, rng: &mut Rng) -> (Vec<i128>, u32) {
        let mut flag = self.flag.unwrap_or(false);
        for i in 0..iterations {
            if let Some(c) = &self.exit
                && self.holds(&vals, c)
            {
                return (vals, i);
            }
            let take_then = match &self.guard {
                None => true,
                Some(Branch::Cond(g)) => self.holds(&vals, g),
                Some(Branch::Nondet) => rng.chance(50),
                Some(Branch::Flag) => flag,
            };
            flag = !flag;
            let updates = if take_then {
                &self.then_updates
            } else {
                &self.else_updates
            };
            for u in updates {
                self.apply(&mut vals, u);
            }
            if let Some((c, updates)) = &self.correlated
                && self.holds(&vals, c)
            {
                for u in updates {
                    self.apply(&mut vals, u);
                }
            }
            if let Some(l) = &self.inner {
                self.run_inner(&mut vals, l, i);
            }
        }
        (vals, iterations)
    }

    /// A comparison (one of `cmps`) of a random variable with one of its
    /// type's interesting values.
    fn random_cond(&self, rng: &mut Rng, cmps: &[Cmp]) -> Cond {
        let var = rng.below(self.vars.len() as u64) as usize;
        Cond {
            var,
            modulo: None,
            offset: None,
            cmp: *rng.pick(cmps),
            value: self.interesting_value(rng, self.vars[var].ty),
        }
    }

    /// Makes some of the body's tests (the branch, the correlated branch,
    /// the `break`, the assertion) test `v + c` or `v - c`; says whether
    /// any does.
    fn add_offsets(&mut self, rng: &mut Rng) -> bool {
        let guard = match &mut self.guard {
            Some(Branch::Cond(c)) => Some(c),
            _ => None,
        };
        let tests = [
            guard,
            self.correlated.as_mut().map(|(c, _)| c),
            self.exit.as_mut(),
            self.inner_assert.as_mut(),
        ];
        let mut any = false;
        for c in tests.into_iter().flatten() {
            if rng.chance(60) {
                // Towards the limit the variable starts near, mostly.
                let (lo, hi) = self.vars[c.var].range;
                let up = (lo + hi >= 0) != rng.chance(20);
                let magnitude = *rng.pick(&[1, 3, 100, 1000]);
                c.offset = Some(if up { magnitude } else { -magnitude });
                any = true;
            }
        }
        any
    }

    /// Adds the second, correlated branch (`correlated`).
    fn add_correlated_branch(&mut self, rng: &mut Rng) {
        let cond = match &self.guard {
            Some(Branch::Cond(g)) if rng.chance(70) => {
                let mut c = g.clone();
                // The same test, its negation, or another on the same value.
                match rng.below(3) {
                    0 => {}
                    1 => c.cmp = c.cmp.negated(),
                    _ if c.modulo.is_none() => c.cmp = *rng.pick(&[Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Eq]),
                    _ => c.value = (c.value + 1) % c.modulo.unwrap_or(1),
                }
                c
            }
            _ => self.random_cond(rng, &[Cmp::Lt, Cmp::Gt, Cmp::Eq]),
        };
        let updates = self.random_updates(rng);
        self.correlated = Some((cond, updates));
    }

    fn choose_final_asserts(&mut self, rng: &mut Rng) {
        let inits: Vec<i128> = self
            .vars
            .iter()
            .map(|v| v.range.0 + rng.below((v.range.1 - v.range.0 + 1) as u64) as i128)
            .collect();
        let iterations = self
            .bound_const
            .unwrap_or_else(|| rng.below(u64::from(self.max_iters) + 1) as u32);
        let (finals, ran) = self.simulate(inits, iterations, rng);
        if let Some(init) = self.flag {
            // Often the value reached (safe), else its negation (unsafe).
            let reached = init ^ (ran % 2 == 1);
            self.flag_assert = Some(if rng.chance(50) { reached } else { !reached });
        }
        let var = rng.below(self.vars.len() as u64) as usize;
        let reached = finals[var];
        let cond = match rng.below(4) {
            // Often unsafe: the simulated run reaches this value.
            0 | 1 => Cond {
                var,
                modulo: None,
                offset: None,
                cmp: Cmp::Ne,
                value: reached,
            },
            // Often safe when the program is deterministic.
            2 => Cond {
                var,
                modulo: None,
                offset: None,
                cmp: Cmp::Eq,
                value: reached,
            },
            _ => Cond {
                var,
                modulo: None,
                offset: None,
                cmp: *rng.pick(&[Cmp::Le, Cmp::Ge]),
                value: reached,
            },
        };
        self.final_asserts.push(cond);
    }

    fn render_inner(&self, out: &mut String, l: &InnerLoop, indent: &str) {
        let j = l.name;
        let limit = match l.limit {
            Limit::Const(c) => literal(c),
            Limit::OuterCounter => "i".to_string(),
        };
        let step = if l.step > 0 { format!("{j}++") } else { format!("{j}--") };
        let cond = format!("{j} {} {limit}", l.cmp.text());
        if l.as_for {
            let _ = writeln!(
                out,
                "{indent}for ({} {j} = {}; {cond}; {step}) {{",
                l.ty.c_name(),
                literal(l.start)
            );
        } else {
            let _ = writeln!(out, "{indent}{j} = {};", literal(l.start));
            let _ = writeln!(out, "{indent}while ({cond}) {{");
        }
        let deeper = format!("{indent}    ");
        for u in &l.updates {
            let _ = writeln!(out, "{deeper}{}", self.update_text(u));
        }
        if let Some(inner) = &l.inner {
            self.render_inner(out, inner, &deeper);
        }
        if !l.as_for {
            let _ = writeln!(out, "{deeper}{step};");
        }
        let _ = writeln!(out, "{indent}}}");
    }

    fn render(&self) -> String {
        let mut out = String::new();
        let mut nondets: Vec<IntType> = self.vars.iter().filter(|v| v.init.is_none()).map(|v| v.ty).collect();
        if self.bound_const.is_none() {
            nondets.push(self.counter_ty);
        }
        nondets.sort_by_key(|t| nondet_name(*t));
        nondets.dedup();
        out.push_str(PRELUDE);
        out.push_str("void __CPROVER_assume(_Bool);\n");
        if matches!(self.guard, Some(Branch::Nondet)) {
            out.push_str("_Bool nondet_bool(void);\n");
        }
        for t in &nondets {
            let _ = writeln!(out, "{} {}(void);", t.c_name(), nondet_name(*t));
        }
        let (defs, calls) = self.helpers();
        if !defs.is_empty() {
            out.push('\n');
            out.push_str(&defs);
        }
        // A statement's text, or the call that does it.
        let called = |inline: String| calls.get(&inline).cloned().unwrap_or(inline);
        let text = |u: &Update| called(self.update_text(u));
        out.push_str("\nint main(void) {\n");
        for v in &self.vars {
            match v.init {
                Some(i) => {
                    let _ = writeln!(out, "    {} {} = {};", v.ty.c_name(), v.name, literal(i));
                }
                None => {
                    let _ = writeln!(out, "    {} {} = {}();", v.ty.c_name(), v.name, nondet_name(v.ty));
                    let _ = writeln!(
                        out,
                        "    __CPROVER_assume({} >= {} && {} <= {});",
                        v.name,
                        literal(v.range.0),
                        v.name,
                        literal(v.range.1)
                    );
                }
            }
        }
        let counter = self.counter_ty.c_name();
        let limit = match self.bound_const {
            Some(b) => b.to_string(),
            None => {
                let _ = writeln!(out, "    {counter} n = {}();", nondet_name(self.counter_ty));
                let _ = writeln!(out, "    __CPROVER_assume(n <= {});", self.max_iters);
                "n".to_string()
            }
        };
        let _ = writeln!(out, "    {counter} i = 0;");
        let mut inner = self.inner.as_ref();
        while let Some(l) = inner {
            if !l.as_for {
                let _ = writeln!(out, "    {} {};", l.ty.c_name(), l.name);
            }
            inner = l.inner.as_deref();
        }
        if let Some(init) = self.flag {
            let _ = writeln!(out, "    _Bool flag = {};", u8::from(init));
        }
        let _ = writeln!(out, "    while (i < {limit}) {{");
        if let Some(c) = &self.exit {
            let _ = writeln!(out, "        if ({}) break;", self.cond_text(c));
        }
        let body_indent = if self.guard.is_some() {
            "            "
        } else {
            "        "
        };
        match &self.guard {
            Some(Branch::Cond(g)) => {
                let _ = writeln!(out, "        if ({}) {{", self.cond_text(g));
            }
            Some(Branch::Nondet) => out.push_str("        if (nondet_bool()) {\n"),
            Some(Branch::Flag) => out.push_str("        if (flag) {\n"),
            None => {}
        }
        for u in &self.then_updates {
            let _ = writeln!(out, "{body_indent}{}", text(u));
        }
        if self.guard.is_some() {
            out.push_str("        } else {\n");
            for u in &self.else_updates {
                let _ = writeln!(out, "{body_indent}{}", text(u));
            }
            out.push_str("        }\n");
        }
        if let Some((c, updates)) = &self.correlated {
            let _ = writeln!(out, "        if ({}) {{", self.cond_text(c));
            for u in updates {
                let _ = writeln!(out, "            {}", text(u));
            }
            out.push_str("        }\n");
        }
        if let Some(l) = &self.inner {
            self.render_inner(&mut out, l, "        ");
        }
        if let Some(a) = &self.inner_assert {
            let _ = writeln!(out, "        {}", called(format!("assert({});", self.cond_text(a))));
        }
        if self.flag.is_some() {
            out.push_str("        flag = !flag;\n");
        }
        out.push_str("        i++;\n    }\n");
        for a in &self.final_asserts {
            let _ = writeln!(out, "    assert({});", self.cond_text(a));
        }
        if let Some(v) = self.flag_assert {
            let _ = writeln!(out, "    assert({}flag);", if v { "" } else { "!" });
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}

/// How a header loop updates its counter and tests its condition.
#[derive(Clone, Copy, Debug)]
enum HeaderForm {
    /// `for (c = S; c OP L; c += STEP) BODY`
    For,
    /// `c = S; do BODY while ((c += STEP) OP L);` (or `++c`, `--c`)
    DoWhilePre,
    /// `c = S; do BODY while (c++ OP L);` (step 1 or -1 only)
    DoWhilePost,
}

/// A loop whose counter is updated outside the body: in the `for` header
/// or in a side effect of the `do`-`while` condition. Starting values lie a
/// few steps from the type's limits, so the update wraps around within a
/// few iterations, and guards may be skipped over or stay true forever.
struct HeaderLoop {
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
}

/// How a header loop runs (body executions and the final counter).
enum Run {
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

/// Every integer type a counter can have, with a C spelling (`char` is
/// signed here, as on x86-64; `signed char` is the same type).
const COUNTER_TYPES: [(IntType, &str); 9] = [
    (IntType::CHAR, "char"),
    (IntType::CHAR, "signed char"),
    (IntType::UCHAR, "unsigned char"),
    (IntType::SHORT, "short"),
    (IntType::USHORT, "unsigned short"),
    (IntType::INT, "int"),
    (IntType::UINT, "unsigned"),
    (IntType::LONG, "long"),
    (IntType::ULONG, "unsigned long"),
];

impl HeaderLoop {
    fn random(rng: &mut Rng) -> HeaderLoop {
        let &(ty, spelling) = rng.pick(&COUNTER_TYPES);
        let form = *rng.pick(&[
            HeaderForm::For,
            HeaderForm::For,
            HeaderForm::DoWhilePre,
            HeaderForm::DoWhilePost,
        ]);
        let up = rng.chance(60);
        let magnitude = match form {
            HeaderForm::DoWhilePost => 1,
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
        }
    }

    /// Sometimes a `continue` or a `break` in a `for` loop's body, from a
    /// stream of its own (the programs without one stay as before).
    fn choose_skip(&mut self, rng: &mut Rng) {
        if matches!(self.form, HeaderForm::For) && rng.chance(40) {
            self.skip = Some((1 + rng.below(u64::from(HEADER_CAP)) as i128, rng.chance(50)));
        }
    }

    fn guard(&self, c: i128) -> bool {
        compare((c, self.ty), (self.limit, literal_type(self.limit)), self.cmp)
    }

    fn next(&self, c: i128) -> i128 {
        stepped(c, self.ty, self.step)
    }

    /// How the loop runs from its start value, with C semantics.
    fn simulate(&self) -> Run {
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
    fn wraps(&self) -> bool {
        if self.ty.signed {
            return false;
        }
        let trips = match self.simulate() {
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

    fn choose_final_assert(&mut self, rng: &mut Rng) {
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
    fn bound(&self) -> u32 {
        match self.simulate() {
            Run::Ends(trips, _) => trips + 1,
            Run::Long | Run::Overflows => HEADER_CAP + 1,
        }
    }

    fn render(&self) -> String {
        let mut out = format!("{PRELUDE}\nint main(void) {{\n");
        let _ = writeln!(out, "    {} c;", self.spelling);
        out.push_str("    unsigned int k = 0;\n");
        let update = counter_update(self.step);
        let cond = |lhs: &str| format!("{lhs} {} {}", self.cmp.text(), literal(self.limit));
        let mut body = String::from("        k++;\n");
        if let Some((k, stop)) = self.skip {
            let jump = if stop { "break" } else { "continue" };
            let _ = writeln!(body, "        if (k == {k}) {jump};");
        }
        if let Some(b) = self.body_assert {
            let _ = writeln!(body, "        assert(k != {b});");
        }
        match self.form {
            HeaderForm::For => {
                let _ = write!(
                    out,
                    "    for (c = {}; {}; {update}) {{\n{body}    }}\n",
                    literal(self.start),
                    cond("c")
                );
            }
            HeaderForm::DoWhilePre => {
                let pre = match self.step {
                    1 => "++c".to_string(),
                    -1 => "--c".to_string(),
                    _ => format!("({update})"),
                };
                let _ = write!(
                    out,
                    "    c = {};\n    do {{\n{body}    }} while ({});\n",
                    literal(self.start),
                    cond(&pre)
                );
            }
            HeaderForm::DoWhilePost => {
                let _ = write!(
                    out,
                    "    c = {};\n    do {{\n{body}    }} while ({});\n",
                    literal(self.start),
                    cond(&update)
                );
            }
        }
        if let Some((on_k, cmp, v)) = self.final_assert {
            let lhs = if on_k { "k" } else { "c" };
            let _ = writeln!(out, "    assert({lhs} {} {});", cmp.text(), literal(v));
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}

/// The program for `seed`: one of the two shapes, half of the seeds each.
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
        a.choose_final_assert(&mut arrays);
        return Generated {
            source: a.render(),
            bound: a.bound(),
            classes,
        };
    }
    // Another for sum loops; the other seeds stay as before again.
    let mut sums = Rng::new(seed ^ 0x5E55_0000_0000_0000);
    if sums.chance(10) {
        let mut l = sum::SumLoop::random(&mut sums);
        l.choose_asserts(&mut sums);
        return Generated {
            source: l.render(),
            bound: l.bound(),
            classes: vec![Class::Sum],
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
        h.choose_final_assert(&mut rng);
        let mut classes = vec![Class::Header];
        if h.wraps() {
            classes.push(Class::Wrapping);
        }
        return Generated {
            source: h.render(),
            bound: h.bound(),
            classes,
        };
    }
    let mut prog = Program::random(&mut rng);
    let mut classes = vec![Class::Counted];
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
    }
    // And another for tests on `v + c`: a signed overflow in a test, where
    // an accelerated iteration does not evaluate the body's own test.
    let mut offsets = Rng::new(seed ^ 0x0FF5_E700_0000_0000);
    if offsets.chance(20) && prog.add_offsets(&mut offsets) {
        classes.push(Class::OffsetTest);
    }
    // And another for helper functions called in the body.
    if Rng::new(seed ^ 0xCA11_5000_0000_0000).chance(20) && prog.has_helper_work() {
        prog.calls = true;
        classes.push(Class::Calls);
    }
    prog.choose_final_asserts(&mut rng);
    // A while loop whose body runs m times needs --unwind m + 1 (an inner
    // loop counts afresh each time it is entered).
    let inner_trips = prog.inner.as_ref().map_or(0, |l| l.max_trips(prog.max_iters));
    Generated {
        source: prog.render(),
        bound: prog.max_iters.max(inner_trips) + 1,
        classes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_deterministic_and_lower() {
        for seed in 0..500 {
            let g = loop_program(seed);
            assert_eq!(g.source, loop_program(seed).source);
            let lowered = crate::lower::lower_source(&g.source);
            assert!(lowered.is_ok(), "seed {seed}:\n{}", g.source);
            let mut opaque = false;
            for f in &lowered.as_ref().map(|l| l.program.funcs.clone()).unwrap_or_default() {
                if let Some(b) = &f.body {
                    b.walk(&mut |s| {
                        for e in s.own_exprs() {
                            e.walk(&mut |e| opaque |= matches!(e.kind, crate::ir::ExprKind::Opaque(_)));
                        }
                    });
                }
            }
            assert!(!opaque, "seed {seed} has unmodelled code:\n{}", g.source);
        }
    }

    #[test]
    fn while_loops_branch_on_conditions_and_on_nondeterministic_choices() {
        let sources: Vec<String> = (0..600).map(|seed| loop_program(seed).source).collect();
        assert!(sources.iter().any(|s| s.contains("        if (nondet_bool()) {\n")));
        assert!(sources.iter().any(|s| s.contains("        if (v")));
    }

    /// The programs of `class` among the first 5,000 seeds, with their seed.
    fn of_class(class: Class) -> impl Iterator<Item = (u64, Generated)> {
        (0..5000)
            .map(|seed| (seed, loop_program(seed)))
            .filter(move |(_, g)| g.classes.contains(&class))
    }

    /// How many of the generated programs whose source contains one of
    /// `shapes` get a transformation report with `needed` occurrences of
    /// `marker`, stopping at `enough`.
    fn accelerated_with(shapes: &[&str], marker: &str, needed: usize, enough: usize) -> usize {
        let options = crate::pipeline::Options::accelerating_every_loop();
        let mut found = 0;
        for seed in 0..5000 {
            let g = loop_program(seed);
            if !shapes.iter().any(|s| g.source.contains(s)) {
                continue;
            }
            if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
                found += usize::from(out.report.to_string().matches(marker).count() >= needed);
            }
            if found >= enough {
                break;
            }
        }
        found
    }

    #[test]
    fn loops_left_to_unrolling_are_generated_with_break_and_continue() {
        // The default options write short counting loops for `--unwind 3`
        // (`instrument::unroll`), which the campaign compares too: the
        // generator must give such loops with a `break` and with a
        // `continue` of the loop.
        let options = crate::pipeline::Options::default();
        let (mut with_break, mut with_continue) = (0, 0);
        for seed in 0..3000 {
            let g = loop_program(seed);
            let wanted = (with_break < 3 && g.source.contains("break;"))
                || (with_continue < 3 && g.source.contains("continue;"));
            if !wanted {
                continue;
            }
            let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
                continue;
            };
            if !out.output.contains("tracc_go") {
                continue;
            }
            let lines: Vec<&str> = out.output.lines().collect();
            with_break += usize::from(
                (lines.windows(2))
                    .any(|w| w[0].contains("tracc_go") && w[0].ends_with(" = 0;") && w[1].trim() == "break;"),
            );
            with_continue += usize::from(out.output.contains("} while (0);") && g.source.contains("continue;"));
            if with_break >= 3 && with_continue >= 3 {
                break;
            }
        }
        assert!(
            with_break >= 3 && with_continue >= 3,
            "break {with_break}, continue {with_continue}"
        );
    }

    #[test]
    fn offset_tests_are_generated_accelerated_and_overflow() {
        // Tests on `v + c` in accelerated loops, some of which overflow a
        // signed type in the input (the campaign then asks the outputs to
        // overflow too).
        let options = crate::pipeline::Options::accelerating_every_loop();
        let check = |g: &Generated| {
            let o = crate::check::CheckOptions {
                unwind: g.bound,
                signed_overflow: true,
                timeout_ms: Some(20_000),
                ..Default::default()
            };
            crate::check::check_source(&g.source, &o)
                .is_ok_and(|r| r.failures.iter().any(|f| f.kind == crate::check::FailureKind::Overflow))
        };
        let (mut accelerated, mut overflowing) = (0, 0);
        for (seed, g) in of_class(Class::OffsetTest) {
            assert!(
                g.source.contains(" + ") || g.source.contains(" - "),
                "seed {seed}:\n{}",
                g.source
            );
            let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
                continue;
            };
            if out.output != g.source {
                accelerated += 1;
                overflowing += usize::from(check(&g));
            }
            if overflowing >= 2 && accelerated >= 5 {
                break;
            }
        }
        assert!(
            accelerated >= 5 && overflowing >= 2,
            "{accelerated} accelerated, {overflowing} overflowing"
        );
    }

    #[test]
    fn array_loops_past_the_end_are_generated_and_accelerated() {
        // An upward array loop whose last iterations index past the end;
        // the bound still covers every iteration.
        let options = crate::pipeline::Options::accelerating_every_loop();
        let mut accelerated = 0;
        for (seed, g) in of_class(Class::PastTheEnd) {
            assert!(g.bound > 1, "seed {seed}:\n{}", g.source);
            let out = crate::pipeline::accelerate_source(&g.source, &options);
            accelerated += usize::from(out.is_ok_and(|o| o.output.contains("tracc_n")));
            if accelerated >= 5 {
                break;
            }
        }
        assert!(accelerated >= 5, "only {accelerated} accelerated");
    }

    #[test]
    fn wrapping_counters_are_generated_and_accelerated_through_the_wrap() {
        // Header loops of unsigned counters whose guard excludes one value.
        let options = crate::pipeline::Options::accelerating_every_loop();
        let mut found = 0;
        for (_, g) in of_class(Class::Wrapping).filter(|(_, g)| g.source.contains(" != ")) {
            if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
                found += usize::from(out.report.to_string().contains("\"wraps-around\""));
            }
            if found >= 5 {
                break;
            }
        }
        assert!(found >= 5, "only {found} programs accelerated through a wrap-around");
    }

    #[test]
    fn geometric_updates_are_generated_and_accelerated() {
        let n = accelerated_with(&[" *= ", " * v"], "\"geometric\"", 1, 5);
        assert!(n >= 5, "only {n} programs with geometric closed forms");
        // The class says so exactly when an unsigned variable is updated so.
        for seed in 0..300 {
            let g = loop_program(seed);
            if g.classes.contains(&Class::Geometric) {
                assert!(
                    g.source.contains(" *= ") || g.source.contains(" * v"),
                    "seed {seed}:\n{}",
                    g.source
                );
            }
        }
    }

    /// The campaign checks every way the restricted output blocks a
    /// covered iteration: with a flag, by an `assume` after the body (the
    /// body cannot change the condition) and before it (the body cannot
    /// fail).
    #[test]
    fn every_placement_of_the_coverage_check_is_generated() {
        let options = crate::pipeline::Options::accelerating_every_loop();
        let mut seen = std::collections::BTreeMap::new();
        for seed in 0..2000 {
            let g = loop_program(seed);
            let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
                continue;
            };
            let loops = out.report["loops"].as_array().map_or(&[][..], |l| &l[..]);
            for l in loops {
                if let Some(check) = l["automaton"]["coverage_check"].as_str() {
                    *seen.entry(check.to_string()).or_insert(0) += 1;
                    // Blocked before a body whose path a nondeterministic
                    // branch chooses (the other case of `before_body`).
                    if check == "before-body-checked" && loops.len() == 1 && g.source.contains("if (nondet_bool())") {
                        *seen.entry(format!("{check}, chosen")).or_insert(0) += 1;
                    }
                }
            }
            if seen.len() == 5 {
                return;
            }
        }
        panic!("placements generated: {seen:?}");
    }

    #[test]
    fn helper_calls_are_generated_inlined_and_blocked_before_the_body() {
        let with_helpers = of_class(Class::Calls).take(3).count();
        assert_eq!(with_helpers, 3, "programs with helper functions");
        // Calls of a helper with an assertion, too.
        assert!(of_class(Class::Calls).any(|(_, g)| g.source.contains("check(")));
        let n = accelerated_with(&[" = upd0("], "\"before-body", 1, 3);
        assert!(n >= 3, "{n} programs with calls had their loop blocked before the body");
    }

    #[test]
    fn early_exits_are_generated_and_blocked_before_the_body() {
        let n = accelerated_with(&["break;"], "\"before-body-checked\"", 1, 3);
        assert!(
            n >= 3,
            "{n} programs with a break had their loop blocked before the body"
        );
    }

    #[test]
    fn branches_with_equal_effects_are_generated_and_merged() {
        let options = crate::pipeline::Options::accelerating_every_loop();
        let (mut generated, mut merged) = (0, 0);
        for seed in 0..3000 {
            let g = loop_program(seed);
            if !g.classes.contains(&Class::EqualEffects) {
                continue;
            }
            generated += 1;
            if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
                merged += usize::from(out.report.to_string().contains("\"merged\":2"));
            }
            if merged >= 5 {
                break;
            }
        }
        assert!(
            merged >= 5,
            "{merged} of {generated} programs with equal branches had them merged"
        );
    }

    #[test]
    fn alternating_updates_are_generated_and_accelerated() {
        let n = accelerated_with(&[" = -v", " - v"], "\"alternating\"", 1, 5);
        assert!(n >= 5, "only {n} programs with alternating closed forms");
    }

    #[test]
    fn nested_loops_are_generated_and_outer_loops_accelerated_with_summaries() {
        let options = crate::pipeline::Options::accelerating_every_loop();
        let (mut nested, mut outer) = (0, 0);
        for seed in 0..3000 {
            let g = loop_program(seed);
            // The class says so exactly when there is an inner loop.
            assert_eq!(
                g.classes.contains(&Class::Nested),
                g.source.matches("for (").count() + g.source.matches("while (").count() > 1,
                "seed {seed}:\n{}",
                g.source
            );
            if !g.classes.contains(&Class::Nested) {
                continue;
            }
            nested += 1;
            if let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) {
                outer += usize::from(out.loops.iter().any(|l| l.depth == 0 && l.accelerated));
            }
            if outer >= 5 {
                break;
            }
        }
        assert!(
            outer >= 5,
            "{outer} of {nested} nested programs have an accelerated outer loop"
        );
    }

    #[test]
    fn triangular_nests_give_outer_sums_monotone_under_their_guards() {
        // `for (j = 0; j < i; j++) v += c;` adds `c * i` per outer
        // iteration: quadratic, and monotone only where the guard on `i`
        // holds.
        let n = accelerated_with(&["j < i;", "j <= i;"], "\"polynomial\"", 1, 3);
        assert!(
            n >= 3,
            "only {n} triangular nests with a quadratic outer sum accelerated"
        );
    }

    #[test]
    fn sum_loops_are_generated_and_accelerated_in_both_directions() {
        // A counter summed down to its limit and one summed up to it: each
        // sum is quadratic and monotone only under the loop's test.
        let options = crate::pipeline::Options::accelerating_every_loop();
        let (mut down, mut up) = (0, 0);
        for (_, g) in of_class(Class::Sum) {
            let goes_down = g.source.contains("c--") || g.source.contains("c -= ");
            if (goes_down && down >= 3) || (!goes_down && up >= 3) {
                continue;
            }
            let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
                continue;
            };
            if out.report.to_string().contains("\"polynomial\"") {
                *(if goes_down { &mut down } else { &mut up }) += 1;
            }
            if down >= 3 && up >= 3 {
                break;
            }
        }
        assert!(
            down >= 3 && up >= 3,
            "sums accelerated: {down} counting down, {up} counting up"
        );
    }

    #[test]
    fn matrix_row_writes_are_generated_and_accelerated() {
        // A row fixed before the loop and rows counted by a loop around it:
        // both write `a[r]` through an accelerator.
        // The loop over the rows is accelerated too where the inner loop's
        // summary fills the row: the whole matrix is copied back, with
        // values that depend on the row or not.
        let options = crate::pipeline::Options::accelerating_every_loop();
        let (mut fixed, mut counted, mut filled, mut by_row) = (0, 0, 0, 0);
        for (_, g) in of_class(Class::MatrixRow) {
            let Ok(out) = crate::pipeline::accelerate_source(&g.source, &options) else {
                continue;
            };
            if out.output.contains("__CPROVER_array_replace(a[r], ") {
                *(if g.source.contains("for (unsigned int r = 0;") {
                    &mut counted
                } else {
                    &mut fixed
                }) += 1;
            }
            if out.output.contains("__CPROVER_array_copy(a, ") {
                *(if g.source.contains("(int)r") {
                    &mut by_row
                } else {
                    &mut filled
                }) += 1;
            }
            if fixed >= 3 && counted >= 3 && filled >= 2 && by_row >= 2 {
                break;
            }
        }
        assert!(
            fixed >= 3 && counted >= 3 && filled >= 2 && by_row >= 2,
            "row writes accelerated: {fixed} in a fixed row, {counted} in counted rows; \
             rows filled by an accelerated loop around: {filled}, with values by row: {by_row}"
        );
    }

    #[test]
    fn toggled_flags_are_generated_and_accelerated() {
        let n = accelerated_with(&["flag = !flag"], "\"alternating\"", 1, 3);
        assert!(n >= 3, "only {n} toggled flags accelerated");
    }

    #[test]
    fn swaps_are_generated_and_accelerated() {
        // Both variables of the swap alternate.
        let n = accelerated_with(&[" tmp = "], "\"alternating\"", 2, 3);
        assert!(n >= 3, "only {n} swaps accelerated");
    }

    #[test]
    fn remainder_branches_give_periodic_guards_that_are_accelerated() {
        let n = accelerated_with(&[" % "], "\"periodic\"", 1, 5);
        assert!(n >= 5, "only {n} programs with periodic guards accelerated");
    }

    /// Generated programs with a loop that has paths proved infeasible.
    fn with_pruned_paths(seeds: std::ops::Range<u64>) -> Vec<(u64, String)> {
        let mut found = Vec::new();
        for seed in seeds {
            let g = loop_program(seed);
            if g.source.matches("        if (").count() < 2 {
                continue;
            }
            let Ok(lowered) = crate::lower::lower_source(&g.source) else {
                continue;
            };
            let program = &lowered.program;
            let pruned = crate::loops::find_loops(program).iter().any(|info| {
                crate::loops::iteration_paths(
                    program,
                    info,
                    64,
                    &crate::accelerate::infeasible,
                    &crate::loops::no_summaries,
                )
                .is_ok_and(|p| p.syntactic.is_some_and(|s| s > p.paths.len()))
            });
            if pruned {
                found.push((seed, g.source));
            }
        }
        found
    }

    #[test]
    fn correlated_branches_are_generated_pruned_and_accelerated() {
        let pruned = with_pruned_paths(0..600);
        assert!(
            pruned.len() >= 10,
            "only {} programs with infeasible paths",
            pruned.len()
        );
        // And the feasible paths that remain are accelerated.
        let options = crate::pipeline::Options::accelerating_every_loop();
        let mut accelerated = 0;
        for (_, source) in &pruned {
            let Ok(out) = crate::pipeline::accelerate_source(source, &options) else {
                continue;
            };
            let loops = out.report["loops"].as_array().cloned().unwrap_or_default();
            accelerated += usize::from(loops.iter().any(|l| {
                let c = &l["path_counts"];
                c["syntactic"].as_u64() > c["feasible"].as_u64() && c["accelerated"].as_u64() >= Some(1)
            }));
            if accelerated >= 3 {
                break;
            }
        }
        assert!(
            accelerated >= 3,
            "only {accelerated} programs with pruned paths accelerated"
        );
    }

    #[test]
    fn alternating_paths_are_generated_and_accelerated_composed() {
        let n = accelerated_with(&["if (flag)"], "\"composed_with\"", 1, 3);
        assert!(n >= 3, "only {n} programs with composed paths accelerated");
    }

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
    fn array_loops_cover_every_shape_and_type() {
        let sources: Vec<String> = (0..600)
            .map(|seed| loop_program(seed).source)
            .filter(|s| s.contains(" b["))
            .collect();
        assert!((120..=240).contains(&sources.len()), "{} array loops", sources.len());
        let has = |needle: &str| sources.iter().any(|s| s.contains(needle));
        for shape in [
            " && b[i] ",
            "        if (b[i] ",
            "        assert(b[i] ",
            "        a[i] = b[i];",
            "        b[i] = b[i] + ",
            "        a[i] = nondet_",
            " * i + ",
            "        i--;\n        x",
            "        i -= 2;",
            "        i += 3;",
            "    __CPROVER_assume(n <= ",
            "    assert(a[",
            "    assert(x ",
            "    assert(i ",
        ] {
            assert!(has(shape), "no `{shape}`");
        }
        for (_, spelling) in array::INDEX_TYPES {
            assert!(has(&format!("    {spelling} i = ")), "no index of type {spelling}");
            assert!(has(&format!("    for ({spelling} i = ")), "no for loop over {spelling}");
        }
        for (_, spelling) in array::ELEMENT_TYPES {
            assert!(has(&format!("\n{spelling} b[")), "no elements of type {spelling}");
        }
    }

    #[test]
    fn literal_types_match_the_front_end() {
        for v in [
            0i128,
            5,
            -5,
            2147483647,
            2147483648,
            -2147483648,
            4294967295,
            9223372036854775807,
        ] {
            let src = format!("long long x = {};", literal(v));
            let p = crate::lower::lower_source(&src).expect("lowers").program;
            let Some((_, Some(crate::ir::Init::Expr(e)))) = p.globals.first() else {
                panic!()
            };
            assert_eq!(e.skip_implicit().int_type(), Some(literal_type(v)), "{v}");
            assert_eq!(e.const_value(), Some(v));
        }
    }
}
