//! Statements and initialisers, kept as the tree the C text has, so that
//! `emit` can print a loop back as C. In: expressions. Out: `Stmt`, with the
//! walks over its statements and expressions that later stages share.

use super::expr::{Expr, Span, VarId};

/// Initialiser of a declaration: a scalar expression or a brace list.
#[derive(Clone, Debug)]
pub enum Init {
    Expr(Expr),
    List(Vec<Init>, Span),
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Empty,
    Expr(Expr),
    /// A block-scope declaration of one variable (a declaration with several
    /// declarators becomes several of these inside one `Block` with
    /// `scoped == false`).
    Decl(VarId, Option<Init>),
    /// `{ ... }`; `scoped` is false for the synthetic group of a multi-
    /// declarator declaration, which opens no scope.
    Block {
        stmts: Vec<Stmt>,
        scoped: bool,
    },
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Label(String, Box<Stmt>),
    Goto(String),
    Switch {
        cond: Expr,
        body: Box<Stmt>,
    },
    /// `case v:` with the constant value converted to the switch's type.
    Case(i128, Box<Stmt>),
    Default(Box<Stmt>),
    /// A statement the IR does not model; the reason is for diagnostics.
    Opaque(String),
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span }
    }

    pub fn is_loop(&self) -> bool {
        matches!(
            self.kind,
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. }
        )
    }

    /// Direct sub-statements, in source order.
    pub fn children(&self) -> Vec<&Stmt> {
        match &self.kind {
            StmtKind::Block { stmts, .. } => stmts.iter().collect(),
            StmtKind::If { then, els, .. } => {
                let mut v = vec![&**then];
                if let Some(e) = els {
                    v.push(e);
                }
                v
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => vec![body],
            StmtKind::For { init, body, .. } => {
                let mut v = Vec::new();
                if let Some(i) = init {
                    v.push(&**i);
                }
                v.push(body);
                v
            }
            StmtKind::Label(_, s) | StmtKind::Case(_, s) | StmtKind::Default(s) | StmtKind::Switch { body: s, .. } => {
                vec![s]
            }
            _ => Vec::new(),
        }
    }

    /// Direct sub-statements, in source order, to change in place.
    pub fn children_mut(&mut self) -> Vec<&mut Stmt> {
        match &mut self.kind {
            StmtKind::Block { stmts, .. } => stmts.iter_mut().collect(),
            StmtKind::If { then, els, .. } => std::iter::once(&mut **then).chain(els.as_deref_mut()).collect(),
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => vec![body],
            StmtKind::For { init, body, .. } => init.as_deref_mut().into_iter().chain([&mut **body]).collect(),
            StmtKind::Label(_, s) | StmtKind::Case(_, s) | StmtKind::Default(s) | StmtKind::Switch { body: s, .. } => {
                vec![s]
            }
            _ => Vec::new(),
        }
    }

    /// This statement with each direct sub-statement replaced by `f` of
    /// it (expressions and the span kept).
    pub fn map_children(&self, f: &mut dyn FnMut(&Stmt) -> Stmt) -> Stmt {
        let mut sub = |c: &Stmt| Box::new(f(c));
        let kind = match &self.kind {
            StmtKind::Block { stmts, scoped } => StmtKind::Block {
                stmts: stmts.iter().map(|c| *sub(c)).collect(),
                scoped: *scoped,
            },
            StmtKind::If { cond, then, els } => StmtKind::If {
                cond: cond.clone(),
                then: sub(then),
                els: els.as_ref().map(|e| sub(e)),
            },
            StmtKind::While { cond, body } => StmtKind::While {
                cond: cond.clone(),
                body: sub(body),
            },
            StmtKind::DoWhile { cond, body } => StmtKind::DoWhile {
                cond: cond.clone(),
                body: sub(body),
            },
            StmtKind::For { init, cond, step, body } => StmtKind::For {
                init: init.as_ref().map(|i| sub(i)),
                cond: cond.clone(),
                step: step.clone(),
                body: sub(body),
            },
            StmtKind::Label(l, inner) => StmtKind::Label(l.clone(), sub(inner)),
            StmtKind::Switch { cond, body } => StmtKind::Switch {
                cond: cond.clone(),
                body: sub(body),
            },
            StmtKind::Case(v, inner) => StmtKind::Case(*v, sub(inner)),
            StmtKind::Default(inner) => StmtKind::Default(sub(inner)),
            other => other.clone(),
        };
        Stmt::new(kind, self.span)
    }

    /// Visit this statement and all nested statements, parents first.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Stmt)) {
        f(self);
        for c in self.children() {
            c.walk(f);
        }
    }

    /// `walk`, mutably: `f` sees each statement before its (possibly
    /// changed) sub-statements.
    pub fn walk_mut(&mut self, f: &mut dyn FnMut(&mut Stmt)) {
        f(self);
        for c in self.children_mut() {
            c.walk_mut(f);
        }
    }

    /// Whether `test` holds of some expression node of this statement or
    /// of a nested one.
    pub fn any_expr(&self, test: &dyn Fn(&Expr) -> bool) -> bool {
        let mut found = false;
        self.walk(&mut |st| {
            for e in st.own_exprs() {
                e.walk(&mut |x| found |= test(x));
            }
        });
        found
    }

    /// Expressions that belong directly to this statement (not to nested
    /// statements).
    pub fn own_exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Expr(e) => vec![e],
            StmtKind::Decl(_, Some(init)) => init.exprs(),
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. }
            | StmtKind::Switch { cond, .. } => vec![cond],
            StmtKind::For { cond, step, .. } => cond.iter().chain(step.iter()).collect(),
            StmtKind::Return(Some(e)) => vec![e],
            _ => Vec::new(),
        }
    }

    /// `own_exprs`, mutably.
    pub fn own_exprs_mut(&mut self) -> Vec<&mut Expr> {
        match &mut self.kind {
            StmtKind::Expr(e) => vec![e],
            StmtKind::Decl(_, Some(init)) => {
                let mut v = Vec::new();
                collect_init_exprs_mut(init, &mut v);
                v
            }
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. }
            | StmtKind::Switch { cond, .. } => vec![cond],
            StmtKind::For { cond, step, .. } => cond.iter_mut().chain(step.iter_mut()).collect(),
            StmtKind::Return(Some(e)) => vec![e],
            _ => Vec::new(),
        }
    }
}

fn collect_init_exprs_mut<'a>(init: &'a mut Init, out: &mut Vec<&'a mut Expr>) {
    match init {
        Init::Expr(e) => out.push(e),
        Init::List(items, _) => items.iter_mut().for_each(|i| collect_init_exprs_mut(i, out)),
    }
}

impl Init {
    /// The expressions of this initialiser, in order.
    pub fn exprs(&self) -> Vec<&Expr> {
        let mut v = Vec::new();
        collect_init_exprs(self, &mut v);
        v
    }
}

fn collect_init_exprs<'a>(init: &'a Init, out: &mut Vec<&'a Expr>) {
    match init {
        Init::Expr(e) => out.push(e),
        Init::List(items, _) => items.iter().for_each(|i| collect_init_exprs(i, out)),
    }
}
