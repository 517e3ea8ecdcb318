//! Inlining a loop's trace automaton as C statements.
//!
//! In: the loop's automaton (from `restrict`), which of its symbols are the
//! accelerators, and for each accelerated path the condition under which an
//! original iteration along it is covered (its accelerator's assumptions at
//! `n = 1`, over the pre-state). Out: the statements that go around each
//! branch of the instrumented loop body: a state variable reset before the
//! loop; for an accelerator, the condition that rules out the states from
//! which it enters the restriction language (it joins the branch's
//! `nondet_bool()`: `if (!tracc_q1 && nondet_bool())`), and at its end the
//! state update; in the original branch, the coverage flag computed before
//! the body, the state update, and after the body (after all its
//! assertions) the `assume` that blocks a covered iteration. A condition
//! that the body cannot change needs no flag: it is evaluated where it
//! blocks.

use super::{Automaton, SymbolKind};
use crate::ir::build;
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, Init, IntType, Intrinsic, Program, Span, Stmt, StmtKind, Storage, VarDecl,
    VarId,
};

/// The statements that implement one loop's automaton.
#[derive(Clone, Debug)]
pub struct AutomatonCode {
    /// `_Bool tracc_qN = 0;` (`unsigned char` from three states on), placed right before the loop so that
    /// every entry into the loop starts the automaton afresh.
    pub reset: Stmt,
    /// Per accelerator (in the order of `accel_symbols`): the condition of
    /// its branch (`nondet_bool()` in a state from which it may be
    /// taken), and the statements at the end of its branch.
    pub accel_cond: Vec<Expr>,
    pub accel_suffix: Vec<Vec<Stmt>>,
    /// At the start of the original branch, before the body runs.
    pub orig_prefix: Vec<Stmt>,
    /// At the end of the original branch, after the body.
    pub orig_suffix: Vec<Stmt>,
    /// How a covered iteration is blocked (`None`: by a constant, or not).
    pub coverage_check: Option<CoverageCheck>,
}

fn int(v: i128, t: IntType) -> Expr {
    Expr::int(v, t)
}

fn var(program: &Program, id: VarId) -> Expr {
    Expr::var(id, program.var(id).ty.clone())
}

fn cmp(op: BinOp, a: Expr, b: Expr) -> Expr {
    let t = IntType::common(
        a.int_type().unwrap_or(IntType::INT),
        b.int_type().unwrap_or(IntType::INT),
    );
    let conv = |e: Expr| {
        if e.int_type() == Some(t) {
            e
        } else {
            Expr::new(
                ExprKind::Cast {
                    implicit: true,
                    expr: Box::new(e),
                },
                CType::Int(t),
                Span::SYNTHETIC,
            )
        }
    };
    Expr::new(
        ExprKind::Binary(op, Box::new(conv(a)), Box::new(conv(b))),
        CType::Int(IntType::INT),
        Span::SYNTHETIC,
    )
}

fn logical(op: BinOp, parts: Vec<Expr>) -> Option<Expr> {
    parts.into_iter().reduce(|a, b| build::bool_op(op, a, b))
}

fn stmt(kind: StmtKind) -> Stmt {
    Stmt::new(kind, Span::SYNTHETIC)
}

fn assume(cond: Expr) -> Stmt {
    stmt(StmtKind::Expr(Expr::new(
        ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), vec![cond]),
        CType::Void,
        Span::SYNTHETIC,
    )))
}

fn assign(program: &Program, target: VarId, value: Expr) -> Stmt {
    let ty = program.var(target).ty.clone();
    let value = match (value.int_type(), ty.as_int()) {
        (Some(a), Some(b)) if a != b => Expr::new(
            ExprKind::Cast {
                implicit: true,
                expr: Box::new(value),
            },
            ty.clone(),
            Span::SYNTHETIC,
        ),
        _ => value,
    };
    stmt(StmtKind::Expr(Expr::new(
        ExprKind::Assign {
            op: None,
            op_ty: ty.clone(),
            lhs: Box::new(var(program, target)),
            rhs: Box::new(value),
        },
        ty,
        Span::SYNTHETIC,
    )))
}

/// For `symbol`: the condition that rules out the states from which it
/// enters the language (`None`: no state is ruled out), and the update of
/// the state variable.
fn symbol_code(program: &Program, automaton: &Automaton, state: VarId, symbol: usize) -> (Option<Expr>, Vec<Stmt>) {
    let q = || var(program, state);
    let st = program.var(state).ty.as_int().unwrap_or(IntType::UCHAR);
    let blocked = automaton.blocked_states(symbol);
    let guard = if blocked.len() == automaton.num_states {
        Some(int(0, IntType::INT))
    } else {
        // (A two-state automaton's state is a `_Bool`: `!q` or `q`.)
        let conds = blocked
            .iter()
            .map(|&b| match (st.is_bool(), b) {
                (true, 1) => build::not(q()),
                (true, _) => q(),
                _ => cmp(BinOp::Ne, q(), int(b as i128, st)),
            })
            .collect();
        logical(BinOp::LogAnd, conds)
    };
    // Successors of the states that are not blocked.
    let moves: Vec<(usize, usize)> = (0..automaton.num_states)
        .filter_map(|s| automaton.next[s][symbol].map(|t| (s, t)))
        .filter(|(s, t)| s != t)
        .collect();
    let live: Vec<usize> = (0..automaton.num_states)
        .filter(|&s| automaton.next[s][symbol].is_some())
        .collect();
    let targets: Vec<usize> = live.iter().filter_map(|&s| automaton.next[s][symbol]).collect();
    let mut update = Vec::new();
    if let Some(&first) = targets.first() {
        if targets.iter().all(|&t| t == first) {
            if !moves.is_empty() {
                update.push(assign(program, state, int(first as i128, st)));
            }
        } else {
            // q = q == s1 ? t1 : q == s2 ? t2 : ... : q
            let mut value = q();
            for &(s, t) in moves.iter().rev() {
                let c = cmp(BinOp::Eq, q(), int(s as i128, st));
                let t = int(t as i128, st);
                value = Expr::new(
                    ExprKind::Cond(Box::new(c), Box::new(t), Box::new(value)),
                    CType::Int(st),
                    Span::SYNTHETIC,
                );
            }
            update.push(assign(program, state, value));
        }
    }
    (guard, update)
}

/// When an original iteration is covered by an accelerator, so that the
/// automaton blocks it.
pub struct Coverage<'a> {
    /// The symbols of covered original iterations.
    pub symbols: &'a [usize],
    /// The condition, over the state before the original body, under which
    /// the iteration is one of them.
    pub cond: Expr,
    /// Where the condition is evaluated.
    pub check: CoverageCheck,
}

/// Where a covered original iteration is blocked. Blocking after the body
/// keeps the body's own checks (its assertions, CBMC's overflow and bounds
/// checks) on covered iterations too; before it, nothing of the body is
/// lost only when the body cannot fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageCheck {
    /// A flag computed before the body, an `assume` after it.
    Flag,
    /// The body writes none of the condition's variables: an `assume` of
    /// the condition after the body.
    AfterBody,
    /// The body cannot fail any property: an `assume` before it.
    BeforeBody,
    /// The body fails, leaves the loop or chooses its way only where the
    /// coverage condition says a covered iteration does not
    /// (`loops::BodyRun`, `restrict::apply::before_body`): an `assume` before it.
    BeforeBodyChecked,
}

impl CoverageCheck {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            CoverageCheck::Flag => "flag",
            CoverageCheck::AfterBody => "after-body",
            CoverageCheck::BeforeBody => "before-body",
            CoverageCheck::BeforeBodyChecked => "before-body-checked",
        }
    }
}

/// Build the automaton code for loop number `loop_no` (used in the fresh
/// names). `accel_symbols[j]` is the symbol of the `j`-th accelerator,
/// `coverage` when an original iteration is covered (`None`: no
/// iteration is blocked), and
/// `other_symbols` every other symbol that an original iteration can be
/// (uncovered iterations and paths that are not accelerated). Fails when
/// the automaton does not have the shape the inlining relies on.
pub fn automaton_code(
    program: &mut Program,
    func: Option<crate::ir::FuncId>,
    automaton: &Automaton,
    loop_no: usize,
    accel_symbols: &[usize],
    coverage: Option<Coverage<'_>>,
    other_symbols: &[usize],
) -> Result<AutomatonCode, String> {
    let state_ty = match automaton.num_states {
        0..=2 => IntType::BOOL,
        3..=256 => IntType::UCHAR,
        _ => IntType::UINT,
    };
    let state = program.add_var(VarDecl {
        name: program.fresh.name(format_args!("q{loop_no}")),
        ty: CType::Int(state_ty),
        storage: Storage::Local,
        func,
        span: Span::SYNTHETIC,
    });
    let reset = stmt(StmtKind::Decl(
        state,
        Some(Init::Expr(int(automaton.start as i128, state_ty))),
    ));

    // Every original iteration is covered and blocked before its body, so
    // the original branch is never taken: the last accelerator needs no
    // choice of its own (where its state allows it, it is the only way on).
    let always_blocked_before = coverage.as_ref().is_some_and(|c| {
        c.cond.const_value().is_some_and(|v| v != 0)
            && matches!(c.check, CoverageCheck::BeforeBody | CoverageCheck::BeforeBodyChecked)
    });
    let mut accel_cond = Vec::new();
    let mut accel_suffix = Vec::new();
    for (i, &a) in accel_symbols.iter().enumerate() {
        if !matches!(automaton.alphabet.symbols.get(a), Some(SymbolKind::Accel(_))) {
            return Err(format!("symbol {a} is not an accelerator"));
        }
        let (guard, update) = symbol_code(program, automaton, state, a);
        let forced = always_blocked_before && i + 1 == accel_symbols.len();
        let choice = (!forced).then(crate::instrument::nondet_bool);
        accel_cond.push(match (guard, choice) {
            (Some(g), Some(c)) => build::and(g, c),
            (Some(e), None) | (None, Some(e)) => e,
            (None, None) => int(1, IntType::INT),
        });
        accel_suffix.push(update);
    }

    // A covered original iteration is in the language from every state:
    // it is blocked outright, so only its condition matters.
    for &c in coverage.as_ref().map_or(&[][..], |c| c.symbols) {
        if automaton.blocked_states(c).len() != automaton.num_states {
            return Err(format!("covered symbol {c} is not blocked in every state"));
        }
    }
    // Every other original iteration must move the automaton the same way,
    // because the instrumented body does not tell the paths apart.
    let column = |s: usize| {
        (0..automaton.num_states)
            .map(|q| automaton.next[q][s])
            .collect::<Vec<_>>()
    };
    if let Some(&first) = other_symbols.first()
        && other_symbols.iter().any(|&s| column(s) != column(first))
    {
        return Err("original iterations along different paths move the automaton differently".to_string());
    }

    // It must also be possible from every state.
    let mut uncovered_update = Vec::new();
    if let Some(&first) = other_symbols.first() {
        let (guard, update) = symbol_code(program, automaton, state, first);
        if guard.is_some() {
            return Err("an uncovered original iteration is blocked in some state".to_string());
        }
        uncovered_update = update;
    }
    // The usual two-state automaton (one accelerator, not twice in a row,
    // any original iteration resets it): the state is whether this
    // iteration accelerates, set where the branch is chosen,
    // `if ((tracc_q1 = !tracc_q1 && nondet_bool()))`, with no update at
    // the end of either branch.
    let chosen_state = automaton.num_states == 2
        && automaton.start == 0
        && accel_symbols.len() == 1
        && automaton.blocked_states(accel_symbols[0]) == [1]
        && automaton.next[0][accel_symbols[0]] == Some(1)
        && other_symbols
            .iter()
            .all(|&o| (0..2).all(|q| automaton.next[q][o] == Some(0)));
    if chosen_state {
        let ty = program.var(state).ty.clone();
        accel_cond[0] = Expr::new(
            ExprKind::Assign {
                op: None,
                op_ty: ty.clone(),
                lhs: Box::new(var(program, state)),
                rhs: Box::new(Expr::new(
                    ExprKind::Cast {
                        implicit: true,
                        expr: Box::new(accel_cond[0].clone()),
                    },
                    ty.clone(),
                    Span::SYNTHETIC,
                )),
            },
            ty,
            Span::SYNTHETIC,
        );
        accel_suffix[0].clear();
        uncovered_update.clear();
    }
    let mut orig_prefix = Vec::new();
    let mut orig_suffix = Vec::new();
    let coverage_check = coverage
        .as_ref()
        .filter(|c| c.cond.const_value().is_none())
        .map(|c| c.check);
    match coverage.map(|c| (c.cond.const_value(), c)) {
        // Always covered: blocked where the flag would block it, with no
        // flag (the update would be dead).
        Some((Some(c), _)) if c != 0 => {
            uncovered_update.clear();
            let at = if always_blocked_before {
                &mut orig_prefix
            } else {
                &mut orig_suffix
            };
            at.push(assume(int(0, IntType::INT)));
        }
        // The condition evaluated where it blocks, with no flag.
        Some((None, c)) if c.check == CoverageCheck::AfterBody => orig_suffix.push(assume(build::negation(c.cond))),
        Some((None, c)) if matches!(c.check, CoverageCheck::BeforeBody | CoverageCheck::BeforeBodyChecked) => {
            orig_prefix.push(assume(build::negation(c.cond)))
        }
        Some((None, Coverage { cond: cov, .. })) => {
            let flag = program.add_var(VarDecl {
                name: program.fresh.name(format_args!("cov{loop_no}")),
                ty: CType::Int(IntType::BOOL),
                storage: Storage::Local,
                func,
                span: Span::SYNTHETIC,
            });
            let cov = match cov.int_type() {
                Some(t) if t.is_bool() => cov,
                _ => Expr::new(
                    ExprKind::Cast {
                        implicit: true,
                        expr: Box::new(cov),
                    },
                    CType::Int(IntType::BOOL),
                    Span::SYNTHETIC,
                ),
            };
            orig_prefix.push(stmt(StmtKind::Decl(flag, Some(Init::Expr(cov)))));
            orig_suffix.push(assume(build::not(var(program, flag))));
        }
        // No coverage, or never covered: nothing is blocked.
        _ => {}
    }
    // The state moves before the body, which neither reads nor writes it:
    // a `continue` in the body then skips nothing of the automaton.
    orig_prefix.extend(uncovered_update);
    Ok(AutomatonCode {
        reset,
        accel_cond,
        accel_suffix,
        orig_prefix,
        orig_suffix,
        coverage_check,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::restrict::{Alphabet, build};

    fn program_with_x() -> (Program, VarId) {
        let mut p = Program::default();
        let x = p.add_var(VarDecl {
            name: "x".into(),
            ty: CType::Int(IntType::UINT),
            storage: Storage::Global,
            func: None,
            span: Span::SYNTHETIC,
        });
        (p, x)
    }

    fn print(p: &Program, stmts: &[Stmt]) -> String {
        stmts
            .iter()
            .map(|s| crate::emit::print_stmt(p, "", s, "", "    ", crate::emit::Dialect::Cbmc).expect("prints"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A branch condition, in an `assume` to print it.
    fn print_cond(p: &Program, cond: &Expr) -> String {
        print(p, &[assume(cond.clone())])
    }

    #[test]
    fn one_accelerator_gives_figure_7() {
        let (_, x) = program_with_x();
        // symbols: 0 Covered(0), 1 Uncovered(0), 2 Accel(0)
        let alphabet = Alphabet {
            symbols: vec![SymbolKind::Covered(0), SymbolKind::Uncovered(0), SymbolKind::Accel(0)],
        };
        let a = build(&alphabet, true).expect("builds");
        let cov = cmp(
            BinOp::Gt,
            Expr::var(x, CType::Int(IntType::UINT)),
            int(0, IntType::UINT),
        );
        // Each placement in a fresh program (the flag's name is fresh).
        let code_for = |check| {
            let (mut p, _) = program_with_x();
            let coverage = Coverage {
                symbols: &[0],
                cond: cov.clone(),
                check,
            };
            let code = automaton_code(&mut p, None, &a, 1, &[2], Some(coverage), &[1]).expect("code");
            (p, code)
        };
        let (p, code) = code_for(CoverageCheck::Flag);
        assert_eq!(print(&p, std::slice::from_ref(&code.reset)), "_Bool tracc_q1 = 0;");
        assert_eq!(
            print_cond(&p, &code.accel_cond[0]),
            "__CPROVER_assume(tracc_q1 = !tracc_q1 && nondet_bool());"
        );
        // The state is set where the branch is chosen: no updates.
        assert!(code.accel_suffix[0].is_empty());
        assert_eq!(print(&p, &code.orig_prefix), "_Bool tracc_cov1 = x > 0U;");
        assert_eq!(print(&p, &code.orig_suffix), "__CPROVER_assume(!tracc_cov1);");
        // A body that does not change `x`, or cannot fail, needs no flag.
        let (p, code) = code_for(CoverageCheck::AfterBody);
        assert!(code.orig_prefix.is_empty());
        assert_eq!(print(&p, &code.orig_suffix), "__CPROVER_assume(x <= 0U);");
        let (p, code) = code_for(CoverageCheck::BeforeBody);
        assert_eq!(print(&p, &code.orig_prefix), "__CPROVER_assume(x <= 0U);");
        assert!(code.orig_suffix.is_empty());
    }

    /// A coverage condition that is always true blocks every original
    /// iteration after its body, with no flag; one always false blocks none.
    #[test]
    fn constant_coverage_needs_no_flag() {
        let alphabet = Alphabet {
            symbols: vec![SymbolKind::Covered(0), SymbolKind::Uncovered(0), SymbolKind::Accel(0)],
        };
        let a = build(&alphabet, true).expect("builds");
        let (mut p, _) = program_with_x();
        let coverage = |v| Coverage {
            symbols: &[0],
            cond: int(v, IntType::INT),
            check: CoverageCheck::Flag,
        };
        let always = automaton_code(&mut p, None, &a, 1, &[2], Some(coverage(1)), &[1]).expect("code");
        assert_eq!(print(&p, &always.orig_prefix), "");
        assert_eq!(print(&p, &always.orig_suffix), "__CPROVER_assume(0);");
        let (mut p, _) = program_with_x();
        let never = automaton_code(&mut p, None, &a, 1, &[2], Some(coverage(0)), &[1]).expect("code");
        assert_eq!(print(&p, &never.orig_prefix), "");
        assert!(never.orig_suffix.is_empty());
        assert_eq!(
            print_cond(&p, &never.accel_cond[0]),
            print_cond(&p, &always.accel_cond[0])
        );
        assert!(print_cond(&p, &always.accel_cond[0]).contains("nondet_bool()"));
        // Blocked before a body that cannot fail: the original branch is
        // never taken, and the accelerator is chosen wherever it may be.
        let (mut p, _) = program_with_x();
        let before = Coverage {
            check: CoverageCheck::BeforeBody,
            ..coverage(1)
        };
        let forced = automaton_code(&mut p, None, &a, 1, &[2], Some(before), &[1]).expect("code");
        assert_eq!(print(&p, &forced.orig_prefix), "__CPROVER_assume(0);");
        assert!(forced.orig_suffix.is_empty());
        assert_eq!(
            print_cond(&p, &forced.accel_cond[0]),
            "__CPROVER_assume(tracc_q1 = !tracc_q1);"
        );
    }

    #[test]
    fn two_accelerators_block_only_their_own_repetition() {
        let (mut p, _) = program_with_x();
        let alphabet = Alphabet {
            symbols: vec![
                SymbolKind::Accel(0),
                SymbolKind::Accel(1),
                SymbolKind::Uncovered(0),
                SymbolKind::Uncovered(1),
                SymbolKind::Other(2),
            ],
        };
        let a = build(&alphabet, true).expect("builds");
        let code = automaton_code(&mut p, None, &a, 2, &[0, 1], None, &[2, 3, 4]).expect("code");
        let after0 = a.next[0][0].expect("acc0 from start");
        let after1 = a.next[0][1].expect("acc1 from start");
        assert_eq!(
            print_cond(&p, &code.accel_cond[0]),
            format!("__CPROVER_assume(tracc_q2 != {after0} && nondet_bool());")
        );
        assert_eq!(
            print_cond(&p, &code.accel_cond[1]),
            format!("__CPROVER_assume(tracc_q2 != {after1} && nondet_bool());")
        );
        assert_eq!(print(&p, &code.accel_suffix[1]), format!("tracc_q2 = {after1};"));
        // The original iteration's move comes before the body, so that a
        // `continue` in it cannot skip it.
        assert_eq!(print(&p, &code.orig_prefix), "tracc_q2 = 0;");
        assert!(code.orig_suffix.is_empty());
    }

    #[test]
    fn rejects_symbols_that_are_not_accelerators() {
        let (mut p, _) = program_with_x();
        let alphabet = Alphabet {
            symbols: vec![SymbolKind::Accel(0), SymbolKind::Uncovered(0)],
        };
        let a = build(&alphabet, true).expect("builds");
        assert!(automaton_code(&mut p, None, &a, 1, &[1], None, &[0]).is_err());
    }
}
