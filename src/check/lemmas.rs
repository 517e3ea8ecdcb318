//! Valid multiplication lemmas that spare z3's SAT core from comparing
//! multiplier circuits.
//!
//! Accelerated polynomial loops compute closed forms such as `n*(n-1)/2` in
//! 64 bits and truncate them to 32, while the program's assertion
//! multiplies in 32 bits; the two agree only through facts that bit-blasted
//! multipliers hide: the low bits of a product depend only on the low bits
//! of its operands, and equal operands give equal products (when the
//! equality follows from inequalities, not from an equation z3 substitutes).
//! Stated as lemmas, both are a few clauses for CDCL; proved through the
//! circuits, they take minutes. Both are theorems of bit-vector arithmetic:
//! - `extract(w-1, 0, a * b) == extract(w-1, 0, a) * extract(w-1, 0, b)`
//!   for each width `w` of another product in the formula;
//! - `a == c && b == d -> a * b == c * d` (and with `c`, `d` swapped) for
//!   products of one width.
//!
//! They hold in every model, so they change neither verdicts nor models.

use super::apps::{decl_kind, roots, visit_apps};
use std::ops::ControlFlow;
use z3::DeclKind;

use z3::ast::{BV, Bool};

/// Congruence lemmas beyond this many are not added.
const MAX_LEMMAS: usize = 4_000;

/// With more products than this in the formula (the program's own, not the
/// low bits of wider ones), congruence is stated only between a product and
/// the low bits of a wider one. Every pair of a formula's products is
/// quadratic in the unwinding: the accelerated inner loop of a nested loop,
/// unwound nine times at `--unwind 3`, had 36 products, and the 630
/// congruences of 64-bit products made one query take 50 s instead of 8 s.
/// Below it (a loop's closed form against the assertion's product, the case
/// the lemmas are for) all pairs are stated.
const MAX_PRODUCTS_FOR_ALL_PAIRS: usize = 12;

/// A product `a * b` with both operands symbolic.
struct Product {
    term: BV,
    a: BV,
    b: BV,
}

/// The lemmas for the products of `formulas`.
pub(crate) fn mul_lemmas(formulas: &[Bool]) -> Vec<Bool> {
    let mut products = products_of(formulas);
    if products.len() < 2 {
        return Vec::new();
    }
    let widths: Vec<u32> = {
        let mut ws: Vec<u32> = products.iter().map(|p| p.term.get_size()).collect();
        ws.sort_unstable();
        ws.dedup();
        ws
    };
    // The formula's own products; the low bits of wide ones follow them.
    let native = products.len();
    let all_pairs = native <= MAX_PRODUCTS_FOR_ALL_PAIRS;
    let mut out = Vec::new();
    // Low bits of wide products, as products of their own.
    let mut lows = Vec::new();
    for p in &products {
        let tw = p.term.get_size();
        for &w in widths.iter().filter(|&&w| w < tw) {
            let (la, lb) = (p.a.extract(w - 1, 0), p.b.extract(w - 1, 0));
            let low = la.bvmul(&lb);
            out.push(p.term.extract(w - 1, 0).eq(&low));
            lows.push(Product {
                term: low,
                a: la,
                b: lb,
            });
        }
    }
    products.extend(lows);
    // Congruence between products of one width.
    'pairs: for (i, p) in products.iter().enumerate() {
        for (j, q) in products.iter().enumerate().skip(i + 1) {
            // `j > i`: the pair has a low product when `q` is one.
            if !(all_pairs || j >= native) || p.term.get_size() != q.term.get_size() || p.term.ast_eq(&q.term) {
                continue;
            }
            if out.len() >= MAX_LEMMAS {
                break 'pairs;
            }
            let same = Bool::and(&[&p.a.eq(&q.a), &p.b.eq(&q.b)]);
            let swapped = Bool::and(&[&p.a.eq(&q.b), &p.b.eq(&q.a)]);
            out.push(Bool::or(&[&same, &swapped]).implies(p.term.eq(&q.term)));
        }
    }
    out
}

/// The products `a * b` of two non-constant operands in `formulas`.
fn products_of(formulas: &[Bool]) -> Vec<Product> {
    let mut out = Vec::new();
    let _ = visit_apps(roots(formulas), |t, kids| {
        if decl_kind(t) == Some(DeclKind::Bmul)
            && kids.len() == 2
            && let (Some(term), Some(a), Some(b)) = (t.as_bv(), kids[0].as_bv(), kids[1].as_bv())
            && a.as_u64().is_none()
            && b.as_u64().is_none()
        {
            out.push(Product { term, a, b });
        }
        ControlFlow::Continue(())
    });
    out
}
