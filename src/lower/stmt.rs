//! Statements and block-scope declarations.

use super::{Binding, Lowerer, split_init};
use crate::ir::{CType, Expr, ExprKind, Span, Stmt, StmtKind, Storage};
use tree_sitter::Node;

impl Lowerer<'_> {
    /// A `compound_statement` as a scoped block.
    pub(super) fn block_contents(&mut self, node: Node<'_>) -> Stmt {
        self.push_scope();
        let mut stmts = Vec::new();
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            if let Some(s) = self.stmt_or_skip(child) {
                stmts.push(s);
            }
        }
        self.pop_scope();
        Stmt::new(StmtKind::Block { stmts, scoped: true }, self.span(node))
    }

    /// A statement, or `None` for things that are not statements (comments,
    /// preprocessor lines that carry no code).
    fn stmt_or_skip(&mut self, node: Node<'_>) -> Option<Stmt> {
        match node.kind() {
            "comment" | "preproc_include" | "preproc_call" => None,
            "preproc_function_def" => {
                self.note_loop_macro(node);
                None
            }
            "preproc_def" => {
                self.macro_definition(node);
                None
            }
            _ => Some(self.stmt(node)),
        }
    }

    /// One arm per tree-sitter statement kind, which is why it is long.
    pub(super) fn stmt(&mut self, node: Node<'_>) -> Stmt {
        let span = self.span(node);
        let kind = match node.kind() {
            "compound_statement" => return self.block_contents(node),
            "expression_statement" => match node.named_child(0).filter(|c| c.kind() != "comment") {
                Some(e) => StmtKind::Expr(self.expr(e)),
                None => StmtKind::Empty,
            },
            "declaration" => return self.local_declaration(node),
            "if_statement" => {
                let cond = self.condition(node);
                let then = node.child_by_field_name("consequence").map(|c| self.stmt(c));
                let els = node
                    .child_by_field_name("alternative")
                    .and_then(|e| e.named_children(&mut e.walk()).find(|c| c.kind() != "comment"))
                    .map(|e| Box::new(self.stmt(e)));
                match then {
                    Some(then) => StmtKind::If {
                        cond,
                        then: Box::new(then),
                        els,
                    },
                    None => StmtKind::Opaque("incomplete if statement".into()),
                }
            }
            "while_statement" => {
                let cond = self.condition(node);
                let body = self.body(node);
                StmtKind::While { cond, body }
            }
            "do_statement" => {
                let body = self.body(node);
                let cond = self.condition(node);
                StmtKind::DoWhile { body, cond }
            }
            "for_statement" => return self.for_statement(node),
            "break_statement" => StmtKind::Break,
            "continue_statement" => StmtKind::Continue,
            "return_statement" => StmtKind::Return(node.named_child(0).filter(|c| c.kind() != "comment").map(|e| {
                let e = self.expr(e);
                match self.current_func.map(|f| self.program.func(f).ret.clone()) {
                    Some(ret) => self.convert(e, &ret),
                    None => e,
                }
            })),
            "goto_statement" => match node.child_by_field_name("label") {
                Some(l) => StmtKind::Goto(self.text(l).to_string()),
                None => StmtKind::Opaque("incomplete goto".into()),
            },
            "labeled_statement" => {
                let label = node
                    .child_by_field_name("label")
                    .map(|l| self.text(l).to_string())
                    .unwrap_or_default();
                let mut cursor = node.walk();
                let inner = node
                    .named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .nth(1);
                let inner = match inner {
                    Some(i) => self.stmt(i),
                    None => Stmt::new(StmtKind::Empty, Span::new(span.end, span.end)),
                };
                StmtKind::Label(label, Box::new(inner))
            }
            "switch_statement" => {
                let cond = self.condition(node);
                let cond = match cond.int_type() {
                    Some(t) => {
                        let p = CType::Int(t.promote());
                        self.convert(cond, &p)
                    }
                    None => cond,
                };
                let body = match node.child_by_field_name("body") {
                    Some(b) => self.block_contents(b),
                    None => Stmt::new(StmtKind::Empty, span),
                };
                StmtKind::Switch {
                    cond,
                    body: Box::new(body),
                }
            }
            "case_statement" => return self.case_statement(node),
            "function_definition" => {
                StmtKind::Opaque("a function defined inside another function (a GNU extension)".into())
            }
            other => StmtKind::Opaque(super::construct_name(other)),
        };
        Stmt::new(kind, span)
    }

    fn condition(&mut self, node: Node<'_>) -> Expr {
        match node.child_by_field_name("condition") {
            Some(c) => self.expr(c),
            None => Expr::new(
                ExprKind::Opaque("missing condition".into()),
                CType::Opaque("?".into()),
                self.span(node),
            ),
        }
    }

    fn body(&mut self, node: Node<'_>) -> Box<Stmt> {
        match node.child_by_field_name("body") {
            Some(b) => Box::new(self.stmt(b)),
            None => Box::new(Stmt::new(StmtKind::Empty, self.span(node))),
        }
    }

    fn for_statement(&mut self, node: Node<'_>) -> Stmt {
        // A declaration in the header is scoped to the loop.
        self.push_scope();
        let init = node.child_by_field_name("initializer").map(|i| {
            Box::new(if i.kind() == "declaration" {
                self.local_declaration(i)
            } else {
                let e = self.expr(i);
                Stmt::new(StmtKind::Expr(e), self.span(i))
            })
        });
        let cond = node.child_by_field_name("condition").map(|c| self.expr(c));
        let step = node.child_by_field_name("update").map(|u| self.expr(u));
        let body = self.body(node);
        self.pop_scope();
        Stmt::new(StmtKind::For { init, cond, step, body }, self.span(node))
    }

    fn case_statement(&mut self, node: Node<'_>) -> Stmt {
        let span = self.span(node);
        let value = node.child_by_field_name("value");
        let mut stmts = Vec::new();
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for c in children {
            if Some(c) == value {
                continue;
            }
            if let Some(s) = self.stmt_or_skip(c) {
                stmts.push(s);
            }
        }
        let start = stmts.first().map(|s| s.span.start).unwrap_or(span.end);
        let inner = Box::new(Stmt::new(
            StmtKind::Block { stmts, scoped: false },
            Span::new(start, span.end),
        ));
        let kind = match value {
            None => StmtKind::Default(inner),
            Some(v) => match self.expr(v).const_value() {
                Some(v) => StmtKind::Case(v, inner),
                None => StmtKind::Opaque("case label that is not an integer constant".into()),
            },
        };
        Stmt::new(kind, span)
    }

    /// A block-scope declaration: one `Decl` per declarator (grouped in an
    /// unscoped block when there are several).
    pub(super) fn local_declaration(&mut self, node: Node<'_>) -> Stmt {
        let span = self.span(node);
        let Some(type_node) = node.child_by_field_name("type") else {
            return Stmt::new(StmtKind::Opaque("declaration without a type".into()), span);
        };
        let is_static = {
            let mut cursor = node.walk();
            node.children(&mut cursor)
                .any(|c| c.kind() == "storage_class_specifier" && self.text(c) == "static")
        };
        let is_extern = {
            let mut cursor = node.walk();
            node.children(&mut cursor)
                .any(|c| c.kind() == "storage_class_specifier" && self.text(c) == "extern")
        };
        let base = self.base_type(type_node);
        let mut cursor = node.walk();
        let declarators: Vec<Node<'_>> = node.children_by_field_name("declarator", &mut cursor).collect();
        let mut decls = Vec::new();
        for d in declarators {
            if super::function_declarator(d).is_some() {
                continue; // a local prototype declares nothing we need
            }
            let (target, value) = split_init(d);
            let Some((name, ty)) = self.declarator_type(target, base.clone()) else {
                decls.push(Stmt::new(
                    StmtKind::Opaque("declarator not modelled".into()),
                    self.span(d),
                ));
                continue;
            };
            if is_extern {
                // The file-scope object of that name, not a new one; an
                // `extern` declaration has no initialiser.
                let var = self.file_scope_var(&name, ty, self.span(target));
                self.bind(&name, Binding::Var(var));
                self.define_global(var, None);
                decls.push(Stmt::new(StmtKind::Decl(var, None), self.span(d)));
                continue;
            }
            let storage = if is_static { Storage::Global } else { Storage::Local };
            let var = self.new_var(&name, ty.clone(), storage, self.span(target));
            let init = value.map(|v| self.initializer(v, &ty));
            if storage == Storage::Global {
                // Initialised once, at program start.
                self.program.globals.push((var, init));
                decls.push(Stmt::new(StmtKind::Decl(var, None), self.span(d)));
            } else {
                decls.push(Stmt::new(StmtKind::Decl(var, init), self.span(d)));
            }
        }
        match decls.len() {
            1 => {
                let mut only = decls.pop().unwrap_or_else(|| Stmt::new(StmtKind::Empty, span));
                only.span = span;
                only
            }
            _ => Stmt::new(
                StmtKind::Block {
                    stmts: decls,
                    scoped: false,
                },
                span,
            ),
        }
    }
}
