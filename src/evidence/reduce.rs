//! Test-case reduction for soundness findings.
//!
//! In: a program that disagrees with its transformation (a
//! [`Comparison`](super::campaign::Comparison) said the opposite verdict).
//! Out: a smaller program, found by deleting runs of lines (ddmin-style,
//! from halves down to single lines), that still disagrees in the same
//! comparison. Each candidate costs a full comparison, so the number of
//! candidates tried is capped.

use super::compare::{CheckSettings, Covering, Disagreement, compare_program};

/// Candidates tried at most; a comparison takes about a second.
const MAX_CANDIDATES: usize = 400;

/// Reduce `source`, on which `compare_program` reported `wanted`, while it
/// keeps reporting the same disagreement (comparison, reference verdict
/// and verdict).
pub fn reduce(source: &str, bound: impl Into<Covering>, settings: CheckSettings, wanted: &Disagreement) -> String {
    let bound = bound.into();
    let still_fails = |lines: &[&str]| {
        let mut text = lines.join("\n");
        text.push('\n');
        compare_program(&text, bound, settings).disagreement.is_some_and(|d| {
            d.comparison == wanted.comparison && d.reference == wanted.reference && d.got == wanted.got
        })
    };
    let mut lines: Vec<&str> = source.lines().collect();
    let mut tried = 0;
    let mut chunk = lines.len().div_ceil(2).max(1);
    while chunk >= 1 && tried < MAX_CANDIDATES {
        let mut start = 0;
        let mut removed_any = false;
        while start < lines.len() && tried < MAX_CANDIDATES {
            let end = (start + chunk).min(lines.len());
            let candidate: Vec<&str> = lines[..start].iter().chain(&lines[end..]).copied().collect();
            tried += 1;
            if !candidate.is_empty() && still_fails(&candidate) {
                lines = candidate;
                removed_any = true;
            } else {
                start = end;
            }
        }
        if !removed_any {
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
