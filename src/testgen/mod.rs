//! Random loop programs for differential soundness testing.
//!
//! In: a seed. Out: a small, self-contained C program (one to three
//! variables of random widths and signedness, a counted loop whose bound may
//! be nondeterministic, linear and constant updates, if/else in the body,
//! guards and initial values near the type limits so that wrap-around
//! happens, assertions inside and after the loop) and an unwinding bound
//! that covers its loop. The same seed always gives the same program.
//!
//! The program is simulated once with C semantics for one choice of the
//! nondeterministic values, so that some assertions name a value the
//! program really reaches and the corpus has unsafe programs as well as
//! safe ones. Verdicts themselves come from the checker, not from here.

use crate::ir::IntType;
use std::fmt::Write as _;

/// A generated program and a `--unwind` bound that covers its loop.
#[derive(Clone, Debug)]
pub struct Generated {
    pub source: String,
    pub bound: u32,
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

#[derive(Clone, Copy, Debug)]
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

/// Right-hand sides: `v`, `v + c`, `v - c`, `v + w`, `c`.
#[derive(Clone, Debug)]
enum Rhs {
    AddConst(usize, i128),
    SubConst(usize, i128),
    AddVar(usize, usize),
    Const(i128),
}

#[derive(Clone, Debug)]
enum Update {
    Assign(usize, Rhs),
    Inc(usize),
    Dec(usize),
}

#[derive(Clone, Debug)]
struct Cond {
    var: usize,
    cmp: Cmp,
    value: i128,
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
    guard: Option<Cond>,
    then_updates: Vec<Update>,
    else_updates: Vec<Update>,
    inner_assert: Option<Cond>,
    final_asserts: Vec<Cond>,
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

/// `a op b` with C's usual arithmetic conversions; returns value and type.
fn arith(a: (i128, IntType), b: (i128, IntType), add: bool) -> (i128, IntType) {
    let t = IntType::common(a.1, b.1);
    let (x, y) = (t.wrap(a.0), t.wrap(b.0));
    (t.wrap(if add { x + y } else { x - y }), t)
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
            prog.guard = Some(Cond { var, cmp, value });
            prog.else_updates = prog.random_updates(rng);
        }
        if rng.chance(20) {
            let var = rng.below(nvars as u64) as usize;
            let value = prog.interesting_value(rng, prog.vars[var].ty);
            prog.inner_assert = Some(Cond {
                var,
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
                match rng.below(6) {
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
            Update::Dec(v) => format!("{}--;", name(*v)),
            Update::Assign(t, Rhs::AddConst(v, c)) => format!("{} = {} + {};", name(*t), name(*v), literal(*c)),
            Update::Assign(t, Rhs::SubConst(v, c)) => format!("{} = {} - {};", name(*t), name(*v), literal(*c)),
            Update::Assign(t, Rhs::AddVar(a, b)) => format!("{} = {} + {};", name(*t), name(*a), name(*b)),
            Update::Assign(t, Rhs::Const(c)) => format!("{} = {};", name(*t), literal(*c)),
        }
    }

    fn cond_text(&self, c: &Cond) -> String {
        format!("{} {} {}", self.vars[c.var].name, c.cmp.text(), literal(c.value))
    }

    fn apply(&self, vals: &mut [i128], u: &Update) {
        let tv = |vals: &[i128], i: usize| (vals[i], self.vars[i].ty);
        let (target, result) = match u {
            Update::Inc(v) => (*v, arith(tv(vals, *v), (1, IntType::INT), true)),
            Update::Dec(v) => (*v, arith(tv(vals, *v), (1, IntType::INT), false)),
            Update::Assign(t, Rhs::AddConst(v, c)) => (*t, arith(tv(vals, *v), (*c, literal_type(*c)), true)),
            Update::Assign(t, Rhs::SubConst(v, c)) => (*t, arith(tv(vals, *v), (*c, literal_type(*c)), false)),
            Update::Assign(t, Rhs::AddVar(a, b)) => (*t, arith(tv(vals, *a), tv(vals, *b), true)),
            Update::Assign(t, Rhs::Const(c)) => (*t, (*c, literal_type(*c))),
        };
        vals[target] = self.vars[target].ty.wrap(result.0);
    }

    fn holds(&self, vals: &[i128], c: &Cond) -> bool {
        compare(
            (vals[c.var], self.vars[c.var].ty),
            (c.value, literal_type(c.value)),
            c.cmp,
        )
    }

    /// Run the program with the given initial values and iteration count;
    /// returns the final values.
    fn simulate(&self, mut vals: Vec<i128>, iterations: u32) -> Vec<i128> {
        for _ in 0..iterations {
            let take_then = self.guard.as_ref().is_none_or(|g| self.holds(&vals, g));
            let updates = if take_then {
                &self.then_updates
            } else {
                &self.else_updates
            };
            for u in updates {
                self.apply(&mut vals, u);
            }
        }
        vals
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
        let finals = self.simulate(inits, iterations);
        let var = rng.below(self.vars.len() as u64) as usize;
        let reached = finals[var];
        let cond = match rng.below(4) {
            // Often unsafe: the simulated run reaches this value.
            0 | 1 => Cond {
                var,
                cmp: Cmp::Ne,
                value: reached,
            },
            // Often safe when the program is deterministic.
            2 => Cond {
                var,
                cmp: Cmp::Eq,
                value: reached,
            },
            _ => Cond {
                var,
                cmp: *rng.pick(&[Cmp::Le, Cmp::Ge]),
                value: reached,
            },
        };
        self.final_asserts.push(cond);
    }

    fn render(&self) -> String {
        let mut out = String::new();
        let mut nondets: Vec<IntType> = self.vars.iter().filter(|v| v.init.is_none()).map(|v| v.ty).collect();
        if self.bound_const.is_none() {
            nondets.push(self.counter_ty);
        }
        nondets.sort_by_key(|t| nondet_name(*t));
        nondets.dedup();
        out.push_str("void __CPROVER_assume(_Bool);\nvoid assert(int);\n");
        for t in &nondets {
            let _ = writeln!(out, "{} {}(void);", t.c_name(), nondet_name(*t));
        }
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
        let _ = writeln!(out, "    while (i < {limit}) {{");
        let body_indent = if self.guard.is_some() {
            "            "
        } else {
            "        "
        };
        if let Some(g) = &self.guard {
            let _ = writeln!(out, "        if ({}) {{", self.cond_text(g));
        }
        for u in &self.then_updates {
            let _ = writeln!(out, "{body_indent}{}", self.update_text(u));
        }
        if self.guard.is_some() {
            out.push_str("        } else {\n");
            for u in &self.else_updates {
                let _ = writeln!(out, "{body_indent}{}", self.update_text(u));
            }
            out.push_str("        }\n");
        }
        if let Some(a) = &self.inner_assert {
            let _ = writeln!(out, "        assert({});", self.cond_text(a));
        }
        out.push_str("        i++;\n    }\n");
        for a in &self.final_asserts {
            let _ = writeln!(out, "    assert({});", self.cond_text(a));
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}

/// The program for `seed`.
pub fn loop_program(seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let mut prog = Program::random(&mut rng);
    prog.choose_final_asserts(&mut rng);
    // A while loop whose body runs m times needs --unwind m + 1.
    Generated {
        source: prog.render(),
        bound: prog.max_iters + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_deterministic_and_lower() {
        for seed in 0..200 {
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
