//! The functions that run at most once in an execution of the entry:
//! where k-induction may take its target loop, since a loop outside other
//! loops of such a function then runs at most once too (the checker refuses
//! a backward `goto`, so nothing else repeats a statement).
//!
//! In: a program and its entry. Out: those functions (`at_most_once`).

use std::collections::BTreeMap;

use crate::ir::{Callee, ExprKind, FuncId, Program, Stmt, StmtKind};

/// "More than once": the counts stop growing here.
const MANY: u32 = 2;

/// The functions that one execution of `entry` runs at most once, the
/// entry itself included unless it is called again: the calls counted
/// along the worst execution of each body (both arms of an `if` are its
/// worse one, every call in a loop counts as many), times how often the
/// caller runs, to a fixed point (a cycle of calls grows to many).
pub(super) fn at_most_once(program: &Program, entry: FuncId) -> Vec<FuncId> {
    let direct: Vec<BTreeMap<FuncId, u32>> = (program.funcs.iter())
        .map(|f| f.body.as_ref().map(calls).unwrap_or_default())
        .collect();
    let mut times = vec![0u32; program.funcs.len()];
    times[entry.0] = 1;
    loop {
        let mut next = vec![0u32; times.len()];
        next[entry.0] = 1;
        for (f, calls) in direct.iter().enumerate() {
            for (g, c) in calls {
                next[g.0] = next[g.0].saturating_add(times[f].saturating_mul(*c)).min(MANY);
            }
        }
        if next == times {
            break;
        }
        times = next;
    }
    (0..times.len()).filter(|&f| times[f] == 1).map(FuncId).collect()
}

/// The most calls of each function that one execution of `s` makes
/// itself (not through the functions it calls).
fn calls(s: &Stmt) -> BTreeMap<FuncId, u32> {
    let mut out = BTreeMap::new();
    for e in s.own_exprs() {
        e.walk(&mut |e| {
            if let ExprKind::Call(Callee::Func(f), _) = &e.kind {
                add(&mut out, *f, 1);
            }
        });
    }
    match &s.kind {
        StmtKind::If { then, els, .. } => {
            let mut worse = calls(then);
            for (f, c) in els.as_deref().map(calls).unwrap_or_default() {
                let w = worse.entry(f).or_insert(0);
                *w = (*w).max(c);
            }
            worse.into_iter().for_each(|(f, c)| add(&mut out, f, c));
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::For { body, .. } => {
            // The condition and step (`own_exprs`) and the body repeat;
            // a `for`'s first clause does not.
            out.values_mut().for_each(|c| *c = MANY);
            if let StmtKind::For { init: Some(init), .. } = &s.kind {
                calls(init).into_iter().for_each(|(f, c)| add(&mut out, f, c));
            }
            calls(body).into_keys().for_each(|f| add(&mut out, f, MANY));
        }
        _ => {
            for c in s.children() {
                calls(c).into_iter().for_each(|(f, n)| add(&mut out, f, n));
            }
        }
    }
    out
}

fn add(counts: &mut BTreeMap<FuncId, u32>, f: FuncId, n: u32) {
    let c = counts.entry(f).or_insert(0);
    *c = c.saturating_add(n).min(MANY);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn once(src: &str) -> Vec<String> {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let entry = program.func_by_name("main").expect("main");
        let mut names: Vec<String> = (at_most_once(&program, entry).into_iter())
            .map(|f| program.func(f).name.clone())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn functions_called_once_on_every_execution_path_and_no_others() {
        let src = "int nondet_int(void);
void a(void) {}
void b(void) {}
void c(void) {}
void d(void) { c(); }
void e(void) { e(); }
void f(void) {}
int main(void) {
    if (nondet_int()) a(); else { a(); b(); }
    d();
    d();
    while (nondet_int()) f();
    return 0;
}
";
        assert_eq!(once(src), ["a", "b", "main"]);
        assert_eq!(
            once("void e(void) { e(); }\nint main(void) { e(); return 0; }\n"),
            ["main"]
        );
        assert!(once("int main(void);\nvoid g(void) { main(); }\nint main(void) { g(); return 0; }\n").is_empty());
    }
}
