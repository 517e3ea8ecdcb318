//! Pointers: objects and offsets.
//!
//! In: `&x`, `&a[i]`, an array used as a pointer, `*p` and the state. Out:
//! pointer values and the values read or written through them.
//!
//! A pointer is a 64-bit value: the object in the top 16 bits (0 is no
//! object: the null pointer), the offset in elements in the low 48. An
//! object is a variable instance (a scalar or a one-dimensional array of
//! integers) whose address was taken, a string literal used as a pointer
//! (one object per literal in the text), or the memory of one execution
//! of `malloc`/`calloc` (an array of the type the result is converted to,
//! of unconstrained or zero values; its size is not modelled, as bounds are
//! not checked; the call may also give the null pointer, as in CBMC 6 by
//! default); it gets its number then, so a pointer can only name
//! objects registered before it. The values of objects that are not
//! variables live in the state under keys of their own (`OBJECT_FRAME`). Pointer arithmetic is
//! integer arithmetic on the 64 bits (`p + i` moves by `i` elements, `p -
//! q` of one object is the difference of the offsets, comparisons of one
//! object compare offsets), which is why the rest of the checker treats a
//! pointer as an `unsigned long`. `*p` selects among the registered objects
//! of the pointee type by the object number; a pointer that names none of
//! them (null, uninitialised, out of every object) reads a nondeterministic
//! value and writes nothing, as CBMC does without `--pointer-check`:
//! out-of-bounds and null dereferences are not properties unless asked.

use z3::Sort;
use z3::ast::{Array, Ast, BV, Bool};

use super::expr::convert;
use super::{Enc, Key, LPath, R, State, StepKind, Val, lit, unsupported};
use crate::ir::{CType, Expr, ExprKind, IntType, Span, VarId};

/// Bits of the offset; the object number is above them.
const OFFSET_BITS: u32 = 48;

/// The frame of the state keys of string literals and allocations (no
/// function activation has it).
pub(super) const OBJECT_FRAME: u32 = u32::MAX;

/// An object pointers may name.
pub(super) struct Object {
    key: Key,
    ty: CType,
    /// Its value where the state has none: a string literal's bytes, the
    /// first value of an allocation (states that never allocated it).
    init: Option<Val>,
}

/// One object as a dereference sees it (`seen_through`).
struct Seen {
    key: Key,
    whole: Val,
    /// The offset of the pointer, in elements.
    off: BV,
    /// The element at that offset (the value itself for a scalar).
    element: BV,
    /// When the pointer names that element.
    at: Bool,
}

/// An assignable place: a variable (with array indices) or `*p`.
pub(super) enum Place {
    Path(LPath),
    Deref {
        ptr: BV,
        ty: IntType,
        /// The source text of the target, for the trace.
        text: String,
    },
}

/// The type a value of type `ty` has in the checker's arithmetic: its own
/// for integers, `unsigned long` for pointers.
pub(super) fn scalar_type(ty: &CType) -> Option<IntType> {
    match ty {
        CType::Int(t) => Some(*t),
        CType::Pointer(_) => Some(IntType::ULONG),
        _ => None,
    }
}

fn object_part(p: &BV) -> BV {
    p.extract(63, OFFSET_BITS)
}

fn offset_part(p: &BV) -> BV {
    p.extract(OFFSET_BITS - 1, 0).zero_ext(64 - OFFSET_BITS)
}

impl<'p> Enc<'p> {
    /// The number of the object `key` (variable `var`), registered now if
    /// it has none yet.
    fn object(&mut self, key: Key, ty: &CType, init: Option<Val>, span: Span) -> R<u64> {
        if let Some(i) = self.objects.iter().position(|o| o.key == key) {
            return Ok(i as u64 + 1);
        }
        if self.objects.len() + 1 >= 1 << (64 - OFFSET_BITS) {
            return Err(unsupported(span, "too many objects whose address is taken"));
        }
        self.objects.push(Object {
            key,
            ty: ty.clone(),
            init,
        });
        Ok(self.objects.len() as u64)
    }

    /// The pointer to element `offset` of object `id`.
    fn pointer(id: u64, offset: &BV) -> BV {
        let low = offset.extract(OFFSET_BITS - 1, 0);
        lit(i128::from(id), 64 - OFFSET_BITS).concat(&low).simplify()
    }

    /// The pointer to element `offset` of the object of variable `v`.
    fn pointer_to(&mut self, v: VarId, offset: &BV, span: Span) -> R<BV> {
        let key = self.key(v);
        let ty = self.prog.var(v).ty.clone();
        let id = self.object(key, &ty, None, span)?;
        Ok(Self::pointer(id, offset))
    }

    /// The value of an object that is not a variable where a state has
    /// none (`merge` fills it in for states that never made the object).
    pub(super) fn object_default(&self, key: &Key) -> Option<Val> {
        self.objects.iter().find(|o| o.key == *key).and_then(|o| o.init.clone())
    }

    /// The keys of objects that are not variables.
    pub(super) fn object_keys(&self) -> Vec<Key> {
        self.objects
            .iter()
            .map(|o| o.key)
            .filter(|k| k.0 == OBJECT_FRAME)
            .collect()
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
    /// object (per execution of the call), or the null pointer: CBMC 6
    /// lets an allocation fail by default (`--malloc-may-fail
    /// --malloc-fail-null`).
    pub(super) fn eval_alloc(
        &mut self,
        e: &'p Expr,
        size: &'p Expr,
        zeroed: bool,
        elem: IntType,
        st: &mut State,
    ) -> R<Val> {
        self.eval_bv(size, st)?;
        let ty = CType::Vla(Box::new(CType::Int(elem)));
        let value = if zeroed {
            Val::Arr(Array::const_array(&Sort::bitvector(64), &lit(0, elem.bits())))
        } else {
            self.fresh(&ty, e.span)?
        };
        let key = (OBJECT_FRAME, VarId(self.objects.len()));
        let id = self.object(key, &ty, Some(value.clone()), e.span)?;
        st.vals.insert(key, value);
        let fails = Bool::fresh_const("tracc_malloc_fails");
        let p = fails.ite(&lit(0, 64), &Self::pointer(id, &lit(0, 64)));
        Ok(Val::Bv(self.name_bv(p)))
    }

    /// `&x` of an integer variable, `&a[i]` of an element of a
    /// one-dimensional integer array.
    pub(super) fn eval_addr_of(&mut self, e: &'p Expr, target: &'p Expr, st: &mut State) -> R<Val> {
        let target = target.skip_implicit();
        let p = match &target.kind {
            ExprKind::Var(v) if target.ty.as_int().is_some() => self.pointer_to(*v, &lit(0, 64), e.span)?,
            ExprKind::Index(a, i) => match &a.skip_implicit().kind {
                ExprKind::Var(v) if target.ty.as_int().is_some() => {
                    let idx = self.index64(i, st)?;
                    self.pointer_to(*v, &idx, e.span)?
                }
                _ => return Err(unsupported(e.span, "the address of an element of a nested array")),
            },
            _ => return Err(unsupported(e.span, "the address of this expression is not modelled")),
        };
        Ok(Val::Bv(p))
    }

    /// An array variable or a string literal used as a pointer: its first
    /// element's address.
    pub(super) fn eval_decay(&mut self, e: &'p Expr, array: &'p Expr) -> R<Val> {
        let inner = array.skip_implicit();
        match (&inner.kind, &array.ty) {
            (ExprKind::Var(v), CType::Array(elem, _) | CType::Vla(elem)) if elem.as_int().is_some() => {
                Ok(Val::Bv(self.pointer_to(*v, &lit(0, 64), e.span)?))
            }
            (ExprKind::StringLit(bytes), ty) => {
                // One object per literal in the text, found by its position.
                let key = (OBJECT_FRAME, VarId(usize::MAX - inner.span.start));
                let id = self.object(key, ty, Some(Self::string_value(bytes)), e.span)?;
                Ok(Val::Bv(Self::pointer(id, &lit(0, 64))))
            }
            _ => Err(unsupported(e.span, "this array is not modelled as a pointer")),
        }
    }

    /// The registered objects that hold values of type `ty`: their indices
    /// (the object number is one more) and whether they are arrays.
    fn candidates(&self, ty: IntType) -> Vec<(usize, bool)> {
        self.objects
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let (elem, array) = match &o.ty {
                    CType::Array(e, _) | CType::Vla(e) => (e.as_int()?, true),
                    t => (t.as_int()?, false),
                };
                (elem == ty).then_some((i, array))
            })
            .collect()
    }

    /// Object `i` as `*p` sees it: its key and value (its first value, or a
    /// fresh one, where the state has none), the element at `p`'s offset,
    /// and when `p` names that element.
    fn seen_through(&mut self, p: &BV, (i, array): (usize, bool), ty: IntType, span: Span, st: &mut State) -> R<Seen> {
        let key = self.objects[i].key;
        let whole = match st.vals.get(&key) {
            Some(v) => v.clone(),
            None => {
                let v = match &self.objects[i].init {
                    Some(v) => v.clone(),
                    None => self.fresh(&self.objects[i].ty.clone(), span)?,
                };
                st.vals.insert(key, v.clone());
                v
            }
        };
        let (obj, off) = (object_part(p), offset_part(p));
        let here = obj.eq(lit(i128::from(i as u64 + 1), 64 - OFFSET_BITS));
        let (element, at) = match &whole {
            Val::Arr(a) if array => match self.select(a, &off, &CType::Int(ty), span)? {
                Val::Bv(b) => (b, here),
                _ => return Err(unsupported(span, "expected a scalar value here")),
            },
            Val::Bv(b) if !array => (b.clone(), Bool::and(&[here, off.eq(lit(0, 64))])),
            _ => return Err(unsupported(span, "an object of unexpected shape")),
        };
        Ok(Seen {
            key,
            whole,
            off,
            element,
            at,
        })
    }

    /// `*p` for a pointer value `p` to `ty`.
    pub(super) fn deref_read(&mut self, p: &BV, ty: IntType, span: Span, st: &mut State) -> R<BV> {
        let Val::Bv(mut value) = self.fresh(&CType::Int(ty), span)? else {
            return Err(unsupported(span, "expected a scalar value here"));
        };
        for c in self.candidates(ty) {
            let s = self.seen_through(p, c, ty, span, st)?;
            value = s.at.ite(&s.element, &value);
        }
        Ok(self.name_bv(value))
    }

    /// `*p = value` for a pointer value `p` to `ty`: every object it may
    /// name gets the value where it is the one.
    pub(super) fn deref_write(&mut self, p: &BV, value: &BV, ty: IntType, span: Span, st: &mut State) -> R<()> {
        for c in self.candidates(ty) {
            let s = self.seen_through(p, c, ty, span, st)?;
            let element = s.at.ite(value, &s.element);
            let new = match s.whole {
                Val::Arr(a) => Val::Arr(a.store(&s.off, &element)),
                _ => Val::Bv(self.name_bv(element)),
            };
            st.vals.insert(s.key, new);
        }
        Ok(())
    }

    /// Where an assignment or `++`/`--` stores.
    pub(super) fn place(&mut self, e: &'p Expr, st: &mut State) -> R<Place> {
        match &e.kind {
            ExprKind::Deref(p) => {
                let ty =
                    e.ty.as_int()
                        .ok_or_else(|| unsupported(e.span, format!("`*` of type `{}` is not modelled", e.ty)))?;
                let ptr = self.eval_bv(p, st)?;
                Ok(Place::Deref {
                    ptr: self.name_bv(ptr),
                    ty,
                    text: self.text(e.span).to_string(),
                })
            }
            _ => Ok(Place::Path(self.lvalue(e, st)?)),
        }
    }

    pub(super) fn read_place(&mut self, place: &Place, span: Span, st: &mut State) -> R<BV> {
        match place {
            Place::Path(lp) => match self.read_lpath(lp, span, st)? {
                Val::Bv(b) => Ok(b),
                _ => Err(unsupported(span, "expected a scalar value here")),
            },
            Place::Deref { ptr, ty, .. } => self.deref_read(ptr, *ty, span, st),
        }
    }

    /// Store `value` (of the place's type `ty`, pointers as `unsigned
    /// long`) and record the assignment in the trace; the stored value.
    pub(super) fn store_place(&mut self, place: &Place, value: BV, ty: IntType, span: Span, st: &mut State) -> R<BV> {
        match place {
            Place::Path(lp) => self.store_scalar(lp, value, ty, span, st),
            Place::Deref { ptr, ty: t, text } => {
                let new = self.name_bv(convert(&value, ty, *t));
                self.deref_write(ptr, &new, *t, span, st)?;
                self.step(
                    st,
                    span,
                    StepKind::Assign,
                    text.clone(),
                    Vec::new(),
                    Some((new.clone(), *t)),
                );
                Ok(new)
            }
        }
    }
}
