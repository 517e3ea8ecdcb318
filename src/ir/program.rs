//! The whole program: variables, functions, structure types, the prefix of
//! fresh names, and the quantifiers the back end supports. In: statements
//! and expressions. Out: `Program`, which every stage after `lower` reads.

use super::expr::{BinOp, Expr, ExprKind, FuncId, Span, UnOp, VarId};
use super::stmt::{Init, Stmt};
use super::types::{CType, DataModel, StructRef};
use std::collections::BTreeSet;

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
    /// The spans of the `while` loops `lower` made of loops written with a
    /// backward `goto` (`L: ...; goto L;`).
    pub goto_loops: BTreeSet<Span>,
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
    /// back end instantiates the body once per value. Not more where the
    /// count is free: a search's guard over 100,000 ints, each instance a
    /// range test on the count and an element's comparison, ran CBMC 6.6.0
    /// out of memory (over 8 GB) at `--unwind 3`.
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
