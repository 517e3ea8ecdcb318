//! Unrolling a loop so that CBMC's `--unwind 3` runs all of it.
//!
//! In: a counting `for` loop or a halving `while` loop left to unrolling
//! (`loops::unwind::trip_bound`), its trip bound `t`, and
//! the program (for fresh variables). Out: an equivalent statement in which no
//! loop runs more than twice per entry, or `None` when the loop's body
//! cannot be copied. The body is written once inside `L` nested loops of
//! two iterations each (`2^L >= t` slots); each slot runs one iteration of
//! the original loop while a flag says that the loop has not ended; after
//! the slots comes the original loop itself, entered only if the flag is
//! still set. CBMC then does what it does with the loop alone at
//! `--unwind t+1` (one symbolic-execution step per iteration) but at
//! `--unwind 3`, so `cbmc OUT --unwind 3 --unwinding-assertions` decides it
//! with no `--unwindset`.
//!
//! The rewriting is exact whatever `t` is: the condition is evaluated
//! exactly as often as in the original, `break` clears the flag, `continue`
//! ends the slot's iteration (the body then sits in a `do { } while (0)`),
//! and iterations beyond the slots run in the original loop. The trip bound
//! only decides how many slots there are. The body is copied twice (slot
//! and original loop), so a loop with a label, a `case` of an outer switch
//! or a `static` declaration is not unrolled this way.

use crate::ir::{
    BinOp, CType, Expr, ExprKind, FuncId, Init, IntType, Program, Span, Stmt, StmtKind, Storage, VarDecl, build,
};

/// The most nested slot loops: 2^14 slots cover every loop that the
/// fallback limit leaves to unrolling (`FALLBACK_UNROLL_LIMIT`).
const MAX_LEVELS: u32 = 14;

/// `lp` (a loop of function `func`, the `no`-th loop of the file) written
/// so that `--unwind 3` runs its first `trips` iterations; `None` when its
/// body cannot be copied or `trips` needs more than `MAX_LEVELS` levels.
pub fn unrolled_for_unwind_3(prog: &mut Program, func: FuncId, lp: &Stmt, trips: u128, no: usize) -> Option<Stmt> {
    let levels = levels_for(trips)?;
    // `loops::unwind::trip_bound` bounds `for` loops and halving `while`
    // loops; a `while` loop is a `for` loop without initialisation or step.
    let no_init: Option<Box<Stmt>> = None;
    let no_step: Option<Expr> = None;
    let (init, cond, step, body) = match &lp.kind {
        StmtKind::For { init, cond, step, body } => (init, cond.clone(), step, body),
        StmtKind::While { cond, body } => (&no_init, Some(cond.clone()), &no_step, body),
        _ => return None,
    };
    if !copyable(prog, lp) {
        return None;
    }
    // A `break` needs a loop around its slot, even where one slot is all.
    let levels = if breaks(body) { levels.max(1) } else { levels };
    let cond = cond.unwrap_or_else(|| build::lit(1, IntType::INT));
    let go_id = prog.add_var(VarDecl {
        name: prog.fresh.name(format_args!("go{no}")),
        ty: CType::Int(IntType::BOOL),
        storage: Storage::Local,
        func: Some(func),
        span: Span::SYNTHETIC,
    });
    let go = build::var(go_id, &CType::Int(IntType::BOOL));
    let stop = || expr_stmt(build::assign(go.clone(), build::lit(0, IntType::BOOL), Span::SYNTHETIC));

    // One iteration: the body, then the step. A `continue` must end the
    // body and still reach the step: then the body sits in a `do { }
    // while (0)`, and the step runs only if no `break` cleared `go`.
    // Unwrapped, a `break` leaves the slot loop before the step.
    let mut run = Vec::new();
    match crate::loops::unwind::continues(body) {
        true => {
            run.push(synthetic(StmtKind::DoWhile {
                body: Box::new(stopping_on_break(body, &stop)),
                cond: build::lit(0, IntType::INT),
            }));
            run.extend(step.clone().map(|s| if_then(go.clone(), expr_stmt(s))));
        }
        false => {
            run.push(stopping_on_break(body, &stop));
            run.extend(step.clone().map(expr_stmt));
        }
    }
    let iteration = synthetic(StmtKind::If {
        cond: cond.clone(),
        then: Box::new(block(run)),
        els: Some(Box::new(stop())),
    });
    let slot = if_then(go.clone(), block(vec![iteration]));
    let mut slots = slot;
    for level in 0..levels {
        slots = two_times(prog, func, no, level, slots);
    }

    // The rest of the loop, as it was (its initialisation already ran).
    let rest = match init {
        Some(_) => synthetic(StmtKind::For {
            init: None,
            cond: Some(cond),
            step: step.clone(),
            body: body.clone(),
        }),
        None => lp.clone(),
    };
    // The initialisation, printed as a statement of its own (its text in
    // the `for` header has no `;`).
    let mut stmts: Vec<Stmt> = init
        .iter()
        .map(|i| Stmt::new(i.kind.clone(), Span::SYNTHETIC))
        .collect();
    stmts.push(synthetic(StmtKind::Decl(
        go_id,
        Some(Init::Expr(build::lit(1, IntType::BOOL))),
    )));
    stmts.push(slots);
    stmts.push(if_then(go, rest));
    Some(block(stmts))
}

/// The number of nested two-iteration loops for `trips` slots.
fn levels_for(trips: u128) -> Option<u32> {
    let levels = trips.max(1).next_power_of_two().trailing_zeros();
    (levels <= MAX_LEVELS).then_some(levels)
}

/// `for (unsigned int tracc_uN_L = 0; tracc_uN_L < 2; tracc_uN_L++)
/// inner` (unsigned: CBMC has no overflow to check on its step).
fn two_times(prog: &mut Program, func: FuncId, no: usize, level: u32, inner: Stmt) -> Stmt {
    let int = CType::Int(IntType::UINT);
    let u = prog.add_var(VarDecl {
        name: prog.fresh.name(format_args!("u{no}_{level}")),
        ty: int.clone(),
        storage: Storage::Local,
        func: Some(func),
        span: Span::SYNTHETIC,
    });
    let uv = build::var(u, &int);
    let inc = Expr::new(
        ExprKind::IncDec {
            inc: true,
            prefix: false,
            op_ty: int.clone(),
            target: Box::new(uv.clone()),
        },
        int,
        Span::SYNTHETIC,
    );
    synthetic(StmtKind::For {
        init: Some(Box::new(synthetic(StmtKind::Decl(
            u,
            Some(Init::Expr(build::lit(0, IntType::UINT))),
        )))),
        cond: Some(build::cmp(BinOp::Lt, uv, build::lit(2, IntType::UINT))),
        step: Some(inc),
        body: Box::new(inner),
    })
}

/// Whether the loop can be written twice: no label (a `goto` target), no
/// `case` of a switch around the loop, and no `static` local, which would
/// become two.
fn copyable(prog: &Program, lp: &Stmt) -> bool {
    fn go(prog: &Program, s: &Stmt, in_switch: bool) -> bool {
        let ok = match &s.kind {
            StmtKind::Label(..) | StmtKind::Opaque(_) => false,
            StmtKind::Case(..) | StmtKind::Default(..) => in_switch,
            StmtKind::Decl(v, _) => prog.var(*v).storage != Storage::Global,
            _ => true,
        };
        let in_switch = in_switch || matches!(s.kind, StmtKind::Switch { .. });
        ok && s.children().into_iter().all(|c| go(prog, c, in_switch))
    }
    go(prog, lp, false)
}

/// `body` with each `break` of the loop itself (not of a loop or switch
/// inside) preceded by `stop`; statements that change are synthetic.
fn stopping_on_break(body: &Stmt, stop: &dyn Fn() -> Stmt) -> Stmt {
    if !breaks(body) {
        return body.clone();
    }
    match &body.kind {
        StmtKind::Break => block(vec![stop(), body.clone()]),
        _ => {
            let mut s = body.map_children(&mut |c| stopping_on_break(c, stop));
            s.span = Span::SYNTHETIC;
            s
        }
    }
}

/// Whether a `break` of the loop itself occurs in `s`.
fn breaks(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break => true,
        StmtKind::Switch { .. } => false,
        _ if s.is_loop() => false,
        _ => s.children().into_iter().any(breaks),
    }
}

fn synthetic(kind: StmtKind) -> Stmt {
    Stmt::new(kind, Span::SYNTHETIC)
}

fn block(stmts: Vec<Stmt>) -> Stmt {
    synthetic(StmtKind::Block { stmts, scoped: true })
}

fn expr_stmt(e: Expr) -> Stmt {
    synthetic(StmtKind::Expr(e))
}

fn if_then(cond: Expr, then: Stmt) -> Stmt {
    synthetic(StmtKind::If {
        cond,
        then: Box::new(then),
        els: None,
    })
}
