//! What `find_loops` says of a loop: where it is, what it reads and
//! writes, and why it cannot be accelerated at all.
//!
//! In: nothing (types only). Out: `LoopInfo`, `LoopKind`.

use crate::ir::{FuncId, Span, VarId};
use crate::reason::Why;

/// In reports as the keyword the user wrote (`name`): `while`,
/// `do-while`, `for`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    While,
    DoWhile,
    For,
    /// Written with a backward `goto`, a `while` loop in the IR.
    Goto,
}

impl LoopKind {
    pub fn name(self) -> &'static str {
        match self {
            LoopKind::While => "while",
            LoopKind::DoWhile => "do-while",
            LoopKind::For => "for",
            LoopKind::Goto => "goto",
        }
    }
}

#[derive(Clone, Debug)]
pub struct LoopInfo {
    /// Index in `find_loops` order (functions in order, loops in pre-order).
    pub index: usize,
    pub func: FuncId,
    pub span: Span,
    pub kind: LoopKind,
    /// Number of loops around this one in its function.
    pub depth: usize,
    pub contains_loop: bool,
    /// Variables the loop reads (including through inlined calls).
    pub reads: Vec<VarId>,
    /// Variables the loop writes (including through inlined calls).
    pub writes: Vec<VarId>,
    /// Why no path of this loop can be accelerated (empty: it may be).
    pub reason: Why,
    /// A `while` or `for` condition that changes state: its paths take it
    /// after the body (and the `for` step), as a `do`-`while` condition.
    /// The loop evaluates it before the body, where accelerators sit, so
    /// an iteration there runs from the body to the next evaluation.
    pub cond_after_body: bool,
}
