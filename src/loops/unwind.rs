//! How far CBMC must unwind a counting loop.
//!
//! In: a lowered `Program` (the input, or tracc's output read back). Out:
//! `trip_bound`, the most times a `for` loop's body can run per entry when
//! it counts a local variable from a constant by a constant step to a
//! constant bound (`for (int i = 0; i < 1000; i++)`, whatever the body
//! does besides, as long as it never writes `i`). Such a loop may be left
//! to unrolling (`instrument::unroll` writes it so that `--unwind 3` runs
//! all of it; where its body cannot be copied CBMC is told to unwind it one
//! more time, `--unwindset` with the loop's name from `ir::cbmc_loop_names`).
//!
//! A bound is exact arithmetic on the constants, no solver: the counter is
//! a local whose address is never taken, so nothing but the loop's step
//! changes it; the step cannot wrap before the condition fails (checked
//! against the counter's type); the condition has no side effects and
//! compares the counter's value (conversions that keep every value of its
//! type) with a constant, alone or as a conjunct of `&&` (other conjuncts,
//! `break` and `return` only end the loop sooner).
//!
//! Also bounded, whatever the start: a *halving* loop, `while` or `for`,
//! whose variable is divided once per iteration, by `x >>= s` (unsigned)
//! or `x /= d` (`d >= 2`), in the `for` step or as a statement of the body
//! itself (no `continue` can skip it), and written nowhere else, under a
//! condition that fails at 0 (`x`, `x != 0`, `x > c` with `c >= 0`, ...):
//! the body runs at most as often as the largest value of the type can be
//! divided before it reaches 0 (32 times for `unsigned int` and `>>= 1`;
//! digit loops `n /= 10` over `int`: 10).

use crate::ir::{BinOp, Expr, ExprKind, FuncId, Init, IntType, Program, Stmt, StmtKind, Storage, VarId};

/// The most times the body of `loop_stmt` (a statement of function `func`)
/// runs per entry into the loop, when it is a counting `for` loop or a
/// halving loop.
pub fn trip_bound(program: &Program, func: FuncId, loop_stmt: &Stmt) -> Option<u128> {
    counting_bound(program, func, loop_stmt).or_else(|| halving_bound(program, func, loop_stmt))
}

fn counting_bound(program: &Program, func: FuncId, loop_stmt: &Stmt) -> Option<u128> {
    counting(program, func, loop_stmt).map(|c| c.trips)
}

/// The counter of a counting `for` loop (`trip_bound`) and its values at
/// the first and the last iteration of one entry into the loop (none when
/// it runs no iteration). Every iteration starts with a value between them:
/// the body does not write the counter, and its address is not taken.
pub fn counter_values(program: &Program, func: FuncId, loop_stmt: &Stmt) -> Option<(VarId, i128, i128)> {
    let c = counting(program, func, loop_stmt)?;
    Some((c.counter, c.start, c.last()?))
}

/// A counting `for` loop's counter, start, step and trip count (an upper
/// bound where a conjunct of the condition, a `break` or a `return` may
/// end the loop sooner).
pub struct Counting {
    pub counter: VarId,
    pub start: i128,
    pub step: i128,
    pub trips: u128,
}

impl Counting {
    /// The counter's value at the last iteration (none when it runs none).
    pub fn last(&self) -> Option<i128> {
        let iterations_after_first = i128::try_from(self.trips.checked_sub(1)?).ok()?;
        Some(self.start + self.step * iterations_after_first)
    }
}

/// The counting `for` loop that `loop_stmt` is (module comment), if it is
/// one.
pub fn counting(program: &Program, func: FuncId, loop_stmt: &Stmt) -> Option<Counting> {
    let StmtKind::For {
        init: Some(init),
        cond: Some(cond),
        step: Some(step),
        body,
    } = &loop_stmt.kind
    else {
        return None;
    };
    let (counter, start) = initial_value(init)?;
    let decl = program.var(counter);
    let ty = decl.ty.as_int()?;
    if decl.storage != Storage::Local || decl.func != Some(func) || ty.is_bool() {
        return None;
    }
    let whole = program.func(func).body.as_ref()?;
    if address_taken(whole, counter) || writes(body, counter) || has_effects(cond) || has_label(body) {
        return None;
    }
    let step = step_of(step, counter)?;
    let trips = bound_of(cond, counter, ty, start, step)?;
    Some(Counting {
        counter,
        start,
        step,
        trips,
    })
}

/// The bound of a halving loop (module comment): its variable, divided by
/// the `for` step or by one statement of the body, and a condition that
/// fails at 0.
fn halving_bound(program: &Program, func: FuncId, loop_stmt: &Stmt) -> Option<u128> {
    let (cond, body, step) = match &loop_stmt.kind {
        StmtKind::While { cond, body } => (cond, body, None),
        StmtKind::For {
            cond: Some(cond),
            body,
            step,
            ..
        } => (cond, body, step.as_ref()),
        _ => return None,
    };
    if has_effects(cond) || has_label(body) {
        return None;
    }
    // The division: the step, or a statement of the body that every
    // iteration which goes on runs (`break`, `return` and `goto` out only
    // end the loop sooner; a `continue` could skip it).
    let (x, divide) = match step {
        Some(step) => halved(step)?,
        None => {
            let top: &[Stmt] = match &body.kind {
                StmtKind::Block { stmts, .. } => stmts,
                _ => std::slice::from_ref(&**body),
            };
            let halving = |s: &Stmt| match &s.kind {
                StmtKind::Expr(e) => halved(e),
                _ => None,
            };
            let at = top.iter().position(|s| halving(s).is_some())?;
            let (x, divide) = halving(&top[at])?;
            // Once only: no other statement of the body writes it.
            let written_again = top.iter().enumerate().any(|(i, s)| i != at && writes(s, x));
            if written_again || continues(body) {
                return None;
            }
            (x, divide)
        }
    };
    let decl = program.var(x);
    let ty = decl.ty.as_int()?;
    if decl.storage != Storage::Local || decl.func != Some(func) || ty.is_bool() {
        return None;
    }
    // A signed `>>` of a negative value never reaches 0; a shift past the
    // width is undefined.
    if matches!(divide, Divide::Shift(s) if ty.signed || s >= i128::from(ty.promote().bits())) {
        return None;
    }
    let whole = program.func(func).body.as_ref()?;
    if address_taken(whole, x) || (step.is_some() && writes(body, x)) || !fails_at_zero(cond, x, ty) {
        return None;
    }
    let mut v = if ty.signed { ty.min().checked_neg()? } else { ty.max() };
    let mut bodies: u128 = 0;
    while v > 0 {
        v = match divide {
            Divide::Shift(s) => v >> s,
            Divide::By(d) => v / d,
        };
        bodies += 1;
    }
    Some(bodies)
}

/// How a halving loop divides its variable.
#[derive(Clone, Copy)]
enum Divide {
    /// `x >>= s`, `1 <= s < 64`.
    Shift(i128),
    /// `x /= d`, `d >= 2`.
    By(i128),
}

/// `x >>= s`, `x /= d`, `x = x >> s`, `x = x / d` with constant `s` or `d`.
fn halved(e: &Expr) -> Option<(VarId, Divide)> {
    let ExprKind::Assign { op, lhs, rhs, .. } = &e.kind else {
        return None;
    };
    let ExprKind::Var(x) = lhs.skip_implicit().kind else {
        return None;
    };
    let (op, amount) = match op {
        Some(op) => (*op, rhs.const_value()?),
        None => match &rhs.skip_implicit().kind {
            ExprKind::Binary(op, a, b) if is_var(a, x) => (*op, b.const_value()?),
            _ => return None,
        },
    };
    match op {
        BinOp::Shr if (1..64).contains(&amount) => Some((x, Divide::Shift(amount))),
        BinOp::Div if amount >= 2 => Some((x, Divide::By(amount))),
        _ => None,
    }
}

/// Whether `cond` is false whenever `x` is 0: `x` itself, `x != 0`,
/// `x > c` (`c >= 0`), `x >= c` (`c >= 1`), `x == c` (`c != 0`), or a
/// conjunct of `&&` that is.
fn fails_at_zero(cond: &Expr, x: VarId, ty: IntType) -> bool {
    if is_counter(cond, x, ty) {
        return true;
    }
    match &cond.kind {
        ExprKind::Binary(BinOp::LogAnd, a, b) => fails_at_zero(a, x, ty) || fails_at_zero(b, x, ty),
        ExprKind::Cast { expr, .. } => {
            cond.int_type().is_some_and(|t| t.is_bool() || t.includes(ty)) && fails_at_zero(expr, x, ty)
        }
        ExprKind::Binary(op, a, b) if op.is_comparison() => {
            let (op, c) = if is_counter(a, x, ty) {
                (*op, b.const_value())
            } else if is_counter(b, x, ty) {
                match flipped(*op) {
                    Some(f) => (f, a.const_value()),
                    None => return false,
                }
            } else {
                return false;
            };
            match (op, c) {
                (BinOp::Ne, Some(0)) => true,
                (BinOp::Gt, Some(c)) => c >= 0,
                (BinOp::Ge, Some(c)) => c >= 1,
                (BinOp::Eq, Some(c)) => c != 0,
                _ => false,
            }
        }
        _ => false,
    }
}

/// Whether a `continue` of the loop itself (not of a loop inside) occurs
/// in `body`.
pub fn continues(body: &Stmt) -> bool {
    match &body.kind {
        StmtKind::Continue => true,
        _ if body.is_loop() => false,
        _ => body.children().into_iter().any(continues),
    }
}

/// The counter and its constant start of a `for` loop's initialisation.
fn initial_value(init: &Stmt) -> Option<(VarId, i128)> {
    match &init.kind {
        StmtKind::Decl(v, Some(Init::Expr(e))) => Some((*v, e.const_value()?)),
        StmtKind::Expr(e) => match &e.kind {
            ExprKind::Assign { op: None, lhs, rhs, .. } => match lhs.skip_implicit().kind {
                ExprKind::Var(v) => Some((v, rhs.const_value()?)),
                _ => None,
            },
            _ => None,
        },
        // A declaration of several variables: the counter is one of them.
        StmtKind::Block { stmts, scoped: false } if stmts.len() == 1 => initial_value(&stmts[0]),
        _ => None,
    }
}

/// The constant change of `counter` by the `for` step: `i++`, `++i`,
/// `i--`, `--i`, `i += c`, `i -= c`.
fn step_of(step: &Expr, counter: VarId) -> Option<i128> {
    match &step.kind {
        ExprKind::IncDec { inc, target, .. } if is_var(target, counter) => Some(if *inc { 1 } else { -1 }),
        ExprKind::Assign {
            op: Some(op @ (BinOp::Add | BinOp::Sub)),
            lhs,
            rhs,
            ..
        } if is_var(lhs, counter) => {
            let c = rhs.const_value()?;
            let c = if *op == BinOp::Add { c } else { c.checked_neg()? };
            (c != 0).then_some(c)
        }
        _ => None,
    }
}

fn is_var(e: &Expr, v: VarId) -> bool {
    matches!(e.skip_implicit().kind, ExprKind::Var(w) if w == v)
}

/// `e` is the counter's value: the variable, under conversions that keep
/// every value of its type.
fn is_counter(e: &Expr, counter: VarId, ty: IntType) -> bool {
    match &e.kind {
        ExprKind::Var(v) => *v == counter,
        ExprKind::Cast { expr, .. } => e.int_type().is_some_and(|t| t.includes(ty)) && is_counter(expr, counter, ty),
        _ => false,
    }
}

/// The bound the condition sets: the iterations from `start` by `step`
/// while the comparison holds, provided no step from a value where it
/// holds leaves the counter's type.
fn bound_of(cond: &Expr, counter: VarId, ty: IntType, start: i128, step: i128) -> Option<u128> {
    match &cond.kind {
        ExprKind::Binary(BinOp::LogAnd, a, b) => {
            match (
                bound_of(a, counter, ty, start, step),
                bound_of(b, counter, ty, start, step),
            ) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, y) => x.or(y),
            }
        }
        ExprKind::Binary(op, a, b) if op.is_comparison() => {
            let (op, c) = if is_counter(a, counter, ty) {
                (*op, b.const_value()?)
            } else if is_counter(b, counter, ty) {
                (flipped(*op)?, a.const_value()?)
            } else {
                return None;
            };
            count(op, c, ty, start, step)
        }
        _ => None,
    }
}

/// `c op i` as `i op' c`.
fn flipped(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        BinOp::Eq | BinOp::Ne => op,
        _ => return None,
    })
}

/// How many of `start, start + step, ...` satisfy `i op c` before the
/// first that does not, when every step from a satisfying value stays in
/// `ty` (otherwise the counter would wrap: no bound).
fn count(op: BinOp, c: i128, ty: IntType, start: i128, step: i128) -> Option<u128> {
    if !(ty.min()..=ty.max()).contains(&start) {
        return None;
    }
    // The last value that satisfies the comparison in the counting
    // direction, and so the largest (smallest) value a step starts from.
    let last = match (op, step > 0) {
        (BinOp::Lt, true) => c.checked_sub(1)?,
        (BinOp::Le, true) => c,
        (BinOp::Gt, false) => c.checked_add(1)?,
        (BinOp::Ge, false) => c,
        (BinOp::Ne, _) => {
            // Only when the counter meets `c` exactly.
            let d = c.checked_sub(start)?;
            if d % step != 0 || d / step < 0 {
                return None;
            }
            c.checked_sub(step)?
        }
        _ => return None,
    };
    let next = last.checked_add(step)?;
    if !(ty.min()..=ty.max()).contains(&next) {
        return None;
    }
    let span = if step > 0 { last - start } else { start - last };
    if span < 0 {
        return Some(0);
    }
    u128::try_from(span / step.abs() + 1).ok()
}

fn address_taken(s: &Stmt, v: VarId) -> bool {
    s.any_expr(&|e| matches!(&e.kind, ExprKind::AddrOf(x) if is_var(x, v)))
}

fn writes(s: &Stmt, v: VarId) -> bool {
    let declared = {
        let mut found = false;
        s.walk(&mut |x| found |= matches!(x.kind, StmtKind::Decl(w, _) if w == v));
        found
    };
    declared
        || s.any_expr(&|e| match &e.kind {
            ExprKind::Assign { lhs, .. } | ExprKind::IncDec { target: lhs, .. } => is_var(lhs, v),
            _ => false,
        })
}

fn has_effects(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        found |= matches!(
            x.kind,
            ExprKind::Assign { .. } | ExprKind::IncDec { .. } | ExprKind::Call(..) | ExprKind::Opaque(_)
        )
    });
    found
}

/// A label in the body: a `goto` could enter the loop past its start.
fn has_label(s: &Stmt) -> bool {
    let mut found = false;
    s.walk(&mut |x| found |= matches!(x.kind, StmtKind::Label(..) | StmtKind::Opaque(_)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(src: &str) -> Vec<Option<u128>> {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        crate::loops::find_loops(&program)
            .iter()
            .map(|l| {
                let s = crate::loops::loop_stmt(&program, l).expect("a loop statement");
                trip_bound(&program, l.func, s)
            })
            .collect()
    }

    #[test]
    fn counting_loops_have_their_trip_count_as_bound() {
        let cases: [(&str, Option<u128>); 14] = [
            ("for (int i = 0; i < 1000; i++) s += i;", Some(1000)),
            ("for (int i = 0; i <= 1000; i++) s += i;", Some(1001)),
            ("for (int i = 10; i > 0; i--) s += i;", Some(10)),
            ("for (int i = 10; i >= 0; i -= 3) s += i;", Some(4)),
            ("for (int i = 0; i != 12; i += 4) s += i;", Some(3)),
            ("for (int i = 0; i < 10 && s < 5; i += 3) s += i;", Some(4)),
            ("for (int i = 5; i < 3; i++) s += i;", Some(0)),
            ("unsigned char c; for (c = 0; c < 255; c++) s += c;", Some(255)),
            // The step from 255 wraps to 0: no bound.
            ("unsigned char c; for (c = 0; c < 256; c++) s += c;", None),
            ("for (int i = 0; i != 13; i += 4) s += i;", None),
            ("for (int i = 0; i < 10; i++) { s += i; i += s; }", None),
            ("for (int i = 0; i < 10; i++) { int *p = &i; s += *p; }", None),
            ("for (int i = 0; i < s; i++) s--;", None),
            ("for (int i = 0; i++ < 10;) s++;", None),
        ];
        for (body, want) in cases {
            let src = format!("int main(void) {{ int s = 0; {body} return s; }}");
            assert_eq!(bounds(&src), vec![want], "{body}");
        }
    }

    #[test]
    fn halving_loops_are_bounded_by_the_bits_of_their_type() {
        let cases: [(&str, Option<u128>); 14] = [
            ("unsigned x = nondet_uint(); while (x > 1) { x >>= 1; s++; }", Some(32)),
            (
                "unsigned x = nondet_uint(); while (x) { s += x & 1; x >>= 1; }",
                Some(32),
            ),
            ("unsigned x = nondet_uint(); for (; x != 0; x >>= 2) s++;", Some(16)),
            ("unsigned char c = nondet_uint(); while (c) c >>= 1;", Some(8)),
            ("unsigned long x = nondet_ulong(); while (x) x = x >> 1;", Some(64)),
            ("int n = nondet_int(); while (n != 0) { n /= 10; s++; }", Some(10)),
            (
                "unsigned n = nondet_uint(); while (n > 0 && s < 3) { s++; n = n / 16; }",
                Some(8),
            ),
            // A signed shift keeps -1 forever; a `continue` could skip the
            // shift; a second write; a condition true at 0.
            ("int x = nondet_int(); while (x != 0) x >>= 1;", None),
            (
                "unsigned x = nondet_uint(); while (x) { if (s++ > 3) continue; x >>= 1; }",
                None,
            ),
            ("unsigned x = nondet_uint(); while (x) { x >>= 1; x += s; }", None),
            ("unsigned x = nondet_uint(); while (x >= 0) x >>= 1;", None),
            ("unsigned x = nondet_uint(); while (x != 5) x >>= 1;", None),
            // Only in a branch: not every iteration halves.
            (
                "unsigned x = nondet_uint(); while (x) { if (s) x >>= 1; s = !s; }",
                None,
            ),
            ("unsigned x = nondet_uint(); unsigned *p = &x; while (x) x >>= 1;", None),
        ];
        for (body, want) in cases {
            let src = format!(
                "int nondet_int(void); unsigned nondet_uint(void); unsigned long nondet_ulong(void);\nint main(void) {{ int s = 0; {body} return s; }}"
            );
            assert_eq!(bounds(&src), vec![want], "{body}");
        }
    }
}
