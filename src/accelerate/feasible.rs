//! Feasibility of paths and of coverage conditions.
//!
//! In: a program and a path (or a prefix of one), or an accelerator of a
//! path. Out: `infeasible`, whether z3 proves that no state takes the path
//! (with which `loops` prunes path prefixes), and `coverage_satisfiable`,
//! whether z3 finds a state in which the accelerator can run (with which
//! `instrument` rejects composed paths that no state takes). Both err on
//! the side of keeping a path.

use super::accelerator::Accelerator;
use super::periodic::literal_divisors;
use super::smt;
use super::solver::{RLIMIT_PRUNE, RLIMIT_WITNESS, with_rlimit, with_solver};
use super::symex;
use crate::ir::build;
use crate::ir::{Expr, Program, VarId};
use crate::loops::Path;
use std::collections::{BTreeSet, HashMap};
use z3::ast::{Bool, Int};

/// Whether z3 finds a state, at the start of an iteration of `path`, in
/// which the accelerator's coverage condition holds, i.e. in which it can
/// run at all (`false` also when z3 gives up). An accelerator of a path
/// that no state can take proves everything about itself vacuously.
pub fn coverage_satisfiable(program: &Program, path: &Path, acc: &Accelerator) -> bool {
    let conds = [literal_divisors(acc.covered.clone())];
    let (vars, ranges) = entry_state(program, path, &conds);
    with_rlimit(RLIMIT_WITNESS, || wrap_free_witness(&vars, &ranges, &conds))
}

/// Whether z3 finds values at the start of an iteration (`vars`, within
/// `ranges`) for which every one of `conds` holds and no operation in them
/// leaves its type: then they hold in C's arithmetic too. Without the
/// modulo, z3 finds such a witness quickly; `false` when it finds none (or
/// a condition is not modelled), which proves nothing.
pub(super) fn wrap_free_witness(vars: &HashMap<VarId, Int>, ranges: &[Bool], conds: &[Expr]) -> bool {
    let mut eval = smt::Eval::new(smt::Mode::NoWrap, vars);
    let mut premises = ranges.to_vec();
    for c in conds {
        let Some(truth) = eval.truth(c, &Bool::from_bool(true)) else {
            return false;
        };
        premises.push(truth);
    }
    premises.append(&mut eval.sides);
    with_solver(|s| smt::satisfiable(s, &premises))
}

/// z3 integers for the values at the start of an iteration of the
/// variables of `conds`, with the premises that each is in its type
/// (variables that are not integers are left out).
pub(super) fn entry_state(program: &Program, path: &Path, conds: &[Expr]) -> (HashMap<VarId, Int>, Vec<Bool>) {
    let mut names = BTreeSet::new();
    for c in conds {
        build::vars_of(c, &mut names);
    }
    let mut vars = HashMap::new();
    let mut premises = Vec::new();
    for v in names {
        if let Some(t) = path.var_decl(program, v).and_then(|d| d.ty.as_int()) {
            let x = Int::fresh_const(&format!("v{}", v.0));
            premises.push(smt::in_range(&x, t));
            vars.insert(v, x);
        }
    }
    (vars, premises)
}

/// Whether every signed operation of constant `e` has its mathematical
/// value, so that `Expr::const_value` (which wraps) is C's value.
fn no_signed_wrap(e: &Expr) -> bool {
    use crate::ir::{BinOp, ExprKind, UnOp};
    let mut exact = true;
    e.walk(&mut |x| {
        let signed = x.int_type().is_some_and(|t| t.signed);
        let math = match &x.kind {
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl), a, b) if signed => {
                a.const_value().zip(b.const_value()).and_then(|(a, b)| match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Sub => a.checked_sub(b),
                    BinOp::Mul => a.checked_mul(b),
                    _ => u32::try_from(b).ok().and_then(|b| a.checked_shl(b)).filter(|_| a >= 0),
                })
            }
            ExprKind::Unary(UnOp::Neg, a) if signed => a.const_value().map(|a| -a),
            ExprKind::Binary(BinOp::Div, a, b) if signed => {
                a.const_value().zip(b.const_value()).and_then(|(a, b)| a.checked_div(b))
            }
            _ => return,
        };
        exact &= math.is_some() && math == x.const_value();
    });
    exact
}

/// Whether z3 proves that no execution takes `path`, which may be a prefix
/// of an iteration path: its assumptions (`symex::path_conditions`), in
/// C's arithmetic, contradict each other for every state. `false` when not
/// proved (the solver gave up, or a condition is not modelled): a path
/// kept by mistake costs only work, a path dropped by mistake could let
/// the trace automaton block an iteration that nothing covers
/// (METHOD.md, "Soundness rules").
pub fn infeasible(program: &Program, path: &Path) -> bool {
    // Constant divisors as literals, so that `i % 2` is modelled.
    let conds: Vec<Expr> = symex::path_conditions(program, path)
        .into_iter()
        .map(literal_divisors)
        .collect();
    // The enumeration asks after each assumption, so the prefix without
    // the last one was asked already: a last condition of constant value
    // (an inner loop's counter taken one iteration at a time from a
    // constant) decides without z3.
    match conds.last().and_then(|c| c.const_value().filter(|_| no_signed_wrap(c))) {
        Some(0) => return true,
        Some(_) => return false,
        None => {}
    }
    if conds.len() < 2 {
        // One condition alone is nearly always satisfiable: not asking
        // keeps loops without branches free of solver work.
        return false;
    }
    let (vars, ranges) = entry_state(program, path, &conds);
    with_rlimit(RLIMIT_PRUNE, || {
        // Most prefixes are feasible, and a witness without wrap-around
        // shows it far faster than the modular proof could fail.
        if wrap_free_witness(&vars, &ranges, &conds) {
            return false;
        }
        let mut eval = smt::Eval::new(smt::Mode::Exact, &vars);
        let top = Bool::from_bool(true);
        let mut premises = ranges;
        premises.extend(conds.iter().filter_map(|c| eval.truth(c, &top)));
        with_solver(|s| smt::prove(s, &premises, &Bool::from_bool(false)))
    })
}
