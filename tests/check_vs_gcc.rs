//! The checker against real execution: seeded random deterministic C
//! programs (mixed integer widths and signedness, arithmetic, shifts, casts,
//! conditionals, bounded loops, arrays, helper calls, switch, forward goto)
//! are compiled with gcc and run; their final values then become
//! assertions that `check_source` must prove (SAFE), one of them perturbed
//! must fail (UNSAFE), and a program whose run fails an inner `assert` must
//! be UNSAFE too. Programs avoid undefined behaviour beyond what `-fwrapv`
//! defines, so gcc is a valid oracle.
//!
//! `TRACC_DIFF_COUNT` sets the number of programs (default 300),
//! `TRACC_DIFF_SEED` the first seed.

use std::fmt::Write as _;
use std::process::Command;

use tracc::check::{CheckOptions, Verdict, check_source};
use tracc::ir::{IntType, Rank};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

const TYPES: [IntType; 12] = [
    IntType::CHAR,
    IntType::UCHAR,
    IntType::SHORT,
    IntType::USHORT,
    IntType::INT,
    IntType::UINT,
    IntType::LONG,
    IntType::ULONG,
    IntType::LLONG,
    IntType::ULLONG,
    IntType::BOOL,
    IntType::INT,
];

fn c_name(t: IntType) -> &'static str {
    match (t.rank, t.signed) {
        (Rank::Char, true) => "char",
        _ => t.c_name(),
    }
}

/// A literal of exactly type `t` (for ranks below int: an int literal).
fn literal(v: i128, t: IntType) -> String {
    let t = t.promote();
    let v = t.wrap(v);
    let suffix = t.literal_suffix();
    if v < 0 {
        if v == t.min() {
            format!("({}{suffix} - 1)", v + 1)
        } else {
            format!("({v}{suffix})")
        }
    } else {
        format!("{v}{suffix}")
    }
}

#[derive(Clone)]
struct Var {
    name: String,
    ty: IntType,
}

#[derive(Clone)]
struct Arr {
    name: String,
    ty: IntType,
    len: u64,
}

struct Helper {
    name: String,
    ret: IntType,
    params: Vec<IntType>,
}

struct E {
    text: String,
    ty: IntType,
}

/// What an expression may refer to.
#[derive(Clone, Default)]
struct Scope {
    vars: Vec<Var>,
    arrays: Vec<Arr>,
    /// Active loop counters: readable, never assigned, with their bound.
    counters: Vec<(String, u64)>,
    helpers: usize,
    read_only_arrays: bool,
}

struct Gen {
    rng: Rng,
    prefix: String,
    helpers: Vec<Helper>,
    labels: usize,
    counters: usize,
    out: String,
}

const INTERESTING: [i128; 22] = [
    0,
    1,
    2,
    3,
    5,
    7,
    100,
    127,
    128,
    255,
    256,
    1000,
    32767,
    32768,
    65535,
    65536,
    2147483647,
    2147483648,
    4294967295,
    4294967296,
    9223372036854775807,
    -1,
];

impl Gen {
    fn value(&mut self) -> i128 {
        match self.rng.below(4) {
            0 => *self.rng.pick(&INTERESTING),
            1 => -(*self.rng.pick(&INTERESTING)),
            2 => self.rng.below(20) as i128 - 5,
            _ => self.rng.next() as i128,
        }
    }

    fn lit(&mut self) -> E {
        let ty = *self.rng.pick(&[
            IntType::INT,
            IntType::INT,
            IntType::INT,
            IntType::UINT,
            IntType::LONG,
            IntType::ULONG,
            IntType::LLONG,
            IntType::ULLONG,
        ]);
        let v = self.value();
        E {
            text: literal(v, ty),
            ty,
        }
    }

    fn index(&mut self, sc: &Scope, len: u64, depth: u32) -> String {
        let fitting: Vec<&(String, u64)> = sc.counters.iter().filter(|(_, b)| *b <= len).collect();
        match self.rng.below(3) {
            0 if !fitting.is_empty() => self.rng.pick(&fitting).0.clone(),
            1 if depth > 0 => {
                let e = self.expr(sc, depth - 1);
                format!("(unsigned)({}) % {len}U", e.text)
            }
            _ => self.rng.below(len).to_string(),
        }
    }

    fn expr(&mut self, sc: &Scope, depth: u32) -> E {
        let choice = if depth == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(15)
        };
        match choice {
            0 | 1 if !sc.vars.is_empty() => {
                let v = self.rng.pick(&sc.vars).clone();
                E { text: v.name, ty: v.ty }
            }
            2 if !sc.arrays.is_empty() => {
                let a = self.rng.pick(&sc.arrays).clone();
                let i = self.index(sc, a.len, depth);
                E {
                    text: format!("{}[{i}]", a.name),
                    ty: a.ty,
                }
            }
            3 => {
                let a = self.expr(sc, depth - 1);
                let ty = a.ty.promote();
                let op = *self.rng.pick(&["-", "~", "!"]);
                E {
                    text: format!("{op}({})", a.text),
                    ty: if op == "!" { IntType::INT } else { ty },
                }
            }
            4 => {
                let a = self.expr(sc, depth - 1);
                let ty = *self.rng.pick(&TYPES);
                E {
                    text: format!("({})({})", c_name(ty), a.text),
                    ty,
                }
            }
            5..=7 => {
                let a = self.expr(sc, depth - 1);
                let b = self.expr(sc, depth - 1);
                let op = *self.rng.pick(&["+", "-", "*", "&", "|", "^", "+", "-"]);
                E {
                    text: format!("({}) {op} ({})", a.text, b.text),
                    ty: IntType::common(a.ty, b.ty),
                }
            }
            8 => {
                let a = self.expr(sc, depth - 1);
                let d = *self.rng.pick(&[2i128, 3, 5, 7, 10, 16, 100, -3, -7, 65536]);
                let dty = *self
                    .rng
                    .pick(&[IntType::INT, IntType::UINT, IntType::LONG, IntType::ULONG]);
                let op = *self.rng.pick(&["/", "%"]);
                let dl = if d < 0 && !dty.signed {
                    literal(d, IntType::INT)
                } else {
                    literal(d, dty)
                };
                let dty = if d < 0 && !dty.signed { IntType::INT } else { dty };
                E {
                    text: format!("({}) {op} {dl}", a.text),
                    ty: IntType::common(a.ty, dty),
                }
            }
            9 => {
                let a = self.expr(sc, depth - 1);
                let ty = a.ty.promote();
                let amt = self.rng.below(u64::from(ty.bits()));
                let op = *self.rng.pick(&["<<", ">>"]);
                E {
                    text: format!("({}) {op} {amt}", a.text),
                    ty,
                }
            }
            10 | 11 => {
                let a = self.expr(sc, depth - 1);
                let b = self.expr(sc, depth - 1);
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!=", "&&", "||"]);
                E {
                    text: format!("({}) {op} ({})", a.text, b.text),
                    ty: IntType::INT,
                }
            }
            12 => {
                let c = self.expr(sc, depth - 1);
                let a = self.expr(sc, depth - 1);
                let b = self.expr(sc, depth - 1);
                E {
                    text: format!("({}) ? ({}) : ({})", c.text, a.text, b.text),
                    ty: IntType::common(a.ty, b.ty),
                }
            }
            13 if sc.helpers > 0 => {
                let h = self.rng.below(sc.helpers as u64) as usize;
                let params = self.helpers[h].params.clone();
                let mut args = Vec::new();
                for _ in &params {
                    args.push(self.expr(sc, depth - 1).text);
                }
                E {
                    text: format!("{}({})", self.helpers[h].name, args.join(", ")),
                    ty: self.helpers[h].ret,
                }
            }
            _ => self.lit(),
        }
    }

    fn line(&mut self, indent: usize, s: &str) {
        for _ in 0..indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Statements; `writable` are the variables that may be assigned.
    fn stmts(&mut self, sc: &Scope, writable: &[Var], n: usize, indent: usize, depth: u32, exit_label: Option<&str>) {
        for _ in 0..n {
            self.stmt(sc, writable, indent, depth, exit_label);
        }
    }

    fn stmt(&mut self, sc: &Scope, writable: &[Var], indent: usize, depth: u32, exit_label: Option<&str>) {
        let choice = if depth == 0 {
            self.rng.below(6)
        } else {
            self.rng.below(14)
        };
        match choice {
            0..=2 if !writable.is_empty() => {
                let v = self.rng.pick(writable).clone();
                let e = self.expr(sc, 2);
                self.line(indent, &format!("{} = {};", v.name, e.text));
            }
            3 if !writable.is_empty() => {
                let v = self.rng.pick(writable).clone();
                match self.rng.below(4) {
                    0 => {
                        let e = self.expr(sc, 1);
                        let op = *self.rng.pick(&["+=", "-=", "*=", "&=", "|=", "^="]);
                        self.line(indent, &format!("{} {op} {};", v.name, e.text));
                    }
                    1 => {
                        let op = *self.rng.pick(&["/=", "%="]);
                        let d = *self.rng.pick(&[2, 3, 7, 10]);
                        self.line(indent, &format!("{} {op} {d};", v.name));
                    }
                    2 => {
                        let w = v.ty.promote().bits();
                        let amt = self.rng.below(u64::from(w));
                        let op = *self.rng.pick(&["<<=", ">>="]);
                        self.line(indent, &format!("{} {op} {amt};", v.name));
                    }
                    _ => {
                        let op = *self.rng.pick(&["{}++;", "{}--;", "++{};", "--{};"]);
                        self.line(indent, &op.replace("{}", &v.name));
                    }
                }
            }
            4 if !sc.arrays.is_empty() && !sc.read_only_arrays => {
                let a = self.rng.pick(&sc.arrays).clone();
                let i = self.index(sc, a.len, 1);
                let e = self.expr(sc, 2);
                let op = *self.rng.pick(&["=", "=", "+=", "^="]);
                self.line(indent, &format!("{}[{i}] {op} {};", a.name, e.text));
            }
            5 if exit_label.is_some() && self.rng.chance(50) => {
                let c = self.expr(sc, 1);
                let l = exit_label.unwrap_or_default();
                self.line(indent, &format!("if ({}) goto {l};", c.text));
            }
            6 | 7 => {
                let c = self.expr(sc, 2);
                self.line(indent, &format!("if ({}) {{", c.text));
                let n = 1 + self.rng.below(3) as usize;
                self.stmts(sc, writable, n, indent + 1, depth - 1, exit_label);
                if self.rng.chance(50) {
                    self.line(indent, "} else {");
                    let n = 1 + self.rng.below(3) as usize;
                    self.stmts(sc, writable, n, indent + 1, depth - 1, exit_label);
                }
                self.line(indent, "}");
            }
            8..=10 => self.loop_stmt(sc, writable, indent, depth),
            11 => {
                let c = self.expr(sc, 1);
                self.line(indent, &format!("switch ((unsigned)({}) % 4U) {{", c.text));
                for k in 0..4 {
                    if self.rng.chance(25) {
                        continue;
                    }
                    let label = if k == 3 && self.rng.chance(50) {
                        "default:".to_string()
                    } else {
                        format!("case {k}:")
                    };
                    self.line(indent, &label);
                    let n = 1 + self.rng.below(2) as usize;
                    self.stmts(sc, writable, n, indent + 1, depth - 1, None);
                    if self.rng.chance(75) {
                        self.line(indent + 1, "break;");
                    }
                }
                self.line(indent, "}");
            }
            12 => {
                // A forward goto over some statements.
                self.labels += 1;
                let l = format!("skip{}", self.labels);
                let c = self.expr(sc, 1);
                self.line(indent, &format!("if ({}) goto {l};", c.text));
                let n = 1 + self.rng.below(2) as usize;
                self.stmts(sc, writable, n, indent, depth - 1, None);
                self.line(indent, &format!("{l}:;"));
            }
            _ => {
                if !writable.is_empty() {
                    let v = self.rng.pick(writable).clone();
                    let e = self.expr(sc, 1);
                    self.line(indent, &format!("{} += {};", v.name, e.text));
                }
            }
        }
    }

    fn loop_stmt(&mut self, sc: &Scope, writable: &[Var], indent: usize, depth: u32) {
        self.counters += 1;
        let k = format!("k{}", self.counters);
        let bound = 1 + self.rng.below(6);
        let mut inner = sc.clone();
        inner.counters.push((k.clone(), bound));
        inner.vars.push(Var {
            name: k.clone(),
            ty: IntType::INT,
        });
        let exit = if self.rng.chance(25) {
            self.labels += 1;
            Some(format!("out{}", self.labels))
        } else {
            None
        };
        let n = 1 + self.rng.below(3) as usize;
        match self.rng.below(3) {
            0 => {
                self.line(indent, &format!("for (int {k} = 0; {k} < {bound}; {k}++) {{"));
                if self.rng.chance(25) {
                    // `continue` keeps the counter moving only in a `for`.
                    let c = self.expr(&inner, 1);
                    self.line(indent + 1, &format!("if ({}) continue;", c.text));
                }
                self.loop_body(&inner, writable, n, indent, depth, exit.as_deref());
                self.line(indent, "}");
            }
            1 => {
                self.line(indent, &format!("{{ int {k} = 0;"));
                self.line(indent, &format!("while ({k} < {bound}) {{"));
                self.loop_body(&inner, writable, n, indent, depth, exit.as_deref());
                self.line(indent + 1, &format!("{k}++;"));
                self.line(indent, "} }");
            }
            _ => {
                self.line(indent, &format!("{{ int {k} = 0;"));
                self.line(indent, "do {");
                self.loop_body(&inner, writable, n, indent, depth, exit.as_deref());
                self.line(indent + 1, &format!("{k}++;"));
                self.line(indent, &format!("}} while ({k} < {bound}); }}"));
            }
        }
        if let Some(l) = exit {
            self.line(indent, &format!("{l}:;"));
        }
    }

    fn loop_body(&mut self, sc: &Scope, writable: &[Var], n: usize, indent: usize, depth: u32, exit: Option<&str>) {
        self.stmts(sc, writable, n, indent + 1, depth - 1, exit);
        if self.rng.chance(20) {
            let c = self.expr(sc, 1);
            self.line(indent + 1, &format!("if ({}) break;", c.text));
        }
    }

    fn helper(&mut self, globals: &Scope) {
        let idx = self.helpers.len();
        let name = format!("{}h{idx}", self.prefix);
        let ret = *self.rng.pick(&TYPES);
        // Helpers read global arrays but write only their own variables,
        // so calls inside expressions have no side effects.
        let mut sc = Scope {
            arrays: globals.arrays.clone(),
            helpers: idx,
            read_only_arrays: true,
            ..Scope::default()
        };
        let mut params = Vec::new();
        let mut decl = Vec::new();
        for i in 0..1 + self.rng.below(3) {
            let t = *self.rng.pick(&TYPES);
            params.push(t);
            decl.push(format!("{} p{i}", c_name(t)));
            sc.vars.push(Var {
                name: format!("p{i}"),
                ty: t,
            });
        }
        self.line(0, &format!("{} {name}({}) {{", c_name(ret), decl.join(", ")));
        let lt = *self.rng.pick(&TYPES);
        let init = self.expr(&sc, 2);
        self.line(1, &format!("{} l = {};", c_name(lt), init.text));
        sc.vars.push(Var {
            name: "l".to_string(),
            ty: lt,
        });
        let writable = sc.vars.clone();
        let n = 1 + self.rng.below(3) as usize;
        self.stmts(&sc, &writable, n, 1, 2, None);
        if self.rng.chance(50) {
            let c = self.expr(&sc, 1);
            let r = self.expr(&sc, 2);
            self.line(1, &format!("if ({}) return {};", c.text, r.text));
        }
        let r = self.expr(&sc, 2);
        self.line(1, &format!("return {};", r.text));
        self.line(0, "}");
        self.helpers.push(Helper { name, ret, params });
    }
}

/// A generated program: its text up to (not including) the end of the
/// entry function, the entry name, and the values to observe.
struct Program {
    text: String,
    entry: String,
    observe: Vec<(String, IntType)>,
}

fn generate(seed: u64, prefix: &str) -> Program {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
        prefix: prefix.to_string(),
        helpers: Vec::new(),
        labels: 0,
        counters: 0,
        out: String::new(),
    };
    // Global arrays and scalars.
    let mut globals = Scope::default();
    let mut observe = Vec::new();
    for i in 0..g.rng.below(3) {
        let ty = *g.rng.pick(&TYPES);
        let len = 2 + g.rng.below(5);
        let name = format!("{prefix}ga{i}");
        if g.rng.chance(50) {
            let mut vals = Vec::new();
            for _ in 0..g.rng.below(len + 1) {
                let v = g.value();
                vals.push(literal(v, ty));
            }
            g.line(0, &format!("{} {name}[{len}] = {{{}}};", c_name(ty), vals.join(", ")));
        } else {
            g.line(0, &format!("{} {name}[{len}];", c_name(ty)));
        }
        for k in 0..len {
            observe.push((format!("{name}[{k}]"), ty));
        }
        globals.arrays.push(Arr { name, ty, len });
    }
    let mut gvars = Vec::new();
    for i in 0..g.rng.below(3) {
        let ty = *g.rng.pick(&TYPES);
        let name = format!("{prefix}g{i}");
        if g.rng.chance(50) {
            let v = g.value();
            g.line(0, &format!("{} {name} = {};", c_name(ty), literal(v, ty)));
        } else {
            g.line(0, &format!("{} {name};", c_name(ty)));
        }
        observe.push((name.clone(), ty));
        gvars.push(Var { name, ty });
    }
    for _ in 0..g.rng.below(3) {
        g.helper(&globals);
    }
    let recursive = g.rng.chance(15);
    if recursive {
        let name = format!("{prefix}rec");
        g.line(0, &format!("long {name}(int n, long acc) {{"));
        g.line(1, "if (n <= 0) return acc;");
        g.line(1, &format!("return {name}(n - 1, acc * 3 + n);"));
        g.line(0, "}");
    }
    let entry = format!("{prefix}main");
    g.line(0, &format!("int {entry}(void) {{"));
    let mut sc = globals.clone();
    sc.helpers = g.helpers.len();
    sc.vars.extend(gvars.iter().cloned());
    let mut locals = Vec::new();
    for i in 0..2 + g.rng.below(5) {
        let ty = *g.rng.pick(&TYPES);
        let name = format!("x{i}");
        let e = g.expr(&sc, 2);
        g.line(1, &format!("{} {name} = {};", c_name(ty), e.text));
        let v = Var { name, ty };
        sc.vars.push(v.clone());
        locals.push(v);
    }
    if g.rng.chance(50) {
        let ty = *g.rng.pick(&TYPES);
        let len = 2 + g.rng.below(4);
        let mut vals = Vec::new();
        for _ in 0..len {
            let e = g.expr(&sc, 1);
            vals.push(e.text);
        }
        g.line(1, &format!("{} la[{len}] = {{{}}};", c_name(ty), vals.join(", ")));
        for k in 0..len {
            observe.push((format!("la[{k}]"), ty));
        }
        sc.arrays.push(Arr {
            name: "la".to_string(),
            ty,
            len,
        });
    }
    if recursive {
        let e = g.expr(&sc, 1);
        let n = g.rng.below(6);
        g.line(1, &format!("x0 ^= {prefix}rec({n}, {});", e.text));
    }
    let mut writable = locals.clone();
    writable.extend(gvars.iter().cloned());
    let n = 3 + g.rng.below(6) as usize;
    g.stmts(&sc, &writable, n, 1, 3, None);
    if g.rng.chance(15) {
        // An inner assertion that may fail.
        let c = g.expr(&sc, 2);
        g.line(1, &format!("assert({});", c.text));
    }
    for v in &locals {
        observe.push((v.name.clone(), v.ty));
    }
    Program {
        text: g.out,
        entry,
        observe,
    }
}

fn print_suffix(p: &Program) -> String {
    let mut s = String::new();
    for (name, ty) in &p.observe {
        if ty.signed {
            let _ = writeln!(s, "    printf(\"%lld\\n\", (long long)({name}));");
        } else {
            let _ = writeln!(s, "    printf(\"%llu\\n\", (unsigned long long)({name}));");
        }
    }
    s.push_str("    return 0;\n}\n");
    s
}

fn assert_suffix(p: &Program, values: &[i128], perturb: Option<usize>) -> String {
    let mut s = String::new();
    for (i, ((name, ty), v)) in p.observe.iter().zip(values).enumerate() {
        let v = if perturb == Some(i) { ty.wrap(v + 1) } else { *v };
        let lit = if ty.signed {
            literal(v, IntType::LLONG)
        } else {
            literal(v, IntType::ULLONG)
        };
        let _ = writeln!(s, "    assert(({name}) == {lit});");
    }
    s.push_str("    return 0;\n}\n");
    s
}

enum Outcome {
    /// The run finished; the observed values.
    Values(Vec<i128>),
    /// An inner assertion failed.
    AssertFailed,
}

fn run_batch(programs: &[Program], dir: &std::path::Path) -> Vec<Outcome> {
    let mut src = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include <assert.h>\n");
    for p in programs {
        src.push_str(&p.text);
        src.push_str(&print_suffix(p));
    }
    src.push_str("int main(int argc, char **argv) {\n    switch (atoi(argv[1])) {\n");
    for (i, p) in programs.iter().enumerate() {
        let _ = writeln!(src, "    case {i}: {}(); break;", p.entry);
    }
    src.push_str("    }\n    return 0;\n}\n");
    let c = dir.join("batch.c");
    let exe = dir.join("batch");
    std::fs::write(&c, &src).unwrap();
    let st = Command::new("gcc")
        .args(["-std=c99", "-O0", "-fwrapv", "-w", "-o"])
        .arg(&exe)
        .arg(&c)
        .status()
        .expect("gcc must be installed");
    assert!(st.success(), "gcc failed on the generated batch {}", c.display());
    programs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let out = Command::new(&exe).arg(i.to_string()).output().unwrap();
            if !out.status.success() {
                return Outcome::AssertFailed;
            }
            let text = String::from_utf8_lossy(&out.stdout);
            let vals: Vec<i128> = text.lines().map(|l| l.trim().parse::<i128>().unwrap()).collect();
            assert_eq!(vals.len(), p.observe.len());
            Outcome::Values(vals)
        })
        .collect()
}

fn verdict(text: &str, entry: &str) -> Result<Verdict, String> {
    let opts = CheckOptions {
        unwind: 10,
        entry: entry.to_string(),
        ..CheckOptions::default()
    };
    match check_source(text, &opts) {
        Ok(r) => Ok(r.verdict),
        Err(d) => Err(format!("{d:?}")),
    }
}

#[test]
fn checker_agrees_with_gcc() {
    let count: u64 = std::env::var("TRACC_DIFF_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let first: u64 = std::env::var("TRACC_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let dir = tempfile::tempdir().unwrap();
    let mut disagreements = Vec::new();
    let (mut safe, mut unsafe_) = (0, 0);
    let batch = 100;
    let mut seed = first;
    while seed < first + count {
        let n = batch.min(first + count - seed);
        let programs: Vec<Program> = (seed..seed + n).map(|s| generate(s, &format!("s{s}_"))).collect();
        let outcomes = run_batch(&programs, dir.path());
        for (k, (p, o)) in programs.iter().zip(outcomes).enumerate() {
            let s = seed + k as u64;
            let mut checks = Vec::new();
            match o {
                Outcome::AssertFailed => {
                    checks.push((format!("{}    return 0;\n}}\n", p.text), Verdict::Unsafe));
                }
                Outcome::Values(vals) => {
                    checks.push((format!("{}{}", p.text, assert_suffix(p, &vals, None)), Verdict::Safe));
                    if !vals.is_empty() && s.is_multiple_of(3) {
                        let i = (s as usize / 3) % vals.len();
                        checks.push((
                            format!("{}{}", p.text, assert_suffix(p, &vals, Some(i))),
                            Verdict::Unsafe,
                        ));
                    }
                }
            }
            for (text, expected) in checks {
                match verdict(&text, &p.entry) {
                    Ok(v) if v == expected => {
                        if v == Verdict::Safe {
                            safe += 1;
                        } else {
                            unsafe_ += 1;
                        }
                    }
                    got => disagreements.push(format!("seed {s}: expected {expected:?}, checker said {got:?}\n{text}")),
                }
            }
        }
        seed += n;
    }
    for d in disagreements.iter().take(5) {
        eprintln!("----- DISAGREEMENT -----\n{d}");
    }
    eprintln!(
        "{count} programs: {safe} SAFE and {unsafe_} UNSAFE agreed, {} disagreements",
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements with gcc",
        disagreements.len()
    );
}
