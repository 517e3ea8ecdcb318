//! Loops written with a backward `goto`, as `while` loops.
//!
//! In: a function body as lowered. Out: the same body where a label `L`
//! that exactly one backward `goto L` jumps to, both in one block, labels a
//! `while` loop over the statements from the label to the one holding the
//! goto (the *region*), and the spans of those loops:
//!
//! - `L: S1 ... Sn-1 goto L;` (the goto is the region's last statement)
//!   becomes `L: while (1) { S1 ... Sn-1 }`;
//! - `L: if (c) { S...; goto L; }` becomes `L: while (c) { S... }`;
//! - any other region `L: S1 ... Sn` becomes
//!   `L: while (1) { S1 ... Sn[goto L := continue]; break; }`.
//!
//! Each is the same program: `continue` and the loop's end jump back to the
//! loop's head, which is the label, and falling off the region leaves it as
//! before. A region is left as it is (and the checker then refuses the
//! goto) when the rewriting would change what a statement in it means: a
//! `break` or `continue` of an enclosing statement, a `case` of an
//! enclosing `switch`, a declaration whose scope would end earlier, a label
//! that a goto from outside the region enters, the goto inside an inner
//! loop. It is also left when a loop of the region ends after the goto, or
//! a second goto jumps back to `L`: CBMC numbers loops by their back edges,
//! and the `while` has one, where the goto was (`ir::cbmc_loop_names`).
//!
//! The loop's span is the region's text after `L:`, the label's the whole
//! region, so a loop that stays untransformed is copied as the input wrote
//! it; the rebuilt statements around a `continue` are synthetic.

use crate::ir::build::lit;
use crate::ir::{IntType, Span, Stmt, StmtKind};
use std::collections::BTreeSet;

/// `body` with its goto loops rewritten; the spans of the new loops are
/// added to `loops`.
pub(super) fn rewrite(mut body: Stmt, loops: &mut BTreeSet<Span>) -> Stmt {
    let mut gotos = Vec::new();
    let mut labels = Vec::new();
    body.walk(&mut |s| match &s.kind {
        StmtKind::Goto(l) => gotos.push((l.clone(), s.span)),
        StmtKind::Label(l, _) => labels.push((l.clone(), s.span)),
        _ => {}
    });
    // Only statements holding a label that a goto after it jumps back to
    // are visited: nearly every function has none.
    let heads: Vec<Span> = (labels.iter())
        .filter(|(l, at)| gotos.iter().any(|(m, g)| m == l && g.start > at.start))
        .map(|(_, at)| *at)
        .collect();
    if !heads.is_empty() {
        Jumps { gotos, labels, heads }.stmt(&mut body, loops);
    }
    body
}

/// Every goto and label of the function, to tell which labels a goto from
/// outside a region enters, and the labels that may head a loop.
struct Jumps {
    gotos: Vec<(String, Span)>,
    labels: Vec<(String, Span)>,
    heads: Vec<Span>,
}

fn within(inner: Span, outer: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end && inner != Span::SYNTHETIC
}

impl Jumps {
    /// Rewrite the regions inside `s`, innermost first.
    fn stmt(&self, s: &mut Stmt, loops: &mut BTreeSet<Span>) {
        if !self.heads.iter().any(|h| within(*h, s.span)) {
            return;
        }
        for c in s.children_mut() {
            self.stmt(c, loops);
        }
        if let StmtKind::Block { stmts, .. } = &mut s.kind {
            self.block(stmts, loops);
        }
    }

    /// Rewrite each region whose label stands in a block, from the last
    /// label back, so that a region inside another is a loop before the
    /// one around it is made.
    fn block(&self, stmts: &mut Vec<Stmt>, loops: &mut BTreeSet<Span>) {
        for a in (0..stmts.len()).rev() {
            if let Some((b, goto)) = self.region_end(stmts, a)
                && let Some(looped) = self.as_loop(&stmts[a..=b], goto, loops)
            {
                stmts.splice(a..=b, [looped]);
            }
        }
    }

    /// Where the region of the label at `stmts[a]` ends: the index of the
    /// statement holding the one backward goto to it, and that goto's span.
    fn region_end(&self, stmts: &[Stmt], a: usize) -> Option<(usize, Span)> {
        let StmtKind::Label(name, _) = &stmts[a].kind else {
            return None;
        };
        let at = stmts[a].span;
        if at == Span::SYNTHETIC || self.labels.iter().filter(|(l, _)| l == name).count() != 1 {
            return None;
        }
        let mut back = self.gotos.iter().filter(|(l, g)| l == name && g.start > at.start);
        let (_, goto) = back.next()?;
        if back.next().is_some() {
            return None;
        }
        let b = (a..stmts.len()).find(|&i| within(*goto, stmts[i].span))?;
        Some((b, *goto))
    }

    /// The region `r` (a label, the statements up to the one holding the
    /// backward `goto` at `goto`) as a labelled loop, if that is the same
    /// program.
    fn as_loop(&self, r: &[Stmt], goto: Span, loops: &mut BTreeSet<Span>) -> Option<Stmt> {
        let (first, last) = (r.first()?, r.last()?);
        let StmtKind::Label(name, inner) = &first.kind else {
            return None;
        };
        let whole = Span::new(first.span.start, last.span.end);
        if last.span == Span::SYNTHETIC || inner.span == Span::SYNTHETIC {
            return None;
        }
        let mut parts: Vec<Stmt> = Vec::with_capacity(r.len());
        parts.push((**inner).clone());
        parts.extend(r[1..].iter().cloned());
        if !parts.iter().all(|p| self.keeps_meaning(p, whole, goto)) {
            return None;
        }
        let span = Span::new(inner.span.start, last.span.end);
        let synthetic = |kind| Stmt::new(kind, Span::SYNTHETIC);
        let one = lit(1, IntType::INT);
        let block = |stmts| Box::new(synthetic(StmtKind::Block { stmts, scoped: true }));
        let looped = if r.len() > 1 && matches!(last.kind, StmtKind::Goto(_)) {
            // `L: S...; goto L;`
            parts.pop();
            StmtKind::While {
                cond: one,
                body: block(parts),
            }
        } else if let [
            Stmt {
                kind: StmtKind::If { cond, then, els: None },
                ..
            },
        ] = parts.as_slice()
            && let StmtKind::Block { stmts, .. } = &then.kind
            && stmts.last().is_some_and(|g| g.span == goto)
        {
            // `L: if (c) { S...; goto L; }`
            StmtKind::While {
                cond: cond.clone(),
                body: block(stmts[..stmts.len() - 1].to_vec()),
            }
        } else {
            let mut body: Vec<Stmt> = parts.iter().map(|p| continue_at(p, goto)).collect();
            // The goto sits under a statement built here (a loop rewritten
            // inside the region): it would stay a second back edge.
            let mut left = false;
            body.iter().for_each(|b| b.walk(&mut |x| left |= x.span == goto));
            if left {
                return None;
            }
            body.push(synthetic(StmtKind::Break));
            StmtKind::While {
                cond: one,
                body: block(body),
            }
        };
        loops.insert(span);
        Some(Stmt::new(
            StmtKind::Label(name.clone(), Box::new(Stmt::new(looped, span))),
            whole,
        ))
    }

    /// Whether statement `s` of the region `whole` means the same inside a
    /// loop: see the module comment.
    fn keeps_meaning(&self, s: &Stmt, whole: Span, goto: Span) -> bool {
        // A declaration, or the group of one with several declarators.
        if matches!(s.kind, StmtKind::Decl(..) | StmtKind::Block { scoped: false, .. }) {
            return false;
        }
        let mut ok = true;
        walk_jumps(s, false, false, &mut |x, in_loop, in_switch| match &x.kind {
            StmtKind::Break if !in_loop && !in_switch => ok = false,
            StmtKind::Continue if !in_loop => ok = false,
            StmtKind::Case(..) | StmtKind::Default(_) if !in_switch => ok = false,
            StmtKind::Goto(_) if x.span == goto && in_loop => ok = false,
            // A back edge after the goto would take an earlier CBMC number.
            _ if x.is_loop() && x.span.end > goto.end => ok = false,
            StmtKind::Goto(l)
                if x.span.start > goto.end && self.labels.iter().any(|(m, at)| m == l && at.start < x.span.start) =>
            {
                ok = false
            }
            StmtKind::Label(l, _) => {
                let entered = (self.gotos.iter()).any(|(m, g)| m == l && !within(*g, whole));
                ok &= !entered;
            }
            _ => {}
        });
        ok
    }
}

/// The `break` statements outside every loop and `switch` of the function
/// body `s`, and the `continue` statements outside every loop, each with
/// what C says of it (a constraint of C11 6.8.6.2-3: compilers and CBMC
/// reject the file).
pub(super) fn stray_jumps(s: &Stmt) -> Vec<(Span, &'static str)> {
    let mut out = Vec::new();
    walk_jumps(s, false, false, &mut |x, in_loop, in_switch| match &x.kind {
        StmtKind::Break if !in_loop && !in_switch => out.push((x.span, "`break` is not within a loop or `switch`")),
        StmtKind::Continue if !in_loop => out.push((x.span, "`continue` is not within a loop")),
        _ => {}
    });
    out
}

/// Visit `s` and its statements with whether each is inside a loop or a
/// `switch` that is itself inside `s`.
fn walk_jumps(s: &Stmt, in_loop: bool, in_switch: bool, f: &mut dyn FnMut(&Stmt, bool, bool)) {
    f(s, in_loop, in_switch);
    let (l, w) = match s.kind {
        _ if s.is_loop() => (true, in_switch),
        StmtKind::Switch { .. } => (in_loop, true),
        _ => (in_loop, in_switch),
    };
    for c in s.children() {
        walk_jumps(c, l, w, f);
    }
}

/// `s` with the goto at `goto` replaced by `continue`; the statements
/// around it rebuilt as synthetic ones, the others kept.
fn continue_at(s: &Stmt, goto: Span) -> Stmt {
    if s.span == goto {
        return Stmt::new(StmtKind::Continue, Span::SYNTHETIC);
    }
    if !within(goto, s.span) {
        return s.clone();
    }
    let rebuilt = s.map_children(&mut |c| continue_at(c, goto));
    Stmt::new(rebuilt.kind, Span::SYNTHETIC)
}

#[cfg(test)]
mod tests {
    use crate::ir::{Program, StmtKind};

    fn lowered(body: &str) -> Program {
        let src = format!("int nondet_int(void);\nint main(void) {{\n  int i = 0, s = 0;\n{body}\n  return s;\n}}\n");
        crate::lower::lower_source(&src).expect("lowers").program
    }

    /// How many loop statements and how many gotos `main` has.
    fn shape(p: &Program) -> (usize, usize) {
        let (mut loops, mut gotos) = (0, 0);
        let main = p.func(p.func_by_name("main").expect("main"));
        main.body.as_ref().expect("body").walk(&mut |s| {
            loops += usize::from(s.is_loop());
            gotos += usize::from(matches!(s.kind, StmtKind::Goto(_)));
        });
        (loops, gotos)
    }

    #[test]
    fn each_goto_loop_form_becomes_a_while_loop() {
        for body in [
            "L: if (i < 10) { i++; goto L; }",
            "L: i++; s += i; if (i < 10) goto L;",
            "L: if (i >= 10) goto out; i++; goto L;\nout: s = 1;",
            "L: i++; if (nondet_int()) { s++; goto L; } else s--;",
            "L: i++; switch (i) { case 1: goto L; default: s++; }",
        ] {
            let p = lowered(body);
            let (loops, gotos) = shape(&p);
            let forward = usize::from(body.contains("goto out"));
            assert_eq!((loops, gotos, p.goto_loops.len()), (1, forward, 1), "{body}");
        }
        // Nested: the inner region first, then the one around it.
        let p = lowered("O: s = 0;\nI: if (s < 3) { s++; goto I; }\n i++; if (i < 4) goto O;");
        assert_eq!((shape(&p), p.goto_loops.len()), ((2, 0), 2));
    }

    #[test]
    fn a_region_whose_meaning_would_change_is_left_alone() {
        for body in [
            // A `break` and a `continue` of the loop around the region.
            "while (s < 9) { L: i++; if (i == 5) break; if (i < 10) goto L; s++; }",
            "while (s < 9) { s++; L: i++; if (i == 5) continue; if (i < 10) goto L; }",
            // A declaration the rest of the block sees.
            "L: i++; int t = i; if (i < 10) goto L; s = t;",
            // A label inside the region that a goto from outside enters.
            "if (nondet_int()) goto M; L: i++; M: s++; if (i < 10) goto L;",
            // The goto inside an inner loop, or a second goto back.
            "L: i++; while (s < 3) { s++; if (i < 10) goto L; }",
            "L: i++; if (s) goto L; s++; if (i < 10) goto L;",
            // A loop of the region after the goto: CBMC numbers it later.
            "L: i++; if (i < 10) { s++; goto L; } else { while (s > 0) s--; }",
        ] {
            let p = lowered(body);
            assert!(p.goto_loops.is_empty(), "{body}");
            assert!(shape(&p).1 >= 1, "{body}");
        }
    }
}
