//! CBMC's names of a program's loops.
//!
//! In: a lowered `Program`. Out: the name CBMC gives each loop statement
//! (`main.0`, `main.1`, ...), as `--unwindset` and `--show-loops` spell
//! them: per function, numbered in the order of the loops' back edges, so
//! an inner loop comes before the loop around it, and a backward `goto`
//! and a `do { } while (0)` are loops too. Shared by `pipeline` (the
//! `--unwindset` it tells the user) and `check` (which reads one).

use super::expr::Span;
use super::program::Program;
use super::stmt::StmtKind;

/// CBMC's name of every loop statement of the program (`f.N`), with its
/// span. Backward `goto`s that `lower` left as they are take their numbers
/// too, but have no statement to name.
pub fn cbmc_loop_names(program: &Program) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for f in &program.funcs {
        let Some(body) = &f.body else { continue };
        let mut labels = Vec::new();
        body.walk(&mut |s| {
            if let StmtKind::Label(l, _) = &s.kind {
                labels.push((l.clone(), s.span.start));
            }
        });
        // Every back edge: a loop's is at its end, a backward goto's where
        // it stands.
        let mut edges: Vec<(usize, Option<Span>)> = Vec::new();
        body.walk(&mut |s| match &s.kind {
            _ if s.is_loop() => edges.push((s.span.end, Some(s.span))),
            StmtKind::Goto(l) if labels.iter().any(|(m, at)| m == l && *at <= s.span.start) => {
                edges.push((s.span.end, None))
            }
            _ => {}
        });
        edges.sort_by_key(|(end, _)| *end);
        for (n, (_, span)) in edges.into_iter().enumerate() {
            if let Some(span) = span {
                out.push((span, format!("{}.{n}", f.name)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_are_named_by_the_order_of_their_back_edges_as_cbmc_does() {
        // `cbmc --show-loops` on this program: main.0 line 5, main.1 line
        // 6, main.2 line 4, main.3 line 10 (the goto), main.4 line 11, g.0.
        let src = "int g(int x) { while (x > 0) x--; return x; }\n\
                   int main(void) {\n\
                     int s = 0;\n\
                     for (int i = 0; i < 3; i++) {\n\
                       for (int j = 0; j < 2; j++) s++;\n\
                       do { s--; } while (s > 100);\n\
                     }\n\
                     int k = 0;\n\
                   l: k++;\n\
                     if (k < 5) goto l;\n\
                     while (k < 10) { k++; }\n\
                     return g(s);\n\
                   }\n";
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let line = |span: Span| src[..span.start].lines().count() + usize::from(src[..span.start].ends_with('\n'));
        let names: Vec<(usize, String)> = cbmc_loop_names(&program)
            .into_iter()
            .map(|(s, n)| (line(s), n))
            .collect();
        // The goto loop is a `while` loop in the IR (`lower::goto_loops`),
        // from the statement after its label, on line 9.
        let want = [
            (1, "g.0"),
            (5, "main.0"),
            (6, "main.1"),
            (4, "main.2"),
            (9, "main.3"),
            (11, "main.4"),
        ];
        let mut want: Vec<(usize, String)> = want.iter().map(|(l, n)| (*l, n.to_string())).collect();
        want.sort_by(|a, b| a.1.cmp(&b.1));
        let mut names = names;
        names.sort_by(|a, b| a.1.cmp(&b.1));
        assert_eq!(names, want);
    }
}
