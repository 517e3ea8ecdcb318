//! Acceleration of one iteration path.
//!
//! In: a program, a loop and one of its iteration paths (`loops`). Out: an
//! `Accelerator`: the IR block that performs `n >= 1` iterations of the
//! path at once (a fresh `tracc_nN`, assumptions that every one of the `n`
//! iterations takes the path, keeps its assertions and computes no value
//! outside its C type, then the closed-form assignments), with the closed
//! forms and guard treatment for `explain`. Or a reason why the path is not
//! accelerated.
//!
//! Method: symbolic execution of the path gives, per variable, its value
//! after one iteration as a C expression over the values before it. Those
//! are read as exact polynomials (valid while no operation leaves its
//! type) and solved as recurrences in the iteration count `k`
//! (invariant, one-step delayed, `x + e` summed to polynomials, `a - x`
//! and swaps alternating by parity). z3 checks
//! every closed form against its recurrence, decides whether the guards
//! may be checked at the first and last iteration only (else a quantifier),
//! and proves that the emitted C (overflow bounds, closed forms) computes
//! without wrap-around exactly the mathematical values and exactly the
//! no-overflow condition. Anything unproved is not accelerated.
//!
//! Accelerators run inside one iteration of the loop. They compute `m = n-1`
//! full iterations followed by the part of one more iteration up to the end
//! of the body, so the loop's own `for` step or `do`-`while` condition then
//! completes iteration `n`. Their assumptions still cover all `n`
//! iterations in full, that last step included (only the truth of a
//! `do`-`while` condition is the loop's own to check at the last one): the
//! trace automaton's blocking is sound only if `acc(n)`, the loop's step and
//! `acc(m)` is `acc(n + m)` (METHOD.md, "Soundness rules").
//!
//! Also here, because they need the same symbolic execution and solver:
//! `infeasible`, the test with which `loops` prunes path prefixes that no
//! state can take, and `coverage_satisfiable`, with which `instrument`
//! rejects a composed path that no state can take.

mod accelerator;
mod arrays;
mod bounded_range;
mod checks;
mod context;
mod exit_count;
mod feasible;
mod fresh;
mod guards;
mod kept;
mod monotone;
mod one_side;
mod overflow;
mod periodic;
pub mod poly;
mod recurrence;
mod residue;
mod sampling;
pub mod show;
mod simplify;
mod single_point;
pub mod smt;
mod solver;
mod summary;
mod symex;
mod verify;
mod wide;
mod wrapping;

pub use accelerator::{Accelerator, ClosedForm, ExitChoice, FormKind, GuardInfo, GuardTreatment, SignSplit};
pub use feasible::{coverage_satisfiable, infeasible};
pub use kept::kept_sums;
pub use residue::{ResidueAccelerator, residue_accelerator};
pub use simplify::{any_of, given, implication};
pub use solver::in_own_context;
pub use summary::Summaries;

use crate::ir::build::{self, and_all, cmp, ulong};
use crate::ir::{BinOp, Expr, ExprKind, Init, Program, Quantifiers, Span, Stmt, StmtKind, Storage, VarId};
use crate::loops::{LoopInfo, Path};
use crate::reason::{ClosedFormLimit, Reason};
use arrays::array_effects;
use context::{Ctx, Emitted, K, assign, assume};
use fresh::FreshVars;
use guards::guard_assumptions;
use monotone::{Monotone, monotonicity};
use overflow::{checked_operations, overflow_conditions, quantified_overflow};
use poly::{Atom, Poly};
use recurrence::{Cf, Kind, LinStep, solve, to_poly};
use solver::{RLIMIT_LINEAR, RLIMIT_QUADRATIC, set_rlimit};
use std::collections::{BTreeMap, BTreeSet};
use symex::{ArrayWrite, PathGuard, Sym, symex};
use verify::{verify_emitted, verify_recurrences};

/// Accelerate one iteration path of a loop. On success the fresh variables
/// have been added to `program`.
///
/// The passes, in order: symbolic execution of the path (`symex`), its
/// recurrences and their closed forms (`recurrence`), the checked
/// operations and no-overflow conditions (`overflow`), the final values,
/// the guards' treatment (`guards`), z3's check of what is emitted
/// (`verify`), the array writes (`arrays`), quantifier ranges for the
/// target (`bounded_range`), and the block with its coverage condition.
/// It is the list of those passes and nothing else, which is why it is
/// longer than most functions.
pub fn accelerate_path(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
) -> Result<Accelerator, Reason> {
    let whole = accelerate_whole(program, info, path, quantifiers);
    let Err(Reason::ClosedFormTooComplex {
        var,
        limit: ClosedFormLimit::Monotone,
        ..
    }) = &whole
    else {
        return whole;
    };
    // A sum whose addend changes sign: its iterations on one side of zero,
    // with the other side for the caller to accelerate where it uses it.
    for (side, other) in one_side::one_sided(program, info, path, var) {
        if let Ok(mut acc) = accelerate_whole(program, info, &side, quantifiers) {
            acc.split = other.map(|other| SignSplit { side, other });
            return Ok(acc);
        }
    }
    whole
}

/// The accelerator of the other side of a path accelerated on one side of
/// zero (`Accelerator::split`): that of `accelerate_path` for a path whose
/// sums are monotone, with no split of its own.
pub fn accelerate_other_side(
    program: &mut Program,
    info: &LoopInfo,
    split: &SignSplit,
    quantifiers: Quantifiers,
) -> Result<Accelerator, Reason> {
    accelerate_whole(program, info, &split.other, quantifiers)
}

/// `accelerate_path` of the path as it is.
fn accelerate_whole(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
) -> Result<Accelerator, Reason> {
    // Counters that wrap around and geometric variables are exact modulo
    // their type at any count: accelerated apart, they let one accelerator
    // run through the wrap.
    let modular = wrapping::wrapping_counters(program, path);
    let mut apart = None;
    if let Some(stripped) = &modular.stripped {
        match accelerate_exact(program, info, &stripped.path, quantifiers, &stripped.counters) {
            Ok(acc) => return Ok(acc),
            Err(why) => apart = Some(why),
        }
    }
    // A geometric variable stops the path as a whole: say why it is not
    // taken, or what stopped the path without it.
    accelerate_exact(program, info, path, quantifiers, &[]).map_err(|e| match e {
        Reason::NotAdditive(var) => match (modular.refusal(&var), apart) {
            (Some(why), _) => Reason::Geometric { var, why },
            (None, Some(apart)) if modular.takes(&var) => apart,
            _ => Reason::NotAdditive(var),
        },
        e => e,
    })
}

/// `accelerate_path` of a path whose wrapping `counters` were taken out
/// (none: every value stays in its type at every covered iteration). The
/// counters' conditions are guards like the others, their final values
/// assignments like the others; the path may change nothing else.
fn accelerate_exact(
    program: &mut Program,
    info: &LoopInfo,
    path: &Path,
    quantifiers: Quantifiers,
    counters: &[wrapping::Counter],
) -> Result<Accelerator, Reason> {
    let mut sym = symex(program, path)?;
    let prog: &Program = program;
    let name = |v: VarId| {
        path.var_decl(prog, v)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    };
    let Recurrences { updates, cfs } = recurrences(prog, path, &sym, !counters.is_empty())?;
    let ctx = Ctx {
        program: prog,
        path,
        cfs,
        full_vals: sym.full_vals.clone(),
    };
    // Before the monotonicity queries, which cost z3 seconds on a sum
    // that a path taken every other iteration could never accelerate.
    periodic::reject_never_repeating(&ctx, &sym.guards)?;
    let guarded = require_monotone(&ctx, &sym.guards, &name)?;
    if quantifiers == Quantifiers::Bounded {
        periodic::operand_checks(&ctx, &mut sym)?;
    }
    let mut checks = checked_operations(&ctx, &sym, &name)?;
    checks.guarded |= !guarded.is_empty();
    let (check_polys, quant_checks) = (&checks.polys[..], &checks.quantified[..]);
    verify_recurrences(&ctx, &updates)?;

    let mut fresh = FreshVars::new(prog, info.func);
    let n_id = fresh.iteration_count();
    // Overflow conditions, in an order where each can be evaluated exactly
    // once the earlier ones hold. They cover all `n` iterations in full,
    // also the part after the body of the last one (the `for` step, the
    // side effects of a `do`-`while` condition), which the loop itself runs
    // after the accelerator: the trace automaton replaces `acc(n)` followed
    // by a covered iteration by `acc(n + 1)`, and two accelerators in a row
    // by one, which is only sound if every update between them is one that
    // a single accelerator may perform (METHOD.md, "Soundness rules").
    let top = K {
        expr: Expr::var(n_id, build::ULONG),
        konst: None,
        positive: true,
    };
    let m = top.minus1();
    let mut overflow = overflow_conditions(&ctx, check_polys, &checks.alternating, &guarded, &top, &m)?;
    let mut finals = final_values(&ctx, &sym, &m, &top)?;
    let (mut guard_infos, mut guards) =
        guard_assumptions(&ctx, &sym.guards, check_polys, n_id, &m, quantifiers, &mut fresh)?;
    let at_k = read_at_iterations(&sym, quant_checks);
    if let Err(unproved) = verify_emitted(&ctx, n_id, &overflow, &[], &finals, &checks, &sym, &at_k) {
        // Where the conditions compute more than their type holds for some
        // start state, the guards of the first iteration, assumed before
        // them, may exclude it.
        let entry = guards::entry_guards(&sym.guards);
        if entry.is_empty() {
            return Err(unproved);
        }
        let hoisted: Vec<Expr> = entry.iter().chain(&overflow).cloned().collect();
        let at_entry: Vec<usize> = (0..entry.len()).collect();
        if verify_emitted(&ctx, n_id, &hoisted, &at_entry, &finals, &checks, &sym, &at_k).is_ok() {
            overflow = hoisted;
        } else {
            // Where the guards at the first iteration do not bound them
            // either (`s += 3 * i` from a negative `i`: `3 * i * n`), the
            // guards at the last one may, once the counters' bounds that
            // they read hold: each condition where it is defined.
            let last = guards::last_guards(&ctx, &guard_infos, &m);
            if last.is_empty() {
                return Err(unproved);
            }
            let (ordered, premises) =
                verify::evaluation_order(&ctx, n_id, &entry, &overflow, &last).ok_or_else(|| unproved.clone())?;
            verify_emitted(&ctx, n_id, &ordered, &premises, &finals, &checks, &sym, &at_k).map_err(|_| unproved)?;
            overflow = ordered;
        }
    }
    // The counters' own conditions and values were proved by `wrapping`.
    let n = Expr::var(n_id, build::ULONG);
    for c in counters {
        guards.extend(wrapping::conditions(c, &n));
        guard_infos.extend(wrapping::guard_infos(c));
        finals.push((c.var, wrapping::final_value(c, &n)));
    }
    let (quant_overflow, quant_at_zero) = quantified_overflow(&ctx, quant_checks, n_id, &mut fresh)?;
    reject_shadowed_globals(&ctx, info, &sym, overflow.iter().chain(&guards), &finals)?;

    let anchors = array_anchors(&ctx, &sym, quant_checks, &m);
    let arrays = array_effects(&ctx, &sym.array_writes, &anchors, n_id, &m, &mut fresh)?;
    let array_forms = arrays.forms;
    let mut emitted = Emitted {
        overflow,
        index_bounds: anchors
            .iter()
            .map(|a| a.bounds.clone())
            .chain(arrays.row_bounds)
            .collect(),
        quant_overflow,
        guards,
        arrays: arrays.stmts,
    };
    if quantifiers == Quantifiers::Bounded {
        bounded_range::widen_quantifiers(&ctx, &anchors, n_id, check_polys, &mut emitted);
    }
    let covered = coverage_condition(&ctx, n_id, &emitted, quant_at_zero, &guard_infos);
    let overflow_all = emitted
        .overflow
        .iter()
        .chain(&emitted.quant_overflow)
        .cloned()
        .collect();
    // Only array writes are expanded per element: where the path writes
    // none, a free count costs CBMC little, and the choice would double the
    // scalar assumptions where the state is not known.
    let exit = if counters.is_empty() && !sym.array_writes.is_empty() {
        exit_count::exit_count(&ctx, &sym, &top)
    } else {
        None
    };
    let (block, exit) = accelerator_block(&ctx, n_id, emitted, exit, finals, &mut fresh)?;
    let limit = if exit.is_some() {
        Quantifiers::MAX_FOLDED_RANGE
    } else {
        Quantifiers::MAX_BOUNDED_RANGE
    };
    if let Some(q) = quantifiers.first_unsupported(&block, limit) {
        let shown = show::expr(prog, &|v| fresh.name(v), &q);
        return Err(Reason::QuantifierUnsupported {
            quantifier: shown,
            none_allowed: quantifiers == Quantifiers::None,
            range: crate::ir::constant_range(&q),
            limit,
        });
    }
    let mut closed_forms = closed_form_report(&ctx, &name);
    closed_forms.extend(counters.iter().map(wrapping::closed_form));
    closed_forms.extend(array_forms);
    let may_take = and_all(
        guard_infos
            .iter()
            .filter(|g| !g.assertion && !g.after_body)
            .map(|g| g.cond.clone()),
    );
    let decls = fresh.into_decls();
    let new_vars = decls.into_iter().map(|d| program.add_var(d)).collect();
    Ok(Accelerator {
        n_var: n_id,
        closed_forms,
        guards: guard_infos,
        overflow: overflow_all,
        block,
        covered,
        may_take,
        nondet_choice: sym.nondet_choice,
        new_vars,
        exit,
        split: None,
    })
}

/// The array accesses at moving indices (`bounded_range::anchors`): the
/// writes, and the reads in guards, checked operations and written values.
fn array_anchors(ctx: &Ctx, sym: &Sym, quant_checks: &[Expr], m: &K) -> Vec<bounded_range::Anchor> {
    let reads: Vec<&Expr> = sym
        .guards
        .iter()
        .map(|PathGuard { cond: g, .. }| g)
        .chain(quant_checks)
        .chain(sym.array_writes.iter().map(|w| &w.value))
        .collect();
    // A fill's indices are bounded by its summary's assumptions.
    let writes: Vec<(VarId, bool, &Expr)> = sym
        .array_writes
        .iter()
        .filter(|w| w.fill.is_none())
        .map(|w| (w.array, w.row.is_some(), &w.index))
        .collect();
    bounded_range::anchors(ctx, &reads, &writes, m)
}

/// Polynomial closed forms are checked at the ends of ranges only: they
/// must be monotone in the iteration count. Out: those that are monotone
/// only where the path's guards hold at both ends (`recurrence::monotone`);
/// their value at the last iteration is then bounded too, since the C text
/// of the conditions computes it before the guards are assumed.
fn require_monotone(
    ctx: &Ctx,
    guards: &[PathGuard],
    name: &dyn Fn(VarId) -> String,
) -> Result<BTreeSet<VarId>, Reason> {
    let mut guarded = BTreeSet::new();
    for (x, cf) in &ctx.cfs {
        if !matches!(cf.kind, Kind::Polynomial) {
            continue;
        }
        // The bound at the last iteration is of `rest`: not of a piecewise form.
        match monotonicity(ctx, &cf.rest, if cf.piecewise() { &[] } else { guards }) {
            Monotone::Always => {}
            Monotone::UnderGuards => {
                guarded.insert(*x);
            }
            Monotone::No => {
                return Err(Reason::ClosedFormTooComplex {
                    var: name(*x),
                    form: cf.rest.show(&|a| atom_name(ctx.program, ctx.path, a)),
                    limit: ClosedFormLimit::Monotone,
                });
            }
        }
    }
    Ok(guarded)
}

/// Variables whose closed forms are emitted at iterations other than the
/// last: in the guards, the array writes and the overflow conditions
/// checked with a quantifier (all over the values at the start of an
/// iteration).
fn read_at_iterations(sym: &Sym, quant_checks: &[Expr]) -> BTreeSet<VarId> {
    let mut at_k = BTreeSet::new();
    for PathGuard { cond: g, .. } in &sym.guards {
        build::vars_of(g, &mut at_k);
    }
    for e in sym.array_writes.iter().flat_map(ArrayWrite::exprs) {
        build::vars_of(e, &mut at_k);
    }
    for node in quant_checks {
        build::vars_of(node, &mut at_k);
    }
    at_k
}

/// Every variable the accelerator names must mean that variable at the
/// loop: a global whose name a local of the function reuses would not.
fn reject_shadowed_globals<'e>(
    ctx: &Ctx,
    info: &LoopInfo,
    sym: &Sym,
    conditions: impl Iterator<Item = &'e Expr>,
    finals: &'e [(VarId, Expr)],
) -> Result<(), Reason> {
    let prog = ctx.program;
    let mut used = BTreeSet::new();
    for e in conditions.chain(finals.iter().map(|(_, e)| e)) {
        build::vars_of(e, &mut used);
    }
    used.extend(finals.iter().map(|(x, _)| *x));
    for w in &sym.array_writes {
        used.insert(w.array);
        w.exprs().for_each(|e| build::vars_of(e, &mut used));
    }
    for v in &used {
        let Some(d) = prog.vars.get(v.0) else { continue };
        if d.storage == Storage::Global
            && d.func.is_none()
            && prog.vars.iter().any(|o| o.func == Some(info.func) && o.name == d.name)
        {
            return Err(Reason::ShadowedGlobal(d.name.clone()));
        }
    }
    Ok(())
}

/// The coverage condition: every assumption at `n = 1`. Guards then only
/// matter at iteration 0 (those after the body not at all); the array
/// assumptions (all quantified) only constrain the fresh arrays, which any
/// state can satisfy.
fn coverage_condition(
    ctx: &Ctx,
    n_id: VarId,
    emitted: &Emitted,
    quant_at_zero: Vec<Expr>,
    guard_infos: &[GuardInfo],
) -> Expr {
    let at_one = |e: &Expr| build::subst(e, &|v| (v == n_id).then(|| ulong(1)));
    let mut parts: Vec<Expr> = emitted.overflow.iter().map(at_one).collect();
    parts.extend(emitted.index_bounds.iter().map(at_one));
    parts.extend(quant_at_zero);
    parts.extend(guard_infos.iter().filter(|g| !g.after_body).map(|g| g.cond.clone()));
    simplify::coverage(ctx, parts)
}

/// The accelerator's scoped block: `n >= 1`, the assumptions (those z3
/// proves implied by earlier ones left out), the array writes (defined from
/// the values before the iteration, so before the scalar assignments), then
/// the final values. `n` is nondeterministic, or the path's `exit` count
/// where the accelerator runs with it to where the path ends
/// (`exit_count`; then also returned as that choice).
fn accelerator_block(
    ctx: &Ctx,
    n_id: VarId,
    emitted: Emitted,
    exit: Option<exit_count::ExitCount>,
    finals: Vec<(VarId, Expr)>,
    fresh: &mut FreshVars,
) -> Result<(Stmt, Option<ExitChoice>), Reason> {
    let n = Expr::var(n_id, build::ULONG);
    let Emitted {
        overflow,
        index_bounds,
        quant_overflow,
        guards,
        arrays,
    } = emitted;
    let assumptions = std::iter::once(cmp(BinOp::Ge, n.clone(), ulong(1)))
        .chain(overflow)
        .chain(index_bounds)
        .chain(quant_overflow)
        .chain(guards)
        .collect();
    let assumptions = simplify::assumptions(assumptions, &|v| fresh.int_type(v));
    // A quantified assumption in the test would be paid twice where it
    // does not fold, and keeps CBMC from deciding the branch where it
    // would: a free `n` is then as good.
    let quantified = assumptions
        .iter()
        .any(|c| bounded_range::has_quantifier(c, Quantifiers::None));
    let choice = exit.filter(|_| !quantified).map(|exit| ExitChoice {
        count: exit.count,
        runs_to_exit: build::and(build::and_all(assumptions.iter().cloned()), build::not(exit.continues)),
    });
    let nondet = Expr::new(ExprKind::Nondet(String::new()), build::ULONG, Span::SYNTHETIC);
    let init = choice.as_ref().map_or_else(|| nondet.clone(), |c| c.count.clone());
    let mut stmts = vec![Stmt::new(StmtKind::Decl(n_id, Some(Init::Expr(init))), Span::SYNTHETIC)];
    if let Some(c) = &choice {
        stmts.push(Stmt::new(
            StmtKind::If {
                cond: build::negation(c.runs_to_exit.clone()),
                then: Box::new(assign(n, nondet)),
                els: None,
            },
            Span::SYNTHETIC,
        ));
    }
    stmts.extend(assumptions.into_iter().map(assume));
    stmts.extend(arrays);
    stmts.extend(ordered_assignments(ctx, finals, fresh)?);
    Ok((
        Stmt::new(StmtKind::Block { stmts, scoped: true }, Span::SYNTHETIC),
        choice,
    ))
}

/// The updates of one iteration (`x' = f_x(vars)`) and their closed forms.
struct Recurrences {
    updates: BTreeMap<VarId, Poly>,
    cfs: BTreeMap<VarId, Cf>,
}

/// The path's effect as polynomial updates, and their closed forms if they
/// are of a kind that can be emitted (the z3 budget follows their degree).
fn recurrences(prog: &Program, path: &Path, sym: &Sym, counters_apart: bool) -> Result<Recurrences, Reason> {
    let name = |v: VarId| {
        path.var_decl(prog, v)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("v{}", v.0))
    };
    let mut updates = BTreeMap::new();
    for (x, e) in &sym.full_vals {
        let d = path.var_decl(prog, *x).ok_or("unknown variable")?;
        if d.ty.as_int().is_none() {
            return Err(Reason::WritesUnsupportedType {
                var: d.name.clone(),
                ty: d.ty.to_string(),
            });
        }
        let p = to_poly(e, &|_| None).ok_or_else(|| Reason::NotPolynomial {
            var: d.name.clone(),
            value: show::expr(prog, &|v| path.var_decl(prog, v).map(|d| d.name.clone()), e),
        })?;
        updates.insert(*x, p);
    }
    if !counters_apart
        && sym.array_writes.is_empty()
        && updates.values().zip(updates.keys()).all(|(p, x)| *p == Poly::var(*x))
    {
        return Err(Reason::ChangesNothing);
    }
    let cfs = solve(&updates, &name, &|v| path.var_decl(prog, v).map(|d| d.ty.clone()))?;
    let quadratic = cfs.values().any(|c| matches!(c.kind, Kind::Polynomial));
    set_rlimit(if quadratic { RLIMIT_QUADRATIC } else { RLIMIT_LINEAR });
    for (x, cf) in &cfs {
        // Products of 64-bit values have no wider C type to be computed in.
        let narrow = |v: &VarId| {
            path.var_decl(prog, *v)
                .and_then(|d| d.ty.as_int())
                .is_some_and(|t| t.bits() <= 32)
        };
        // (A 64-bit variable may accumulate a sum of narrow values: x0 + R.)
        if matches!(cf.kind, Kind::Polynomial)
            && cf
                .rest
                .atoms()
                .iter()
                .any(|a| matches!(a, Atom::Var(v) if v != x && !narrow(v)))
        {
            return Err(Reason::ClosedFormTooComplex {
                var: name(*x),
                form: cf.rest.show(&|a| atom_name(prog, path, a)),
                limit: ClosedFormLimit::Width,
            });
        }
        if matches!(cf.kind, Kind::Polynomial) && (cf.piecewise() || cf.rest.degree_in(Atom::K) > 2) {
            return Err(Reason::ClosedFormTooComplex {
                var: name(*x),
                form: cf.rest.show(&|a| atom_name(prog, path, a)),
                limit: ClosedFormLimit::Degree,
            });
        }
    }
    Ok(Recurrences { updates, cfs })
}

/// The values the accelerator assigns to the variables the path changes.
fn final_values(ctx: &Ctx, sym: &Sym, m: &K, top: &K) -> Result<Vec<(VarId, Expr)>, Reason> {
    let mut finals: Vec<(VarId, Expr)> = Vec::new();
    for (x, cf) in &ctx.cfs {
        // With a step after the body, a variable the body writes may differ
        // after the body even when full iterations leave it unchanged.
        let body_writes = sym.tail_assigns && sym.prefix_vals.contains_key(x);
        if matches!(cf.kind, Kind::Invariant) && !body_writes {
            continue;
        }
        let v = if sym.tail_assigns {
            match sym.prefix_vals.get(x) {
                Some(e) => ctx.at(e, m),
                None => ctx.cf_expr(*x, m),
            }
        } else {
            ctx.cf_expr(*x, top)
        }
        .ok_or("cannot emit the value of a variable")?;
        finals.push((*x, v));
    }
    Ok(finals)
}

/// The closed forms of the variables the path changes, for `explain`.
fn closed_form_report(ctx: &Ctx, name: &dyn Fn(VarId) -> String) -> Vec<ClosedForm> {
    let (prog, path) = (ctx.program, ctx.path);
    ctx.cfs
        .iter()
        .filter(|(_, c)| !matches!(c.kind, Kind::Invariant))
        .map(|(x, c)| ClosedForm {
            var: name(*x),
            ty: ctx.ty(*x).map(|t| t.to_string()).unwrap_or_default(),
            kind: match c.kind {
                Kind::Linear(_) => FormKind::Linear,
                Kind::Delayed => FormKind::Delayed,
                Kind::Polynomial => FormKind::Polynomial,
                Kind::Invariant => FormKind::Invariant,
                Kind::Alternating(_) => FormKind::Alternating,
            },
            step: match &c.kind {
                Kind::Linear(LinStep::Const(s)) if !c.piecewise() => Some(*s),
                _ => None,
            },
            formula: if let Kind::Alternating(odd) = &c.kind {
                let show = |p: &Poly| p.show(&|a| atom_name(prog, path, a));
                format!("k even: {}; k odd: {}", show(&Poly::var(*x)), show(odd))
            } else if c.piecewise() {
                format!(
                    "k = 0: {}; k >= 1: {}",
                    c.first.show(&|a| atom_name(prog, path, a)),
                    c.rest.show(&|a| atom_name(prog, path, a))
                )
            } else {
                c.rest.show(&|a| atom_name(prog, path, a))
            },
        })
        .collect()
}

fn atom_name(program: &Program, path: &Path, a: Atom) -> String {
    match a {
        Atom::K => "k".into(),
        Atom::Var(v) => path
            .var_decl(program, v)
            .map(|d| format!("{}0", d.name))
            .unwrap_or_else(|| format!("v{}", v.0)),
    }
}

/// Assignments of the final values, ordered so that no assignment
/// overwrites a value a later one reads; a cycle goes through a copy.
fn ordered_assignments(ctx: &Ctx, finals: Vec<(VarId, Expr)>, fresh: &mut FreshVars) -> Result<Vec<Stmt>, Reason> {
    let mut pending = finals;
    let mut out = Vec::new();
    while !pending.is_empty() {
        let reads = |e: &Expr| {
            let mut s = BTreeSet::new();
            build::vars_of(e, &mut s);
            s
        };
        let pos = (0..pending.len()).find(|&i| {
            let x = pending[i].0;
            pending
                .iter()
                .enumerate()
                .all(|(j, (_, e))| j == i || !reads(e).contains(&x))
        });
        match pos {
            Some(i) => {
                let (x, e) = pending.remove(i);
                out.push(assign(ctx.var(x), e));
            }
            None => {
                // Copy the first variable and read the copy instead.
                let x = pending[0].0;
                let d = ctx.path.var_decl(ctx.program, x).ok_or("unknown variable")?;
                let id = fresh.copy(d.ty.clone());
                out.push(Stmt::new(
                    StmtKind::Decl(id, Some(Init::Expr(ctx.var(x)))),
                    Span::SYNTHETIC,
                ));
                let ty = d.ty.clone();
                for (_, e) in pending.iter_mut() {
                    *e = build::subst(e, &|v| (v == x).then(|| Expr::var(id, ty.clone())));
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
