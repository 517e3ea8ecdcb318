//! Paths whose sum is accelerated on each side of zero.
//!
//! In: the paths of a loop with their accelerators (`merge_equal_effects`).
//! Out: the same, where an accelerator covers a sum on one side of zero
//! (`accelerate::SignSplit`) and the other side is accelerated too, the
//! path replaced by its two sides, each with its accelerator.

use crate::accelerate::{self, Accelerator, SignSplit};
use crate::ir::{Program, Quantifiers};
use crate::loops::{LoopInfo, Path};
use crate::reason::Reason;

/// Each path's accelerator (with the paths that follow it), or why it has
/// none: `instrument`'s `PathResults`.
type PathResults = Vec<Result<(Accelerator, Vec<usize>), Reason>>;

/// Each path whose sum is accelerated on both sides of zero as its two
/// sides, each with its accelerator: their guards tell them apart, and
/// together they take exactly the path's iterations, so the trace
/// automaton blocks the covered original iterations of either. The other
/// side is accelerated here, where it is used, and not for the composed
/// paths, which keep the accelerator of one side.
pub(super) fn split_at_zero(
    prog: &mut Program,
    info: &LoopInfo,
    paths: Vec<Path>,
    results: PathResults,
    merged: Vec<usize>,
    quantifiers: Quantifiers,
) -> (Vec<Path>, PathResults, Vec<usize>) {
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    for ((path, mut result), count) in paths.into_iter().zip(results).zip(merged) {
        let split = match &mut result {
            Ok((acc, followers)) if followers.is_empty() => acc.split.take(),
            _ => None,
        };
        let other_acc = split
            .as_ref()
            .and_then(|split| accelerate::accelerate_other_side(prog, info, split, quantifiers).ok());
        match (split, other_acc) {
            (Some(SignSplit { side, other }), Some(other_acc)) => {
                out.0.extend([side, other]);
                out.1.extend([result, Ok((other_acc, Vec::new()))]);
                out.2.extend([count, count]);
            }
            _ => {
                out.0.push(path);
                out.1.push(result);
                out.2.push(count);
            }
        }
    }
    out
}
