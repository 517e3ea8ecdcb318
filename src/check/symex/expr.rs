//! Expression evaluation.
//!
//! In: an expression and the current state. Out: its z3 value (bit-vector,
//! array or truth value), with side effects applied to the state; plus the
//! C arithmetic, comparison and conversion helpers on bit-vectors.

use z3::ast::{Array, Ast, BV, Bool};

use super::state::{
    Enc, PropKind, R, Sel, State, StepKind, Val, and2, bool_to_bv, lit, not1, or2, scalar_type, unsupported,
};
use crate::check::quant::Quant;
use crate::ir::{BinOp, CType, Expr, ExprKind, IntType, Span, UnOp, VarId};

/// C conversion of `v` (of type `from`) to `to`: `_Bool` tests against zero,
/// otherwise truncate or sign-/zero-extend by the source's signedness.
pub(super) fn convert(v: &BV, from: IntType, to: IntType) -> BV {
    let w = v.get_size();
    let tw = to.bits();
    if to.is_bool() {
        if from.is_bool() && w == tw {
            return v.clone();
        }
        return bool_to_bv(&v.eq(lit(0, w)).not(), tw);
    }
    if w == tw {
        v.clone()
    } else if tw < w {
        v.extract(tw - 1, 0)
    } else if from.signed && !from.is_bool() {
        v.sign_ext(tw - w)
    } else {
        v.zero_ext(tw - w)
    }
}

/// The shift amount `b` brought to width `w`; amounts that do not fit
/// become `w`, so over-wide shifts keep z3's meaning (0 or sign fill).
fn shift_amount(b: &BV, w: u32) -> BV {
    let bw = b.get_size();
    if bw == w {
        b.clone()
    } else if bw < w {
        b.zero_ext(w - bw)
    } else {
        let big = b.bvuge(lit(i128::from(w), bw));
        big.ite(&lit(i128::from(w), w), &b.extract(w - 1, 0))
    }
}

/// Whether evaluating `e` can change the state or the property set.
pub(super) fn pure(e: &Expr) -> bool {
    let mut p = true;
    e.walk(&mut |x| {
        if matches!(
            x.kind,
            ExprKind::Assign { .. }
                | ExprKind::IncDec { .. }
                | ExprKind::Call(..)
                | ExprKind::Nondet(_)
                | ExprKind::Opaque(_)
        ) {
            p = false;
        }
    });
    p
}

impl<'p> Enc<'p> {
    // ---- expressions --------------------------------------------------

    /// The type of a scalar expression in the checker's arithmetic
    /// (pointers are `unsigned long`: pointer.rs).
    pub(super) fn ity(&self, e: &Expr) -> R<IntType> {
        scalar_type(&e.ty).ok_or_else(|| unsupported(e.span, format!("expression of type `{}` is not modelled", e.ty)))
    }

    /// Evaluate an expression whose value is discarded.
    pub(super) fn eval_top(&mut self, e: &'p Expr, st: &mut State) -> R<()> {
        if let ExprKind::Call(callee, args) = &e.kind {
            self.eval_call(e, callee, args, st, true)?;
        } else {
            self.eval(e, st)?;
        }
        Ok(())
    }

    pub(super) fn eval_bv(&mut self, e: &'p Expr, st: &mut State) -> R<BV> {
        match self.eval(e, st)? {
            Val::Bv(b) => {
                // Keep the width equal to the expression's type whatever the
                // IR says elsewhere: z3 aborts on mixed widths.
                let t = self.ity(e)?;
                Ok(if b.get_size() == t.bits() { b } else { convert(&b, t, t) })
            }
            _ => Err(unsupported(e.span, "expected a scalar value here")),
        }
    }

    pub(super) fn eval_arr(&mut self, e: &'p Expr, st: &mut State) -> R<Array> {
        match self.eval(e.skip_implicit(), st)? {
            Val::Arr(a) => Ok(a),
            _ => Err(unsupported(e.span, "expected an array here")),
        }
    }

    /// The truth value (`!= 0`) of a scalar expression. Comparisons and
    /// logical operators become formulas directly (not `ite(c, 1, 0) != 0`),
    /// which keeps assumptions like `x == 5` visible to z3's preprocessing.
    pub(super) fn truth(&mut self, e: &'p Expr, st: &mut State) -> R<Bool> {
        match &e.kind {
            ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) if narrow_eq(a, b).is_some() => {
                let Some((a, b, c)) = narrow_eq(a, b) else {
                    return Err(unsupported(e.span, "internal error"));
                };
                let x = self.eval_bv(a, st)?;
                let y = match (b, c) {
                    (Some(b), _) => self.eval_bv(b, st)?,
                    (None, c) => lit(c, x.get_size()),
                };
                let eq = x.eq(&y);
                Ok(folded(if *op == BinOp::Eq { eq } else { eq.not() }))
            }
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let at = self.ity(a)?;
                let bt = self.ity(b)?;
                let x = self.eval_bv(a, st)?;
                let y = self.eval_bv(b, st)?;
                let y = convert(&y, bt, at);
                Ok(folded(compare(*op, &x, &y, at.signed && !at.is_bool())))
            }
            ExprKind::Binary(op, a, b) if op.is_logical() => self.logic(*op, a, b, st),
            ExprKind::Unary(UnOp::LogNot, a) => Ok(not1(&self.truth(a, st)?)),
            ExprKind::Cast { expr, .. } if keeps_nonzero(&expr.ty, &e.ty) => self.truth(expr, st),
            _ => {
                let v = self.eval_bv(e, st)?;
                let w = v.get_size();
                Ok(folded(v.eq(lit(0, w)).not()))
            }
        }
    }

    /// `a && b` / `a || b` as a formula; `b` runs only when it must.
    fn logic(&mut self, op: BinOp, a: &'p Expr, b: &'p Expr, st: &mut State) -> R<Bool> {
        let ta = self.truth(a, st)?;
        // Where `b` is evaluated.
        let go = if op == BinOp::LogAnd { ta.clone() } else { not1(&ta) };
        let tb = if pure(b) {
            self.under(&go, st, |me, st| me.truth(b, st))?
        } else {
            let mut sb = self.fork(st, &go);
            let mut sn = self.fork(st, &not1(&go));
            let tb = if sb.dead {
                Bool::from_bool(false)
            } else {
                self.truth(b, &mut sb)?
            };
            std::mem::swap(&mut sn, st);
            *st = self.merge(vec![sb, sn]);
            tb
        };
        Ok(if op == BinOp::LogAnd {
            and2(&ta, &tb)
        } else {
            or2(&ta, &tb)
        })
    }

    pub(super) fn index64(&mut self, e: &'p Expr, st: &mut State) -> R<BV> {
        let v = self.eval_bv(e, st)?;
        let t = self.ity(e)?;
        Ok(convert(&v, t, IntType::ULONG).simplify())
    }

    pub(super) fn read_var(&mut self, v: VarId, span: Span, st: &mut State) -> R<Val> {
        let key = self.key(v);
        if let Some(val) = st.vals.get(&key) {
            return Ok(val.clone());
        }
        let decl = self.prog.var(v);
        if decl.ty.is_opaque() || matches!(decl.ty, CType::Opaque(_) | CType::Void) {
            return Err(unsupported(
                span,
                format!("variable `{}` has type `{}`, which is not modelled", decl.name, decl.ty),
            ));
        }
        let val = self.fresh(&decl.ty.clone(), span)?;
        st.vals.insert(key, val.clone());
        Ok(val)
    }

    /// Dispatch on the expression kind; arms longer than a line or two
    /// have their own method.
    pub(super) fn eval(&mut self, e: &'p Expr, st: &mut State) -> R<Val> {
        match &e.kind {
            ExprKind::IntLit(v) => {
                let t = self.ity(e)?;
                Ok(Val::Bv(lit(*v, t.bits())))
            }
            ExprKind::Var(v) => self.read_var(*v, e.span, st),
            ExprKind::Unary(op, a) => self.eval_unary(e, *op, a, st),
            ExprKind::Binary(op, a, b) => self.eval_binary(e, *op, a, b, st),
            ExprKind::Cond(c, a, b) => self.eval_cond(e, c, a, b, st),
            ExprKind::Assign { op, op_ty, lhs, rhs } => self.eval_assign(e, *op, op_ty, lhs, rhs, st),
            ExprKind::IncDec {
                inc,
                prefix,
                op_ty,
                target,
            } => self.eval_incdec(e, *inc, *prefix, op_ty, target, st),
            ExprKind::Cast { expr, .. } => self.eval_cast(e, expr, st),
            ExprKind::Index(a, i) => {
                let arr = self.eval_arr(a, st)?;
                let idx = self.index64(i, st)?;
                self.check_bounds(e, a, i, &idx, st)?;
                Ok(self
                    .part(&Val::Arr(arr), &a.skip_implicit().ty, &Sel::Index(idx), e.span)?
                    .0)
            }
            ExprKind::Call(callee, args) => self.eval_call(e, callee, args, st, false),
            ExprKind::Nondet(name) => self.eval_nondet(e, name, st),
            ExprKind::Comma(a, b) => {
                self.eval_top(a, st)?;
                self.eval(b, st)
            }
            ExprKind::Forall(v, body) => self.eval_forall(e, *v, body, st),
            ExprKind::AddrOf(target) => self.eval_addr_of(e, target, st),
            ExprKind::StringLit(bytes) => Ok(Self::string_value(bytes)),
            ExprKind::Alloc { .. } => Err(unsupported(
                e.span,
                "memory from `malloc` that is not converted to a pointer to an integer type",
            )),
            // A member of a structure value that is no object (a call's
            // result) is taken from the value; `*p` and a member of a
            // variable or of `*p` are read where they are.
            ExprKind::Member(s, f) if !e.is_designator() => {
                let v = self.eval(s, st)?;
                Ok(self.part(&v, &s.ty, &Sel::Field(*f), e.span)?.0)
            }
            ExprKind::Deref(_) | ExprKind::Member(..) => {
                let place = self.place(e, st)?;
                self.read_place_val(&place, e.span, st)
            }
            ExprKind::Opaque(reason) => Err(unsupported(e.span, format!("expression not modelled: {reason}"))),
        }
    }

    fn eval_unary(&mut self, e: &'p Expr, op: UnOp, a: &'p Expr, st: &mut State) -> R<Val> {
        let t = self.ity(e)?;
        let at = self.ity(a)?;
        let v = self.eval_bv(a, st)?;
        let r = match op {
            UnOp::Neg => {
                let x = convert(&v, at, t);
                if self.checks_overflow_in(t, st) {
                    let fails = x.eq(min_of(x.get_size()));
                    self.record_overflow(e, None, fails, st);
                }
                x.bvneg()
            }
            UnOp::Plus => convert(&v, at, t),
            UnOp::BitNot => convert(&v, at, t).bvnot(),
            UnOp::LogNot => bool_to_bv(&v.eq(lit(0, v.get_size())), t.bits()),
        };
        Ok(Val::Bv(r.simplify()))
    }

    /// `c ? a : b`; a branch with side effects runs only where it is taken.
    fn eval_cond(&mut self, e: &'p Expr, c: &'p Expr, a: &'p Expr, b: &'p Expr, st: &mut State) -> R<Val> {
        let tc = self.truth(c, st)?;
        let (va, vb) = if pure(a) && pure(b) {
            let va = self.under(&tc, st, |me, st| me.eval(a, st))?;
            let vb = self.under(&not1(&tc), st, |me, st| me.eval(b, st))?;
            (va, vb)
        } else {
            let mut sa = self.fork(st, &tc);
            let mut sb = self.fork(st, &not1(&tc));
            let va = if sa.dead {
                self.dummy(&a.ty)
            } else {
                self.eval(a, &mut sa)?
            };
            let vb = if sb.dead {
                self.dummy(&b.ty)
            } else {
                self.eval(b, &mut sb)?
            };
            *st = self.merge(vec![sa, sb]);
            (va, vb)
        };
        match (va, vb, scalar_type(&e.ty)) {
            (Val::Bv(x), Val::Bv(y), Some(t)) => {
                let x = convert(&x, self.ity(a)?, t);
                let y = convert(&y, self.ity(b)?, t);
                Ok(Val::Bv(tc.ite(&x, &y).simplify()))
            }
            (_, _, None) if e.ty == CType::Void => Ok(Val::Void),
            _ => Err(unsupported(
                e.span,
                "conditional expression of this type is not modelled",
            )),
        }
    }

    /// `++x`, `x--` and the like: the stored value is computed in `op_ty`.
    fn eval_incdec(
        &mut self,
        e: &'p Expr,
        inc: bool,
        prefix: bool,
        op_ty: &CType,
        target: &'p Expr,
        st: &mut State,
    ) -> R<Val> {
        let place = self.place(target, st)?;
        let lt = self.ity(target)?;
        let ot =
            scalar_type(op_ty).ok_or_else(|| unsupported(e.span, format!("`{op_ty}` arithmetic is not modelled")))?;
        let old = self.read_place(&place, e.span, st)?;
        let o = convert(&old, lt, ot);
        // (A pointer moves by one element: one unit of its offset.)
        let one = lit(1, ot.bits());
        if !matches!(op_ty, CType::Pointer(_)) {
            let op = if inc { BinOp::Add } else { BinOp::Sub };
            self.check_arith_overflow(e, op, (&o, ot), (&one, ot), st);
        }
        let r = if inc { o.bvadd(&one) } else { o.bvsub(&one) };
        let new = self.store_place(&place, convert(&r, ot, lt), lt, e.span, st)?;
        let res = if prefix { new } else { old };
        let et = self.ity(e)?;
        Ok(Val::Bv(convert(&res, lt, et)))
    }

    /// A cast `e` of `expr`: to `void` (value discarded), between equal
    /// array types, or an integer conversion.
    fn eval_cast(&mut self, e: &'p Expr, expr: &'p Expr, st: &mut State) -> R<Val> {
        if e.ty == CType::Void {
            self.eval_top(expr, st)?;
            return Ok(Val::Void);
        }
        if let (CType::Array(..), true) = (&e.ty, e.ty == expr.ty) {
            return self.eval(expr, st);
        }
        if let (CType::Pointer(_), CType::Array(..) | CType::Vla(_)) = (&e.ty, &expr.ty) {
            return self.eval_decay(e, expr, st);
        }
        if let (Some(elem), ExprKind::Alloc { size, zeroed }) = (e.ty.pointee(), &expr.skip_implicit().kind) {
            return self.eval_alloc(e, size, *zeroed, elem, st);
        }
        if e.ty.as_struct().is_some() && e.ty == expr.ty {
            return self.eval(expr, st);
        }
        let to = self.ity(e)?;
        let from = self.ity(expr)?;
        let v = self.eval_bv(expr, st)?;
        Ok(Val::Bv(convert(&v, from, to).simplify()))
    }

    /// A nondeterministic value, with its trace step.
    fn eval_nondet(&mut self, e: &'p Expr, name: &str, st: &mut State) -> R<Val> {
        let v = self.fresh(&e.ty, e.span)?;
        if let (Val::Bv(b), CType::Int(t)) = (&v, &e.ty) {
            let target = if name.is_empty() {
                "nondet".to_string()
            } else {
                format!("{name}()")
            };
            self.step(st, e.span, StepKind::Nondet, target, Vec::new(), Some((b.clone(), *t)));
        }
        Ok(v)
    }

    /// `forall v. body` over the values of `v`'s integer type.
    fn eval_forall(&mut self, e: &'p Expr, v: VarId, body: &'p Expr, st: &mut State) -> R<Val> {
        if !pure(body) {
            return Err(unsupported(
                body.span,
                "quantifier body with side effects is not modelled",
            ));
        }
        let decl = self.prog.var(v);
        let t = decl
            .ty
            .as_int()
            .ok_or_else(|| unsupported(decl.span, "quantified variable of this type is not modelled"))?;
        let bound = BV::fresh_const("tracc_q", t.bits());
        let mut tmp = st.clone();
        tmp.vals.insert(self.key(v), Val::Bv(bound.clone()));
        self.binders += 1;
        let b = self.truth(body, &mut tmp);
        self.binders -= 1;
        let b = b?;
        // Quantifiers over array elements are instantiated (quant.rs);
        // z3 handles the others (ranges of scalar conditions) well.
        let q = if self.binders == 0 && !self.opts.native_quantifiers && crate::check::quant::reads_array(&b) {
            let name = Bool::fresh_const("tracc_fa");
            self.out.quants.push(Quant {
                name: name.clone(),
                bound,
                body: b,
                signed: t.signed && !t.is_bool(),
            });
            name
        } else {
            let q = z3::ast::forall_const(&[&bound], &[], &b);
            if self.binders == 0 {
                // Named, so that the model gives it a value (z3's
                // model evaluation leaves quantifiers unevaluated);
                // by two implications, as z3 would solve an equation
                // away and give the name the quantifier as value.
                let name = Bool::fresh_const("tracc_fa");
                self.out.defs.push(name.implies(&q));
                self.out.defs.push(q.implies(&name));
                name
            } else {
                // Inside another quantifier's body the outer bound
                // variable may occur: no name outside.
                q
            }
        };
        let et = self.ity(e)?;
        Ok(Val::Bv(bool_to_bv(&q, et.bits())))
    }

    /// A placeholder value for a branch that cannot execute.
    pub(super) fn dummy(&self, ty: &CType) -> Val {
        match ty {
            CType::Int(t) => Val::Bv(lit(0, t.bits())),
            CType::Pointer(_) => Val::Bv(lit(0, 64)),
            _ => Val::Void,
        }
    }

    fn eval_binary(&mut self, e: &'p Expr, op: BinOp, a: &'p Expr, b: &'p Expr, st: &mut State) -> R<Val> {
        let t = self.ity(e)?;
        if op.is_logical() {
            let r = self.logic(op, a, b, st)?;
            return Ok(Val::Bv(bool_to_bv(&r, t.bits()).simplify()));
        }
        let at = self.ity(a)?;
        let bt = self.ity(b)?;
        let x = self.eval_bv(a, st)?;
        let y = self.eval_bv(b, st)?;
        if op.is_comparison() {
            let y = convert(&y, bt, at);
            let c = compare(op, &x, &y, at.signed && !at.is_bool());
            return Ok(Val::Bv(bool_to_bv(&c, t.bits()).simplify()));
        }
        self.check_arith_overflow(e, op, (&x, at), (&y, bt), st);
        self.check_undefined(e, op, (&x, at), (&y, bt), st);
        let r = arith(op, &x, at, &y, bt);
        Ok(Val::Bv(convert(&r, at, t).simplify()))
    }

    /// Whether signed overflow in type `t` is a property here: the options
    /// ask for it, the type is signed and at least `int` (narrower operands
    /// are promoted first, and a conversion back is not an overflow), and
    /// not inside a quantifier's body, where the bound variable is free.
    /// Asked first, so that no formula is built where none is wanted.
    fn checks_overflow_in(&self, t: IntType, st: &State) -> bool {
        self.opts.signed_overflow && self.binders == 0 && !st.dead && t.signed && !t.is_bool() && t.bits() >= 32
    }

    /// Records where `x op y` overflows (`x` of the operation's type `xt`,
    /// `y` of type `yt`: a shift amount keeps its own type), when
    /// `checks_overflow_in` says so.
    fn check_arith_overflow(
        &mut self,
        e: &Expr,
        op: BinOp,
        (x, xt): (&BV, IntType),
        (y, yt): (&BV, IntType),
        st: &State,
    ) {
        if self.checks_overflow_in(xt, st)
            && let Some(fails) = arith_overflows(op, x, (y, yt), xt)
        {
            self.record_overflow(e, Some(op), fails, st);
        }
    }

    /// Records where `x op y` (`x` of the operation's type `xt`, `y` of
    /// type `yt`) divides by zero or shifts in a way C leaves undefined,
    /// when the options ask for it, with CBMC's messages: a divisor 0; a
    /// negative shift amount (of a signed type), one not below `xt`'s
    /// width, a negative left operand of `<<`. A property that cannot fail
    /// (a constant divisor or amount) is not recorded, as CBMC records none.
    fn check_undefined(&mut self, e: &Expr, op: BinOp, (x, xt): (&BV, IntType), (y, yt): (&BV, IntType), st: &State) {
        if self.binders > 0 || st.dead {
            return;
        }
        let mut found: Vec<(PropKind, &str, Bool)> = Vec::new();
        match op {
            BinOp::Div | BinOp::Rem if self.opts.div_by_zero => {
                found.push((PropKind::DivByZero, "division by zero", y.eq(lit(0, y.get_size()))));
            }
            BinOp::Shl | BinOp::Shr if self.opts.undefined_shift => {
                let amount = convert(y, yt, IntType::LONG);
                let signed_amount = yt.signed && !yt.is_bool();
                if signed_amount {
                    found.push((
                        PropKind::UndefinedShift,
                        "shift distance is negative",
                        amount.bvslt(lit(0, 64)),
                    ));
                }
                let width = lit(i128::from(x.get_size()), 64);
                let too_large = if signed_amount {
                    amount.bvsge(&width)
                } else {
                    amount.bvuge(&width)
                };
                found.push((PropKind::UndefinedShift, "shift distance too large", too_large));
                if op == BinOp::Shl && xt.signed && !xt.is_bool() {
                    found.push((
                        PropKind::UndefinedShift,
                        "shift operand is negative",
                        x.bvslt(lit(0, x.get_size())),
                    ));
                }
            }
            _ => {}
        }
        for (kind, what, fails) in found {
            let message = format!("{what} in {}", self.text(e.span));
            self.prop_where(st, kind, e.span, message, &fails);
        }
    }

    /// The property that `e` (the binary `op`, or a negation) overflows
    /// where `fails`, with CBMC's message.
    fn record_overflow(&mut self, e: &Expr, op: Option<BinOp>, fails: Bool, st: &State) {
        let text = self.text(e.span);
        let message = match op {
            Some(BinOp::Rem) => format!("result of signed mod is not representable in {text}"),
            Some(BinOp::Shl) => format!("arithmetic overflow on signed shl in {text}"),
            Some(op) => format!("arithmetic overflow on signed {} in {text}", op.c_str()),
            None => format!("arithmetic overflow on signed unary minus in {text}"),
        };
        self.prop(PropKind::Overflow, e.span, message, and2(&st.guard, &fails));
    }

    /// Records where index `i` (`idx`, its value in 64 bits) of array `a`
    /// in access `e` lies outside the array, when the options ask for it
    /// (CBMC's two properties: a lower bound for a signed index, an upper
    /// bound).
    pub(super) fn check_bounds(&mut self, e: &Expr, a: &Expr, i: &Expr, idx: &BV, st: &State) -> R<()> {
        let CType::Array(_, n) = a.skip_implicit().ty else {
            return Ok(());
        };
        if !self.opts.bounds_check || self.binders > 0 || st.dead {
            return Ok(());
        }
        let it = self.ity(i)?;
        let signed = it.signed && !it.is_bool();
        let len = BV::from_u64(n, 64);
        let what = |me: &Self, bound: &str| format!("array '{}' {bound} bound in {}", me.text(a.span), me.text(e.span));
        if signed {
            let message = what(self, "lower");
            self.prop(
                PropKind::Bounds,
                e.span,
                message,
                and2(&st.guard, &idx.bvslt(lit(0, 64))),
            );
        }
        let above = if signed { idx.bvsge(&len) } else { idx.bvuge(&len) };
        let message = what(self, "upper");
        self.prop(PropKind::Bounds, e.span, message, and2(&st.guard, &above));
        Ok(())
    }

    /// Evaluates `f` with the guard strengthened by `c`, so that the
    /// properties a pure operand records hold only where it is evaluated
    /// (the right of `&&`, a branch of `?:`).
    fn under<T>(&mut self, c: &Bool, st: &mut State, f: impl FnOnce(&mut Self, &mut State) -> R<T>) -> R<T> {
        if !self.opts.checks_operations() {
            return f(self, st);
        }
        let saved = st.guard.clone();
        st.guard = and2(&saved, c);
        let r = f(self, st);
        st.guard = saved;
        r
    }

    fn eval_assign(
        &mut self,
        e: &'p Expr,
        op: Option<BinOp>,
        op_ty: &CType,
        lhs: &'p Expr,
        rhs: &'p Expr,
        st: &mut State,
    ) -> R<Val> {
        let place = self.place(lhs, st)?;
        match (scalar_type(&lhs.ty), op) {
            (Some(lt), op) => {
                let lt = &lt;
                let value = match op {
                    None => {
                        let v = self.eval_bv(rhs, st)?;
                        let rt = self.ity(rhs)?;
                        convert(&v, rt, *lt)
                    }
                    Some(op) => {
                        let ot = scalar_type(op_ty)
                            .ok_or_else(|| unsupported(e.span, format!("`{op_ty}` arithmetic is not modelled")))?;
                        let old = self.read_place(&place, e.span, st)?;
                        let r = self.eval_bv(rhs, st)?;
                        let rt = self.ity(rhs)?;
                        let o = convert(&old, *lt, ot);
                        self.check_arith_overflow(e, op, (&o, ot), (&r, rt), st);
                        self.check_undefined(e, op, (&o, ot), (&r, rt), st);
                        let res = if op.is_shift() {
                            arith(op, &o, ot, &r, rt)
                        } else {
                            arith(op, &o, ot, &convert(&r, rt, ot), ot)
                        };
                        convert(&res, ot, *lt)
                    }
                };
                let new = self.store_place(&place, value, *lt, e.span, st)?;
                let et = self.ity(e)?;
                Ok(Val::Bv(convert(&new, *lt, et)))
            }
            // A structure is assigned as a whole.
            (None, None) if lhs.ty.as_struct().is_some() && rhs.ty == lhs.ty => {
                let v = self.eval(rhs, st)?;
                self.store_place_val(&place, v.clone(), e.span, st)?;
                Ok(v)
            }
            _ => Err(unsupported(
                e.span,
                format!("assignment of type `{}` is not modelled", lhs.ty),
            )),
        }
    }
}

/// `b` itself, or its value when it simplifies to a constant. (The
/// simplified form of an equality can be a conjunction over bit slices,
/// which z3's equation solving no longer recognises, so it is not kept.)
fn folded(b: Bool) -> Bool {
    let s = b.simplify();
    if s.as_bool().is_some() { s } else { b }
}

/// For `a == b` where both sides are widened from one type `T` (or one
/// side is and the other a constant representable in `T`): the operands to
/// compare in `T` instead, which keeps `x == c` an equation on `x` itself
/// for z3 (promotions otherwise hide it behind an extension).
fn narrow_eq<'e>(a: &'e Expr, b: &'e Expr) -> Option<(&'e Expr, Option<&'e Expr>, i128)> {
    fn widened(e: &Expr) -> Option<(&Expr, IntType)> {
        match (&e.kind, &e.ty) {
            (ExprKind::Cast { expr, .. }, CType::Int(w)) => match &expr.ty {
                CType::Int(t) if !w.is_bool() && w.bits() > t.bits() => Some((expr, *t)),
                _ => None,
            },
            _ => None,
        }
    }
    let (a0, t) = widened(a)?;
    match (widened(b), &b.kind) {
        (Some((b0, u)), _) if u == t || (u.bits() == t.bits() && u.signed == t.signed) => Some((a0, Some(b0), 0)),
        (_, ExprKind::IntLit(c)) if t.contains(*c) => Some((a0, None, *c)),
        _ => None,
    }
}

/// Whether converting `from` to `to` keeps "is non-zero" (widening, or
/// conversion to `_Bool`).
fn keeps_nonzero(from: &CType, to: &CType) -> bool {
    matches!((from, to), (CType::Int(f), CType::Int(t)) if t.is_bool() || t.bits() >= f.bits())
}

fn compare(op: BinOp, x: &BV, y: &BV, signed: bool) -> Bool {
    match (op, signed) {
        (BinOp::Lt, true) => x.bvslt(y),
        (BinOp::Lt, false) => x.bvult(y),
        (BinOp::Le, true) => x.bvsle(y),
        (BinOp::Le, false) => x.bvule(y),
        (BinOp::Gt, true) => x.bvsgt(y),
        (BinOp::Gt, false) => x.bvugt(y),
        (BinOp::Ge, true) => x.bvsge(y),
        (BinOp::Ge, false) => x.bvuge(y),
        (BinOp::Eq, _) => x.eq(y),
        _ => x.eq(y).not(),
    }
}

/// Where the signed `x op y` leaves the operation's type `xt` (`x` is of
/// that type, `y` of type `yt`: converted to it, except a shift amount),
/// or `None` for an operation that cannot overflow.
fn arith_overflows(op: BinOp, x: &BV, (y, yt): (&BV, IntType), xt: IntType) -> Option<Bool> {
    let w = x.get_size();
    if op == BinOp::Shl {
        return Some(shl_overflows(x, &convert(y, yt, IntType::LONG)));
    }
    let y = &convert(y, yt, xt);
    match op {
        BinOp::Add | BinOp::Sub => {
            let (a, b) = (x.sign_ext(1), y.sign_ext(1));
            let r = if op == BinOp::Add { a.bvadd(&b) } else { a.bvsub(&b) };
            Some(r.extract(w, w).eq(r.extract(w - 1, w - 1)).not())
        }
        BinOp::Mul => {
            let r = x.sign_ext(w).bvmul(y.sign_ext(w));
            Some(r.extract(w - 1, 0).sign_ext(w).eq(&r).not())
        }
        BinOp::Div | BinOp::Rem => Some(and2(&x.eq(min_of(w)), &y.eq(lit(-1, w)))),
        _ => None,
    }
}

/// Where the signed `x << amount` overflows (CBMC's rule: `x` is not
/// negative, the amount is in `0..width`, and `x * 2^amount` leaves the
/// type; a negative operand or amount out of range is the shift check's
/// business, not this one's). `amount` is the shift amount as a `long`.
fn shl_overflows(x: &BV, amount: &BV) -> Bool {
    let w = x.get_size();
    let in_range = and2(&amount.bvsge(lit(0, 64)), &amount.bvslt(lit(i128::from(w), 64)));
    let wide_amount = if 2 * w > 64 {
        amount.sign_ext(2 * w - 64)
    } else {
        amount.extract(2 * w - 1, 0)
    };
    let shifted = x.sign_ext(w).bvshl(&wide_amount);
    let fits = shifted.extract(w - 1, 0).sign_ext(w).eq(&shifted);
    and2(&and2(&x.bvsge(lit(0, w)), &in_range), &fits.not())
}

/// The minimum of a signed type of `w` bits.
fn min_of(w: u32) -> BV {
    lit(1, 1).concat(lit(0, w - 1))
}

/// Unsigned `x / y` or `x % y`. When both operands have zeros in their
/// high bits (a 64-bit division of two 32-bit values widened, as in the
/// accelerators' `(unsigned long)(4294967295U - x) / (unsigned long)n`),
/// the division is made on the low bits and widened back: the same value
/// (a divisor of 0 too: z3's `x / 0` is all ones, `x % 0` is `x`) with a
/// circuit a quarter of the size, which z3's bit-blasting feels.
fn unsigned_div_rem(op: BinOp, x: &BV, y: &BV) -> BV {
    let w = x.get_size();
    // At least one low bit stays (`0 / 0` has all its bits known zero).
    let high = zero_high_bits(x).min(zero_high_bits(y)).min(w - 1);
    if high < 8 {
        return if op == BinOp::Div { x.bvudiv(y) } else { x.bvurem(y) };
    }
    let low = w - high;
    let (xl, yl) = (x.extract(low - 1, 0), y.extract(low - 1, 0));
    if op == BinOp::Rem {
        return xl.bvurem(&yl).zero_ext(high);
    }
    let q = xl.bvudiv(&yl).zero_ext(high);
    yl.eq(lit(0, low)).ite(&lit(-1, w), &q)
}

/// How many of `t`'s high bits are zero by its form: a numeral's leading
/// zeros, a zero extension's, a concatenation's leading parts'; 0 for
/// anything else.
fn zero_high_bits(t: &BV) -> u32 {
    let w = t.get_size();
    if let Some(v) = t.as_u64() {
        return (v.leading_zeros() + w).saturating_sub(64);
    }
    let Some(kind) = crate::check::apps::decl_kind(t) else {
        return 0;
    };
    let kids: Vec<BV> = t.children().iter().filter_map(|c| c.as_bv()).collect();
    match kind {
        z3::DeclKind::ZeroExt => kids.first().map_or(0, |k| w - k.get_size() + zero_high_bits(k)),
        z3::DeclKind::Concat => {
            let mut zeros = 0;
            for k in &kids {
                let z = zero_high_bits(k);
                zeros += z;
                if z < k.get_size() {
                    break;
                }
            }
            zeros
        }
        _ => 0,
    }
}

/// Arithmetic `x op y` in the type `xt` of the left operand (the IR has
/// already converted both to the common type, except shift amounts).
fn arith(op: BinOp, x: &BV, xt: IntType, y: &BV, yt: IntType) -> BV {
    let w = x.get_size();
    let signed = xt.signed && !xt.is_bool();
    if op.is_shift() {
        let amt = shift_amount(y, w);
        return match (op, signed) {
            (BinOp::Shl, _) => x.bvshl(&amt),
            (_, true) => x.bvashr(&amt),
            (_, false) => x.bvlshr(&amt),
        };
    }
    let y = if y.get_size() == w {
        y.clone()
    } else {
        convert(y, yt, xt)
    };
    match op {
        BinOp::Add => x.bvadd(&y),
        BinOp::Sub => x.bvsub(&y),
        BinOp::Mul => x.bvmul(&y),
        BinOp::Div if signed => x.bvsdiv(&y),
        BinOp::Rem if signed => x.bvsrem(&y),
        BinOp::Div | BinOp::Rem => unsigned_div_rem(op, x, &y),
        BinOp::BitAnd => x.bvand(&y),
        BinOp::BitOr => x.bvor(&y),
        BinOp::BitXor => x.bvxor(&y),
        _ => x.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_division_of_widened_values_is_the_wide_division() {
        // For all 32-bit a and b (0 included), on the low bits and widened
        // back: the same as z3's 64-bit `bvudiv` and `bvurem`.
        let a = BV::new_const("a", 32);
        let b = BV::new_const("b", 32);
        let (x, y) = (a.zero_ext(32), b.zero_ext(32));
        assert_eq!(zero_high_bits(&x), 32);
        assert_eq!(zero_high_bits(&x.simplify()), 32);
        assert_eq!(zero_high_bits(&lit(5, 64)), 61);
        for (op, wide) in [(BinOp::Div, x.bvudiv(&y)), (BinOp::Rem, x.bvurem(&y))] {
            let narrow = unsigned_div_rem(op, &x, &y);
            assert!(
                narrow.get_size() == 64 && !narrow.ast_eq(&wide),
                "{op:?} is made narrow"
            );
            let s = z3::Solver::new();
            s.assert(narrow.eq(&wide).not());
            assert_eq!(s.check(), z3::SatResult::Unsat, "{op:?}");
        }
        // Two zeros: every bit known, one still divided (a campaign
        // program had `0 / 0`'s form, and the narrow width was 0).
        let zero = lit(0, 64);
        for (op, wide) in [(BinOp::Div, zero.bvudiv(&zero)), (BinOp::Rem, zero.bvurem(&zero))] {
            let narrow = unsigned_div_rem(op, &zero, &zero);
            assert_eq!(narrow.simplify().as_u64(), wide.simplify().as_u64(), "{op:?}");
        }
        // Without zeros above, the wide operation itself.
        let full = BV::new_const("f", 64);
        assert!(unsigned_div_rem(BinOp::Div, &full, &y).ast_eq(full.bvudiv(&y)));
    }
}
