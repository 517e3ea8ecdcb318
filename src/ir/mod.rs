//! The typed intermediate representation.
//!
//! In: nothing (this is the shared vocabulary). Out: `Program`, a structured
//! tree of functions, statements and expressions in which every node keeps
//! the byte span of the C text it came from and every expression carries its
//! C type, computed once by `lower`. Implicit conversions are explicit
//! `Cast { implicit: true }` nodes, so later stages never re-derive C's
//! typing rules. Constructs the IR does not model survive as `Opaque` nodes
//! with a reason, so a file that uses them still lowers and still copies
//! through unchanged.

pub mod build;
mod cbmc_names;
pub mod types;

pub use cbmc_names::cbmc_loop_names;
pub use types::{CType, DataModel, IntType, Rank, StructRef};

/// Half-open byte range `[start, end)` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span of generated code that has no source text.
    pub const SYNTHETIC: Span = Span {
        start: usize::MAX,
        end: usize::MAX,
    };

    pub fn is_synthetic(self) -> bool {
        self == Span::SYNTHETIC
    }

    pub fn contains(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

/// Index into `Program::vars`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub usize);

/// Index into `Program::funcs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// File scope, or `static` at block scope: zero-initialised, one instance.
    Global,
    Local,
    Param,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: String,
    pub ty: CType,
    pub storage: Storage,
    /// The function a local or parameter belongs to.
    pub func: Option<FuncId>,
    /// Span of the declarator.
    pub span: Span,
}

/// Initialiser of a declaration: a scalar expression or a brace list.
#[derive(Clone, Debug)]
pub enum Init {
    Expr(Expr),
    List(Vec<Init>, Span),
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub ret: CType,
    pub params: Vec<VarId>,
    /// `None` for a declaration without a body (an external function, or a
    /// `nondet_*` value source).
    pub body: Option<Stmt>,
    pub span: Span,
    /// Why the signature could not be modelled, if it could not.
    pub opaque: Option<String>,
}

/// A whole translation unit.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub vars: Vec<VarDecl>,
    pub funcs: Vec<Function>,
    /// File-scope variable definitions in source order, with initialisers.
    pub globals: Vec<(VarId, Option<Init>)>,
    /// File-scope constructs the IR does not model (struct definitions,
    /// function pointers, ...). They are copied through by the emitter; the
    /// checker refuses programs whose executions touch them.
    pub opaque_items: Vec<(Span, String)>,
    /// The prefix of every name tracc adds to this translation unit.
    pub fresh: FreshPrefix,
    /// Structure types defined at file scope, indexed by `StructRef::id`.
    pub structs: Vec<StructDef>,
    /// The data model the program was lowered for, and the output is
    /// written for.
    pub model: DataModel,
}

/// A structure type's members, in declaration order. `None` while only
/// declared (`struct node;`, or a member `struct node *next` of its own
/// definition), and for a definition with a member the IR does not model
/// (a bit-field, a union, a flexible array): such a structure has no
/// modelled values, so the checker refuses what reads or writes one.
#[derive(Clone, Debug, Default)]
pub struct StructDef {
    pub members: Option<Vec<Member>>,
    /// Size and alignment in bytes (in the program's data model), with the
    /// members.
    pub layout: Option<(u64, u64)>,
}

#[derive(Clone, Debug)]
pub struct Member {
    pub name: String,
    pub ty: CType,
}

/// The prefix of the names tracc generates (`tracc_n1`, `tracc_q1`, ...):
/// `tracc_`, or `tracc2_`, `tracc3_`, ... when the source text already
/// contains the shorter one anywhere (identifiers, macros, comments), so
/// that no generated name can clash with a name of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreshPrefix(String);

impl Default for FreshPrefix {
    fn default() -> FreshPrefix {
        FreshPrefix("tracc_".to_string())
    }
}

impl FreshPrefix {
    /// The first candidate that does not occur in `text`.
    pub fn for_source(text: &str) -> FreshPrefix {
        let mut p = FreshPrefix::default();
        let mut i = 1u64;
        while text.contains(&p.0) {
            i += 1;
            p = FreshPrefix(format!("tracc{i}_"));
        }
        p
    }

    /// `prefix` followed by `stem` (`n1`, `q2`, ...).
    pub fn name(&self, stem: impl std::fmt::Display) -> String {
        format!("{}{stem}", self.0)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Which `__CPROVER_forall` the back end really supports (`--quantifiers`).
/// A quantifier the back end drops turns an assumption into nothing, and
/// the accelerator then admits executions the input never has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Quantifiers {
    /// None at all.
    None,
    /// Only over a constant range, `forall k. !(k < C) || P` with a
    /// constant `C` (at most [`Quantifiers::MAX_BOUNDED_RANGE`]): CBMC's
    /// default SAT back end expands those and drops every other one with
    /// "warning: ignoring forall".
    #[default]
    Bounded,
    /// Any (CBMC with `--z3` or `--smt2`).
    Smt,
}

impl Quantifiers {
    /// Largest constant range of a quantifier emitted for `Bounded`: the
    /// back end instantiates the body once per value.
    pub const MAX_BOUNDED_RANGE: i128 = 1 << 16;

    /// Largest constant range for `Bounded` in an accelerator that takes
    /// the count at which its path ends (`accelerate::exit_count`): where
    /// the back end knows the state the loop is entered in, each instance
    /// folds to its element's own constraint (a fill of 100,000 ints: 8 s
    /// and 1.1 GB in CBMC 6.6.0 at `--unwind 3`).
    pub const MAX_FOLDED_RANGE: i128 = 1 << 17;

    /// Can the back end evaluate this `Forall` expression exactly?
    pub fn admits(self, forall: &Expr) -> bool {
        self.admits_up_to(forall, Self::MAX_BOUNDED_RANGE)
    }

    /// `admits`, with `limit` as the largest constant range for `Bounded`.
    pub fn admits_up_to(self, forall: &Expr, limit: i128) -> bool {
        match self {
            Quantifiers::None => false,
            Quantifiers::Smt => true,
            Quantifiers::Bounded => constant_range(forall).is_some_and(|c| c <= limit),
        }
    }

    /// The first quantifier in `s` that the back end cannot evaluate, with
    /// `limit` as the largest constant range for `Bounded`.
    pub fn first_unsupported(self, s: &Stmt, limit: i128) -> Option<Expr> {
        let mut found = None;
        s.walk(&mut |st| {
            for e in st.own_exprs() {
                e.walk(&mut |x| {
                    if found.is_none() && matches!(x.kind, ExprKind::Forall(..)) && !self.admits_up_to(x, limit) {
                        found = Some(x.clone());
                    }
                });
            }
        });
        found
    }
}

/// `C` of `forall k. !(k < C) || P` with a constant `C`.
pub fn constant_range(forall: &Expr) -> Option<i128> {
    let ExprKind::Forall(k, body) = &forall.kind else {
        return None;
    };
    let ExprKind::Binary(BinOp::LogOr, guard, _) = &body.kind else {
        return None;
    };
    let ExprKind::Unary(UnOp::LogNot, lt) = &guard.kind else {
        return None;
    };
    let ExprKind::Binary(BinOp::Lt, a, c) = &lt.kind else {
        return None;
    };
    matches!(a.skip_implicit().kind, ExprKind::Var(v) if v == *k)
        .then(|| c.const_value())
        .flatten()
}

impl Program {
    pub fn var(&self, id: VarId) -> &VarDecl {
        &self.vars[id.0]
    }

    pub fn func(&self, id: FuncId) -> &Function {
        &self.funcs[id.0]
    }

    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.funcs.iter().position(|f| f.name == name).map(FuncId)
    }

    /// The members of a structure type that has them.
    pub fn members(&self, s: &StructRef) -> Option<&[Member]> {
        self.structs.get(s.id)?.members.as_deref()
    }

    /// Size and alignment in bytes of a type (in the program's data model),
    /// if it has them.
    pub fn layout(&self, ty: &CType) -> Option<(u64, u64)> {
        ty.layout(self.model, &|id| self.structs.get(id).and_then(|d| d.layout))
    }

    /// Add a variable (used by later stages for fresh variables).
    pub fn add_var(&mut self, decl: VarDecl) -> VarId {
        self.vars.push(decl);
        VarId(self.vars.len() - 1)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-e`
    Neg,
    /// `+e`
    Plus,
    /// `~e`
    BitNot,
    /// `!e` (result `int`)
    LogNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    /// `&&` (short-circuit; operands are scalars, result `int`)
    LogAnd,
    /// `||`
    LogOr,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }

    /// The comparison that holds exactly where this one does not (over
    /// integers); `None` for an operator that is not a comparison.
    pub fn negated(self) -> Option<BinOp> {
        Some(match self {
            BinOp::Lt => BinOp::Ge,
            BinOp::Ge => BinOp::Lt,
            BinOp::Le => BinOp::Gt,
            BinOp::Gt => BinOp::Le,
            BinOp::Eq => BinOp::Ne,
            BinOp::Ne => BinOp::Eq,
            _ => return None,
        })
    }

    /// The comparison with its operands swapped (`a < b` is `b > a`);
    /// `None` for an operator that is not a comparison.
    pub fn mirrored(self) -> Option<BinOp> {
        Some(match self {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            BinOp::Eq | BinOp::Ne => self,
            _ => return None,
        })
    }

    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::LogAnd | BinOp::LogOr)
    }

    pub fn is_shift(self) -> bool {
        matches!(self, BinOp::Shl | BinOp::Shr)
    }

    pub fn c_str(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::LogAnd => "&&",
            BinOp::LogOr => "||",
        }
    }
}

/// Verification intrinsics, recognised by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// `assert(c)`, `__CPROVER_assert(c, "msg")`
    Assert,
    /// `__CPROVER_assume(c)`, `__VERIFIER_assume(c)`
    Assume,
    /// `__VERIFIER_error()`, `reach_error()`: an assertion that always fails.
    Error,
    /// `abort()`, `exit(...)`: ends the execution without failure.
    Abort,
    /// `__CPROVER_array_copy(dst, src)`
    ArrayCopy,
    /// `__CPROVER_array_replace(dst, src)`: here always between arrays of
    /// one type, where it is a copy; unlike `__CPROVER_array_copy`, CBMC
    /// copies into a row of a multi-dimensional array correctly.
    ArrayReplace,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callee {
    /// A function defined or declared in the file.
    Func(FuncId),
    Intrinsic(Intrinsic),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: CType,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// Integer or character constant, already converted to `ty`.
    IntLit(i128),
    Var(VarId),
    Unary(UnOp, Box<Expr>),
    /// Both operands have already been converted (arithmetic: to the common
    /// type; shifts: each promoted; logical: untouched scalars).
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`, with `a` and `b` converted to the result type.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `lhs = rhs` (op `None`, rhs converted to the type of lhs) or
    /// `lhs op= rhs` (rhs converted to `op_ty`, the type in which the
    /// operation is computed; the result is converted back to lhs's type).
    Assign {
        op: Option<BinOp>,
        op_ty: CType,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `++x`, `x++`, `--x`, `x--`; computed in `op_ty` (the promoted type).
    IncDec {
        inc: bool,
        prefix: bool,
        op_ty: CType,
        target: Box<Expr>,
    },
    /// Conversion to `ty`; `implicit` ones are not printed back.
    Cast {
        implicit: bool,
        expr: Box<Expr>,
    },
    /// `a[i]`; `a` has array type, `i` an integer type.
    Index(Box<Expr>, Box<Expr>),
    /// `&e` of a variable or an element of a one-dimensional array.
    AddrOf(Box<Expr>),
    /// `*p` (also `p[i]`, lowered as `*(p + i)`); `p` has pointer type.
    Deref(Box<Expr>),
    /// `s.f`: member number `field` of a structure value (`p->f` is
    /// `(*p).f`).
    Member(Box<Expr>, usize),
    /// A string literal's bytes, without the terminating zero (its type is
    /// `char[len + 1]`).
    StringLit(Vec<u8>),
    /// `malloc(size)` (`zeroed`: `calloc(n, size)`, whose `size` is the
    /// product), of type `void *`: the memory is a fresh object once the
    /// value is converted to a pointer to an integer type.
    Alloc {
        size: Box<Expr>,
        zeroed: bool,
    },
    Call(Callee, Vec<Expr>),
    /// A call to a function that is neither defined nor declared in the file
    /// with a modelled signature: a `nondet_*`/`__VERIFIER_nondet_*` value
    /// source is `Nondet`, anything else stays `Opaque`.
    Nondet(String),
    /// `a, b`
    Comma(Box<Expr>, Box<Expr>),
    /// `__CPROVER_forall { T v; body }` (result `_Bool`-like `int`).
    Forall(VarId, Box<Expr>),
    /// An expression the IR does not model; the reason is for diagnostics.
    Opaque(String),
}

impl Expr {
    pub fn new(kind: ExprKind, ty: CType, span: Span) -> Expr {
        Expr { kind, ty, span }
    }

    pub fn int(value: i128, ty: IntType) -> Expr {
        Expr::new(ExprKind::IntLit(ty.wrap(value)), CType::Int(ty), Span::SYNTHETIC)
    }

    pub fn var(id: VarId, ty: CType) -> Expr {
        Expr::new(ExprKind::Var(id), ty, Span::SYNTHETIC)
    }

    pub fn int_type(&self) -> Option<IntType> {
        self.ty.as_int()
    }

    /// Bounds of the mathematical value of this expression from the types
    /// of its leaves (variables range over their types).
    pub fn value_bounds(&self) -> Option<(i128, i128)> {
        match &self.kind {
            ExprKind::IntLit(v) => Some((*v, *v)),
            ExprKind::Var(_) => self.int_type().map(|t| (t.min(), t.max())),
            ExprKind::Cast { expr, .. } => {
                let t = self.int_type()?;
                let (lo, hi) = expr.value_bounds()?;
                if t.min() <= lo && hi <= t.max() {
                    Some((lo, hi))
                } else {
                    Some((t.min(), t.max()))
                }
            }
            ExprKind::Unary(UnOp::Neg, a) => {
                let (lo, hi) = a.value_bounds()?;
                Some((hi.checked_neg()?, lo.checked_neg()?))
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => {
                let (al, ah) = a.value_bounds()?;
                let (bl, bh) = b.value_bounds()?;
                match op {
                    BinOp::Add => Some((al.checked_add(bl)?, ah.checked_add(bh)?)),
                    BinOp::Sub => Some((al.checked_sub(bh)?, ah.checked_sub(bl)?)),
                    _ => {
                        let c = [
                            al.checked_mul(bl)?,
                            al.checked_mul(bh)?,
                            ah.checked_mul(bl)?,
                            ah.checked_mul(bh)?,
                        ];
                        Some((*c.iter().min()?, *c.iter().max()?))
                    }
                }
            }
            _ => self.int_type().map(|t| (t.min(), t.max())),
        }
    }

    /// Whether this operation (`+ - *`, negation, a conversion: the value
    /// of its operand) stays in its type whatever values of their types its
    /// leaves have, so that it can never overflow or convert out of range.
    pub fn always_in_type(&self) -> bool {
        let value = match &self.kind {
            ExprKind::Cast { expr, .. } => expr.value_bounds(),
            _ => self.value_bounds(),
        };
        matches!((self.int_type(), value), (Some(t), Some((lo, hi))) if t.min() <= lo && hi <= t.max())
    }

    /// Whether this node itself (not counting its operands) works with
    /// memory as objects: a pointer value, a structure value or member,
    /// `&`, `*`, a string literal or an allocation.
    pub fn is_memory_node(&self) -> bool {
        self.ty.pointee().is_some()
            || self.ty.as_struct().is_some()
            || matches!(
                self.kind,
                ExprKind::AddrOf(_)
                    | ExprKind::Deref(_)
                    | ExprKind::Member(..)
                    | ExprKind::StringLit(_)
                    | ExprKind::Alloc { .. }
            )
    }

    /// Whether this designates an object the checker can point into: a
    /// variable, `*p`, or a member of one.
    pub fn is_designator(&self) -> bool {
        match &self.skip_implicit().kind {
            ExprKind::Var(_) | ExprKind::Deref(_) => true,
            ExprKind::Member(b, _) => b.is_designator(),
            _ => false,
        }
    }

    /// Visit this expression and all sub-expressions, parents first.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        match &self.kind {
            ExprKind::IntLit(_)
            | ExprKind::Var(_)
            | ExprKind::Nondet(_)
            | ExprKind::Opaque(_)
            | ExprKind::StringLit(_) => {}
            ExprKind::Unary(_, e)
            | ExprKind::Cast { expr: e, .. }
            | ExprKind::Forall(_, e)
            | ExprKind::AddrOf(e)
            | ExprKind::Deref(e)
            | ExprKind::Member(e, _)
            | ExprKind::Alloc { size: e, .. } => e.walk(f),
            ExprKind::IncDec { target, .. } => target.walk(f),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) | ExprKind::Comma(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            ExprKind::Assign { lhs, rhs, .. } => {
                lhs.walk(f);
                rhs.walk(f);
            }
            ExprKind::Cond(c, a, b) => {
                c.walk(f);
                a.walk(f);
                b.walk(f);
            }
            ExprKind::Call(_, args) => args.iter().for_each(|a| a.walk(f)),
        }
    }

    /// The value of a constant expression (literals, casts and operators
    /// over them), with C semantics on the IR's types; `None` when it is not
    /// constant or its evaluation is undefined (division by zero).
    pub fn const_value(&self) -> Option<i128> {
        let ty = self.int_type()?;
        let v = match &self.kind {
            ExprKind::IntLit(v) => *v,
            ExprKind::Cast { expr, .. } => expr.const_value()?,
            ExprKind::Unary(op, e) => {
                let v = e.const_value()?;
                match op {
                    UnOp::Neg => -v,
                    UnOp::Plus => v,
                    UnOp::BitNot => !v,
                    UnOp::LogNot => i128::from(v == 0),
                }
            }
            ExprKind::Binary(op, a, b) => {
                let x = a.const_value()?;
                if *op == BinOp::LogAnd && x == 0 {
                    return Some(0);
                }
                if *op == BinOp::LogOr && x != 0 {
                    return Some(1);
                }
                let y = b.const_value()?;
                let width = i128::from(a.int_type()?.bits());
                match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    BinOp::Mul => x.checked_mul(y)?,
                    BinOp::Div if y != 0 => x / y,
                    BinOp::Rem if y != 0 => x % y,
                    BinOp::Div | BinOp::Rem => return None,
                    BinOp::Shl if (0..width).contains(&y) => x << y,
                    BinOp::Shr if (0..width).contains(&y) => x >> y,
                    BinOp::Shl | BinOp::Shr => return None,
                    BinOp::BitAnd => x & y,
                    BinOp::BitOr => x | y,
                    BinOp::BitXor => x ^ y,
                    BinOp::Lt => i128::from(x < y),
                    BinOp::Le => i128::from(x <= y),
                    BinOp::Gt => i128::from(x > y),
                    BinOp::Ge => i128::from(x >= y),
                    BinOp::Eq => i128::from(x == y),
                    BinOp::Ne => i128::from(x != y),
                    BinOp::LogAnd | BinOp::LogOr => i128::from(y != 0),
                }
            }
            ExprKind::Cond(c, a, b) => {
                if c.const_value()? != 0 {
                    a.const_value()?
                } else {
                    b.const_value()?
                }
            }
            _ => return None,
        };
        Some(ty.wrap(v))
    }

    /// Strip implicit conversions.
    pub fn skip_implicit(&self) -> &Expr {
        match &self.kind {
            ExprKind::Cast { implicit: true, expr } => expr.skip_implicit(),
            _ => self,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Empty,
    Expr(Expr),
    /// A block-scope declaration of one variable (a declaration with several
    /// declarators becomes several of these inside one `Block` with
    /// `scoped == false`).
    Decl(VarId, Option<Init>),
    /// `{ ... }`; `scoped` is false for the synthetic group of a multi-
    /// declarator declaration, which opens no scope.
    Block {
        stmts: Vec<Stmt>,
        scoped: bool,
    },
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Label(String, Box<Stmt>),
    Goto(String),
    Switch {
        cond: Expr,
        body: Box<Stmt>,
    },
    /// `case v:` with the constant value converted to the switch's type.
    Case(i128, Box<Stmt>),
    Default(Box<Stmt>),
    /// A statement the IR does not model; the reason is for diagnostics.
    Opaque(String),
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span }
    }

    pub fn is_loop(&self) -> bool {
        matches!(
            self.kind,
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. }
        )
    }

    /// Direct sub-statements, in source order.
    pub fn children(&self) -> Vec<&Stmt> {
        match &self.kind {
            StmtKind::Block { stmts, .. } => stmts.iter().collect(),
            StmtKind::If { then, els, .. } => {
                let mut v = vec![&**then];
                if let Some(e) = els {
                    v.push(e);
                }
                v
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => vec![body],
            StmtKind::For { init, body, .. } => {
                let mut v = Vec::new();
                if let Some(i) = init {
                    v.push(&**i);
                }
                v.push(body);
                v
            }
            StmtKind::Label(_, s) | StmtKind::Case(_, s) | StmtKind::Default(s) | StmtKind::Switch { body: s, .. } => {
                vec![s]
            }
            _ => Vec::new(),
        }
    }

    /// This statement with each direct sub-statement replaced by `f` of
    /// it (expressions and the span kept).
    pub fn map_children(&self, f: &mut dyn FnMut(&Stmt) -> Stmt) -> Stmt {
        let mut sub = |c: &Stmt| Box::new(f(c));
        let kind = match &self.kind {
            StmtKind::Block { stmts, scoped } => StmtKind::Block {
                stmts: stmts.iter().map(|c| *sub(c)).collect(),
                scoped: *scoped,
            },
            StmtKind::If { cond, then, els } => StmtKind::If {
                cond: cond.clone(),
                then: sub(then),
                els: els.as_ref().map(|e| sub(e)),
            },
            StmtKind::While { cond, body } => StmtKind::While {
                cond: cond.clone(),
                body: sub(body),
            },
            StmtKind::DoWhile { cond, body } => StmtKind::DoWhile {
                cond: cond.clone(),
                body: sub(body),
            },
            StmtKind::For { init, cond, step, body } => StmtKind::For {
                init: init.as_ref().map(|i| sub(i)),
                cond: cond.clone(),
                step: step.clone(),
                body: sub(body),
            },
            StmtKind::Label(l, inner) => StmtKind::Label(l.clone(), sub(inner)),
            StmtKind::Switch { cond, body } => StmtKind::Switch {
                cond: cond.clone(),
                body: sub(body),
            },
            StmtKind::Case(v, inner) => StmtKind::Case(*v, sub(inner)),
            StmtKind::Default(inner) => StmtKind::Default(sub(inner)),
            other => other.clone(),
        };
        Stmt::new(kind, self.span)
    }

    /// Visit this statement and all nested statements, parents first.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Stmt)) {
        f(self);
        for c in self.children() {
            c.walk(f);
        }
    }

    /// Expressions that belong directly to this statement (not to nested
    /// statements).
    pub fn own_exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Expr(e) => vec![e],
            StmtKind::Decl(_, Some(init)) => {
                let mut v = Vec::new();
                collect_init_exprs(init, &mut v);
                v
            }
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. }
            | StmtKind::Switch { cond, .. } => vec![cond],
            StmtKind::For { cond, step, .. } => cond.iter().chain(step.iter()).collect(),
            StmtKind::Return(Some(e)) => vec![e],
            _ => Vec::new(),
        }
    }
}

fn collect_init_exprs<'a>(init: &'a Init, out: &mut Vec<&'a Expr>) {
    match init {
        Init::Expr(e) => out.push(e),
        Init::List(items, _) => items.iter().for_each(|i| collect_init_exprs(i, out)),
    }
}
