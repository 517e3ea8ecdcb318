//! Memory: arrays, store chains and initialisers.
//!
//! In: array values and the state they live in. Out: merged store chains,
//! the initial values of globals and declarations, element reads, and
//! reads/writes through assignable locations (`LPath`).

use std::collections::HashMap;

use z3::DeclKind;
use z3::ast::{Array, Ast, BV, Bool, Dynamic};

use super::expr::convert;
use super::state::{Enc, LPath, R, Sel, State, StepKind, Val, lit, members_of, or2, unsupported, zero_of};
use crate::check::apps::decl_kind;
use crate::ir::{CType, Expr, ExprKind, Init, IntType, Span, StmtKind, Storage, VarId};

/// The stores of `a` above its root, in application order: for each, the
/// array after the store, the index and the value.
type Store = (Array, Dynamic, Dynamic);

fn store_chain(a: &Array) -> (Array, Vec<Store>) {
    let mut chain = Vec::new();
    let mut cur = a.clone();
    loop {
        if decl_kind(&cur) != Some(DeclKind::Store) || cur.num_children() != 3 {
            break;
        }
        let (Some(base), Some(idx), Some(val)) = (cur.nth_child(0), cur.nth_child(1), cur.nth_child(2)) else {
            break;
        };
        let Some(base) = base.as_array() else { break };
        chain.push((cur.clone(), idx, val));
        cur = base;
    }
    chain.reverse();
    (cur, chain)
}

/// Merge arrays that are store chains over a common base without `ite`
/// on whole arrays (which z3 handles badly): replay every store of every
/// state on the base, each writing its value under the guards of the states
/// that made it and writing back the current element otherwise. Stores
/// shared by several states (a common prefix, as in the exits of a loop)
/// are replayed once. `None` when the arrays have different roots.
pub(super) fn merge_store_chains(live: &[State], arrs: &[Array]) -> Option<Array> {
    let chains: Vec<(Array, Vec<Store>)> = arrs.iter().map(store_chain).collect();
    let root = &chains[0].0;
    if chains.iter().any(|(r, _)| !r.ast_eq(root)) {
        return None;
    }
    // Entries in replay order, with the states that made each store.
    let mut entries: Vec<(Dynamic, Dynamic, Vec<usize>)> = Vec::new();
    let mut seen: HashMap<Array, usize> = HashMap::new();
    for (s, (_, chain)) in chains.iter().enumerate() {
        for (node, idx, val) in chain {
            match seen.get(node) {
                Some(&k) => entries[k].2.push(s),
                None => {
                    seen.insert(node.clone(), entries.len());
                    entries.push((idx.clone(), val.clone(), vec![s]));
                }
            }
        }
    }
    let n = live.len();
    let mut m = root.clone();
    // Guards of entries: reuse the previous entry's disjunction when its
    // states are a superset (loop exits), else build it.
    let mut prev: Option<(Vec<usize>, Bool)> = None;
    let mut guards = Vec::with_capacity(entries.len());
    for (_, _, states) in entries.iter().rev() {
        let g = match &prev {
            Some((ps, pg)) if ps.iter().all(|x| states.contains(x)) => {
                let mut g = pg.clone();
                for x in states.iter().filter(|x| !ps.contains(x)) {
                    g = or2(&g, &live[*x].guard);
                }
                g
            }
            _ => {
                let mut g = Bool::from_bool(false);
                for x in states {
                    g = or2(&g, &live[*x].guard);
                }
                g
            }
        };
        prev = Some((states.clone(), g.clone()));
        guards.push(g);
    }
    guards.reverse();
    for ((idx, val, states), g) in entries.iter().zip(guards) {
        let v = if states.len() == n {
            val.clone()
        } else {
            g.ite(val, &m.select(idx))
        };
        m = m.store(idx, &v);
    }
    Some(m)
}

impl<'p> Enc<'p> {
    // ---- globals and initialisers -------------------------------------

    pub(super) fn init_globals(&mut self, st: &mut State) -> R<()> {
        let prog = self.prog;
        for (i, v) in prog.vars.iter().enumerate() {
            // (A structure without modelled members is refused where used.)
            let modelled = match &v.ty {
                CType::Int(_) | CType::Array(..) | CType::Pointer(_) => !v.ty.is_opaque(),
                CType::Struct(s) => prog.members(s).is_some(),
                _ => false,
            };
            if v.storage == Storage::Global && modelled {
                st.vals.insert((0, VarId(i)), zero_of(prog, &v.ty, v.span)?);
            }
        }
        for (id, init) in &prog.globals {
            if let Some(init) = init {
                let decl = prog.var(*id);
                let val = self.init_value(&decl.ty, init, decl.span, st)?;
                st.vals.insert((0, *id), val);
            }
        }
        // `static` locals are initialised once, before main.
        let mut statics = Vec::new();
        for f in &prog.funcs {
            if let Some(b) = &f.body {
                b.walk(&mut |s| {
                    if let StmtKind::Decl(v, Some(init)) = &s.kind
                        && prog.var(*v).storage == Storage::Global
                    {
                        statics.push((*v, init, s.span));
                    }
                });
            }
        }
        for (v, init, span) in statics {
            let ty = &prog.var(v).ty;
            let val = self.init_value(ty, init, span, st)?;
            st.vals.insert((0, v), val);
        }
        Ok(())
    }

    pub(super) fn init_value(&mut self, ty: &CType, init: &'p Init, span: Span, st: &mut State) -> R<Val> {
        match (ty, init) {
            (CType::Int(t), Init::Expr(e)) => {
                let v = self.eval_bv(e, st)?;
                let from = self.ity(e)?;
                Ok(Val::Bv(self.name_bv(convert(&v, from, *t))))
            }
            (CType::Int(t), Init::List(items, lspan)) => match items.first() {
                Some(first) => self.init_value(ty, first, *lspan, st),
                None => Ok(Val::Bv(lit(0, t.bits()))),
            },
            (CType::Array(..), Init::List(items, lspan)) => {
                let mut pos = 0;
                self.fill_array(ty, items, &mut pos, *lspan, st)
            }
            (CType::Array(..), Init::Expr(e)) => Err(unsupported(e.span, "array initialiser is not modelled")),
            (CType::Struct(s), Init::List(items, lspan)) => {
                let tys: Vec<CType> = members_of(self.prog, s, *lspan)?.iter().map(|m| m.ty.clone()).collect();
                if items.len() > tys.len() {
                    return Err(unsupported(*lspan, "more initialisers than members"));
                }
                let mut vals = Vec::with_capacity(tys.len());
                for (i, t) in tys.iter().enumerate() {
                    vals.push(match items.get(i) {
                        // Brace elision (a member aggregate initialised by
                        // scalars) is not modelled.
                        Some(Init::Expr(e)) if t.as_int().is_none() && t.pointee().is_none() && e.ty != *t => {
                            return Err(unsupported(
                                e.span,
                                "an initialiser without braces for an aggregate member",
                            ));
                        }
                        Some(item) => self.init_value(t, item, *lspan, st)?,
                        None => zero_of(self.prog, t, *lspan)?,
                    });
                }
                Ok(Val::Struct(vals))
            }
            (CType::Struct(_), Init::Expr(e)) if e.ty == *ty => self.eval(e, st),
            // (The front end converted the value: a pointer of this type.)
            (CType::Pointer(_), Init::Expr(e)) => {
                let v = self.eval_bv(e, st)?;
                Ok(Val::Bv(self.name_bv(v)))
            }
            _ => Err(unsupported(
                span,
                match ty {
                    CType::Opaque(t) if t.ends_with('*') => format!("pointers are not modelled (`{t}`)"),
                    CType::Opaque(t) if t.starts_with("pointer") => {
                        format!("pointers are not modelled (this one is a {t})")
                    }
                    _ => format!("a variable of type `{ty}` is not modelled"),
                },
            )),
        }
    }

    fn fill_array(&mut self, ty: &CType, items: &'p [Init], pos: &mut usize, span: Span, st: &mut State) -> R<Val> {
        let CType::Array(elem, n) = ty else {
            return Err(unsupported(span, "initialiser is not modelled"));
        };
        let Val::Arr(mut arr) = zero_of(self.prog, ty, span)? else {
            return Err(unsupported(span, "initialiser is not modelled"));
        };
        for i in 0..*n {
            if *pos >= items.len() {
                break;
            }
            let v = match (&**elem, &items[*pos]) {
                (CType::Array(..), Init::Expr(_)) => self.fill_array(elem, items, pos, span, st)?,
                (_, item) => {
                    *pos += 1;
                    self.init_value(elem, item, span, st)?
                }
            };
            let idx = lit(i128::from(i), 64);
            arr = match v {
                Val::Bv(b) => arr.store(&idx, &b),
                Val::Arr(a) => arr.store(&idx, &a),
                Val::Struct(_) | Val::Void => return Err(unsupported(span, "initialiser is not modelled")),
            };
        }
        Ok(Val::Arr(arr))
    }

    fn select(&self, arr: &Array, idx: &BV, elem: &CType, span: Span) -> R<Val> {
        let d = arr.select(idx);
        let v = match elem {
            CType::Int(_) | CType::Pointer(_) => d.as_bv().map(|b| Val::Bv(b.simplify())),
            CType::Array(..) | CType::Vla(_) => d.as_array().map(Val::Arr),
            _ => None,
        };
        v.ok_or_else(|| unsupported(span, format!("array element of type `{elem}` is not modelled")))
    }

    /// Element `idx` of `arr`, an array of `len` elements of type `elem`.
    /// Read past either end, the element is a
    /// fresh value, as in CBMC (which records the bounds property and reads
    /// a free variable): what the array model holds there (an initialiser's
    /// zeroes, the unconstrained rest of an accelerator's fresh copy) is
    /// not the program's. Under a quantifier's binder the plain element is
    /// read: the accelerators' quantifiers range inside the bounds, and a
    /// fresh value there would be one value for every binding.
    fn element(&mut self, arr: &Array, idx: &BV, elem: &CType, len: u64, span: Span) -> R<Val> {
        let value = self.select(arr, idx, elem, span)?;
        if self.binders > 0 {
            return Ok(value);
        }
        let inside = idx.bvult(BV::from_u64(len, 64)).simplify();
        if inside.as_bool() == Some(true) {
            return Ok(value);
        }
        let outside = self.fresh(elem, span)?;
        self.ite_val(&inside, &value, &outside, span)
    }

    /// The part of `val` (of type `ty`) that `sel` names, and its type.
    pub(super) fn part(&mut self, val: &Val, ty: &CType, sel: &Sel, span: Span) -> R<(Val, CType)> {
        match (sel, val, ty) {
            (Sel::Index(i), Val::Arr(a), CType::Array(elem, n)) => {
                Ok((self.element(a, i, elem, *n, span)?, (**elem).clone()))
            }
            (Sel::Index(i), Val::Arr(a), CType::Vla(elem)) => Ok((self.select(a, i, elem, span)?, (**elem).clone())),
            (Sel::Field(f), Val::Struct(ms), CType::Struct(s)) => {
                let member = members_of(self.prog, s, span)?.get(*f);
                match (ms.get(*f), member) {
                    (Some(v), Some(m)) => Ok((v.clone(), m.ty.clone())),
                    _ => Err(unsupported(span, format!("no such member of `{ty}`"))),
                }
            }
            _ => Err(unsupported(
                span,
                "indexing a non-array or selecting a member of a non-structure",
            )),
        }
    }

    /// The part of `val` (of type `ty`) at the end of `sels`, and its type.
    pub(super) fn part_at(&mut self, val: Val, ty: CType, sels: &[Sel], span: Span) -> R<(Val, CType)> {
        sels.iter()
            .try_fold((val, ty), |(v, t), sel| self.part(&v, &t, sel, span))
    }

    /// `val` (of type `ty`) with the part at the end of `sels` replaced by
    /// `new` (a scalar of another width is converted to the element type).
    pub(super) fn with_part(&mut self, val: &Val, ty: &CType, sels: &[Sel], new: Val, span: Span) -> R<Val> {
        let Some((first, rest)) = sels.split_first() else {
            return Ok(new);
        };
        let (inner, inner_ty) = self.part(val, ty, first, span)?;
        let inner = self.with_part(&inner, &inner_ty, rest, new, span)?;
        match (first, val, inner) {
            (Sel::Index(i), Val::Arr(a), Val::Bv(b)) => {
                let b = match inner_ty.as_int() {
                    Some(t) if t.bits() != b.get_size() => convert(&b, t, t),
                    Some(_) => b,
                    None if inner_ty.pointee().is_some() => b,
                    None => return Err(unsupported(span, "storing a scalar into an array of arrays")),
                };
                Ok(Val::Arr(a.store(i, &b)))
            }
            (Sel::Index(i), Val::Arr(a), Val::Arr(x)) if matches!(inner_ty, CType::Array(..) | CType::Vla(_)) => {
                Ok(Val::Arr(a.store(i, &x)))
            }
            (Sel::Field(f), Val::Struct(ms), inner) => {
                let mut ms = ms.clone();
                ms[*f] = inner;
                Ok(Val::Struct(ms))
            }
            _ => Err(unsupported(span, "storing a value of another shape")),
        }
    }

    /// `if c then a else b`, member by member for structures.
    pub(super) fn ite_val(&mut self, c: &Bool, a: &Val, b: &Val, span: Span) -> R<Val> {
        Ok(match (a, b) {
            (Val::Bv(x), Val::Bv(y)) if x.get_size() == y.get_size() => Val::Bv(self.name_bv(c.ite(x, y))),
            (Val::Arr(x), Val::Arr(y)) if x.get_sort() == y.get_sort() => Val::Arr(self.name_arr(c.ite(x, y))),
            (Val::Struct(xs), Val::Struct(ys)) if xs.len() == ys.len() => Val::Struct(
                xs.iter()
                    .zip(ys)
                    .map(|(x, y)| self.ite_val(c, x, y, span))
                    .collect::<R<Vec<Val>>>()?,
            ),
            (Val::Void, Val::Void) => Val::Void,
            _ => return Err(unsupported(span, "a choice between values of different shapes")),
        })
    }

    /// The root of designator `e` (a variable or `*p`) and the parts it
    /// selects from it, indices evaluated.
    pub(super) fn selectors(&mut self, e: &'p Expr, st: &mut State) -> R<(&'p Expr, Vec<Sel>)> {
        match &e.kind {
            ExprKind::Index(a, i) => {
                let (root, mut sels) = self.selectors(a.skip_implicit(), st)?;
                let idx = self.index64(i, st)?;
                self.check_bounds(e, a, i, &idx, st)?;
                sels.push(Sel::Index(idx));
                Ok((root, sels))
            }
            ExprKind::Member(s, f) => {
                let (root, mut sels) = self.selectors(s.skip_implicit(), st)?;
                sels.push(Sel::Field(*f));
                Ok((root, sels))
            }
            _ => Ok((e, Vec::new())),
        }
    }

    /// The part `sels` of variable `root` as an assignable location.
    pub(super) fn lpath(&self, root: &Expr, sels: Vec<Sel>) -> R<LPath> {
        let ExprKind::Var(v) = root.kind else {
            return Err(unsupported(root.span, "assignment target is not modelled"));
        };
        let decl = self.prog.var(v);
        if decl.ty.is_opaque() {
            return Err(unsupported(
                root.span,
                format!("variable `{}` has type `{}`, which is not modelled", decl.name, decl.ty),
            ));
        }
        Ok(LPath {
            key: self.key(v),
            var: v,
            sels,
        })
    }

    pub(super) fn lvalue(&mut self, e: &'p Expr, st: &mut State) -> R<LPath> {
        let (root, sels) = self.selectors(e, st)?;
        self.lpath(root, sels)
    }

    /// The value of variable instance `key` (of `var`), a fresh one where
    /// the state has none yet.
    fn var_value(&mut self, key: super::state::Key, var: VarId, span: Span, st: &mut State) -> R<Val> {
        match st.vals.get(&key) {
            Some(v) => Ok(v.clone()),
            None => {
                let ty = self.prog.var(var).ty.clone();
                let v = self.fresh(&ty, span)?;
                st.vals.insert(key, v.clone());
                Ok(v)
            }
        }
    }

    pub(super) fn read_lpath(&mut self, lp: &LPath, span: Span, st: &mut State) -> R<Val> {
        let whole = self.var_value(lp.key, lp.var, span, st)?;
        let ty = self.prog.var(lp.var).ty.clone();
        Ok(self.part_at(whole, ty, &lp.sels, span)?.0)
    }

    pub(super) fn write_lpath(&mut self, lp: &LPath, val: Val, span: Span, st: &mut State) -> R<()> {
        let new = if lp.sels.is_empty() {
            val
        } else {
            let whole = self.var_value(lp.key, lp.var, span, st)?;
            let ty = self.prog.var(lp.var).ty.clone();
            self.with_part(&whole, &ty, &lp.sels, val, span)?
        };
        st.vals.insert(lp.key, new);
        Ok(())
    }

    /// The name of the place in a trace (`s.a`, indices apart) and its
    /// indices.
    pub(super) fn lpath_name(&self, lp: &LPath) -> (String, Vec<BV>) {
        let mut name = self.prog.var(lp.var).name.clone();
        let mut ty = self.prog.var(lp.var).ty.clone();
        let mut indices = Vec::new();
        for sel in &lp.sels {
            match (sel, &ty) {
                (Sel::Index(i), CType::Array(e, _) | CType::Vla(e)) => {
                    indices.push(i.clone());
                    ty = (**e).clone();
                }
                (Sel::Field(f), CType::Struct(s)) => match self.prog.members(s).and_then(|m| m.get(*f)) {
                    Some(m) => {
                        name.push('.');
                        name.push_str(&m.name);
                        ty = m.ty.clone();
                    }
                    None => break,
                },
                _ => break,
            }
        }
        (name, indices)
    }

    /// Store `value` (of type `ty`) at `lp` under a fresh name and record the
    /// assignment in the trace; the stored value.
    pub(super) fn store_scalar(&mut self, lp: &LPath, value: BV, ty: IntType, span: Span, st: &mut State) -> R<BV> {
        let new = self.name_bv(value);
        self.write_lpath(lp, Val::Bv(new.clone()), span, st)?;
        let (name, indices) = self.lpath_name(lp);
        self.step(st, span, StepKind::Assign, name, indices, Some((new.clone(), ty)));
        Ok(new)
    }
}
