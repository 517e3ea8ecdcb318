//! The fresh variables of one accelerator.
//!
//! In: the program and the loop's function. Out: declarations of the
//! accelerator's own variables (the iteration count `tracc_nN`, quantified
//! indices `tracc_kN`, fresh arrays `tracc_aN`, copies `tracc_sN`), each
//! numbered after the highest of its kind already in the program. They get
//! ids after the program's own variables but are added to the program only
//! when the path is accelerated, so a refused path leaves nothing behind.

use crate::ir::build;
use crate::ir::{CType, FuncId, IntType, Program, Span, Storage, VarDecl, VarId};
use std::collections::BTreeMap;

pub(super) struct FreshVars<'a> {
    program: &'a Program,
    func: FuncId,
    decls: Vec<VarDecl>,
    /// Per stem, the number the next variable of that kind gets.
    next: BTreeMap<&'static str, usize>,
}

impl<'a> FreshVars<'a> {
    pub(super) fn new(program: &'a Program, func: FuncId) -> Self {
        FreshVars {
            program,
            func,
            decls: Vec::new(),
            next: BTreeMap::new(),
        }
    }

    fn declare(&mut self, stem: &'static str, ty: CType) -> VarId {
        let program = self.program;
        let num = self
            .next
            .entry(stem)
            .or_insert_with(|| highest_number(program, stem) + 1);
        let name = program.fresh.name(format_args!("{stem}{num}"));
        *num += 1;
        let id = VarId(program.vars.len() + self.decls.len());
        self.decls.push(VarDecl {
            name,
            ty,
            storage: Storage::Local,
            func: Some(self.func),
            span: Span::SYNTHETIC,
        });
        id
    }

    /// The iteration count `tracc_nN`.
    pub(super) fn iteration_count(&mut self) -> VarId {
        self.declare("n", build::ULONG)
    }

    /// A quantified iteration or element index `tracc_kN`.
    pub(super) fn index(&mut self) -> VarId {
        self.declare("k", build::ULONG)
    }

    /// An array `tracc_aN` that receives the written elements.
    pub(super) fn array(&mut self, ty: CType) -> VarId {
        self.declare("a", ty)
    }

    /// A copy `tracc_sN` that breaks a cycle of final assignments.
    pub(super) fn copy(&mut self, ty: CType) -> VarId {
        self.declare("s", ty)
    }

    /// The integer type of a variable of the program or of this accelerator.
    pub(super) fn int_type(&self, v: VarId) -> Option<IntType> {
        match v.0.checked_sub(self.program.vars.len()) {
            Some(i) => self.decls.get(i).and_then(|d| d.ty.as_int()),
            None => self.program.var(v).ty.as_int(),
        }
    }

    /// The name of a variable of the program or of this accelerator.
    pub(super) fn name(&self, v: VarId) -> Option<String> {
        match v.0.checked_sub(self.program.vars.len()) {
            Some(i) => self.decls.get(i).map(|d| d.name.clone()),
            None => Some(self.program.var(v).name.clone()),
        }
    }

    pub(super) fn into_decls(self) -> Vec<VarDecl> {
        self.decls
    }
}

/// The highest number `N` of a variable `<fresh prefix><stem>N` already in
/// the program (0 if none).
fn highest_number(program: &Program, stem: &str) -> usize {
    let prefix = program.fresh.name(stem);
    program
        .vars
        .iter()
        .filter_map(|d| d.name.strip_prefix(&prefix).and_then(|s| s.parse::<usize>().ok()))
        .max()
        .unwrap_or(0)
}
