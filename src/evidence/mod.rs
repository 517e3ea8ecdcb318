//! Evidence about tracc itself: benchmark reports, the soundness campaign,
//! and the fuzzing property. Not a stage of the data flow; it drives the
//! stages (`pipeline`, `check`, `testgen`) and measures them.
//!
//! - `expect`: the verdict a benchmark program is expected to have.
//! - `campaign`: generated programs checked before and after transformation.
//! - `reduce`: shrinks a program that the campaign found disagreeing.
//! - `bench`: the per-program benchmark table (`tracc bench`).
//! - `gain`: CBMC alone against tracc and then CBMC, as a user runs them
//!   (`tracc bench`, after the table, or `--gain-only`).
//! - `fuzz`: the property the fuzz target checks.

pub mod bench;
pub mod campaign;
pub mod expect;
pub mod fuzz;
pub mod gain;
pub mod reduce;
