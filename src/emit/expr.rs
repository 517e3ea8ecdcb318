//! The expression printer: C precedence, minimal parentheses plus the ones
//! `gcc -Wparentheses` asks for, literals that keep their exact type.

use super::dialect::{Dialect, nondet_name};
use super::error::{EmitError, span_text};
use super::lex::{is_fully_parenthesized, is_single_token};
use crate::ir::{BinOp, CType, Callee, DataModel, Expr, ExprKind, IntType, Intrinsic, Program, Rank, UnOp, VarId};

// Precedence levels of C11 6.5, loosest first. An operand printed where a
// level `ctx` is required gets parentheses when its own level is lower.
pub(super) const COMMA: u8 = 1;
pub(super) const ASSIGN: u8 = 2;
const COND: u8 = 3;
const LOR: u8 = 4;
const UNARY: u8 = 14;
const POSTFIX: u8 = 15;
const PRIMARY: u8 = 16;

fn binop_prec(op: BinOp) -> u8 {
    match op {
        BinOp::LogOr => 4,
        BinOp::LogAnd => 5,
        BinOp::BitOr => 6,
        BinOp::BitXor => 7,
        BinOp::BitAnd => 8,
        BinOp::Eq | BinOp::Ne => 9,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 10,
        BinOp::Shl | BinOp::Shr => 11,
        BinOp::Add | BinOp::Sub => 12,
        BinOp::Mul | BinOp::Div | BinOp::Rem => 13,
    }
}

fn is_bitwise(op: BinOp) -> bool {
    matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor)
}

fn is_arith(op: BinOp) -> bool {
    matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem)
}

/// The precedence level of an expression as its kind prints it.
fn kind_prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::IntLit(v) => {
            if *v < 0 {
                UNARY
            } else {
                PRIMARY
            }
        }
        ExprKind::Var(_) | ExprKind::Nondet(_) | ExprKind::Forall(..) | ExprKind::Opaque(_) => PRIMARY,
        ExprKind::Call(..) | ExprKind::Index(..) | ExprKind::Member(..) | ExprKind::Alloc { .. } => POSTFIX,
        ExprKind::StringLit(_) => PRIMARY,
        ExprKind::IncDec { prefix, .. } => {
            if *prefix {
                UNARY
            } else {
                POSTFIX
            }
        }
        ExprKind::Unary(..) | ExprKind::Cast { implicit: false, .. } | ExprKind::AddrOf(_) | ExprKind::Deref(_) => {
            UNARY
        }
        ExprKind::Cast { implicit: true, expr } => kind_prec(expr),
        ExprKind::Binary(op, ..) => binop_prec(*op),
        ExprKind::Cond(..) => COND,
        ExprKind::Assign { .. } => ASSIGN,
        ExprKind::Comma(..) => COMMA,
    }
}

/// The precedence level of the source text of a real-span expression. Its
/// kind says it, except for leaves whose text may be anything the front end
/// folded (a constant written as `-1` or `2 * 8`): those count as primary
/// only when they are one token, and otherwise as loosest.
fn real_prec(e: &Expr, text: &str) -> u8 {
    if is_fully_parenthesized(text) {
        return PRIMARY;
    }
    let inner = e.skip_implicit();
    match &inner.kind {
        ExprKind::IntLit(_) | ExprKind::Var(_) | ExprKind::Opaque(_) => {
            let t = text.trim();
            if is_single_token(t) {
                PRIMARY
            } else if t.starts_with(['-', '+']) && is_single_token(&t[1..]) {
                UNARY
            } else {
                COMMA
            }
        }
        _ => kind_prec(inner),
    }
}

/// The level at which operand `child` of `op` must be printed: the grammar's
/// (binary operators associate to the left), raised to force parentheses
/// where gcc's `-Wparentheses` and `-Wlogical-not-parentheses` would warn
/// (`a & b == c`, `a << b + c`, `a && b || c`, `a < b == c`, `!a == b`) and
/// around any mix of different bitwise operators.
fn operand_ctx(op: BinOp, child: &Expr, right: bool) -> u8 {
    let prec = binop_prec(op);
    let forced = match &child.skip_implicit().kind {
        ExprKind::Binary(c, ..) => {
            (is_bitwise(op) && *c != op)
                || (op.is_shift() && is_arith(*c))
                || (op == BinOp::LogOr && *c == BinOp::LogAnd)
                || (op.is_comparison() && c.is_comparison())
        }
        ExprKind::Unary(UnOp::LogNot, _) => op.is_comparison() && !right,
        _ => false,
    };
    if forced {
        PRIMARY
    } else if right {
        prec + 1
    } else {
        prec
    }
}

/// A literal of type `t` (rank `int` or above) with value `v`: decimal with
/// the suffix that gives it type `t`. The minimum of a signed type has no
/// literal (its magnitude does not fit), so it is written `(-MAX - 1)`.
pub(super) fn int_literal(v: i128, t: IntType) -> (String, u8) {
    let sfx = t.literal_suffix();
    if v >= 0 {
        (format!("{v}{sfx}"), PRIMARY)
    } else if v == t.min() {
        (format!("(-{}{sfx} - 1{sfx})", t.max()), PRIMARY)
    } else {
        (format!("-{}{sfx}", -v), UNARY)
    }
}

/// C spelling of a type in a cast.
fn type_name(ty: &CType, model: DataModel) -> Result<String, EmitError> {
    match ty {
        CType::Void => Ok("void".to_string()),
        CType::Int(t) => Ok(t.spelled_in(model).c_name().to_string()),
        CType::Opaque(s) => Ok(s.clone()),
        CType::Pointer(t) => Ok(format!("{} *", type_name(t, model)?)),
        CType::Array(..) | CType::Vla(_) | CType::Struct(_) => {
            Err(EmitError::Unsupported(format!("a cast to type {ty}")))
        }
    }
}

/// A C string literal with these bytes (octal escapes for anything but
/// printable ASCII).
fn byte_string_literal(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in bytes {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            b' '..=b'~' if !(b == b'?' && out.ends_with('?')) => out.push(char::from(b)),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out.push('"');
    out
}

/// A C string literal whose value is `s`.
fn string_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            // Keep "??x" from being read as a trigraph.
            '?' if out.ends_with('?') => out.push_str("\\?"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Print an expression. A real-span expression is its source text; a
/// synthetic one is printed with minimal parentheses (see `operand_ctx`).
/// Implicit casts print nothing, explicit ones `(T)e`. An integer literal
/// has exactly its IR type; a literal of a type narrower than `int` is
/// written with a cast, `(unsigned char)255`, except where the context
/// converts its value anyway (in operands, assignments, arguments, ...),
/// where the bare value means the same and reads better.
pub fn print_expr(program: &Program, source: &str, e: &Expr, dialect: Dialect) -> Result<String, EmitError> {
    Printer {
        program,
        source,
        dialect,
    }
    .expr(e, COMMA, false)
}

/// What printing needs to know besides the node itself.
pub(super) struct Printer<'a> {
    pub program: &'a Program,
    pub source: &'a str,
    pub dialect: Dialect,
}

impl Printer<'_> {
    /// `e` printed where precedence level `ctx` is required. `value_only`
    /// says the context converts the value (so a narrow literal's type does
    /// not matter).
    pub(super) fn expr(&self, e: &Expr, ctx: u8, value_only: bool) -> Result<String, EmitError> {
        let (text, prec) = self.expr_prec(e, value_only)?;
        Ok(if prec < ctx { format!("({text})") } else { text })
    }

    /// The text of `e` and its precedence. One arm per expression kind,
    /// which is why it is long.
    fn expr_prec(&self, e: &Expr, value_only: bool) -> Result<(String, u8), EmitError> {
        if !e.span.is_synthetic() {
            let text = span_text(self.source, e.span)?;
            return Ok((text.to_string(), real_prec(e, text)));
        }
        Ok(match &e.kind {
            ExprKind::IntLit(v) => self.literal(*v, &e.ty, value_only)?,
            ExprKind::Var(id) => (self.var_name(*id)?.to_string(), PRIMARY),
            ExprKind::Unary(op, a) => {
                let inner = self.expr(a, UNARY, true)?;
                let sym = match op {
                    UnOp::Neg => "-",
                    UnOp::Plus => "+",
                    UnOp::BitNot => "~",
                    UnOp::LogNot => "!",
                };
                // `- -x` must not become `--x`.
                if matches!(op, UnOp::Neg | UnOp::Plus) && inner.starts_with(sym) {
                    (format!("{sym}({inner})"), UNARY)
                } else {
                    (format!("{sym}{inner}"), UNARY)
                }
            }
            ExprKind::Binary(op, a, b) => {
                let l = self.expr(a, operand_ctx(*op, a, false), true)?;
                let r = self.expr(b, operand_ctx(*op, b, true), true)?;
                (format!("{l} {} {r}", op.c_str()), binop_prec(*op))
            }
            ExprKind::Cond(c, a, b) => {
                let c = self.expr(c, LOR, true)?;
                let a = self.expr(a, COMMA, value_only)?;
                let b = self.expr(b, COND, value_only)?;
                (format!("{c} ? {a} : {b}"), COND)
            }
            ExprKind::Assign { op, lhs, rhs, .. } => {
                let l = self.expr(lhs, UNARY, true)?;
                let r = self.expr(rhs, ASSIGN, true)?;
                let op = op.map_or("", |o| o.c_str());
                (format!("{l} {op}= {r}"), ASSIGN)
            }
            ExprKind::IncDec {
                inc, prefix, target, ..
            } => {
                let sym = if *inc { "++" } else { "--" };
                if *prefix {
                    (format!("{sym}{}", self.expr(target, UNARY, true)?), UNARY)
                } else {
                    (format!("{}{sym}", self.expr(target, POSTFIX, true)?), POSTFIX)
                }
            }
            ExprKind::Cast { implicit: true, expr } => self.expr_prec(expr, true)?,
            ExprKind::Cast { implicit: false, expr } => {
                let t = type_name(&e.ty, self.program.model)?;
                (format!("({t}){}", self.expr(expr, UNARY, true)?), UNARY)
            }
            ExprKind::Index(a, i) => {
                let a = self.expr(a, POSTFIX, true)?;
                let i = self.expr(i, COMMA, true)?;
                (format!("{a}[{i}]"), POSTFIX)
            }
            // `& &x` and `* *p` must not become `&&x` or a comment opener.
            ExprKind::AddrOf(a) => (format!("&{}", self.expr(a, UNARY, true)?), UNARY),
            ExprKind::Deref(a) => (format!("*{}", self.expr(a, UNARY, true)?), UNARY),
            // Member accesses come from the source only (the accelerator
            // leaves loops over structures alone), where the text is kept.
            ExprKind::Member(..) => return Err(EmitError::Unsupported("a generated member access".into())),
            ExprKind::StringLit(bytes) => (byte_string_literal(bytes), PRIMARY),
            ExprKind::Alloc { size, zeroed } => {
                let size = self.expr(size, ASSIGN, true)?;
                let call = if *zeroed {
                    format!("calloc(1, {size})")
                } else {
                    format!("malloc({size})")
                };
                (call, POSTFIX)
            }
            ExprKind::Call(callee, args) => self.call(callee, args)?,
            ExprKind::Nondet(name) if name.is_empty() => match e.ty.as_int() {
                Some(t) => (
                    format!("{}()", nondet_name(t.spelled_in(self.program.model), self.dialect)),
                    POSTFIX,
                ),
                None => {
                    return Err(EmitError::Unsupported(format!(
                        "a nondeterministic value of type {}",
                        e.ty
                    )));
                }
            },
            ExprKind::Nondet(name) => (format!("{name}()"), POSTFIX),
            ExprKind::Comma(a, b) => {
                let a = self.expr(a, COMMA, true)?;
                let b = self.expr(b, ASSIGN, value_only)?;
                (format!("{a}, {b}"), COMMA)
            }
            ExprKind::Forall(v, body) => match self.dialect {
                Dialect::Cbmc => {
                    let decl = self.declarator(*v)?;
                    let body = self.expr(body, COMMA, true)?;
                    (format!("__CPROVER_forall {{ {decl}; {body} }}"), PRIMARY)
                }
                Dialect::Svcomp => return Err(unsupported_in("a quantifier", self.dialect)),
            },
            ExprKind::Opaque(why) => {
                return Err(EmitError::Unsupported(format!("a synthetic opaque expression ({why})")));
            }
        })
    }

    fn literal(&self, v: i128, ty: &CType, value_only: bool) -> Result<(String, u8), EmitError> {
        let t = match ty.as_int() {
            Some(t) if t.contains(v) => t,
            _ => return Err(EmitError::Unsupported(format!("the literal {v} of type {ty}"))),
        };
        if t.rank >= Rank::Int {
            return Ok(int_literal(v, t.spelled_in(self.program.model)));
        }
        let (text, prec) = int_literal(v, IntType::INT);
        if value_only {
            Ok((text, prec))
        } else {
            Ok((format!("({}){text}", t.c_name()), UNARY))
        }
    }

    fn call(&self, callee: &Callee, args: &[Expr]) -> Result<(String, u8), EmitError> {
        let intrinsic = match callee {
            Callee::Func(id) => {
                let f = self
                    .program
                    .funcs
                    .get(id.0)
                    .ok_or_else(|| EmitError::Unsupported(format!("a call to unknown function #{}", id.0)))?;
                return Ok((format!("{}({})", f.name, self.args(args)?), POSTFIX));
            }
            Callee::Intrinsic(i) => *i,
        };
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(EmitError::Unsupported(format!(
                    "{intrinsic:?} with {} arguments",
                    args.len()
                )))
            }
        };
        Ok(match (intrinsic, self.dialect) {
            (Intrinsic::Assume, d) => {
                arity(1)?;
                let name = match d {
                    Dialect::Cbmc => "__CPROVER_assume",
                    Dialect::Svcomp => "__VERIFIER_assume",
                };
                (format!("{name}({})", self.args(args)?), POSTFIX)
            }
            (Intrinsic::Assert, Dialect::Cbmc) => {
                let (cond, msg) = match args {
                    [c] => (c, string_literal(&self.expr(c, COMMA, true)?)),
                    [c, m] => (c, self.expr(m, ASSIGN, true)?),
                    _ => return Err(EmitError::Unsupported(format!("assert with {} arguments", args.len()))),
                };
                (
                    format!("__CPROVER_assert({}, {msg})", self.expr(cond, ASSIGN, true)?),
                    POSTFIX,
                )
            }
            (Intrinsic::Assert, Dialect::Svcomp) => {
                let cond = args
                    .first()
                    .ok_or_else(|| EmitError::Unsupported("assert without arguments".to_string()))?;
                (
                    format!("{} ? (void)0 : reach_error()", self.expr(cond, LOR, true)?),
                    COND,
                )
            }
            (Intrinsic::Error, Dialect::Cbmc) => ("__CPROVER_assert(0, \"reach_error\")".to_string(), POSTFIX),
            (Intrinsic::Error, Dialect::Svcomp) => ("reach_error()".to_string(), POSTFIX),
            (Intrinsic::Abort, _) => ("abort()".to_string(), POSTFIX),
            (Intrinsic::ArrayCopy, Dialect::Cbmc) => {
                arity(2)?;
                (format!("__CPROVER_array_copy({})", self.args(args)?), POSTFIX)
            }
            (Intrinsic::ArrayReplace, Dialect::Cbmc) => {
                arity(2)?;
                (format!("__CPROVER_array_replace({})", self.args(args)?), POSTFIX)
            }
            (Intrinsic::ArrayCopy | Intrinsic::ArrayReplace, Dialect::Svcomp) => {
                return Err(unsupported_in("an array copy", self.dialect));
            }
        })
    }

    fn args(&self, args: &[Expr]) -> Result<String, EmitError> {
        let printed: Result<Vec<String>, EmitError> = args.iter().map(|a| self.expr(a, ASSIGN, true)).collect();
        Ok(printed?.join(", "))
    }

    /// The SV-COMP statement form of a synthetic assertion expression
    /// statement, `if (!(c)) {` `reach_error();` `}`, as its condition text
    /// (`!(c)`), or `None` when `e` is not one.
    pub(super) fn svcomp_assert_guard(&self, e: &Expr) -> Result<Option<String>, EmitError> {
        if self.dialect != Dialect::Svcomp || !e.span.is_synthetic() {
            return Ok(None);
        }
        match &e.kind {
            ExprKind::Call(Callee::Intrinsic(Intrinsic::Assert), args) => {
                let cond = args
                    .first()
                    .ok_or_else(|| EmitError::Unsupported("assert without arguments".to_string()))?;
                Ok(Some(format!("!{}", self.expr(cond, UNARY, true)?)))
            }
            _ => Ok(None),
        }
    }

    pub(super) fn var_name(&self, id: VarId) -> Result<&str, EmitError> {
        self.program
            .vars
            .get(id.0)
            .map(|v| v.name.as_str())
            .ok_or_else(|| EmitError::Unsupported(format!("unknown variable #{}", id.0)))
    }

    /// `T name` or `T name[N][M]` for a variable (C declarator syntax).
    pub(super) fn declarator(&self, id: VarId) -> Result<String, EmitError> {
        let (base, rest) = self.declarator_parts(id)?;
        let sep = if base.ends_with('*') { "" } else { " " };
        Ok(format!("{base}{sep}{rest}"))
    }

    /// The base type and the declarator (`name[N][M]`) of a variable.
    pub(super) fn declarator_parts(&self, id: VarId) -> Result<(String, String), EmitError> {
        let name = self.var_name(id)?;
        let mut ty = &self.program.vars[id.0].ty;
        let mut rest = name.to_string();
        while let CType::Array(elem, n) = ty {
            rest.push_str(&format!("[{n}]"));
            ty = elem;
        }
        let base = match ty {
            CType::Int(t) => t.spelled_in(self.program.model).c_name().to_string(),
            CType::Opaque(s) if !s.contains(['(', '[']) => s.clone(),
            _ => {
                return Err(EmitError::Unsupported(format!(
                    "a declaration of {name} with type {ty}"
                )));
            }
        };
        Ok((base, rest))
    }
}

fn unsupported_in(what: &str, dialect: Dialect) -> EmitError {
    let name = match dialect {
        Dialect::Cbmc => "CBMC",
        Dialect::Svcomp => "SV-COMP",
    };
    EmitError::Unsupported(format!("{what}, which the {name} dialect cannot express"))
}
