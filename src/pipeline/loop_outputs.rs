//! The loops as the stages hand them on: `instrument`'s results made into
//! the `LoopOutput`s that `emit` prints, the loops the output dialect cannot
//! express put back, and the `--unwindset` of the loops left to unrolling,
//! read back from the output. In: `Instrumented` and the texts. Out: what
//! `emit`, the report and `Outcome` take.

use crate::diag::Diagnostic;
use crate::emit::{self, Dialect, SourceMap};
use crate::instrument::{self, Instrumented};
use crate::ir::{DataModel, Program};
use crate::reason::Reason;
use crate::restrict::apply::LoopOutput;

/// A loop's new statement, with no automaton.
pub(super) fn plain_output(l: &instrument::LoopResult, stmt: &crate::ir::Stmt) -> LoopOutput {
    LoopOutput {
        span: l.span,
        func: l.info.func,
        text_stmt: stmt.clone(),
        automaton: None,
        symbol_names: Vec::new(),
        coverage_check: None,
        cycle_vars: Vec::new(),
        note: None,
    }
}

/// The loops left to unrolling and written for `--unwind 3`.
pub(super) fn unrolled_outputs(inst: &Instrumented) -> impl Iterator<Item = LoopOutput> + '_ {
    (inst.loops.iter()).filter_map(|l| l.unrolled_stmt.as_ref().map(|s| plain_output(l, s)))
}

/// The loops left to unrolling that could not be written for `--unwind 3`,
/// each with CBMC's name of it in the output
/// and one more unwinding than its trip bound. The names may differ from
/// the input's (the automaton's `do { } while (0)` is a loop for CBMC):
/// they are found by reading the output back and mapping each of its loops
/// to the input through the source map.
pub(super) fn unwindset(
    input: &str,
    output: &str,
    map: &SourceMap,
    inst: &Instrumented,
    model: DataModel,
) -> Vec<(String, u32)> {
    let unrolled: Vec<(usize, u32)> = (inst.loops.iter())
        .filter_map(|l| {
            l.unrolled
                .filter(|_| l.unrolled_stmt.is_none())
                .and_then(|t| u32::try_from(t + 1).ok())
                .map(|k| (l.span.start, k))
        })
        .collect();
    let mut set = Vec::new();
    if !unrolled.is_empty()
        && let Ok(lowered) = crate::lower::lower_source_in(output, model)
    {
        for (span, name) in crate::ir::cbmc_loop_names(&lowered.program) {
            let at = map.to_source(span.start, output, input);
            if let Some((_, k)) = unrolled.iter().find(|(start, _)| !at.generated && at.offset == *start) {
                set.push((name, *k));
            }
        }
    }
    set
}

/// Leave a loop alone, with a warning, when its accelerated form uses a
/// construct the output dialect cannot express (the SV-COMP dialect has no
/// quantifier and no array copy). The automaton adds only plain C, so the
/// acceleration-only statement decides for the restricted one too.
/// Likewise when it names a helper's static that cannot move to file
/// scope (`emit::check_statics`).
pub(super) fn keep_expressible_loops(inst: &mut Instrumented, original: &Program, text: &str, dialect: Dialect) {
    let program = &inst.program;
    let mut refused = Vec::new();
    for (i, l) in inst.loops.iter().enumerate() {
        let Some(r) = &l.replacement else { continue };
        if let Err(emit::EmitError::Unsupported(what)) = emit::print_stmt(program, text, r, "", "    ", dialect) {
            refused.push((
                i,
                Reason::DialectCannotExpress(what),
                "the default dialect (--dialect cbmc) can express it",
            ));
            continue;
        }
        if let Err(e) = emit::check_statics(program, original, text, (l.info.func, r), dialect) {
            let reason = Reason::StaticCannotMove {
                var: e.var,
                func: e.func,
                why: e.why,
            };
            refused.push((
                i,
                reason,
                "a static named only in its function, declared alone, can move",
            ));
        }
    }
    for (i, reason, note) in refused {
        let l = &mut inst.loops[i];
        l.replacement = None;
        l.accelerators.clear();
        l.report.accelerated = false;
        l.report.reason = crate::reason::Why::one(reason.clone());
        l.diagnostics.push(
            Diagnostic::warning(l.span, format!("loop not accelerated: {reason}"))
                .with_label("left unchanged")
                .with_note(note),
        );
    }
}

/// What `emit` prints of the loops.
pub(super) fn rewritten(loops: &[LoopOutput]) -> Vec<emit::RewrittenLoop> {
    (loops.iter())
        .map(|l| emit::RewrittenLoop {
            span: l.span,
            func: l.func,
            stmt: l.text_stmt.clone(),
        })
        .collect()
}
