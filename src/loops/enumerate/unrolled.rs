//! Inner loops without a summary, taken by a path one iteration at a time
//! (`Enumerator::unroll`). In: the loop statement and its summary's
//! refusal. Out: work items on the path's state (`Work::InnerTest`,
//! `InnerNext`, `InnerEnd`, `InnerBeyond`).

use super::{Enumerator, State, Work};
use crate::ir::{FuncId, Stmt, StmtKind};
use crate::reason::Reason;

/// The most iterations of an inner loop without a summary that a path
/// takes one by one, where `unwind::trip_bound` bounds the loop: enough
/// for a halving or bit-counting loop over 64 bits.
pub const MAX_UNROLLED: usize = 64;

/// The same where nothing bounds the loop but the state it starts from:
/// each iteration costs solver work on a longer prefix, so few.
pub const MAX_UNROLLED_UNBOUNDED: usize = 8;

/// The most steps a path may have where it starts one more iteration of
/// an unrolled inner loop: the accelerator's work (its conditions are
/// simplified by z3 conjunct by conjunct) grows with the path.
pub const MAX_UNROLLED_PATH_STEPS: usize = 96;

/// Whether an inner loop whose summary was refused for `why` may be taken
/// one iteration at a time: the summary's shape was refused, not a
/// construct of the loop that the enumeration cannot follow either.
pub(super) fn unrollable(why: &Reason) -> bool {
    use crate::reason::InnerLoopIssue as Issue;
    match why {
        Reason::InnerLoop(Issue::Refused(r)) => matches!(**r, Reason::ConditionSideEffects),
        Reason::InnerLoop(_) => true,
        _ => false,
    }
}

impl<'a> Enumerator<'a> {
    /// Take inner loop `lp`, which has no summary (`why`), one iteration
    /// at a time: each test of its condition forks into leaving the loop
    /// and running the body once more, in C's order of effects (`break`
    /// and `continue` in the body go to `InnerEnd` and `InnerNext`). Each
    /// path then describes one whole run of the inner loop exactly.
    ///
    /// The limit is the loop's trip bound where `unwind::trip_bound` finds
    /// one of at most `MAX_UNROLLED`, else `MAX_UNROLLED_UNBOUNDED`; either
    /// way one iteration more must be proved infeasible, so the bound is
    /// only a limit of the work, never trusted.
    pub(super) fn unroll(&self, lp: &'a Stmt, why: Reason, st: &mut State<'a>) {
        let bounded = self
            .program
            .funcs
            .iter()
            .position(|f| {
                f.body
                    .as_ref()
                    .is_some_and(|b| b.span.start <= lp.span.start && lp.span.end <= b.span.end)
            })
            .and_then(|f| crate::loops::unwind::trip_bound(self.program, FuncId(f), lp))
            .and_then(|b| usize::try_from(b).ok())
            .filter(|b| *b <= MAX_UNROLLED);
        let limit = bounded.unwrap_or(MAX_UNROLLED_UNBOUNDED);
        st.work.push(Work::InnerEnd);
        match &lp.kind {
            StmtKind::DoWhile { body, .. } => {
                st.work.push(Work::InnerTest {
                    lp,
                    done: 1,
                    limit,
                    why,
                });
                st.work.push(Work::InnerNext(lp));
                st.work.push(Work::Stmt(body));
            }
            _ => st.work.push(Work::InnerTest {
                lp,
                done: 0,
                limit,
                why,
            }),
        }
    }

    /// The test of an unrolled loop's condition after `done` iterations,
    /// forked as an `if` is: running the body once more comes first, so
    /// that a loop the unrolling cannot bound is found at the least cost;
    /// past `limit` iterations that way must be proved infeasible.
    pub(super) fn inner_test(
        lp: &'a Stmt,
        (done, limit): (usize, usize),
        why: Reason,
        st: &mut State<'a>,
        stack: &mut Vec<State<'a>>,
    ) {
        let (cond, body) = match &lp.kind {
            StmtKind::While { cond, body } | StmtKind::DoWhile { cond, body } => (Some(cond), body),
            StmtKind::For { cond, body, .. } => (cond.as_ref(), body),
            _ => {
                st.work.push(Work::InnerBeyond(why));
                return;
            }
        };
        if let Some(c) = cond {
            let mut leave = st.clone();
            leave.work.push(Work::Cond(c.clone(), false));
            stack.push(leave);
        }
        if done >= limit || st.steps.len() > MAX_UNROLLED_PATH_STEPS {
            st.work.push(Work::InnerBeyond(why));
        } else {
            st.work.push(Work::InnerTest {
                lp,
                done: done + 1,
                limit,
                why,
            });
            st.work.push(Work::InnerNext(lp));
            st.work.push(Work::Stmt(body));
        }
        if let Some(c) = cond {
            st.work.push(Work::Cond(c.clone(), true));
        }
    }
}
