//! What `tracc explain` prints. In: C text and the options of
//! `accelerate`. Out: per function and loop what the front end found, the
//! paths and closed forms, why a loop or path was left alone, and the
//! automata (text, and Graphviz on request).

use super::options::Options;
use super::report::line_col;
use crate::diag::Diagnostic;
use crate::instrument;
use crate::ir::FuncId;
use crate::restrict::apply::restrict_loop;
use std::collections::BTreeSet;

/// What `tracc explain` prints, in two streams: the text for people and
/// the automata as Graphviz (a tool reads that one, so nothing else may be
/// mixed into it).
#[derive(Clone, Debug, Default)]
pub struct Explanation {
    /// Functions, loops with their locations, what the front end found in
    /// them, why a loop was not accelerated, automaton sizes.
    pub text: String,
    /// One `digraph` per restricted loop; empty unless asked for.
    pub dot: String,
}

/// The explanation of `text` (see `Explanation`); the DOT part only with
/// `dot`.
pub fn explain_source(text: &str, opts: &Options, dot: bool) -> Result<Explanation, Vec<Diagnostic>> {
    // A context of its own, as in `accelerate_source`, so that `explain`
    // says what `accelerate` does.
    crate::accelerate::in_own_context(|| explain_in_context(text, opts, dot))
}

fn explain_in_context(text: &str, opts: &Options, dot: bool) -> Result<Explanation, Vec<Diagnostic>> {
    let lowered = crate::lower::lower_source_in(text, opts.model)?;
    let inst = instrument::instrument_program(&lowered.program, &opts.instrument_options());
    let mut out = String::new();
    let mut graphs = String::new();
    let with_loops: BTreeSet<FuncId> = inst.loops.iter().map(|l| l.info.func).collect();
    for (i, f) in lowered.program.funcs.iter().enumerate() {
        if f.body.is_some() && !with_loops.contains(&FuncId(i)) {
            let (line, col) = line_col(text, f.span.start);
            out.push_str(&format!("function {} at {line}:{col}: no loops\n", f.name));
        }
    }
    for w in &lowered.warnings {
        let (line, col) = line_col(text, w.span.start);
        out.push_str(&format!("warning at {line}:{col}: {}\n", w.message));
    }
    out.push_str(&instrument::explain::explain(&inst.program, text, &inst));
    if dot || opts.restrict {
        let mut program = inst.program.clone();
        for (no, l) in inst.loops.iter().filter(|l| l.replacement.is_some()).enumerate() {
            let r = restrict_loop(
                &mut program,
                lowered.program.vars.len(),
                &inst,
                l,
                no + 1,
                opts.minimize,
            )?;
            let (line, col) = line_col(text, l.span.start);
            match &r.automaton {
                Some(a) => {
                    out.push_str(&format!(
                        "trace automaton of the loop at {line}:{col}: {} states ({} in regex-automata's DFA, {} after its minimisation)\n",
                        a.num_states, a.states_before_minimisation, a.states_regex_minimised
                    ));
                    for (x, y) in &a.commuting {
                        out.push_str(&format!(
                            "  paths {} and {} commute (neither writes what the other reads): acc{} never runs right after acc{}\n",
                            x + 1,
                            y + 1,
                            x + 1,
                            y + 1
                        ));
                    }
                    if !r.cycle_vars.is_empty() {
                        out.push_str(&format!(
                            "  an iteration that ends with {} as it or the iteration before it began is blocked at its end (a cycle)\n",
                            r.cycle_vars.join(", ")
                        ));
                    }
                    if dot {
                        let names = r.symbol_names.clone();
                        let name = format!("loop_{line}_{col}");
                        graphs
                            .push_str(&a.to_dot(&name, &|s| names.get(s).cloned().unwrap_or_else(|| format!("s{s}"))));
                    }
                }
                None => {
                    if let Some(note) = &r.note {
                        out.push_str(&format!("loop at {line}:{col}: {}\n", note.message));
                    }
                }
            }
        }
    }
    Ok(Explanation { text: out, dot: graphs })
}
