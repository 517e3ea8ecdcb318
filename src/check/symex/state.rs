//! The encoder's vocabulary, shared by every file of `symex`: the encoder
//! (`Enc`), the symbolic state and values, what encoding produces
//! (`Encoding`, properties, trace steps) and the small z3 helpers. In: the
//! IR's types. Out: the types the other files' `impl Enc` blocks work on;
//! here rather than in mod.rs so that those files import nothing from it.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use z3::Sort;
use z3::ast::{Array, BV, Bool};

use crate::check::quant::Quant;
use crate::diag::Diagnostic;
use crate::ir::{CType, FuncId, IntType, Program, Span, Stmt, VarId};

/// Why encoding stopped early.
pub(crate) enum Stop {
    Unsupported(Diagnostic),
    Timeout,
    OutOfMemory,
}

pub(super) type R<T> = Result<T, Stop>;

pub(super) fn unsupported(span: Span, msg: impl Into<String>) -> Stop {
    Stop::Unsupported(Diagnostic::error(span, msg).with_label("not supported by `tracc check`"))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PropKind {
    Assert,
    ErrorCall,
    ErrorLabel,
    Unwind,
    Recursion,
    /// A signed `+ - * / % <<` or negation out of its type's range.
    Overflow,
    /// An array index outside the array.
    Bounds,
    /// A division or remainder by zero.
    DivByZero,
    /// A shift by an amount out of range, or `<<` of a negative value.
    UndefinedShift,
    /// `*p` of the null pointer or outside its object.
    Pointer,
    /// A candidate invariant at the head of k-induction's loop
    /// (`Induction::invariants`), numbered in its message.
    Invariant,
}

/// A property: it fails exactly when `fails` holds.
pub(crate) struct Prop {
    pub kind: PropKind,
    pub span: Span,
    pub message: String,
    pub fails: Bool,
    /// Number of trace steps recorded before the property.
    pub step: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepKind {
    Assign,
    Decl,
    Param,
    Nondet,
    Uninit,
}

pub(crate) struct Step {
    pub span: Span,
    pub kind: StepKind,
    pub target: String,
    pub indices: Vec<BV>,
    pub value: Option<(BV, IntType)>,
    pub guard: Bool,
}

#[derive(Default)]
pub(crate) struct Encoding {
    pub defs: Vec<Bool>,
    /// The quantifiers, each standing in `defs`/`props` as a Boolean name
    /// (see quant.rs): the solver sees their instances only.
    pub quants: Vec<Quant>,
    pub props: Vec<Prop>,
    pub steps: Vec<Step>,
    /// What the encoding assumed (a function without a body returns a
    /// nondeterministic value), once per function.
    pub warnings: Vec<Diagnostic>,
}

/// The options the encoder needs.
pub(crate) struct EncodeOptions<'a> {
    pub entry: &'a str,
    pub unwind: u32,
    /// Loops with a bound of their own (`--unwindset`), by span.
    pub loop_bounds: std::collections::HashMap<crate::ir::Span, u32>,
    pub unwinding_assertions: bool,
    pub error_label: Option<&'a str>,
    pub deadline: Option<Instant>,
    /// Stop when the process's resident size passes this (KiB).
    pub memory_limit_kib: Option<u64>,
    /// Quantifiers as z3 quantifiers instead of names (quant.rs).
    pub native_quantifiers: bool,
    /// Signed arithmetic out of range is a failure (CBMC's
    /// `--signed-overflow-check`) instead of wrapping.
    pub signed_overflow: bool,
    /// An index outside its array is a failure (CBMC's `--bounds-check`).
    pub bounds_check: bool,
    /// A division by zero is a failure (CBMC's `--div-by-zero-check`).
    pub div_by_zero: bool,
    /// An undefined shift is a failure (CBMC's `--undefined-shift-check`).
    pub undefined_shift: bool,
    /// `*p` of the null pointer or outside its object is a failure
    /// (CBMC's `--pointer-check`, as far as the objects are modelled).
    pub pointer_check: bool,
    /// An allocation may return the null pointer (CBMC's
    /// `--malloc-may-fail --malloc-fail-null`).
    pub malloc_may_fail: bool,
    /// Told where the unwinding is, a few times a second.
    pub progress: Option<&'a crate::diag::Progress>,
    /// One case of k-induction on one loop (check/induction.rs).
    pub induction: Option<&'a Induction>,
}

impl EncodeOptions<'_> {
    /// Whether any property an operation records (overflow, bounds,
    /// division, shift, dereference) is asked for.
    pub fn checks_operations(&self) -> bool {
        self.signed_overflow || self.bounds_check || self.div_by_zero || self.undefined_shift || self.pointer_check
    }
}

/// One case of k-induction on the loop at `target` (its statement's span),
/// which runs at most once per execution (a loop of the entry function, in
/// no other loop).
///
/// - `Base`: the loop's body runs at most `k` times, and an execution that
///   would take it further is cut without an unwinding assertion; every
///   other property is checked.
/// - `Step`: the variables in `havoc` take arbitrary values when the loop is
///   reached; `k` iterations follow in which every property (assertions,
///   standard checks, other loops' unwinding assertions) is assumed, then
///   one iteration, or the loop's exit and the rest of the program, in
///   which they are checked. An exit or `break` within the first `k`
///   iterations ends the execution; so does the back edge after the last.
///
/// Both SAFE prove the program: an execution's first failing property
/// either lies within `k` iterations of the loop (the base case has it) or
/// follows `k` iterations without one (the step case, started where they
/// start, has it).
#[derive(Clone, Debug)]
pub(crate) struct Induction {
    pub target: Span,
    pub k: u32,
    pub case: InductionCase,
    pub havoc: Vec<VarId>,
    /// Candidate invariants, each a property at the head of every
    /// iteration (so assumed in the step case's first k, checked after):
    /// proved together with the program's own properties.
    pub invariants: Vec<HeadInvariant>,
}

/// A candidate invariant at the target loop's head.
#[derive(Clone, Debug)]
pub(crate) struct HeadInvariant {
    /// A condition (`kept` false), or a value that equals its value at
    /// the loop's entry (`kept`: taken before the step case's arbitrary
    /// values, so it is the entry of the execution the prefix reached).
    pub expr: crate::ir::Expr,
    pub kept: bool,
    /// How reports show it.
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InductionCase {
    Base,
    Step,
}

#[derive(Clone)]
pub(super) enum Val {
    Bv(BV),
    Arr(Array),
    /// A structure: its members' values in declaration order.
    Struct(Vec<Val>),
    Void,
}

/// One step from a value to a part of it: an array element or a
/// structure member.
#[derive(Clone)]
pub(super) enum Sel {
    Index(BV),
    Field(usize),
}

/// A variable instance: frame 0 holds globals, every function activation
/// gets its own frame so recursive calls do not share locals.
pub(super) type Key = (u32, VarId);

#[derive(Clone)]
pub(super) struct State {
    pub(super) guard: Bool,
    /// The guard is known to be false: nothing here executes.
    pub(super) dead: bool,
    pub(super) vals: HashMap<Key, Val>,
}

impl State {
    pub(super) fn live() -> State {
        State {
            guard: Bool::from_bool(true),
            dead: false,
            vals: HashMap::new(),
        }
    }

    pub(super) fn dead() -> State {
        State {
            guard: Bool::from_bool(false),
            dead: true,
            vals: HashMap::new(),
        }
    }
}

/// Labels and gotos of one function body in pre-order, to tell forward
/// gotos (supported) from backward ones (refused).
#[derive(Default)]
pub(super) struct Labels {
    pub(super) by_name: HashMap<String, (usize, usize)>,
    pub(super) goto_order: HashMap<usize, usize>,
}

pub(super) struct FnCtx {
    pub(super) func: Option<FuncId>,
    pub(super) frame: u32,
    /// States waiting at a jump target (label, case, default), keyed by the
    /// address of the target statement.
    pub(super) pending: HashMap<usize, State>,
    pub(super) breaks: Vec<Vec<State>>,
    pub(super) conts: Vec<Vec<State>>,
    pub(super) returns: Vec<(State, Option<Val>)>,
    /// Array parameters refer to the caller's array (C passes a pointer).
    pub(super) aliases: HashMap<VarId, Key>,
    pub(super) labels: Rc<Labels>,
}

impl FnCtx {
    pub(super) fn new(func: Option<FuncId>, frame: u32, labels: Rc<Labels>) -> FnCtx {
        FnCtx {
            func,
            frame,
            pending: HashMap::new(),
            breaks: Vec::new(),
            conts: Vec::new(),
            returns: Vec::new(),
            aliases: HashMap::new(),
            labels,
        }
    }
}

/// An assignable location: a variable and a chain of array indices and
/// structure members (members first: arrays of structures are not
/// modelled).
pub(super) struct LPath {
    pub(super) key: Key,
    pub(super) var: VarId,
    pub(super) sels: Vec<Sel>,
}

pub(super) fn sid(s: &Stmt) -> usize {
    s as *const Stmt as usize
}

pub(super) fn and2(a: &Bool, b: &Bool) -> Bool {
    match (a.as_bool(), b.as_bool()) {
        (Some(false), _) | (_, Some(false)) => Bool::from_bool(false),
        (Some(true), _) => b.clone(),
        (_, Some(true)) => a.clone(),
        _ => Bool::and(&[a, b]),
    }
}

pub(super) fn or2(a: &Bool, b: &Bool) -> Bool {
    match (a.as_bool(), b.as_bool()) {
        (Some(true), _) | (_, Some(true)) => Bool::from_bool(true),
        (Some(false), _) => b.clone(),
        (_, Some(false)) => a.clone(),
        _ => Bool::or(&[a, b]),
    }
}

pub(super) fn not1(a: &Bool) -> Bool {
    match a.as_bool() {
        Some(x) => Bool::from_bool(!x),
        None => a.not(),
    }
}

pub(super) fn is_false(b: &Bool) -> bool {
    b.as_bool() == Some(false)
}

/// A literal of `ty`'s width holding `v` (wrapped to the width).
pub(super) fn lit(v: i128, bits: u32) -> BV {
    let mask: u128 = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    BV::from_u64(((v as u128) & mask) as u64, bits)
}

pub(super) fn bool_to_bv(b: &Bool, bits: u32) -> BV {
    b.ite(&lit(1, bits), &lit(0, bits))
}

pub(super) fn sort_of(ty: &CType, span: Span) -> R<Sort> {
    match ty {
        CType::Int(t) => Ok(Sort::bitvector(t.bits())),
        CType::Pointer(_) => Ok(Sort::bitvector(64)),
        CType::Array(e, _) | CType::Vla(e) => Ok(Sort::array(&Sort::bitvector(64), &sort_of(e, span)?)),
        CType::Struct(_) => Err(unsupported(span, format!("arrays of `{ty}` are not modelled"))),
        _ => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
    }
}

/// The members of structure type `s`, or why its values are not modelled.
pub(super) fn members_of<'a>(prog: &'a Program, s: &crate::ir::StructRef, span: Span) -> R<&'a [crate::ir::Member]> {
    prog.members(s).ok_or_else(|| {
        unsupported(
            span,
            format!("`{}` is incomplete or has a member tracc does not model", s.name),
        )
    })
}

/// The value of a zero-initialised object of type `ty`.
pub(super) fn zero_of(prog: &Program, ty: &CType, span: Span) -> R<Val> {
    match ty {
        CType::Int(t) => Ok(Val::Bv(lit(0, t.bits()))),
        // The null pointer.
        CType::Pointer(_) => Ok(Val::Bv(lit(0, 64))),
        CType::Array(e, _) | CType::Vla(e) => match zero_of(prog, e, span)? {
            Val::Bv(b) => Ok(Val::Arr(Array::const_array(&Sort::bitvector(64), &b))),
            Val::Arr(a) => Ok(Val::Arr(Array::const_array(&Sort::bitvector(64), &a))),
            Val::Struct(_) | Val::Void => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
        },
        CType::Struct(s) => members_of(prog, s, span)?
            .iter()
            .map(|m| zero_of(prog, &m.ty, span))
            .collect::<R<Vec<Val>>>()
            .map(Val::Struct),
        _ => Err(unsupported(span, format!("type `{ty}` is not modelled"))),
    }
}

pub(super) struct Enc<'p> {
    pub(super) prog: &'p Program,
    pub(super) src: &'p str,
    pub(super) opts: &'p EncodeOptions<'p>,
    pub(super) ctxs: Vec<FnCtx>,
    pub(super) next_frame: u32,
    pub(super) out: Encoding,
    pub(super) labels: HashMap<FuncId, Rc<Labels>>,
    pub(super) ticks: u32,
    /// Depth of quantifier bodies being evaluated.
    pub(super) binders: u32,
    /// When `opts.progress` was last told.
    pub(super) last_progress: Instant,
    /// The objects pointers may name, numbered from 1 (pointer.rs).
    pub(super) objects: Vec<Object>,
    /// Properties are assumed, not checked (the first iterations of
    /// k-induction's step case, and what precedes them).
    pub(super) assuming: bool,
}

/// Where an object lives: the value at `key` (of type `root_ty`) and the
/// members from it to the object (empty: the whole value).
#[derive(Clone)]
pub(super) struct Region {
    pub(super) key: Key,
    pub(super) path: Vec<usize>,
    pub(super) ty: CType,
    pub(super) root_ty: CType,
}

impl Region {
    /// The whole value at `key`.
    pub(super) fn whole(key: Key, ty: CType) -> Region {
        Region {
            key,
            path: Vec::new(),
            root_ty: ty.clone(),
            ty,
        }
    }

    pub(super) fn is_array(&self) -> bool {
        matches!(self.ty, CType::Array(..) | CType::Vla(_))
    }
}

/// An object pointers may name.
pub(super) struct Object {
    pub(super) region: Region,
    /// The whole value where the state has none: a string literal's bytes,
    /// the first value of an allocation (states that never allocated it).
    pub(super) init: Option<Val>,
}

/// The type a value of type `ty` has in the checker's arithmetic: its own
/// for integers, `unsigned long` for pointers.
pub(super) fn scalar_type(ty: &CType) -> Option<IntType> {
    match ty {
        CType::Int(t) => Some(*t),
        CType::Pointer(_) => Some(IntType::ULONG),
        _ => None,
    }
}
