//! Counterexamples among small values, looked for before z3 is asked.
//!
//! In: the premises and the claim of a query over z3 integer terms. Out:
//! whether some assignment of small values to its integer constants makes
//! every premise true and the claim false. Such a point refutes the claim,
//! so z3 could not have proved it: the answer is the one z3 gives, only
//! sooner. z3's integer core is slow to find models of C's exact
//! remainder and division (`7 * i % 10U != 3` with `i > 613566756` took it
//! 0.3-2 s, under any resource limit), which the simplification of
//! conditions and the periodicity proofs ask about often, mostly to hear
//! "no".
//!
//! The terms are evaluated here, in Rust, not by z3's simplifier: new z3
//! terms would change what z3's later queries see (the order of its
//! terms), and so their running times and, under a budget, their answers.
//! Only queries with a division or remainder and at most three constants
//! are tried, with a fixed set of values and a fixed budget of node
//! evaluations, so the search depends only on the query.

use std::collections::HashMap;
use z3::AstKind;
use z3::ast::{Ast, Bool, Dynamic};

/// The terms of a query larger than this are not searched.
const MAX_NODES: usize = 4_000;

/// Node evaluations one search may spend (a fraction of a millisecond).
const MAX_EVALUATIONS: usize = 100_000;

/// Numerals above this (the bounds of 64-bit types, moduli 2^w) are not
/// tried as values.
const MAX_NUMERAL: u64 = 1 << 40;

/// Whether an assignment of small values to the integer constants of
/// `premises` and `claim` satisfies the premises and falsifies the claim.
pub(super) fn small_counterexample(premises: &[Bool], claim: &Bool) -> bool {
    let Some(query) = Query::compile(premises, claim) else {
        return false;
    };
    let values = candidates(query.vars, &query.numerals);
    let assignments = values.len().checked_pow(query.vars as u32).unwrap_or(usize::MAX);
    let evaluations = MAX_EVALUATIONS / query.nodes.len().max(1);
    let mut index = vec![0usize; query.vars];
    let mut point = vec![0i128; query.vars];
    let mut buffer = Vec::with_capacity(query.nodes.len());
    for _ in 0..assignments.min(evaluations) {
        for (p, &i) in point.iter_mut().zip(&index) {
            *p = values[i];
        }
        if query.refuted_at(&point, &mut buffer) {
            return true;
        }
        // The next assignment, as an odometer over the candidates.
        for i in index.iter_mut() {
            *i += 1;
            if *i < values.len() {
                break;
            }
            *i = 0;
        }
    }
    false
}

/// The values tried for each of `n` constants: small ones (fewer the
/// more constants there are), then each numeral of the query that is not
/// far above them and its neighbours (where a bound is crossed), in
/// increasing order.
fn candidates(n: usize, numerals: &[i128]) -> Vec<i128> {
    let last = match n {
        1 => 40,
        2 => 15,
        _ => 6,
    };
    let mut values: Vec<i128> = (0..=last).chain([-1, -2]).collect();
    let mut near: Vec<i128> = numerals
        .iter()
        .filter(|c| c.unsigned_abs() <= u128::from(MAX_NUMERAL))
        .flat_map(|&c| [c - 1, c, c + 1])
        .filter(|v| !values.contains(v))
        .collect();
    near.sort_unstable();
    near.dedup();
    values.extend(near);
    values
}

/// A value of the query's terms.
#[derive(Clone, Copy, PartialEq)]
enum Value {
    Int(i128),
    Bool(bool),
}

/// The operations the evaluator knows.
#[derive(Clone, Copy)]
enum Op {
    Var(usize),
    Num(i128),
    Bool(bool),
    Add,
    Sub,
    Mul,
    Neg,
    Div,
    Mod,
    Le,
    Lt,
    Ge,
    Gt,
    Eq,
    Ite,
    And,
    Or,
    Not,
    Implies,
}

struct Node {
    op: Op,
    args: Vec<usize>,
}

/// A query as nodes in evaluation order (each after its arguments); the
/// premises' roots and the claim's root.
struct Query {
    nodes: Vec<Node>,
    premises: Vec<usize>,
    claim: usize,
    vars: usize,
    numerals: Vec<i128>,
}

impl Query {
    /// The query when it is worth a search: it divides or takes a
    /// remainder, has one to three integer constants and nothing else
    /// that the evaluator does not know.
    fn compile(premises: &[Bool], claim: &Bool) -> Option<Query> {
        let mut q = Query {
            nodes: Vec::new(),
            premises: Vec::new(),
            claim: 0,
            vars: 0,
            numerals: Vec::new(),
        };
        let mut ids: HashMap<Dynamic, usize> = HashMap::new();
        let mut divides = false;
        for p in premises {
            let root = q.add(&Dynamic::from_ast(p), &mut ids, &mut divides)?;
            q.premises.push(root);
        }
        q.claim = q.add(&Dynamic::from_ast(claim), &mut ids, &mut divides)?;
        (divides && (1..=3).contains(&q.vars)).then_some(q)
    }

    /// The node of `term`, added after its arguments (iteratively: terms
    /// can be deep).
    fn add(&mut self, term: &Dynamic, ids: &mut HashMap<Dynamic, usize>, divides: &mut bool) -> Option<usize> {
        let mut stack = vec![(term.clone(), false)];
        while let Some((t, expanded)) = stack.pop() {
            if ids.contains_key(&t) {
                continue;
            }
            if self.nodes.len() >= MAX_NODES {
                return None;
            }
            let children = match t.kind() {
                AstKind::Numeral | AstKind::App => t.children(),
                _ => return None,
            };
            if !expanded && !children.is_empty() {
                stack.push((t, true));
                stack.extend(children.into_iter().map(|c| (c, false)));
                continue;
            }
            let op = if children.is_empty() {
                self.leaf(&t)?
            } else {
                let op = operation(&t)?;
                *divides |= matches!(op, Op::Div | Op::Mod);
                op
            };
            let args = children
                .iter()
                .map(|c| ids.get(c).copied())
                .collect::<Option<Vec<_>>>()?;
            ids.insert(t, self.nodes.len());
            self.nodes.push(Node { op, args });
        }
        ids.get(term).copied()
    }

    /// A numeral, `true`, `false` or an integer constant. (A constant's
    /// `DeclKind` is not asked: the libz3 4.8 of Debian numbers
    /// uninterpreted symbols outside the z3 crate's enum.)
    fn leaf(&mut self, t: &Dynamic) -> Option<Op> {
        if t.kind() == AstKind::Numeral {
            let v = numeral(&t.as_int()?.to_string())?;
            self.numerals.push(v);
            return Some(Op::Num(v));
        }
        if let Some(b) = t.as_bool().and_then(|b| b.as_bool()) {
            return Some(Op::Bool(b));
        }
        t.as_int()?;
        self.vars += 1;
        Some(Op::Var(self.vars - 1))
    }

    /// Whether the premises hold and the claim fails at `point`; `values`
    /// is the buffer of the nodes' values, one for the whole search.
    fn refuted_at(&self, point: &[i128], values: &mut Vec<Value>) -> bool {
        values.clear();
        for node in &self.nodes {
            let Some(v) = evaluate(node, values, point) else {
                return false;
            };
            values.push(v);
        }
        self.premises.iter().all(|&p| values[p] == Value::Bool(true)) && values[self.claim] == Value::Bool(false)
    }
}

/// The value of a numeral as z3 prints it: `5`, or `(- 5)`.
fn numeral(text: &str) -> Option<i128> {
    match text.strip_prefix("(- ").and_then(|t| t.strip_suffix(')')) {
        Some(magnitude) => magnitude.parse::<i128>().ok()?.checked_neg(),
        None => text.parse().ok(),
    }
}

/// The operation of an application with arguments, when the evaluator
/// knows it, told by the declaration's name (which, unlike its
/// `DeclKind`, is the same in every libz3; tracc names no function so).
fn operation(t: &Dynamic) -> Option<Op> {
    Some(match t.decl().name().as_str() {
        "+" => Op::Add,
        "-" if t.num_children() == 1 => Op::Neg,
        "-" => Op::Sub,
        "*" => Op::Mul,
        "div" => Op::Div,
        "mod" => Op::Mod,
        "<=" => Op::Le,
        "<" => Op::Lt,
        ">=" => Op::Ge,
        ">" => Op::Gt,
        "=" | "iff" => Op::Eq,
        "if" | "ite" => Op::Ite,
        "and" => Op::And,
        "or" => Op::Or,
        "not" => Op::Not,
        "=>" | "implies" => Op::Implies,
        _ => return None,
    })
}

impl Value {
    fn int(self) -> Option<i128> {
        match self {
            Value::Int(v) => Some(v),
            Value::Bool(_) => None,
        }
    }

    fn truth(self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(b),
            Value::Int(_) => None,
        }
    }
}

/// The value of `node` from its arguments' values, in SMT-LIB's integer
/// semantics (Euclidean `div` and `mod`); `None` where it has none here
/// (division by zero, overflow of 128 bits).
fn evaluate(node: &Node, values: &[Value], point: &[i128]) -> Option<Value> {
    let arg = |i: usize| values[node.args[i]];
    let int = |i: usize| arg(i).int();
    let truth = |i: usize| arg(i).truth();
    let args = || node.args.iter().map(|&a| values[a]);
    Some(match node.op {
        Op::Var(i) => Value::Int(point[i]),
        Op::Num(v) => Value::Int(v),
        Op::Bool(b) => Value::Bool(b),
        Op::Add => Value::Int(args().try_fold(0i128, |s, v| s.checked_add(v.int()?))?),
        Op::Mul => Value::Int(args().try_fold(1i128, |s, v| s.checked_mul(v.int()?))?),
        Op::Sub => Value::Int(args().skip(1).try_fold(int(0)?, |s, v| s.checked_sub(v.int()?))?),
        Op::Neg => Value::Int(int(0)?.checked_neg()?),
        Op::Div => Value::Int(int(0)?.checked_div_euclid(int(1)?)?),
        Op::Mod => Value::Int(int(0)?.checked_rem_euclid(int(1)?)?),
        Op::Le => Value::Bool(int(0)? <= int(1)?),
        Op::Lt => Value::Bool(int(0)? < int(1)?),
        Op::Ge => Value::Bool(int(0)? >= int(1)?),
        Op::Gt => Value::Bool(int(0)? > int(1)?),
        Op::Eq => {
            let first = arg(0);
            Value::Bool(args().all(|v| v == first))
        }
        Op::Ite => {
            if truth(0)? {
                arg(1)
            } else {
                arg(2)
            }
        }
        Op::And => Value::Bool(args().try_fold(true, |s, v| Some(s & v.truth()?))?),
        Op::Or => Value::Bool(args().try_fold(false, |s, v| Some(s | v.truth()?))?),
        Op::Not => Value::Bool(!truth(0)?),
        Op::Implies => Value::Bool(!truth(0)? || truth(1)?),
    })
}

#[cfg(test)]
mod tests {
    use super::small_counterexample;
    use crate::accelerate::smt::int;
    use z3::ast::{Bool, Int};

    /// `i` as a 32-bit unsigned value, the premises of C's ranges.
    fn unsigned(name: &str) -> (Int, Bool) {
        let v = Int::new_const(name);
        let range = Bool::and(&[v.ge(int(0)), v.le(int(4_294_967_295))]);
        (v, range)
    }

    #[test]
    fn a_remainder_that_hits_past_a_bound_is_refuted_by_its_neighbour_values() {
        crate::accelerate::solver::in_own_context(|| {
            let (i, i_range) = unsigned("i");
            let (n, n_range) = unsigned("n");
            // `7 * i % 10U != 3` for every `i < n` past 613566756: false at
            // the bound's neighbour 613566757 (7 * 613566757 = 2^32 + 3).
            let wrapped = (&i * int(7)).modulo(int(1 << 32));
            let claim = wrapped.modulo(int(10)).eq(int(3)).not();
            let premises = [i_range, n_range, i.lt(&n), i.gt(int(613_566_756))];
            assert!(small_counterexample(&premises, &claim));
        });
    }

    #[test]
    fn a_valid_claim_and_one_without_division_are_left_to_z3() {
        crate::accelerate::solver::in_own_context(|| {
            let (i, i_range) = unsigned("i");
            let valid = i.modulo(int(10)).lt(int(10));
            assert!(!small_counterexample(std::slice::from_ref(&i_range), &valid));
            // False at i = 0, but without a division the search is not made.
            let no_division = i.gt(int(0));
            assert!(!small_counterexample(std::slice::from_ref(&i_range), &no_division));
            // A division by zero has no value here: no point is taken.
            let by_zero = i.div(int(0)).eq(int(1));
            assert!(!small_counterexample(&[i_range], &by_zero));
        });
    }
}
