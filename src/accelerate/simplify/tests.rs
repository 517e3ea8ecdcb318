//! Unit tests of `simplify`.

use super::*;
use crate::ir::CType;
use crate::ir::build::{arith, cast, cmp};

fn var(id: usize, t: IntType) -> Expr {
    Expr::var(VarId(id), CType::Int(t))
}

fn types(v: VarId) -> Option<IntType> {
    Some(if v.0 == 0 { IntType::ULONG } else { IntType::UINT })
}

fn shown(e: &Expr) -> String {
    let names = |v: VarId| Some(format!("v{}", v.0));
    super::super::show::expr(&crate::ir::Program::default(), &names, e)
}

#[test]
fn a_widened_variable_is_compared_in_its_own_type() {
    let x = var(1, IntType::UINT);
    let e = cmp(BinOp::Le, Expr::int(1, IntType::ULONG), cast(x.clone(), IntType::ULONG));
    assert_eq!(shown(&tidy(e)), "v1 >= 1U");
    // A constant the narrow type cannot hold keeps the conversion.
    let big = cmp(BinOp::Lt, cast(x, IntType::ULONG), Expr::int(1 << 40, IntType::ULONG));
    assert_eq!(shown(&tidy(big.clone())), shown(&big));
    // A signed value converted to an unsigned type is not widened exactly.
    let s = cmp(
        BinOp::Lt,
        cast(var(2, IntType::INT), IntType::ULONG),
        Expr::int(3, IntType::ULONG),
    );
    assert_eq!(shown(&tidy(s.clone())), shown(&s));
}

fn one(c: Expr, ty_of: &dyn Fn(VarId) -> Option<IntType>) -> Expr {
    as_intervals(vec![c], ty_of).remove(0)
}

#[test]
fn a_condition_on_one_variable_becomes_the_ends_of_its_interval() {
    let x = var(1, IntType::UINT);
    let uint = |v| Expr::int(v, IntType::UINT);
    let ulong = |v| Expr::int(v, IntType::ULONG);
    // 1 <= (ULONG)(UINT_MAX - x) / 2: at least two steps of 1 to go.
    let room = cmp(
        BinOp::Le,
        ulong(1),
        arith(
            BinOp::Div,
            cast(
                arith(BinOp::Sub, uint(4294967295), x.clone(), IntType::UINT),
                IntType::ULONG,
            ),
            ulong(2),
            IntType::ULONG,
        ),
    );
    assert_eq!(shown(&one(room, &types)), "v1 <= 4294967293U");
    // x + 5 misses 10 only at x == 5, given the earlier x < 100 (alone,
    // x + 5 may wrap around, and z3 is not asked about modular forms).
    let miss = cmp(
        BinOp::Ne,
        arith(BinOp::Add, x.clone(), uint(5), IntType::UINT),
        uint(10),
    );
    let small = cmp(BinOp::Lt, x.clone(), uint(100));
    let both = as_intervals(vec![small, miss.clone()], &types);
    assert_eq!(shown(&both[1]), "v1 != 5U");
    assert_eq!(shown(&one(miss.clone(), &types)), shown(&miss));
    // A narrow type is compared after promotion, without a cast.
    let c = var(2, IntType::UCHAR);
    let uchar_types = |v: VarId| Some(if v.0 == 2 { IntType::UCHAR } else { IntType::UINT });
    let below = cmp(
        BinOp::Le,
        ulong(1),
        cast(
            cast(
                arith(
                    BinOp::Sub,
                    Expr::int(255, IntType::INT),
                    cast(c, IntType::INT),
                    IntType::INT,
                ),
                IntType::UCHAR,
            ),
            IntType::ULONG,
        ),
    );
    assert_eq!(shown(&one(below, &uchar_types)), "v2 < 255");
    // Not an interval (every other value): unchanged.
    let even = cmp(BinOp::Eq, arith(BinOp::Rem, x.clone(), uint(2), IntType::UINT), uint(0));
    assert_eq!(shown(&one(even.clone(), &types)), shown(&even));
    // Two variables: unchanged.
    let two = cmp(
        BinOp::Lt,
        arith(BinOp::Add, x, var(3, IntType::UINT), IntType::UINT),
        uint(7),
    );
    assert_eq!(shown(&one(two.clone(), &types)), shown(&two));
}

#[test]
fn an_assumption_implied_by_earlier_ones_is_dropped_and_the_order_kept() {
    let n = var(0, IntType::ULONG);
    let x = var(1, IntType::UINT);
    let parts = vec![
        cmp(BinOp::Ge, n.clone(), Expr::int(1, IntType::ULONG)),
        cmp(BinOp::Le, n.clone(), cast(x.clone(), IntType::ULONG)),
        // implied: 1 <= n <= x
        cmp(BinOp::Gt, x.clone(), Expr::int(0, IntType::UINT)),
        // not implied
        cmp(BinOp::Lt, x.clone(), Expr::int(100, IntType::UINT)),
        // implied, with wrap-around: x - (n - 1) >= 1 as unsigned
        cmp(
            BinOp::Ge,
            arith(
                BinOp::Sub,
                x.clone(),
                cast(
                    arith(BinOp::Sub, n, Expr::int(1, IntType::ULONG), IntType::ULONG),
                    IntType::UINT,
                ),
                IntType::UINT,
            ),
            Expr::int(1, IntType::UINT),
        ),
    ];
    let kept: Vec<String> = without_implied(parts.clone(), &types, 0).iter().map(shown).collect();
    assert_eq!(kept, vec![shown(&parts[0]), shown(&parts[1]), shown(&parts[3])]);
    // Only earlier conjuncts are premises: `x < 100` does not imply `x > 0`.
    let rev: Vec<Expr> = vec![parts[3].clone(), parts[2].clone()];
    assert_eq!(without_implied(rev, &types, 0).len(), 2);
}

/// A program with global variables `names` of type `ty` (ids 0, 1, ...).
fn globals(names: &[&str], ty: IntType) -> crate::ir::Program {
    let mut p = crate::ir::Program::default();
    for name in names {
        p.add_var(crate::ir::VarDecl {
            name: (*name).into(),
            ty: CType::Int(ty),
            storage: crate::ir::Storage::Global,
            func: None,
            span: crate::ir::Span::SYNTHETIC,
        });
    }
    p
}

#[test]
fn the_coverage_of_several_paths_says_their_common_prefix_once() {
    let p = globals(&["k", "s"], IntType::INT);
    let (k, st) = (var(0, IntType::INT), var(1, IntType::INT));
    let int = |v| Expr::int(v, IntType::INT);
    let prefix = cmp(BinOp::Lt, k.clone(), int(30));
    let path = |c: Expr| build::and(prefix.clone(), c);
    // The paths of a switch on `s` together take every value of `s`.
    let all = vec![
        path(cmp(BinOp::Eq, st.clone(), int(0))),
        path(build::and(
            cmp(BinOp::Ne, st.clone(), int(0)),
            cmp(BinOp::Ne, st.clone(), int(1)),
        )),
        path(cmp(BinOp::Eq, st.clone(), int(1))),
    ];
    assert_eq!(any_of(&p, all.clone()).map(|e| shown(&e)), Some(shown(&prefix)));
    // Two of them do not: the rest of the disjunction stays, its second
    // disjunct without what the first being false says, and then the
    // first, false where the second is, left out.
    let some = any_of(&p, all[..2].to_vec()).expect("a condition");
    assert_eq!(shown(&some), "(v0 < 30) && (v1 != 1)");
    assert!(any_of(&p, Vec::new()).is_none());
}

#[test]
fn a_disjunct_goes_where_the_later_ones_cover_it_only_if_they_cannot_fail() {
    let p = globals(&["n", "c"], IntType::UINT);
    let (n, c) = (var(0, IntType::UINT), var(1, IntType::UINT));
    let uint = |v| Expr::int(v, IntType::UINT);
    // n == 0U || n <= 20U is n <= 20U.
    let e = any_of(
        &p,
        vec![cmp(BinOp::Eq, n.clone(), uint(0)), cmp(BinOp::Le, n.clone(), uint(20))],
    );
    assert_eq!(e.map(|e| shown(&e)), Some("v0 <= 20U".to_string()));
    // n == 0U protects the division after it: both stay.
    let quotient = arith(BinOp::Div, c.clone(), n.clone(), IntType::UINT);
    let e = any_of(
        &p,
        vec![cmp(BinOp::Eq, n.clone(), uint(0)), cmp(BinOp::Le, quotient, uint(20))],
    );
    assert_eq!(
        e.map(|e| shown(&e)),
        Some("(v0 == 0U) || ((v1 / v0) <= 20U)".to_string())
    );
}

#[test]
fn complementary_guards_make_a_choice() {
    let p = globals(&["i", "a", "b"], IntType::UINT);
    let (i, a, b) = (var(0, IntType::UINT), var(1, IntType::UINT), var(2, IntType::UINT));
    let uint = |v| Expr::int(v, IntType::UINT);
    let even = cmp(BinOp::Eq, arith(BinOp::Rem, i.clone(), uint(2), IntType::UINT), uint(0));
    let guarded = |g: Expr, v: &Expr, bound| build::and(g, cmp(BinOp::Lt, v.clone(), uint(bound)));
    // The second path's guard `!(i % 2U == 0U)` is the comparison
    // turned (`tidy`).
    let odd = tidy(build::not(even.clone()));
    assert_eq!(shown(&odd), "(v0 % 2U) != 0U");
    let e = any_of(&p, vec![guarded(even, &a, 7), guarded(odd, &b, 9)]).expect("a condition");
    assert_eq!(shown(&e), "((v0 % 2U) == 0U) ? (v1 < 7U) : (v2 < 9U)");
}

#[test]
fn each_disjunct_is_simplified_where_the_loop_condition_holds() {
    let p = globals(&["i", "x"], IntType::UINT);
    let (i, x) = (var(0, IntType::UINT), var(1, IntType::UINT));
    let uint = |v| Expr::int(v, IntType::UINT);
    let below = |e: &Expr, v| cmp(BinOp::Lt, e.clone(), uint(v));
    let fact = below(&i, 100);
    // i < 100 is the fact itself, i < 4294967295U follows from it.
    let disjunct = |c: Expr| build::and(build::and(below(&i, 4294967295), below(&i, 100)), c);
    let e = build::or(disjunct(below(&x, 5)), disjunct(cmp(BinOp::Gt, x.clone(), uint(9))));
    assert_eq!(shown(&given(&p, e, &fact)), "(v1 < 5U) || (v1 > 9U)");
    // A disjunct that holds with the fact makes the disjunction true.
    let e = build::and(below(&x, 7), build::or(below(&x, 5), below(&i, 4294967295)));
    assert_eq!(shown(&given(&p, e, &fact)), "v1 < 7U");
}

#[test]
fn a_conjunct_that_later_ones_imply_goes_when_they_cannot_fail() {
    let (i, n) = (var(1, IntType::UINT), var(2, IntType::UINT));
    let uint = |v| Expr::int(v, IntType::UINT);
    let plus = |e: &Expr, v| arith(BinOp::Add, e.clone(), uint(v), IntType::UINT);
    // i <= 4294967293U && i + 1U < n && i + 2U < n: the middle one
    // follows from the others (no wrap-around below the bound).
    let parts = vec![
        cmp(BinOp::Le, i.clone(), uint(4294967293)),
        cmp(BinOp::Lt, plus(&i, 1), n.clone()),
        cmp(BinOp::Lt, plus(&i, 2), n.clone()),
    ];
    let kept = without_implied_by_later(parts.clone(), &types, 0);
    let shown_all: Vec<String> = kept.iter().map(shown).collect();
    assert_eq!(shown_all, vec!["v1 <= 4294967293U", "(v1 + 2U) < v2"]);
    // The first is not implied: `i + 2U` wraps for the largest `i`.
    // A later conjunct that divides could fail where an earlier one
    // protects it: nothing before it goes.
    let divides = cmp(
        BinOp::Lt,
        arith(BinOp::Div, n.clone(), plus(&i, 1), IntType::UINT),
        uint(3),
    );
    let mut guarded = parts;
    guarded.push(divides);
    assert_eq!(
        without_implied_by_later(guarded.clone(), &types, 0).len(),
        guarded.len()
    );
}
