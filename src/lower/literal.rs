//! Integer and character constants: their values and C types.

use crate::ir::{DataModel, IntType};

/// Value and type of an integer literal (C11 6.4.4.1) under LP64, or `None`
/// when the text is not an integer constant tracc models (floating
/// constants, values beyond `unsigned long long`).
pub fn integer_literal(text: &str) -> Option<(i128, IntType)> {
    integer_literal_in(text, DataModel::Lp64)
}

/// `integer_literal` in the data model `model` (under ILP32, `long` is the
/// type `int`: `DataModel::long`).
pub fn integer_literal_in(text: &str, model: DataModel) -> Option<(i128, IntType)> {
    // tree-sitter-c folds a leading sign into the literal; C reads `-5` as
    // unary minus applied to `5`, in the type of `5`.
    let trimmed = text.trim();
    if let Some(magnitude) = trimmed.strip_prefix('-') {
        let (v, t) = integer_literal_in(magnitude, model)?;
        return Some((t.wrap(-v), t));
    }
    if let Some(magnitude) = trimmed.strip_prefix('+') {
        return integer_literal_in(magnitude, model);
    }
    let lower = trimmed.to_ascii_lowercase();
    let digits_end = lower.trim_end_matches(['u', 'l']).len();
    let (body, suffix) = lower.split_at(digits_end);
    let body: String = body.chars().filter(|&c| c != '\'').collect();
    let (radix, digits) = if let Some(h) = body.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = body.strip_prefix("0b") {
        (2, b)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body.as_str())
    };
    if digits.is_empty() || digits.contains(['.', 'e', 'p']) && radix != 16 || digits.contains(['.', 'p']) {
        return None;
    }
    let value = u128::from_str_radix(digits, radix).ok()?;
    let unsigned = suffix.contains('u');
    let longs = suffix.matches('l').count();
    if longs > 2 || suffix.len() != longs + usize::from(unsigned) {
        return None;
    }
    let decimal = radix == 10;
    let (long, ulong) = (model.long(true), model.long(false));
    let candidates: &[IntType] = match (unsigned, longs, decimal) {
        (false, 0, true) => &[IntType::INT, long, IntType::LLONG],
        (false, 0, false) => &[
            IntType::INT,
            IntType::UINT,
            long,
            ulong,
            IntType::LLONG,
            IntType::ULLONG,
        ],
        (false, 1, true) => &[long, IntType::LLONG],
        (false, 1, false) => &[long, ulong, IntType::LLONG, IntType::ULLONG],
        (false, _, true) => &[IntType::LLONG],
        (false, _, false) => &[IntType::LLONG, IntType::ULLONG],
        (true, 0, _) => &[IntType::UINT, ulong, IntType::ULLONG],
        (true, 1, _) => &[ulong, IntType::ULLONG],
        (true, _, _) => &[IntType::ULLONG],
    };
    let value = i128::try_from(value).ok()?;
    candidates.iter().find(|t| t.contains(value)).map(|&t| (value, t))
}

/// Value of a character constant such as `'a'`, `'\n'`, `'\x41'`, `'\101'`
/// (type `int`; the value is that of a plain, signed `char`, as gcc on
/// x86-64 gives). Multi-character and wide constants are not modelled.
pub fn char_literal(text: &str) -> Option<i128> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let byte: u32 = if let Some(esc) = inner.strip_prefix('\\') {
        match esc {
            "n" => 10,
            "t" => 9,
            "r" => 13,
            "0" => 0,
            "a" => 7,
            "b" => 8,
            "f" => 12,
            "v" => 11,
            "\\" => 92,
            "'" => 39,
            "\"" => 34,
            "?" => 63,
            _ => {
                if let Some(hex) = esc.strip_prefix('x') {
                    u32::from_str_radix(hex, 16).ok()?
                } else if esc.len() <= 3 && esc.chars().all(|c| c.is_digit(8)) {
                    u32::from_str_radix(esc, 8).ok()?
                } else {
                    return None;
                }
            }
        }
    } else {
        let mut chars = inner.chars();
        let c = chars.next()?;
        if chars.next().is_some() || !c.is_ascii() {
            return None;
        }
        c as u32
    };
    if byte > 0xff {
        return None;
    }
    Some(IntType::CHAR.wrap(i128::from(byte)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_types_follow_c11() {
        assert_eq!(integer_literal("42"), Some((42, IntType::INT)));
        assert_eq!(integer_literal("2147483648"), Some((2147483648, IntType::LONG)));
        assert_eq!(integer_literal("0x80000000"), Some((2147483648, IntType::UINT)));
        assert_eq!(integer_literal("4294967295U"), Some((4294967295, IntType::UINT)));
        assert_eq!(integer_literal("10uL"), Some((10, IntType::ULONG)));
        assert_eq!(integer_literal("10LLU"), Some((10, IntType::ULLONG)));
        assert_eq!(integer_literal("017"), Some((15, IntType::INT)));
        assert_eq!(integer_literal("0"), Some((0, IntType::INT)));
        assert_eq!(
            integer_literal("0xFFFFFFFFFFFFFFFF"),
            Some((u64::MAX as i128, IntType::ULONG))
        );
        assert_eq!(integer_literal("18446744073709551615"), None);
        assert_eq!(integer_literal("1.5"), None);
        assert_eq!(integer_literal("1e3"), None);
        assert_eq!(integer_literal("0b101"), Some((5, IntType::INT)));
        assert_eq!(integer_literal("-5"), Some((-5, IntType::INT)));
        assert_eq!(integer_literal("-2147483648"), Some((-2147483648, IntType::LONG)));
        assert_eq!(integer_literal("-1U"), Some((4294967295, IntType::UINT)));
    }

    #[test]
    fn char_constants() {
        assert_eq!(char_literal("'a'"), Some(97));
        assert_eq!(char_literal("'\\n'"), Some(10));
        assert_eq!(char_literal("'\\xff'"), Some(-1));
        assert_eq!(char_literal("'\\101'"), Some(65));
        assert_eq!(char_literal("'\\0'"), Some(0));
    }
}
