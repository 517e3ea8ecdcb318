//! C integer and array types with the sizes CBMC uses on x86-64 (LP64, or
//! ILP32 under `--32`: `DataModel`), the integer promotions and the usual
//! arithmetic conversions.

use std::fmt;

/// The data model: the widths of `long` and of pointers, as CBMC's `--64`
/// (LP64, its default on x86-64) and `--32` (ILP32, SV-COMP's) set them.
///
/// The IR's `Rank::Long` is always 64 bits wide: under ILP32 the lowering
/// gives the user's `long` (and `size_t`, `ptrdiff_t`, ...) the type
/// `int` or `unsigned int`, which have the same width, signedness and
/// conversions there, so `Rank::Long` is left to tracc's own 64-bit
/// arithmetic and is spelled `long long` in the output (`spelled_in`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DataModel {
    #[default]
    Lp64,
    Ilp32,
}

impl DataModel {
    /// The type of the user's `long` (`signed`) or `unsigned long`.
    pub fn long(self, signed: bool) -> IntType {
        match (self, signed) {
            (DataModel::Lp64, true) => IntType::LONG,
            (DataModel::Lp64, false) => IntType::ULONG,
            (DataModel::Ilp32, true) => IntType::INT,
            (DataModel::Ilp32, false) => IntType::UINT,
        }
    }

    /// Size (and alignment) of a pointer in bytes.
    pub fn pointer_bytes(self) -> u64 {
        match self {
            DataModel::Lp64 => 8,
            DataModel::Ilp32 => 4,
        }
    }

    /// CBMC's option for this model, where it is not CBMC's default.
    pub fn cbmc_flag(self) -> Option<&'static str> {
        match self {
            DataModel::Lp64 => None,
            DataModel::Ilp32 => Some("--32"),
        }
    }
}

/// Conversion rank of an integer type (C11 6.3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Bool,
    Char,
    Short,
    Int,
    Long,
    LongLong,
}

/// An integer type: its rank and signedness. Plain `char` is signed, as on
/// x86-64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntType {
    pub rank: Rank,
    pub signed: bool,
}

impl IntType {
    pub const BOOL: IntType = IntType {
        rank: Rank::Bool,
        signed: false,
    };
    pub const CHAR: IntType = IntType {
        rank: Rank::Char,
        signed: true,
    };
    pub const UCHAR: IntType = IntType {
        rank: Rank::Char,
        signed: false,
    };
    pub const SHORT: IntType = IntType {
        rank: Rank::Short,
        signed: true,
    };
    pub const USHORT: IntType = IntType {
        rank: Rank::Short,
        signed: false,
    };
    pub const INT: IntType = IntType {
        rank: Rank::Int,
        signed: true,
    };
    pub const UINT: IntType = IntType {
        rank: Rank::Int,
        signed: false,
    };
    pub const LONG: IntType = IntType {
        rank: Rank::Long,
        signed: true,
    };
    pub const ULONG: IntType = IntType {
        rank: Rank::Long,
        signed: false,
    };
    pub const LLONG: IntType = IntType {
        rank: Rank::LongLong,
        signed: true,
    };
    pub const ULLONG: IntType = IntType {
        rank: Rank::LongLong,
        signed: false,
    };

    /// Width in bits of the value representation. `_Bool` is stored in 8 bits
    /// but only ever holds 0 or 1.
    pub fn bits(self) -> u32 {
        match self.rank {
            Rank::Bool | Rank::Char => 8,
            Rank::Short => 16,
            Rank::Int => 32,
            Rank::Long | Rank::LongLong => 64,
        }
    }

    pub fn is_bool(self) -> bool {
        self.rank == Rank::Bool
    }

    /// Smallest representable value.
    pub fn min(self) -> i128 {
        if self.is_bool() || !self.signed {
            0
        } else {
            -(1i128 << (self.bits() - 1))
        }
    }

    /// Largest representable value.
    pub fn max(self) -> i128 {
        if self.is_bool() {
            1
        } else if self.signed {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    pub fn contains(self, v: i128) -> bool {
        self.min() <= v && v <= self.max()
    }

    /// Whether every value of `other` is a value of this type (converting
    /// to it never wraps).
    pub fn includes(self, other: IntType) -> bool {
        self.min() <= other.min() && other.max() <= self.max()
    }

    /// The value `v` converted to this type (C conversion: `_Bool` tests
    /// against zero, everything else wraps modulo 2^bits, which is what CBMC
    /// and gcc do for signed targets too).
    pub fn wrap(self, v: i128) -> i128 {
        if self.is_bool() {
            return (v != 0) as i128;
        }
        let bits = self.bits();
        let m = 1i128 << bits;
        let mut r = v.rem_euclid(m);
        if self.signed && r >= m / 2 {
            r -= m;
        }
        r
    }

    /// Integer promotion (C11 6.3.1.1p2): everything narrower than `int`
    /// becomes `int`, since `int` can represent all their values.
    pub fn promote(self) -> IntType {
        if self.rank < Rank::Int { IntType::INT } else { self }
    }

    /// The usual arithmetic conversions (C11 6.3.1.8) on two integer types.
    pub fn common(a: IntType, b: IntType) -> IntType {
        let a = a.promote();
        let b = b.promote();
        if a == b {
            return a;
        }
        if a.signed == b.signed {
            return if a.rank >= b.rank { a } else { b };
        }
        let (u, s) = if a.signed { (b, a) } else { (a, b) };
        if u.rank >= s.rank {
            u
        } else if s.bits() > u.bits() {
            s
        } else {
            IntType {
                rank: s.rank,
                signed: false,
            }
        }
    }

    /// The canonical C spelling, used for declarations that tracc generates.
    pub fn c_name(self) -> &'static str {
        match (self.rank, self.signed) {
            (Rank::Bool, _) => "_Bool",
            (Rank::Char, true) => "signed char",
            (Rank::Char, false) => "unsigned char",
            (Rank::Short, true) => "short",
            (Rank::Short, false) => "unsigned short",
            (Rank::Int, true) => "int",
            (Rank::Int, false) => "unsigned int",
            (Rank::Long, true) => "long",
            (Rank::Long, false) => "unsigned long",
            (Rank::LongLong, true) => "long long",
            (Rank::LongLong, false) => "unsigned long long",
        }
    }

    /// The type that spells this one in an output for `model`: itself,
    /// except that under ILP32 `Rank::Long` (64 bits in the IR) is written
    /// `long long`.
    pub fn spelled_in(self, model: DataModel) -> IntType {
        match (model, self.rank) {
            (DataModel::Ilp32, Rank::Long) => IntType {
                rank: Rank::LongLong,
                ..self
            },
            _ => self,
        }
    }

    /// Integer-literal suffix that gives a literal this type's rank and
    /// signedness (for ranks below `int` the literal is `int`).
    pub fn literal_suffix(self) -> &'static str {
        match (self.rank, self.signed) {
            (Rank::Long, true) => "L",
            (Rank::Long, false) => "UL",
            (Rank::LongLong, true) => "LL",
            (Rank::LongLong, false) => "ULL",
            (Rank::Int, false) => "U",
            _ => "",
        }
    }
}

impl fmt::Display for IntType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.c_name())
    }
}

/// A C type as far as tracc models it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CType {
    Void,
    Int(IntType),
    /// Fixed-size array `elem[len]`; multi-dimensional arrays nest.
    Array(Box<CType>, u64),
    /// Variable-length array `elem[n]` (a local sized at its declaration by
    /// the value of a variable): the checker models it as an array without
    /// a length, like any array (it does not check bounds); nothing that
    /// needs a length (`sizeof`, a constant quantifier range) accepts it.
    Vla(Box<CType>),
    /// A pointer to an integer object (a scalar or an element of a
    /// one-dimensional array) or to a structure: the checker models it as
    /// an object and an offset; the accelerator leaves any loop that uses
    /// one alone.
    Pointer(Box<CType>),
    /// A structure type, defined at file scope (`Program::structs` holds
    /// its members); the checker models its values member by member, the
    /// accelerator leaves any loop that uses one alone.
    Struct(StructRef),
    /// Anything the IR does not model (unions, floats, pointers to
    /// pointers, ...); the string is the C spelling, for diagnostics.
    Opaque(String),
}

/// A structure type: its index in `Program::structs` and its C spelling
/// (`struct point`, or the typedef name of an untagged structure).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructRef {
    pub id: usize,
    pub name: std::sync::Arc<String>,
}

impl CType {
    pub fn as_int(&self) -> Option<IntType> {
        match self {
            CType::Int(t) => Some(*t),
            _ => None,
        }
    }

    pub fn is_opaque(&self) -> bool {
        match self {
            CType::Opaque(_) => true,
            CType::Array(e, _) | CType::Vla(e) => e.is_opaque(),
            _ => false,
        }
    }

    pub fn as_struct(&self) -> Option<&StructRef> {
        match self {
            CType::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// The pointed-to type of a pointer type.
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t) => Some(t),
            _ => None,
        }
    }

    /// Size and alignment in bytes in the data model `model`, if the type
    /// has them; `structs` gives those of a structure type.
    pub fn layout(&self, model: DataModel, structs: &dyn Fn(usize) -> Option<(u64, u64)>) -> Option<(u64, u64)> {
        match self {
            CType::Void | CType::Opaque(_) | CType::Vla(_) => None,
            CType::Pointer(_) => Some((model.pointer_bytes(), model.pointer_bytes())),
            CType::Int(t) => Some((u64::from(t.bits() / 8), u64::from(t.bits() / 8))),
            CType::Array(e, n) => e
                .layout(model, structs)
                .and_then(|(s, a)| Some((s.checked_mul(*n)?, a))),
            CType::Struct(s) => structs(s.id),
        }
    }

    /// Element type and length of an array type.
    pub fn array_parts(&self) -> Option<(&CType, u64)> {
        match self {
            CType::Array(e, n) => Some((e, *n)),
            _ => None,
        }
    }

    /// The scalar element type at the bottom of nested arrays.
    pub fn base_element(&self) -> &CType {
        match self {
            CType::Array(e, _) | CType::Vla(e) => e.base_element(),
            t => t,
        }
    }
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CType::Void => f.write_str("void"),
            CType::Int(t) => write!(f, "{t}"),
            CType::Array(..) | CType::Vla(_) => {
                // C's spelling: the outermost dimension first (`int[4][5]`
                // is four arrays of five ints).
                let (mut element, mut dims) = (self, String::new());
                loop {
                    match element {
                        CType::Array(e, n) => {
                            dims.push_str(&format!("[{n}]"));
                            element = e;
                        }
                        CType::Vla(e) => {
                            dims.push_str("[*]");
                            element = e;
                        }
                        _ => break,
                    }
                }
                write!(f, "{element}{dims}")
            }
            CType::Pointer(t) => write!(f, "{t} *"),
            CType::Struct(s) => f.write_str(&s.name),
            CType::Opaque(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_types_are_spelled_outermost_dimension_first() {
        let row = CType::Array(Box::new(CType::Int(IntType::INT)), 5);
        assert_eq!(CType::Array(Box::new(row.clone()), 4).to_string(), "int[4][5]");
        assert_eq!(CType::Vla(Box::new(row)).to_string(), "int[*][5]");
    }

    #[test]
    fn usual_arithmetic_conversions_follow_lp64() {
        assert_eq!(IntType::common(IntType::INT, IntType::UINT), IntType::UINT);
        assert_eq!(IntType::common(IntType::LONG, IntType::UINT), IntType::LONG);
        assert_eq!(IntType::common(IntType::LLONG, IntType::ULONG), IntType::ULLONG);
        assert_eq!(IntType::common(IntType::UCHAR, IntType::SHORT), IntType::INT);
        assert_eq!(IntType::common(IntType::ULONG, IntType::LONG), IntType::ULONG);
    }

    #[test]
    fn wrap_matches_twos_complement() {
        assert_eq!(IntType::UCHAR.wrap(256), 0);
        assert_eq!(IntType::CHAR.wrap(128), -128);
        assert_eq!(IntType::UINT.wrap(-1), 4294967295);
        assert_eq!(IntType::BOOL.wrap(7), 1);
        assert_eq!(IntType::LONG.wrap(i128::from(u64::MAX)), -1);
    }
}
