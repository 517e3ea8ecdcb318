//! The covered-iteration condition without what it repeats.
//!
//! In: the conjuncts of the coverage condition (every assumption of the
//! accelerator at `n = 1`, in the order they are assumed). Out: the same
//! condition, smaller: conjunctions flattened, `e + 0`, conversions that
//! widen and narrow back and widening conversions of the variable side of
//! a comparison with a constant removed (exact identities of C), a
//! conjunct over one variable whose true values are an interval of its type
//! (or all values but one) written as comparisons of the variable with the
//! ends (`4294967295U - k >= 1U` as `k < 4294967295U`; the ends are found by
//! evaluation, the equivalence is proved with z3), repeated conjuncts dropped, and every conjunct dropped that z3 proves implied by
//! the kept conjuncts before it (with C's wrap-around semantics, each
//! variable in its type; where z3 proves that nothing in a conjunct wraps
//! around, with its mathematical value). Only earlier conjuncts count as premises: a
//! conjunct that protects the evaluation of a later one (an index in
//! bounds before an element is read) is implied by nothing after it being
//! dropped, so the flag never evaluates anything the longer one would not.
//! Then a conjunct is also dropped where the others kept imply it (in C's
//! semantics) and nothing after it could fail its evaluation (comparisons
//! and unsigned `+ - *` of variables), so it protects nothing.
//!
//! Why: at `n = 1` the no-wrap bounds, the closed forms at the last
//! iteration and the guards say the same thing several times, and the flag
//! is evaluated at every original iteration (it was a third of the output).

use std::collections::{BTreeSet, HashMap, HashSet};

use z3::ast::{Bool, Int};

use super::context::Ctx;
use super::smt::{Eval, Mode, in_range, prove};
use super::solver::{optional_queries, with_solver};
use crate::ir::build::key;
use crate::ir::build::{self, and_all};
use crate::ir::{BinOp, Expr, ExprKind, IntType, Program, UnOp, VarId};

/// The conjunction of `parts`, simplified (see the module comment).
pub(super) fn coverage(ctx: &Ctx, parts: Vec<Expr>) -> Expr {
    let ty_of = |v: VarId| ctx.path.var_decl(ctx.program, v).and_then(|d| d.ty.as_int());
    let mut flat = Vec::new();
    for p in parts {
        flatten(tidy(p), &mut flat);
    }
    let mut conjuncts = optional_queries(|| as_intervals(flat, &ty_of));
    let mut seen = HashSet::new();
    conjuncts.retain(|c| c.const_value() != Some(1) && seen.insert(key(c)));
    and_all(without_redundant(conjuncts, &ty_of, 0))
}

fn flatten(e: Expr, out: &mut Vec<Expr>) {
    operands_of(BinOp::LogAnd, e, out)
}

/// The operands of a chain of `op` (`&&` or `||`), in order.
fn operands_of(op: BinOp, e: Expr, out: &mut Vec<Expr>) {
    match e.kind {
        ExprKind::Binary(o, a, b) if o == op => {
            operands_of(op, *a, out);
            operands_of(op, *b, out);
        }
        _ => out.push(e),
    }
}

/// `e + 0`, `e * 1` and the other neutral operations of `e`'s type
/// (`build::other_than_neutral`) and `(T)(W)e` (with `e` of type `T`
/// and every value of `T` one of `W`) replaced by `e`, and `!(a == b)` by
/// `a != b` (any comparison of integers turned), bottom up.
pub(super) fn tidy(e: Expr) -> Expr {
    let Expr { kind, ty, span } = e;
    let kind = match kind {
        ExprKind::Unary(op, a) => match (op, tidy(*a)) {
            (UnOp::LogNot, a) if let Some(turned) = build::turned(&a) => return turned,
            (op, a) => ExprKind::Unary(op, Box::new(a)),
        },
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (tidy(*a), tidy(*b));
            if let Some(x) = build::other_than_neutral(op, &a, &b)
                && x.ty == ty
            {
                return x.clone();
            }
            let (op, a, b) = match narrow_comparison(op, &a, &b) {
                Some(narrow) => narrow,
                None => (op, a, b),
            };
            ExprKind::Binary(op, Box::new(a), Box::new(b))
        }
        ExprKind::Cond(c, a, b) => ExprKind::Cond(Box::new(tidy(*c)), Box::new(tidy(*a)), Box::new(tidy(*b))),
        ExprKind::Cast { implicit, expr } => {
            let inner = tidy(*expr);
            if let ExprKind::Cast { expr: x, .. } = &inner.kind
                && x.ty == ty
                && let (Some(t), Some(w)) = (ty.as_int(), inner.ty.as_int())
                && w.contains(t.min())
                && w.contains(t.max())
            {
                return (**x).clone();
            }
            ExprKind::Cast {
                implicit,
                expr: Box::new(inner),
            }
        }
        other => other,
    };
    Expr { kind, ty, span }
}

/// The disjunction of `conds` (coverage conditions of a loop's paths),
/// `None` when there are none. The conjuncts that every condition starts
/// with are said once, in front, and those that every condition ends with
/// once, at the end (so each is still evaluated where it was: the ones in
/// front first, the ones at the end only once the rest of some disjunct
/// holds), each disjunct is simplified (`given`) where the ones in front
/// hold and the disjuncts before it do not (`a || (b && !a)` is
/// `a || b`), and the rest of the disjunction is left out where z3 proves
/// it always true once the ones in front hold.
pub fn any_of(program: &Program, conds: Vec<Expr>) -> Option<Expr> {
    let mut split: Vec<Vec<Expr>> = conds
        .into_iter()
        .map(|c| {
            let mut parts = Vec::new();
            flatten(c, &mut parts);
            parts
        })
        .collect();
    let first = split.first()?.clone();
    let common = shared_prefix(split.iter().map(|d| d.iter()).collect());
    let prefix: Vec<Expr> = first[..common].to_vec();
    let mut rests: Vec<Vec<Expr>> = split.iter_mut().map(|d| d.split_off(common)).collect();
    let common_end = shared_prefix(rests.iter().map(|d| d.iter().rev()).collect());
    let suffix: Vec<Expr> = rests[0][rests[0].len() - common_end..].to_vec();
    for d in &mut rests {
        d.truncate(d.len() - common_end);
    }
    // A disjunct is evaluated only where the ones before it are false.
    let mut simplified: Vec<Expr> = Vec::new();
    for (k, r) in rests.into_iter().map(and_all).enumerate() {
        let r = if k == 0 {
            r
        } else {
            let earlier_false = simplified.iter().map(|d| build::not(d.clone()));
            let fact = and_all(prefix.iter().cloned().chain(earlier_false).collect::<Vec<_>>());
            given(program, r, &fact)
        };
        simplified.push(r);
    }
    let rests = without_covered_by_later(program, &prefix, simplified);
    let with = |middle: Option<Expr>| {
        and_all(
            prefix
                .iter()
                .cloned()
                .chain(middle)
                .chain(suffix.iter().cloned())
                .collect::<Vec<_>>(),
        )
    };
    if rests.iter().any(|r| r.const_value() == Some(1)) {
        return Some(with(None));
    }
    let rest = match as_choice(&rests) {
        Some(choice) => choice,
        None => or_all(rests),
    };
    let ty_of = types_of(program);
    let mut with_rest = prefix.clone();
    with_rest.push(rest.clone());
    if implied_by_earlier(&with_rest, &ty_of).last() == Some(&true) {
        return Some(with(None));
    }
    Some(with(Some(rest)))
}

/// `disjuncts` (after the conjuncts `prefix`), each simplified (`given`)
/// where the ones after it are false, and left out where z3 proves it false
/// there (`n == 0U || n <= 20U` is `n <= 20U`): exact for the value of the
/// disjunction, and done only where it and every disjunct after it
/// evaluate anywhere, since it was evaluated before them.
fn without_covered_by_later(program: &Program, prefix: &[Expr], disjuncts: Vec<Expr>) -> Vec<Expr> {
    let ty_of = types_of(program);
    let mut later: Vec<Expr> = Vec::new();
    // Whether every disjunct in `later` evaluates anywhere.
    let mut later_anywhere = true;
    for d in disjuncts.into_iter().rev() {
        let anywhere = evaluates_anywhere(&d);
        if later.is_empty() || !anywhere || !later_anywhere {
            later_anywhere &= anywhere;
            later.push(d);
            continue;
        }
        let mut facts = prefix.to_vec();
        facts.extend(later.iter().map(|l| build::negation(l.clone())));
        let mut premises = facts.clone();
        premises.push(build::negation(d.clone()));
        if implied_by_earlier(&premises, &ty_of).last() == Some(&true) {
            continue;
        }
        later.push(given(program, d, &and_all(facts)));
    }
    later.reverse();
    later
}

/// `(g && a) || (!g && b)` as `g ? a : b` (the same value, and each
/// operand evaluated where it was): two disjuncts with complementary
/// conjuncts `g` and `!g`, each the first of its disjunct or everything
/// evaluating anywhere.
fn as_choice(disjuncts: &[Expr]) -> Option<Expr> {
    let [d0, d1] = disjuncts else {
        return None;
    };
    let (mut c0, mut c1) = (Vec::new(), Vec::new());
    flatten(d0.clone(), &mut c0);
    flatten(d1.clone(), &mut c1);
    let anywhere = evaluates_anywhere(d0) && evaluates_anywhere(d1);
    let (i, j) = c0.iter().enumerate().find_map(|(i, g)| {
        let not_g = key(&build::negation(g.clone()));
        let j = c1.iter().position(|c| key(c) == not_g)?;
        (anywhere || (i == 0 && j == 0)).then_some((i, j))
    })?;
    let g = c0.remove(i);
    c1.remove(j);
    if c0.is_empty() || c1.is_empty() {
        return None;
    }
    Some(build::ite(g, and_all(c0), and_all(c1)))
}

/// Each variable's integer type (`None` for one the program does not know,
/// such as an accelerator's own, which is then left unconstrained).
fn types_of(program: &Program) -> impl Fn(VarId) -> Option<IntType> + '_ {
    |v: VarId| (v.0 < program.vars.len()).then(|| program.var(v).ty.as_int()).flatten()
}

/// How many conjuncts, taken in the iterators' order, all of `seqs` start
/// with (the same by structure).
fn shared_prefix<'e, I: Iterator<Item = &'e Expr>>(mut seqs: Vec<I>) -> usize {
    let mut n = 0;
    loop {
        let heads: Vec<Option<&Expr>> = seqs.iter_mut().map(Iterator::next).collect();
        match heads.first() {
            Some(Some(h)) if heads.iter().all(|x| x.is_some_and(|x| key(x) == key(h))) => n += 1,
            _ => return n,
        }
    }
}

/// `!premise || conclusion`, without the conjuncts of `conclusion` that
/// are conjuncts of `premise` (they hold wherever the disjunct is
/// evaluated); just the rest of `conclusion` when `premise` is true.
pub fn implication(premise: Expr, conclusion: Expr) -> Expr {
    let mut given = Vec::new();
    flatten(premise.clone(), &mut given);
    let given: HashSet<String> = given.iter().map(key).collect();
    let mut parts = Vec::new();
    flatten(conclusion, &mut parts);
    let rest = and_all(parts.into_iter().filter(|c| !given.contains(&key(c))));
    if build::is_true(&premise) {
        rest
    } else {
        build::or(build::not(premise), rest)
    }
}

/// `e` where the conjuncts of `fact` hold: those conjuncts of `e` left
/// out, `!c || rest` (an implication from `implication`) read as `rest`
/// when `c` is one of them, each disjunct of a disjunction and each branch
/// of a `?:` simplified the same way (the disjunction left out when one of
/// them is true), repeated
/// conjuncts said once, and every
/// conjunct left out that z3 proves implied by the facts and the conjuncts
/// kept before it. Used with the loop condition, which holds where the
/// coverage flag is evaluated.
pub fn given(program: &Program, e: Expr, fact: &Expr) -> Expr {
    let mut facts = Vec::new();
    flatten(fact.clone(), &mut facts);
    let known: HashSet<String> = facts.iter().map(key).collect();
    let mut parts = Vec::new();
    flatten(e, &mut parts);
    parts.reverse();
    let mut out: Vec<Expr> = Vec::new();
    let mut seen = HashSet::new();
    while let Some(p) = parts.pop() {
        if known.contains(&key(&p)) || !seen.insert(key(&p)) {
            continue;
        }
        let Expr { kind, ty, span } = p;
        match kind {
            ExprKind::Binary(BinOp::LogOr, a, b) if matches!(&a.kind, ExprKind::Unary(crate::ir::UnOp::LogNot, c) if known.contains(&key(c))) =>
            {
                let mut rest = Vec::new();
                flatten(*b, &mut rest);
                rest.reverse();
                parts.extend(rest);
            }
            // Each disjunct where the facts hold; one that holds there
            // makes the disjunction true.
            ExprKind::Binary(BinOp::LogOr, a, b) => {
                let mut disjuncts = Vec::new();
                for d in [*a, *b] {
                    operands_of(BinOp::LogOr, d, &mut disjuncts);
                }
                let simplified: Vec<Expr> = disjuncts.into_iter().map(|d| given(program, d, fact)).collect();
                if !simplified.iter().any(build::is_true) {
                    out.push(or_all(simplified));
                }
            }
            // Each branch where the facts hold (they hold wherever it is
            // evaluated).
            ExprKind::Cond(c, a, b) => {
                let (a, b) = (given(program, *a, fact), given(program, *b, fact));
                out.push(Expr::new(ExprKind::Cond(c, Box::new(a), Box::new(b)), ty, span));
            }
            kind => out.push(Expr { kind, ty, span }),
        }
    }
    let ty_of = types_of(program);
    // The facts are premises, in front; only the flag's own conjuncts go.
    let n_facts = facts.len();
    let mut all = facts;
    all.extend(out);
    and_all(without_redundant(all, &ty_of, n_facts).into_iter().skip(n_facts))
}

fn or_all(es: Vec<Expr>) -> Expr {
    es.into_iter()
        .reduce(build::or)
        .unwrap_or_else(|| Expr::int(0, IntType::INT))
}

/// The accelerator's assumptions, in their order, without the conjuncts
/// that z3 proves implied by the ones before them; an assumption all of
/// whose conjuncts are implied is left out.
pub(super) fn assumptions(parts: Vec<Expr>, ty_of: &dyn Fn(VarId) -> Option<IntType>) -> Vec<Expr> {
    let mut conjuncts = Vec::new();
    let mut origin = Vec::new();
    for (i, p) in parts.into_iter().enumerate() {
        flatten(p, &mut conjuncts);
        origin.resize(conjuncts.len(), i);
    }
    let implied = implied_by_earlier(&conjuncts, ty_of);
    let mut groups: Vec<(usize, Vec<Expr>)> = Vec::new();
    for ((c, i), dropped) in conjuncts.into_iter().zip(origin).zip(implied) {
        if dropped {
            continue;
        }
        match groups.last_mut() {
            Some((j, g)) if *j == i => g.push(c),
            _ => groups.push((i, vec![c])),
        }
    }
    groups.into_iter().map(|(_, g)| and_all(g)).collect()
}

/// What z3 knows where a conjunct is evaluated: each variable's value
/// (within its type) and the conjuncts before it (those whose value z3 can
/// take without wrap-around), which hold there (`&&` evaluates left to
/// right).
struct Known {
    vars: HashMap<VarId, Int>,
    premises: Vec<Bool>,
}

/// A z3 integer per variable of `conjuncts` that has a type (in the order
/// of their ids, so that the terms are made in the same order on every
/// run), and the premises that each is in its type's range.
fn typed_vars(conjuncts: &[Expr], ty_of: &dyn Fn(VarId) -> Option<IntType>) -> Known {
    let mut names = BTreeSet::new();
    for c in conjuncts {
        build::vars_of(c, &mut names);
    }
    let mut known = Known {
        vars: HashMap::new(),
        premises: Vec::new(),
    };
    for v in names {
        if let Some(t) = ty_of(v) {
            let x = Int::fresh_const(&format!("v{}", v.0));
            known.premises.push(in_range(&x, t));
            known.vars.insert(v, x);
        }
    }
    known
}

/// `as_interval` of each conjunct, given the ones before it.
fn as_intervals(conjuncts: Vec<Expr>, ty_of: &dyn Fn(VarId) -> Option<IntType>) -> Vec<Expr> {
    let mut known = typed_vars(&conjuncts, ty_of);
    conjuncts
        .into_iter()
        .map(|c| {
            // Only where nothing wraps around: z3 is slow on the modular
            // form (seconds for `(unsigned short)(x + 1)`); then `c` stays.
            let Some(truth) = math_truth(&c, &known.vars, &known.premises) else {
                return c;
            };
            let c = as_interval(c, &truth, ty_of, &known);
            // The rewritten conjunct is equivalent here: the old truth serves.
            known.premises.push(truth);
            c
        })
        .collect()
}

/// A conjunct over a single integer variable `v` whose values satisfying
/// it form one interval of `v`'s type, as the comparisons of `v` with the
/// interval's ends (`4294967295U - k >= 1U` is `k < 4294967295U`), when
/// that is shorter and z3 proves the two equivalent for every value of the
/// type where the earlier conjuncts hold; anything else unchanged. The new
/// conjunct evaluates only `v`, so it is safe wherever the old one was.
/// `truth` is `c`'s value for z3.
fn as_interval(c: Expr, truth: &Bool, ty_of: &dyn Fn(VarId) -> Option<IntType>, known: &Known) -> Expr {
    let plain = |e: &Expr| {
        let mut ok = true;
        e.walk(&mut |x| {
            ok &= matches!(
                x.kind,
                ExprKind::IntLit(_)
                    | ExprKind::Var(_)
                    | ExprKind::Unary(..)
                    | ExprKind::Binary(..)
                    | ExprKind::Cond(..)
                    | ExprKind::Cast { .. }
            )
        });
        ok
    };
    let mut names = BTreeSet::new();
    build::vars_of(&c, &mut names);
    let (Some(&v), 1) = (names.first(), names.len()) else {
        return c;
    };
    let Some(t) = ty_of(v) else {
        return c;
    };
    if !plain(&c) || is_bound_of_var(&c) {
        return c;
    }
    let Some(candidate) = bounds_of(&c, truth, v, t, known) else {
        return c;
    };
    if key(&candidate).len() >= key(&c).len() {
        return c;
    }
    let Some(new) = math_truth(&candidate, &known.vars, &known.premises) else {
        return c;
    };
    if with_solver(|s| prove(s, &known.premises, &truth.eq(&new))) {
        candidate
    } else {
        c
    }
}

/// The comparisons of `v` with constants that say what `c` says, if its
/// true values (found by evaluation, not yet proved) form one interval of
/// `t` or all but one value.
fn bounds_of(c: &Expr, truth: &Bool, v: VarId, t: IntType, known: &Known) -> Option<Expr> {
    let var_expr = {
        let v = Expr::var(v, crate::ir::CType::Int(t));
        let p = t.promote();
        if p == t {
            v
        } else {
            Expr::new(
                ExprKind::Cast {
                    implicit: true,
                    expr: Box::new(v),
                },
                crate::ir::CType::Int(p),
                crate::ir::Span::SYNTHETIC,
            )
        }
    };
    let bound = |op: BinOp, value: i128| build::cmp(op, var_expr.clone(), Expr::int(value, t.promote()));
    let (lo, hi) = interval_of(c, v, t, None)?;
    if (lo, hi) == (t.min(), t.max()) {
        // True at every value tried; false at one point (z3 finds it)?
        let not_c = build::not(c.clone());
        let p = counterexample(truth, v, known)?;
        let (p, q) = interval_of(&not_c, v, t, Some(p))?;
        return (p == q).then(|| bound(BinOp::Ne, p));
    }
    let lower = (lo > t.min()).then(|| {
        if lo - 1 == t.min() {
            bound(BinOp::Gt, lo - 1)
        } else {
            bound(BinOp::Ge, lo)
        }
    });
    let upper = (hi < t.max()).then(|| {
        if hi + 1 == t.max() {
            bound(BinOp::Lt, hi + 1)
        } else {
            bound(BinOp::Le, hi)
        }
    });
    Some(match (lower, upper) {
        _ if lo == hi => bound(BinOp::Eq, lo),
        (Some(l), Some(u)) => build::and(l, u),
        (Some(b), None) | (None, Some(b)) => b,
        (None, None) => Expr::int(1, IntType::INT),
    })
}

/// A value of `v` at which the conjunct whose z3 value is `truth` is false
/// where the earlier conjuncts hold, if z3 finds one.
fn counterexample(truth: &Bool, v: VarId, known: &Known) -> Option<i128> {
    let x = known.vars.get(&v)?;
    with_solver(|s| {
        s.push();
        for p in &known.premises {
            s.assert(p);
        }
        s.assert(truth.not());
        let found = (s.check() == z3::SatResult::Sat)
            .then(|| s.get_model())
            .flatten()
            .and_then(|m| m.eval(x, true))
            .and_then(|value| value.to_string().parse::<i128>().ok());
        s.pop(1);
        found
    })
}

/// The truth of `e` for z3: its mathematical value where z3 proves that
/// nothing in it wraps around under `premises` (modular arithmetic is hard
/// for the solver), else its exact C value.
fn truth_in_range(e: &Expr, vars: &HashMap<VarId, Int>, premises: &[Bool]) -> Option<Bool> {
    math_truth(e, vars, premises).or_else(|| Eval::new(Mode::Exact, vars).truth(e, &Bool::from_bool(true)))
}

/// The truth of `e` for z3 as its mathematical value, if z3 proves that
/// nothing in it wraps around under `premises`.
fn math_truth(e: &Expr, vars: &HashMap<VarId, Int>, premises: &[Bool]) -> Option<Bool> {
    let mut math = Eval::new(Mode::NoWrap, vars);
    let t = math.truth(e, &Bool::from_bool(true))?;
    with_solver(|s| prove(s, premises, &Bool::and(&math.sides))).then_some(t)
}

/// `v op k` (possibly through implicit conversions) with a constant `k`:
/// already as short as an interval bound can be.
fn is_bound_of_var(c: &Expr) -> bool {
    match &c.kind {
        ExprKind::Binary(op, a, b) if op.is_comparison() => {
            let var = |e: &Expr| matches!(e.skip_implicit().kind, ExprKind::Var(_));
            (var(a) && b.const_value().is_some()) || (var(b) && a.const_value().is_some())
        }
        _ => false,
    }
}

/// The ends of the run of values of `v` (of type `t`) around a value where
/// `c` holds, found by evaluating `c` at constants (C semantics, no
/// solver): the caller proves with z3 that `c` holds exactly between them.
/// `None` when no tried value satisfies `c`.
fn interval_of(c: &Expr, v: VarId, t: IntType, hint: Option<i128>) -> Option<(i128, i128)> {
    let holds = |value: i128| {
        let at = build::subst(c, &|w| (w == v).then(|| Expr::int(value, t)));
        at.const_value().is_some_and(|b| b != 0)
    };
    let mid = t.min() + (t.max() - t.min()) / 2;
    let witness = hint
        .into_iter()
        .chain([t.min(), t.max(), 0, 1, mid, mid + 1])
        .filter(|&w| t.contains(w))
        .find(|&w| holds(w))?;
    // The last value from `witness` towards `limit` before `c` first fails,
    // if `c` is monotone on that side (the proof checks that it is).
    let edge = |limit: i128| {
        if holds(limit) {
            return limit;
        }
        let (mut good, mut bad) = (witness, limit);
        while (good - bad).abs() > 1 {
            let mid = bad + (good - bad) / 2;
            if holds(mid) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        good
    };
    Some((edge(t.min()), edge(t.max())))
}

/// `c <= (W)e` as `e >= c'`, where the conversion of `e` to `W` keeps every
/// value, `c` is a constant of `e`'s type and that type is not promoted (so
/// both comparisons compare the same two numbers); the variable goes left.
fn narrow_comparison(op: BinOp, a: &Expr, b: &Expr) -> Option<(BinOp, Expr, Expr)> {
    let mirrored = op.mirrored()?;
    let widened = |e: &Expr| match &e.kind {
        ExprKind::Cast { expr, .. } => {
            let (inner, outer) = (expr.int_type()?, e.int_type()?);
            (inner.promote() == inner && outer.includes(inner)).then(|| ((**expr).clone(), inner))
        }
        _ => None,
    };
    let (op, var_side, konst) = match (a.const_value(), b.const_value()) {
        (Some(c), None) => (mirrored, b, c),
        (None, Some(c)) => (op, a, c),
        _ => return None,
    };
    let (e, t) = widened(var_side)?;
    t.contains(konst).then(|| (op, e, Expr::int(konst, t)))
}

/// The conjuncts, in their order, without those that z3 proves
/// implied: first by the kept ones before them (`without_implied`), then
/// by all the others kept (`without_implied_by_later`). The first `keep`
/// are premises only, never dropped.
fn without_redundant(conjuncts: Vec<Expr>, ty_of: &dyn Fn(VarId) -> Option<IntType>, keep: usize) -> Vec<Expr> {
    without_implied_by_later(without_implied(conjuncts, ty_of, keep), ty_of, keep)
}

/// The conjuncts that z3 does not prove implied by the kept ones before
/// them, in their order (the first `keep` always kept); `ty_of` gives
/// each variable's type (a variable without one is left unconstrained,
/// which only makes fewer drops).
fn without_implied(conjuncts: Vec<Expr>, ty_of: &dyn Fn(VarId) -> Option<IntType>, keep: usize) -> Vec<Expr> {
    let implied = implied_by_earlier(&conjuncts, ty_of);
    without(conjuncts, &implied, keep)
}

/// The conjuncts without each one (from the `keep`-th on) that z3 proves
/// implied by the others kept, in C's semantics (`i + 1U < n` where
/// `i + 1U + 1U < n` and `i <= 4294967293U` follow), when everything after
/// it can be evaluated in any state: then it protects no evaluation, and
/// `&&` gives the same value without it. Kept as they are when z3 cannot
/// say within the budget of optional queries.
fn without_implied_by_later(conjuncts: Vec<Expr>, ty_of: &dyn Fn(VarId) -> Option<IntType>, keep: usize) -> Vec<Expr> {
    if conjuncts.len() < 2 {
        return conjuncts;
    }
    let dropped = optional_queries(|| implied_by_later_in_budget(&conjuncts, ty_of, keep));
    without(conjuncts, &dropped, keep)
}

/// `conjuncts` without the ones marked in `drop`, from the `keep`-th on.
fn without(conjuncts: Vec<Expr>, drop: &[bool], keep: usize) -> Vec<Expr> {
    conjuncts
        .into_iter()
        .zip(drop)
        .enumerate()
        .filter(|(i, (_, d))| *i < keep || !**d)
        .map(|(_, (c, _))| c)
        .collect()
}

fn implied_by_later_in_budget(conjuncts: &[Expr], ty_of: &dyn Fn(VarId) -> Option<IntType>, keep: usize) -> Vec<bool> {
    let Known { vars, premises: ranges } = typed_vars(conjuncts, ty_of);
    let truths: Vec<Option<Bool>> = conjuncts
        .iter()
        .map(|c| {
            if nonlinear(c) {
                return None;
            }
            Eval::new(Mode::Exact, &vars).truth(c, &Bool::from_bool(true))
        })
        .collect();
    // Whether everything after each conjunct can be evaluated anywhere.
    let mut anywhere_after = vec![true; conjuncts.len()];
    for i in (1..conjuncts.len()).rev() {
        anywhere_after[i - 1] = anywhere_after[i] && evaluates_anywhere(&conjuncts[i]);
    }
    // From the last: where a late guard and an early bound together imply
    // the conjuncts between them (`i <= 4294967291U && i + 1U < n && i +
    // 2U < n && i + 3U < n`), those go and the bound stays; from the
    // first, the bound would go and the rest stay.
    let mut dropped = vec![false; conjuncts.len()];
    for i in (keep..conjuncts.len()).rev() {
        let Some(claim) = &truths[i] else { continue };
        if !anywhere_after[i] {
            continue;
        }
        let mut premises = ranges.clone();
        for (j, t) in truths.iter().enumerate() {
            if j != i && !dropped[j] {
                premises.extend(t.iter().cloned());
            }
        }
        dropped[i] = with_solver(|s| prove(s, &premises, claim));
    }
    dropped
}

/// Whether `e` has a value in every state without any check that CBMC
/// makes failing: comparisons and logic over integer variables and
/// constants, unsigned `+ - *`, division and remainder by a constant other
/// than 0 and -1, and conversions to unsigned types or to types that hold
/// every value (no other division, shift, signed arithmetic, element or
/// pointer access).
pub(super) fn evaluates_anywhere(e: &Expr) -> bool {
    let mut ok = true;
    e.walk(&mut |x| {
        let unsigned = x.int_type().is_some_and(|t| !t.signed);
        ok &= match &x.kind {
            ExprKind::IntLit(_) | ExprKind::Var(_) => x.int_type().is_some(),
            ExprKind::Unary(crate::ir::UnOp::LogNot, _) => true,
            ExprKind::Binary(op, _, _) if op.is_comparison() || matches!(op, BinOp::LogAnd | BinOp::LogOr) => true,
            ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, _, _) => unsigned,
            ExprKind::Binary(BinOp::Div | BinOp::Rem, _, d) => d.const_value().is_some_and(|d| d != 0 && d != -1),
            ExprKind::Cast { expr, .. } => match (expr.int_type(), x.int_type()) {
                (Some(from), Some(to)) => !to.signed || to.includes(from),
                _ => false,
            },
            _ => false,
        };
    });
    ok
}

/// For each conjunct, whether z3 proves it implied by the conjuncts before
/// it that are not themselves implied.
fn implied_by_earlier(conjuncts: &[Expr], ty_of: &dyn Fn(VarId) -> Option<IntType>) -> Vec<bool> {
    optional_queries(|| implied_by_earlier_in_budget(conjuncts, ty_of))
}

/// Whether `e` multiplies two values that are not constants.
fn nonlinear(e: &Expr) -> bool {
    let mut found = false;
    e.walk(&mut |x| {
        if let ExprKind::Binary(BinOp::Mul, a, b) = &x.kind {
            found |= a.const_value().is_none() && b.const_value().is_none();
        }
    });
    found
}

fn implied_by_earlier_in_budget(conjuncts: &[Expr], ty_of: &dyn Fn(VarId) -> Option<IntType>) -> Vec<bool> {
    let Known { vars, mut premises } = typed_vars(conjuncts, ty_of);
    let mut implied_flags = Vec::new();
    for c in conjuncts {
        // A product of two changing values makes the queries nonlinear:
        // z3's answers within the budget then came out differently from
        // run to run on a loaded machine, so such a conjunct is kept as it
        // is (and is no premise for the others).
        if nonlinear(c) {
            implied_flags.push(false);
            continue;
        }
        // Modular arithmetic is hard for the solver: where z3 proves that
        // nothing in `c` wraps around under the premises, its mathematical
        // value is its C value.
        let truth = truth_in_range(c, &vars, &premises);
        let implied = truth.as_ref().is_some_and(|t| with_solver(|s| prove(s, &premises, t)));
        implied_flags.push(implied);
        if implied {
            continue;
        }
        if let Some(t) = truth {
            premises.push(t);
        }
    }
    implied_flags
}

#[cfg(test)]
mod tests;
