//! tracc: makes C programs provable by bounded model checkers through loop
//! acceleration and trace automata (see ARCHITECTURE.md).
//!
//! The modules follow the data flow, one stage each:
//! `parse` → `lower` → `loops` → `accelerate` → `instrument` → `restrict` →
//! `emit`; `check` is the reference bounded model checker over the same IR.
//! `diag` carries diagnostics for all of them, `reason` says why a loop or
//! path is left alone, and `pipeline` strings the stages together for the
//! CLI.

pub mod accelerate;
pub mod check;
pub mod cli;
pub mod diag;
pub mod emit;
pub mod evidence;
pub mod instrument;
pub mod ir;
pub mod loops;
pub mod lower;
pub mod parse;
pub mod pipeline;
pub mod reason;
pub mod restrict;
pub mod testgen;
