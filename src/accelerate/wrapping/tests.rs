//! Unit tests of `wrapping`.

use super::*;
use crate::loops::{find_loops, iteration_paths, no_summaries};
use z3::ast::Ast;

/// The wrapping counters of the first path of `main`'s first loop, by name.
fn counters(src: &str) -> Vec<String> {
    let program = crate::lower::lower_source(src).expect("lowers").program;
    let info = find_loops(&program).first().expect("a loop").clone();
    let paths = iteration_paths(&program, &info, 64, &super::super::infeasible, &no_summaries).expect("paths");
    wrapping_counters(&program, &paths.paths[0])
        .stripped
        .map_or_else(Vec::new, |s| s.counters.iter().map(|c| c.name.clone()).collect())
}

#[test]
fn unsigned_counters_read_only_by_their_guards_wrap() {
    assert_eq!(
        counters("int main(){ unsigned char c; unsigned k = 0; for (c = 200; c != 100; c++) { k++; } return 0; }"),
        ["c"]
    );
}

/// The emitted value of a geometric variable, evaluated by z3 at
/// concrete counts and start values, against iterating the update.
#[test]
fn geometric_values_match_the_iterated_update() {
    let w = VarId(0);
    let m_id = VarId(1);
    let cases: [(IntType, i128, i128); 9] = [
        (IntType::UINT, 3, 1),
        (IntType::UINT, 2, 0),
        (IntType::UCHAR, 5, 3),
        (IntType::USHORT, 6, 11),
        (IntType::ULONG, 3, 0),
        (IntType::ULONG, 2, 7),
        (IntType::UINT, 4294967295, 5),
        (IntType::UCHAR, 9, 250),
        (IntType::USHORT, 65533, 40000),
    ];
    for (ty, a, b) in cases {
        let g = Geometric::new(ty, a, b).expect("fits in 64 bits");
        assert!(g.exact(w), "not proved: {a}*w + {b} on {ty}");
        let m = Expr::var(m_id, build::ULONG);
        let value = g.reduce(arith(
            BinOp::Mul,
            g.power(&m),
            g.entry(cast(Expr::var(w, CType::Int(ty)), IntType::ULONG)),
            IntType::ULONG,
        ));
        let modulus = 1u128 << ty.bits();
        for w0 in [0u128, 1, 7, modulus - 1] {
            let mut x = w0;
            for count in 0..200u64 {
                let mut eval = BvEval::new(HashMap::from([
                    (w, BV::from_u64(w0 as u64, ty.bits())),
                    (m_id, BV::from_u64(count, 64)),
                ]));
                let got = eval
                    .value(&value)
                    .expect("evaluates")
                    .simplify()
                    .as_u64()
                    .expect("a constant");
                assert_eq!(
                    u128::from(got) % modulus,
                    x,
                    "{a}*w + {b} on {ty} from {w0} after {count} updates"
                );
                x = ((a as u128) * x + b as u128) % modulus;
            }
        }
    }
}

#[test]
fn geometric_updates_are_taken_apart_or_refused_with_the_reason() {
    let taken =
        counters("int main(){ unsigned y = 1; unsigned i; for (i = 0; i < 9; i++) { y = 3 * y + 1; } return 0; }");
    assert_eq!(taken, ["y"]);
    let refused = |src: &str| {
        let program = crate::lower::lower_source(src).expect("lowers").program;
        let info = find_loops(&program).first().expect("a loop").clone();
        let paths = iteration_paths(&program, &info, 64, &super::super::infeasible, &no_summaries).expect("paths");
        wrapping_counters(&program, &paths.paths[0]).refused
    };
    let loop_with = |decl: &str, body: &str| {
        format!("int main(){{ {decl}; unsigned i; for (i = 0; i < 9; i++) {{ {body} }} return 0; }}")
    };
    for (decl, body, why) in [
        ("int y = 1", "y = y * 2;", GeometricIssue::Signed),
        (
            "unsigned y = 1, s = 0",
            "y = y * 2; s += y;",
            GeometricIssue::ReadElsewhere,
        ),
        ("unsigned long y = 1", "y = 3 * y + 1;", GeometricIssue::TooWide),
        ("unsigned short y = 1", "y = 65535 * y + 3;", GeometricIssue::Unproved),
        (
            "unsigned y = 1",
            "y = y * 3; __CPROVER_assume(y != 5);",
            GeometricIssue::Guarded,
        ),
    ] {
        assert_eq!(refused(&loop_with(decl, body)), [("y".to_string(), why)], "{body}");
    }
}
