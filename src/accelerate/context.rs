//! What every acceleration pass shares: the path under acceleration with
//! its closed forms (`Ctx`), the iteration count as emitted C (`K`), the
//! checked operations as polynomials (`CheckPoly`), z3 integers for the
//! atoms of polynomials (`Atoms`), and what the no-overflow assumptions
//! guarantee at an iteration (`facts_at`, `moving_step`).
//!
//! In: the program, the path and the closed forms of its variables. Out:
//! values of expressions at an iteration, as exact C (`Ctx::at`,
//! `Ctx::cf_expr`) or as z3 terms (`Ctx::value_at`, `Ctx::cf_value`).

use super::poly::{self, Atom, Poly};
use super::recurrence::{Cf, Kind, linear_value, to_poly};
use super::smt::{self, in_range, int, poly_value};
use super::symex::PathGuard;
use super::wide::{abs_ul, add_nonneg, sub_nonneg};
use crate::ir::build::{self, arith, cast, cmp, ite, lit, ulong};
use crate::ir::{BinOp, CType, Callee, Expr, ExprKind, IntType, Intrinsic, Program, Span, Stmt, StmtKind, VarId};
use crate::loops::Path;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use z3::ast::{Bool, Int};

/// A checked operation with its values as polynomials in K. Those of the
/// body and those after it are checked alike, at all `n` iterations.
pub(super) struct CheckPoly {
    /// The operation (its C expression over the values at the start of an
    /// iteration).
    pub(super) node: Expr,
    /// Its value at k = 0.
    pub(super) first: Poly,
    /// Its value at k >= 1.
    pub(super) rest: Poly,
    /// Whether the two differ (`rest` at k = 0 is not `first`).
    pub(super) piecewise: bool,
}

/// An iteration count as emitted C (`unsigned long`), with its value when
/// it is a known constant.
#[derive(Clone)]
pub(super) struct K {
    pub(super) expr: Expr,
    pub(super) konst: Option<i128>,
    /// Known to be at least 1 (the iteration count `n` itself).
    pub(super) positive: bool,
}

impl K {
    pub(super) fn c(v: i128) -> K {
        K {
            expr: ulong(v),
            konst: Some(v),
            positive: v >= 1,
        }
    }

    /// The iteration (or element) index held in the variable `id`.
    pub(super) fn var(id: VarId) -> K {
        K {
            expr: Expr::var(id, build::ULONG),
            konst: None,
            positive: false,
        }
    }

    pub(super) fn minus1(&self) -> K {
        match self.konst {
            Some(v) => K::c(v - 1),
            None => K {
                expr: arith(BinOp::Sub, self.expr.clone(), ulong(1), IntType::ULONG),
                konst: None,
                positive: false,
            },
        }
    }
}

pub(super) struct Ctx<'a> {
    pub(super) program: &'a Program,
    pub(super) path: &'a Path,
    pub(super) cfs: BTreeMap<VarId, Cf>,
    pub(super) full_vals: BTreeMap<VarId, Expr>,
}

impl Ctx<'_> {
    pub(super) fn ty(&self, v: VarId) -> Option<IntType> {
        self.path.var_decl(self.program, v).and_then(|d| d.ty.as_int())
    }

    pub(super) fn var(&self, v: VarId) -> Expr {
        let ty = self
            .path
            .var_decl(self.program, v)
            .map(|d| d.ty.clone())
            .unwrap_or(CType::Int(IntType::INT));
        Expr::var(v, ty)
    }

    /// The value of `e` (over the values at the start of an iteration) at
    /// iteration `k >= 1`, as a polynomial in `K`; none where a variable
    /// of `e` alternates (its value is not a polynomial in `k`).
    pub(super) fn poly_in_k(&self, e: &Expr) -> Option<Poly> {
        let mut alternates = false;
        e.walk(&mut |x| {
            if let ExprKind::Var(v) = x.kind {
                alternates |= self.cfs.get(&v).is_some_and(|c| c.in_k().is_none());
            }
        });
        if alternates {
            return None;
        }
        to_poly(e, &|v| self.cfs.get(&v).map(|c| c.rest.clone()))
    }

    /// The value of `x` after `k` iterations, as exact C.
    pub(super) fn cf_expr(&self, x: VarId, k: &K) -> Option<Expr> {
        let Some(cf) = self.cfs.get(&x) else {
            return Some(self.var(x));
        };
        if k.konst == Some(0) {
            return Some(self.var(x));
        }
        let t = self.ty(x)?;
        match &cf.kind {
            Kind::Invariant => Some(self.var(x)),
            Kind::Alternating(_) => {
                // The update's own C expression over unchanged values.
                let odd = self.full_vals.get(&x)?.clone();
                Some(match k.konst {
                    Some(v) if v % 2 == 0 => self.var(x),
                    Some(_) => odd,
                    None => {
                        let parity = arith(BinOp::Rem, k.expr.clone(), ulong(2), IntType::ULONG);
                        ite(cmp(BinOp::Eq, parity, ulong(0)), self.var(x), odd)
                    }
                })
            }
            Kind::Linear(step) => Some(linear_value(self.var(x), t, step, &k.expr)),
            Kind::Delayed => {
                let f = self.full_vals.get(&x)?;
                let prev = k.minus1();
                let shifted = self.at(f, &prev)?;
                Some(if k.konst.is_some() || k.positive {
                    shifted
                } else {
                    ite(cmp(BinOp::Eq, k.expr.clone(), ulong(0)), self.var(x), shifted)
                })
            }
            Kind::Polynomial if t.bits() <= 32 => {
                let (w, _) = self.poly_wide(&cf.rest, k)?;
                Some(cast(w, t))
            }
            Kind::Polynomial => {
                // x0 + R(k), R over narrow values computed in 64 bits.
                let (r, w) = self.poly_wide(&cf.rest.sub(&Poly::var(x))?, k)?;
                let xv = self.var(x);
                Some(if !w.signed {
                    add_nonneg(xv, r, t)
                } else {
                    ite(
                        cmp(BinOp::Ge, r.clone(), lit(0, w)),
                        add_nonneg(xv.clone(), cast(r.clone(), IntType::ULONG), t),
                        sub_nonneg(xv, abs_ul(r, w), t),
                    )
                })
            }
        }
    }

    /// Whether no variable of `e` changes on the path.
    pub(super) fn invariant(&self, e: &Expr) -> bool {
        let mut vars = BTreeSet::new();
        build::vars_of(e, &mut vars);
        vars.iter()
            .all(|v| self.cfs.get(v).is_none_or(|cf| matches!(cf.kind, Kind::Invariant)))
    }

    /// An expression over the values at the start of an iteration, at
    /// iteration `k`.
    pub(super) fn at(&self, e: &Expr, k: &K) -> Option<Expr> {
        if k.konst == Some(0) {
            return Some(e.clone());
        }
        let failed = std::cell::Cell::new(false);
        let cache: RefCell<HashMap<VarId, Expr>> = RefCell::new(HashMap::new());
        let r = build::subst(e, &|v| {
            if !self.cfs.contains_key(&v) || matches!(self.cfs[&v].kind, Kind::Invariant) {
                return None;
            }
            if let Some(x) = cache.borrow().get(&v) {
                return Some(x.clone());
            }
            match self.cf_expr(v, k) {
                Some(x) => {
                    cache.borrow_mut().insert(v, x.clone());
                    Some(x)
                }
                None => {
                    failed.set(true);
                    None
                }
            }
        });
        if failed.get() { None } else { Some(r) }
    }

    /// A polynomial of degree <= 2 in K at `k`, in a 64-bit type, written
    /// in the binomial basis `a0 + a1*k + a2*(k*(k-1)/2)` whose
    /// coefficients are integral for integer-valued closed forms.
    pub(super) fn poly_wide(&self, p: &Poly, k: &K) -> Option<(Expr, IntType)> {
        let at = |j: i128| p.at_k(&Poly::constant(j));
        let (p0, p1, p2) = (at(0)?, at(1)?, at(2)?);
        let a1 = p1.sub(&p0)?;
        let a2 = p2.sub(&p1.scale(poly::Rat::int(2))?)?.add(&p0)?;
        if p.degree_in(Atom::K) > 2 {
            return None;
        }
        let coeffs = [p0, a1, a2];
        let unsigned = coeffs.iter().all(|c| {
            c.terms.iter().all(|(m, r)| {
                r.num >= 0
                    && m.iter()
                        .all(|(a, _)| matches!(a, Atom::Var(v) if self.ty(*v).is_some_and(|t| !t.signed)))
            })
        });
        let w = if unsigned { IntType::ULONG } else { IntType::LONG };
        let ul = IntType::ULONG;
        let basis = [
            None,
            Some(cast(k.expr.clone(), w)),
            Some(cast(
                ite(
                    cmp(BinOp::Eq, k.expr.clone(), ulong(0)),
                    ulong(0),
                    arith(
                        BinOp::Div,
                        arith(
                            BinOp::Mul,
                            k.expr.clone(),
                            arith(BinOp::Sub, k.expr.clone(), ulong(1), ul),
                            ul,
                        ),
                        ulong(2),
                        ul,
                    ),
                ),
                w,
            )),
        ];
        let mut sum: Option<Expr> = None;
        for (c, b) in coeffs.iter().zip(basis) {
            for (m, r) in &c.terms {
                let mut t = lit(r.as_int()?, w);
                for (a, e) in m {
                    let Atom::Var(v) = a else { return None };
                    for _ in 0..*e {
                        t = arith(BinOp::Mul, t, cast(self.var(*v), w), w);
                    }
                }
                if let Some(b) = &b {
                    t = arith(BinOp::Mul, t, b.clone(), w);
                }
                sum = Some(match sum {
                    None => t,
                    Some(s) => arith(BinOp::Add, s, t, w),
                });
            }
        }
        Some((sum.unwrap_or_else(|| lit(0, w)), w))
    }

    /// The values at iteration `j` of the variables `vars` (z3).
    pub(super) fn state_at(
        &self,
        vars: &BTreeSet<VarId>,
        j: &Int,
        atoms: &dyn Fn(Atom) -> Int,
    ) -> Option<HashMap<VarId, Int>> {
        vars.iter().map(|v| Some((*v, self.cf_value(*v, j, atoms)?))).collect()
    }

    /// The truth at the first iteration and at iteration `last` of each of
    /// the path's `guards` that every treatment assumes there (those before
    /// the body, not assertions), where z3 can model it.
    pub(super) fn guards_at_ends(&self, guards: &[PathGuard], last: &Int, atoms: &dyn Fn(Atom) -> Int) -> Vec<Bool> {
        let tru = Bool::from_bool(true);
        let at = |j: &Int| {
            guards
                .iter()
                .filter(
                    |PathGuard {
                         assertion,
                         after_body: after,
                         ..
                     }| !assertion && !after,
                )
                .filter_map(|PathGuard { cond: g, .. }| {
                    let mut vars = BTreeSet::new();
                    build::vars_of(g, &mut vars);
                    let state = self.state_at(&vars, j, atoms)?;
                    smt::Eval::new(smt::Mode::Exact, &state).truth(g, &tru)
                })
                .collect::<Vec<_>>()
        };
        let mut out = at(&int(0));
        out.extend(at(last));
        out
    }

    /// The mathematical value (no wrap-around) at iteration `j` of `e`, an
    /// expression over the values at the start of an iteration (z3).
    pub(super) fn value_at(&self, e: &Expr, j: &Int, atoms: &dyn Fn(Atom) -> Int) -> Option<Int> {
        let mut vars = BTreeSet::new();
        build::vars_of(e, &mut vars);
        let state = self.state_at(&vars, j, atoms)?;
        smt::Eval::new(smt::Mode::NoWrap, &state).value(e, &Bool::from_bool(true))
    }

    /// The math value of the closed form of `x` at iteration `k` (z3).
    pub(super) fn cf_value(&self, x: VarId, k: &Int, atoms: &dyn Fn(Atom) -> Int) -> Option<Int> {
        let Some(cf) = self.cfs.get(&x) else {
            return Some(atoms(Atom::Var(x)));
        };
        if let Kind::Alternating(odd) = &cf.kind {
            let odd = poly_value(odd, atoms)?;
            return Some(k.modulo(int(2)).eq(int(0)).ite(&atoms(Atom::Var(x)), &odd));
        }
        let rest = poly_value(&cf.rest, &|a| if a == Atom::K { k.clone() } else { atoms(a) })?;
        // Unless the form is piecewise, `rest` at k = 0 is `first`: no case
        // split.
        if !cf.piecewise() {
            return Some(rest);
        }
        let first = poly_value(&cf.first, atoms)?;
        Some(k.eq(int(0)).ite(&first, &rest))
    }
}

pub(super) fn assume(e: Expr) -> Stmt {
    Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), vec![e]),
            CType::Void,
            Span::SYNTHETIC,
        )),
        Span::SYNTHETIC,
    )
}

pub(super) fn assign(x: Expr, v: Expr) -> Stmt {
    let ty = x.ty.clone();
    Stmt::new(
        StmtKind::Expr(Expr::new(
            ExprKind::Assign {
                op: None,
                op_ty: ty.clone(),
                lhs: Box::new(x),
                rhs: Box::new(v),
            },
            ty,
            Span::SYNTHETIC,
        )),
        Span::SYNTHETIC,
    )
}

/// What an accelerator assumes and does before its scalar assignments, in
/// the order it is emitted.
pub(super) struct Emitted {
    /// No-overflow conditions of the closed forms and checked operations.
    pub(super) overflow: Vec<Expr>,
    /// In-bounds conditions of the array accesses at moving indices: they
    /// come before anything reads an array, since CBMC checks the bounds of
    /// the reads in assumptions too.
    pub(super) index_bounds: Vec<Expr>,
    /// No-overflow conditions of operations on array elements (quantified).
    pub(super) quant_overflow: Vec<Expr>,
    /// The conditions assumed for the path's guards.
    pub(super) guards: Vec<Expr>,
    /// The array writes (`arrays::array_effects`).
    pub(super) arrays: Vec<Stmt>,
}

impl Emitted {
    /// The arguments of the assumptions among the array statements.
    pub(super) fn array_assumptions_mut(&mut self) -> impl Iterator<Item = &mut Expr> {
        self.arrays.iter_mut().filter_map(|st| match &mut st.kind {
            StmtKind::Expr(Expr {
                kind: ExprKind::Call(Callee::Intrinsic(Intrinsic::Assume), args),
                ..
            }) => args.first_mut(),
            _ => None,
        })
    }
}

/// Atoms of the polynomials as z3 integers, with their type ranges.
pub(super) struct Atoms {
    pub(super) map: RefCell<BTreeMap<Atom, Int>>,
}

impl Atoms {
    pub(super) fn new() -> Atoms {
        Atoms {
            map: RefCell::new(BTreeMap::new()),
        }
    }

    pub(super) fn get(&self, a: Atom) -> Int {
        self.map
            .borrow_mut()
            .entry(a)
            .or_insert_with(|| match a {
                Atom::K => Int::fresh_const("k"),
                Atom::Var(v) => Int::fresh_const(&format!("v{}", v.0)),
            })
            .clone()
    }

    pub(super) fn ranges(&self, ctx: &Ctx) -> Vec<Bool> {
        self.map
            .borrow()
            .iter()
            .filter_map(|(a, i)| match a {
                Atom::Var(v) => ctx.ty(*v).map(|t| in_range(i, t)),
                Atom::K => None,
            })
            .collect()
    }
}

/// What the no-overflow assumptions guarantee at an iteration `j` (when
/// `0 <= j <= n - 1`): every checked value and every variable is in its type.
pub(super) fn facts_at(
    ctx: &Ctx,
    check_polys: &[CheckPoly],
    get: &dyn Fn(Atom) -> Int,
    n: &Int,
    j: &Int,
) -> Option<Bool> {
    let mut f = Vec::new();
    for CheckPoly { node, first, rest, .. } in check_polys {
        let t = node.ty.as_int()?;
        let r = poly_value(rest, &|a| if a == Atom::K { j.clone() } else { get(a) })?;
        let v = j.eq(int(0)).ite(&poly_value(first, get)?, &r);
        f.push(in_range(&v, t));
    }
    for v in ctx.cfs.keys() {
        if let Some(t) = ctx.ty(*v) {
            f.push(in_range(&ctx.cf_value(*v, j, get)?, t));
        }
    }
    let within = Bool::and(&[j.ge(int(0)), j.le(&(n - int(1)))]);
    Some(within.implies(Bool::and(&f)))
}

/// The constant step of `e` per iteration (0 when it does not change), if
/// `e` is affine in the iteration count with the same form from k = 0 on.
pub(super) fn moving_step(ctx: &Ctx, e: &Expr) -> Option<i128> {
    let rest = ctx.poly_in_k(e)?;
    let first = to_poly(e, &|_| None)?;
    if rest.degree_in(Atom::K) > 1 || rest.at_k(&Poly::zero()).as_ref() != Some(&first) {
        return None;
    }
    match rest.by_k().get(1) {
        None => Some(0),
        Some(c) => c.as_const()?.as_int(),
    }
}
