//! The statement printer: real-span statements copied and re-indented,
//! synthetic ones printed in K&R style.

use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;

use super::dialect::Dialect;
use super::error::{EmitError, span_text};
use super::expr::{ASSIGN, COMMA, Printer, int_literal};
use super::lex::{Class, classify, comment_ranges};
use super::splice::{Origins, line_indent};
use crate::ir::{DataModel, ExprKind, Init, IntType, Program, Span, Stmt, StmtKind, Storage, VarId};

/// Print a statement that will start on a line indented by `indent`, with
/// `unit` as the step for nested levels. The first line of the result is not
/// indented (the caller's line already is), later lines are, and there is no
/// trailing newline.
///
/// A real-span statement is its source text; when it moves to another
/// indentation, the prefixes of its continuation lines change by the
/// difference (never a line that continues a string literal or follows a
/// backslash-newline). A synthetic one is printed in K&R style, one
/// statement per line, every body braced; its real-span parts are copied
/// as above.
pub fn print_stmt(
    program: &Program,
    source: &str,
    stmt: &Stmt,
    indent: &str,
    unit: &str,
    dialect: Dialect,
) -> Result<String, EmitError> {
    print_stmt_traced(program, source, stmt, indent, unit, dialect).map(|(text, _)| text)
}

/// `print_stmt`, and where the parts of the printed text come from: the
/// source statements it copies, and where the first synthetic loop starts
/// (for a `SourceMap`, through `Edit::loop_replacement`).
pub fn print_stmt_traced(
    program: &Program,
    source: &str,
    stmt: &Stmt,
    indent: &str,
    unit: &str,
    dialect: Dialect,
) -> Result<(String, Origins), EmitError> {
    let p = StmtPrinter {
        e: Printer {
            program,
            source,
            dialect,
        },
        unit,
        comments: OnceCell::new(),
        origins: RefCell::new(Origins::default()),
    };
    let mut out = String::new();
    p.stmt(&mut out, stmt, indent, None)?;
    Ok((out, p.origins.into_inner()))
}

/// The indentation step used in `source`: a tab if most indented lines
/// start with one, otherwise the most common increase in spaces between
/// consecutive code lines; 4 spaces when nothing is indented.
pub fn detect_indent_unit(source: &str) -> String {
    let class = classify(source);
    let mut deltas: BTreeMap<usize, usize> = BTreeMap::new();
    let (mut tab_lines, mut space_lines) = (0usize, 0usize);
    let mut prev: Option<usize> = None;
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let ws = line.bytes().take_while(|c| *c == b' ' || *c == b'\t').count();
        let first = start + ws;
        let content = line[ws..].trim_end();
        // Skip blank lines, comment lines, literal continuations and
        // preprocessor lines: their indentation is not the code's.
        if content.is_empty() || class.get(first) != Some(&Class::Code) || content.starts_with('#') {
            continue;
        }
        let lead = &line[..ws];
        if lead.starts_with('\t') {
            tab_lines += 1;
            prev = None;
            continue;
        }
        if lead.contains('\t') {
            prev = None;
            continue;
        }
        if ws > 0 {
            space_lines += 1;
        }
        if let Some(p) = prev
            && ws > p
            && ws - p <= 8
        {
            *deltas.entry(ws - p).or_insert(0) += 1;
        }
        prev = Some(ws);
    }
    if tab_lines > space_lines {
        return "\t".to_string();
    }
    // Most frequent; ties prefer 4, then the smaller step.
    let best = deltas
        .iter()
        .max_by_key(|(d, n)| (**n, **d == 4, std::cmp::Reverse(**d)))
        .map_or(4, |(d, _)| *d);
    " ".repeat(best)
}

/// The text of real-span `span`, its continuation lines moved from the
/// indentation of its first line to `indent`.
fn reindent(source: &str, span: Span, indent: &str) -> Result<String, EmitError> {
    let text = span_text(source, span)?;
    let orig = line_indent(source, span.start);
    if orig == indent || !text.contains('\n') {
        return Ok(text.to_string());
    }
    let class = classify(text);
    let mut out = String::with_capacity(text.len());
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        // The newline before this line: inside a literal, or after a
        // backslash, the line's prefix belongs to a token and must stay.
        let movable = start > 0
            && class[start - 1] != Class::Literal
            && !text[..start - 1].trim_end_matches('\r').ends_with('\\');
        // Preprocessor lines keep their place too.
        let directive =
            line.trim_start().starts_with('#') && class[start + line.len() - line.trim_start().len()] == Class::Code;
        if !movable || directive || line.trim().is_empty() {
            out.push_str(line);
            continue;
        }
        let lead = line.bytes().take_while(|c| *c == b' ' || *c == b'\t').count();
        if let Some(rest) = line.strip_prefix(orig) {
            out.push_str(indent);
            out.push_str(rest);
        } else if let Some(extra) = indent.strip_prefix(orig) {
            out.push_str(extra);
            out.push_str(line);
        } else if orig.starts_with(indent) {
            // Less indented than the first line: take away what we can.
            let cut = (orig.len() - indent.len()).min(lead);
            out.push_str(&line[cut..]);
        } else {
            out.push_str(line);
        }
    }
    Ok(out)
}

struct StmtPrinter<'a> {
    e: Printer<'a>,
    unit: &'a str,
    /// The comments of the source, found when first needed.
    comments: OnceCell<Vec<(usize, usize)>>,
    /// What the printed text copies from the source, as it is printed.
    origins: RefCell<Origins>,
}

impl StmtPrinter<'_> {
    /// Write `s`, which starts on a line indented by `indent`. `case_ty` is
    /// the type of the enclosing switch's (promoted) condition. One arm per
    /// statement kind, which is why it is long.
    fn stmt(&self, out: &mut String, s: &Stmt, indent: &str, case_ty: Option<IntType>) -> Result<(), EmitError> {
        if self.is_verbatim(s)? {
            return self.copy(out, s.span, indent);
        }
        if matches!(
            s.kind,
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. }
        ) {
            self.origins.borrow_mut().first_loop.get_or_insert(out.len());
        }
        match &s.kind {
            StmtKind::Empty => out.push(';'),
            StmtKind::Expr(e) => match self.e.svcomp_assert_guard(e)? {
                Some(guard) => {
                    out.push_str(&format!(
                        "if ({guard}) {{\n{indent}{}reach_error();\n{indent}}}",
                        self.unit
                    ));
                }
                None => {
                    out.push_str(&self.e.expr(e, COMMA, true)?);
                    out.push(';');
                }
            },
            StmtKind::Decl(v, init) => {
                out.push_str(&self.decl(*v, init.as_ref())?);
                out.push(';');
            }
            StmtKind::Block { stmts, scoped: true } => {
                self.block(out, stmts.iter().collect(), indent, case_ty, false)?
            }
            StmtKind::Block { stmts, scoped: false } => {
                let items = flatten(stmts.iter().collect());
                if items.is_empty() {
                    out.push(';');
                }
                for (i, c) in items.into_iter().enumerate() {
                    if i > 0 {
                        out.push('\n');
                        out.push_str(indent);
                    }
                    self.stmt(out, c, indent, case_ty)?;
                }
            }
            StmtKind::If { cond, then, els } => {
                out.push_str(&format!("if ({}) ", self.cond(cond)?));
                self.body(out, then, indent, case_ty)?;
                if let Some(els) = els {
                    out.push_str(" else ");
                    if matches!(els.kind, StmtKind::If { .. }) {
                        self.stmt(out, els, indent, case_ty)?;
                    } else {
                        self.body(out, els, indent, case_ty)?;
                    }
                }
            }
            StmtKind::While { cond, body } => {
                out.push_str(&format!("while ({}) ", self.cond(cond)?));
                self.body(out, body, indent, case_ty)?;
            }
            StmtKind::DoWhile { body, cond } => {
                out.push_str("do ");
                self.body(out, body, indent, case_ty)?;
                out.push_str(&format!(" while ({});", self.cond(cond)?));
            }
            StmtKind::For { init, cond, step, body } => {
                let mut head = self.for_init(init.as_deref(), indent)?;
                if let Some(c) = cond {
                    head.push(' ');
                    head.push_str(&self.cond(c)?);
                }
                head.push(';');
                if let Some(st) = step {
                    head.push(' ');
                    head.push_str(&self.e.expr(st, COMMA, true)?);
                }
                out.push_str(&format!("for ({head}) "));
                self.body(out, body, indent, case_ty)?;
            }
            StmtKind::Break => out.push_str("break;"),
            StmtKind::Continue => out.push_str("continue;"),
            StmtKind::Return(None) => out.push_str("return;"),
            StmtKind::Return(Some(e)) => out.push_str(&format!("return {};", self.e.expr(e, COMMA, true)?)),
            StmtKind::Label(name, inner) => self.labelled(out, &format!("{name}:"), inner, indent, indent, case_ty)?,
            StmtKind::Goto(name) => out.push_str(&format!("goto {name};")),
            StmtKind::Switch { cond, body } => {
                out.push_str(&format!("switch ({}) ", self.cond(cond)?));
                let ty = Some(cond.ty.as_int().map_or(IntType::INT, IntType::promote));
                match &body.kind {
                    StmtKind::Block { stmts, scoped: true } if body.span.is_synthetic() => {
                        self.block(out, stmts.iter().collect(), indent, ty, true)?
                    }
                    StmtKind::Block { scoped: true, .. } => self.stmt(out, body, indent, ty)?,
                    _ => self.block(out, vec![body], indent, ty, true)?,
                }
            }
            StmtKind::Case(v, inner) => {
                let label = format!("case {}:", case_literal(*v, case_ty, self.e.program.model));
                self.labelled(out, &label, inner, indent, &format!("{indent}{}", self.unit), case_ty)?;
            }
            StmtKind::Default(inner) => {
                self.labelled(
                    out,
                    "default:",
                    inner,
                    indent,
                    &format!("{indent}{}", self.unit),
                    case_ty,
                )?;
            }
            StmtKind::Opaque(why) => {
                return Err(EmitError::Unsupported(format!("a synthetic opaque statement ({why})")));
            }
        }
        Ok(())
    }

    /// Append the source text at `span`, re-indented for `indent`, and
    /// record where it came from.
    fn copy(&self, out: &mut String, span: Span, indent: &str) -> Result<(), EmitError> {
        let text = reindent(self.e.source, span, indent)?;
        self.origins.borrow_mut().copies.push((out.len(), text.len(), span));
        out.push_str(&text);
        Ok(())
    }

    /// Whether `s` is printed as its source text: it has a real span that
    /// is a whole statement. (One declarator of a declaration with several
    /// has the span of the declarator only; it is printed from the IR.)
    fn is_verbatim(&self, s: &Stmt) -> Result<bool, EmitError> {
        if s.span.is_synthetic() {
            return Ok(false);
        }
        let text = span_text(self.e.source, s.span)?;
        Ok(!matches!(s.kind, StmtKind::Decl(..)) || text.trim_end().ends_with(';'))
    }

    /// `{`, the items one per line one level deeper, `}`. In a switch body,
    /// `case`/`default` labels stay at the level of the braces and the
    /// statements they label go one level deeper.
    fn block(
        &self,
        out: &mut String,
        stmts: Vec<&Stmt>,
        indent: &str,
        case_ty: Option<IntType>,
        switch_body: bool,
    ) -> Result<(), EmitError> {
        let inner = format!("{indent}{}", self.unit);
        out.push('{');
        let case_at = if switch_body { Some(indent) } else { None };
        self.items(out, &flatten(stmts), &inner, case_at, case_ty)?;
        // A label must label a statement (before C23): `default:;`.
        if out.ends_with(':') {
            out.push(';');
        }
        out.push('\n');
        out.push_str(indent);
        out.push('}');
        Ok(())
    }

    /// Statements one per line, each on a new line indented by `at`
    /// (synthetic case labels by `case_at`, when given).
    fn items(
        &self,
        out: &mut String,
        items: &[&Stmt],
        at: &str,
        case_at: Option<&str>,
        case_ty: Option<IntType>,
    ) -> Result<(), EmitError> {
        for (k, c) in items.iter().enumerate() {
            out.push('\n');
            let is_case = matches!(c.kind, StmtKind::Case(..) | StmtKind::Default(_));
            let here = match case_at {
                Some(case_at) if is_case && c.span.is_synthetic() => case_at,
                _ => at,
            };
            out.push_str(here);
            if !self.is_verbatim(c)? {
                self.stmt(out, c, here, case_ty)?;
            } else {
                // Comments between two copied statements go with them.
                let real_gap = |a: Option<&&Stmt>, b: Option<&&Stmt>| match (a, b) {
                    (Some(a), Some(b))
                        if !a.span.is_synthetic() && !b.span.is_synthetic() && a.span.end <= b.span.start =>
                    {
                        Some((a.span.end, b.span.start))
                    }
                    _ => None,
                };
                let before = k.checked_sub(1).and_then(|j| real_gap(items.get(j), Some(c)));
                let after = real_gap(Some(c), items.get(k + 1));
                let span = self.with_comments(c.span, before, after);
                self.copy(out, span, here)?;
            }
        }
        Ok(())
    }

    /// `span` widened to the whole-line comments right above it that lie in
    /// the gap `before`, and to a comment that ends its last line and lies in
    /// the gap `after`. Only gaps between copied statements are used: text
    /// outside them may still be in the output where it was.
    fn with_comments(&self, span: Span, before: Option<(usize, usize)>, after: Option<(usize, usize)>) -> Span {
        let src = self.e.source;
        if span_text(src, span).is_err() {
            return span;
        }
        let comments = self.comments.get_or_init(|| comment_ranges(src));
        let starts_comment = |p: usize| comments.binary_search_by_key(&p, |c| c.0).is_ok();
        let comment_end = |p: usize| {
            let i = comments.partition_point(|c| c.0 <= p);
            (i > 0 && p < comments[i - 1].1).then(|| comments[i - 1].1)
        };
        let b = src.as_bytes();
        let blank = |c: u8| c == b' ' || c == b'\t' || c == b'\r';
        let mut start = span.start;
        if let Some((lo, _)) = before {
            let line_start = src[..span.start].rfind('\n').map_or(0, |i| i + 1);
            let mut cur = line_start;
            while src[line_start..span.start].bytes().all(blank) && cur > lo {
                let prev_start = src[..cur - 1].rfind('\n').map_or(0, |i| i + 1);
                let first = prev_start + src[prev_start..cur - 1].bytes().take_while(|c| blank(*c)).count();
                let all_comment = (first..cur - 1).all(|p| blank(b[p]) || comment_end(p).is_some());
                if first == cur - 1 || first < lo || !all_comment {
                    break;
                }
                if starts_comment(first) {
                    start = first;
                }
                cur = prev_start;
            }
        }
        let mut end = span.end;
        if let Some((_, hi)) = after {
            let line_end = src[span.end..].find('\n').map_or(src.len(), |i| span.end + i);
            let last = src[span.end..line_end].trim_end_matches([' ', '\t', '\r']).len() + span.end;
            let first = span.end + src[span.end..line_end].bytes().take_while(|c| blank(*c)).count();
            let ok = first < last
                && last <= hi
                && starts_comment(first)
                && (first..last).all(|p| blank(b[p]) || comment_end(p).is_some_and(|e| e <= last));
            if ok {
                end = last;
            }
        }
        Span::new(start, end)
    }

    /// A loop or branch body: always a braced block.
    fn body(&self, out: &mut String, s: &Stmt, indent: &str, case_ty: Option<IntType>) -> Result<(), EmitError> {
        match &s.kind {
            StmtKind::Block { stmts, scoped: true } if s.span.is_synthetic() => {
                self.block(out, stmts.iter().collect(), indent, case_ty, false)
            }
            StmtKind::Block { scoped: true, .. } => self.stmt(out, s, indent, case_ty),
            _ => self.block(out, vec![s], indent, case_ty, false),
        }
    }

    /// `label` then the labelled statement on the next line, indented by
    /// `stmt_indent` (a further label goes at `label_indent`). A label
    /// cannot label a declaration, so that gets an empty statement first.
    fn labelled(
        &self,
        out: &mut String,
        label: &str,
        s: &Stmt,
        label_indent: &str,
        stmt_indent: &str,
        case_ty: Option<IntType>,
    ) -> Result<(), EmitError> {
        out.push_str(label);
        let synthetic = s.span.is_synthetic();
        match &s.kind {
            StmtKind::Empty if synthetic => {
                out.push(';');
                return Ok(());
            }
            StmtKind::Case(..) | StmtKind::Default(_) | StmtKind::Label(..) if synthetic => {
                out.push('\n');
                out.push_str(label_indent);
                return self.stmt(out, s, label_indent, case_ty);
            }
            // The statements after a case label (lowering groups them), or
            // a declaration with several declarators.
            StmtKind::Block { stmts, scoped: false } => {
                if stmts.first().is_some_and(|f| matches!(f.kind, StmtKind::Decl(..))) {
                    out.push(';');
                }
                if synthetic {
                    let items = flatten(stmts.iter().collect());
                    if !items.is_empty()
                        && items
                            .iter()
                            .all(|i| i.span.is_synthetic() && matches!(i.kind, StmtKind::Empty))
                    {
                        out.push(';');
                        return Ok(());
                    }
                    return self.items(out, &items, stmt_indent, None, case_ty);
                }
                // An empty group labels nothing; the enclosing block adds
                // the `;` if nothing follows.
                if span_text(self.e.source, s.span)?.trim().is_empty() {
                    return Ok(());
                }
            }
            StmtKind::Decl(..) => out.push(';'),
            _ => {}
        }
        out.push('\n');
        out.push_str(stmt_indent);
        self.stmt(out, s, stmt_indent, case_ty)
    }

    /// A condition; a plain assignment gets the extra parentheses gcc asks
    /// for.
    fn cond(&self, e: &crate::ir::Expr) -> Result<String, EmitError> {
        let text = self.e.expr(e, COMMA, true)?;
        let inner = e.skip_implicit();
        if e.span.is_synthetic() && matches!(inner.kind, ExprKind::Assign { op: None, .. }) {
            Ok(format!("({text})"))
        } else {
            Ok(text)
        }
    }

    /// The first clause of a `for`, with its `;`.
    fn for_init(&self, init: Option<&Stmt>, indent: &str) -> Result<String, EmitError> {
        let Some(s) = init else {
            return Ok(";".to_string());
        };
        if !s.span.is_synthetic() {
            let text = reindent(self.e.source, s.span, indent)?;
            return Ok(if text.trim_end().ends_with(';') {
                text
            } else {
                format!("{text};")
            });
        }
        match &s.kind {
            StmtKind::Empty => Ok(";".to_string()),
            StmtKind::Expr(e) => Ok(format!("{};", self.e.expr(e, COMMA, true)?)),
            StmtKind::Decl(v, init) => Ok(format!("{};", self.decl(*v, init.as_ref())?)),
            StmtKind::Block { stmts, scoped: false } => {
                // One declaration with several declarators: they must share
                // the base type and storage class.
                let mut base: Option<String> = None;
                let mut parts = Vec::new();
                for d in flatten(stmts.iter().collect()) {
                    let StmtKind::Decl(v, init) = &d.kind else {
                        return Err(EmitError::Unsupported(
                            "a for clause mixing declarations and statements".into(),
                        ));
                    };
                    let (b, rest) = self.decl_parts(*v, init.as_ref())?;
                    if base.as_ref().is_some_and(|x| *x != b) || b.ends_with('*') {
                        return Err(EmitError::Unsupported("a for clause declaring different types".into()));
                    }
                    base = Some(b);
                    parts.push(rest);
                }
                match base {
                    Some(b) => Ok(format!("{b} {};", parts.join(", "))),
                    None => Ok(";".to_string()),
                }
            }
            _ => Err(EmitError::Unsupported("this statement as a for clause".into())),
        }
    }

    /// `[static |extern ]T name[N] = init`, without the `;`.
    fn decl(&self, v: VarId, init: Option<&Init>) -> Result<String, EmitError> {
        let (base, rest) = self.decl_parts(v, init)?;
        let sep = if base.ends_with('*') { "" } else { " " };
        Ok(format!("{base}{sep}{rest}"))
    }

    /// The storage class and base type, and the declarator with initialiser.
    fn decl_parts(&self, v: VarId, init: Option<&Init>) -> Result<(String, String), EmitError> {
        let (base, mut rest) = self.e.declarator_parts(v)?;
        // A declaration statement is at block scope: a global there is a
        // block-scope static, or an `extern` one naming a file-scope object
        // (which belongs to no function).
        let var = &self.e.program.vars[v.0];
        let base = match (var.storage, var.func) {
            (Storage::Global, None) => return Ok((format!("extern {base}"), rest)),
            (Storage::Global, Some(_)) => format!("static {base}"),
            _ => base,
        };
        // Lowering keeps a block-scope static's initialiser with the globals.
        let program = self.e.program;
        let global_init = || {
            program
                .globals
                .iter()
                .find(|(g, _)| *g == v)
                .and_then(|(_, i)| i.as_ref())
        };
        let init = init.or_else(|| match program.vars[v.0].storage {
            Storage::Global => global_init(),
            _ => None,
        });
        if let Some(init) = init {
            rest.push_str(" = ");
            rest.push_str(&self.init(init)?);
        }
        Ok((base, rest))
    }

    fn init(&self, init: &Init) -> Result<String, EmitError> {
        match init {
            Init::Expr(e) => self.e.expr(e, ASSIGN, true),
            Init::List(_, span) if !span.is_synthetic() => Ok(span_text(self.e.source, *span)?.to_string()),
            Init::List(items, _) if items.is_empty() => Ok("{0}".to_string()),
            Init::List(items, _) => {
                let parts: Result<Vec<String>, EmitError> = items.iter().map(|i| self.init(i)).collect();
                Ok(format!("{{{}}}", parts?.join(", ")))
            }
        }
    }
}

/// The statements of a block with synthetic declaration groups (unscoped
/// blocks) opened up: they print one declaration per line.
fn flatten(stmts: Vec<&Stmt>) -> Vec<&Stmt> {
    let mut out = Vec::new();
    for s in stmts {
        match &s.kind {
            StmtKind::Block { stmts, scoped: false } if s.span.is_synthetic() => {
                out.extend(flatten(stmts.iter().collect()));
            }
            _ => out.push(s),
        }
    }
    out
}

/// A case label's value as a literal of the switch's promoted type.
fn case_literal(v: i128, ty: Option<IntType>, model: DataModel) -> String {
    let fits = [IntType::INT, IntType::LONG, IntType::ULONG];
    let t = match ty {
        Some(t) if t.contains(v) => t,
        _ => fits.into_iter().find(|t| t.contains(v)).unwrap_or(IntType::ULLONG),
    };
    int_literal(t.wrap(v), t.spelled_in(model)).0
}
