//! Paths whose sum is accelerated on each side of zero.
//!
//! In: the paths of a loop with their accelerators (`merge_equal_effects`).
//! Out: the same, where an accelerator of a sum monotone on one side of
//! zero comes with the other side's (`accelerate::SignSplit`) replaced by
//! the two sides as two paths, each with its accelerator.

use crate::accelerate::{Accelerator, SignSplit};
use crate::ir::{BinOp, Expr, ExprKind, Program};
use crate::loops::{self, LoopInfo, Path};
use crate::reason::Reason;

/// Each path's accelerator (with the paths that follow it), or why it has
/// none: `instrument`'s `PathResults`.
type PathResults = Vec<Result<(Accelerator, Vec<usize>), Reason>>;

/// Each path whose sum was accelerated on both sides of zero
/// (`Accelerator::split`) as its two sides, each with its accelerator:
/// their guards tell them apart, and together they take exactly the
/// path's iterations, so the trace automaton blocks the covered original
/// iterations of either. Where no iteration can take the other side (a
/// counting loop whose counter never has that sign: `for (int i = 1; i <=
/// N; i++) s += i`), the path stays whole with the accelerator of its one
/// side, and CBMC is spared the other's assumptions.
pub(super) fn split_at_zero(
    prog: &Program,
    info: &LoopInfo,
    paths: Vec<Path>,
    results: PathResults,
    merged: Vec<usize>,
) -> (Vec<Path>, PathResults, Vec<usize>) {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for ((path, result), count) in paths.into_iter().zip(results).zip(merged) {
        match result {
            Ok((mut acc, followers)) if followers.is_empty() && acc.split.is_some() => {
                let Some(split) = acc.split.take() else { continue };
                if !may_hold(prog, info, &split.other_cond) {
                    out.0.push(path);
                    out.1.push(Ok((acc, followers)));
                    out.2.push(count);
                    continue;
                }
                let SignSplit {
                    side, other, other_acc, ..
                } = *split;
                out.0.extend([side, other]);
                out.1.extend([Ok((acc, Vec::new())), Ok((other_acc, Vec::new()))]);
                out.2.extend([count, count]);
            }
            result => {
                out.0.push(path);
                out.1.push(result);
                out.2.push(count);
            }
        }
    }
    out
}

/// Whether `cond`, a comparison of a loop variable with a constant, can
/// hold at an iteration of the loop: false only where the variable is the
/// counter of a counting `for` loop (`loops::unwind::counter_values`) and
/// neither its first nor its last value satisfies it (the values between
/// are in between, and a comparison with a constant holds on an interval).
fn may_hold(prog: &Program, info: &LoopInfo, cond: &Expr) -> bool {
    let Some((counter, first, last)) =
        loops::loop_stmt(prog, info).and_then(|lp| loops::unwind::counter_values(prog, info.func, lp))
    else {
        return true;
    };
    let ExprKind::Binary(op, x, c) = &cond.kind else {
        return true;
    };
    let (ExprKind::Var(v), Some(c)) = (&x.skip_implicit().kind, c.const_value()) else {
        return true;
    };
    let holds = |value: i128| match op {
        BinOp::Lt => value < c,
        BinOp::Le => value <= c,
        BinOp::Gt => value > c,
        BinOp::Ge => value >= c,
        _ => true,
    };
    *v != counter || holds(first) || holds(last)
}
