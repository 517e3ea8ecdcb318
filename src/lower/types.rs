//! Type specifiers and declarators to `CType`.

use super::Lowerer;
use crate::ir::{CType, DataModel, ExprKind, IntType, Member, StructDef, StructRef};
use tree_sitter::Node;

/// What an array declarator's size expression is.
enum ArraySize {
    Const(u64),
    /// The value of an integer variable: a variable-length array.
    Variable,
    /// Anything else, with why it is not modelled.
    Other(&'static str),
}

/// Integer types of `<stdint.h>`, `<stddef.h>` and friends, as glibc
/// defines them for x86-64 (LP64) or i386 (ILP32).
fn named_int_type(name: &str, model: DataModel) -> Option<IntType> {
    let ilp32 = model == DataModel::Ilp32;
    Some(match name {
        "int_fast16_t" | "int_fast32_t" if ilp32 => IntType::INT,
        "uint_fast16_t" | "uint_fast32_t" if ilp32 => IntType::UINT,
        "intptr_t" | "ptrdiff_t" | "ssize_t" | "long" => model.long(true),
        "uintptr_t" | "size_t" => model.long(false),
        "int8_t" | "int_least8_t" | "int_fast8_t" => IntType::CHAR,
        "uint8_t" | "uint_least8_t" | "uint_fast8_t" => IntType::UCHAR,
        "int16_t" | "int_least16_t" => IntType::SHORT,
        "uint16_t" | "uint_least16_t" => IntType::USHORT,
        "int32_t" | "int_least32_t" => IntType::INT,
        "uint32_t" | "uint_least32_t" => IntType::UINT,
        "int64_t" | "int_least64_t" | "int_fast16_t" | "int_fast32_t" | "int_fast64_t" | "intmax_t" => IntType::LONG,
        "uint64_t" | "uint_least64_t" | "uint_fast16_t" | "uint_fast32_t" | "uint_fast64_t" | "uintmax_t" => {
            IntType::ULONG
        }
        "bool" | "_Bool" => IntType::BOOL,
        "char" => IntType::CHAR,
        "int" => IntType::INT,
        "short" => IntType::SHORT,
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// The type named by a `type` field (primitive, sized, typedef name,
    /// struct/enum/union, ...).
    pub(super) fn base_type(&mut self, node: Node<'_>) -> CType {
        match node.kind() {
            "primitive_type" => {
                let name = self.text(node);
                if name == "void" {
                    CType::Void
                } else {
                    named_int_type(name, self.program.model)
                        .map(CType::Int)
                        .unwrap_or_else(|| CType::Opaque(name.to_string()))
                }
            }
            "sized_type_specifier" => self.sized_type(node),
            "struct_specifier" => self.struct_type(node),
            "type_identifier" => {
                let name = self.text(node);
                self.type_named(name).unwrap_or_else(|| CType::Opaque(name.to_string()))
            }
            _ => CType::Opaque(self.text(node).split_whitespace().collect::<Vec<_>>().join(" ")),
        }
    }

    /// `struct tag`, `struct tag { ... }` or `struct { ... }`: the
    /// structure type, defined (its members and layout recorded) where the
    /// specifier has a body. Structure types are file-scope only: one
    /// defined inside a function is not modelled (its tag could shadow
    /// another).
    fn struct_type(&mut self, node: Node<'_>) -> CType {
        let tag = node.child_by_field_name("name").map(|n| self.text(n).to_string());
        let body = node.child_by_field_name("body");
        if body.is_some() && self.current_func.is_some() {
            return CType::Opaque(format!(
                "a structure type defined inside a function (`{}`)",
                self.text(node)
            ));
        }
        let existing = tag.as_ref().and_then(|t| self.struct_tags.get(t).cloned());
        let sref = match existing {
            Some(r) => r,
            None => {
                let name = match &tag {
                    Some(t) => format!("struct {t}"),
                    None => "struct <anonymous>".to_string(),
                };
                let r = StructRef {
                    id: self.program.structs.len(),
                    name: std::sync::Arc::new(name),
                };
                self.program.structs.push(StructDef::default());
                if let Some(t) = tag {
                    self.struct_tags.insert(t, r.clone());
                }
                r
            }
        };
        if let Some(body) = body {
            let members = self.struct_members(body);
            let layout = members.as_ref().and_then(|m| self.struct_layout(m));
            // A structure whose size is unknown has no modelled values.
            let def = &mut self.program.structs[sref.id];
            def.members = members.filter(|_| layout.is_some());
            def.layout = layout;
        }
        CType::Struct(sref)
    }

    /// The members of a structure definition; `None` if one of them is not
    /// modelled (a bit-field, an unmodelled type).
    fn struct_members(&mut self, body: Node<'_>) -> Option<Vec<Member>> {
        let mut members = Vec::new();
        let mut cursor = body.walk();
        let fields: Vec<Node<'_>> = body.named_children(&mut cursor).collect();
        for field in fields {
            match field.kind() {
                "comment" => continue,
                "field_declaration" => {}
                _ => return None,
            }
            let base = self.base_type(field.child_by_field_name("type")?);
            let mut c = field.walk();
            if field.named_children(&mut c).any(|n| n.kind() == "bitfield_clause") {
                return None;
            }
            let mut c = field.walk();
            let declarators: Vec<Node<'_>> = field.children_by_field_name("declarator", &mut c).collect();
            if declarators.is_empty() {
                return None; // an anonymous member
            }
            for d in declarators {
                let (name, ty) = self.declarator_type(d, base.clone())?;
                if ty.is_opaque() || matches!(ty, CType::Vla(_) | CType::Void) {
                    return None;
                }
                members.push(Member { name, ty });
            }
        }
        Some(members)
    }

    /// Size and alignment of a structure with these members (in the data model: each
    /// member at the next multiple of its alignment, the size rounded up
    /// to the largest alignment).
    fn struct_layout(&self, members: &[Member]) -> Option<(u64, u64)> {
        let (mut size, mut align) = (0u64, 1u64);
        for m in members {
            let (s, a) = self.program.layout(&m.ty)?;
            size = size.div_ceil(a).checked_mul(a)?.checked_add(s)?;
            align = align.max(a);
        }
        if size == 0 {
            return None; // an empty structure is a GNU extension
        }
        Some((size.div_ceil(align) * align, align))
    }

    /// The type a typedef or a standard integer type name stands for.
    pub(super) fn type_named(&self, name: &str) -> Option<CType> {
        self.typedefs
            .get(name)
            .cloned()
            .or_else(|| named_int_type(name, self.program.model).map(CType::Int))
    }

    /// `unsigned`, `long long int`, `short unsigned`, ...
    fn sized_type(&self, node: Node<'_>) -> CType {
        let mut signed = None;
        let mut longs = 0;
        let mut short = false;
        let mut base = None;
        let mut cursor = node.walk();
        for c in node.children(&mut cursor) {
            match self.text(c) {
                "unsigned" => signed = Some(false),
                "signed" => signed = Some(true),
                "long" => longs += 1,
                "short" => short = true,
                "int" => {}
                "char" => base = Some("char"),
                _ if c.kind() == "primitive_type" || c.kind() == "type_identifier" => {
                    return CType::Opaque(self.text(node).to_string());
                }
                _ if c.kind() == "type_qualifier" || c.kind() == "comment" => {}
                _ => return CType::Opaque(self.text(node).to_string()),
            }
        }
        let rank_type = if base == Some("char") {
            match signed {
                Some(false) => IntType::UCHAR,
                _ => IntType::CHAR,
            }
        } else if short {
            IntType::SHORT
        } else if longs >= 2 {
            IntType::LLONG
        } else if longs == 1 {
            self.program.model.long(true)
        } else {
            IntType::INT
        };
        let signed = signed.unwrap_or(rank_type.signed);
        CType::Int(IntType {
            rank: rank_type.rank,
            signed,
        })
    }

    /// Name and full type of a declarator over `base`; `None` for abstract
    /// declarators without a name.
    pub(super) fn declarator_type(&mut self, node: Node<'_>, base: CType) -> Option<(String, CType)> {
        match node.kind() {
            "identifier" | "type_identifier" | "field_identifier" => Some((self.text(node).to_string(), base)),
            "array_declarator" => {
                let inner = node.child_by_field_name("declarator")?;
                let size = node.child_by_field_name("size").map(|s| self.array_size(s));
                let modelled = !base.is_opaque() && base != CType::Void;
                // `a[N][M]`: the outer declarator is `a[N]`, applied to `T[M]`.
                let ty = match size {
                    Some(ArraySize::Const(n)) if modelled => CType::Array(Box::new(base), n),
                    // A VLA is a local of a function (C11 6.7.6.2p2).
                    Some(ArraySize::Variable) if modelled && self.current_func.is_some() => CType::Vla(Box::new(base)),
                    Some(ArraySize::Other(why)) => CType::Opaque(format!("array of {base} whose size {why}")),
                    _ => CType::Opaque(format!("array of {base} with a size tracc does not model")),
                };
                self.declarator_type(inner, ty)
            }
            "pointer_declarator" => {
                let inner = node.child_by_field_name("declarator")?;
                // Pointers to integers and to structures are modelled (the
                // checker's memory model); pointers to anything else are not.
                let pointer = match &base {
                    CType::Int(_) | CType::Struct(_) => CType::Pointer(Box::new(base)),
                    CType::Opaque(f) if f.starts_with("function") => CType::Opaque(format!("pointer to {f}")),
                    _ => CType::Opaque(format!("{base} *")),
                };
                self.declarator_type(inner, pointer)
            }
            "parenthesized_declarator" => {
                let mut cursor = node.walk();
                let inner = node.named_children(&mut cursor).next()?;
                // Parentheses only group: `(*f)(int)` is a pointer to a function.
                self.declarator_type(inner, base)
            }
            "attributed_declarator" => {
                let inner = node.child_by_field_name("declarator").or_else(|| node.named_child(0))?;
                self.declarator_type(inner, base)
            }
            "function_declarator" => {
                let inner = node.child_by_field_name("declarator")?;
                self.declarator_type(inner, CType::Opaque(format!("function returning {base}")))
            }
            _ => None,
        }
    }

    /// The type named by a `type_descriptor` (casts, sizeof).
    pub(super) fn type_descriptor(&mut self, node: Node<'_>) -> CType {
        let Some(t) = node.child_by_field_name("type") else {
            return CType::Opaque(self.text(node).to_string());
        };
        let base = self.base_type(t);
        match node.child_by_field_name("declarator") {
            None => base,
            Some(d) => self.abstract_declarator(d, base),
        }
    }

    fn abstract_declarator(&mut self, node: Node<'_>, base: CType) -> CType {
        match node.kind() {
            "abstract_array_declarator" => {
                let size = node.child_by_field_name("size").map(|s| self.array_size(s));
                let len = match size {
                    Some(ArraySize::Const(n)) => Some(n),
                    _ => None,
                };
                let ty = match len {
                    Some(n) if !base.is_opaque() => CType::Array(Box::new(base), n),
                    _ => CType::Opaque(self.text(node).to_string()),
                };
                match node.child_by_field_name("declarator") {
                    Some(d) => self.abstract_declarator(d, ty),
                    None => ty,
                }
            }
            // `(int *)` of a cast or `sizeof`: a pointer to an integer.
            "abstract_pointer_declarator" if base.as_int().is_some() || base.as_struct().is_some() => {
                let ty = CType::Pointer(Box::new(base));
                match node.child_by_field_name("declarator") {
                    Some(d) => self.abstract_declarator(d, ty),
                    None => ty,
                }
            }
            _ => CType::Opaque(format!("{base} {}", self.text(node))),
        }
    }

    /// The size of an array declarator: a positive constant, or the value
    /// of one integer variable (a VLA). Any other size expression could
    /// fail a check of its own (overflow, division) when the declaration
    /// runs, which the checker does not evaluate: it is not modelled.
    fn array_size(&mut self, node: Node<'_>) -> ArraySize {
        let e = self.expr(node);
        if let Some(v) = e.const_value() {
            return match u64::try_from(v).ok().filter(|&n| n > 0) {
                Some(n) => ArraySize::Const(n),
                None => ArraySize::Other("is not positive"),
            };
        }
        let inner = e.skip_implicit();
        match inner.kind {
            ExprKind::Var(_) if inner.ty.as_int().is_some() => ArraySize::Variable,
            _ => ArraySize::Other("is neither a constant nor a variable"),
        }
    }
}
