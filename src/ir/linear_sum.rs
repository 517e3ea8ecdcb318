//! A linear sum of named variables, `c1*x1 + ... + cn*xn`: what a loop's
//! accelerated paths keep unchanged (`accelerate` finds these sums in the
//! closed forms, `check`'s k-induction proves them before it assumes
//! them, `explain` lists them).

/// `c1*x1 + ... + cn*xn` over the variables' names, with integer
/// coefficients: no two terms name the same variable, none is 0, and the
/// first coefficient is positive with the greatest common divisor 1.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LinearSum {
    pub terms: Vec<(String, i128)>,
}

impl LinearSum {
    /// The sum of `terms` normalised (terms in name order, zeros dropped,
    /// divided by their greatest common divisor, first coefficient
    /// positive); `None` when nothing is left.
    pub fn new(terms: impl IntoIterator<Item = (String, i128)>) -> Option<LinearSum> {
        let mut terms: Vec<(String, i128)> = terms.into_iter().filter(|(_, c)| *c != 0).collect();
        terms.sort();
        if terms.windows(2).any(|w| w[0].0 == w[1].0) {
            return None;
        }
        let g = terms.iter().fold(0, |g, (_, c)| gcd(g, c.unsigned_abs()));
        let sign = if terms.first()?.1 < 0 { -1 } else { 1 };
        let g = i128::try_from(g).ok()?;
        for (_, c) in &mut terms {
            *c = sign * *c / g;
        }
        Some(LinearSum { terms })
    }

    /// The sum in C syntax, `x - 2*y`, each name followed by `suffix`.
    pub fn show(&self, suffix: &str) -> String {
        let mut out = String::new();
        for (i, (name, c)) in self.terms.iter().enumerate() {
            let sign = if *c < 0 { "-" } else { "+" };
            match i {
                0 if *c < 0 => out.push('-'),
                0 => {}
                _ => out.push_str(&format!(" {sign} ")),
            }
            if c.unsigned_abs() != 1 {
                out.push_str(&format!("{}*", c.unsigned_abs()));
            }
            out.push_str(name);
            out.push_str(suffix);
        }
        out
    }

    /// The invariant it stands for: `x - 2*y == x0 - 2*y0` (the sum
    /// equals its value at the loop's entry).
    pub fn kept(&self) -> String {
        format!("{} == {}", self.show(""), self.show("0"))
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_normalised_and_shown_as_c() {
        let s = LinearSum::new([("y".to_string(), 4), ("x".to_string(), -2)]).unwrap();
        assert_eq!(s.terms, vec![("x".to_string(), 1), ("y".to_string(), -2)]);
        assert_eq!(s.kept(), "x - 2*y == x0 - 2*y0");
        assert!(LinearSum::new([("x".to_string(), 0)]).is_none());
        assert!(LinearSum::new([("x".to_string(), 1), ("x".to_string(), 2)]).is_none());
    }
}
