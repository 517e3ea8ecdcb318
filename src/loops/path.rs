//! The iteration path types: a path is a straight line of steps (guards,
//! assertions, assignments, fills) from the loop head back to it.

use crate::ir::build::{self};
use crate::ir::{CType, Expr, ExprKind, Program, Span, VarDecl, VarId};
use std::collections::BTreeSet;

/// A left-hand side of a path assignment.
#[derive(Clone, Debug)]
pub enum Lhs {
    Var(VarId),
    /// `a[r1]...[rk][idx]` for an array variable `a`: the row indices
    /// `r1..rk` (none for a one-dimensional array), then the element's.
    Index(VarId, Vec<Expr>, Expr),
}

/// One straight-line step of an iteration path. All expressions are free
/// of side effects and calls (calls are inlined).
#[derive(Clone, Debug)]
pub enum Step {
    /// The path continues only if the expression is nonzero.
    Assume(Expr),
    /// An assertion of the original program (kept, with its span).
    Assert(Expr, Span),
    Assign(Lhs, Expr),
    /// The variable gets an unknown value (a declaration without
    /// initialiser).
    Havoc(VarId),
    /// A row of a matrix written by a summarised inner loop.
    Fill(Box<Fill>),
}

/// The writes of a summarised inner loop into one row of a matrix:
/// `array[row][first + step*k] = value + slope*k` for `k` in `0..count`,
/// every expression over the state where the inner loop starts (`count`
/// and the values in `long`, `count >= 1`; `value` of the C type of the
/// assigned expression, converted to the element type on the write). The
/// summary assumes every written element in bounds and every value in
/// its type.
#[derive(Clone, Debug)]
pub struct Fill {
    pub array: VarId,
    pub row: Expr,
    pub first: Expr,
    /// 1 or -1.
    pub step: i128,
    pub count: Expr,
    pub value: Expr,
    pub slope: i128,
}

impl Fill {
    /// The expressions the fill reads, in a fixed order.
    pub fn exprs(&self) -> [&Expr; 4] {
        [&self.row, &self.first, &self.count, &self.value]
    }

    /// The fill as text, `a[r][f + k] = v + d*k for k < t`: `array` is the
    /// array's name, `k` the inner iteration's, `e` shows an expression.
    pub fn show(&self, array: &str, k: &str, e: &dyn Fn(&Expr) -> String) -> String {
        let sign = if self.step > 0 { "+" } else { "-" };
        format!(
            "{array}[{}][{} {sign} {k}] = {} + {}*{k} for {k} < {}",
            e(&self.row),
            e(&self.first),
            e(&self.value),
            self.slope,
            e(&self.count)
        )
    }
}

/// What an iteration path reads and writes (`Path::footprint`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    pub reads: BTreeSet<VarId>,
    pub writes: BTreeSet<VarId>,
}

impl Footprint {
    /// Whether two iteration paths commute: neither writes a variable the
    /// other reads or writes. Then, from any state, running one and then
    /// the other gives each the values it reads in the other order too, so
    /// the same guards, checks and final state (`restrict` relies on it).
    pub fn commutes_with(&self, other: &Footprint) -> bool {
        self.writes.is_disjoint(&other.reads)
            && self.writes.is_disjoint(&other.writes)
            && other.writes.is_disjoint(&self.reads)
    }
}

/// One iteration path: from the loop head with the condition true, through
/// the body, back to the head.
#[derive(Clone, Debug)]
pub struct Path {
    pub steps: Vec<Step>,
    /// `steps[..split]` is the part up to the end of the loop body,
    /// `steps[split..]` what the loop does after the body before the next
    /// iteration (the step of a `for`, the condition of a `do`-`while`).
    pub split: usize,
    /// Temporaries made up by path extraction; their ids continue
    /// `Program::vars` (`program.vars.len() + i`).
    pub temps: Vec<VarDecl>,
    /// Variables whose value dies at the end of the iteration (declared in
    /// the body, temporaries, parameters and locals of inlined functions).
    pub locals: BTreeSet<VarId>,
}

impl Path {
    /// The variables each step reads (an array written at an index counts
    /// as read: the other elements stay).
    pub fn step_reads(&self) -> Vec<BTreeSet<VarId>> {
        let reads = |s: &Step| {
            let mut out = BTreeSet::new();
            match s {
                Step::Assume(e) | Step::Assert(e, _) => build::vars_of(e, &mut out),
                Step::Assign(lhs, e) => {
                    build::vars_of(e, &mut out);
                    if let Lhs::Index(a, rows, i) = lhs {
                        out.insert(*a);
                        rows.iter().for_each(|r| build::vars_of(r, &mut out));
                        build::vars_of(i, &mut out);
                    }
                }
                Step::Havoc(_) => {}
                Step::Fill(f) => {
                    out.insert(f.array);
                    f.exprs().into_iter().for_each(|x| build::vars_of(x, &mut out));
                }
            }
            out
        };
        self.steps.iter().map(reads).collect()
    }

    /// The variables the path reads and those it writes, its `locals`
    /// left out (they die with the iteration, and each iteration starts
    /// them afresh); a fresh nondeterministic value reads nothing. `None`
    /// unless the path is over plain values: nothing read through a
    /// pointer or a member, no call or allocation left, no matrix fill
    /// (their reads are not all variables of the path's expressions).
    pub fn footprint(&self) -> Option<Footprint> {
        if !self.over_plain_values() {
            return None;
        }
        let mut reads: BTreeSet<VarId> = self.step_reads().into_iter().flatten().collect();
        let mut writes: BTreeSet<VarId> = (self.steps.iter())
            .filter_map(|s| match s {
                Step::Assign(Lhs::Var(x) | Lhs::Index(x, ..), _) | Step::Havoc(x) => Some(*x),
                Step::Fill(f) => Some(f.array),
                Step::Assume(_) | Step::Assert(..) => None,
            })
            .collect();
        reads.retain(|v| !self.locals.contains(v));
        writes.retain(|v| !self.locals.contains(v));
        Some(Footprint { reads, writes })
    }

    /// Whether every expression of the path is built of integer constants,
    /// variables, arithmetic, comparisons, conditionals, conversions,
    /// array elements and fresh nondeterministic values, and no step is a
    /// matrix fill.
    fn over_plain_values(&self) -> bool {
        let plain = |e: &Expr| {
            let mut ok = true;
            e.walk(&mut |x| {
                ok &= !matches!(x.ty, CType::Pointer(_))
                    && matches!(
                        x.kind,
                        ExprKind::IntLit(_)
                            | ExprKind::Var(_)
                            | ExprKind::Unary(..)
                            | ExprKind::Binary(..)
                            | ExprKind::Cond(..)
                            | ExprKind::Cast { .. }
                            | ExprKind::Index(..)
                            | ExprKind::Nondet(_)
                    );
            });
            ok
        };
        self.steps.iter().all(|s| match s {
            Step::Assume(e) | Step::Assert(e, _) => plain(e),
            Step::Assign(Lhs::Var(_), e) => plain(e),
            Step::Assign(Lhs::Index(_, rows, i), e) => plain(e) && plain(i) && rows.iter().all(plain),
            Step::Havoc(_) => true,
            Step::Fill(_) => false,
        })
    }

    /// Per step, whether it assigns a local that no other step reads (the
    /// `tracc_t1_old = c` that keeps a post-increment's old value when
    /// nothing uses it): such a step has no effect that matters.
    pub fn dead_assignments(&self) -> Vec<bool> {
        let read_by = self.step_reads();
        (self.steps.iter().enumerate())
            .map(|(i, s)| match s {
                Step::Assign(Lhs::Var(t), _) if self.locals.contains(t) => {
                    !read_by.iter().enumerate().any(|(j, r)| j != i && r.contains(t))
                }
                _ => false,
            })
            .collect()
    }

    /// Name and type of a variable, temporaries included.
    pub fn var_decl<'a>(&'a self, program: &'a Program, v: VarId) -> Option<&'a VarDecl> {
        if v.0 < program.vars.len() {
            Some(program.var(v))
        } else {
            self.temps.get(v.0 - program.vars.len())
        }
    }
}
