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
//! - `fuzz`: the property the fuzz target checks.
//!
//! `measure_all` runs the measurements of `bench` and `gain` on threads.

pub mod bench;
pub mod campaign;
mod compare;
pub mod expect;
pub mod fuzz;
pub mod gain;
pub mod reduce;

/// `measure` of every item on `jobs` threads, each item once, in the order
/// of `items`; `on_done` sees each result as it is finished (a progress
/// bar). For `bench` and `gain`, whose programs take seconds each.
pub fn measure_all<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    measure: &(dyn Fn(&T) -> R + Sync),
    on_done: &(dyn Fn(&R) + Sync),
) -> Vec<R> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = measure(item);
                    on_done(&r);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}
