//! Reads of an array that a counting loop has filled, replaced by the value
//! the fill wrote there: a `Program` in, the same program out in which a
//! later loop's `a[e]` is that value at `e` (`read_through_fills`).
//!
//! `for (int i = 0; i < N; i++) a[i] = 2 * i + 1;`, then, in the same
//! block, `for (int j = 0; j < N; j++) if (a[j] == K) ...`: the read is
//! `2 * j + 1`. CBMC pays for a read at a symbolic index once per element
//! of the array (a search of 100,000 elements after its accelerator: 51 s
//! and 3.4 GB; with the read replaced: 6 s), and the loop that read the
//! array now tests its counter, whose guard has a closed form instead of a
//! quantifier over the elements.
//!
//! Exact, because every condition below is checked on the syntax, no
//! solver answer is relied on:
//! - the fill is a counting `for` loop (`unwind::counting`: a local
//!   counter, not written in the body, from a constant by 1 or -1 to a
//!   constant bound) whose condition is one comparison and whose body is
//!   the one assignment `a[i] = F`, `F` a pure expression of the counter
//!   alone (no division or shift that C or CBMC could leave undefined), so
//!   it writes exactly `a[j] = F(j)` for every `j` of the counter's range,
//!   inside the array's bounds;
//! - the array is named only as the array of a subscript that is not an
//!   operand of `&`, anywhere in the program: no pointer, no argument, no
//!   intrinsic can reach it, so only an assignment that names it writes it;
//! - the statements after the fill in its block, up to the loop that
//!   reads, neither write the array nor call a function that names it
//!   (through the functions it calls), and hold no label (`goto`, `case`,
//!   `default`) by which an execution could enter them without passing
//!   the fill;
//! - the read is in the body of a counting `for` loop, not in a loop
//!   nested there, at `c`, the counter or the counter plus or minus a
//!   constant, whose range lies inside the filled one: every iteration
//!   runs its body with a counter between its first and its last value.
//!
//! `F` is evaluated at the read with the same operand types as in the
//! fill (the index converted to the fill's counter type, which holds it),
//! so it gives the same value, and its overflow is the fill's (already
//! reported there). The replaced node and the nodes around it up to the
//! loop's body lose their spans, so that the emitter prints them from the
//! IR; the loop keeps its span, by which `find_loops` knows it, and one
//! that is not transformed keeps its text.

use super::unwind;
use crate::ir::build::{as_value, cast, desynth, subst};
use crate::ir::{
    BinOp, CType, Callee, Expr, ExprKind, FuncId, IntType, Program, Span, Stmt, StmtKind, VarId, shift_within,
};
use std::collections::BTreeSet;

/// A loop whose reads of `array` are the values of a fill before it.
#[derive(Clone, Debug)]
pub struct FilledRead {
    pub loop_span: Span,
    pub array: VarId,
}

/// `program` with each read of a filled array replaced by the fill's value
/// where that is exact (module comment), and the loops whose reads were.
pub fn read_through_fills(program: &Program) -> (Program, Vec<FilledRead>) {
    let mut prog = program.clone();
    let mut done = Vec::new();
    for (f, out) in prog.funcs.iter_mut().enumerate() {
        let Some(body) = &mut out.body else { continue };
        body.walk_mut(&mut |s| {
            if let StmtKind::Block { stmts, .. } = &mut s.kind {
                rewrite_block(program, FuncId(f), stmts, &mut done);
            }
        });
    }
    (prog, done)
}

/// What a fill loop wrote: `array[j] = value(j)` for `j` in `lo..=hi`.
struct Filled {
    array: VarId,
    counter: VarId,
    counter_ty: IntType,
    lo: i128,
    hi: i128,
    value: Expr,
}

/// Each fill of `stmts` against the statements after it, in order, so that
/// a loop rewritten into a fill (a map of a filled array) fills in turn.
/// `prog` is the input: rewriting adds no name, address or call.
fn rewrite_block(prog: &Program, func: FuncId, stmts: &mut [Stmt], done: &mut Vec<FilledRead>) {
    for p in 0..stmts.len() {
        let Some(fill) = fill_of(prog, func, &stmts[p]) else {
            continue;
        };
        if !only_subscripted(prog, fill.array) {
            continue;
        }
        for later in &mut stmts[p + 1..] {
            if may_write(prog, later, fill.array) {
                break;
            }
            if rewrite_loop(prog, func, later, &fill) {
                done.push(FilledRead {
                    loop_span: later.span,
                    array: fill.array,
                });
            }
        }
    }
}

/// The fill that `s` is, if it is one (module comment).
fn fill_of(prog: &Program, func: FuncId, s: &Stmt) -> Option<Filled> {
    let StmtKind::For {
        cond: Some(cond), body, ..
    } = &s.kind
    else {
        return None;
    };
    let counting = unwind::counting(prog, func, s)?;
    let exact_trips = matches!(&cond.kind, ExprKind::Binary(op, ..) if op.is_comparison());
    if !exact_trips || !matches!(counting.step, 1 | -1) {
        return None;
    }
    let (counter, start, last) = (counting.counter, counting.start, counting.last()?);
    let (lo, hi) = (start.min(last), start.max(last));
    let ExprKind::Assign { op: None, lhs, rhs, .. } = &only_statement(body)?.kind else {
        return None;
    };
    let ExprKind::Index(base, index) = &lhs.kind else {
        return None;
    };
    let ExprKind::Var(array) = base.kind else {
        return None;
    };
    let CType::Array(elem, len) = &prog.var(array).ty else {
        return None;
    };
    let counter_ty = prog.var(counter).ty.as_int()?;
    let in_bounds = lo >= 0 && i128::from(*len) > hi;
    let at_counter = matches!(index.skip_implicit().kind, ExprKind::Var(v) if v == counter);
    if !in_bounds || !at_counter || elem.as_int().is_none() || !pure_in(rhs, counter) {
        return None;
    }
    Some(Filled {
        array,
        counter,
        counter_ty,
        lo,
        hi,
        value: (**rhs).clone(),
    })
}

/// The expression of a body that is one expression statement, braced or
/// not.
fn only_statement(body: &Stmt) -> Option<&Expr> {
    match &body.kind {
        StmtKind::Expr(e) => Some(e),
        StmtKind::Block { stmts, .. } if stmts.len() == 1 => only_statement(&stmts[0]),
        _ => None,
    }
}

/// Whether `e` reads nothing but `counter` and has one value wherever it
/// is evaluated: no effects, no memory, no division by a value that may
/// be zero nor shift by an amount outside its type.
fn pure_in(e: &Expr, counter: VarId) -> bool {
    let mut pure = true;
    e.walk(&mut |x| {
        pure &= match &x.kind {
            ExprKind::IntLit(_) | ExprKind::Unary(..) | ExprKind::Cond(..) | ExprKind::Cast { .. } => true,
            ExprKind::Var(v) => *v == counter,
            ExprKind::Binary(BinOp::Div | BinOp::Rem, _, d) => d.const_value().is_some_and(|c| c != 0),
            ExprKind::Binary(op, a, s) if op.is_shift() => a.int_type().is_some_and(|t| shift_within(s, t).is_some()),
            ExprKind::Binary(..) => true,
            _ => false,
        };
    });
    pure
}

/// Whether `array` occurs in `prog` only as the array of a subscript
/// that is not an operand of `&`.
fn only_subscripted(prog: &Program, array: VarId) -> bool {
    let (mut named, mut subscripted, mut addressed) = (0usize, 0usize, false);
    let mut count = |e: &Expr| {
        e.walk(&mut |x| match &x.kind {
            ExprKind::Var(v) if *v == array => named += 1,
            _ if is_element(x, array) => subscripted += 1,
            ExprKind::AddrOf(x) if is_element(x, array) => addressed = true,
            _ => {}
        })
    };
    for init in prog.globals.iter().filter_map(|(_, init)| init.as_ref()) {
        init.exprs().into_iter().for_each(&mut count);
    }
    for f in &prog.funcs {
        if let Some(body) = &f.body {
            body.walk(&mut |s| s.own_exprs().into_iter().for_each(&mut count));
        }
    }
    !addressed && named == subscripted
}

/// Whether `e` is `array[..]`.
fn is_element(e: &Expr, array: VarId) -> bool {
    matches!(&e.kind, ExprKind::Index(b, _) if matches!(b.kind, ExprKind::Var(v) if v == array))
}

/// Whether running `s` may change `array` or let an execution in past the
/// fill: an assignment to one of its elements, a call of a function that
/// names it, a label, or what the IR does not model.
fn may_write(prog: &Program, s: &Stmt, array: VarId) -> bool {
    let mut found = false;
    s.walk(&mut |st| {
        found |= matches!(
            st.kind,
            StmtKind::Label(..) | StmtKind::Case(..) | StmtKind::Default(_) | StmtKind::Opaque(_)
        );
    });
    found
        || s.any_expr(&|e| match &e.kind {
            ExprKind::Assign { lhs: target, .. } | ExprKind::IncDec { target, .. } => {
                is_element(target.skip_implicit(), array)
            }
            ExprKind::Call(Callee::Func(g), _) => names(prog, *g, array, &mut BTreeSet::new()),
            ExprKind::Opaque(_) => true,
            _ => false,
        })
}

/// Whether function `f`, or one it calls, names `array`.
fn names(prog: &Program, f: FuncId, array: VarId, seen: &mut BTreeSet<FuncId>) -> bool {
    if !seen.insert(f) {
        return false;
    }
    let func = prog.func(f);
    let Some(body) = &func.body else {
        // A declared function without a body: the checker and CBMC give it
        // no effect but its value, and nothing passes it the array.
        return false;
    };
    let (mut direct, mut callees) = (false, Vec::new());
    body.walk(&mut |s| {
        for e in s.own_exprs() {
            e.walk(&mut |x| match &x.kind {
                ExprKind::Var(v) => direct |= *v == array,
                ExprKind::Call(Callee::Func(g), _) => callees.push(*g),
                _ => {}
            });
        }
    });
    direct || callees.into_iter().any(|g| names(prog, g, array, seen))
}

/// The reads of `fill.array` in `s`, where it is a counting `for` loop,
/// replaced by the fill's value wherever the index lies in the filled
/// range (module comment); whether any was.
fn rewrite_loop(prog: &Program, func: FuncId, s: &mut Stmt, fill: &Filled) -> bool {
    let Some((counter, first, last)) = unwind::counter_values(prog, func, s) else {
        return false;
    };
    let range = Range {
        counter,
        lo: first.min(last),
        hi: first.max(last),
    };
    match &mut s.kind {
        StmtKind::For { body, .. } => rewrite_stmt(body, &range, fill),
        _ => false,
    }
}

/// The counter of the loop that reads, and the values it takes in its
/// body.
struct Range {
    counter: VarId,
    lo: i128,
    hi: i128,
}

/// Whether a read in `s` was replaced; `s` then loses its span. A loop
/// nested in the body is left as it is: its counter's range is not
/// `range`, and it keeps its span, by which it is found.
fn rewrite_stmt(s: &mut Stmt, range: &Range, fill: &Filled) -> bool {
    if s.is_loop() {
        return false;
    }
    let mut changed = false;
    for e in s.own_exprs_mut() {
        changed |= rewrite_expr(e, range, fill);
    }
    for c in s.children_mut() {
        changed |= rewrite_stmt(c, range, fill);
    }
    if changed {
        s.span = Span::SYNTHETIC;
    }
    changed
}

fn rewrite_expr(e: &mut Expr, range: &Range, fill: &Filled) -> bool {
    if let ExprKind::Index(_, index) = &e.kind
        && is_element(e, fill.array)
        && index_range(index, range).is_some_and(|(lo, hi)| fill.lo <= lo && hi <= fill.hi)
    {
        let at = cast((**index).clone(), fill.counter_ty);
        let value = subst(&desynth(&fill.value), &|v| (v == fill.counter).then(|| at.clone()));
        *e = as_value(value);
        return true;
    }
    let mut changed = false;
    e.for_each_child_mut(&mut |c| changed |= rewrite_expr(c, range, fill));
    if changed {
        e.span = Span::SYNTHETIC;
    }
    changed
}

/// The values `index` takes in the loop's body: a constant, the counter,
/// or the counter plus or minus a constant (computed without overflow in
/// the index's type).
fn index_range(index: &Expr, range: &Range) -> Option<(i128, i128)> {
    let counter = |x: &Expr| matches!(x.skip_implicit().kind, ExprKind::Var(v) if v == range.counter);
    let (lo, hi) = match &index.skip_implicit().kind {
        ExprKind::IntLit(c) => (*c, *c),
        ExprKind::Var(v) if *v == range.counter => (range.lo, range.hi),
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, c) if counter(a) => {
            let c = c.const_value()?;
            let c = if *op == BinOp::Add { c } else { -c };
            (range.lo + c, range.hi + c)
        }
        ExprKind::Binary(BinOp::Add, c, a) if counter(a) => {
            let c = c.const_value()?;
            (range.lo + c, range.hi + c)
        }
        _ => return None,
    };
    let t = index.skip_implicit().int_type()?;
    (t.contains(lo) && t.contains(hi)).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many subscripts of `a` the program has before and after the
    /// rewriting.
    fn subscripts(src: &str) -> (usize, usize) {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let count = |p: &Program| {
            let mut n = 0;
            for f in &p.funcs {
                if let Some(body) = &f.body {
                    body.walk(&mut |s| {
                        for e in s.own_exprs() {
                            e.walk(&mut |x| {
                                n += usize::from(matches!(&x.kind, ExprKind::Index(b, _)
                                    if matches!(b.kind, ExprKind::Var(v) if p.var(v).name == "a")));
                            });
                        }
                    });
                }
            }
            n
        };
        (count(&program), count(&read_through_fills(&program).0))
    }

    fn program(between: &str, read_loop: &str, extra: &str) -> String {
        format!(
            "int a[100];\n{extra}\nint main(void) {{\n    int x = 0;\n    for (int i = 0; i < 100; i++) a[i] = 2 * i + 1;\n    {between}\n    {read_loop}\n    return x;\n}}\n"
        )
    }

    const READS: &str = "for (int j = 0; j < 100; j++) { if (a[j] == 7) x++; x += a[j]; }";

    #[test]
    fn reads_of_a_filled_array_in_its_range_become_the_fills_value() {
        assert_eq!(subscripts(&program("", READS, "")), (3, 1));
        // The loop that reads is named, for the note that says so.
        let lowered = crate::lower::lower_source(&program("", READS, ""))
            .expect("lowers")
            .program;
        let named = read_through_fills(&lowered).1;
        assert_eq!(named.len(), 1);
        assert_eq!(lowered.var(named[0].array).name, "a");
        // Through statements that do not touch it, at an offset, at a
        // constant, downwards, and into a loop that is a fill in turn.
        assert_eq!(
            subscripts(&program(
                "x = 3;",
                "for (int j = 1; j < 100; j++) x += a[j - 1] + a[5];",
                ""
            )),
            (3, 1)
        );
        assert_eq!(
            subscripts(&program("", "for (int j = 99; j >= 0; j--) x += a[j];", "")),
            (2, 1)
        );
        let map = "int b[100];\nint main(void) {\n    int x = 0;\n    for (int i = 0; i < 100; i++) b[i] = i;\n    for (int i = 0; i < 100; i++) a[i] = b[i] * 3;\n    for (int j = 0; j < 100; j++) x += a[j];\n    return x;\n}\n";
        assert_eq!(subscripts(&format!("int a[100];\n{map}")), (2, 1));
    }

    #[test]
    fn reads_that_the_fill_may_not_have_written_are_kept() {
        // Outside the filled range.
        assert_eq!(
            subscripts(&program("", "for (int j = 0; j < 100; j++) x += a[j + 1] - a[j];", "")),
            (3, 2)
        );
        // Written again, by the program or by a helper it calls.
        assert_eq!(subscripts(&program("a[3] = 0;", READS, "")), (4, 4));
        assert_eq!(
            subscripts(&program("poke();", READS, "void poke(void) { a[3] = 0; }")),
            (4, 4)
        );
        assert_eq!(
            subscripts(&program(
                "",
                "for (int j = 0; j < 100; j++) { x += a[j]; a[j] = 0; }",
                ""
            )),
            (3, 3)
        );
        // Reachable by a pointer, or past the fill by a jump.
        assert_eq!(subscripts(&program("", READS, "int *p = &a[0];")), (3, 3));
        assert_eq!(subscripts(&program("here: x++;", READS, "")), (3, 3));
        // Not a counting loop, or nested in the loop that reads.
        assert_eq!(
            subscripts(&program("int j = 0;", "while (j < 100) { x += a[j]; j++; }", "")),
            (2, 2)
        );
        let nested = "for (int k = 0; k < 2; k++) for (int j = 0; j < 100; j++) x += a[j];";
        assert_eq!(subscripts(&program("", nested, "")), (2, 2));
        // A fill that is not exactly every element of its range.
        let partial = "int a[100];\nint main(void) {\n    int x = 0;\n    for (int i = 0; i < 100 && x < 5; i++) a[i] = i;\n    for (int j = 0; j < 100; j++) x += a[j];\n    return x;\n}\n";
        assert_eq!(subscripts(partial), (2, 2));
        let stepped = "int a[100];\nint main(void) {\n    int x = 0;\n    for (int i = 0; i < 100; i += 2) a[i] = i;\n    for (int j = 0; j < 100; j++) x += a[j];\n    return x;\n}\n";
        assert_eq!(subscripts(stepped), (2, 2));
    }
}
