//! Evidence about tracc itself: benchmark reports, the soundness campaign,
//! and the fuzzing property. Not a stage of the data flow; it drives the
//! stages (`pipeline`, `check`, `testgen`) and measures them.
//!
//! - `expect`: the verdict a benchmark program is expected to have.
//! - `compare`: one program checked before and after transformation.
//! - `campaign`: the comparison over a range of generated programs.
//! - `reduce`: shrinks a program that the campaign found disagreeing.
//! - `bench`: the per-program benchmark table (`tracc bench`).
//! - `gain`: CBMC alone against tracc and then CBMC, as a user runs them
//!   (`tracc bench`, after the table, or `--gain-only`).
//! - `gain_rows`: the gain benchmark's rows and the rule "never worse".
//! - `cbmc`: CBMC's verdict from its exit code and output.
//! - `fuzz`: the property the fuzz target checks.
//!
//! - `measure`: runs the measurements of `bench` and `gain` on threads,
//!   each step a child process under time and memory limits.

pub mod bench;
pub mod campaign;
mod cbmc;
mod compare;
pub mod expect;
pub mod fuzz;
pub mod gain;
mod gain_rows;
mod measure;
pub mod reduce;

pub use measure::measure_all;
