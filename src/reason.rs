//! Why a loop or an iteration path is left alone.
//!
//! In: what `loops` and `accelerate` find when they give up on a loop or a
//! path. Out: a `Reason` that diagnostics and `explain` print (its
//! `Display`), the JSON report carries (`code()` beside the text) and the
//! bench report counts over a directory (which reasons block the most loops
//! tells what to build next). Shared vocabulary, like `ir` and `diag`; no
//! stage decides anything from the text.

use std::fmt;

/// Why a loop (or one of its iteration paths) is not accelerated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    // The loop as a whole (`loops`).
    /// The body contains another loop.
    NestedLoop,
    /// A statement the front end does not model.
    UnmodelledStatement(String),
    /// Expressions the front end does not model (each one's reason).
    UnmodelledExpressions(Vec<String>),
    /// A variable of a type the front end does not model.
    UnmodelledType { var: String, ty: String },
    /// `static` declaration in the body.
    StaticInBody(String),
    /// An array (or struct) initialised with a brace list in the body.
    BraceListInBody(String),
    /// An inner loop's condition changes state: its summary, from the
    /// loop's entry, would have to start with it.
    ConditionSideEffects,
    /// A `goto` from outside jumps into the loop.
    GotoIntoLoop(String),
    /// A call of a function that cannot be inlined (the function's reason).
    CallsUninlinable { func: String, why: String },
    /// A call of a function without a body in this file.
    CallsWithoutBody(String),
    /// `__CPROVER_array_copy` or `__CPROVER_array_replace` in the loop.
    ArrayCopy,
    /// A quantifier in the loop.
    Quantifier,

    // Iteration paths (`loops::iteration_paths`).
    /// More iteration paths than `--max-paths`.
    TooManyPaths(usize),
    /// An inner loop on the path has no closed-form summary (why not).
    InnerLoop(InnerLoopIssue),
    /// A construct the path enumeration does not follow.
    PathConstruct(&'static str),

    // One path (`accelerate`).
    /// Nothing the path writes changes.
    ChangesNothing,
    /// The path's guards never hold at two iterations in a row (it
    /// alternates with other paths): an accelerator would only ever
    /// perform single iterations.
    NeverRepeats,
    /// A variable is read before the iteration assigns it.
    ReadsBeforeAssigned(Option<String>),
    /// A state variable gets an unknown value.
    UnknownValue(String),
    /// A variable of a type closed forms are not made for is written.
    WritesUnsupportedType { var: String, ty: String },
    /// The path's values or guards depend on nondeterministic values in a
    /// way no closed form describes.
    Nondeterminism(NondetUse),
    /// An array write (or read) of a shape the accelerator does not model.
    ArrayAccess(ArrayIssue),
    /// The new value of a variable is not a polynomial of the old values.
    NotPolynomial { var: String, value: String },
    /// A variable's update is not `x + e` (geometric or nonlinear).
    NotAdditive(String),
    /// The loop reads or writes through a pointer, or takes an address:
    /// such loops are left to the checker (the accelerator does not model
    /// memory that may alias its variables).
    Pointer,
    /// The loop uses a structure value or member: the accelerator does not
    /// model structures, so such loops are left to the checker.
    Struct,
    /// A geometric update `x = a*x + b` whose closed form is not used.
    Geometric { var: String, why: GeometricIssue },
    /// The updates of variables depend on each other in a cycle.
    CyclicUpdate(String),
    /// A variable depends on a value that changes after the first
    /// iteration only.
    DelayedDependency(String),
    /// A variable's update reads a variable whose value alternates (its
    /// value is not a polynomial in the iteration count).
    DependsOnAlternating(String),
    /// A closed form whose degree is too high to compute.
    DegreeTooHigh(String),
    /// A closed form of a degree or width that is not emitted.
    ClosedFormTooComplex {
        var: String,
        form: String,
        limit: ClosedFormLimit,
    },
    /// An operation the no-wrap conditions do not cover.
    UnsupportedOperation(&'static str),
    /// A value whose range over the iterations cannot be bounded.
    UnboundedValue { what: String, monotone_unknown: bool },
    /// A global variable shadowed by a local of the same name.
    ShadowedGlobal(String),
    /// The accelerator would need a quantifier the target cannot evaluate.
    /// `range`: the quantifier's constant range, where it has one (then
    /// larger than the target expands).
    QuantifierUnsupported {
        quantifier: String,
        none_allowed: bool,
        range: Option<i128>,
        /// The largest range tracc emits for this accelerator.
        limit: i128,
    },
    /// z3 could not prove something the accelerator relies on.
    Unproved(Claim),
    /// An internal limit of the closed-form machinery (a coefficient that
    /// overflows, a value it cannot emit or model).
    Limit(&'static str),

    // A loop all of whose paths were refused, or whose output the dialect
    // cannot express (`instrument`, `pipeline`).
    /// No iteration path could be accelerated.
    NoPathAccelerated,
    /// The accelerated loop uses something the output dialect cannot
    /// express.
    DialectCannotExpress(String),
    /// The accelerator names a block-scope static of another function (a
    /// helper inlined into the path) that cannot move to file scope under
    /// its own name (`emit::hoist`).
    StaticCannotMove { var: String, func: String, why: String },
    /// The loop runs at most this many times per entry (`loops::unwind`),
    /// few enough that CBMC unrolls it more cheaply than it checks an
    /// accelerator: it is left to unrolling (`instrument::unroll` writes it
    /// for `--unwind 3`; an `--unwindset` where its body cannot be copied).
    LeftToUnrolling { trips: u128 },
}

/// How nondeterministic values are used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NondetUse {
    /// Guards or computations depend on them.
    InGuards,
    /// A variable (named) is assigned one.
    Assigned(String),
    /// An array is written at a nondeterministic index.
    ArrayIndex,
    /// An array element gets a value computed from one.
    ArrayValue,
}

/// What is wrong with an array access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrayIssue {
    WritesParameter(String),
    WritesLocal(String),
    NotOneDimensionalInteger(String),
    WrittenTwice(String),
    ReadsWhatItWrites(String),
    IndexNotConstantStep(String),
    /// A row index of the write changes in the loop (only the element's
    /// index may move).
    RowMoves(String),
    IndexUnbounded(String),
    /// An inner loop fills rows of the matrix, but not one row further per
    /// iteration from the same column on with the same length, or the
    /// matrix has more elements than a bounded quantifier may range over.
    FillShape(String),
    /// A variable-length array: it has no constant length to bound a
    /// quantifier or an index by.
    VariableLength(String),
    NotAnArray,
}

/// Why an inner loop has no summary (`accelerate::summary`): the effect
/// of the whole inner loop, from its entry, as one step of the outer path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InnerLoopIssue {
    /// The inner loop's own paths cannot be listed or accelerated.
    Refused(Box<Reason>),
    /// A `do`-`while` loop (its first iteration runs unconditionally).
    DoWhile,
    /// Not exactly one iteration path (how many).
    PathCount(usize),
    /// The path has branches or assertions besides the loop condition.
    Branches,
    /// The path writes an array, or havocs or chooses nondeterministically.
    NotPlainUpdates,
    /// The path writes this array other than as a fill of one row of a
    /// matrix (`loops::Fill`).
    WritesArray(String),
    /// A variable that does not move by a constant step per iteration.
    NotConstantStep(String),
    /// A value of more than 32 bits (the summary computes in `long`).
    Wide(String),
    /// The condition is not a comparison whose sides approach each other
    /// by one per iteration (the trip count is not a difference).
    TripCount,
    /// z3 did not prove the summary's trip count.
    Unproved,
}

/// Why a geometric update's closed form is not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeometricIssue {
    /// The variable is signed.
    Signed,
    /// Something else on the path reads or writes the variable.
    ReadElsewhere,
    /// A guard over the variable excludes one of its values.
    Guarded,
    /// Odd factor, nonzero constant, 64 bits: more than 64 bits needed.
    TooWide,
    /// z3 did not prove the update or the closed form.
    Unproved,
}

/// Which closed-form limit was exceeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedFormLimit {
    /// Polynomials only over values of at most 32 bits.
    Width,
    /// Polynomials of degree at most 2.
    Degree,
    /// z3 could not prove it monotone.
    Monotone,
}

/// What z3 could not prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The closed forms against the loop body.
    ClosedForms,
    /// The emitted overflow condition and closed forms exact.
    Emitted,
    /// The guards' treatment.
    Guards,
}

impl Reason {
    /// A stable, machine-readable name (JSON reports, the bench table).
    pub fn code(&self) -> &'static str {
        match self {
            Reason::NestedLoop => "nested-loop",
            Reason::InnerLoop(_) => "inner-loop",
            Reason::UnmodelledStatement(_) => "unmodelled-statement",
            Reason::UnmodelledExpressions(_) => "unmodelled-expression",
            Reason::UnmodelledType { .. } => "unmodelled-type",
            Reason::StaticInBody(_) => "static-in-body",
            Reason::BraceListInBody(_) => "brace-list-in-body",
            Reason::ConditionSideEffects => "condition-side-effects",
            Reason::GotoIntoLoop(_) => "goto-into-loop",
            Reason::CallsUninlinable { .. } => "call-not-inlined",
            Reason::CallsWithoutBody(_) => "call-without-body",
            Reason::ArrayCopy => "array-copy",
            Reason::Quantifier => "quantifier-in-loop",
            Reason::TooManyPaths(_) => "too-many-paths",
            Reason::PathConstruct(_) => "path-construct",
            Reason::ChangesNothing => "changes-nothing",
            Reason::NeverRepeats => "never-repeats",
            Reason::DependsOnAlternating(_) => "depends-on-alternating",
            Reason::ReadsBeforeAssigned(_) => "reads-before-assigned",
            Reason::UnknownValue(_) => "unknown-value",
            Reason::WritesUnsupportedType { .. } => "unsupported-type",
            Reason::Nondeterminism(_) => "nondeterminism",
            Reason::ArrayAccess(_) => "array-access",
            Reason::NotPolynomial { .. } => "not-polynomial",
            Reason::NotAdditive(_) => "geometric-or-nonlinear",
            Reason::Geometric { .. } => "geometric-refused",
            Reason::Pointer => "pointer",
            Reason::Struct => "struct",
            Reason::CyclicUpdate(_) => "cyclic-update",
            Reason::DelayedDependency(_) => "delayed-dependency",
            Reason::DegreeTooHigh(_) | Reason::ClosedFormTooComplex { .. } => "closed-form-too-complex",
            Reason::UnsupportedOperation(_) => "unsupported-operation",
            Reason::UnboundedValue { .. } => "unbounded-value",
            Reason::ShadowedGlobal(_) => "shadowed-global",
            Reason::QuantifierUnsupported { .. } => "quantifier-unsupported",
            Reason::Unproved(_) => "unproved",
            Reason::Limit(_) => "internal-limit",
            Reason::NoPathAccelerated => "no-path-accelerated",
            Reason::DialectCannotExpress(_) => "dialect-cannot-express",
            Reason::StaticCannotMove { .. } => "static-cannot-move",
            Reason::LeftToUnrolling { .. } => "left-to-unrolling",
        }
    }
}

/// The internal limits are written where they arise, as `ok_or("...")?`.
impl From<&'static str> for Reason {
    fn from(what: &'static str) -> Reason {
        Reason::Limit(what)
    }
}

impl fmt::Display for Reason {
    // One arm per reason: the text users read, kept next to each other.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NestedLoop => write!(f, "contains a nested loop"),
            Reason::InnerLoop(issue) => {
                write!(f, "an inner loop on the path has no summary: ")?;
                match issue {
                    InnerLoopIssue::Refused(r) => write!(f, "{r}"),
                    InnerLoopIssue::DoWhile => write!(f, "it is a do-while loop"),
                    InnerLoopIssue::PathCount(n) => write!(f, "it has {n} iteration paths, not one"),
                    InnerLoopIssue::Branches => write!(f, "its body branches or asserts"),
                    InnerLoopIssue::NotPlainUpdates => {
                        write!(f, "it writes an array or a nondeterministic value")
                    }
                    InnerLoopIssue::WritesArray(a) => {
                        write!(
                            f,
                            "it writes the array `{a}` (a summary carries the values of variables and one row of a matrix written at consecutive indices, with values linear in the iteration and no array read)"
                        )
                    }
                    InnerLoopIssue::NotConstantStep(v) => write!(f, "`{v}` does not move by a constant step"),
                    InnerLoopIssue::Wide(v) => write!(f, "`{v}` has more than 32 bits"),
                    InnerLoopIssue::TripCount => write!(
                        f,
                        "its condition is not a comparison whose sides approach each other by one per iteration"
                    ),
                    InnerLoopIssue::Unproved => write!(f, "z3 did not prove its trip count"),
                }
            }
            Reason::UnmodelledStatement(r) => write!(f, "uses an unmodelled statement ({r})"),
            Reason::UnmodelledExpressions(rs) if rs.len() == 1 => {
                write!(f, "uses an unmodelled expression ({})", rs[0])
            }
            Reason::UnmodelledExpressions(rs) => write!(f, "uses unmodelled expressions ({})", rs.join("; ")),
            Reason::UnmodelledType { var, ty } => write!(f, "uses `{var}` of unmodelled type `{ty}`"),
            Reason::StaticInBody(v) => write!(f, "declares the static variable `{v}` in its body"),
            Reason::BraceListInBody(v) => write!(f, "initialises `{v}` with a brace list in its body"),
            Reason::ConditionSideEffects => {
                write!(
                    f,
                    "its condition has side effects (an inner loop is summarised from its entry, before them)"
                )
            }
            Reason::GotoIntoLoop(l) => write!(f, "has a `goto {l}` that jumps to a label inside the loop"),
            Reason::CallsUninlinable { func, why } => write!(f, "calls `{func}`, which {why}"),
            Reason::CallsWithoutBody(func) => write!(f, "call of `{func}`, which has no body"),
            Reason::ArrayCopy => write!(f, "uses __CPROVER_array_copy or __CPROVER_array_replace"),
            Reason::Quantifier => write!(f, "uses a quantifier"),
            Reason::TooManyPaths(max) => write!(f, "more than {max} iteration paths"),
            Reason::PathConstruct(what) => write!(f, "{what}"),
            Reason::ChangesNothing => write!(f, "changes no variable"),
            Reason::DependsOnAlternating(v) => write!(
                f,
                "the update of `{v}` reads a variable whose value alternates (no polynomial closed form)"
            ),
            Reason::NeverRepeats => write!(
                f,
                "its guards never hold at two iterations in a row (the path alternates with others)"
            ),
            Reason::ReadsBeforeAssigned(Some(v)) => write!(f, "reads `{v}` before it is assigned in the iteration"),
            Reason::ReadsBeforeAssigned(None) => write!(f, "reads a variable before it is assigned in the iteration"),
            Reason::UnknownValue(v) => write!(f, "`{v}` gets an unknown value"),
            Reason::WritesUnsupportedType { var, ty } => write!(f, "writes `{var}` of type `{ty}`"),
            Reason::Nondeterminism(NondetUse::InGuards) => {
                write!(f, "its guards or computations depend on nondeterministic values")
            }
            Reason::Nondeterminism(NondetUse::Assigned(v)) => write!(f, "assigns a nondeterministic value to `{v}`"),
            Reason::Nondeterminism(NondetUse::ArrayIndex) => write!(f, "writes an array at a nondeterministic index"),
            Reason::Nondeterminism(NondetUse::ArrayValue) => {
                write!(f, "writes a value computed from a nondeterministic value to an array")
            }
            Reason::ArrayAccess(issue) => match issue {
                ArrayIssue::WritesParameter(a) => write!(f, "writes the array parameter `{a}`"),
                ArrayIssue::WritesLocal(a) => write!(f, "writes the array `{a}` declared in the loop body"),
                ArrayIssue::NotOneDimensionalInteger(a) => {
                    write!(
                        f,
                        "writes `{a}`, which is not an array of integers or of rows of integers"
                    )
                }
                ArrayIssue::WrittenTwice(a) => write!(f, "writes the array `{a}` more than once"),
                ArrayIssue::ReadsWhatItWrites(a) => {
                    write!(
                        f,
                        "reads the array `{a}` that it writes, at another index or after the write"
                    )
                }
                ArrayIssue::IndexNotConstantStep(a) => {
                    write!(f, "the index of the write to `{a}` does not move by a constant step")
                }
                ArrayIssue::RowMoves(a) => {
                    write!(f, "the row index of the write to `{a}` changes in the loop")
                }
                ArrayIssue::IndexUnbounded(a) => write!(f, "cannot bound the index of the write to `{a}`"),
                ArrayIssue::FillShape(a) => write!(
                    f,
                    "an inner loop writes rows of `{a}`, but not the next row in each iteration, \
                     from the same column and as many elements, in a matrix of at most 65536 elements"
                ),
                ArrayIssue::VariableLength(a) => {
                    write!(
                        f,
                        "accesses `{a}`, a variable-length array (no constant length to bound by)"
                    )
                }
                ArrayIssue::NotAnArray => write!(f, "array write to a non-array"),
            },
            Reason::NotPolynomial { var, value } => {
                write!(f, "the new value of `{var}` (`{value}`) is not a polynomial")
            }
            Reason::NotAdditive(v) => write!(
                f,
                "the update of `{v}` is not of the form `x + e` (geometric or nonlinear)"
            ),
            Reason::Pointer => write!(
                f,
                "uses pointers (`*p`, `&x`): memory reached through a pointer may alias the loop's variables, so the loop is left to the checker"
            ),
            Reason::Struct => write!(
                f,
                "uses a structure (`s.f`, `p->f`): the accelerator does not model structure values, so the loop is left to the checker"
            ),
            Reason::Geometric { var, why } => {
                write!(f, "the update of `{var}` is geometric (`{var} = a*{var} + b`), but ")?;
                match why {
                    GeometricIssue::Signed => write!(
                        f,
                        "`{var}` is signed: its overflow is undefined behaviour, left for the checker"
                    ),
                    GeometricIssue::ReadElsewhere => write!(
                        f,
                        "the path reads or writes `{var}` elsewhere (only a geometric value that nothing else reads has a closed form here)"
                    ),
                    GeometricIssue::Guarded => write!(
                        f,
                        "a guard over `{var}` excludes a value of it (where a geometric value first meets one has no closed form)"
                    ),
                    GeometricIssue::TooWide => write!(
                        f,
                        "its closed form needs arithmetic modulo more than 2^64 (odd factor, nonzero constant, 64-bit type)"
                    ),
                    GeometricIssue::Unproved => write!(
                        f,
                        "z3 did not prove it exact modulo 2^bits without undefined behaviour (the update's arithmetic may overflow)"
                    ),
                }
            }
            Reason::CyclicUpdate(v) => write!(f, "the update of `{v}` depends cyclically on other changing variables"),
            Reason::DelayedDependency(v) => {
                write!(
                    f,
                    "`{v}` depends on a value that changes after the first iteration only"
                )
            }
            Reason::DegreeTooHigh(v) => write!(f, "the closed form of `{v}` has too high a degree"),
            Reason::ClosedFormTooComplex { var, form, limit } => match limit {
                ClosedFormLimit::Width => write!(
                    f,
                    "the closed form of `{var}` is {form} (polynomial closed forms are emitted over values of at most 32 bits)"
                ),
                ClosedFormLimit::Degree => write!(
                    f,
                    "the closed form of `{var}` is {form} (polynomials of degree at most 2 are emitted)"
                ),
                ClosedFormLimit::Monotone => {
                    write!(
                        f,
                        "the closed form of `{var}` is {form}, which z3 could not prove monotone"
                    )
                }
            },
            Reason::UnsupportedOperation(what) => write!(f, "{what}"),
            Reason::UnboundedValue {
                what,
                monotone_unknown: false,
            } => write!(f, "cannot bound the value of `{what}`"),
            Reason::UnboundedValue {
                what,
                monotone_unknown: true,
            } => write!(f, "the value of `{what}` is not monotone in the iteration count"),
            Reason::ShadowedGlobal(v) => write!(f, "the global `{v}` is shadowed by a local of the same name"),
            Reason::QuantifierUnsupported {
                quantifier,
                none_allowed: true,
                ..
            } => write!(
                f,
                "needs the quantifier `{quantifier}`, and the output may have none (--quantifiers=none, --dialect svcomp)"
            ),
            Reason::QuantifierUnsupported {
                quantifier,
                none_allowed: false,
                range: Some(values),
                limit,
            } => write!(
                f,
                "needs the quantifier `{quantifier}` over {values} values, more than tracc emits for CBMC's \
                 default SAT back end (at most {limit} here: it expands the body once per value; \
                 --quantifiers=smt emits it, for cbmc --z3)"
            ),
            Reason::QuantifierUnsupported {
                quantifier,
                none_allowed: false,
                range: None,
                ..
            } => write!(
                f,
                "needs the quantifier `{quantifier}`, whose range is not constant: CBMC's default SAT back end \
                 ignores it (--quantifiers=smt emits it, for cbmc --z3)"
            ),
            Reason::Unproved(Claim::ClosedForms) => {
                write!(f, "z3 could not verify the closed forms against the loop body")
            }
            Reason::Unproved(Claim::Emitted) => {
                write!(
                    f,
                    "z3 could not prove the emitted overflow condition and closed forms exact"
                )
            }
            Reason::Unproved(Claim::Guards) => write!(f, "cannot evaluate the guards"),
            Reason::Limit(what) => write!(f, "{what}"),
            Reason::NoPathAccelerated => write!(f, "no iteration path could be accelerated"),
            Reason::DialectCannotExpress(what) => write!(f, "the accelerator needs {what}"),
            Reason::StaticCannotMove { var, func, why } => write!(
                f,
                "the accelerator names `{var}`, a static local of `{func}`, which cannot move to file scope: {why}"
            ),
            Reason::LeftToUnrolling { trips } => write!(
                f,
                "it runs at most {trips} time{}, which CBMC unrolls more cheaply than it checks an accelerator",
                if *trips == 1 { "" } else { "s" }
            ),
        }
    }
}

/// The reasons a loop or path is left alone, in the order found (empty:
/// it is not left alone). In JSON, flattened into the report that holds
/// it: `"reason"` (the texts joined by "; ", or null) and
/// `"reason_codes"` (their codes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Why(pub Vec<Reason>);

impl Why {
    pub fn one(r: Reason) -> Why {
        Why(vec![r])
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The reasons as one line, `None` when there are none.
    pub fn text(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| self.0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
    }

    pub fn codes(&self) -> Vec<&'static str> {
        self.0.iter().map(Reason::code).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_kebab_case() {
        let all = [
            Reason::NestedLoop,
            Reason::InnerLoop(InnerLoopIssue::DoWhile),
            Reason::TooManyPaths(64),
            Reason::Nondeterminism(NondetUse::InGuards),
            Reason::ArrayAccess(ArrayIssue::NotAnArray),
            Reason::Unproved(Claim::Emitted),
            Reason::Limit("coefficient overflow"),
            Reason::NoPathAccelerated,
            Reason::LeftToUnrolling { trips: 10 },
            Reason::Pointer,
            Reason::Struct,
            Reason::StaticCannotMove {
                var: "calls".into(),
                func: "tick".into(),
                why: "its name also occurs outside `tick`".into(),
            },
        ];
        let codes: std::collections::BTreeSet<&str> = all.iter().map(Reason::code).collect();
        assert_eq!(codes.len(), all.len());
        assert!(
            codes
                .iter()
                .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'))
        );
    }

    #[test]
    fn several_unmodelled_expressions_are_said_once() {
        let one = Reason::UnmodelledExpressions(vec!["pointers are not modelled".into()]);
        assert_eq!(
            one.to_string(),
            "uses an unmodelled expression (pointers are not modelled)"
        );
        let two = Reason::UnmodelledExpressions(vec!["a".into(), "b".into()]);
        assert_eq!(two.to_string(), "uses unmodelled expressions (a; b)");
    }
}
