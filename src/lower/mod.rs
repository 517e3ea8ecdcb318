//! Lowering: tree-sitter syntax tree in, typed IR (`ir::Program`) out.
//!
//! In: C text (parsed here with `parse`) and the data model. Out:
//! `Lowered`, the program with every expression typed by C's rules (LP64 or
//! ILP32, promotions, usual arithmetic
//! conversions made explicit as implicit casts), every node spanned, and
//! every construct the IR does not model kept as an `Opaque` node with the
//! reason. Only syntax errors and the jumps C forbids (a `break` outside
//! every loop and `switch`, a `continue` outside every loop) fail the file.

mod call;
mod expr;
mod goto_loops;
mod literal;
mod lvalue;
mod operator;
mod stmt;
mod types;

use crate::diag::Diagnostic;
use crate::ir::{CType, DataModel, Expr, FuncId, Function, Init, Program, Span, Storage, VarDecl, VarId};
use crate::parse::Parsed;
use std::collections::HashMap;
use tree_sitter::Node;

pub use literal::{char_literal, integer_literal, integer_literal_in};

/// The result of lowering a file: the program and the warnings about
/// constructs that were not understood.
#[derive(Debug)]
pub struct Lowered {
    pub program: Program,
    pub warnings: Vec<Diagnostic>,
}

/// Parse and lower C text (LP64). Syntax errors are errors; unmodelled
/// constructs become opaque IR nodes.
pub fn lower_source(text: &str) -> Result<Lowered, Vec<Diagnostic>> {
    lower_source_in(text, DataModel::Lp64)
}

/// `lower_source` in the data model `model`: under ILP32 `long`, `size_t`,
/// `ptrdiff_t` and pointers are 32 bits wide, as under CBMC's `--32`.
pub fn lower_source_in(text: &str, model: DataModel) -> Result<Lowered, Vec<Diagnostic>> {
    let parsed = crate::parse::parse(text)?;
    let mut lowerer = Lowerer::new(&parsed);
    lowerer.program.model = model;
    lowerer.warnings.extend(parsed.warnings.iter().cloned());
    lowerer.translation_unit(parsed.tree.root_node());
    let stray: Vec<Diagnostic> = (lowerer.program.funcs.iter())
        .filter_map(|f| f.body.as_ref())
        .flat_map(goto_loops::stray_jumps)
        .map(|(span, what)| Diagnostic::error(span, what))
        .collect();
    if !stray.is_empty() {
        return Err(stray);
    }
    lowerer.program.fresh = crate::ir::FreshPrefix::for_source(text);
    Ok(Lowered {
        program: lowerer.program,
        warnings: lowerer.warnings,
    })
}

/// A name in scope.
#[derive(Clone, Debug)]
enum Binding {
    Var(VarId),
    /// An `enum` constant or object-like macro with an integer value.
    Const(Expr),
}

struct Lowerer<'a> {
    parsed: &'a Parsed,
    program: Program,
    warnings: Vec<Diagnostic>,
    /// Innermost scope last; the first is file scope.
    scopes: Vec<HashMap<String, Binding>>,
    typedefs: HashMap<String, CType>,
    /// Object-like macros: name and replacement text, lowered on use.
    macros: HashMap<String, String>,
    /// Macros whose replacement has a loop, with the definition's line and
    /// column: tracc does not expand macros, so their loops are not
    /// transformed.
    loop_macros: HashMap<String, (usize, usize)>,
    /// Names of function-like macros: a use looks like a call, but tracc
    /// does not expand macros, so it is not an implicit declaration.
    function_macros: std::collections::HashSet<String>,
    /// The function whose body is being lowered.
    current_func: Option<FuncId>,
    /// Structure tags (file scope).
    struct_tags: HashMap<String, crate::ir::StructRef>,
}

impl<'a> Lowerer<'a> {
    fn new(parsed: &'a Parsed) -> Lowerer<'a> {
        Lowerer {
            parsed,
            program: Program::default(),
            warnings: Vec::new(),
            scopes: vec![HashMap::new()],
            typedefs: HashMap::new(),
            macros: HashMap::new(),
            loop_macros: HashMap::new(),
            function_macros: std::collections::HashSet::new(),
            current_func: None,
            struct_tags: HashMap::new(),
        }
    }

    fn span(&self, node: Node<'_>) -> Span {
        self.parsed.span(node)
    }

    fn text(&self, node: Node<'_>) -> &'a str {
        let parsed: &'a Parsed = self.parsed;
        parsed.node_text(node)
    }

    fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn bind(&mut self, name: &str, binding: Binding) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), binding);
        }
    }

    fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    fn new_var(&mut self, name: &str, ty: CType, storage: Storage, span: Span) -> VarId {
        let id = self.program.add_var(VarDecl {
            name: name.to_string(),
            ty,
            storage,
            func: self.current_func,
            span,
        });
        self.bind(name, Binding::Var(id));
        id
    }

    fn translation_unit(&mut self, root: Node<'_>) {
        // Signatures first, so that calls to functions defined further down
        // (implicitly declared in old C) resolve.
        self.declare_functions(root);
        let mut cursor = root.walk();
        for child in root.named_children(&mut cursor) {
            self.top_level(child);
        }
    }

    fn declare_functions(&mut self, root: Node<'_>) {
        let mut cursor = root.walk();
        for child in root.named_children(&mut cursor) {
            let (declarators, is_def) = match child.kind() {
                "function_definition" => (
                    child.child_by_field_name("declarator").into_iter().collect::<Vec<_>>(),
                    true,
                ),
                "declaration" => {
                    let mut c = child.walk();
                    (child.children_by_field_name("declarator", &mut c).collect(), false)
                }
                _ => continue,
            };
            let Some(type_node) = child.child_by_field_name("type") else {
                continue;
            };
            for decl in declarators {
                let Some(fdecl) = function_declarator(decl) else {
                    continue;
                };
                let Some(name_node) = fdecl.child_by_field_name("declarator") else {
                    continue;
                };
                if name_node.kind() != "identifier" {
                    continue;
                }
                let name = self.text(name_node).to_string();
                let ret = self.return_type(type_node, decl);
                let span = self.span(if is_def { child } else { decl });
                let existing = self.program.func_by_name(&name);
                let id = match existing {
                    Some(id) => id,
                    None => {
                        self.program.funcs.push(Function {
                            name: name.clone(),
                            ret: ret.clone(),
                            params: Vec::new(),
                            body: None,
                            span,
                            opaque: None,
                        });
                        FuncId(self.program.funcs.len() - 1)
                    }
                };
                if is_def || existing.is_none() {
                    let f = &mut self.program.funcs[id.0];
                    f.span = span;
                    set_return_type(f, ret);
                }
            }
        }
    }

    /// The return type of a function declared by `decl` over `type_node`.
    fn return_type(&mut self, type_node: Node<'_>, decl: Node<'_>) -> CType {
        let ret = self.base_type(type_node);
        if decl.kind() != "pointer_declarator" {
            return ret;
        }
        // A pointer to an integer or a structure (one level) is modelled.
        let pointer_level_one = decl
            .child_by_field_name("declarator")
            .is_some_and(|d| d.kind() == "function_declarator");
        if (ret.as_int().is_some() || ret.as_struct().is_some()) && pointer_level_one {
            CType::Pointer(Box::new(ret))
        } else {
            CType::Opaque(format!("{} *", self.text(type_node)))
        }
    }

    /// The return type of function `id` defined by `node`, again: a type
    /// named by a typedef or defined further up than the function was
    /// unknown when `declare_functions` first saw the signature.
    fn refresh_return_type(&mut self, id: FuncId, node: Node<'_>, decl: Node<'_>) {
        let Some(type_node) = node.child_by_field_name("type") else {
            return;
        };
        let ret = self.return_type(type_node, decl);
        set_return_type(&mut self.program.funcs[id.0], ret);
    }

    fn top_level(&mut self, node: Node<'_>) {
        match node.kind() {
            "function_definition" => self.function_definition(node),
            "declaration" => self.file_declaration(node),
            "type_definition" => self.type_definition(node),
            // `struct tag { ... };` defines the type.
            "struct_specifier" => {
                self.base_type(node);
            }
            "preproc_def" => self.macro_definition(node),
            "preproc_function_def" => self.note_loop_macro(node),
            "preproc_include" | "preproc_call" | "comment" | "expression_statement" => {}
            "preproc_if" | "preproc_ifdef" => {
                // Without a preprocessor we cannot tell which branch is live.
                self.program
                    .opaque_items
                    .push((self.span(node), "conditional compilation is not evaluated".to_string()));
                self.warnings.push(
                    Diagnostic::warning(self.span(node), "code under conditional compilation is kept as it is")
                        .with_label("not analysed")
                        .with_note("tracc does not run the preprocessor; loops in here are not transformed"),
                );
            }
            other => {
                self.program
                    .opaque_items
                    .push((self.span(node), format!("`{other}` at file scope is not modelled")));
            }
        }
    }

    fn macro_definition(&mut self, node: Node<'_>) {
        self.note_loop_macro(node);
        let (Some(name), Some(value)) = (node.child_by_field_name("name"), node.child_by_field_name("value")) else {
            return;
        };
        let name = self.text(name).to_string();
        let value = self.text(value).trim().to_string();
        self.macros.insert(name, value);
    }

    /// Remember a macro (object- or function-like) whose replacement has a
    /// loop keyword, so that its uses can be reported.
    fn note_loop_macro(&mut self, node: Node<'_>) {
        if node.kind() == "preproc_function_def"
            && let Some(name) = node.child_by_field_name("name")
        {
            self.function_macros.insert(self.text(name).to_string());
        }
        let (Some(name), Some(value)) = (node.child_by_field_name("name"), node.child_by_field_name("value")) else {
            return;
        };
        let words = self.text(value).split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
        let has_loop = words.into_iter().any(|w| matches!(w, "while" | "for" | "do"));
        if has_loop {
            let name = self.text(name).to_string();
            let at = node.start_position();
            self.loop_macros.insert(name, (at.row + 1, at.column + 1));
        }
    }

    /// A warning at a use of a macro that expands to a loop (`None` when
    /// `name` is no such macro).
    fn loop_macro_use(&mut self, name: &str, at: Span) {
        let Some(&(line, col)) = self.loop_macros.get(name) else {
            return;
        };
        self.warnings.push(
            Diagnostic::warning(at, format!("the loop in macro `{name}` is not transformed"))
                .with_label("this expands to a loop")
                .with_note(format!(
                    "`{name}` is defined at {line}:{col}; tracc does not expand macros: run the preprocessor first (gcc -E) to transform its loops"
                )),
        );
    }

    /// The base type of a declaration and its declarators.
    fn base_and_declarators<'t>(&mut self, node: Node<'t>) -> Option<(CType, Vec<Node<'t>>)> {
        let base = self.base_type(node.child_by_field_name("type")?);
        let mut cursor = node.walk();
        let declarators = node.children_by_field_name("declarator", &mut cursor).collect();
        Some((base, declarators))
    }

    fn type_definition(&mut self, node: Node<'_>) {
        let Some((base, declarators)) = self.base_and_declarators(node) else {
            return;
        };
        for d in declarators {
            if let Some((name, ty)) = self.declarator_type(d, base.clone()) {
                self.typedefs.insert(name, ty);
            }
        }
    }

    fn file_declaration(&mut self, node: Node<'_>) {
        let Some((base, declarators)) = self.base_and_declarators(node) else {
            return;
        };
        for d in declarators {
            if let Some(fdecl) = function_declarator(d) {
                // Declared by declare_functions; the return type may name a
                // type defined since.
                let name = fdecl
                    .child_by_field_name("declarator")
                    .map(|n| self.text(n).to_string());
                if let Some(id) = name.and_then(|n| self.program.func_by_name(&n))
                    && self.program.funcs[id.0].body.is_none()
                {
                    self.refresh_return_type(id, node, d);
                }
                continue;
            }
            let (target, value) = split_init(d);
            let Some((name, ty)) = self.declarator_type(target, base.clone()) else {
                self.program
                    .opaque_items
                    .push((self.span(d), "declarator not modelled".to_string()));
                continue;
            };
            let id = self.file_scope_var(&name, ty, self.span(target));
            let ty = self.program.var(id).ty.clone();
            let init = value.map(|v| self.initializer(v, &ty));
            self.define_global(id, init);
        }
    }

    /// The object a file-scope declaration of `name` (or a block-scope
    /// `extern` one) denotes: every declaration of a name at file scope
    /// (`extern int g; ... int g = 5;`, tentative definitions) is one
    /// object, so a function between two of them reads the same variable.
    /// An incomplete type (`extern int a[];`) takes the completed one.
    fn file_scope_var(&mut self, name: &str, ty: CType, span: Span) -> VarId {
        let existing = match self.scopes.first().and_then(|s| s.get(name)) {
            Some(Binding::Var(id)) if self.program.var(*id).storage == Storage::Global => Some(*id),
            _ => None,
        };
        if let Some(id) = existing {
            if self.program.var(id).ty.is_opaque() && !ty.is_opaque() {
                self.program.vars[id.0].ty = ty;
            }
            return id;
        }
        let id = self.program.add_var(VarDecl {
            name: name.to_string(),
            ty,
            storage: Storage::Global,
            func: None,
            span,
        });
        if let Some(file) = self.scopes.first_mut() {
            file.insert(name.to_string(), Binding::Var(id));
        }
        id
    }

    /// Record the initialiser of global `id`: one entry per object, the
    /// definition's initialiser winning over a declaration without one.
    fn define_global(&mut self, id: VarId, init: Option<Init>) {
        match self.program.globals.iter_mut().find(|(g, _)| *g == id) {
            Some(entry) => {
                if init.is_some() {
                    entry.1 = init;
                }
            }
            None => self.program.globals.push((id, init)),
        }
    }

    fn function_definition(&mut self, node: Node<'_>) {
        let Some(decl) = node.child_by_field_name("declarator") else {
            return;
        };
        let Some(fdecl) = function_declarator(decl) else { return };
        let Some(name_node) = fdecl.child_by_field_name("declarator") else {
            return;
        };
        let name = self.text(name_node).to_string();
        let Some(id) = self.program.func_by_name(&name) else {
            return;
        };
        self.refresh_return_type(id, node, decl);
        self.current_func = Some(id);
        self.push_scope();
        let mut params = Vec::new();
        let mut opaque = self.program.funcs[id.0].opaque.clone();
        let old_style = self.old_style_parameter_types(node);
        if let Some(list) = fdecl.child_by_field_name("parameters") {
            let mut cursor = list.walk();
            for p in list.named_children(&mut cursor) {
                if p.kind() == "identifier" {
                    // K&R: `int f(a, b) int a; { ... }`; a name declared
                    // nowhere is an `int` (C89).
                    let pname = self.text(p).to_string();
                    let (ty, span) = match old_style.iter().find(|(n, _, _)| *n == pname) {
                        Some((_, ty, span)) => (ty.clone(), *span),
                        None => (CType::Int(crate::ir::IntType::INT), self.span(p)),
                    };
                    if ty.is_opaque() || matches!(ty, CType::Array(..) | CType::Vla(_)) {
                        opaque.get_or_insert_with(|| format!("parameter `{pname}` is not a plain integer"));
                    }
                    params.push(self.new_var(&pname, ty, Storage::Param, span));
                    continue;
                }
                if p.kind() != "parameter_declaration" {
                    if p.kind() != "comment" {
                        opaque.get_or_insert_with(|| format!("parameter `{}` is not modelled", self.text(p)));
                    }
                    continue;
                }
                let Some(type_node) = p.child_by_field_name("type") else {
                    continue;
                };
                let base = self.base_type(type_node);
                match p.child_by_field_name("declarator") {
                    None => {
                        if base != CType::Void {
                            opaque.get_or_insert_with(|| "unnamed parameter".to_string());
                        }
                    }
                    Some(d) => match self.declarator_type(d, base) {
                        Some((pname, ty)) => {
                            if ty.is_opaque() || matches!(ty, CType::Array(..) | CType::Vla(_)) {
                                // Array parameters are pointers in C.
                                opaque.get_or_insert_with(|| format!("parameter `{pname}` is not a plain integer"));
                            }
                            let span = self.span(d);
                            params.push(self.new_var(&pname, ty, Storage::Param, span));
                        }
                        None => {
                            opaque.get_or_insert_with(|| format!("parameter `{}` is not modelled", self.text(p)));
                        }
                    },
                }
            }
        }
        self.program.funcs[id.0].params = params;
        self.program.funcs[id.0].opaque = opaque;
        let body = (node.child_by_field_name("body").map(|b| self.block_contents(b)))
            .map(|b| goto_loops::rewrite(b, &mut self.program.goto_loops));
        self.program.funcs[id.0].body = body;
        self.pop_scope();
        self.current_func = None;
    }

    /// The parameter declarations of a K&R definition (`int f(a, b) int a;
    /// long b; { ... }`), between its declarator and its body: name, type,
    /// place.
    fn old_style_parameter_types(&mut self, node: Node<'_>) -> Vec<(String, CType, Span)> {
        let mut out = Vec::new();
        let mut cursor = node.walk();
        let decls: Vec<Node<'_>> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "declaration")
            .collect();
        for decl in decls {
            let Some((base, declarators)) = self.base_and_declarators(decl) else {
                continue;
            };
            for d in declarators {
                let ty = self.declarator_type(d, base.clone());
                let (name, ty) = ty.unwrap_or_else(|| (self.text(d).to_string(), CType::Opaque("declarator".into())));
                out.push((name, ty, self.span(d)));
            }
        }
        out
    }

    /// Lower an initialiser for an object of type `ty`.
    fn initializer(&mut self, node: Node<'_>, ty: &CType) -> Init {
        if node.kind() == "initializer_list" {
            // The type of the i-th item: an array's element type, or a
            // structure's i-th member type (brace elision inside structures
            // is not modelled: the checker refuses a scalar item where a
            // member is an aggregate).
            let members: Option<Vec<CType>> = ty
                .as_struct()
                .and_then(|s| self.program.members(s))
                .map(|m| m.iter().map(|m| m.ty.clone()).collect());
            let item_type = |i: usize| match (ty, &members) {
                (CType::Array(e, _), _) => (**e).clone(),
                (_, Some(m)) => m
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| CType::Opaque("excess initialiser".into())),
                _ => CType::Opaque("aggregate".to_string()),
            };
            let mut cursor = node.walk();
            let items = node
                .named_children(&mut cursor)
                .filter(|c| c.kind() != "comment")
                .collect::<Vec<_>>()
                .into_iter()
                .enumerate()
                .map(|(i, c)| {
                    if c.kind() == "initializer_pair" {
                        let span = self.span(c);
                        Init::Expr(Expr::new(
                            crate::ir::ExprKind::Opaque("designated initialisers are not modelled".into()),
                            CType::Opaque("designated initialiser".into()),
                            span,
                        ))
                    } else {
                        self.initializer(c, &item_type(i))
                    }
                })
                .collect();
            return Init::List(items, self.span(node));
        }
        let e = self.expr(node);
        Init::Expr(self.convert(e, ty))
    }
}

/// The `function_declarator` inside a declarator, if it declares a function
/// (possibly returning a pointer).
fn function_declarator(node: Node<'_>) -> Option<Node<'_>> {
    match node.kind() {
        "function_declarator" => Some(node),
        "pointer_declarator" | "attributed_declarator" => {
            node.child_by_field_name("declarator").and_then(function_declarator)
        }
        _ => None,
    }
}

/// Set a function's return type, and why its signature is not modelled
/// when the type is not.
fn set_return_type(f: &mut Function, ret: CType) {
    f.opaque = match &ret {
        CType::Opaque(t) => Some(format!("returns `{t}`, which tracc does not model")),
        _ => None,
    };
    f.ret = ret;
}

/// Split `x = v` into its declarator and value.
fn split_init(node: Node<'_>) -> (Node<'_>, Option<Node<'_>>) {
    if node.kind() == "init_declarator"
        && let Some(d) = node.child_by_field_name("declarator")
    {
        return (d, node.child_by_field_name("value"));
    }
    (node, None)
}

#[cfg(test)]
mod tests;

/// A construct named in C's words rather than by its tree-sitter node kind
/// (`gnu_asm_expression` is "inline assembly").
fn construct_name(kind: &str) -> String {
    match kind {
        "gnu_asm_expression" | "asm_statement" => "inline assembly".into(),
        "attributed_statement" => "a statement with attributes".into(),
        "generic_expression" => "`_Generic`".into(),
        "offsetof_expression" => "`offsetof`".into(),
        "alignof_expression" => "`_Alignof`".into(),
        "seh_try_statement" | "seh_leave_statement" => "structured exception handling".into(),
        "type_definition" => "a `typedef` inside a function".into(),
        "struct_specifier" | "union_specifier" | "enum_specifier" => "a type declared inside a function".into(),
        other => format!("this construct ({})", other.replace('_', " ")),
    }
}

#[cfg(test)]
mod construct_names {
    #[test]
    fn no_node_kind_leaks_into_a_message() {
        assert_eq!(super::construct_name("gnu_asm_expression"), "inline assembly");
        assert_eq!(super::construct_name("preproc_call"), "this construct (preproc call)");
    }
}
