//! The counted `while` loop as C text.
//!
//! In: a `Program`. Out: its C source: declarations (nondeterministic
//! values assumed within their ranges), the loop with its branches and
//! inner loops, the assertions, and with `calls` the helper functions that
//! do the body's assignments and assertion. Kept apart from the drawing
//! and the simulation (`counted`), which never read the text.

use super::cint::{PRELUDE, literal, nondet_name};
use super::counted::{Branch, Cond, InnerLoop, InnerTest, InnerThen, Limit, Modulo, Program, Rhs, Update, shift_of};
use crate::ir::IntType;
use std::fmt::Write as _;

impl Program {
    fn update_text(&self, u: &Update) -> String {
        let name = |i: usize| self.vars[i].name.as_str();
        match u {
            Update::Inc(v) => format!("{}++;", name(*v)),
            Update::Swap(a, b) => format!(
                "{{ {} tmp = {}; {} = {}; {} = tmp; }}",
                self.vars[*a].ty.c_name(),
                name(*a),
                name(*a),
                name(*b),
                name(*b)
            ),
            Update::Dec(v) => format!("{}--;", name(*v)),
            Update::Assign(t, Rhs::Affine(v, a, 0)) if t == v => format!("{} *= {};", name(*t), literal(*a)),
            Update::Assign(t, rhs) => format!("{} = {};", name(*t), self.rhs_text(rhs)),
        }
    }

    fn rhs_text(&self, rhs: &Rhs) -> String {
        let name = |i: usize| self.vars[i].name.as_str();
        match rhs {
            Rhs::AddConst(v, c) => format!("{} + {}", name(*v), literal(*c)),
            Rhs::SubConst(v, c) => format!("{} - {}", name(*v), literal(*c)),
            Rhs::AddVar(a, b) => format!("{} + {}", name(*a), name(*b)),
            Rhs::Const(c) => literal(*c),
            Rhs::Negate(v) => format!("-{}", name(*v)),
            Rhs::SubFrom(c, v) => format!("{} - {}", literal(*c), name(*v)),
            Rhs::Affine(v, a, b) => format!("{} * {} + {}", literal(*a), name(*v), literal(*b)),
            Rhs::AddShifted(a, b, s) => format!("{} + ({} << {s})", name(*a), name(*b)),
            Rhs::ShiftedRight(v, s) => format!("{} >> {s}", name(*v)),
        }
    }

    /// The variables `rhs` reads, each once, in order.
    fn rhs_reads(rhs: &Rhs) -> Vec<usize> {
        match rhs {
            Rhs::AddConst(v, _)
            | Rhs::SubConst(v, _)
            | Rhs::Negate(v)
            | Rhs::SubFrom(_, v)
            | Rhs::Affine(v, _, _)
            | Rhs::ShiftedRight(v, _) => {
                vec![*v]
            }
            Rhs::AddVar(a, b) | Rhs::AddShifted(a, b, _) if a == b => vec![*a],
            Rhs::AddVar(a, b) | Rhs::AddShifted(a, b, _) => vec![*a, *b],
            Rhs::Const(_) => Vec::new(),
        }
    }

    /// With `calls`: the helper functions, and the text of each
    /// assignment and of the assertion in the body as a call of one (by
    /// its inline text). A helper takes the variables it reads as
    /// parameters of their types and names, and returns the assigned value
    /// in the target's type: the same operations and conversions as the
    /// assignment.
    fn helpers(&self) -> (String, std::collections::HashMap<String, String>) {
        let mut defs = String::new();
        let mut calls = std::collections::HashMap::new();
        if !self.calls {
            return (defs, calls);
        }
        let params = |vars: &[usize]| {
            let list: Vec<String> = vars
                .iter()
                .map(|&v| format!("{} {}", self.vars[v].ty.c_name(), self.vars[v].name))
                .collect();
            if list.is_empty() {
                "void".to_string()
            } else {
                list.join(", ")
            }
        };
        let args = |vars: &[usize]| {
            let list: Vec<&str> = vars.iter().map(|&v| self.vars[v].name.as_str()).collect();
            list.join(", ")
        };
        // By address: a pointer per variable, each read copied into a local
        // of the variable's name, so the operation's text is the same.
        let pointers = |vars: &[usize]| {
            let list: Vec<String> = (vars.iter().enumerate())
                .map(|(k, &v)| format!("{} *p_in{k}", self.vars[v].ty.c_name()))
                .collect();
            list.join(", ")
        };
        let copies = |vars: &[usize]| {
            let list: Vec<String> = (vars.iter().enumerate())
                .map(|(k, &v)| format!("{} {} = *p_in{k}; ", self.vars[v].ty.c_name(), self.vars[v].name))
                .collect();
            list.concat()
        };
        let addresses = |vars: &[usize]| {
            let list: Vec<String> = vars.iter().map(|&v| format!("&{}", self.vars[v].name)).collect();
            list.join(", ")
        };
        for u in self.body_updates() {
            let Update::Assign(t, rhs) = u else { continue };
            let inline = self.update_text(u);
            if calls.contains_key(&inline) {
                continue;
            }
            let k = calls.len();
            let reads = Self::rhs_reads(rhs);
            let ty = self.vars[*t].ty.c_name();
            let target = &self.vars[*t].name;
            let rhs = self.rhs_text(rhs);
            let counting = match self.counted_calls {
                Some(most) if k == 0 => format!("static unsigned int calls; calls++; assert(calls <= {most}U); "),
                _ => String::new(),
            };
            if self.by_address {
                let sep = if reads.is_empty() { "" } else { ", " };
                let _ = writeln!(
                    defs,
                    "void upd{k}({ty} *p_out{sep}{}) {{ {counting}{}*p_out = {rhs}; }}",
                    pointers(&reads),
                    copies(&reads)
                );
                calls.insert(inline, format!("upd{k}(&{target}{sep}{});", addresses(&reads)));
            } else {
                let _ = writeln!(defs, "{ty} upd{k}({}) {{ {counting}return {rhs}; }}", params(&reads));
                calls.insert(inline, format!("{target} = upd{k}({});", args(&reads)));
            }
        }
        if let Some(a) = &self.inner_assert {
            let text = self.cond_text(a);
            let v = [a.var];
            let (taken, prologue, passed) = if self.by_address {
                (pointers(&v), copies(&v), addresses(&v))
            } else {
                (params(&v), String::new(), args(&v))
            };
            let _ = writeln!(defs, "void check({taken}) {{ {prologue}assert({text}); }}");
            calls.insert(format!("assert({text});"), format!("check({passed});"));
        }
        (defs, calls)
    }

    fn cond_text(&self, c: &Cond) -> String {
        let name = &self.vars[c.var].name;
        let tested = match c.offset {
            Some(o) if o < 0 => format!("{name} - {}", literal(-o)),
            Some(o) => format!("{name} + {}", literal(o)),
            None => name.clone(),
        };
        match (c.modulo, c.offset) {
            (Some(q @ Modulo::OfQuotient { .. }), _) => {
                format!("{} {} {}", reduced_text(&tested, q), c.cmp.text(), literal(c.value))
            }
            (Some(Modulo::LowBits(m)), _) => {
                format!("({tested} & {}) {} {}", literal(m - 1), c.cmp.text(), literal(c.value))
            }
            (Some(Modulo::Rem(m)), Some(_)) => {
                format!("({tested}) % {} {} {}", literal(m), c.cmp.text(), literal(c.value))
            }
            (Some(Modulo::Rem(m)), None) => format!("{tested} % {} {} {}", literal(m), c.cmp.text(), literal(c.value)),
            (None, _) => format!("{tested} {} {}", c.cmp.text(), literal(c.value)),
        }
    }

    fn render_inner(&self, out: &mut String, l: &InnerLoop, indent: &str) {
        let j = l.name;
        let limit = match l.limit {
            Limit::Const(c) => literal(c),
            Limit::OuterCounter => "i".to_string(),
        };
        let step = if l.step > 0 { format!("{j}++") } else { format!("{j}--") };
        let cond = format!("{j} {} {limit}", l.cmp.text());
        if l.as_for {
            let _ = writeln!(
                out,
                "{indent}for ({} {j} = {}; {cond}; {step}) {{",
                l.ty.c_name(),
                literal(l.start)
            );
        } else {
            let _ = writeln!(out, "{indent}{j} = {};", literal(l.start));
            let _ = writeln!(out, "{indent}while ({cond}) {{");
        }
        let deeper = format!("{indent}    ");
        if let Some(b) = &l.branch {
            let test = match &b.test {
                InnerTest::Counter(cmp, v) => format!("{j} {} {}", cmp.text(), literal(*v)),
                InnerTest::Even(even) => format!("{j} % 2 {} 0", if *even { "==" } else { "!=" }),
                InnerTest::Var(c) => self.cond_text(c),
            };
            let then = match &b.then {
                InnerThen::Update(u) => self.update_text(u),
                InnerThen::Break => "break;".to_string(),
                InnerThen::Continue => "continue;".to_string(),
            };
            let _ = writeln!(out, "{deeper}if ({test}) {then}");
        }
        for u in &l.updates {
            let _ = writeln!(out, "{deeper}{}", self.update_text(u));
        }
        if let Some(inner) = &l.inner {
            self.render_inner(out, inner, &deeper);
        }
        if !l.as_for {
            let _ = writeln!(out, "{deeper}{step};");
        }
        let _ = writeln!(out, "{indent}}}");
    }

    pub(super) fn render(&self) -> String {
        let mut out = String::new();
        let mut nondets: Vec<IntType> = self.vars.iter().filter(|v| v.init.is_none()).map(|v| v.ty).collect();
        if self.bound_const.is_none() {
            nondets.push(self.counter_ty);
        }
        nondets.sort_by_key(|t| nondet_name(*t));
        nondets.dedup();
        out.push_str(PRELUDE);
        out.push_str("void __CPROVER_assume(_Bool);\n");
        if matches!(self.guard, Some(Branch::Nondet)) {
            out.push_str("_Bool nondet_bool(void);\n");
        }
        for t in &nondets {
            let _ = writeln!(out, "{} {}(void);", t.c_name(), nondet_name(*t));
        }
        let (defs, calls) = self.helpers();
        if !defs.is_empty() {
            out.push('\n');
            out.push_str(&defs);
        }
        // A statement's text, or the call that does it.
        let called = |inline: String| calls.get(&inline).cloned().unwrap_or(inline);
        let text = |u: &Update| called(self.update_text(u));
        out.push_str("\nint main(void) {\n");
        for v in &self.vars {
            match v.init {
                Some(i) => {
                    let _ = writeln!(out, "    {} {} = {};", v.ty.c_name(), v.name, literal(i));
                }
                None => {
                    let _ = writeln!(out, "    {} {} = {}();", v.ty.c_name(), v.name, nondet_name(v.ty));
                    let _ = writeln!(
                        out,
                        "    __CPROVER_assume({} >= {} && {} <= {});",
                        v.name,
                        literal(v.range.0),
                        v.name,
                        literal(v.range.1)
                    );
                }
            }
        }
        let counter = self.counter_ty.c_name();
        let limit = match self.bound_const {
            Some(b) => b.to_string(),
            None => {
                let _ = writeln!(out, "    {counter} n = {}();", nondet_name(self.counter_ty));
                let _ = writeln!(out, "    __CPROVER_assume(n <= {});", self.max_iters);
                "n".to_string()
            }
        };
        let _ = writeln!(out, "    {counter} i = 0;");
        let mut inner = self.inner.as_ref();
        while let Some(l) = inner {
            if !l.as_for {
                let _ = writeln!(out, "    {} {};", l.ty.c_name(), l.name);
            }
            inner = l.inner.as_deref();
        }
        if let Some(init) = self.flag {
            let _ = writeln!(out, "    _Bool flag = {};", u8::from(init));
        }
        let _ = writeln!(out, "    while (i < {limit}) {{");
        if let Some(c) = &self.exit {
            let _ = writeln!(out, "        if ({}) break;", self.cond_text(c));
        }
        let body_indent = if self.guard.is_some() {
            "            "
        } else {
            "        "
        };
        match &self.guard {
            Some(Branch::Cond(g)) => {
                let _ = writeln!(out, "        if ({}) {{", self.cond_text(g));
            }
            Some(Branch::Nondet) => out.push_str("        if (nondet_bool()) {\n"),
            Some(Branch::Flag) => out.push_str("        if (flag) {\n"),
            Some(Branch::Counter { modulo, cmp, value }) => {
                let tested = match modulo {
                    Modulo::LowBits(m) => format!("(i & {})", literal(*m - 1)),
                    Modulo::Rem(m) => format!("i % {}", literal(*m)),
                    q @ Modulo::OfQuotient { .. } => reduced_text("i", *q),
                };
                let _ = writeln!(out, "        if ({tested} {} {}) {{", cmp.text(), literal(*value));
            }
            None => {}
        }
        for u in &self.then_updates {
            let _ = writeln!(out, "{body_indent}{}", text(u));
        }
        if self.guard.is_some() {
            out.push_str("        } else {\n");
            for u in &self.else_updates {
                let _ = writeln!(out, "{body_indent}{}", text(u));
            }
            out.push_str("        }\n");
        }
        if let Some((c, updates)) = &self.correlated {
            let _ = writeln!(out, "        if ({}) {{", self.cond_text(c));
            for u in updates {
                let _ = writeln!(out, "            {}", text(u));
            }
            out.push_str("        }\n");
        }
        if let Some(l) = &self.inner {
            self.render_inner(&mut out, l, "        ");
        }
        if let Some(a) = &self.inner_assert {
            let _ = writeln!(out, "        {}", called(format!("assert({});", self.cond_text(a))));
        }
        if self.flag.is_some() {
            out.push_str("        flag = !flag;\n");
        }
        out.push_str("        i++;\n    }\n");
        for a in &self.final_asserts {
            let _ = writeln!(out, "    assert({});", self.cond_text(a));
        }
        if let Some(v) = self.flag_assert {
            let _ = writeln!(out, "    assert({}flag);", if v { "" } else { "!" });
        }
        out.push_str("    return 0;\n}\n");
        out
    }
}

/// `tested` reduced by a quotient's modulus (`Modulo::OfQuotient`), in
/// parentheses.
fn reduced_text(tested: &str, q: Modulo) -> String {
    let Modulo::OfQuotient { d, m } = q else {
        return tested.to_string();
    };
    match (shift_of(d), shift_of(m)) {
        (Some(s), Some(_)) => format!("((({tested}) >> {s}) & {})", literal(m - 1)),
        _ => format!("((({tested}) / {}) % {})", literal(d), literal(m)),
    }
}
