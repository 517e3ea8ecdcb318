//! Line markers of preprocessed input: `# 7 "pp.c" 3 4` (what `gcc -E`
//! writes, even inside an expression that a macro expanded) and
//! `#line 7 "pp.c"`. In: the input text. Out: for each line, the file and
//! line it came from, so that diagnostics, reports and `explain` name the
//! user's file and line rather than the preprocessed one's.
//!
//! The parser reads marker lines as blanks (`blank`); the output copies
//! them like any other text outside the transformed loops.

/// One marker: the line after the marker line `at` (a 0-based line index
/// of the input) is line `line` of `file`.
#[derive(Clone, Debug)]
struct Mark {
    at: usize,
    line: usize,
    file: Option<String>,
}

/// The markers of an input, in order.
#[derive(Clone, Debug)]
pub struct LineMarkers {
    marks: Vec<Mark>,
}

/// Whether `line` (without its newline) is a line marker: its line number
/// and, when it names one, its file.
pub fn marker(line: &str) -> Option<(usize, Option<String>)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = match rest.strip_prefix("line") {
        Some(r) if r.starts_with([' ', '\t']) => r.trim_start(),
        Some(_) => return None,
        None => rest,
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let number: usize = rest[..digits].parse().ok()?;
    let rest = rest[digits..].trim_start();
    if rest.is_empty() {
        return Some((number, None));
    }
    // A quoted name, with C escapes (gcc writes `\\` for a backslash).
    let quoted = rest.strip_prefix('"')?;
    let mut file = String::new();
    let mut chars = quoted.char_indices();
    let close = loop {
        match chars.next()? {
            (i, '"') => break i,
            (_, '\\') => file.push(chars.next()?.1),
            (_, c) => file.push(c),
        }
    };
    // Then only flags: `1` (enter), `2` (return), `3` (system), `4` (extern "C").
    let flags = &quoted[close + 1..];
    flags
        .split_whitespace()
        .all(|f| f.bytes().all(|b| b.is_ascii_digit()))
        .then_some((number, Some(file)))
}

impl LineMarkers {
    /// The markers of `source`, or `None` when it has none.
    pub fn of(source: &str) -> Option<LineMarkers> {
        if !source.contains('#') {
            return None;
        }
        let mut marks = Vec::new();
        let mut file: Option<String> = None;
        for (at, line) in source.lines().enumerate() {
            if let Some((number, named)) = marker(line) {
                if named.is_some() {
                    file = named;
                }
                marks.push(Mark {
                    at,
                    line: number,
                    file: file.clone(),
                });
            }
        }
        (!marks.is_empty()).then_some(LineMarkers { marks })
    }

    /// The file (`None`: the input itself) and 1-based line number of the
    /// input's line `line_index` (0-based).
    pub fn locate(&self, line_index: usize) -> (Option<&str>, usize) {
        let before = self.marks.partition_point(|m| m.at < line_index);
        match before.checked_sub(1).map(|i| &self.marks[i]) {
            Some(m) => (m.file.as_deref(), m.line + (line_index - m.at - 1)),
            None => (None, line_index + 1),
        }
    }
}

/// `text` with every marker line replaced by as many spaces (every offset
/// stays), or `None` when it has none: tree-sitter-c reads no marker
/// inside an expression.
pub fn blank(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut found = false;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if marker(body).is_some() {
            found = true;
            out.extend(std::iter::repeat_n(' ', body.len()));
            out.push_str(&line[body.len()..]);
        } else {
            out.push_str(line);
        }
    }
    found.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcc_markers_and_line_directives_are_read() {
        assert_eq!(marker("# 7 \"pp.c\" 3 4"), Some((7, Some("pp.c".into()))));
        assert_eq!(marker("#line 12 \"a\\\\b.c\""), Some((12, Some("a\\b.c".into()))));
        assert_eq!(marker("  #  line 3"), Some((3, None)));
        assert_eq!(marker("# 1 \"<built-in>\""), Some((1, Some("<built-in>".into()))));
        for not in [
            "#include <x.h>",
            "#define X 1",
            "# 7 pp.c",
            "#lines 3",
            "# 7 \"a.c\" x",
            "#",
            "# \"a.c\"",
        ] {
            assert_eq!(marker(not), None, "{not}");
        }
    }

    #[test]
    fn each_line_is_placed_after_the_last_marker_before_it() {
        let src = "int a;\n# 10 \"x.h\" 1\nint b;\nint c;\n#line 3\nint d;\n# 7 \"m.c\" 2\nint e;\n";
        let m = LineMarkers::of(src).expect("markers");
        assert_eq!(m.locate(0), (None, 1));
        assert_eq!(m.locate(2), (Some("x.h"), 10));
        assert_eq!(m.locate(3), (Some("x.h"), 11));
        assert_eq!(m.locate(5), (Some("x.h"), 3));
        assert_eq!(m.locate(7), (Some("m.c"), 7));
        assert!(LineMarkers::of("int a;\n").is_none());
    }

    #[test]
    fn blanking_keeps_every_offset() {
        let src = "int x = (\n# 7 \"pp.c\"\r\n1);\n";
        let b = blank(src).expect("a marker");
        assert_eq!(b.len(), src.len());
        assert_eq!(b, "int x = (\n          \r\n1);\n");
        assert!(blank("int x;\n").is_none());
    }
}
