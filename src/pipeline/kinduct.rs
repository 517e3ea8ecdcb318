//! k-induction as C for CBMC (`tracc kinduct`): the proof `verify` finds,
//! written as two programs that CBMC checks at a small bound.
//!
//! In: tracc's output (`Outcome`), the checker's options, the largest k. Out: a `KInduction` (the base-case and the step-case program, each a
//! copy of tracc's output with edits that keep every line where it was,
//! and the CBMC arguments for each), or why there is none (`NoKInduction`).
//! CBMC SUCCESSFUL on both (with `--unwinding-assertions`) proves the
//! input, by the argument of `check::induction`; the programs are those
//! cases as C:
//!
//! - the loop's condition (a `do`-`while`'s body) begins with a *head*
//!   that counts the iterations (`tracc_j`), states the invariants found
//!   with the proof, and in the base case cuts the loop after k bodies
//!   (`__CPROVER_assume(j < k)`);
//! - in the step case the head first makes every variable the loop writes
//!   arbitrary (`__CPROVER_havoc_object` for an array), and a global flag makes every assertion and error call of
//!   the program an assumption until the loop's k-th iteration is done;
//!   after the loop, `__CPROVER_assume(j == k + 1)` keeps only the exits
//!   of the iteration after those k.
//!
//! CBMC's own standard checks (overflow, bounds) stay checks in the
//! assumed iterations too: a stronger claim than `verify`'s, which assumes
//! them, so CBMC may fail a step case `verify` proved, never the opposite.

use crate::check::induction::{InductionProof, find_loop, prove_program};
use crate::check::{CheckOptions, Verdict, check_program};
use crate::diag::Diagnostic;
use crate::ir::{
    CType, Callee, DataModel, ExprKind, Intrinsic, LinearSum, Program, Span, Stmt, StmtKind, Storage, VarId,
};

use super::outcome::Outcome;
use crate::emit::{Edit, splice};

/// Text inserted at `at`.
fn insert(at: usize, text: String) -> Edit {
    Edit::new(Span::new(at, at), text)
}

/// The two programs of a proof by k-induction, and how to run CBMC on
/// them.
#[derive(Clone, Debug)]
pub struct KInduction {
    pub k: u32,
    /// The loop's line in tracc's output (1-based).
    pub line: usize,
    /// The invariants proved with it (`x >= 0`), as the report shows them.
    pub invariants: Vec<String>,
    pub base: String,
    pub step: String,
    /// CBMC's arguments for each program (besides the file).
    pub base_args: Vec<String>,
    pub step_args: Vec<String>,
}

/// Why there is no proof to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoKInduction {
    /// The transformed program is decided at `--unwind` already.
    Decided(Verdict),
    /// k-induction proved nothing (`check::induction::NoInduction`, shown).
    NotProved(String),
    /// The proof cannot be written as C.
    NotExpressible(&'static str),
}

impl std::fmt::Display for NoKInduction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoKInduction::Decided(v) => write!(
                f,
                "the transformed program is {} at the bound already: no induction needed",
                v.as_str()
            ),
            NoKInduction::NotProved(why) => write!(f, "k-induction proves nothing: {why}"),
            NoKInduction::NotExpressible(why) => write!(f, "the proof cannot be written as C: {why}"),
        }
    }
}

/// Prove tracc's output `outcome` by k-induction (k up to `max_k`, the
/// other loops at `check.unwind`) and write the two programs.
pub fn kinduct_outcome(
    outcome: &Outcome,
    check: &CheckOptions,
    max_k: u32,
) -> Result<Result<KInduction, NoKInduction>, Vec<Diagnostic>> {
    let mut opts = check.clone();
    opts.unwindset.splice(0..0, outcome.unwindset.iter().cloned());
    // One lowering for the check, the proof and the edits.
    let program = crate::lower::lower_source_in(&outcome.output, opts.model)?.program;
    let at_bound = check_program(&program, &outcome.output, &opts)?;
    if at_bound.verdict != Verdict::Unknown || at_bound.unknown_reason.is_some() {
        return Ok(Err(NoKInduction::Decided(at_bound.verdict)));
    }
    let failing = at_bound.loops_not_unwound();
    let kept = outcome.kept_sums();
    let proof = match prove_program(&program, &outcome.output, &opts, &failing, max_k, &kept)? {
        Ok(p) => p,
        Err(why) => return Ok(Err(NoKInduction::NotProved(why.to_string()))),
    };
    Ok(write_cases(outcome, &program, &opts, &proof))
}

/// The text edits of both cases (module comment).
fn write_cases(
    outcome: &Outcome,
    program: &Program,
    opts: &CheckOptions,
    proof: &InductionProof,
) -> Result<KInduction, NoKInduction> {
    let output = outcome.output.as_str();
    let Some(target) = find_loop(program, &opts.entry, proof.target) else {
        return Err(NoKInduction::NotExpressible("the loop is not found again"));
    };
    let fresh = |stem: &str| program.fresh.name(stem);
    // CBMC reads a function `nondet_*` without a body as a source of
    // values; any other one is a failed `no-body` check in CBMC 6.
    let (j, assuming, nondet) = (fresh("j"), fresh("assuming"), format!("nondet_{}", fresh("value")));
    let k = proof.k;
    // A kept sum's value at the entry is taken before the loop, where the
    // step case's arbitrary values are not made yet.
    let entries: Vec<String> = (0..proof.kept.len()).map(|i| fresh(&format!("entry{i}"))).collect();
    let invariants: Vec<String> = (proof.kept.iter().zip(&entries))
        .map(|(sum, entry)| format!("{} == {entry}", unsigned_sum(sum)))
        .chain(proof.bounds.iter().map(|b| {
            format!(
                "(long long)({}) {} {}LL",
                b.name,
                if b.lower { ">=" } else { "<=" },
                b.c
            )
        }))
        .collect();
    let havoc = havoc_text(program, target, &proof.havoc, &nondet, opts.model)?;
    let first_function = (program.funcs.iter())
        .filter(|f| f.body.is_some())
        .map(|f| f.span.start)
        .min()
        .ok_or(NoKInduction::NotExpressible("no function"))?;

    // Every edit keeps the text's newlines, so CBMC's lines are the
    // output's (and, through its `#line` directives, the input's).
    let mut base = Vec::new();
    let mut step = Vec::new();
    let declare = format!("long long {nondet}(void); _Bool {assuming} = 1; ");
    step.push(insert(first_function, declare));
    for (span, replacement) in properties_as_assumptions(program, output, &assuming) {
        step.push(Edit::new(span, replacement));
    }
    let asserted = |inv: &String| format!("__CPROVER_assert({inv}, \"tracc: invariant {inv}\")");
    let base_head = std::iter::once(format!("__CPROVER_assume({j} < {k}UL)"))
        .chain(invariants.iter().map(asserted))
        .chain(std::iter::once(format!("{j}++")))
        .collect::<Vec<_>>()
        .join(", ");
    let step_head = [
        format!("({j} == 0UL ? ({}0) : 0)", havoc.assign),
        format!("__CPROVER_assume({j} <= {k}UL)"),
        format!("{assuming} = {j} < {k}UL"),
    ]
    .into_iter()
    .chain(
        invariants
            .iter()
            .map(|inv| format!("({assuming} ? __CPROVER_assume({inv}) : {})", asserted(inv))),
    )
    .chain(std::iter::once(format!("{j}++")))
    .collect::<Vec<_>>()
    .join(", ");
    let mut open = format!("{{ unsigned long {j} = 0; ");
    for (sum, entry) in proof.kept.iter().zip(&entries) {
        open.push_str(&format!("unsigned long long {entry} = {}; ", unsigned_sum(sum)));
    }
    base.push(insert(target.span.start, open.clone()));
    base.push(insert(target.span.end, " }".to_string()));
    step.push(insert(target.span.start, open));
    step.push(insert(
        target.span.end,
        format!(" __CPROVER_assume({j} == {}UL); {assuming} = 0; }}", k + 1),
    ));
    for (edits, head) in [(&mut base, &base_head), (&mut step, &step_head)] {
        edits.push(head_edit(output, target, head)?);
    }
    let name = crate::ir::cbmc_loop_names(program)
        .into_iter()
        .find(|(s, _)| *s == target.span)
        .map(|(_, n)| n)
        .ok_or(NoKInduction::NotExpressible("the loop has no CBMC name"))?;
    let args = |bodies: u32| {
        let mut set: Vec<String> = (opts.unwindset.iter())
            .filter(|(n, _)| *n != name)
            .map(|(n, b)| format!("{n}:{b}"))
            .collect();
        set.push(format!("{name}:{}", bodies + 1));
        let mut args = outcome.cbmc_mode_args();
        args.extend([
            "--unwind".to_string(),
            opts.unwind.to_string(),
            "--unwindset".to_string(),
            set.join(","),
            "--unwinding-assertions".to_string(),
        ]);
        args
    };
    let line = crate::diag::render::line_col(output, target.span.start).map_or(0, |(l, _)| l);
    let written = |mut edits: Vec<Edit>| {
        // Stable: the insertions at one offset keep their order.
        edits.sort_by_key(|e| (e.span.start, e.span.end));
        splice(output, &edits).map_err(|_| NoKInduction::NotExpressible("the edits overlap"))
    };
    Ok(KInduction {
        k,
        line,
        invariants: proof
            .report
            .induction
            .as_ref()
            .map(|b| b.invariants.clone())
            .unwrap_or_default(),
        base: written(base)?,
        step: written(step)?,
        base_args: args(k),
        step_args: args(k + 1),
    })
}

/// A kept sum in `unsigned long long`, as the checker computes it
/// (`check::induction`): exact there for the variables and coefficients
/// it takes, and no check of CBMC's concerns unsigned arithmetic.
fn unsigned_sum(sum: &LinearSum) -> String {
    let mut out = String::from("(");
    for (i, (name, c)) in sum.terms.iter().enumerate() {
        let term = format!("(unsigned long long)({name}) * {}ULL", c.unsigned_abs());
        match (i, *c < 0) {
            (0, false) => out.push_str(&term),
            (0, true) => out.push_str(&format!("0ULL - {term}")),
            (_, false) => out.push_str(&format!(" + {term}")),
            (_, true) => out.push_str(&format!(" - {term}")),
        }
    }
    out.push(')');
    out
}

/// The head before the loop's condition (`while`, `for`), or at the start
/// of its body (`do`-`while`, whose exit follows the body).
fn head_edit(output: &str, target: &Stmt, head: &str) -> Result<Edit, NoKInduction> {
    match &target.kind {
        StmtKind::While { cond, .. } | StmtKind::For { cond: Some(cond), .. } => {
            let cond_text = output
                .get(cond.span.start..cond.span.end)
                .filter(|_| !cond.span.is_synthetic())
                .ok_or(NoKInduction::NotExpressible("the loop's condition has no text"))?;
            Ok(Edit::new(cond.span, format!("({head}, ({cond_text}))")))
        }
        StmtKind::DoWhile { body, .. } => {
            let body_text = output
                .get(body.span.start..body.span.end)
                .ok_or(NoKInduction::NotExpressible("the loop's body has no text"))?;
            Ok(Edit::new(body.span, format!("{{ {head}; {body_text} }}")))
        }
        _ => Err(NoKInduction::NotExpressible("a `for` loop without a condition")),
    }
}

/// The step case's arbitrary values, made at the loop's first head: each
/// assignment (or `__CPROVER_havoc_object`) followed by `, `.
struct Havoc {
    assign: String,
}

fn havoc_text(
    program: &Program,
    target: &Stmt,
    havoc: &[VarId],
    nondet: &str,
    model: DataModel,
) -> Result<Havoc, NoKInduction> {
    let mut out = Havoc { assign: String::new() };
    for &v in havoc {
        let decl = program.var(v);
        // Declared in the loop: a fresh variable each iteration already.
        if target.span.contains(decl.span) {
            continue;
        }
        if decl.storage == Storage::Global && decl.func.is_some() {
            return Err(NoKInduction::NotExpressible(
                "the loop writes a `static` local of a function",
            ));
        }
        // Another variable of that name visible at the loop (a global, or
        // one of the same function) would be the one the name means there.
        let shadowed = (program.vars.iter()).any(|o| {
            o.name == decl.name
                && !std::ptr::eq(o, decl)
                && (o.storage == Storage::Global && o.func.is_none() || o.func == decl.func)
        });
        if shadowed {
            return Err(NoKInduction::NotExpressible(
                "a variable the loop writes shares its name with another",
            ));
        }
        match &decl.ty {
            CType::Int(t) => {
                out.assign.push_str(&format!(
                    "{} = ({}){nondet}(), ",
                    decl.name,
                    t.spelled_in(model).c_name()
                ));
            }
            // Every element arbitrary, whatever the length (a VLA's too).
            CType::Array(..) | CType::Vla(_) => {
                out.assign.push_str(&format!("__CPROVER_havoc_object({}), ", decl.name));
            }
            _ => {
                return Err(NoKInduction::NotExpressible(
                    "the loop writes a value other than integers and arrays",
                ));
            }
        }
    }
    Ok(out)
}

/// Each assertion and error call of the program as a choice: assumed while
/// `assuming` holds, itself otherwise.
fn properties_as_assumptions(program: &Program, output: &str, assuming: &str) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for f in &program.funcs {
        let Some(body) = &f.body else { continue };
        body.walk(&mut |s| {
            for e in s.own_exprs() {
                e.walk(&mut |e| {
                    let ExprKind::Call(Callee::Intrinsic(which), args) = &e.kind else {
                        return;
                    };
                    let Some(original) = output.get(e.span.start..e.span.end).filter(|_| !e.span.is_synthetic()) else {
                        return;
                    };
                    let assumed = match which {
                        Intrinsic::Assert => match args.first().and_then(|a| output.get(a.span.start..a.span.end)) {
                            Some(cond) => cond.to_string(),
                            None => return,
                        },
                        Intrinsic::Error => "0".to_string(),
                        _ => return,
                    };
                    out.push((
                        e.span,
                        format!("({assuming} ? __CPROVER_assume({assumed}) : ({original}))"),
                    ));
                });
            }
        });
    }
    out
}
