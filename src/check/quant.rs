//! Quantifiers (`__CPROVER_forall`) over array elements by instantiation,
//! with every "sat" answer checked against them.
//!
//! z3 decides the quantified bit-vector/array assumptions of accelerated
//! array loops slowly or not at all (MBQI over 64-bit indices), and a
//! finite expansion over a large constant range (100 instances per
//! quantifier and loop iteration) is still slow, while a handful of
//! instances at the elements the program reads settles them in a second.
//! So the encoder gives each such quantifier `forall k. b(k)` a Boolean
//! name `q` (others, over scalar conditions, z3 handles well and gets as
//! they are), and the solver sees lemmas that follow from
//! `q == forall k. b(k)`:
//! - over a range of at most `EXPAND_LIMIT` values (`k < 15`, a matrix of
//!   3 by 5), all its instances `q -> b(0)`, ..., `q -> b(14)` and no
//!   others: at a constant `k` the body's index arithmetic (`k / 5`,
//!   `k % 5`) folds away, where an instance at a symbolic index term keeps
//!   a 64-bit division (a generated fill of 3 rows of 6: 9 s to 2 s); and
//!   `!q -> !b(0) || ... || !b(14)`, so that a model never needs refining;
//! - otherwise instances `q -> b(K)` for every array index term `t` of the formula
//!   (the index set of the array property fragment), `K` the value of `k`
//!   at which an index of `b` reads element `t` (`(t - x) / c` for an index
//!   `x + c*k`), or `t` itself;
//! - on demand, `!q -> !b(s)` with a fresh constant `s` (skolemisation).
//!
//! Every model of the exact formula extends to a model of the lemmas, so
//! "unsat" is exact. A "sat" model is accepted only after each quantifier is
//! checked in it, exactly: `q` true needs `b(k)` for every `k`, `q` false
//! some `k` with `!b(k)` (quantifier-free queries over the model's values).
//! A failed check adds instances at the violating values (or the skolem
//! lemma), which the model violates, and the solver is asked again; after
//! `MAX_ROUNDS` rounds the answer is undecided.

use super::apps::{decl_kind, is_free_constant, roots, visit_apps};
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use z3::ast::{Array, Ast, BV, Bool, Dynamic};
use z3::{DeclKind, Model, Params, SatResult, Solver};

/// A quantifier `name == forall bound. body`.
pub(crate) struct Quant {
    pub name: Bool,
    pub bound: BV,
    pub body: Bool,
    /// The bound variable's C type is signed (for the order of its values).
    pub signed: bool,
}

/// Refinement rounds before giving up (each excludes the last model).
pub(crate) const MAX_ROUNDS: usize = 64;

/// At most this many violating values are instantiated at once per
/// quantifier (the contiguous range around the one found).
const MAX_RANGE: u64 = 1024;

/// Seed instances beyond this many are left to refinement.
const MAX_SEEDS: usize = 20_000;

const UNCHECKED: &str = "a quantifier could not be checked in the model";

/// Each model-checking query gives up after this long (or at the deadline).
const QUERY_MS: u64 = 10_000;

pub(crate) struct Instantiator<'a> {
    quants: &'a [Quant],
    /// Per quantifier: the index terms of its body that mention `k`.
    indices: Vec<Vec<BV>>,
    lemmas: Vec<Bool>,
    /// Instances made, as (quantifier, value of the bound variable).
    made: HashSet<(usize, BV)>,
    skolemised: Vec<bool>,
}

impl<'a> Instantiator<'a> {
    /// Seeds the instances at the index terms of `formulas`.
    pub(crate) fn new(quants: &'a [Quant], formulas: &[Bool]) -> Instantiator<'a> {
        let indices = quants.iter().map(|q| bound_indices(&q.body, &q.bound)).collect();
        let mut me = Instantiator {
            quants,
            indices,
            lemmas: Vec::new(),
            made: HashSet::new(),
            skolemised: vec![false; quants.len()],
        };
        if quants.is_empty() {
            return me;
        }
        let terms = index_terms(formulas);
        let mut expanded = vec![false; quants.len()];
        for (j, q) in quants.iter().enumerate() {
            if let Some(c) = constant_range(q) {
                // Both ways: `q` is the conjunction, so no model can give
                // it a value that refinement would have to correct.
                let w = q.bound.get_size();
                let violations: Vec<Bool> = (0..c)
                    .filter_map(|v| me.instance(j, num(v, w)))
                    .map(|b| b.not())
                    .collect();
                me.lemmas.push(q.name.not().implies(Bool::or(&violations)));
                me.skolemised[j] = true;
                expanded[j] = true;
            }
        }
        'seed: for (j, q) in quants.iter().enumerate() {
            if expanded[j] {
                continue;
            }
            let w = q.bound.get_size();
            for t in &terms {
                // The values of `k` at which the body reads element `t`.
                let mut ks: Vec<BV> = me.indices[j].iter().filter_map(|i| invert(i, t, &q.bound)).collect();
                if ks.is_empty() {
                    ks.push(fit(t, w));
                }
                for k in ks {
                    if me.lemmas.len() >= MAX_SEEDS {
                        break 'seed;
                    }
                    me.instance(j, k);
                }
            }
        }
        me
    }

    /// The lemmas so far, to assert with the formula.
    pub(crate) fn lemmas(&self) -> &[Bool] {
        &self.lemmas
    }

    /// Adds `q_j -> b_j(k)` and gives `b_j(k)`; `None` if it was there
    /// already.
    fn instance(&mut self, j: usize, k: BV) -> Option<Bool> {
        if !self.made.insert((j, k.clone())) {
            return None;
        }
        let q = &self.quants[j];
        let inst = q.body.substitute(&[(&q.bound, &k)]).simplify();
        if inst.as_bool() != Some(true) {
            self.lemmas.push(q.name.implies(&inst));
        }
        Some(inst)
    }

    /// Checks every quantifier in `m`: `Ok(true)` if `m` satisfies them all
    /// (a genuine model), `Ok(false)` if lemmas excluding `m` were added,
    /// `Err` with a reason if undecided.
    pub(crate) fn check_model(&mut self, m: &Model, deadline: Option<Instant>) -> Result<bool, String> {
        let mut progress = false;
        let mut violated = false;
        for j in 0..self.quants.len() {
            let q = &self.quants[j];
            let w = q.bound.get_size();
            let claimed = m
                .eval(&q.name, true)
                .and_then(|b| b.as_bool())
                .ok_or("the model gives a quantifier no value")?;
            // The body with the model's values for everything but the bound
            // variable: `(lambda k. b(k))` evaluated, applied to a fresh `k`.
            let lam = z3::ast::lambda_const(&[&q.bound], &Dynamic::from_ast(&q.body));
            let k = BV::fresh_const("tracc_k", w);
            let body = m
                .eval(&lam, true)
                .and_then(|l| l.select(&k).as_bool())
                .ok_or("the model cannot evaluate a quantifier's body")?
                .simplify();
            let body = spelled_out(body, m).ok_or("the model gives an array value that cannot be spelled out")?;
            // Any symbol left but `k` would be read as existential below.
            if !closed_except(&body, &k) {
                return Err("the model leaves a quantifier's body open".to_string());
            }
            let sign = if q.signed { 1u64 << (w - 1) } else { 0 };
            let rank = if q.signed { k.bvxor(num(sign, w)) } else { k.clone() };
            if !claimed {
                match query(&body.not(), None, &k, deadline) {
                    Answer::Sat(_) => continue,
                    Answer::Unknown => return Err(UNCHECKED.to_string()),
                    Answer::Unsat => {}
                }
                // The model calls the quantifier false while it holds: ask
                // for a witness `s` of `!b(s)`.
                violated = true;
                if !self.skolemised[j] {
                    self.skolemised[j] = true;
                    let s = BV::fresh_const("tracc_sk", w);
                    let q = &self.quants[j];
                    let not_b = q.body.substitute(&[(&q.bound, &s)]).not();
                    self.lemmas.push(q.name.not().implies(&not_b));
                    progress = true;
                }
                continue;
            }
            // Instances at every violating value, or at the one found when
            // they spread too far.
            match search(&body.not(), &rank, w, deadline) {
                Search::Valid => {}
                Search::Unknown => return Err(UNCHECKED.to_string()),
                Search::Range(lo, hi) => {
                    violated = true;
                    for r in lo..=hi {
                        progress |= self.instance_at(j, r ^ sign, m);
                    }
                }
                Search::Wide(r) => {
                    violated = true;
                    progress |= self.instance_at(j, r ^ sign, m);
                }
            }
        }
        if violated && !progress {
            // Every lemma that would exclude the model is asserted already.
            return Err("quantifier instantiation made no progress".to_string());
        }
        Ok(!violated)
    }

    /// Instances for the bound variable's value `v` in `m`: per index
    /// term of the body, the value reading the same element as `v` in `m`
    /// as a term (`(e - x) / c` for an index `x + c*k` reading element `e`),
    /// which stays on that element when another model moves `x`; and `v`
    /// itself unless one of those is `v` in `m`.
    fn instance_at(&mut self, j: usize, v: u64, m: &Model) -> bool {
        let q = &self.quants[j];
        let w = q.bound.get_size();
        let val = num(v, w);
        let mut ks = Vec::new();
        let mut hit = false;
        for i in &self.indices[j] {
            let Some(e) = m
                .eval(&i.substitute(&[(&q.bound, &val)]), true)
                .and_then(|e| e.as_u64())
            else {
                continue;
            };
            if let Some(k) = invert(i, &BV::from_u64(e, i.get_size()), &q.bound) {
                hit |= m.eval(&k, true).and_then(|x| x.as_u64()) == Some(v);
                ks.push(k);
            }
        }
        if !hit {
            ks.push(val);
        }
        let mut progress = false;
        for k in ks {
            progress |= self.instance(j, k).is_some();
        }
        progress
    }
}

/// Quantifiers over at most this many values of the bound variable are
/// expanded whole.
pub(crate) const EXPAND_LIMIT: u64 = 64;

/// z3's resource limit for the query that confirms such a range.
const RANGE_RLIMIT: u32 = 200_000;

/// `c` when `body(k)` holds for every `k >= c` (unsigned) and `c` is at
/// most `EXPAND_LIMIT`: the quantifier is the conjunction of its instances
/// at `0..c`. The candidates are the constants that `k` is compared with.
fn constant_range(q: &Quant) -> Option<u64> {
    let w = q.bound.get_size();
    let body = q.body.simplify();
    let mut candidates: Vec<u64> = Vec::new();
    let _ = visit_apps([Dynamic::from_ast(&body)], |x, kids| {
        if matches!(
            decl_kind(x),
            Some(DeclKind::Uleq | DeclKind::Ult | DeclKind::Ugeq | DeclKind::Ugt | DeclKind::Eq)
        ) && kids.len() == 2
            && kids.iter().any(|c| c.as_bv().is_some_and(|b| b.ast_eq(&q.bound)))
        {
            for c in kids.iter().filter_map(|c| c.as_bv()).filter_map(|b| b.as_u64()) {
                for v in [c, c.saturating_add(1)] {
                    if v <= EXPAND_LIMIT && !candidates.contains(&v) {
                        candidates.push(v);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    });
    candidates.sort_unstable();
    candidates.into_iter().find(|&c| {
        let solver = Solver::new();
        solver.assert(q.bound.bvuge(num(c, w)));
        solver.assert(body.not());
        // A resource limit, not a time limit: the same answer on any machine.
        let mut p = Params::new();
        p.set_u32("rlimit", RANGE_RLIMIT);
        solver.set_params(&p);
        solver.check() == SatResult::Unsat
    })
}

/// `t` with every array value that the model gives as a function table
/// (`(_ as-array f)`, as z3 gives the rows of a matrix) spelled out as
/// stores into a constant array: the queries below see the term, not the
/// model, and a solver cannot decide what reads an undefined table.
fn spelled_out(mut t: Bool, m: &Model) -> Option<Bool> {
    // Tables may hold tables (rows of rows); a few rounds spell them all.
    for _ in 0..8 {
        let mut found: Vec<Array> = Vec::new();
        let _ = visit_apps([Dynamic::from_ast(&t)], |x, _| {
            if let Some(a) = x.as_array()
                && a.is_as_array()
                && !found.iter().any(|f| f.ast_eq(&a))
            {
                found.push(a);
            }
            ControlFlow::Continue(())
        });
        if found.is_empty() {
            return Some(t);
        }
        let mut stores = Vec::new();
        for a in &found {
            let table = m.get_func_interp(&a.as_array_func_decl()?)?;
            let mut arr = Array::const_array(&a.get_sort().array_domain()?, &table.get_else()?);
            for entry in table.get_entries() {
                let [x] = &entry.get_args()[..] else {
                    return None;
                };
                arr = arr.store(x, &entry.get_value());
            }
            stores.push(arr);
        }
        let pairs: Vec<(&Array, &Array)> = found.iter().zip(&stores).collect();
        t = t.substitute(&pairs).simplify();
    }
    None
}

/// Whether `t` has no uninterpreted constant but `k`.
fn closed_except(t: &Bool, k: &BV) -> bool {
    visit_apps([Dynamic::from_ast(t)], |x, _| {
        if is_free_constant(x) && !x.as_bv().is_some_and(|b| b.ast_eq(k)) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_continue()
}

/// Whether `body` reads an array element.
pub(crate) fn reads_array(body: &Bool) -> bool {
    visit_apps([Dynamic::from_ast(body)], |t, _| {
        if decl_kind(t) == Some(DeclKind::Select) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

/// The `w`-bit numeral `v` (wrapped to the width).
fn num(v: u64, w: u32) -> BV {
    BV::from_u64(if w >= 64 { v } else { v & ((1u64 << w) - 1) }, w)
}

/// `t` (a 64-bit index) as a `w`-bit value of the bound variable.
fn fit(t: &BV, w: u32) -> BV {
    let tw = t.get_size();
    if tw == w {
        t.clone()
    } else if tw > w {
        t.extract(w - 1, 0).simplify()
    } else {
        t.zero_ext(w - tw).simplify()
    }
}

/// The index terms of every `select` and `store` in `formulas`.
fn index_terms(formulas: &[Bool]) -> Vec<BV> {
    let mut out: Vec<BV> = Vec::new();
    let mut found = HashSet::new();
    let _ = visit_apps(roots(formulas), |t, kids| {
        if matches!(decl_kind(t), Some(DeclKind::Select | DeclKind::Store))
            && let Some(i) = kids.get(1).and_then(|k| k.as_bv())
            && found.insert(i.clone())
        {
            out.push(i);
        }
        ControlFlow::Continue(())
    });
    out
}

/// The index terms of `body`'s array reads and writes that mention `k`
/// (in simplified form, whose shape `invert` knows).
fn bound_indices(body: &Bool, k: &BV) -> Vec<BV> {
    let mut out: Vec<BV> = Vec::new();
    for i in index_terms(&[body.simplify()]) {
        if mentions(&i, k) && !out.iter().any(|o| o.ast_eq(&i)) {
            out.push(i);
        }
    }
    out.truncate(8);
    out
}

/// A value of `k`, as a term, at which the index term `idx` is `t`: exact
/// when `idx` is `k` (extended or truncated), plus terms free of `k`, times
/// an odd constant; a nearby value for other constants; `None` for other
/// shapes. Any value makes a valid instance; this one reads element `t`.
fn invert(idx: &BV, t: &BV, k: &BV) -> Option<BV> {
    let w = idx.get_size();
    let t = fit(t, w);
    if idx.ast_eq(k) {
        return Some(t);
    }
    if !idx.is_app() {
        return None;
    }
    let kids: Vec<BV> = idx.children().iter().filter_map(|c| c.as_bv()).collect();
    let with_k: Vec<usize> = (0..kids.len()).filter(|&i| mentions(&kids[i], k)).collect();
    let [pos] = with_k[..] else {
        return None;
    };
    let inner = &kids[pos];
    let iw = inner.get_size();
    match decl_kind(idx)? {
        // `concat(high, inner)`: the low bits are `inner`'s.
        DeclKind::Concat if pos + 1 == kids.len() => invert(inner, &t.extract(iw - 1, 0), k),
        DeclKind::ZeroExt | DeclKind::SignExt => invert(inner, &t.extract(iw - 1, 0), k),
        // The low bits of a wider term: take the high bits zero.
        DeclKind::Extract if idx.ast_eq(inner.extract(w - 1, 0)) => invert(inner, &fit(&t, iw), k),
        DeclKind::Badd => {
            let mut rest = t;
            for (i, x) in kids.iter().enumerate() {
                if i != pos {
                    rest = rest.bvsub(x);
                }
            }
            invert(inner, &rest.simplify(), k)
        }
        DeclKind::Bmul if kids.len() == 2 => {
            let c = kids[1 - pos].as_u64()?;
            if c == 0 {
                return None;
            }
            let tz = c.trailing_zeros();
            let odd = c >> tz;
            // The inverse of an odd number modulo 2^64 (Newton's iteration
            // doubles the correct low bits: 3, 6, 12, 24, 48, 96).
            let mut inv = odd;
            for _ in 0..5 {
                inv = inv.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inv)));
            }
            let shifted = if tz == 0 { t } else { t.bvlshr(num(u64::from(tz), w)) };
            invert(inner, &shifted.bvmul(num(inv, w)).simplify(), k)
        }
        _ => None,
    }
}

fn mentions(t: &BV, bound: &BV) -> bool {
    visit_apps([Dynamic::from_ast(t)], |x, _| {
        if x.as_bv().is_some_and(|b| b.ast_eq(bound)) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .is_break()
}

enum Search {
    /// Every `u` for which `fails` holds lies in `[lo, hi]`.
    Range(u64, u64),
    /// `fails` is unsatisfiable.
    Valid,
    /// `fails` holds at more than `MAX_RANGE` values, among them this one.
    Wide(u64),
    Unknown,
}

enum Answer {
    /// Satisfiable, with `u`'s value in the model.
    Sat(u64),
    Unsat,
    Unknown,
}

/// The range of `u` (a `w`-bit term) over the models of `fails`: a model
/// gives one value, then binary searches find the largest and the smallest,
/// each model answer moving the search past its value.
fn search(fails: &Bool, u: &BV, w: u32, deadline: Option<Instant>) -> Search {
    let umax = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let lit = |v: u64| num(v, w);
    let u0 = match query(fails, None, u, deadline) {
        Answer::Sat(v) => v,
        Answer::Unsat => return Search::Valid,
        Answer::Unknown => return Search::Unknown,
    };
    // The largest value lies in [lo, hi].
    let (mut lo, mut hi) = (u0, u0.saturating_add(MAX_RANGE - 1).min(umax));
    if hi < umax {
        match query(fails, Some(&u.bvugt(lit(hi))), u, deadline) {
            Answer::Unsat => {}
            Answer::Sat(_) => return Search::Wide(u0),
            Answer::Unknown => return Search::Unknown,
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match query(fails, Some(&u.bvugt(lit(mid))), u, deadline) {
            Answer::Sat(v) => lo = v.max(mid + 1),
            Answer::Unsat => hi = mid,
            Answer::Unknown => return Search::Unknown,
        }
    }
    let top = hi;
    // The smallest lies in [lo, hi], at most MAX_RANGE below the largest.
    let (mut lo, mut hi) = (top.saturating_sub(MAX_RANGE - 1), u0);
    if lo > 0 {
        match query(fails, Some(&u.bvult(lit(lo))), u, deadline) {
            Answer::Unsat => {}
            Answer::Sat(_) => return Search::Wide(u0),
            Answer::Unknown => return Search::Unknown,
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        match query(fails, Some(&u.bvult(lit(mid))), u, deadline) {
            Answer::Sat(v) => hi = v.min(mid - 1),
            Answer::Unsat => lo = mid,
            Answer::Unknown => return Search::Unknown,
        }
    }
    Search::Range(lo, top)
}

fn query(fails: &Bool, extra: Option<&Bool>, u: &BV, deadline: Option<Instant>) -> Answer {
    let solver = Solver::new();
    solver.assert(fails);
    if let Some(e) = extra {
        solver.assert(e);
    }
    let mut ms = QUERY_MS;
    if let Some(d) = deadline {
        let left = d.saturating_duration_since(Instant::now());
        if left == Duration::ZERO {
            return Answer::Unknown;
        }
        ms = ms.min(u64::try_from(left.as_millis()).unwrap_or(u64::MAX).max(1));
    }
    let mut p = Params::new();
    p.set_u32("timeout", u32::try_from(ms).unwrap_or(u32::MAX));
    solver.set_params(&p);
    match solver.check() {
        SatResult::Unsat => Answer::Unsat,
        SatResult::Sat => match solver
            .get_model()
            .and_then(|m| m.eval(u, true))
            .and_then(|v| v.as_u64())
        {
            Some(v) => Answer::Sat(v),
            None => Answer::Unknown,
        },
        SatResult::Unknown => Answer::Unknown,
    }
}
