//! Instrumentation: accelerated loops rewritten as IR statements, with the
//! trace automaton inlined.
//!
//! (Being written: the acceleration-only rewrite; `automaton` is the
//! restriction part.)

pub mod automaton;
