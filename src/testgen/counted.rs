//! The counted `while` loop: its shape, drawn at random, and its run.
//!
//! In: a random stream. Out: a `Program` (variables of random types, a
//! counted `while` loop with updates, branches, a `break`, an inner loop,
//! assertions) and its simulation with C semantics, from which the final
//! assertions take the values a run really reaches. `loop_program` adds
//! the optional features, each from a stream of its own; the C text is
//! written by `counted_render`.

use super::cint::{
    Cmp, arith, compare, literal_type, low_bits, product, quotient, remainder, shifted_left, shifted_right,
};
use super::rng::Rng;
use crate::ir::IntType;

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

/// Right-hand sides: `v + c`, `v - c`, `v + w`, `c`, and the updates that
/// undo themselves (the value alternates): `-v`, `c - v`.
#[derive(Clone, Debug)]
pub(super) enum Rhs {
    AddConst(usize, i128),
    SubConst(usize, i128),
    AddVar(usize, usize),
    Const(i128),
    Negate(usize),
    SubFrom(i128, usize),
    /// `a * v + b` (written `v *= a` when `b` is 0): geometric.
    Affine(usize, i128, i128),
    /// `v + (w << s)`: `w * 2^s` where C defines it.
    AddShifted(usize, usize, u32),
    /// `w >> s`.
    ShiftedRight(usize, u32),
}

#[derive(Clone, Debug)]
pub(super) enum Update {
    Assign(usize, Rhs),
    Inc(usize),
    Dec(usize),
    /// `{ T tmp = a; a = b; b = tmp; }` (the values alternate).
    Swap(usize, usize),
}

/// How a guard reduces its variable: `% m`, or a mask of the low bits,
/// `& (m - 1)` with `m` a power of two (`var` modulo `m` whatever its sign),
/// or either of the quotient by `d` (`(var / d) % m`, written `(var >> s)
/// & (m - 1)` where both are powers of two), which for a counter repeats
/// with period `d * m`.
#[derive(Clone, Copy, Debug)]
pub(super) enum Modulo {
    Rem(i128),
    LowBits(i128),
    OfQuotient { d: i128, m: i128 },
}

impl Modulo {
    pub(super) fn modulus(self) -> i128 {
        match self {
            Modulo::Rem(m) | Modulo::LowBits(m) | Modulo::OfQuotient { m, .. } => m,
        }
    }

    /// `v` reduced as C computes it.
    pub(super) fn reduce(self, v: (i128, IntType)) -> (i128, IntType) {
        match self {
            Modulo::LowBits(m) => low_bits(v, (m - 1, literal_type(m - 1))),
            Modulo::Rem(m) => remainder(v, (m, literal_type(m))),
            Modulo::OfQuotient { d, m } => match (shift_of(d), shift_of(m)) {
                (Some(s), Some(_)) => low_bits(shifted_right(v, s), (m - 1, literal_type(m - 1))),
                _ => remainder(quotient(v, (d, literal_type(d))), (m, literal_type(m))),
            },
        }
    }
}

/// `s` where `d` is `2^s` (`d > 1`).
pub(super) fn shift_of(d: i128) -> Option<u32> {
    (d > 1 && d & (d - 1) == 0).then(|| d.trailing_zeros())
}

#[derive(Clone, Debug)]
pub(super) struct Cond {
    pub(super) var: usize,
    /// `var % m` or `var & (m - 1)` is compared rather than `var` (a guard
    /// whose truth repeats with a period when `var` moves by a constant
    /// step).
    pub(super) modulo: Option<Modulo>,
    /// `var + offset` (or `var - |offset|`) is tested rather than `var`: in
    /// a signed `int` or `long` the sum may overflow, a bug of the input
    /// that every output must keep.
    pub(super) offset: Option<i128>,
    pub(super) cmp: Cmp,
    pub(super) value: i128,
}

/// The test of the body's if/else: a condition on a variable, or a
/// nondeterministic choice (`nondet_bool()`), where the path an iteration
/// takes is not a function of the state.
#[derive(Clone, Debug)]
pub(super) enum Branch {
    Cond(Cond),
    Nondet,
    /// `if (flag)` on the toggled flag: the two paths alternate, and only
    /// their composition repeats.
    Flag,
    /// A test of the loop counter's remainder, `i % m == v` (or a mask):
    /// the path is a function of the counter modulo `m`.
    Counter {
        modulo: Modulo,
        cmp: Cmp,
        value: i128,
    },
}

#[derive(Clone, Debug)]
pub(super) struct Var {
    pub(super) name: String,
    pub(super) ty: IntType,
    /// Initial value, or `None` for a nondeterministic one within `range`.
    pub(super) init: Option<i128>,
    pub(super) range: (i128, i128),
}

pub(super) struct Program {
    pub(super) vars: Vec<Var>,
    pub(super) counter_ty: IntType,
    /// Loop bound: a constant, or nondeterministic up to the maximum.
    pub(super) bound_const: Option<u32>,
    pub(super) max_iters: u32,
    pub(super) guard: Option<Branch>,
    pub(super) then_updates: Vec<Update>,
    pub(super) else_updates: Vec<Update>,
    pub(super) inner_assert: Option<Cond>,
    pub(super) final_asserts: Vec<Cond>,
    /// A `_Bool flag` toggled by `flag = !flag;` in every iteration (its
    /// value alternates), with its initial value.
    pub(super) flag: Option<bool>,
    /// The value a final assertion says the flag has.
    pub(super) flag_assert: Option<bool>,
    /// A second `if (cond) { updates }` after the if/else, often on the
    /// variable the first one tests: where the first branch's updates leave
    /// it alone, some combinations of the two are infeasible, and the
    /// enumeration of paths must prune exactly those.
    pub(super) correlated: Option<(Cond, Vec<Update>)>,
    /// A loop in the body, after the branches: the outer loop is
    /// accelerated with its summary as one step when it has one.
    pub(super) inner: Option<InnerLoop>,
    /// `if (cond) break;` at the start of the body.
    pub(super) exit: Option<Cond>,
    /// The assignments and the assertion in the body are calls of helper
    /// functions (the same operations, in the helper).
    pub(super) calls: bool,
    /// With `calls`: the helpers take every variable by its address
    /// (`upd0(&v0, &v0, &v1)`: the target, then each variable read, so the
    /// target's address may come twice) and read and write through the
    /// pointers.
    pub(super) by_address: bool,
    /// With `calls`: the first helper counts its calls in a static local
    /// and asserts that it is called at most this many times (`static
    /// unsigned int calls; calls++; assert(calls <= 4);`): the loop's
    /// accelerator names the helper's static, moved to file scope
    /// (`emit::hoist`).
    pub(super) counted_calls: Option<u32>,
}

/// The limit of an inner loop's counter.
#[derive(Clone, Copy, Debug)]
pub(super) enum Limit {
    Const(i128),
    /// The outer loop's counter `i` (a triangular loop nest).
    OuterCounter,
}

/// `for (T j = S; j OP L; j++) { updates }` (or `j--`), or the same as
/// `j = S; while (j OP L) { updates j++; }`, possibly with a loop of the
/// same kind inside (three levels in all). Its trip count is small: a few
/// steps from start to limit, or a wrap-around of a narrow counter.
#[derive(Clone, Debug)]
pub(super) struct InnerLoop {
    pub(super) name: &'static str,
    pub(super) ty: IntType,
    pub(super) start: i128,
    pub(super) cmp: Cmp,
    pub(super) limit: Limit,
    /// 1 or -1.
    pub(super) step: i128,
    pub(super) as_for: bool,
    pub(super) updates: Vec<Update>,
    pub(super) inner: Option<Box<InnerLoop>>,
    /// A test at the start of the body (`InnerLoop::add_branch`).
    pub(super) branch: Option<InnerBranch>,
}

/// `if (TEST) THEN` at the start of an inner loop's body: the loop then has
/// more than one iteration path, and no summary; an outer path takes it
/// one iteration at a time.
#[derive(Clone, Debug)]
pub(super) struct InnerBranch {
    pub(super) test: InnerTest,
    pub(super) then: InnerThen,
}

#[derive(Clone, Debug)]
pub(super) enum InnerTest {
    /// `j CMP v` on the inner counter.
    Counter(Cmp, i128),
    /// `j % 2 == 0` (`true`) or `j % 2 != 0`: whether `j` is even, for
    /// either sign.
    Even(bool),
    /// A test of one of the program's variables.
    Var(Cond),
}

#[derive(Clone, Debug)]
pub(super) enum InnerThen {
    Update(Update),
    Break,
    /// Only in a `for` loop, whose step `continue` still runs.
    Continue,
}

impl InnerLoop {
    pub(super) fn random(rng: &mut Rng, prog: &Program, depth: usize) -> InnerLoop {
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
            branch: None,
        }
    }

    /// Put a test at the start of the body that guards an update, a
    /// `break` or (in a `for` loop) a `continue`.
    pub(super) fn add_branch(&mut self, rng: &mut Rng, prog: &Program) {
        let (low, high) = match self.limit {
            Limit::Const(c) => (self.start.min(c), self.start.max(c)),
            Limit::OuterCounter => (0, 3),
        };
        let test = match rng.below(4) {
            0 | 1 => InnerTest::Counter(
                *rng.pick(&[Cmp::Eq, Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Ge]),
                low + rng.below((high - low + 1) as u64) as i128,
            ),
            2 => InnerTest::Even(rng.chance(50)),
            _ => InnerTest::Var(prog.random_cond(rng, &[Cmp::Eq, Cmp::Gt, Cmp::Lt, Cmp::Ge])),
        };
        let then = match rng.below(if self.as_for { 3 } else { 2 }) {
            0 => {
                let mut updates = prog.random_updates(rng);
                updates.retain(|u| !matches!(u, Update::Swap(..)));
                match updates.into_iter().next() {
                    Some(u) => InnerThen::Update(u),
                    None => InnerThen::Break,
                }
            }
            1 => InnerThen::Break,
            _ => InnerThen::Continue,
        };
        self.branch = Some(InnerBranch { test, then });
    }

    /// `j` after one step of the loop (`j++` or `j--` in j's promoted type).
    fn next(&self, j: i128) -> i128 {
        self.ty.wrap(arith((j, self.ty), (1, IntType::INT), self.step > 0).0)
    }

    /// The most iterations one run of the loop (or of a loop inside it)
    /// can make, for the unwinding bound.
    pub(super) fn max_trips(&self, outer_max: u32) -> u32 {
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
            j = self.next(j);
            n += 1;
        }
        n
    }
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

    pub(super) fn random(rng: &mut Rng) -> Program {
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
            by_address: false,
            counted_calls: None,
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
                    modulo: Some(Modulo::Rem(m)),
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

    pub(super) fn random_updates(&self, rng: &mut Rng) -> Vec<Update> {
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

    /// The updates of the body's branches, in order.
    pub(super) fn body_updates(&self) -> impl Iterator<Item = &Update> {
        self.then_updates
            .iter()
            .chain(&self.else_updates)
            .chain(self.correlated.iter().flat_map(|(_, u)| u))
    }

    /// Whether the body has something a helper can do: an assignment or
    /// the assertion.
    pub(super) fn has_helper_work(&self) -> bool {
        self.inner_assert.is_some() || self.has_assignment()
    }

    /// Whether the body assigns (with `calls`, helper `upd0` exists).
    pub(super) fn has_assignment(&self) -> bool {
        self.body_updates().any(|u| matches!(u, Update::Assign(..)))
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
            Update::Assign(t, Rhs::AddShifted(a, b, s)) => {
                (*t, arith(tv(vals, *a), shifted_left(tv(vals, *b), *s), true))
            }
            Update::Assign(t, Rhs::ShiftedRight(v, s)) => (*t, shifted_right(tv(vals, *v), *s)),
        };
        vals[target] = self.vars[target].ty.wrap(result.0);
    }

    /// Sometimes test a guard's low bits with a mask (`(x & 3) == 1`)
    /// instead of a remainder by a power of two, from a stream of its own.
    pub(super) fn choose_mask(&mut self, rng: &mut Rng) {
        if let Some(Branch::Cond(c)) = &mut self.guard
            && let Some(Modulo::Rem(m @ (2 | 4))) = c.modulo
            && rng.chance(50)
        {
            c.modulo = Some(Modulo::LowBits(m));
        }
    }

    /// Sometimes make the branch's remainder test one of the loop counter
    /// (`Branch::Counter`), from a stream of its own; says whether it did.
    pub(super) fn test_the_counter(&mut self, rng: &mut Rng) -> bool {
        if let Some(Branch::Cond(c)) = &self.guard
            && let Some(modulo) = c.modulo
            && rng.chance(40)
        {
            self.guard = Some(Branch::Counter {
                modulo,
                cmp: c.cmp,
                value: c.value,
            });
            // Mostly sums, each path adding its own constants, and no
            // assertion in the body: what one accelerator can count.
            if rng.chance(70) {
                for u in self.then_updates.iter_mut().chain(self.else_updates.iter_mut()) {
                    let (Update::Assign(t, _) | Update::Inc(t) | Update::Dec(t) | Update::Swap(t, _)) = *u;
                    let c = 1 + rng.below(9) as i128;
                    *u = Update::Assign(
                        t,
                        if rng.chance(20) {
                            Rhs::SubConst(t, c)
                        } else {
                            Rhs::AddConst(t, c)
                        },
                    );
                }
                if rng.chance(60) {
                    self.inner_assert = None;
                }
                // A `break` or an inner loop is a way through the body that
                // the count cannot take.
                if rng.chance(60) {
                    self.exit = None;
                    self.inner = None;
                }
            }
            return true;
        }
        false
    }

    /// Sometimes shift (a stream of its own; says whether it did): a
    /// counter's remainder test becomes one of its quotient (`(i / 3) % 2`,
    /// `(i >> 2) & 1`), sums of variables add one shifted (`v + (w <<
    /// 2)`), and an assignment of a shifted value (`v = w >> 1`) ends the
    /// first branch.
    pub(super) fn add_shifts(&mut self, rng: &mut Rng) -> bool {
        let mut shifted = false;
        if let Some(Branch::Counter { modulo, .. }) = &mut self.guard
            && modulo.modulus() <= 8
            && rng.chance(70)
        {
            let m = modulo.modulus();
            let d = *rng.pick(&[2, 3, 4, 8]);
            if d * m <= 64 {
                *modulo = Modulo::OfQuotient { d, m };
                shifted = true;
            }
        }
        for u in self.then_updates.iter_mut().chain(self.else_updates.iter_mut()) {
            if let Update::Assign(t, Rhs::AddVar(a, b)) = *u
                && rng.chance(60)
            {
                *u = Update::Assign(t, Rhs::AddShifted(a, b, 1 + rng.below(3) as u32));
                shifted = true;
            }
        }
        // Not where the counter is tested: there the sums stay what one
        // accelerator counts by residue.
        if !matches!(self.guard, Some(Branch::Counter { .. })) && (!shifted || rng.chance(40)) {
            let n = self.vars.len() as u64;
            let (target, source) = (rng.below(n) as usize, rng.below(n) as usize);
            let rhs = if rng.chance(50) {
                Rhs::ShiftedRight(source, 1 + rng.below(4) as u32)
            } else {
                Rhs::AddShifted(target, source, 1 + rng.below(3) as u32)
            };
            self.then_updates.push(Update::Assign(target, rhs));
            shifted = true;
        }
        shifted
    }

    /// Whether the counter's test holds at the counter value `i`.
    pub(super) fn counter_holds(&self, i: u32, (modulo, cmp, value): (Modulo, Cmp, i128)) -> bool {
        let v = (self.counter_ty.wrap(i128::from(i)), self.counter_ty);
        tested_holds(v, Some(modulo), cmp, value)
    }

    fn holds(&self, vals: &[i128], c: &Cond) -> bool {
        let v = (vals[c.var], self.vars[c.var].ty);
        let v = match c.offset {
            Some(o) => arith(v, (o.abs(), literal_type(o.abs())), o >= 0),
            None => v,
        };
        tested_holds(v, c.modulo, c.cmp, c.value)
    }

    /// Run the program with the given initial values and iteration count
    /// (`rng` makes the nondeterministic choices); returns the final values.
    /// One run of an inner loop, in iteration `i` of the outer one.
    fn run_inner(&self, vals: &mut [i128], l: &InnerLoop, i: u32) {
        let limit = match l.limit {
            Limit::Const(c) => (c, literal_type(c)),
            Limit::OuterCounter => (i128::from(i), self.counter_ty),
        };
        let mut j = l.ty.wrap(l.start);
        for _ in 0..l.trips(limit) {
            let taken = l.branch.as_ref().filter(|b| match &b.test {
                InnerTest::Counter(cmp, v) => compare((j, l.ty), (*v, literal_type(*v)), *cmp),
                InnerTest::Even(even) => (j % 2 == 0) == *even,
                InnerTest::Var(c) => self.holds(vals, c),
            });
            match taken.map(|b| &b.then) {
                Some(InnerThen::Break) => return,
                Some(InnerThen::Continue) => {}
                then => {
                    if let Some(InnerThen::Update(u)) = then {
                        self.apply(vals, u);
                    }
                    for u in &l.updates {
                        self.apply(vals, u);
                    }
                    if let Some(inner) = &l.inner {
                        self.run_inner(vals, inner, i);
                    }
                }
            }
            j = l.next(j);
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
                Some(Branch::Counter { modulo, cmp, value }) => self.counter_holds(i, (*modulo, *cmp, *value)),
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
    pub(super) fn random_cond(&self, rng: &mut Rng, cmps: &[Cmp]) -> Cond {
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
    pub(super) fn add_offsets(&mut self, rng: &mut Rng) -> bool {
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
    pub(super) fn add_correlated_branch(&mut self, rng: &mut Rng) {
        let cond = match &self.guard {
            Some(Branch::Cond(g)) if rng.chance(70) => {
                let mut c = g.clone();
                // The same test, its negation, or another on the same value.
                match rng.below(3) {
                    0 => {}
                    1 => c.cmp = c.cmp.negated(),
                    _ if c.modulo.is_none() => c.cmp = *rng.pick(&[Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Eq]),
                    _ => c.value = (c.value + 1) % c.modulo.map_or(1, Modulo::modulus),
                }
                c
            }
            _ => self.random_cond(rng, &[Cmp::Lt, Cmp::Gt, Cmp::Eq]),
        };
        let updates = self.random_updates(rng);
        self.correlated = Some((cond, updates));
    }

    pub(super) fn choose_final_asserts(&mut self, rng: &mut Rng) {
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
}

/// `v` (or its remainder) compared with `value`, as C computes it.
fn tested_holds(v: (i128, IntType), modulo: Option<Modulo>, cmp: Cmp, value: i128) -> bool {
    let lhs = modulo.map_or(v, |m| m.reduce(v));
    compare(lhs, (value, literal_type(value)), cmp)
}
