//! Pointers: objects and offsets.
//!
//! In: `&x`, `&a[i]`, an array used as a pointer, `*p` and the state. Out:
//! pointer values and the values read or written through them.
//!
//! A pointer is a 64-bit value: the object in the top 16 bits (0 is no
//! object: the null pointer), the offset in elements in the low 48. An
//! object is a variable instance (an integer, a one-dimensional array of
//! integers or a structure) or a member of one (`&s.f`, `s.a`) whose
//! address was taken, a string literal used as a pointer (one object per
//! literal in the text), or the memory of one execution of
//! `malloc`/`calloc` (an array of the integer type the result is
//! converted to, or one structure, of unconstrained or zero values; the
//! size of an integer array is not modelled, as bounds are not checked;
//! the call may also give the null pointer, as in CBMC 6 by default); it
//! gets its number then, so a pointer can only name objects registered
//! before it. A member object is a part of the value of its variable
//! (`path`): writing through a pointer to `s.f` changes `s`. The values of objects that are not
//! variables live in the state under keys of their own (`OBJECT_FRAME`). Pointer arithmetic is
//! integer arithmetic on the 64 bits (`p + i` moves by `i` elements (the
//! front end refuses arithmetic on pointers to structures), `p -
//! q` of one object is the difference of the offsets, comparisons of one
//! object compare offsets), which is why the rest of the checker treats a
//! pointer as an `unsigned long`. `*p` selects among the registered objects
//! of the pointee type by the object number; a pointer that names none of
//! them (null, uninitialised, out of every object) reads a nondeterministic
//! value and writes nothing, as CBMC does without `--pointer-check`; with
//! `pointer_check` (CBMC 6's default), a null pointer and an offset
//! outside an array of known length are properties (`check_deref`).

use z3::Sort;
use z3::ast::{Array, Ast, BV, Bool};

use super::expr::convert;
use super::state::{
    Enc, Key, LPath, Object, PropKind, R, Region, Sel, State, StepKind, Val, lit, scalar_type, unsupported,
};
use crate::ir::{CType, Expr, ExprKind, IntType, Span, VarId};

/// Bits of the offset; the object number is above them.
const OFFSET_BITS: u32 = 48;

/// The frame of the state keys of string literals and allocations (no
/// function activation has it).
pub(super) const OBJECT_FRAME: u32 = u32::MAX;

/// One object as a dereference sees it (`seen_through`).
struct Seen {
    key: Key,
    /// The whole value at `key` and its type.
    root: Val,
    root_ty: CType,
    /// The parts from the root to the element the pointer names.
    sels: Vec<Sel>,
    /// When the pointer names that element.
    at: Bool,
}

/// An assignable place: a variable (with array indices and members) or a
/// part of `*p`.
pub(super) enum Place {
    Path(LPath),
    Deref {
        ptr: BV,
        /// The pointee type.
        pointee: CType,
        /// The part of `*p` assigned, and its type.
        sels: Vec<Sel>,
        ty: CType,
        /// The source text of the target, for the trace.
        text: String,
    },
}

fn object_part(p: &BV) -> BV {
    p.extract(63, OFFSET_BITS)
}

fn offset_part(p: &BV) -> BV {
    p.extract(OFFSET_BITS - 1, 0).zero_ext(64 - OFFSET_BITS)
}

impl<'p> Enc<'p> {
    /// The number of the object in `region`, registered now if it has
    /// none yet.
    fn object(&mut self, region: &Region, init: Option<Val>, span: Span) -> R<u64> {
        let same = |o: &Object| o.region.key == region.key && o.region.path == region.path;
        if let Some(i) = self.objects.iter().position(same) {
            return Ok(i as u64 + 1);
        }
        if self.objects.len() + 1 >= 1 << (64 - OFFSET_BITS) {
            return Err(unsupported(span, "too many objects whose address is taken"));
        }
        self.objects.push(Object {
            region: region.clone(),
            init,
        });
        Ok(self.objects.len() as u64)
    }

    /// When pointer `p` names object `i`: an element of it for an array,
    /// the object itself (offset 0) otherwise.
    fn names(&self, p: &BV, i: usize) -> Bool {
        let here = object_part(p).eq(lit(i as i128 + 1, 64 - OFFSET_BITS));
        if self.objects[i].region.is_array() {
            here
        } else {
            Bool::and(&[here, offset_part(p).eq(lit(0, 64))])
        }
    }

    /// The pointer to element `offset` of object `id`.
    fn pointer(id: u64, offset: &BV) -> BV {
        let low = offset.extract(OFFSET_BITS - 1, 0);
        lit(i128::from(id), 64 - OFFSET_BITS).concat(&low).simplify()
    }

    /// The objects designator `e` may stand for, each with when it does:
    /// a variable, a member of one, or (a member of) a structure `*p`
    /// names.
    fn designated(&mut self, e: &'p Expr, st: &mut State) -> R<Vec<(Bool, Region)>> {
        let e = e.skip_implicit();
        match &e.kind {
            ExprKind::Var(v) => {
                let region = Region::whole(self.key(*v), self.prog.var(*v).ty.clone());
                Ok(vec![(Bool::from_bool(true), region)])
            }
            ExprKind::Member(s, f) => {
                let mut out = self.designated(s, st)?;
                for (_, region) in &mut out {
                    region.path.push(*f);
                    region.ty = e.ty.clone();
                }
                Ok(out)
            }
            ExprKind::Deref(p) if e.ty.as_struct().is_some() => {
                let ptr = self.eval_bv(p, st)?;
                Ok(self
                    .candidates(&e.ty)
                    .into_iter()
                    .map(|c| (self.names(&ptr, c), self.objects[c].region.clone()))
                    .collect())
            }
            _ => Err(unsupported(e.span, "the address of this expression is not modelled")),
        }
    }

    /// The pointer to element `offset` of the object designator `e`
    /// stands for (to the object itself when it is no array: offset 0).
    fn address(&mut self, e: &'p Expr, offset: &BV, span: Span, st: &mut State) -> R<BV> {
        let ds = self.designated(e, st)?;
        let mut p = BV::fresh_const("tracc_ndp", 64);
        for (when, region) in ds.iter().rev() {
            let here = Self::pointer(self.object(region, None, span)?, offset);
            if when.as_bool() == Some(true) {
                return Ok(here);
            }
            p = when.ite(&here, &p);
        }
        Ok(self.name_bv(p))
    }

    /// The value of an object that is not a variable where a state has
    /// none (`merge` fills it in for states that never made the object).
    pub(super) fn object_default(&self, key: &Key) -> Option<Val> {
        self.objects
            .iter()
            .find(|o| o.region.key == *key && o.region.path.is_empty())
            .and_then(|o| o.init.clone())
    }

    /// The keys of objects that are not variables.
    pub(super) fn object_keys(&self) -> Vec<Key> {
        let mut keys: Vec<Key> = self
            .objects
            .iter()
            .filter(|o| o.region.key.0 == OBJECT_FRAME && o.region.path.is_empty())
            .map(|o| o.region.key)
            .collect();
        keys.dedup();
        keys
    }

    /// The value of a string literal: its bytes and a zero, then zeros.
    pub(super) fn string_value(bytes: &[u8]) -> Val {
        let mut a = Array::const_array(&Sort::bitvector(64), &lit(0, 8));
        for (i, b) in bytes.iter().enumerate() {
            a = a.store(&lit(i as i128, 64), &lit(i128::from(*b), 8));
        }
        Val::Arr(a)
    }

    /// `malloc` or `calloc` converted to a pointer to `elem`: a fresh
    /// object (per execution of the call), or the null pointer when
    /// allocations may fail, as CBMC 6 lets them by default
    /// (`--malloc-may-fail --malloc-fail-null`). Memory for integers is an array; memory for a
    /// structure is one structure (pointer arithmetic on structures is not
    /// modelled, so a larger size is refused).
    pub(super) fn eval_alloc(
        &mut self,
        e: &'p Expr,
        size: &'p Expr,
        zeroed: bool,
        elem: &CType,
        st: &mut State,
    ) -> R<Val> {
        self.eval_bv(size, st)?;
        let ty = match elem {
            CType::Int(_) => CType::Vla(Box::new(elem.clone())),
            CType::Struct(_) => {
                let one = self.prog.layout(elem).map(|l| i128::from(l.0));
                if size.const_value().is_none() || size.const_value() != one {
                    return Err(unsupported(
                        e.span,
                        format!("an allocation of other than one `{elem}` is not modelled"),
                    ));
                }
                elem.clone()
            }
            _ => return Err(unsupported(e.span, format!("memory for `{elem}` is not modelled"))),
        };
        let value = if zeroed {
            super::state::zero_of(self.prog, &ty, e.span)?
        } else {
            self.fresh(&ty, e.span)?
        };
        let key = (OBJECT_FRAME, VarId(self.objects.len()));
        let id = self.object(&Region::whole(key, ty), Some(value.clone()), e.span)?;
        st.vals.insert(key, value);
        let object = Self::pointer(id, &lit(0, 64));
        let p = match self.opts.malloc_may_fail {
            true => Bool::fresh_const("tracc_malloc_fails").ite(&lit(0, 64), &object),
            false => object,
        };
        Ok(Val::Bv(self.name_bv(p)))
    }

    /// `&x` of an integer or structure variable or member, `&a[i]` of an
    /// element of a one-dimensional integer array.
    pub(super) fn eval_addr_of(&mut self, e: &'p Expr, target: &'p Expr, st: &mut State) -> R<Val> {
        let target = target.skip_implicit();
        let p = match &target.kind {
            ExprKind::Var(_) | ExprKind::Member(..)
                if target.ty.as_int().is_some() || target.ty.as_struct().is_some() =>
            {
                self.address(target, &lit(0, 64), e.span, st)?
            }
            ExprKind::Index(a, i) if target.ty.as_int().is_some() => {
                let idx = self.index64(i, st)?;
                self.address(a, &idx, e.span, st)?
            }
            _ => return Err(unsupported(e.span, "the address of this expression is not modelled")),
        };
        Ok(Val::Bv(p))
    }

    /// An array variable or member, or a string literal, used as a
    /// pointer: its first element's address.
    pub(super) fn eval_decay(&mut self, e: &'p Expr, array: &'p Expr, st: &mut State) -> R<Val> {
        let inner = array.skip_implicit();
        match (&inner.kind, &array.ty) {
            (ExprKind::Var(_) | ExprKind::Member(..), CType::Array(elem, _) | CType::Vla(elem))
                if elem.as_int().is_some() =>
            {
                Ok(Val::Bv(self.address(inner, &lit(0, 64), e.span, st)?))
            }
            (ExprKind::StringLit(bytes), ty) => {
                // One object per literal in the text, found by its position.
                let key = (OBJECT_FRAME, VarId(usize::MAX - inner.span.start));
                let region = Region::whole(key, ty.clone());
                let id = self.object(&region, Some(Self::string_value(bytes)), e.span)?;
                Ok(Val::Bv(Self::pointer(id, &lit(0, 64))))
            }
            _ => Err(unsupported(e.span, "this array is not modelled as a pointer")),
        }
    }

    /// The registered objects that hold values of type `ty`, directly or
    /// as the elements of an array: their indices (the object number is
    /// one more).
    fn candidates(&self, ty: &CType) -> Vec<usize> {
        self.objects
            .iter()
            .enumerate()
            .filter(|(_, o)| match &o.region.ty {
                CType::Array(e, _) | CType::Vla(e) => **e == *ty,
                t => t == ty,
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Object `i` as `*p` sees it: the whole value it lives in (where the
    /// state has none at its key, the first value or a fresh one), the
    /// parts down to the element `p` names, and when `p` names it.
    fn seen_through(&mut self, p: &BV, i: usize, span: Span, st: &mut State) -> R<Seen> {
        let region = self.objects[i].region.clone();
        let root = match st
            .vals
            .get(&region.key)
            .cloned()
            .or_else(|| self.object_default(&region.key))
        {
            Some(v) => v,
            None => self.fresh(&region.root_ty, span)?,
        };
        st.vals.insert(region.key, root.clone());
        let mut sels: Vec<Sel> = region.path.iter().map(|f| Sel::Field(*f)).collect();
        if region.is_array() {
            sels.push(Sel::Index(offset_part(p)));
        }
        Ok(Seen {
            key: region.key,
            root,
            root_ty: region.root_ty,
            sels,
            at: self.names(p, i),
        })
    }

    /// The part `sels` (of type `part_ty`) of `*p` for a pointer value
    /// `p` to `ty`.
    pub(super) fn deref_read(
        &mut self,
        p: &BV,
        ty: &CType,
        sels: &[Sel],
        part_ty: &CType,
        span: Span,
        st: &mut State,
    ) -> R<Val> {
        let mut value = self.fresh(part_ty, span)?;
        for c in self.candidates(ty) {
            let mut s = self.seen_through(p, c, span, st)?;
            s.sels.extend_from_slice(sels);
            let (part, _) = self.part_at(s.root, s.root_ty, &s.sels, span)?;
            value = self.ite_val(&s.at, &part, &value, span)?;
        }
        Ok(value)
    }

    /// `(*p)<sels> = value` for a pointer value `p` to `ty`: every object
    /// it may name gets the value where it is the one.
    fn deref_write(&mut self, p: &BV, ty: &CType, sels: &[Sel], value: &Val, span: Span, st: &mut State) -> R<()> {
        for c in self.candidates(ty) {
            let mut s = self.seen_through(p, c, span, st)?;
            s.sels.extend_from_slice(sels);
            let (old, _) = self.part_at(s.root.clone(), s.root_ty.clone(), &s.sels, span)?;
            let new = self.ite_val(&s.at, value, &old, span)?;
            let root = self.with_part(&s.root, &s.root_ty, &s.sels, new, span)?;
            st.vals.insert(s.key, root);
        }
        Ok(())
    }

    /// Where an assignment or `++`/`--` stores: a variable's part, or a
    /// part of `*p` (`*p`, `p->f`, `p->a[i]`).
    pub(super) fn place(&mut self, e: &'p Expr, st: &mut State) -> R<Place> {
        let (root, sels) = self.selectors(e, st)?;
        let ExprKind::Deref(p) = &root.kind else {
            return Ok(Place::Path(self.lpath(root, sels)?));
        };
        if root.ty.as_int().is_none() && root.ty.as_struct().is_none() {
            return Err(unsupported(
                e.span,
                format!("`*` of type `{}` is not modelled", root.ty),
            ));
        }
        let ptr = self.eval_bv(p, st)?;
        self.check_deref(&ptr, &root.ty, e.span, st);
        Ok(Place::Deref {
            ptr: self.name_bv(ptr),
            pointee: root.ty.clone(),
            sels,
            ty: e.ty.clone(),
            text: self.text(e.span).to_string(),
        })
    }

    /// Records where `*p` (a pointer value `p` to `ty`, in the access at
    /// `span`) fails as under CBMC's `--pointer-check`, when the options
    /// ask for it: `p` is the null pointer, or it names an array of known
    /// length at an offset outside it. (A pointer into an allocation,
    /// whose length is not modelled, is not checked for bounds; nor are
    /// dead objects.)
    fn check_deref(&mut self, p: &BV, ty: &CType, span: Span, st: &State) {
        if !self.opts.pointer_check || self.binders > 0 || st.dead {
            return;
        }
        let text = self.text(span).to_string();
        let null = object_part(p).eq(lit(0, 64 - OFFSET_BITS));
        let mut found = vec![("pointer NULL", null)];
        let outside: Vec<Bool> = self
            .candidates(ty)
            .into_iter()
            .filter_map(|c| match self.objects[c].region.ty {
                CType::Array(_, n) => Some(Bool::and(&[
                    self.names(p, c),
                    offset_part(p).bvuge(lit(i128::from(n), 64)),
                ])),
                _ => None,
            })
            .collect();
        if !outside.is_empty() {
            found.push(("pointer outside object bounds", Bool::or(&outside)));
        }
        for (what, fails) in found {
            let message = format!("dereference failure: {what} in {text}");
            self.prop_where(st, PropKind::Pointer, span, message, &fails);
        }
    }

    pub(super) fn read_place_val(&mut self, place: &Place, span: Span, st: &mut State) -> R<Val> {
        match place {
            Place::Path(lp) => self.read_lpath(lp, span, st),
            Place::Deref {
                ptr, pointee, sels, ty, ..
            } => self.deref_read(ptr, pointee, sels, ty, span, st),
        }
    }

    pub(super) fn read_place(&mut self, place: &Place, span: Span, st: &mut State) -> R<BV> {
        match self.read_place_val(place, span, st)? {
            Val::Bv(b) => Ok(b),
            _ => Err(unsupported(span, "expected a scalar value here")),
        }
    }

    /// Store a whole value (a structure) at `place`.
    pub(super) fn store_place_val(&mut self, place: &Place, value: Val, span: Span, st: &mut State) -> R<()> {
        match place {
            Place::Path(lp) => self.write_lpath(lp, value, span, st),
            Place::Deref { ptr, pointee, sels, .. } => self.deref_write(ptr, pointee, sels, &value, span, st),
        }
    }

    /// Store `value` (of the place's type `ty`, pointers as `unsigned
    /// long`) and record the assignment in the trace; the stored value.
    pub(super) fn store_place(&mut self, place: &Place, value: BV, ty: IntType, span: Span, st: &mut State) -> R<BV> {
        match place {
            Place::Path(lp) => self.store_scalar(lp, value, ty, span, st),
            Place::Deref {
                ptr,
                pointee,
                sels,
                ty: target,
                text,
            } => {
                let t = scalar_type(target).unwrap_or(ty);
                let new = self.name_bv(convert(&value, ty, t));
                self.deref_write(ptr, pointee, sels, &Val::Bv(new.clone()), span, st)?;
                self.step(
                    st,
                    span,
                    StepKind::Assign,
                    text.clone(),
                    Vec::new(),
                    Some((new.clone(), t)),
                );
                Ok(new)
            }
        }
    }
}
