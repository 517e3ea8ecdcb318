//! Expressions, and what they point into: the byte spans of the C text
//! and the indices of variables and functions. In: nothing (vocabulary).
//! Out: `Expr`, typed by `lower`, with the queries every stage asks of one
//! (its type, constant value, whether it designates an object).

use super::types::{CType, IntType};

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
            // `a << c` by a constant within the type: `a * 2^c`.
            ExprKind::Binary(BinOp::Shl, a, _) if self.constant_shift().is_some() => {
                let scale = 1i128 << self.constant_shift()?;
                let (al, ah) = a.value_bounds()?;
                Some((al.checked_mul(scale)?, ah.checked_mul(scale)?))
            }
            _ => self.int_type().map(|t| (t.min(), t.max())),
        }
    }

    /// The amount `c` of this shift `a << c` or `a >> c` where it is a
    /// constant below the width of the shift's (promoted) type.
    pub fn constant_shift(&self) -> Option<u32> {
        let ExprKind::Binary(BinOp::Shl | BinOp::Shr, _, b) = &self.kind else {
            return None;
        };
        shift_within(b, self.int_type()?)
    }

    /// Whether this operation (`+ - *`, `<<`, negation, a conversion: the
    /// value of its operand) stays in its type whatever values of their types its
    /// leaves have, so that it can never overflow or convert out of range.
    pub fn always_in_type(&self) -> bool {
        let value = match &self.kind {
            ExprKind::Cast { expr, .. } => expr.value_bounds(),
            _ => self.value_bounds(),
        };
        matches!((self.defined_range(), value), (Some((min, max)), Some((lo, hi))) if min <= lo && hi <= max)
    }

    /// The mathematical values C defines this integer operation's result
    /// to have: its type's range, from 0 for `a << c`, which C defines
    /// only for an `a` that is not negative (C11 6.5.7).
    pub fn defined_range(&self) -> Option<(i128, i128)> {
        let t = self.int_type()?;
        let least = match self.kind {
            ExprKind::Binary(BinOp::Shl, ..) => 0,
            _ => t.min(),
        };
        Some((least, t.max()))
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

    /// Visit the direct sub-expressions, in evaluation order of the text
    /// (left to right). The one place that knows every kind's children:
    /// traversals are written with it (`walk`, `walk_mut`).
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
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
            | ExprKind::Alloc { size: e, .. }
            | ExprKind::IncDec { target: e, .. } => f(e),
            ExprKind::Binary(_, a, b)
            | ExprKind::Index(a, b)
            | ExprKind::Comma(a, b)
            | ExprKind::Assign { lhs: a, rhs: b, .. } => {
                f(a);
                f(b);
            }
            ExprKind::Cond(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
            ExprKind::Call(_, args) => args.iter().for_each(f),
        }
    }

    /// `for_each_child`, mutably.
    pub fn for_each_child_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        match &mut self.kind {
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
            | ExprKind::Alloc { size: e, .. }
            | ExprKind::IncDec { target: e, .. } => f(e),
            ExprKind::Binary(_, a, b)
            | ExprKind::Index(a, b)
            | ExprKind::Comma(a, b)
            | ExprKind::Assign { lhs: a, rhs: b, .. } => {
                f(a);
                f(b);
            }
            ExprKind::Cond(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
            ExprKind::Call(_, args) => args.iter_mut().for_each(f),
        }
    }

    /// Visit this expression and all sub-expressions, parents first.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        self.for_each_child(&mut |c| c.walk(f));
    }

    /// `walk`, mutably: `f` sees each node before its (possibly changed)
    /// children.
    pub fn walk_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        f(self);
        self.for_each_child_mut(&mut |c| c.walk_mut(f));
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

/// `amount` as the amount of a shift in type `t`: a constant below `t`'s
/// width (`Expr::constant_shift`).
pub fn shift_within(amount: &Expr, t: IntType) -> Option<u32> {
    u32::try_from(amount.const_value()?).ok().filter(|c| *c < t.bits())
}
