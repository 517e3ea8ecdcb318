//! The checker against real execution: seeded random deterministic C
//! programs (mixed integer widths and signedness, arithmetic, shifts, casts,
//! conditionals, bounded loops, arrays, helper calls, switch, forward goto,
//! pointers to scalars, into arrays, into string literals and into memory
//! from `calloc`: `*p`, `p[i]`, `p + i`, `q - p`, comparisons, a helper
//! that writes through its pointer parameter; in about 40% of them structs:
//! tagged and typedef'd types with integer, array, nested struct and
//! pointer-to-integer fields, global and local struct variables with brace
//! initialisers, `s.f`, `s.a[i]`, `s.n.g`, `p->f`, `(*p).f`, whole-struct
//! assignment, pointers to structs compared and retargeted but never moved,
//! pointers to integer and array fields, `malloc`/`calloc` of a struct,
//! helpers taking a struct by value or by pointer and returning one)
//! are compiled with gcc and run; their final values then become
//! assertions that `check_source` must prove (SAFE), one of them perturbed
//! must fail (UNSAFE), and a program whose run fails an inner `assert` must
//! be UNSAFE too. Programs avoid undefined behaviour beyond what `-fwrapv`
//! defines, so gcc is a valid oracle. Compiled without `-fwrapv` under
//! gcc's signed-overflow sanitizer, the same programs test the checker's
//! signed-overflow check (`overflow_check_agrees_with_gccs_sanitizer`).
//!
//! `TRACC_DIFF_COUNT` sets the number of programs (default 300),
//! `TRACC_DIFF_SEED` the first seed, `TRACC_DIFF_SAVE` a directory where
//! disagreeing (and slow) programs are written, `TRACC_DIFF_DUMP` one where
//! all are. The ignored `generated_programs_are_well_defined` runs the
//! programs under gcc's sanitizers.

mod common;

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
    /// The second dimension of a two-dimensional array.
    len2: Option<u64>,
}

impl Arr {
    /// Every element, for observing final values.
    fn elements(&self) -> Vec<String> {
        let mut out = Vec::new();
        for i in 0..self.len {
            match self.len2 {
                Some(m) => (0..m).for_each(|j| out.push(format!("{}[{i}][{j}]", self.name))),
                None => out.push(format!("{}[{i}]", self.name)),
            }
        }
        out
    }
}

/// A pointer variable of `main`, fixed at its declaration.
#[derive(Clone)]
struct Ptr {
    name: String,
    ty: IntType,
    /// How many elements from where it points may be accessed (1 for a
    /// scalar).
    room: u64,
    /// The one-dimensional array it points into, and the offset.
    base: Option<(String, u64)>,
    /// False for a pointer into a string literal.
    writable: bool,
}

struct Helper {
    name: String,
    ret: IntType,
    params: Vec<IntType>,
}

/// A field of a generated struct type.
#[derive(Clone)]
enum Field {
    Int(IntType),
    /// A one-dimensional array of constant length.
    Array(IntType, u64),
    /// A struct type defined earlier, by value.
    Nested(usize),
    /// A pointer to an integer: set to a global or a local of the entry
    /// function before anything reads the struct, so never null when read.
    Ptr(IntType),
}

/// A struct type of the generated program.
struct StructDef {
    /// Ways to name it: `struct TAG` and typedef names.
    spellings: Vec<String>,
    fields: Vec<(String, Field)>,
}

/// The integer lvalues inside a struct object, for a path to it such as
/// `s0.`, `p->` or `(*p).`.
#[derive(Default)]
struct Leaves {
    ints: Vec<Var>,
    arrays: Vec<Arr>,
    /// Pointer fields (the lvalue of the pointer) and their pointee type.
    ptrs: Vec<(String, IntType)>,
}

impl Leaves {
    /// The integer lvalues: integer fields and what pointer fields point to.
    fn lvalues(&self) -> Vec<Var> {
        let mut out = self.ints.clone();
        out.extend(self.ptrs.iter().map(|(p, t)| Var {
            name: format!("(*{p})"),
            ty: *t,
        }));
        out
    }

    /// Every integer the object holds or points to, and whether each
    /// pointer field points to `first` (the first possible target of its
    /// type), for observing final values.
    fn observe(&self, first: impl Fn(IntType) -> String) -> Vec<(String, IntType)> {
        let mut out: Vec<(String, IntType)> = self.ints.iter().map(|v| (v.name.clone(), v.ty)).collect();
        for a in &self.arrays {
            out.extend(a.elements().into_iter().map(|e| (e, a.ty)));
        }
        for (p, t) in &self.ptrs {
            out.push((format!("(*{p})"), *t));
            out.push((format!("({p} == &{})", first(*t)), IntType::INT));
        }
        out
    }

    /// Adds the lvalues to what a scope may read and write.
    fn enter(&self, sc: &mut Scope, writable: &mut Vec<Var>) {
        let lv = self.lvalues();
        sc.vars.extend(lv.iter().cloned());
        writable.extend(lv);
        sc.arrays.extend(self.arrays.iter().cloned());
    }
}

/// An lvalue that no pointer can reach under another name: a variable or a
/// field of a struct variable, not `*p`, `p->f` or `*s.p`.
fn is_direct(v: &Var) -> bool {
    !v.name.contains('*') && !v.name.contains("->")
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
    /// Inside a helper returning this type: `return` may appear anywhere.
    ret: Option<IntType>,
    /// Void helpers that may be called as statements.
    void_helpers: Vec<(String, Vec<IntType>)>,
    /// Pointers that may be read and written through.
    ptrs: Vec<Ptr>,
    /// Helpers `void h(T *p, T v)` that write through `p`.
    ptr_helpers: Vec<(String, IntType)>,
    /// Struct variables (all their fields initialised) and their type:
    /// copied, passed by value, and targets of struct pointers.
    structs: Vec<(String, usize)>,
    /// Pointers to structs, never null, and their type.
    sptrs: Vec<(String, usize)>,
    /// Helpers `R h(struct S s, ...)` reading the copy: name, struct,
    /// return type, further integer parameters.
    by_value: Vec<(String, usize, IntType, Vec<IntType>)>,
    /// Helpers `void h(struct S *p, T v)` writing through `p`.
    by_ptr: Vec<(String, usize, IntType)>,
    /// Helpers `struct S mk(int a, int b)`.
    makers: Vec<(String, usize)>,
}

impl Scope {
    fn has_structs(&self) -> bool {
        !self.structs.is_empty() || !self.sptrs.is_empty()
    }
}

struct Gen {
    rng: Rng,
    prefix: String,
    helpers: Vec<Helper>,
    labels: usize,
    counters: usize,
    out: String,
    structs: Vec<StructDef>,
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

    /// An element access `a[i]` or `a[i][j]` with in-range indices.
    fn access(&mut self, sc: &Scope, a: &Arr, depth: u32) -> String {
        let i = self.index(sc, a.len, depth);
        match a.len2 {
            Some(m) => {
                let j = self.index(sc, m, depth);
                format!("{}[{i}][{j}]", a.name)
            }
            None => format!("{}[{i}]", a.name),
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
        } else if sc.has_structs() {
            self.rng.below(17)
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
                E {
                    text: self.access(sc, &a, depth),
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
                // `(_Bool)(e)` parses as a call of `(_Bool)` in tree-sitter-c;
                // a unary operator after the cast keeps it a cast.
                let text = if ty.is_bool() {
                    format!("(_Bool)~~({})", a.text)
                } else {
                    format!("({})({})", c_name(ty), a.text)
                };
                E { text, ty }
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
            14 if !sc.ptrs.is_empty() => self.pointer_read(sc, depth),
            15 if !sc.by_value.is_empty() => {
                let (h, s, ret, params) = self.rng.pick(&sc.by_value).clone();
                let mut args = vec![self.struct_of(sc, s)];
                for _ in &params {
                    args.push(self.expr(sc, depth - 1).text);
                }
                E {
                    text: format!("{h}({})", args.join(", ")),
                    ty: ret,
                }
            }
            16 if !sc.sptrs.is_empty() => self.struct_pointer_test(sc),
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

    /// `*p`, `p[j]`, `*(p + j)`, a comparison of two pointers, or the
    /// distance between two pointers into one array.
    fn pointer_read(&mut self, sc: &Scope, depth: u32) -> E {
        let p = self.rng.pick(&sc.ptrs).clone();
        let same_array: Vec<Ptr> = sc
            .ptrs
            .iter()
            .filter(|q| {
                q.ty == p.ty && q.base.is_some() && q.base.as_ref().map(|b| &b.0) == p.base.as_ref().map(|b| &b.0)
            })
            .cloned()
            .collect();
        match self.rng.below(6) {
            0 | 1 => E {
                text: format!("*{}", p.name),
                ty: p.ty,
            },
            2 => {
                let j = self.rng.below(p.room);
                E {
                    text: format!("{}[{j}]", p.name),
                    ty: p.ty,
                }
            }
            3 => {
                let j = self.rng.below(p.room);
                E {
                    text: format!("*({} + {j})", p.name),
                    ty: p.ty,
                }
            }
            4 if self.rng.chance(30) => {
                let same_type: Vec<Ptr> = sc.ptrs.iter().filter(|q| q.ty == p.ty).cloned().collect();
                let q = self.rng.pick(&same_type).clone();
                let c = self.expr(sc, depth.saturating_sub(1));
                E {
                    text: format!("*(({}) ? {} : {})", c.text, p.name, q.name),
                    ty: p.ty,
                }
            }
            4 if !same_array.is_empty() => {
                let q = self.rng.pick(&same_array).clone();
                let op = *self.rng.pick(&["==", "!=", "<", ">=", "-"]);
                E {
                    text: format!("({} {op} {})", p.name, q.name),
                    ty: if op == "-" { IntType::LONG } else { IntType::INT },
                }
            }
            _ => {
                let e = self.expr(sc, depth.saturating_sub(1));
                E {
                    text: format!("(*{} + ({}))", p.name, e.text),
                    ty: IntType::common(p.ty.promote(), e.ty.promote()),
                }
            }
        }
    }

    /// A write through a pointer: `*p = e`, `p[j] op= e`, `(*p)++`, or a
    /// call of a helper that writes through its pointer parameter.
    fn pointer_write(&mut self, sc: &Scope, indent: usize) {
        let writable: Vec<Ptr> = sc.ptrs.iter().filter(|p| p.writable).cloned().collect();
        if writable.is_empty() {
            return;
        }
        let p = self.rng.pick(&writable).clone();
        let helpers: Vec<(String, IntType)> = sc.ptr_helpers.iter().filter(|(_, t)| *t == p.ty).cloned().collect();
        let e = self.expr(sc, 1);
        match self.rng.below(4) {
            0 => self.line(indent, &format!("*{} = {};", p.name, e.text)),
            1 => {
                let j = self.rng.below(p.room);
                let op = *self.rng.pick(&["=", "+=", "^=", "-="]);
                self.line(indent, &format!("{}[{j}] {op} {};", p.name, e.text));
            }
            2 if !helpers.is_empty() => {
                let (h, _) = self.rng.pick(&helpers).clone();
                let j = self.rng.below(p.room);
                self.line(indent, &format!("{h}({} + {j}, {});", p.name, e.text));
            }
            _ => {
                let op = *self.rng.pick(&["(*{})++;", "--*{};", "++{}[0];"]);
                self.line(indent, &op.replace("{}", &p.name));
            }
        }
    }

    /// A struct variable of type `s` (the scope has one).
    fn struct_of(&mut self, sc: &Scope, s: usize) -> String {
        let vars: Vec<&String> = sc.structs.iter().filter(|(_, t)| *t == s).map(|(n, _)| n).collect();
        (*self.rng.pick(&vars)).clone()
    }

    /// A test on struct pointers: `p == q`, `p != q`, `!p`, `p == 0`,
    /// `p == &s`.
    fn struct_pointer_test(&mut self, sc: &Scope) -> E {
        let (p, s) = self.rng.pick(&sc.sptrs).clone();
        let same: Vec<&String> = sc.sptrs.iter().filter(|(_, t)| *t == s).map(|(n, _)| n).collect();
        let vars: Vec<&String> = sc.structs.iter().filter(|(_, t)| *t == s).map(|(n, _)| n).collect();
        let text = match self.rng.below(5) {
            0 => format!("({p} != {})", self.rng.pick(&same)),
            1 => format!("(!{p})"),
            2 => format!("({p} == 0)"),
            3 if !vars.is_empty() => format!("({p} == &{})", self.rng.pick(&vars)),
            _ => format!("({p} == {})", self.rng.pick(&same)),
        };
        E { text, ty: IntType::INT }
    }

    /// A statement on whole structs or struct pointers: `s = t`, `*p = t`,
    /// `t = *p`, `s = mk(a, b)`, `h(&s, v)`, `h(p, v)`, `p = &s`, `p = q`.
    fn struct_stmt(&mut self, sc: &Scope, indent: usize) {
        let of_type = |s: usize| -> Vec<String> {
            sc.structs
                .iter()
                .filter(|(_, t)| *t == s)
                .map(|(n, _)| n.clone())
                .collect()
        };
        let ptrs_of = |s: usize| -> Vec<String> {
            sc.sptrs
                .iter()
                .filter(|(_, t)| *t == s)
                .map(|(n, _)| n.clone())
                .collect()
        };
        // Kinds the scope does not allow are drawn again.
        for _ in 0..4 {
            let line = match self.rng.below(10) {
                0 | 1 if !sc.structs.is_empty() => {
                    let (a, s) = self.rng.pick(&sc.structs).clone();
                    let others: Vec<String> = of_type(s).into_iter().filter(|b| *b != a).collect();
                    (!others.is_empty()).then(|| format!("{a} = {};", self.rng.pick(&others)))
                }
                2 | 3 if !sc.sptrs.is_empty() => {
                    let (p, s) = self.rng.pick(&sc.sptrs).clone();
                    let vars = of_type(s);
                    if vars.is_empty() {
                        None
                    } else if self.rng.chance(50) {
                        Some(format!("*{p} = {};", self.rng.pick(&vars)))
                    } else {
                        Some(format!("{} = *{p};", self.rng.pick(&vars)))
                    }
                }
                4 | 5 if !sc.makers.is_empty() => {
                    let (mk, s) = self.rng.pick(&sc.makers).clone();
                    let t = self.struct_of(sc, s);
                    let a = self.expr(sc, 1);
                    let b = self.expr(sc, 1);
                    Some(format!("{t} = {mk}({}, {});", a.text, b.text))
                }
                6 | 7 if !sc.by_ptr.is_empty() => {
                    let (h, s, _) = self.rng.pick(&sc.by_ptr).clone();
                    let mut args: Vec<String> = of_type(s).into_iter().map(|v| format!("&{v}")).collect();
                    args.extend(ptrs_of(s));
                    let target = self.rng.pick(&args).clone();
                    let v = self.expr(sc, 1);
                    Some(format!("{h}({target}, {});", v.text))
                }
                8 | 9 if !sc.sptrs.is_empty() => {
                    let (p, s) = self.rng.pick(&sc.sptrs).clone();
                    let mut targets: Vec<String> = of_type(s).into_iter().map(|v| format!("&{v}")).collect();
                    targets.extend(ptrs_of(s).into_iter().filter(|q| *q != p));
                    (!targets.is_empty()).then(|| format!("{p} = {};", self.rng.pick(&targets)))
                }
                _ => None,
            };
            if let Some(l) = line {
                self.line(indent, &l);
                return;
            }
        }
    }

    /// One way to name struct type `s`.
    fn spell(&mut self, s: usize) -> String {
        let sp = self.structs[s].spellings.clone();
        self.rng.pick(&sp).clone()
    }

    /// A spelling of struct type `s` usable in a cast: `struct TAG`, since
    /// tree-sitter-c reads `(T *)x` with a typedef name `T` as a product.
    fn tag(&self, s: usize) -> Option<String> {
        self.structs[s]
            .spellings
            .iter()
            .find(|n| n.starts_with("struct "))
            .cloned()
    }

    /// Defines struct type number `idx`; pointer fields point to one of
    /// `ptr_types` (types of globals, so that helpers can set them).
    fn struct_def(&mut self, idx: usize, ptr_types: &[IntType]) {
        let mut fields = Vec::new();
        for k in 0..1 + self.rng.below(4) {
            let f = match self.rng.below(10) {
                5 | 6 => Field::Array(*self.rng.pick(&TYPES), 2 + self.rng.below(3)),
                7 | 8 if idx > 0 => Field::Nested(self.rng.below(idx as u64) as usize),
                9 if !ptr_types.is_empty() => Field::Ptr(*self.rng.pick(ptr_types)),
                _ => Field::Int(*self.rng.pick(&TYPES)),
            };
            let name = match f {
                Field::Int(_) => format!("f{k}"),
                Field::Array(..) => format!("a{k}"),
                Field::Nested(_) => format!("n{k}"),
                Field::Ptr(_) => format!("p{k}"),
            };
            fields.push((name, f));
        }
        let mut decls = Vec::new();
        for (name, f) in &fields {
            decls.push(match f {
                Field::Int(t) => format!("{} {name};", c_name(*t)),
                Field::Array(t, n) => format!("{} {name}[{n}];", c_name(*t)),
                Field::Nested(j) => format!("{} {name};", self.spell(*j)),
                Field::Ptr(t) => format!("{} *{name};", c_name(*t)),
            });
        }
        let tag = format!("struct {}S{idx}", self.prefix);
        let typedef = format!("{}T{idx}", self.prefix);
        let spellings = match self.rng.below(4) {
            0 => {
                self.line(0, "typedef struct {");
                decls.iter().for_each(|d| self.line(1, d));
                self.line(0, &format!("}} {typedef};"));
                vec![typedef]
            }
            1 => {
                self.line(0, &format!("{tag} {{"));
                decls.iter().for_each(|d| self.line(1, d));
                self.line(0, "};");
                self.line(0, &format!("typedef {tag} {typedef};"));
                vec![tag, typedef]
            }
            _ => {
                self.line(0, &format!("{tag} {{"));
                decls.iter().for_each(|d| self.line(1, d));
                self.line(0, "};");
                vec![tag]
            }
        };
        self.structs.push(StructDef { spellings, fields });
    }

    /// The integer lvalues of an object of struct `s` reached by `path`
    /// (`s0.`, `p->`).
    fn leaves(&self, s: usize, path: &str, out: &mut Leaves) {
        for (f, kind) in &self.structs[s].fields {
            let name = format!("{path}{f}");
            match kind {
                Field::Int(t) => out.ints.push(Var { name, ty: *t }),
                Field::Array(t, n) => out.arrays.push(Arr {
                    name,
                    ty: *t,
                    len: *n,
                    len2: None,
                }),
                Field::Nested(j) => self.leaves(*j, &format!("{name}."), out),
                Field::Ptr(t) => out.ptrs.push((name, *t)),
            }
        }
    }

    fn leaves_of(&self, s: usize, path: &str) -> Leaves {
        let mut out = Leaves::default();
        self.leaves(s, path, &mut out);
        out
    }

    /// A variable of type `t` among `targets`, to point to.
    fn target(&mut self, targets: &[Var], t: IntType) -> Option<String> {
        let fit: Vec<&Var> = targets.iter().filter(|v| v.ty == t).collect();
        (!fit.is_empty()).then(|| self.rng.pick(&fit).name.clone())
    }

    /// An initial value of type `t`: a literal, or with a scope an
    /// expression over it.
    fn init_value(&mut self, sc: Option<&Scope>, t: IntType) -> String {
        match sc {
            Some(sc) => self.expr(sc, 1).text,
            None => {
                let v = self.value();
                literal(v, t)
            }
        }
    }

    /// A positional brace initialiser for an object of struct `s` at `path`,
    /// sometimes only a prefix of the fields (the rest are zero): integers
    /// from `init_value`, pointer fields `&x` for an `x` among `targets`
    /// (their lvalues are added to `set`); with no target the list ends
    /// there. Returns the text (empty for no element) and whether it ended
    /// early.
    fn brace_init(
        &mut self,
        s: usize,
        sc: Option<&Scope>,
        targets: &[Var],
        path: &str,
        set: &mut Vec<String>,
    ) -> (String, bool) {
        let fields = self.structs[s].fields.clone();
        let n = if self.rng.chance(25) {
            1 + self.rng.below(fields.len() as u64) as usize
        } else {
            fields.len()
        };
        let mut items = Vec::new();
        let mut stopped = false;
        for (f, kind) in fields.iter().take(n) {
            match kind {
                Field::Int(t) => items.push(self.init_value(sc, *t)),
                Field::Array(t, len) => {
                    let k = if self.rng.chance(20) {
                        1 + self.rng.below(*len)
                    } else {
                        *len
                    };
                    let vals: Vec<String> = (0..k).map(|_| self.init_value(sc, *t)).collect();
                    items.push(format!("{{{}}}", vals.join(", ")));
                }
                Field::Nested(j) => {
                    let (text, st) = self.brace_init(*j, sc, targets, &format!("{path}{f}."), set);
                    if !text.is_empty() {
                        items.push(text);
                    }
                    if st {
                        stopped = true;
                        break;
                    }
                }
                Field::Ptr(t) => match self.target(targets, *t) {
                    Some(x) => {
                        items.push(format!("&{x}"));
                        set.push(format!("{path}{f}"));
                    }
                    None => {
                        stopped = true;
                        break;
                    }
                },
            }
        }
        if items.is_empty() {
            return (String::new(), true);
        }
        (format!("{{{}}}", items.join(", ")), stopped)
    }

    /// Points every pointer field of `l` not in `set` to one of `targets`.
    fn set_pointers(&mut self, l: &Leaves, targets: &[Var], set: &[String], indent: usize) {
        for (p, t) in &l.ptrs {
            if set.contains(p) {
                continue;
            }
            if let Some(x) = self.target(targets, *t) {
                self.line(indent, &format!("{p} = &{x};"));
            }
        }
    }

    /// Assigns every field of `l`, one by one.
    fn assign_fields(&mut self, sc: &Scope, l: &Leaves, targets: &[Var], indent: usize) {
        for v in &l.ints {
            let e = self.expr(sc, 1);
            self.line(indent, &format!("{} = {};", v.name, e.text));
        }
        for a in &l.arrays {
            for k in 0..a.len {
                let e = self.expr(sc, 1);
                self.line(indent, &format!("{}[{k}] = {};", a.name, e.text));
            }
        }
        self.set_pointers(l, targets, &[], indent);
    }

    /// `struct S mk(int a, int b)`: builds a struct from its arguments (a
    /// brace initialiser or field by field) and returns it.
    fn maker(&mut self, s: usize, idx: usize, gvars: &[Var]) -> (String, usize) {
        let name = format!("{}mk{idx}", self.prefix);
        let spelling = self.spell(s);
        self.line(0, &format!("{spelling} {name}(int a, int b) {{"));
        let sc = Scope {
            vars: vec![
                Var {
                    name: "a".to_string(),
                    ty: IntType::INT,
                },
                Var {
                    name: "b".to_string(),
                    ty: IntType::INT,
                },
            ],
            ..Scope::default()
        };
        let spelling = self.spell(s);
        let l = self.leaves_of(s, "r.");
        if self.rng.chance(50) {
            let mut set = Vec::new();
            let (init, _) = self.brace_init(s, Some(&sc), gvars, "r.", &mut set);
            self.line(1, &format!("{spelling} r = {init};"));
            self.set_pointers(&l, gvars, &set, 1);
        } else {
            self.line(1, &format!("{spelling} r;"));
            self.assign_fields(&sc, &l, gvars, 1);
        }
        if let Some(v) = l.ints.first().filter(|_| self.rng.chance(50)) {
            self.line(1, &format!("{} += a;", v.name));
        }
        self.line(1, "return r;");
        self.line(0, "}");
        (name, s)
    }

    /// `R h(struct S s, ...)`: reads the fields of its copy, often after
    /// changing some (which the caller must not see).
    fn by_value_helper(&mut self, s: usize, idx: usize) -> (String, usize, IntType, Vec<IntType>) {
        let name = format!("{}sv{idx}", self.prefix);
        let ret = *self.rng.pick(&TYPES);
        let l = self.leaves_of(s, "s.");
        let mut sc = Scope {
            ret: Some(ret),
            ..Scope::default()
        };
        // The copy's fields are the helper's own; what its pointer fields
        // point to is the caller's, read only (calls appear in expressions).
        let mut writable = Vec::new();
        l.enter(&mut sc, &mut writable);
        writable.retain(is_direct);
        let mut params = Vec::new();
        let mut decl = vec![format!("{} s", self.spell(s))];
        if self.rng.chance(50) {
            let t = *self.rng.pick(&TYPES);
            params.push(t);
            decl.push(format!("{} v", c_name(t)));
            let v = Var {
                name: "v".to_string(),
                ty: t,
            };
            sc.vars.push(v.clone());
            writable.push(v);
        }
        self.line(0, &format!("{} {name}({}) {{", c_name(ret), decl.join(", ")));
        if self.rng.chance(70) {
            self.field_write(&sc, &writable, 1);
        }
        let n = self.rng.below(3) as usize;
        self.stmts(&sc, &writable, n, 1, 1, None);
        let r = self.expr(&sc, 2);
        self.line(1, &format!("return {};", r.text));
        self.line(0, "}");
        (name, s, ret, params)
    }

    /// `void h(struct S *p, T v)`: writes fields through `p`.
    fn by_ptr_helper(&mut self, s: usize, idx: usize) -> (String, usize, IntType) {
        let name = format!("{}sp{idx}", self.prefix);
        let t = *self.rng.pick(&TYPES);
        let path = if self.rng.chance(70) { "p->" } else { "(*p)." };
        let l = self.leaves_of(s, path);
        let mut sc = Scope::default();
        let mut writable = Vec::new();
        l.enter(&mut sc, &mut writable);
        sc.vars.push(Var {
            name: "v".to_string(),
            ty: t,
        });
        let spelling = self.spell(s);
        self.line(0, &format!("void {name}({spelling} *p, {} v) {{", c_name(t)));
        self.field_write(&sc, &writable, 1);
        let n = self.rng.below(3) as usize;
        self.stmts(&sc, &writable, n, 1, 1, None);
        self.line(0, "}");
        (name, s, t)
    }

    /// An assignment to one field (or array field element) of the scope.
    fn field_write(&mut self, sc: &Scope, writable: &[Var], indent: usize) {
        let op = *self.rng.pick(&["=", "+=", "^=", "-="]);
        let e = self.expr(sc, 1);
        if !sc.arrays.is_empty() && (writable.is_empty() || self.rng.chance(30)) {
            let a = self.rng.pick(&sc.arrays).clone();
            let target = self.access(sc, &a, 1);
            self.line(indent, &format!("{target} {op} {};", e.text));
        } else if !writable.is_empty() {
            let v = self.rng.pick(writable).clone();
            self.line(indent, &format!("{} {op} {};", v.name, e.text));
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
        } else if sc.has_structs() {
            self.rng.below(20)
        } else {
            self.rng.below(17)
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
                let target = self.access(sc, &a, 1);
                let e = self.expr(sc, 2);
                let op = *self.rng.pick(&["=", "=", "+=", "^="]);
                self.line(indent, &format!("{target} {op} {};", e.text));
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
            13 if writable.iter().filter(|v| is_direct(v)).count() >= 2 => {
                // Side effects inside expressions, sequenced (x != y, and
                // neither is reached through a pointer, which could alias).
                let direct: Vec<Var> = writable.iter().filter(|v| is_direct(v)).cloned().collect();
                let x = self.rng.pick(&direct).clone();
                let others: Vec<Var> = direct.iter().filter(|v| v.name != x.name).cloned().collect();
                let y = self.rng.pick(&others).clone();
                let e1 = self.expr(sc, 1);
                let e2 = self.expr(sc, 1);
                let rhs = match self.rng.below(5) {
                    0 => format!("{}++", y.name),
                    1 => format!("--{}", y.name),
                    2 => format!("({} += {})", y.name, e1.text),
                    3 => format!("({} = {}, {})", y.name, e1.text, e2.text),
                    _ => format!("({} ^= {}) + 1", y.name, e1.text),
                };
                self.line(indent, &format!("{} = {rhs};", x.name));
            }
            14 if !sc.void_helpers.is_empty() => {
                let (name, params) = self.rng.pick(&sc.void_helpers).clone();
                let args: Vec<String> = params.iter().map(|_| self.expr(sc, 1).text).collect();
                self.line(indent, &format!("{name}({});", args.join(", ")));
            }
            16 if !sc.ptrs.is_empty() => self.pointer_write(sc, indent),
            17..=19 if sc.has_structs() => self.struct_stmt(sc, indent),
            15 if sc.ret.is_some() => {
                let c = self.expr(sc, 1);
                let r = self.expr(sc, 1);
                self.line(indent, &format!("if ({}) return {};", c.text, r.text));
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
        match self.rng.below(5) {
            3 => {
                // Counting down: the counter takes the values bound..1.
                let mut down = sc.clone();
                down.counters.push((k.clone(), bound + 1));
                down.vars.push(Var {
                    name: k.clone(),
                    ty: IntType::INT,
                });
                self.line(indent, &format!("for (int {k} = {bound}; {k} > 0; {k}--) {{"));
                self.loop_body(&down, writable, n, indent, depth, exit.as_deref());
                self.line(indent, "}");
            }
            4 => {
                // An extra exit condition evaluated every iteration.
                let c = self.expr(sc, 1);
                self.line(indent, &format!("{{ int {k} = 0;"));
                self.line(indent, &format!("while ({k} < {bound} && ({})) {{", c.text));
                self.loop_body(&inner, writable, n, indent, depth, exit.as_deref());
                self.line(indent + 1, &format!("{k}++;"));
                self.line(indent, "} }");
            }
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
            ret: Some(ret),
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

    /// A `void` helper that writes globals; called only as a statement.
    fn void_helper(&mut self, globals: &Scope, gvars: &[Var], idx: usize) -> (String, Vec<IntType>) {
        let name = format!("{}v{idx}", self.prefix);
        let mut sc = Scope {
            arrays: globals.arrays.clone(),
            helpers: self.helpers.len(),
            vars: gvars.to_vec(),
            ..Scope::default()
        };
        let mut params = Vec::new();
        let mut decl = Vec::new();
        for i in 0..1 + self.rng.below(2) {
            let t = *self.rng.pick(&TYPES);
            params.push(t);
            decl.push(format!("{} q{i}", c_name(t)));
            sc.vars.push(Var {
                name: format!("q{i}"),
                ty: t,
            });
        }
        self.line(0, &format!("void {name}({}) {{", decl.join(", ")));
        let writable = sc.vars.clone();
        let n = 1 + self.rng.below(3) as usize;
        self.stmts(&sc, &writable, n, 1, 2, None);
        self.line(0, "}");
        (name, params)
    }
}

/// A generated program: its text up to (not including) the end of the
/// entry function, the entry name, and the values to observe.
struct Program {
    text: String,
    entry: String,
    observe: Vec<(String, IntType)>,
    /// The inputs' value ranges: lowest value and count.
    domains: Vec<(i128, u64)>,
    /// Whether it has structs, and pointers to integers.
    structs: bool,
    pointers: bool,
}

/// A program; with `inputs > 0` it reads that many `int` inputs, each
/// nondeterministic over at most three values for the checker and given on
/// the command line for gcc, and ends in assertions that may fail for some
/// inputs (nothing is observed).
fn generate(seed: u64, prefix: &str, inputs: usize) -> Program {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
        prefix: prefix.to_string(),
        helpers: Vec::new(),
        labels: 0,
        counters: 0,
        out: String::new(),
        structs: Vec::new(),
    };
    let with_structs = g.rng.chance(40);
    // Global arrays and scalars.
    for (i, t) in TYPES.iter().enumerate() {
        g.line(0, &format!("{} nondet_t{i}(void);", c_name(*t)));
    }
    let mut globals = Scope::default();
    let mut observe = Vec::new();
    for i in 0..g.rng.below(3) {
        let ty = *g.rng.pick(&TYPES);
        let name = format!("{prefix}ga{i}");
        if g.rng.chance(30) {
            let (n, m) = (2 + g.rng.below(2), 2 + g.rng.below(2));
            if g.rng.chance(50) {
                let mut rows = Vec::new();
                for _ in 0..g.rng.below(n + 1) {
                    let row: Vec<String> = (0..g.rng.below(m + 1)).map(|_| literal(g.value(), ty)).collect();
                    rows.push(format!("{{{}}}", row.join(", ")));
                }
                g.line(
                    0,
                    &format!("{} {name}[{n}][{m}] = {{{}}};", c_name(ty), rows.join(", ")),
                );
            } else {
                g.line(0, &format!("{} {name}[{n}][{m}];", c_name(ty)));
            }
            let a = Arr {
                name,
                ty,
                len: n,
                len2: Some(m),
            };
            observe.extend(a.elements().into_iter().map(|e| (e, ty)));
            globals.arrays.push(a);
            continue;
        }
        let len = 2 + g.rng.below(5);
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
        globals.arrays.push(Arr {
            name,
            ty,
            len,
            len2: None,
        });
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
    // Struct types, global struct variables (zero or a brace initialiser
    // that stops before the first pointer field; `main` sets those), and
    // helpers that build, read and write structs.
    let mut gstructs: Vec<(String, usize)> = Vec::new();
    let (mut makers, mut by_value, mut by_ptr) = (Vec::new(), Vec::new(), Vec::new());
    let mut vh_globals = globals.clone();
    let mut vh_vars = gvars.clone();
    if with_structs {
        let ptr_types: Vec<IntType> = gvars.iter().map(|v| v.ty).collect();
        for i in 0..1 + g.rng.below(3) {
            g.struct_def(i as usize, &ptr_types);
        }
        let nstructs = g.structs.len() as u64;
        for i in 0..g.rng.below(3) {
            let s = g.rng.below(nstructs) as usize;
            let name = format!("{prefix}gs{i}");
            let spelling = g.spell(s);
            let (init, _) = if g.rng.chance(50) {
                g.brace_init(s, None, &[], &format!("{name}."), &mut Vec::new())
            } else {
                (String::new(), true)
            };
            if init.is_empty() {
                g.line(0, &format!("{spelling} {name};"));
            } else {
                g.line(0, &format!("{spelling} {name} = {init};"));
            }
            // Void helpers write the globals' fields too.
            let l = g.leaves_of(s, &format!("{name}."));
            l.enter(&mut vh_globals, &mut vh_vars);
            gstructs.push((name, s));
        }
        for i in 0..1 + g.rng.below(3) {
            let s = g.rng.below(nstructs) as usize;
            match g.rng.below(3) {
                0 => makers.push(g.maker(s, i as usize, &gvars)),
                1 => by_value.push(g.by_value_helper(s, i as usize)),
                _ => by_ptr.push(g.by_ptr_helper(s, i as usize)),
            }
        }
    }
    for _ in 0..g.rng.below(3) {
        g.helper(&globals);
    }
    let mut void_helpers = Vec::new();
    for i in 0..g.rng.below(3) {
        let vh = g.void_helper(&vh_globals, &vh_vars, i as usize);
        void_helpers.push(vh);
    }
    let mut ptr_helpers = Vec::new();
    if g.rng.chance(40) {
        let t = *g.rng.pick(&TYPES);
        let name = format!("{prefix}ph");
        g.line(0, &format!("void {name}({} *p, {} v) {{", c_name(t), c_name(t)));
        let op = *g.rng.pick(&[
            "*p = *p * 3 + v;",
            "*p += v; (*p)++;",
            "if (*p < v) *p = v;",
            "p[0] ^= v;",
        ]);
        g.line(1, op);
        g.line(0, "}");
        ptr_helpers.push((name, t));
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
    sc.void_helpers = void_helpers;
    sc.vars.extend(gvars.iter().cloned());
    let mut domains = Vec::new();
    for i in 0..inputs {
        let lo = *g.rng.pick(&[-2i128, 0, 0, 1, 7, 100, -100, 2147483645, -2147483647]);
        let count = 1 + g.rng.below(3);
        let hi = lo + count as i128 - 1;
        g.line(1, &format!("{GCC}int in{i} = (int)tracc_in[{i}];"));
        g.line(1, &format!("{CHECK}int in{i} = nondet_t4();"));
        g.line(
            1,
            &format!(
                "{CHECK}__CPROVER_assume(in{i} >= {} && in{i} <= {});",
                literal(lo, IntType::INT),
                literal(hi, IntType::INT)
            ),
        );
        sc.vars.push(Var {
            name: format!("in{i}"),
            ty: IntType::INT,
        });
        domains.push((lo, count));
    }
    let mut locals = Vec::new();
    for i in 0..2 + g.rng.below(5) {
        let ty = *g.rng.pick(&TYPES);
        let name = format!("x{i}");
        let e = g.expr(&sc, 2);
        if g.rng.chance(30) {
            // A symbolic value pinned by an assumption: the same program
            // for gcc (where the nondet function returns its argument), but
            // the checker cannot fold it to a constant.
            let ti = TYPES.iter().position(|t| *t == ty).unwrap_or(0);
            let cast = if ty.is_bool() {
                format!("(_Bool)~~({})", e.text)
            } else {
                format!("({})({})", c_name(ty), e.text)
            };
            g.line(1, &format!("{GCC}{} {name} = {};", c_name(ty), e.text));
            g.line(1, &format!("{CHECK}{} {name} = nondet_t{ti}();", c_name(ty)));
            g.line(1, &format!("{CHECK}__CPROVER_assume({name} == {cast});"));
        } else {
            g.line(1, &format!("{} {name} = {};", c_name(ty), e.text));
        }
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
            len2: None,
        });
    }
    // Struct lvalues `main` may write, struct values to observe, integer
    // fields whose address may be taken.
    let mut swritable = Vec::new();
    let mut sobserve = Vec::new();
    let mut addressable = locals.clone();
    if with_structs {
        let mut targets = gvars.clone();
        targets.extend(locals.iter().cloned());
        let first = |t: IntType| {
            targets
                .iter()
                .find(|v| v.ty == t)
                .map(|v| v.name.clone())
                .unwrap_or_default()
        };
        // The globals' pointer fields, null until here.
        for (name, s) in &gstructs {
            let l = g.leaves_of(*s, &format!("{name}."));
            g.set_pointers(&l, &targets, &[], 1);
            l.enter(&mut sc, &mut swritable);
            sobserve.extend(l.observe(first));
            addressable.extend(l.ints.iter().cloned());
            sc.structs.push((name.clone(), *s));
        }
        let nstructs = g.structs.len() as u64;
        // The first has the type of a helper, if any, so that it is called.
        let mut helped: Vec<usize> = makers.iter().map(|(_, s)| *s).collect();
        helped.extend(by_value.iter().map(|(_, s, _, _)| *s));
        helped.extend(by_ptr.iter().map(|(_, s, _)| *s));
        for i in 0..1 + g.rng.below(3) {
            let s = if i == 0 && !helped.is_empty() {
                *g.rng.pick(&helped)
            } else {
                g.rng.below(nstructs) as usize
            };
            let name = format!("s{i}");
            let spelling = g.spell(s);
            let l = g.leaves_of(s, &format!("{name}."));
            if g.rng.chance(65) {
                let mut set = Vec::new();
                let (init, _) = g.brace_init(s, Some(&sc), &targets, &format!("{name}."), &mut set);
                g.line(1, &format!("{spelling} {name} = {init};"));
                g.set_pointers(&l, &targets, &set, 1);
            } else {
                g.line(1, &format!("{spelling} {name};"));
                g.assign_fields(&sc, &l, &targets, 1);
            }
            l.enter(&mut sc, &mut swritable);
            sobserve.extend(l.observe(first));
            addressable.extend(l.ints.iter().cloned());
            sc.structs.push((name, s));
        }
        for i in 0..g.rng.below(3) {
            let (t, s) = g.rng.pick(&sc.structs).clone();
            let name = format!("ps{i}");
            let spelling = g.spell(s);
            g.line(1, &format!("{spelling} *{name} = &{t};"));
            let path = if g.rng.chance(70) {
                format!("{name}->")
            } else {
                format!("(*{name}).")
            };
            let l = g.leaves_of(s, &path);
            l.enter(&mut sc, &mut swritable);
            addressable.extend(l.ints.iter().cloned());
            sc.sptrs.push((name, s));
        }
        if g.rng.chance(35) {
            // Memory from malloc (every field written before any is read)
            // or calloc (zero but for the pointer fields); the checker's
            // may be null (CBMC's default), gcc's never is here.
            let s = g.rng.below(nstructs) as usize;
            let spelling = g.spell(s);
            let size = format!("sizeof({})", g.spell(s));
            let zeroed = g.rng.chance(40);
            let alloc = if zeroed {
                format!("calloc(1, {size})")
            } else {
                format!("malloc({size})")
            };
            let cast = match g.tag(s) {
                Some(t) if g.rng.chance(50) => format!("({t} *)"),
                _ => String::new(),
            };
            g.line(1, &format!("{spelling} *m0 = {cast}{alloc};"));
            let check = if g.rng.chance(50) {
                "if (m0 == 0) return 0;"
            } else {
                "if (!m0) return 0;"
            };
            g.line(1, check);
            let l = g.leaves_of(s, "m0->");
            let vars: Vec<String> = sc
                .structs
                .iter()
                .filter(|(_, t)| *t == s)
                .map(|(n, _)| n.clone())
                .collect();
            if zeroed {
                g.set_pointers(&l, &targets, &[], 1);
            } else if !vars.is_empty() && g.rng.chance(35) {
                let t = g.rng.pick(&vars).clone();
                g.line(1, &format!("*m0 = {t};"));
            } else {
                g.assign_fields(&sc, &l, &targets, 1);
            }
            l.enter(&mut sc, &mut swritable);
            sobserve.extend(l.observe(first));
            addressable.extend(l.ints.iter().cloned());
            sc.sptrs.push(("m0".to_string(), s));
        }
        let has_var = |s: usize| sc.structs.iter().any(|(_, t)| *t == s);
        let has_ptr = |s: usize| sc.sptrs.iter().any(|(_, t)| *t == s);
        makers.retain(|(_, s)| has_var(*s));
        by_value.retain(|(_, s, _, _)| has_var(*s));
        by_ptr.retain(|(_, s, _)| has_var(*s) || has_ptr(*s));
        sc.makers = makers;
        sc.by_value = by_value;
        sc.by_ptr = by_ptr;
    }
    if g.rng.chance(60) {
        sc.ptr_helpers = ptr_helpers;
        for i in 0..1 + g.rng.below(3) {
            let name = format!("pt{i}");
            let arrays: Vec<Arr> = sc.arrays.iter().filter(|a| a.len2.is_none()).cloned().collect();
            let ptr = match g.rng.below(4) {
                0 if !arrays.is_empty() => {
                    let a = g.rng.pick(&arrays).clone();
                    let o = g.rng.below(a.len);
                    let init = if o == 0 && g.rng.chance(50) {
                        a.name.clone()
                    } else {
                        format!("&{}[{o}]", a.name)
                    };
                    g.line(1, &format!("{} *{name} = {init};", c_name(a.ty)));
                    Ptr {
                        name,
                        ty: a.ty,
                        room: a.len - o,
                        base: Some((a.name, o)),
                        writable: true,
                    }
                }
                1 if !sc.ptrs.is_empty() => {
                    let p = g.rng.pick(&sc.ptrs).clone();
                    let d = g.rng.below(p.room);
                    g.line(1, &format!("{} *{name} = {} + {d};", c_name(p.ty), p.name));
                    Ptr {
                        name,
                        ty: p.ty,
                        room: p.room - d,
                        base: p.base.map(|(a, o)| (a, o + d)),
                        writable: p.writable,
                    }
                }
                2 if g.rng.chance(50) => {
                    // A string literal, escapes included.
                    let pieces: Vec<&str> = (0..g.rng.below(5))
                        .map(|_| {
                            *g.rng
                                .pick(&["a", "Z", "0", " ", "\\n", "\\t", "\\177", "\\201", "\\\\", "\\\""])
                        })
                        .collect();
                    let len = pieces.len() as u64;
                    g.line(1, &format!("const char *{name} = \"{}\";", pieces.concat()));
                    Ptr {
                        name: name.clone(),
                        ty: IntType::CHAR,
                        room: len + 1,
                        base: Some((name, 0)),
                        writable: false,
                    }
                }
                2 => {
                    // Zeroed memory from calloc; the checker's may also be
                    // null (CBMC's default), gcc's never is here. Often of
                    // the type the pointer helper takes, so that it is called.
                    let ty = match sc.ptr_helpers.first() {
                        Some((_, t)) if g.rng.chance(60) => *t,
                        _ => *g.rng.pick(&TYPES),
                    };
                    let len = 1 + g.rng.below(4);
                    let t = c_name(ty);
                    // (tree-sitter-c reads `(_Bool *)x` as a product.)
                    let cast = if ty.is_bool() || g.rng.chance(50) {
                        String::new()
                    } else {
                        format!("({t} *)")
                    };
                    g.line(1, &format!("{t} *{name} = {cast}calloc({len}, sizeof({t}));"));
                    g.line(1, &format!("if ({name} == 0) return 0;"));
                    for k in 0..len {
                        observe.push((format!("{name}[{k}]"), ty));
                    }
                    Ptr {
                        name: name.clone(),
                        ty,
                        room: len,
                        base: Some((name, 0)),
                        writable: true,
                    }
                }
                _ => {
                    let x = g.rng.pick(&addressable).clone();
                    g.line(1, &format!("{} *{name} = &{};", c_name(x.ty), x.name));
                    Ptr {
                        name,
                        ty: x.ty,
                        room: 1,
                        base: None,
                        writable: true,
                    }
                }
            };
            sc.ptrs.push(ptr);
        }
    }
    if recursive {
        let e = g.expr(&sc, 1);
        let n = g.rng.below(6);
        g.line(1, &format!("x0 ^= {prefix}rec({n}, {});", e.text));
    }
    let mut writable = locals.clone();
    writable.extend(gvars.iter().cloned());
    writable.extend(swritable);
    let n = 3 + g.rng.below(6) as usize;
    g.stmts(&sc, &writable, n, 1, 3, None);
    if g.rng.chance(15) {
        // An inner assertion that may fail.
        let c = g.expr(&sc, 2);
        g.line(1, &format!("assert({});", c.text));
    }
    if inputs > 0 {
        for _ in 0..1 + g.rng.below(3) {
            let c = g.expr(&sc, 2);
            g.line(1, &format!("assert({});", c.text));
        }
        observe.clear();
    } else {
        for v in &locals {
            observe.push((v.name.clone(), v.ty));
        }
        observe.extend(sobserve);
    }
    Program {
        text: g.out,
        entry,
        observe,
        domains,
        structs: with_structs,
        pointers: !sc.ptrs.is_empty(),
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
        let v = match perturb {
            Some(j) if j == i && ty.is_bool() => 1 - v,
            Some(j) if j == i => ty.wrap(v + 1),
            _ => *v,
        };
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

/// Line markers for text that only gcc, or only the checker, sees.
const GCC: &str = "@gcc@";
const CHECK: &str = "@check@";

fn variant(text: &str, keep: &str, drop: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with(drop) {
            continue;
        }
        let indent = &line[..line.len() - t.len()];
        out.push_str(indent);
        out.push_str(t.strip_prefix(keep).unwrap_or(t));
        out.push('\n');
    }
    out
}

enum Outcome {
    /// The run finished; the observed values.
    Values(Vec<i128>),
    /// An inner assertion failed.
    AssertFailed,
}

fn compile_batch(programs: &[Program], dir: &std::path::Path) -> std::path::PathBuf {
    compile_batch_with(programs, dir, &["-w", "-fwrapv"])
}

/// The batch compiled with `-std=c99 -O0` and `flags`.
fn compile_batch_with(programs: &[Program], dir: &std::path::Path, flags: &[&str]) -> std::path::PathBuf {
    let mut src = String::from("#include <stdio.h>\n#include <stdlib.h>\n#include <assert.h>\nlong tracc_in[8];\n");
    for p in programs {
        src.push_str(&variant(&p.text, GCC, CHECK));
        src.push_str(&print_suffix(p));
    }
    src.push_str("int main(int argc, char **argv) {\n");
    src.push_str("    for (int i = 2; i < argc && i < 10; i++) tracc_in[i - 2] = atol(argv[i]);\n");
    src.push_str("    switch (atoi(argv[1])) {\n");
    for (i, p) in programs.iter().enumerate() {
        let _ = writeln!(src, "    case {i}: {}(); break;", p.entry);
    }
    src.push_str("    }\n    return 0;\n}\n");
    let c = dir.join("batch.c");
    let exe = dir.join("batch");
    std::fs::write(&c, &src).unwrap();
    let st = Command::new("gcc")
        .args(["-std=c99", "-O0"])
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(&c)
        .status()
        .expect("gcc must be installed");
    assert!(st.success(), "gcc failed on the generated batch {}", c.display());
    exe
}

/// Whether some input combination makes program `i` fail an assertion.
fn fails_for_some_input(exe: &std::path::Path, i: usize, domains: &[(i128, u64)]) -> bool {
    let total: u64 = domains.iter().map(|(_, n)| *n).product();
    (0..total).any(|mut k| {
        let mut cmd = Command::new(exe);
        cmd.arg(i.to_string());
        for (lo, n) in domains {
            cmd.arg((lo + (k % n) as i128).to_string());
            k /= n;
        }
        !cmd.output().unwrap().status.success()
    })
}

fn run_batch(programs: &[Program], dir: &std::path::Path) -> Vec<Outcome> {
    let exe = compile_batch(programs, dir);
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

/// The tally of a differential run: agreements by verdict and the programs
/// where the checker disagreed with gcc (saved to `$TRACC_DIFF_SAVE/NAME`
/// when that is set).
#[derive(Default)]
struct Agreement {
    safe: usize,
    unsafe_: usize,
    disagreements: Vec<String>,
    /// Programs with structs, and with pointers to integers.
    structs: usize,
    pointers: usize,
}

impl Agreement {
    fn count(&mut self, p: &Program) {
        self.structs += usize::from(p.structs);
        self.pointers += usize::from(p.pointers);
    }

    fn record(&mut self, seed: u64, file_name: &str, text: &str, expected: Verdict, got: Result<Verdict, String>) {
        match got {
            Ok(Verdict::Safe) if expected == Verdict::Safe => self.safe += 1,
            Ok(Verdict::Unsafe) if expected == Verdict::Unsafe => self.unsafe_ += 1,
            got => {
                if let Ok(d) = std::env::var("TRACC_DIFF_SAVE") {
                    let _ = std::fs::write(format!("{d}/{file_name}"), text);
                }
                self.disagreements.push(format!(
                    "seed {seed}: expected {expected:?}, checker said {got:?}\n{text}"
                ));
            }
        }
    }

    /// Print the disagreements (the first three in full) and the counts,
    /// and fail the test if there is any disagreement.
    fn finish(&self, what: &str) {
        for d in self.disagreements.iter().take(3) {
            eprintln!("----- DISAGREEMENT -----\n{d}");
        }
        for d in &self.disagreements {
            eprintln!("{}", d.lines().next().unwrap_or(""));
        }
        eprintln!(
            "{what} ({} with structs, {} with pointers to integers): {} SAFE and {} UNSAFE agreed, {} disagreements",
            self.structs,
            self.pointers,
            self.safe,
            self.unsafe_,
            self.disagreements.len()
        );
        assert!(
            self.disagreements.is_empty(),
            "{} disagreements with gcc",
            self.disagreements.len()
        );
    }
}

/// `TRACC_DIFF_COUNT` (else `default_count`) programs from seed
/// `TRACC_DIFF_SEED` (else 1).
fn diff_range(default_count: u64) -> (u64, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|s| s.parse().ok());
    (
        var("TRACC_DIFF_COUNT").unwrap_or(default_count),
        var("TRACC_DIFF_SEED").unwrap_or(1),
    )
}

#[test]
fn checker_agrees_with_gcc() {
    let (count, first) = diff_range(300);
    let dir = tempfile::tempdir().unwrap();
    let mut tally = Agreement::default();
    let batch = 100;
    let mut seed = first;
    while seed < first + count {
        let n = batch.min(first + count - seed);
        let programs: Vec<Program> = (seed..seed + n).map(|s| generate(s, &format!("s{s}_"), 0)).collect();
        let outcomes = run_batch(&programs, dir.path());
        for (k, (p, o)) in programs.iter().zip(outcomes).enumerate() {
            let s = seed + k as u64;
            tally.count(p);
            let mut checks = Vec::new();
            let text = variant(&p.text, CHECK, GCC);
            match o {
                Outcome::AssertFailed => {
                    checks.push((format!("{text}    return 0;\n}}\n"), Verdict::Unsafe));
                }
                Outcome::Values(vals) => {
                    checks.push((format!("{text}{}", assert_suffix(p, &vals, None)), Verdict::Safe));
                    if !vals.is_empty() && s.is_multiple_of(3) {
                        let i = (s as usize / 3) % vals.len();
                        checks.push((format!("{text}{}", assert_suffix(p, &vals, Some(i))), Verdict::Unsafe));
                    }
                }
            }
            for (text, expected) in checks {
                if let Ok(d) = std::env::var("TRACC_DIFF_DUMP") {
                    let _ = std::fs::write(format!("{d}/seed{s}_{expected:?}.c"), &text);
                }
                let t0 = std::time::Instant::now();
                let got = verdict(&text, &p.entry);
                let el = t0.elapsed();
                if el.as_millis() > 1000 {
                    eprintln!("slow: seed {s} {expected:?} {el:?}");
                    if let Ok(d) = std::env::var("TRACC_DIFF_SAVE") {
                        let _ = std::fs::write(format!("{d}/slow{s}_{expected:?}.c"), &text);
                    }
                }
                tally.record(s, &format!("seed{s}_{expected:?}.c"), &text, expected, got);
            }
        }
        seed += n;
    }
    tally.finish(&format!("{count} programs"));
}

/// The generator's programs have no undefined behaviour that gcc's
/// sanitizers see (beyond what `-fwrapv` defines), with and without inputs
/// (every combination run): `TRACC_DIFF_COUNT=N cargo test --test
/// check_vs_gcc -- --ignored generated_programs_are_well_defined`; with
/// `TRACC_DIFF_SAVE` the batch sources are kept there.
#[test]
#[ignore]
fn generated_programs_are_well_defined() {
    let (count, first) = diff_range(100);
    let dir = tempfile::tempdir().unwrap();
    let flags = [
        "-w",
        "-fwrapv",
        "-g",
        "-fsanitize=undefined,address",
        "-fno-sanitize-recover=undefined",
    ];
    let mut bad = Vec::new();
    let mut structs = 0;
    for inputs in [false, true] {
        let mut seed = first;
        while seed < first + count {
            let n = 100.min(first + count - seed);
            let programs: Vec<Program> = (seed..seed + n)
                .map(|s| {
                    if inputs {
                        generate(s ^ 0x5eed, &format!("n{s}_"), 1 + (s % 3) as usize)
                    } else {
                        generate(s, &format!("s{s}_"), 0)
                    }
                })
                .collect();
            let exe = compile_batch_with(&programs, dir.path(), &flags);
            if let Ok(d) = std::env::var("TRACC_DIFF_SAVE") {
                let _ = std::fs::copy(dir.path().join("batch.c"), format!("{d}/batch_{inputs}_{seed}.c"));
            }
            for (k, p) in programs.iter().enumerate() {
                structs += usize::from(p.structs);
                let total: u64 = p.domains.iter().map(|(_, n)| *n).product();
                for mut c in 0..total {
                    let mut cmd = Command::new(&exe);
                    cmd.arg(k.to_string()).env("ASAN_OPTIONS", "detect_leaks=0");
                    for (lo, n) in &p.domains {
                        cmd.arg((lo + (c % n) as i128).to_string());
                        c /= n;
                    }
                    let out = cmd.output().unwrap();
                    let err = String::from_utf8_lossy(&out.stderr);
                    if err.contains("runtime error") || err.contains("Sanitizer") {
                        bad.push(format!("seed {} (inputs: {inputs}):\n{err}", seed + k as u64));
                    }
                }
            }
            seed += n;
        }
    }
    for b in &bad {
        eprintln!("{b}");
    }
    eprintln!(
        "{count} programs twice ({structs} with structs), {} sanitizer reports",
        bad.len()
    );
    assert!(bad.is_empty());
}

/// The checker's signed-overflow check against gcc's sanitizer: each
/// program, compiled without `-fwrapv` and with
/// `-fsanitize=signed-integer-overflow,shift-base` (recovering, so the run
/// goes on with the wrapped value as CBMC's does), reports a signed
/// overflow (`+ - * / %`, negation, `++`/`--`, a `<<` whose value does not
/// fit) only where `check` with `signed_overflow` finds one. gcc folds
/// constant subexpressions at compile time, unchecked (`2147483647 + (c >
/// b)` of a `_Bool b`), so where only the checker finds an overflow CBMC
/// (`TRACC_CBMC` or the PATH) must find one too; without CBMC those
/// programs are counted and said to be unconfirmed. A run that fails an
/// inner assertion before any overflow, or shifts a negative value
/// (another check's business, after which gcc stops), is not compared.
#[test]
fn overflow_check_agrees_with_gccs_sanitizer() {
    let (count, first) = diff_range(300);
    let dir = tempfile::tempdir().unwrap();
    let flags = [
        "-w",
        "-fsanitize=signed-integer-overflow,shift-base",
        "-fsanitize-recover=all",
    ];
    let cbmc = common::cbmc();
    let (mut overflowing, mut clean, mut skipped, mut folded, mut unconfirmed) = (0, 0, 0, 0, 0);
    let mut disagreements = Vec::new();
    let mut seed = first;
    while seed < first + count {
        let n = 100.min(first + count - seed);
        let programs: Vec<Program> = (seed..seed + n).map(|s| generate(s, &format!("s{s}_"), 0)).collect();
        let exe = compile_batch_with(&programs, dir.path(), &flags);
        for (k, p) in programs.iter().enumerate() {
            let s = seed + k as u64;
            let out = Command::new(&exe).arg(k.to_string()).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            let errors: Vec<&str> = err.lines().filter(|l| l.contains("runtime error")).collect();
            let gcc_overflows = errors.iter().any(|l| !l.contains("negative value"));
            let stopped = !out.status.success() || errors.iter().any(|l| l.contains("negative value"));
            if stopped && !gcc_overflows {
                skipped += 1;
                continue;
            }
            let text = format!("{}    return 0;\n}}\n", variant(&p.text, CHECK, GCC));
            let opts = CheckOptions {
                unwind: 10,
                entry: p.entry.clone(),
                signed_overflow: true,
                ..CheckOptions::default()
            };
            let report = match check_source(&text, &opts) {
                Ok(r) => r,
                Err(d) => {
                    disagreements.push(format!("seed {s}: refused: {d:?}"));
                    continue;
                }
            };
            let found: Vec<&str> = report.failures.iter().map(|f| f.message.as_str()).collect();
            let checker_overflows = report
                .failures
                .iter()
                .any(|f| f.kind == tracc::check::FailureKind::Overflow);
            if checker_overflows && !gcc_overflows {
                match &cbmc {
                    Some(cbmc) => {
                        let file = dir.path().join(format!("seed{s}.c"));
                        std::fs::write(&file, &text).unwrap();
                        let log = Command::new(cbmc)
                            .arg(&file)
                            .args(["--function", &p.entry, "--unwind", "10"])
                            .output()
                            .unwrap();
                        let log = String::from_utf8_lossy(&log.stdout);
                        let cbmc_overflows = log.lines().any(|l| {
                            l.ends_with(": FAILURE")
                                && (l.contains("arithmetic overflow on signed") || l.contains("result of signed mod"))
                        });
                        if cbmc_overflows {
                            folded += 1;
                        } else {
                            disagreements.push(format!(
                                "seed {s}: the checker finds {found:?}, neither gcc's sanitizer nor CBMC does\n{text}"
                            ));
                        }
                    }
                    None => unconfirmed += 1,
                }
                continue;
            }
            // A run stopped by an assertion saw only a prefix of the program.
            if gcc_overflows != checker_overflows && !(stopped && checker_overflows) {
                disagreements.push(format!(
                    "seed {s}: gcc's sanitizer {}, the checker {} {found:?}\n{}\n{text}",
                    if gcc_overflows {
                        "reports a signed overflow"
                    } else {
                        "reports none"
                    },
                    if checker_overflows { "finds one" } else { "finds none" },
                    errors.join("\n")
                ));
            } else if gcc_overflows {
                overflowing += 1;
            } else {
                clean += 1;
            }
        }
        seed += n;
    }
    for d in disagreements.iter().take(3) {
        eprintln!("----- DISAGREEMENT -----\n{d}");
    }
    eprintln!(
        "{count} programs: {overflowing} overflow and {clean} do not in both, {folded} overflow in the checker \
         and CBMC only (gcc folds them), {skipped} not compared, {} disagreements",
        disagreements.len()
    );
    if unconfirmed > 0 {
        eprintln!(
            "\n*** {unconfirmed} programs overflow in the checker only and were NOT confirmed: no CBMC (set TRACC_CBMC) ***\n"
        );
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements with gcc's sanitizer",
        disagreements.len()
    );
    assert!(
        overflowing > 0,
        "no generated program overflows: the test compares nothing"
    );
}

/// Diagnostics for a saved program: `TRACC_CHECK_FILE=f.c TRACC_CHECK_ENTRY=s1_main
/// cargo test --test check_vs_gcc -- --ignored --nocapture`.
#[test]
#[ignore]
fn check_saved_file() {
    let Ok(path) = std::env::var("TRACC_CHECK_FILE") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let opts = CheckOptions {
        unwind: std::env::var("TRACC_CHECK_UNWIND")
            .ok()
            .and_then(|u| u.parse().ok())
            .unwrap_or(10),
        entry: std::env::var("TRACC_CHECK_ENTRY").unwrap_or_else(|_| "main".to_string()),
        ..CheckOptions::default()
    };
    let r = check_source(&text, &opts).unwrap();
    eprintln!("{}", r.render(&path, &text, true));
    eprintln!("encode {:?} solve {:?}", r.encode_time, r.solver_time);
}

/// Nondeterministic inputs over small domains: the checker's verdict must
/// be UNSAFE exactly when some combination of inputs fails an assertion in
/// the gcc-compiled program (all combinations are run). Here z3 has to
/// search, not just propagate constants.
#[test]
fn checker_agrees_with_gcc_on_small_input_domains() {
    let count: u64 = std::env::var("TRACC_DIFF_COUNT")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(100, |n| n.div_ceil(3));
    let first: u64 = std::env::var("TRACC_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let dir = tempfile::tempdir().unwrap();
    let mut tally = Agreement::default();
    let mut seed = first;
    while seed < first + count {
        let n = 100.min(first + count - seed);
        let programs: Vec<Program> = (seed..seed + n)
            .map(|s| generate(s ^ 0x5eed, &format!("n{s}_"), 1 + (s % 3) as usize))
            .collect();
        let exe = compile_batch(&programs, dir.path());
        for (k, p) in programs.iter().enumerate() {
            let s = seed + k as u64;
            tally.count(p);
            let expected = if fails_for_some_input(&exe, k, &p.domains) {
                Verdict::Unsafe
            } else {
                Verdict::Safe
            };
            let text = format!("{}    return 0;\n}}\n", variant(&p.text, CHECK, GCC));
            let got = verdict(&text, &p.entry);
            tally.record(s, &format!("inputs{s}_{expected:?}.c"), &text, expected, got);
        }
        seed += n;
    }
    tally.finish(&format!("{count} programs with inputs"));
    assert!(
        tally.safe > 0 && tally.unsafe_ > 0,
        "the generator should produce both verdicts"
    );
}
