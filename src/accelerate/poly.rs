//! Exact polynomials with rational coefficients over the values of program
//! variables before the first accelerated iteration and the iteration
//! count `k`. Arithmetic is checked: an i128 overflow gives `None`, never a
//! wrong answer.

use crate::ir::VarId;
use std::collections::BTreeMap;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Atom {
    /// The iteration count.
    K,
    /// The value of a variable before the first accelerated iteration.
    Var(VarId),
}

/// A rational number in lowest terms with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rat {
    pub num: i128,
    pub den: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a as i128
}

impl Rat {
    pub const ZERO: Rat = Rat { num: 0, den: 1 };
    pub const ONE: Rat = Rat { num: 1, den: 1 };

    pub fn int(v: i128) -> Rat {
        Rat { num: v, den: 1 }
    }

    pub fn new(num: i128, den: i128) -> Option<Rat> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Rat { num: n, den: d })
    }

    pub fn plus(self, o: Rat) -> Option<Rat> {
        let g = gcd(self.den, o.den).max(1);
        let l = (self.den / g).checked_mul(o.den)?;
        let a = self.num.checked_mul(l / self.den)?;
        let b = o.num.checked_mul(l / o.den)?;
        Rat::new(a.checked_add(b)?, l)
    }

    pub fn times(self, o: Rat) -> Option<Rat> {
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        let n = (self.num / g1).checked_mul(o.num / g2)?;
        let d = (self.den / g2).checked_mul(o.den / g1)?;
        Rat::new(n, d)
    }

    pub fn negated(self) -> Option<Rat> {
        Some(Rat {
            num: self.num.checked_neg()?,
            den: self.den,
        })
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    pub fn as_int(self) -> Option<i128> {
        (self.den == 1).then_some(self.num)
    }
}

impl fmt::Display for Rat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// A monomial: atoms with positive exponents, sorted.
pub type Mono = Vec<(Atom, u32)>;

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Poly {
    pub terms: BTreeMap<Mono, Rat>,
}

fn mono_mul(a: &Mono, b: &Mono) -> Mono {
    let mut m: BTreeMap<Atom, u32> = a.iter().copied().collect();
    for (x, e) in b {
        *m.entry(*x).or_insert(0) += e;
    }
    m.into_iter().collect()
}

impl Poly {
    pub fn zero() -> Poly {
        Poly::default()
    }

    pub fn constant(v: i128) -> Poly {
        Poly::rat(Rat::int(v))
    }

    pub fn rat(r: Rat) -> Poly {
        let mut p = Poly::zero();
        if !r.is_zero() {
            p.terms.insert(Vec::new(), r);
        }
        p
    }

    pub fn atom(a: Atom) -> Poly {
        let mut p = Poly::zero();
        p.terms.insert(vec![(a, 1)], Rat::ONE);
        p
    }

    pub fn var(v: VarId) -> Poly {
        Poly::atom(Atom::Var(v))
    }

    pub fn k() -> Poly {
        Poly::atom(Atom::K)
    }

    pub fn add(&self, o: &Poly) -> Option<Poly> {
        let mut r = self.clone();
        for (m, c) in &o.terms {
            let e = r.terms.get(m).copied().unwrap_or(Rat::ZERO).plus(*c)?;
            if e.is_zero() {
                r.terms.remove(m);
            } else {
                r.terms.insert(m.clone(), e);
            }
        }
        Some(r)
    }

    pub fn neg(&self) -> Option<Poly> {
        let mut r = Poly::zero();
        for (m, c) in &self.terms {
            r.terms.insert(m.clone(), c.negated()?);
        }
        Some(r)
    }

    pub fn sub(&self, o: &Poly) -> Option<Poly> {
        self.add(&o.neg()?)
    }

    pub fn mul(&self, o: &Poly) -> Option<Poly> {
        let mut r = Poly::zero();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &o.terms {
                let t = Poly {
                    terms: [(mono_mul(m1, m2), c1.times(*c2)?)].into_iter().collect(),
                };
                r = r.add(&t)?;
            }
        }
        Some(r)
    }

    pub fn scale(&self, c: Rat) -> Option<Poly> {
        self.mul(&Poly::rat(c))
    }

    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn as_const(&self) -> Option<Rat> {
        match self.terms.len() {
            0 => Some(Rat::ZERO),
            1 => self.terms.get(&Vec::new()).copied(),
            _ => None,
        }
    }

    pub fn mentions(&self, a: Atom) -> bool {
        self.terms.keys().any(|m| m.iter().any(|(x, _)| *x == a))
    }

    pub fn atoms(&self) -> Vec<Atom> {
        let mut v: Vec<Atom> = self.terms.keys().flat_map(|m| m.iter().map(|(a, _)| *a)).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Degree in the atom `a`.
    pub fn degree_in(&self, a: Atom) -> u32 {
        self.terms
            .keys()
            .map(|m| m.iter().filter(|(x, _)| *x == a).map(|(_, e)| *e).sum())
            .max()
            .unwrap_or(0)
    }

    /// Substitute atoms by polynomials.
    pub fn subst(&self, f: &dyn Fn(Atom) -> Option<Poly>) -> Option<Poly> {
        let mut r = Poly::zero();
        for (m, c) in &self.terms {
            let mut t = Poly::rat(*c);
            for (a, e) in m {
                let base = f(*a).unwrap_or_else(|| Poly::atom(*a));
                for _ in 0..*e {
                    t = t.mul(&base)?;
                }
            }
            r = r.add(&t)?;
        }
        Some(r)
    }

    /// The polynomial with `K` replaced by `k` (its value at that
    /// iteration).
    pub fn at_k(&self, k: &Poly) -> Option<Poly> {
        self.subst(&|a| (a == Atom::K).then(|| k.clone()))
    }

    /// Coefficients by power of `K`: `self = sum_d coeff[d] * K^d`.
    pub fn by_k(&self) -> Vec<Poly> {
        let mut out: Vec<Poly> = Vec::new();
        for (m, c) in &self.terms {
            let d = m.iter().filter(|(a, _)| *a == Atom::K).map(|(_, e)| *e).sum::<u32>() as usize;
            let rest: Mono = m.iter().filter(|(a, _)| *a != Atom::K).copied().collect();
            while out.len() <= d {
                out.push(Poly::zero());
            }
            let t = Poly {
                terms: [(rest, *c)].into_iter().collect(),
            };
            if let Some(s) = out[d].add(&t) {
                out[d] = s;
            }
        }
        out
    }

    /// `sum_{j=0}^{K-1} self[K := j]` (Faulhaber), for degree in K up to 3.
    pub fn sum_below_k(&self) -> Option<Poly> {
        let k = Poly::k();
        let one = Poly::constant(1);
        let km1 = k.sub(&one)?;
        // Power sums of j over 0..K-1.
        let s0 = k.clone();
        let s1 = k.mul(&km1)?.scale(Rat::new(1, 2)?)?;
        let s2 = km1
            .mul(&k)?
            .mul(&k.scale(Rat::int(2))?.sub(&one)?)?
            .scale(Rat::new(1, 6)?)?;
        let s3 = s1.mul(&s1)?;
        let sums = [s0, s1, s2, s3];
        let mut r = Poly::zero();
        for (d, c) in self.by_k().iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            let s = sums.get(d)?;
            r = r.add(&c.mul(s)?)?;
        }
        Some(r)
    }

    /// Evaluate with integer values for the atoms.
    pub fn eval(&self, f: &dyn Fn(Atom) -> i128) -> Option<Rat> {
        let mut r = Rat::ZERO;
        for (m, c) in &self.terms {
            let mut t = *c;
            for (a, e) in m {
                for _ in 0..*e {
                    t = t.times(Rat::int(f(*a)))?;
                }
            }
            r = r.plus(t)?;
        }
        Some(r)
    }

    pub fn show(&self, name: &dyn Fn(Atom) -> String) -> String {
        if self.terms.is_empty() {
            return "0".into();
        }
        let mut s = String::new();
        // Constant last reads better: k-terms first, by descending degree.
        let mut terms: Vec<(&Mono, &Rat)> = self.terms.iter().collect();
        terms.sort_by_key(|(m, _)| std::cmp::Reverse(m.iter().map(|(_, e)| *e).sum::<u32>()));
        for (i, (m, c)) in terms.iter().enumerate() {
            let neg = c.num < 0;
            let abs = Rat {
                num: c.num.abs(),
                den: c.den,
            };
            if i == 0 {
                if neg {
                    s.push('-');
                }
            } else {
                s.push_str(if neg { " - " } else { " + " });
            }
            let mono: Vec<String> = m
                .iter()
                .map(|(a, e)| if *e == 1 { name(*a) } else { format!("{}^{e}", name(*a)) })
                .collect();
            if mono.is_empty() {
                s.push_str(&abs.to_string());
            } else if abs == Rat::ONE {
                s.push_str(&mono.join("*"));
            } else {
                s.push_str(&format!("{abs}*{}", mono.join("*")));
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faulhaber_sums_match_direct_sums() {
        let p = Poly::k()
            .mul(&Poly::k())
            .and_then(|q| q.add(&Poly::constant(3)))
            .and_then(|q| q.add(&Poly::k().scale(Rat::int(-2)).unwrap_or_default()))
            .unwrap_or_default();
        let s = p.sum_below_k().unwrap_or_default();
        for n in 0..20i128 {
            let direct: i128 = (0..n).map(|j| j * j + 3 - 2 * j).sum();
            assert_eq!(s.eval(&|_| n), Some(Rat::int(direct)));
        }
    }

    #[test]
    fn rational_arithmetic_is_exact() {
        let a = Rat::new(1, 2).unwrap_or(Rat::ZERO);
        let b = Rat::new(1, 3).unwrap_or(Rat::ZERO);
        assert_eq!(a.plus(b), Rat::new(5, 6));
        assert_eq!(a.times(b), Rat::new(1, 6));
        assert_eq!(Rat::new(4, -8), Rat::new(-1, 2));
        assert_eq!(Rat::int(i128::MAX).plus(Rat::ONE), None);
    }
}
