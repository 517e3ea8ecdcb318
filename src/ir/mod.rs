//! The typed intermediate representation.
//!
//! In: nothing (this is the shared vocabulary). Out: `Program`, a structured
//! tree of functions, statements and expressions in which every node keeps
//! the byte span of the C text it came from and every expression carries its
//! C type, computed once by `lower`. Implicit conversions are explicit
//! `Cast { implicit: true }` nodes, so later stages never re-derive C's
//! typing rules. Constructs the IR does not model survive as `Opaque` nodes
//! with a reason, so a file that uses them still lowers and still copies
//! through unchanged.

pub mod build;
mod cbmc_names;
mod expr;
mod linear_sum;
mod program;
mod stmt;
pub mod types;

pub use cbmc_names::cbmc_loop_names;
pub use expr::{BinOp, Callee, Expr, ExprKind, FuncId, Intrinsic, Span, UnOp, VarId, shift_within};
pub use linear_sum::LinearSum;
pub use program::{FreshPrefix, Function, Member, Program, Quantifiers, Storage, StructDef, VarDecl, constant_range};
pub use stmt::{Init, Stmt, StmtKind};
pub use types::{CType, DataModel, IntType, Rank, StructRef};
