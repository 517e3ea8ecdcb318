//! The effect of the path's array writes.
//!
//! In: the array writes `a[index] = value` of the path (at most one per
//! array, at an index that moves by a constant step, in bounds by an
//! anchor of `bounded_range`), the closed forms (`Ctx`) and the iteration
//! count. Out: per write, statements that declare a fresh array, assume it
//! equal to the written values at the written indices and to the old array
//! elsewhere (two quantified assumptions), and copy it back; with the
//! closed form for `explain`; and the conditions that written rows are in
//! bounds, which the caller assumes with the indices' (they are part of
//! the coverage condition: where they fail, the accelerator covers
//! nothing).
//!
//! A write into a row, `a[r][index] = value`, is the same write to the
//! row `a[r]`, whose index `r` the path must not change; the accelerator
//! assumes the row in bounds (out of bounds, the original body runs and
//! the checker finds the access) and copies with `__CPROVER_array_replace`,
//! since CBMC 6's `__CPROVER_array_copy` into a row writes the wrong bytes.
//!
//! The rows that a summarised inner loop fills (`loops::Fill`), one row
//! further per iteration, are written as a block: a fresh matrix, one
//! assumption over all its elements (`fill_effect`), a copy back of the
//! whole matrix.
//!
//! Why a fresh array: the assumptions read the old contents, so the new
//! contents cannot be the old array itself.

use super::accelerator::{ClosedForm, FormKind};
use super::bounded_range::{Anchor, distance, in_bounds, written};
use super::context::{Ctx, K, assume};
use super::fresh::FreshVars;
use super::poly::{Atom, Poly};
use super::recurrence::to_poly;
use super::show;
use super::symex::{ArrayWrite, FillShape};
use crate::ir::build::{self, and_all, arith, cast, cmp, lit, not, or, ulong};
use crate::ir::{BinOp, CType, Callee, Expr, ExprKind, IntType, Intrinsic, Quantifiers, Span, Stmt, StmtKind, VarId};
use crate::reason::{ArrayIssue, Reason};

/// The array writes of an accelerator: statements, closed forms, and the
/// in-bounds conditions of the written rows.
pub(super) struct ArrayEffects {
    pub(super) stmts: Vec<Stmt>,
    pub(super) forms: Vec<ClosedForm>,
    pub(super) row_bounds: Vec<Expr>,
}

/// The effects of all array writes of an accelerator of `n` iterations
/// (`m` is `n - 1`).
pub(super) fn array_effects(
    ctx: &Ctx,
    writes: &[ArrayWrite],
    anchors: &[Anchor],
    n_id: VarId,
    m: &K,
    fresh: &mut FreshVars,
) -> Result<ArrayEffects, Reason> {
    let mut out = ArrayEffects {
        stmts: Vec::new(),
        forms: Vec::new(),
        row_bounds: Vec::new(),
    };
    for w in writes {
        let (s, f, rows) = array_effect(ctx, w, anchors, n_id, m, fresh)?;
        out.stmts.extend(s);
        out.forms.push(f);
        out.row_bounds.extend(rows);
    }
    Ok(out)
}

/// The constant step of `index` per iteration, if it is affine in
/// the iteration count with the same form from the first iteration on.
fn index_step(ctx: &Ctx, index: &Expr) -> Option<i128> {
    let first = to_poly(index, &|_| None)?;
    let rest = ctx.poly_in_k(index)?;
    if rest.degree_in(Atom::K) != 1 || rest.at_k(&Poly::zero()).as_ref() != Some(&first) {
        return None;
    }
    rest.by_k()
        .get(1)
        .and_then(|c| c.as_const())
        .and_then(|c| c.as_int())
        .filter(|c| *c != 0)
}

fn array_effect(
    ctx: &Ctx,
    w: &ArrayWrite,
    anchors: &[Anchor],
    n_id: VarId,
    m: &K,
    fresh: &mut FreshVars,
) -> Result<(Vec<Stmt>, ClosedForm, Option<Expr>), Reason> {
    let (prog, path) = (ctx.program, ctx.path);
    let d = path.var_decl(prog, w.array).ok_or("unknown array")?;
    let arr_name = d.name.clone();
    if let Some(fill) = &w.fill {
        let (stmts, form) = fill_effect(ctx, w, fill, &d.ty, &arr_name, n_id, fresh)?;
        return Ok((stmts, form, None));
    }
    let (old, row_bounds) = written_row(ctx, w, &d.ty, &arr_name)?;
    let arr_ty = old.ty.clone();
    let Some((elem, len)) = arr_ty.array_parts() else {
        return Err(Reason::ArrayAccess(ArrayIssue::NotAnArray));
    };
    let (elem, len) = (elem.clone(), i128::from(len));
    w.index.int_type().ok_or("non-integer index")?;
    let Some(c) = index_step(ctx, &w.index) else {
        return Err(Reason::ArrayAccess(ArrayIssue::IndexNotConstantStep(arr_name)));
    };
    // The accelerator writes at the first `n` iterations (`n - 1` for a
    // write after the body, whose last one the loop itself performs); the
    // index stays in bounds at all `n` (the anchors' conditions).
    let m1 = m.minus1();
    let last = if w.after { &m1 } else { m };
    let cnt = if w.after {
        m.expr.clone()
    } else {
        Expr::var(n_id, build::ULONG)
    };
    let il = ctx.at(&w.index, last).ok_or("cannot emit an index")?;
    if !anchors.iter().any(|a| a.is(w.array, &w.index)) {
        return Err(Reason::ArrayAccess(ArrayIssue::IndexUnbounded(arr_name)));
    }
    let a_id = fresh.array(arr_ty.clone());
    let fresh_arr = Expr::var(a_id, arr_ty.clone());
    let et = elem.as_int().ok_or("non-integer elements")?;
    let values = written_values(ctx, w, &fresh_arr, &elem, et, &cnt, fresh)?;
    let ends = (cast(w.index.clone(), IntType::ULONG), cast(il, IntType::ULONG));
    let others = unchanged_elements(&old, &fresh_arr, &elem, len, ends, c, cnt, fresh);
    let copy = if w.row.is_none() {
        Intrinsic::ArrayCopy
    } else {
        Intrinsic::ArrayReplace
    };
    let mut stmts = vec![Stmt::new(StmtKind::Decl(a_id, None), Span::SYNTHETIC)];
    stmts.extend(values.map(assume));
    stmts.push(assume(others));
    stmts.push(copy_back(copy, old, fresh_arr));
    let names = |v: VarId| path.var_decl(prog, v).map(|d| d.name.clone());
    let value = if w.nondet_range.is_some() {
        "<nondeterministic>".to_string()
    } else {
        show::expr(prog, &names, &w.value)
    };
    let form = ClosedForm {
        var: arr_name.clone(),
        ty: d.ty.to_string(),
        kind: FormKind::Array,
        step: None,
        formula: format!(
            "{arr_name}{}[{}] = {value} at iterations k (index step {c})",
            w.row
                .iter()
                .map(|r| format!("[{}]", show::expr(prog, &names, r)))
                .collect::<String>(),
            show::expr(prog, &names, &w.index),
        ),
    };
    Ok((stmts, form, row_bounds))
}

/// `copy(old, fresh)`: the fresh array's contents back into the written one.
fn copy_back(copy: Intrinsic, old: Expr, fresh_arr: Expr) -> Stmt {
    Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Call(Callee::Intrinsic(copy), vec![old, fresh_arr]),
            CType::Void,
            Span::SYNTHETIC,
        )),
        Span::SYNTHETIC,
    )
}

/// The rows that a summarised inner loop fills in `n` iterations
/// (`loops::Fill`), one further row per iteration, the same columns in
/// each: a fresh matrix assumed, element by element over the whole matrix
/// (a constant range, `f` running through rows and columns), equal to the
/// value written there if an iteration writes it and to the old element
/// if none does; then copied back whole. Element `(f / C, f % C)` is
/// written by iteration `m` (the distance of its row from the first row)
/// at the inner iteration `k` (of its column from the first column) when
/// `m < n` and `k < count`. The summary's assumptions, guards of the path,
/// keep every written row and column in bounds and every value in its
/// type, so under that condition the value `value(m) + slope*k` is
/// computed in `long` without overflow. (A fill is an inner loop of the
/// body, never in the part after it: all `n` iterations write.)
fn fill_effect(
    ctx: &Ctx,
    w: &ArrayWrite,
    fill: &FillShape,
    ty: &CType,
    name: &str,
    n_id: VarId,
    fresh: &mut FreshVars,
) -> Result<(Vec<Stmt>, ClosedForm), Reason> {
    let shape = || Reason::ArrayAccess(ArrayIssue::FillShape(name.to_string()));
    let row = w.row.as_ref().ok_or_else(shape)?;
    let (row_ty, rows) = ty.array_parts().ok_or_else(shape)?;
    let (elem, cols) = row_ty.array_parts().ok_or_else(shape)?;
    let et = elem.as_int().ok_or_else(shape)?;
    let (rows, cols) = (i128::from(rows), i128::from(cols));
    let row_step = index_step(ctx, row).filter(|c| c.abs() == 1).ok_or_else(shape)?;
    if !ctx.invariant(&w.index) || !ctx.invariant(&fill.count) || rows * cols > Quantifiers::MAX_BOUNDED_RANGE {
        return Err(shape());
    }
    let ul = IntType::ULONG;
    let f_id = fresh.index();
    let f = Expr::var(f_id, build::ULONG);
    let (r, c) = (
        arith(BinOp::Div, f.clone(), ulong(cols), ul),
        arith(BinOp::Rem, f, ulong(cols), ul),
    );
    let outer = distance(&r, cast(row.clone(), ul), row_step);
    let from_zero = w.index.const_value() == Some(0) && fill.step == 1;
    let inner = if from_zero {
        c.clone()
    } else {
        distance(&c, cast(w.index.clone(), ul), fill.step)
    };
    let mut written = vec![cmp(BinOp::Lt, outer.clone(), Expr::var(n_id, build::ULONG))];
    // A whole row from column 0 on: every column of a written row.
    if !(from_zero && fill.count.const_value() == Some(cols)) {
        written.push(cmp(BinOp::Lt, inner.clone(), cast(fill.count.clone(), ul)));
    }
    let written = and_all(written);
    let at_m = K {
        expr: outer,
        konst: None,
        positive: false,
    };
    let first = ctx.at(&w.value, &at_m).ok_or("cannot emit the filled values")?;
    let value = match fill.slope {
        0 => cast(first, et),
        s => {
            let long = IntType::LONG;
            let moved = cast(inner, long);
            let moved = if s.abs() == 1 {
                moved
            } else {
                arith(BinOp::Mul, lit(s.abs(), long), moved, long)
            };
            let op = if s > 0 { BinOp::Add } else { BinOp::Sub };
            cast(arith(op, cast(first, long), moved, long), et)
        }
    };
    let arr_ty = ty.clone();
    let a_id = fresh.array(arr_ty.clone());
    let at = |a: Expr| element(element(a, r.clone(), row_ty), c.clone(), elem);
    let (new, old) = (
        at(Expr::var(a_id, arr_ty.clone())),
        at(Expr::var(w.array, arr_ty.clone())),
    );
    let body = super::simplify::tidy(build::fold_constants(and_all([
        or(not(written.clone()), cmp(BinOp::Eq, new.clone(), value)),
        or(written, cmp(BinOp::Eq, new, old)),
    ])));
    let stmts = vec![
        Stmt::new(StmtKind::Decl(a_id, None), Span::SYNTHETIC),
        assume(build::forall_below(f_id, ulong(rows * cols), body)),
        copy_back(
            Intrinsic::ArrayCopy,
            Expr::var(w.array, arr_ty.clone()),
            Expr::var(a_id, arr_ty),
        ),
    ];
    let (prog, path) = (ctx.program, ctx.path);
    let names = |v: VarId| path.var_decl(prog, v).map(|d| d.name.clone());
    let shown = |e: &Expr| show::expr(prog, &names, e);
    let written_fill = crate::loops::Fill {
        array: w.array,
        row: row.clone(),
        first: w.index.clone(),
        step: fill.step,
        count: fill.count.clone(),
        value: w.value.clone(),
        slope: fill.slope,
    };
    let form = ClosedForm {
        var: name.to_string(),
        ty: ty.to_string(),
        kind: FormKind::Array,
        step: None,
        formula: format!(
            "{} at iterations k (row step {row_step})",
            written_fill.show(name, "j", &shown)
        ),
    };
    Ok((stmts, form))
}

/// The array the write changes: `a` itself, or the row `a[r]` with the
/// condition that it is in bounds. The row index must not change on the
/// path.
fn written_row(ctx: &Ctx, w: &ArrayWrite, ty: &CType, name: &str) -> Result<(Expr, Option<Expr>), Reason> {
    let whole = Expr::var(w.array, ty.clone());
    let Some(r) = &w.row else {
        return Ok((whole, None));
    };
    let Some((row_ty, rows)) = ty.array_parts() else {
        return Err(Reason::ArrayAccess(ArrayIssue::NotAnArray));
    };
    if !ctx.invariant(r) {
        return Err(Reason::ArrayAccess(ArrayIssue::RowMoves(name.to_string())));
    }
    let it = r.int_type().ok_or("non-integer index")?;
    let bounds = in_bounds(r.clone(), it, i128::from(rows));
    Ok((element(whole, r.clone(), row_ty), Some(bounds)))
}

fn element(arr: Expr, i: Expr, elem: &CType) -> Expr {
    Expr::new(
        ExprKind::Index(Box::new(arr), Box::new(i)),
        elem.clone(),
        Span::SYNTHETIC,
    )
}

/// `forall k < cnt. fresh[index at k] == value at k` (or, for a
/// nondeterministic value, in the range of its type); `None` when any
/// value of the element type may be written.
fn written_values(
    ctx: &Ctx,
    w: &ArrayWrite,
    fresh_arr: &Expr,
    elem: &CType,
    et: IntType,
    cnt: &Expr,
    fresh: &mut FreshVars,
) -> Result<Option<Expr>, Reason> {
    if w.nondet_range.is_some_and(|(lo, hi)| lo <= et.min() && et.max() <= hi) {
        return Ok(None);
    }
    let kid = fresh.index();
    let kk = K::var(kid);
    let idx = ctx.at(&w.index, &kk).ok_or("cannot emit the written values")?;
    let e = element(fresh_arr.clone(), idx, elem);
    let holds = match w.nondet_range {
        // Any value of the nondeterministic value's type.
        Some((lo, hi)) => {
            let mut parts = Vec::new();
            if lo > et.min() {
                parts.push(cmp(BinOp::Ge, e.clone(), lit(lo, et)));
            }
            if hi < et.max() {
                parts.push(cmp(BinOp::Le, e, lit(hi, et)));
            }
            and_all(parts)
        }
        None => cmp(
            BinOp::Eq,
            e,
            ctx.at(&w.value, &kk).ok_or("cannot emit the written values")?,
        ),
    };
    Ok(Some(build::forall_below(kid, cnt.clone(), holds)))
}

/// `forall j < len. written(j) || fresh[j] == old[j]` (`written`).
#[allow(clippy::too_many_arguments)] // the parts of one C condition
fn unchanged_elements(
    old: &Expr,
    fresh_arr: &Expr,
    elem: &CType,
    len: i128,
    ends: (Expr, Expr),
    c: i128,
    cnt: Expr,
    fresh: &mut FreshVars,
) -> Expr {
    let j_id = fresh.index();
    let j = Expr::var(j_id, build::ULONG);
    let unchanged = cmp(
        BinOp::Eq,
        element(fresh_arr.clone(), j.clone(), elem),
        element(old.clone(), j.clone(), elem),
    );
    build::forall_below(j_id, ulong(len), or(written(&j, cnt, ends, c), unchanged))
}
