//! The dialect table: spellings of intrinsics and nondeterministic value
//! sources, the declarations generated code needs, the gcc prelude and the
//! gcc view of emitted text.

use std::collections::BTreeSet;

use super::lex::{Class, classify};
use crate::ir::{CType, Callee, Expr, ExprKind, IntType, Intrinsic, Program, Rank, Stmt};

/// How verification intrinsics are spelled in the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// `__CPROVER_assume`, `__CPROVER_forall`, `nondet_*`.
    #[default]
    Cbmc,
    /// SV-COMP: `__VERIFIER_assume`, `__VERIFIER_nondet_*`.
    Svcomp,
}

/// The name of the function that yields a nondeterministic value of `ty`.
pub(super) fn nondet_name(ty: IntType, dialect: Dialect) -> String {
    let stem = match (ty.rank, ty.signed) {
        (Rank::Bool, _) => "bool",
        // SV-COMP has no signed-char source; plain char is signed here.
        (Rank::Char, true) => match dialect {
            Dialect::Cbmc => "schar",
            Dialect::Svcomp => "char",
        },
        (Rank::Char, false) => "uchar",
        (Rank::Short, true) => "short",
        (Rank::Short, false) => "ushort",
        (Rank::Int, true) => "int",
        (Rank::Int, false) => "uint",
        (Rank::Long, true) => "long",
        (Rank::Long, false) => "ulong",
        (Rank::LongLong, true) => "longlong",
        (Rank::LongLong, false) => "ulonglong",
    };
    match dialect {
        Dialect::Cbmc => format!("nondet_{stem}"),
        Dialect::Svcomp => format!("__VERIFIER_nondet_{stem}"),
    }
}

/// The C return type of the nondeterministic value source for `ty`.
fn nondet_return_type(ty: IntType, dialect: Dialect) -> &'static str {
    match (dialect, ty.rank, ty.signed) {
        (Dialect::Svcomp, Rank::Char, true) => "char",
        _ => ty.c_name(),
    }
}

/// The prototype of the nondeterministic value source for `ty`, e.g.
/// `unsigned int nondet_uint(void);`.
pub fn nondet_declaration(ty: IntType, dialect: Dialect) -> String {
    format!(
        "{} {}(void);",
        nondet_return_type(ty, dialect),
        nondet_name(ty, dialect)
    )
}

const ASSUME_SVCOMP: &str = "void __VERIFIER_assume(int);";
const REACH_ERROR: &str = "void reach_error(void);";
const ABORT: &str = "void abort(void);";

/// The declarations that the synthetic parts of `stmts` need in front of
/// them: nondeterministic value sources with generated (empty) names, and
/// the dialect's functions that are not compiler built-ins. Functions the
/// program already declares with the same return type are left out. Real-
/// span nodes are original text and bring their own declarations. Sorted
/// and without duplicates.
pub fn required_declarations(program: &Program, stmts: &[&Stmt], dialect: Dialect) -> Vec<String> {
    let mut needed: BTreeSet<String> = BTreeSet::new();
    let declared = |name: &str, ret: &CType| program.funcs.iter().any(|f| f.name == name && &f.ret == ret);
    let mut visit_expr = |e: &Expr| {
        walk_synthetic(e, &mut |e| match &e.kind {
            ExprKind::Nondet(name) if name.is_empty() => {
                if let Some(t) = e.ty.as_int().map(|t| t.spelled_in(program.model)) {
                    let ret = match (dialect, t.rank, t.signed) {
                        (Dialect::Svcomp, Rank::Char, true) => CType::Int(IntType::CHAR),
                        _ => CType::Int(t),
                    };
                    if !declared(&nondet_name(t, dialect), &ret) {
                        needed.insert(nondet_declaration(t, dialect));
                    }
                }
            }
            ExprKind::Call(Callee::Intrinsic(i), _) => {
                let decl = match (dialect, i) {
                    (Dialect::Svcomp, Intrinsic::Assume) => Some(("__VERIFIER_assume", ASSUME_SVCOMP)),
                    (Dialect::Svcomp, Intrinsic::Assert | Intrinsic::Error) => Some(("reach_error", REACH_ERROR)),
                    (_, Intrinsic::Abort) => Some(("abort", ABORT)),
                    _ => None,
                };
                if let Some((name, text)) = decl
                    && program.func_by_name(name).is_none()
                {
                    needed.insert(text.to_string());
                }
            }
            _ => {}
        })
    };
    for s in stmts {
        s.walk(&mut |s| {
            if s.span.is_synthetic() {
                s.own_exprs().into_iter().for_each(&mut visit_expr);
            }
        });
    }
    needed.into_iter().collect()
}

/// Visit the synthetic nodes of `e`, parents first, not descending into
/// real-span nodes (their text is printed as it was).
fn walk_synthetic<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    if !e.span.is_synthetic() {
        return;
    }
    f(e);
    e.for_each_child(&mut |c| walk_synthetic(c, f));
}

/// Declarations of the verification primitives for `gcc -fsyntax-only`.
/// It ends with `#line 1` so that gcc reports the lines of the text that
/// follows it. Nondeterministic value sources are not declared here: the
/// emitted text declares the ones it generates (`required_declarations`).
pub fn prelude(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Cbmc => concat!(
            "void __CPROVER_assume(_Bool);\n",
            "void __CPROVER_assert(_Bool, const char *);\n",
            "void __CPROVER_array_copy(void *, void *);\n",
            "void __CPROVER_array_replace(void *, void *);\n",
            "#line 1\n",
        ),
        Dialect::Svcomp => concat!(
            "void __VERIFIER_assume(int);\n",
            "void __VERIFIER_error(void);\n",
            "void reach_error(void);\n",
            "#line 1\n",
        ),
    }
}

/// `text` with every `__CPROVER_forall { ... }` (and `__CPROVER_exists`)
/// expression replaced by `1`, which gcc can parse. Occurrences in comments
/// and literals are left alone; a quantifier keyword not followed by a
/// balanced brace group is left as it is (gcc will then report it).
pub fn gcc_view(text: &str) -> String {
    const KEYWORDS: [&str; 2] = ["__CPROVER_forall", "__CPROVER_exists"];
    let class = classify(text);
    let b = text.as_bytes();
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut i = 0;
    while i < b.len() {
        let starts_word = class[i] == Class::Code && (i == 0 || !is_ident(b[i - 1]));
        let kw = KEYWORDS.iter().find(|k| {
            starts_word && b[i..].starts_with(k.as_bytes()) && !b.get(i + k.len()).is_some_and(|c| is_ident(*c))
        });
        let Some(kw) = kw else {
            i += 1;
            continue;
        };
        match quantifier_end(b, &class, i + kw.len()) {
            Some(end) => {
                out.push_str(&text[copied..i]);
                out.push('1');
                copied = end;
                i = end;
            }
            None => i += kw.len(),
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// From just after a quantifier keyword: skip blanks and comments, expect
/// `{`, and return the offset just after its matching `}`.
fn quantifier_end(b: &[u8], class: &[Class], mut i: usize) -> Option<usize> {
    while i < b.len() && (class[i] == Class::Comment || b[i].is_ascii_whitespace()) {
        i += 1;
    }
    if b.get(i) != Some(&b'{') || class[i] != Class::Code {
        return None;
    }
    let mut depth = 0usize;
    while i < b.len() {
        if class[i] == Class::Code {
            match b[i] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}
