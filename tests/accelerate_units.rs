//! Accelerators against concrete execution.
//!
//! Small loop programs are generated from a fixed seed, lowered and
//! accelerated. A tiny interpreter with C's wrap-around semantics then runs
//! the original loop n times from random start states and the accelerator
//! with `tracc_nN = n`: the accelerator's assumptions must hold exactly
//! when the n original iterations all stay on the path without leaving a
//! type and with their assertions holding, and then both must reach the
//! same state.

use std::collections::HashMap;
use tracc::instrument::{InstrumentOptions, instrument_program};
use tracc::ir::{BinOp, CType, Callee, Expr, ExprKind, Init, IntType, Intrinsic, Program, Stmt, StmtKind, UnOp, VarId};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }

    /// A value of the type, often near its limits.
    fn value(&mut self, t: IntType) -> i128 {
        let (lo, hi) = (t.min(), t.max());
        match self.below(5) {
            0 => lo + self.below(20) as i128,
            1 => hi - self.below(20) as i128,
            2 => (self.below(40) as i128 - 20).clamp(lo, hi),
            _ => lo + (self.next() as i128).rem_euclid(hi - lo + 1),
        }
    }
}

#[derive(Debug)]
enum Stop {
    /// An assumption failed.
    Blocked,
    /// An assertion failed.
    Failed,
    /// Something the interpreter does not model.
    Unsupported,
}

#[derive(Clone)]
struct Machine<'a> {
    program: &'a Program,
    vals: HashMap<VarId, i128>,
    arrays: HashMap<VarId, Vec<i128>>,
    /// Contents for fresh arrays the accelerator declares (the test's
    /// stand-in for the nondeterministic contents its assumptions pin down).
    fresh: HashMap<VarId, Vec<i128>>,
    /// Set when a tracked computation left its type.
    overflow: bool,
    track: bool,
    nondet: i128,
}

fn wrap(t: IntType, v: i128) -> i128 {
    t.wrap(v)
}

impl Machine<'_> {
    fn note(&mut self, t: IntType, v: i128) -> i128 {
        let w = wrap(t, v);
        if self.track && w != v && !t.is_bool() {
            self.overflow = true;
        }
        w
    }

    fn eval(&mut self, e: &Expr) -> Result<i128, Stop> {
        let t = e.ty.as_int();
        Ok(match &e.kind {
            ExprKind::IntLit(v) => *v,
            ExprKind::Var(v) => *self.vals.get(v).ok_or(Stop::Unsupported)?,
            ExprKind::Index(a, i) => {
                let ExprKind::Var(av) = a.skip_implicit().kind else {
                    return Err(Stop::Unsupported);
                };
                let i = self.eval(i)?;
                let arr = self.arrays.get(&av).ok_or(Stop::Unsupported)?;
                match usize::try_from(i).ok().and_then(|i| arr.get(i)) {
                    Some(v) => *v,
                    None => {
                        // Out of bounds: the original leaves the modelled
                        // behaviour, the accelerator must not cover it.
                        self.overflow = true;
                        0
                    }
                }
            }
            ExprKind::Call(Callee::Intrinsic(Intrinsic::ArrayCopy), args) => {
                let (ExprKind::Var(d), ExprKind::Var(src)) = (&args[0].kind, &args[1].kind) else {
                    return Err(Stop::Unsupported);
                };
                let c = self.arrays.get(src).cloned().ok_or(Stop::Unsupported)?;
                self.arrays.insert(*d, c);
                0
            }
            ExprKind::Cast { expr, .. } => {
                let v = self.eval(expr)?;
                self.note(t.ok_or(Stop::Unsupported)?, v)
            }
            ExprKind::Unary(op, a) => {
                let v = self.eval(a)?;
                let t = t.ok_or(Stop::Unsupported)?;
                match op {
                    UnOp::Neg => self.note(t, -v),
                    UnOp::Plus => v,
                    UnOp::BitNot => wrap(t, !v),
                    UnOp::LogNot => (v == 0) as i128,
                }
            }
            ExprKind::Binary(op, a, b) => {
                if *op == BinOp::LogAnd {
                    return Ok((self.eval(a)? != 0 && self.eval(b)? != 0) as i128);
                }
                if *op == BinOp::LogOr {
                    return Ok((self.eval(a)? != 0 || self.eval(b)? != 0) as i128);
                }
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                let t = t.ok_or(Stop::Unsupported)?;
                match op {
                    BinOp::Add => self.note(t, x + y),
                    BinOp::Sub => self.note(t, x - y),
                    BinOp::Mul => match x.checked_mul(y) {
                        Some(p) => self.note(t, p),
                        None => {
                            if self.track {
                                self.overflow = true;
                            }
                            wrap(t, (x as u128).wrapping_mul(y as u128) as i128)
                        }
                    },
                    BinOp::Div | BinOp::Rem => {
                        if y == 0 {
                            return Err(Stop::Unsupported);
                        }
                        let q = x / y;
                        if *op == BinOp::Div {
                            self.note(t, q)
                        } else {
                            self.note(t, x - q * y)
                        }
                    }
                    BinOp::Lt => (x < y) as i128,
                    BinOp::Le => (x <= y) as i128,
                    BinOp::Gt => (x > y) as i128,
                    BinOp::Ge => (x >= y) as i128,
                    BinOp::Eq => (x == y) as i128,
                    BinOp::Ne => (x != y) as i128,
                    BinOp::BitAnd => wrap(t, x & y),
                    BinOp::BitOr => wrap(t, x | y),
                    BinOp::BitXor => wrap(t, x ^ y),
                    _ => return Err(Stop::Unsupported),
                }
            }
            ExprKind::Cond(c, a, b) => {
                if self.eval(c)? != 0 {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            ExprKind::Assign { op, op_ty, lhs, rhs } => {
                if let ExprKind::Index(a, i) = &lhs.kind {
                    let ExprKind::Var(av) = a.skip_implicit().kind else {
                        return Err(Stop::Unsupported);
                    };
                    if op.is_some() {
                        return Err(Stop::Unsupported);
                    }
                    let i = self.eval(i)?;
                    let r = self.eval(rhs)?;
                    let arr = self.arrays.get_mut(&av).ok_or(Stop::Unsupported)?;
                    match usize::try_from(i).ok().and_then(|i| arr.get_mut(i)) {
                        Some(slot) => *slot = r,
                        None => self.overflow = true,
                    }
                    return Ok(r);
                }
                let ExprKind::Var(v) = lhs.kind else {
                    return Err(Stop::Unsupported);
                };
                let r = self.eval(rhs)?;
                let lt = lhs.ty.as_int().ok_or(Stop::Unsupported)?;
                let val = match op {
                    None => r,
                    Some(o) => {
                        let ot = op_ty.as_int().ok_or(Stop::Unsupported)?;
                        let l = self.note(ot, *self.vals.get(&v).ok_or(Stop::Unsupported)?);
                        let raw = match o {
                            BinOp::Add => l + r,
                            BinOp::Sub => l - r,
                            BinOp::Mul => l * r,
                            _ => return Err(Stop::Unsupported),
                        };
                        let computed = self.note(ot, raw);
                        self.note(lt, computed)
                    }
                };
                self.vals.insert(v, val);
                val
            }
            ExprKind::IncDec {
                inc,
                prefix,
                op_ty,
                target,
            } => {
                let ExprKind::Var(v) = target.kind else {
                    return Err(Stop::Unsupported);
                };
                let old = *self.vals.get(&v).ok_or(Stop::Unsupported)?;
                let ot = op_ty.as_int().ok_or(Stop::Unsupported)?;
                let tt = target.ty.as_int().ok_or(Stop::Unsupported)?;
                let raw = self.note(ot, if *inc { old + 1 } else { old - 1 });
                let new = self.note(tt, raw);
                self.vals.insert(v, new);
                if *prefix { new } else { old }
            }
            ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), args) => {
                let saved = self.track;
                self.track = false;
                let c = self.eval(&args[0])?;
                self.track = saved;
                if c == 0 {
                    return Err(Stop::Blocked);
                }
                0
            }
            ExprKind::Call(Callee::Intrinsic(Intrinsic::Assert), args) => {
                let saved = self.track;
                self.track = false;
                let c = self.eval(&args[0])?;
                self.track = saved;
                if c == 0 {
                    return Err(Stop::Failed);
                }
                0
            }
            ExprKind::Forall(k, body) => {
                // Bodies have the shape `!(k < bound) || ...`; the tests use
                // small bounds.
                for kv in 0..256 {
                    self.vals.insert(*k, kv);
                    if self.eval(body)? == 0 {
                        return Ok(0);
                    }
                }
                1
            }
            ExprKind::Nondet(_) => self.nondet,
            _ => return Err(Stop::Unsupported),
        })
    }

    fn cond(&mut self, e: &Expr) -> Result<bool, Stop> {
        let saved = self.track;
        self.track = false;
        let r = self.eval(e);
        self.track = saved;
        Ok(r? != 0)
    }

    fn exec(&mut self, s: &Stmt) -> Result<(), Stop> {
        match &s.kind {
            StmtKind::Empty => Ok(()),
            StmtKind::Expr(e) => self.eval(e).map(|_| ()),
            StmtKind::Decl(v, None) if self.program.var(*v).ty.array_parts().is_some() => {
                let c = self.fresh.get(v).cloned().ok_or(Stop::Unsupported)?;
                self.arrays.insert(*v, c);
                Ok(())
            }
            StmtKind::Decl(v, init) => {
                let val = match init {
                    Some(Init::Expr(e)) => {
                        let t = self.program.var(*v).ty.as_int().ok_or(Stop::Unsupported)?;
                        let x = self.eval(e)?;
                        wrap(t, x)
                    }
                    _ => 0,
                };
                self.vals.insert(*v, val);
                Ok(())
            }
            StmtKind::Block { stmts, .. } => stmts.iter().try_for_each(|c| self.exec(c)),
            StmtKind::If { cond, then, els } => {
                if self.cond(cond)? {
                    self.exec(then)
                } else if let Some(e) = els {
                    self.exec(e)
                } else {
                    Ok(())
                }
            }
            _ => Err(Stop::Unsupported),
        }
    }
}

const TYPES: [(&str, IntType); 10] = [
    ("unsigned char", IntType::UCHAR),
    ("signed char", IntType::CHAR),
    ("unsigned short", IntType::USHORT),
    ("short", IntType::SHORT),
    ("unsigned int", IntType::UINT),
    ("int", IntType::INT),
    ("unsigned long", IntType::ULONG),
    ("long", IntType::LONG),
    ("unsigned long long", IntType::ULLONG),
    ("long long", IntType::LLONG),
];

fn literal(v: i128) -> String {
    if v < 0 { format!("(- {})", -v) } else { v.to_string() }
}

/// A random single-path loop program.
fn program(rng: &mut Rng) -> String {
    let tx = rng.pick(&TYPES);
    let ty = rng.pick(&TYPES);
    let tz = rng.pick(&TYPES);
    let c = |rng: &mut Rng| 1 + rng.below(9) as i128;
    let mut body = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let s = match rng.below(9) {
            0 => format!("x += {};", c(rng)),
            1 => format!("x -= {};", c(rng)),
            2 => "x++;".to_string(),
            3 => "x--;".to_string(),
            4 => format!("z = {};", c(rng)),
            5 => "x = x + y;".to_string(),
            6 => format!("z += {};", c(rng)),
            // Quadratic in the count, monotone only where the loop
            // condition keeps `x` on one side of 0.
            7 => "z += x;".to_string(),
            _ => format!("z -= x + {};", c(rng)),
        };
        body.push(s);
    }
    if rng.below(3) == 0 {
        let v = match rng.below(3) {
            0 => c(rng).to_string(),
            1 => format!("x + {}", c(rng)),
            _ => "z".to_string(),
        };
        body.insert(0, format!("a[x] = {v};"));
    }
    if rng.below(4) == 0 {
        body.insert(
            0,
            format!("assert(x != {});", literal(rng.value(tx.1).clamp(-100, 100))),
        );
    }
    let bound = literal(rng.value(tx.1).clamp(-1000, 1000));
    let cond = match rng.below(4) {
        0 => format!("x < {bound}"),
        1 => format!("x > {bound}"),
        2 => format!("x != {bound}"),
        _ => format!("x >= {bound}"),
    };
    let body = body.join(" ");
    let lp = match rng.below(3) {
        0 => format!("while ({cond}) {{ {body} }}"),
        1 => format!("for (; {cond}; x++) {{ {body} }}"),
        _ => format!("do {{ {body} }} while ({cond});"),
    };
    format!(
        "int main() {{\n{} x; {} y; {} z; {} a[16];\n{lp}\nreturn 0;\n}}\n",
        tx.0,
        ty.0,
        tz.0,
        rng.pick(&TYPES).0
    )
}

/// Original semantics of n iterations from the current state: Ok(true)
/// when all of them stay on the (single) path without overflow and with
/// their assertions holding.
/// Run `n` iterations of the loop, the last one up to the end of its body
/// (where the accelerator stops; the loop runs the rest). Covered: all `n`
/// take the path without a value leaving its type, the part after the last
/// body (the `for` step, the `do`-`while` condition's side effects)
/// included, whose values are then discarded.
fn run_original(m: &mut Machine, lp: &Stmt, n: usize) -> Result<bool, Stop> {
    for i in 0..n {
        let last = i + 1 == n;
        let ok = match &lp.kind {
            StmtKind::While { cond, body } => m.cond(cond)? && run_body(m, body)?,
            StmtKind::For { cond, step, body, .. } => {
                let c = cond.as_ref().map_or(Ok(true), |c| m.cond(c))?;
                c && run_body(m, body)? && {
                    match step {
                        Some(s) if last => {
                            let mut rest = m.clone();
                            rest.eval(s)?;
                            !rest.overflow
                        }
                        Some(s) => m.eval(s).map(|_| true)?,
                        None => true,
                    }
                }
            }
            StmtKind::DoWhile { body, cond } => {
                run_body(m, body)? && {
                    if last {
                        let mut rest = m.clone();
                        rest.eval(cond)?;
                        !rest.overflow
                    } else {
                        m.cond(cond)?
                    }
                }
            }
            _ => return Err(Stop::Unsupported),
        };
        if !ok || m.overflow {
            return Ok(false);
        }
    }
    Ok(!m.overflow)
}

fn run_body(m: &mut Machine, body: &Stmt) -> Result<bool, Stop> {
    match m.exec(body) {
        Ok(()) => Ok(true),
        Err(Stop::Failed) => Ok(false),
        Err(e) => Err(e),
    }
}

/// `__CPROVER_array_copy(dst, src)` pairs of an accelerator block.
fn copies(s: &Stmt) -> Vec<(VarId, VarId)> {
    let mut out = Vec::new();
    s.walk(&mut |x| {
        if let StmtKind::Expr(e) = &x.kind
            && let ExprKind::Call(Callee::Intrinsic(Intrinsic::ArrayCopy), args) = &e.kind
            && let (ExprKind::Var(d), ExprKind::Var(src)) = (&args[0].kind, &args[1].kind)
        {
            out.push((*d, *src));
        }
    });
    out
}

/// How much of the accelerators a set of programs exercised.
#[derive(Default)]
struct Counts {
    accelerated: usize,
    /// Runs from a state where the block took its exit count.
    forced: usize,
    covered_runs: usize,
    array_runs: usize,
    array_accs: usize,
}

/// Every accelerator of `src`, from random states for n = 1 to 5: it runs
/// exactly when the original iterations stay on its path, and computes
/// what they compute.
fn agree_with_concrete_iterations(src: &str, rng: &mut Rng, counts: &mut Counts) {
    let lowered = tracc::lower::lower_source(src).expect("lowers");
    // Any quantifier, and no loop left to unrolling: this test is about
    // what the accelerators compute, not about which back end can read them.
    let opts = InstrumentOptions {
        quantifiers: tracc::ir::Quantifiers::Smt,
        unroll_limit: 0,
        ..InstrumentOptions::default()
    };
    let inst = instrument_program(&lowered.program, &opts);
    let program = &inst.program;
    for l in &inst.loops {
        let Some(lp) = tracc::loops::loop_stmt(&lowered.program, &l.info) else {
            continue;
        };
        for (_, acc) in &l.accelerators {
            counts.accelerated += 1;
            if !copies(&acc.block).is_empty() {
                counts.array_accs += 1;
            }
            let vars: Vec<VarId> = (0..lowered.program.vars.len()).map(VarId).collect();
            for _ in 0..12 {
                let start: HashMap<VarId, i128> = vars
                    .iter()
                    .filter_map(|v| {
                        let d = program.var(*v);
                        let t = d.ty.as_int()?;
                        // Indices of the array writes: often in bounds.
                        let small = d.name == "x" && rng.below(2) == 0;
                        Some((*v, if small { rng.below(16) as i128 } else { rng.value(t) }))
                    })
                    .collect();
                let start_arrays: HashMap<VarId, Vec<i128>> = vars
                    .iter()
                    .filter_map(|v| match &program.var(*v).ty {
                        CType::Array(e, len) => {
                            let t = e.as_int()?;
                            Some((*v, (0..*len).map(|_| rng.value(t)).collect()))
                        }
                        _ => None,
                    })
                    .collect();
                // Where the block takes the count at which its path ends,
                // that count is the run to compare, and it must end there.
                let forced = acc.exit.as_ref().and_then(|x| {
                    let mut probe = Machine {
                        program,
                        vals: start.clone(),
                        arrays: start_arrays.clone(),
                        fresh: HashMap::new(),
                        overflow: false,
                        track: false,
                        nondet: 0,
                    };
                    let count = probe.eval(&x.count).ok()?;
                    probe.vals.insert(acc.n_var, count);
                    (probe.eval(&x.runs_to_exit).expect("runs_to_exit evaluates") != 0).then_some(count)
                });
                if forced.is_some() {
                    counts.forced += 1;
                }
                for n in 1..=5usize {
                    let n = match forced {
                        None => n,
                        Some(count) if n == 1 && count <= 10_000 => count as usize,
                        Some(_) => break,
                    };
                    let mut orig = Machine {
                        program,
                        vals: start.clone(),
                        arrays: start_arrays.clone(),
                        fresh: HashMap::new(),
                        overflow: false,
                        track: true,
                        nondet: 0,
                    };
                    let covered = match run_original(&mut orig, lp, n) {
                        Ok(c) => c,
                        Err(_) => continue,
                    };
                    // The fresh arrays get the contents the original
                    // computed; the assumptions must accept exactly those.
                    let fresh = copies(&acc.block)
                        .into_iter()
                        .filter_map(|(dst, src)| orig.arrays.get(&dst).map(|c| (src, c.clone())))
                        .collect();
                    let mut fast = Machine {
                        program,
                        vals: start.clone(),
                        arrays: start_arrays.clone(),
                        fresh,
                        overflow: false,
                        track: false,
                        nondet: n as i128,
                    };
                    let ran = match fast.exec(&acc.block) {
                        Ok(()) => true,
                        Err(Stop::Blocked) => false,
                        Err(e) => panic!("{src}: accelerator not executable: {e:?}"),
                    };
                    assert_eq!(
                        covered, ran,
                        "{src}\nstart {start:?}, n = {n}: original covered = {covered}, accelerator ran = {ran}"
                    );
                    if forced.is_some() {
                        // The path cannot go on: no accelerator covers the
                        // next iteration.
                        let mut probe = Machine {
                            program,
                            vals: orig.vals.clone(),
                            arrays: orig.arrays.clone(),
                            fresh: HashMap::new(),
                            overflow: false,
                            track: false,
                            nondet: 1,
                        };
                        // The block ends before the loop's `for` step.
                        if let StmtKind::For { step: Some(step), .. } = &lp.kind {
                            probe.eval(step).expect("the step evaluates");
                        }
                        let goes_on = probe.eval(&acc.covered).is_ok_and(|c| c != 0);
                        assert!(
                            !goes_on,
                            "{src}\nstart {start:?}: the path goes on after its exit count {n}"
                        );
                    } else if n == 1 {
                        // The coverage predicate is the accelerator at n = 1.
                        let mut probe = Machine {
                            program,
                            vals: start.clone(),
                            arrays: start_arrays.clone(),
                            fresh: HashMap::new(),
                            overflow: false,
                            track: false,
                            nondet: 1,
                        };
                        let c = probe.eval(&acc.covered).expect("coverage predicate evaluates") != 0;
                        assert_eq!(c, ran, "{src}\nstart {start:?}: coverage predicate disagrees");
                    }
                    if ran {
                        counts.covered_runs += 1;
                        if !copies(&acc.block).is_empty() {
                            counts.array_runs += 1;
                        }
                        for v in &vars {
                            assert_eq!(
                                orig.vals.get(v),
                                fast.vals.get(v),
                                "{src}\nstart {start:?}, n = {n}: `{}` differs",
                                program.var(*v).name
                            );
                            assert_eq!(
                                orig.arrays.get(v),
                                fast.arrays.get(v),
                                "{src}\nstart {start:?}, n = {n}: array `{}` differs",
                                program.var(*v).name
                            );
                        }
                    }
                }
            }
        }
    }
}

/// `agree_with_concrete_iterations` on each of `loops` with each pair of
/// types, in a program whose declarations `decls` makes of them.
fn agree_on_loops(seed: u64, loops: &[&str], types: &[(&str, &str)], decls: &dyn Fn(&str, &str) -> String) -> Counts {
    let mut rng = Rng(seed);
    let mut counts = Counts::default();
    for lp in loops {
        for (t1, t2) in types {
            let src = format!("int main() {{\n{}\n{lp}\nreturn 0;\n}}\n", decls(t1, t2));
            agree_with_concrete_iterations(&src, &mut rng, &mut counts);
        }
    }
    counts
}

/// Sums of a counter (`z += x`) are quadratic in the count and monotone only
/// where the loop condition keeps the counter on one side of 0: tracc takes
/// the guards at both ends as premises of that (`recurrence::monotone`).
#[test]
fn sums_monotone_under_their_guards_agree_with_concrete_iterations() {
    let loops = [
        "while (x < -3) { z += x; x++; }",
        "for (; x > 0; x--) { z -= x; }",
        "while (0 < x && x < 1000) { z += x; x++; }",
        "while (x < 50) { z += x; x++; if (x < 3) break; }",
        "while (x > 5) { z += x; x--; }",
        "while (x >= 2) { x--; z = z + x; }",
        "while (y < x && 0 < x) { z += x; x--; }",
        "for (; x < -1; x++) { z -= x; }",
    ];
    let types = [
        ("int", "long"),
        ("short", "int"),
        ("signed char", "short"),
        ("int", "int"),
    ];
    let counts = agree_on_loops(0x5eed_1234_abcd_0002, &loops, &types, &|xt, zt| {
        format!("{xt} x; {xt} y; {zt} z; int a[16];")
    });
    assert!(
        counts.accelerated >= 15,
        "only {} accelerated loops",
        counts.accelerated
    );
    assert!(counts.covered_runs >= 200, "only {} covered runs", counts.covered_runs);
}

/// Array writes up to the loop's exit: from a state where they can run to
/// it, the accelerator takes that count (`accelerate::exit_count`), which
/// must be the original's, and the path must not go on after it.
#[test]
fn array_writes_to_the_exit_agree_with_concrete_iterations() {
    let loops = [
        "while (x < 12) { a[x] = 7; x++; }",
        "for (; x < 16; x++) { a[x] = x + 1; }",
        "for (; x > 0; x--) { a[x] = y; }",
        "while (x != 9) { a[x] = z; x++; }",
        "for (; x <= 14; x += 2) { a[x] = 1; }",
        "while (x < 15) { a[x] = 2; y += 3; x++; }",
        "for (; x < 10; x++) { assert(x != 20); a[x] = 5; }",
        "while (x >= 3) { a[x] = x; x -= 3; }",
    ];
    let types = [
        ("int", "int"),
        ("short", "long"),
        ("unsigned char", "int"),
        ("long", "short"),
    ];
    let counts = agree_on_loops(0x5eed_1234_abcd_0003, &loops, &types, &|xt, at| {
        format!("{xt} x; int y; int z; {at} a[16];")
    });
    assert!(
        counts.accelerated >= 25,
        "only {} accelerated loops",
        counts.accelerated
    );
    assert!(counts.forced >= 40, "only {} runs with the exit count", counts.forced);
}

#[test]
fn accelerators_agree_with_concrete_iterations() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut counts = Counts::default();
    // Programs and start states share one stream: where a change
    // accelerates one more loop, every later program is another one, so
    // enough of them that the counts below do not hang on one (60 gave 19
    // covered runs with arrays once the entry guards came).
    for _ in 0..80 {
        let src = program(&mut rng);
        agree_with_concrete_iterations(&src, &mut rng, &mut counts);
    }
    let Counts {
        accelerated,
        covered_runs,
        array_runs,
        array_accs,
        ..
    } = counts;
    // The generator must exercise the accelerators, not just skip them.
    assert!(accelerated >= 30, "only {accelerated} accelerated loops");
    assert!(covered_runs >= 200, "only {covered_runs} covered runs");
    assert!(
        array_runs >= 20,
        "only {array_runs} covered runs with arrays ({array_accs} array accelerators)"
    );
}
