//! Linear sums that a loop's accelerated paths keep: eliminating the
//! iteration count from their linear closed forms (`x = x0 + a*k`,
//! `y = y0 + b*k` keep `b*x - a*y`).
//!
//! In: the closed forms of each accelerated path of one loop. Out: a basis
//! of the linear sums every one of those paths leaves unchanged, as
//! candidates only: the paths not accelerated may change them, so
//! k-induction (`check::induction`) proves each before it assumes it.

use super::accelerator::ClosedForm;
use crate::ir::LinearSum;
use std::collections::BTreeSet;

/// At most this many sums per loop: each is one more property per
/// iteration in the k-induction's checks.
const MOST_SUMS: usize = 6;

/// Sums of the variables with a constant step (`ClosedForm::step`) on
/// some path that every path of `paths` keeps: the integer basis of the
/// null space of the paths' step vectors. A path that changes one of those
/// variables otherwise (a reset, a polynomial) has no step vector: whether
/// it keeps a sum is left to the proof, like the paths not accelerated.
pub fn kept_sums(paths: &[&[ClosedForm]]) -> Vec<LinearSum> {
    let vars: Vec<&str> = (paths.iter().flat_map(|p| p.iter()))
        .filter(|c| c.step.is_some())
        .map(|c| c.var.as_str())
        .collect::<BTreeSet<&str>>()
        .into_iter()
        .collect();
    if vars.len() < 2 {
        return Vec::new();
    }
    // A variable a path does not list is one it leaves unchanged.
    let rows: Vec<Vec<i128>> = (paths.iter())
        .filter_map(|p| {
            vars.iter()
                .map(|v| match p.iter().find(|c| c.var == *v) {
                    Some(c) => c.step,
                    None => Some(0),
                })
                .collect()
        })
        .collect();
    if rows.is_empty() {
        return Vec::new();
    }
    let Some(basis) = null_space(rows, vars.len()) else {
        return Vec::new();
    };
    let mut out: Vec<LinearSum> = basis
        .into_iter()
        .filter_map(|v| LinearSum::new(vars.iter().map(|n| n.to_string()).zip(v)))
        .filter(|s| s.terms.len() >= 2)
        .collect();
    out.sort();
    out.dedup();
    out.truncate(MOST_SUMS);
    out
}

/// An integer basis of `{ v : row . v == 0 for every row }` (each vector
/// scaled to integers), by reduction to row echelon form over the
/// rationals; `None` on an arithmetic overflow.
fn null_space(mut rows: Vec<Vec<i128>>, n: usize) -> Option<Vec<Vec<i128>>> {
    let mut pivots: Vec<usize> = Vec::new();
    let mut r = 0;
    for col in 0..n {
        let Some(p) = (r..rows.len()).find(|&i| rows[i][col] != 0) else {
            continue;
        };
        rows.swap(r, p);
        for i in 0..rows.len() {
            if i == r || rows[i][col] == 0 {
                continue;
            }
            // rows[i] = rows[r][col] * rows[i] - rows[i][col] * rows[r],
            // fraction-free, then divided by the row's gcd.
            let (a, b) = (rows[r][col], rows[i][col]);
            let mut row = Vec::with_capacity(n);
            for (x, y) in rows[i].iter().zip(&rows[r]) {
                row.push(a.checked_mul(*x)?.checked_sub(b.checked_mul(*y)?)?);
            }
            let g = row.iter().fold(0u128, |g, x| gcd(g, x.unsigned_abs()));
            if g > 1 {
                let g = i128::try_from(g).ok()?;
                row.iter_mut().for_each(|x| *x /= g);
            }
            rows[i] = row;
        }
        pivots.push(col);
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    let mut basis = Vec::new();
    for free in (0..n).filter(|c| !pivots.contains(c)) {
        // v[free] = L, v[pivot of row i] = -L * rows[i][free] / rows[i][pivot],
        // with L the least common multiple of the pivots that matter.
        let mut l: i128 = 1;
        for (i, &p) in pivots.iter().enumerate() {
            if rows[i][free] != 0 {
                let a = rows[i][p].abs();
                l = (l / i128::try_from(gcd(l.unsigned_abs(), a.unsigned_abs())).ok()?).checked_mul(a)?;
            }
        }
        let mut v = vec![0i128; n];
        v[free] = l;
        for (i, &p) in pivots.iter().enumerate() {
            v[p] = -(l.checked_mul(rows[i][free])? / rows[i][p]);
        }
        basis.push(v);
    }
    Some(basis)
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accelerate::FormKind;

    fn linear(var: &str, step: i128) -> ClosedForm {
        ClosedForm {
            var: var.into(),
            ty: "int".into(),
            kind: FormKind::Linear,
            formula: String::new(),
            step: Some(step),
        }
    }

    fn shown(sums: &[LinearSum]) -> Vec<String> {
        sums.iter().map(LinearSum::kept).collect()
    }

    #[test]
    fn eliminating_the_iteration_count_of_two_linear_forms() {
        let p = [linear("x", 2), linear("y", 1)];
        assert_eq!(shown(&kept_sums(&[&p])), ["x - 2*y == x0 - 2*y0"]);
        let p = [linear("x", -1), linear("y", 1)];
        assert_eq!(shown(&kept_sums(&[&p])), ["x + y == x0 + y0"]);
    }

    #[test]
    fn a_sum_is_kept_by_every_path_or_is_not_a_candidate() {
        // x+1, z+1 on one path; y+1, z+1 on the other: x + y - z.
        let p = [linear("x", 1), linear("z", 1)];
        let q = [linear("y", 1), linear("z", 1)];
        assert_eq!(shown(&kept_sums(&[&p, &q])), ["x + y - z == x0 + y0 - z0"]);
        // Steps that are not proportional keep nothing.
        let q = [linear("x", 1), linear("z", 2)];
        assert!(kept_sums(&[&p, &q]).is_empty());
    }

    #[test]
    fn a_path_with_another_form_is_left_to_the_proof() {
        let s = ClosedForm {
            kind: FormKind::Polynomial,
            step: None,
            ..linear("s", 0)
        };
        // A variable with no constant step anywhere takes no part.
        assert!(kept_sums(&[&[linear("i", 1), s.clone()]]).is_empty());
        let p = [linear("i", 1), linear("j", 3), s];
        let reset = [ClosedForm {
            kind: FormKind::Delayed,
            step: None,
            ..linear("j", 0)
        }];
        assert_eq!(shown(&kept_sums(&[&p, &reset])), ["3*i - j == 3*i0 - j0"]);
        assert!(kept_sums(&[&reset]).is_empty());
    }

    #[test]
    fn three_variables_on_one_path_keep_two_sums() {
        let p = [linear("x", 1), linear("y", -1), linear("z", 2)];
        let sums = kept_sums(&[&p]);
        assert_eq!(sums.len(), 2);
        for s in &sums {
            let dot: i128 = s
                .terms
                .iter()
                .map(|(v, c)| c * p.iter().find(|f| &f.var == v).unwrap().step.unwrap())
                .sum();
            assert_eq!(dot, 0, "{}", s.kept());
        }
    }
}
