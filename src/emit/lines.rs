//! `#line` directives, so that CBMC names the input's lines.
//!
//! In: a spliced output, its input and their `SourceMap`, and the name of
//! the input file. Out: the output with a `#line N "file"` before each
//! line where the numbering CBMC would otherwise use leaves the input's:
//! the first line of each run of tracc's own text (an accelerator, the
//! automaton, a declaration: numbered from the line of the construct it
//! replaced) and the first copied line after such a run. A file with
//! nothing transformed gets none.

use super::splice::{SourceMap, uses_crlf};
use crate::diag::markers::LineMarkers;

/// `output` with `#line` directives that keep CBMC's file and line of
/// every copied line those of the input (see the module comment).
pub fn with_line_directives(output: &str, source: &str, map: &SourceMap, file_name: &str) -> String {
    let markers = LineMarkers::of(source);
    let newlines: Vec<usize> = source.match_indices('\n').map(|(i, _)| i).collect();
    // The file (`None`: the input) and line of the input's line `index`.
    let locate = |index: usize| match &markers {
        Some(m) => {
            let (f, n) = m.locate(index);
            (f.map(str::to_string), n)
        }
        None => (None, index + 1),
    };
    let newline = if uses_crlf(output) { "\r\n" } else { "\n" };
    let mut out = String::with_capacity(output.len() + output.len() / 8);
    // The file (`None`: the input) and line number CBMC gives the next
    // output line.
    let mut next: (Option<String>, usize) = (None, 1);
    let mut in_generated_run = false;
    let mut offset = 0;
    for line in output.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let place = map.to_source(offset + indent, output, source);
        let line_index = newlines.partition_point(|&p| p < place.offset);
        let (file, number) = locate(line_index);
        let input_name = file.as_deref().unwrap_or(file_name);
        // tracc's own lines are numbered in a file of their own, named after
        // the construct they replace, so that none passes for a user's line.
        let wanted = match place.generated {
            true => (Some(format!("tracc: generated for {input_name}:{number}")), 1),
            false => (file, number),
        };
        let starts_run = place.generated && !in_generated_run;
        if (!place.generated || starts_run) && next != wanted {
            let name = wanted.0.as_deref().unwrap_or(file_name);
            out.push_str(&format!("#line {} \"{}\"{newline}", wanted.1, escape(name)));
            next = wanted;
        }
        in_generated_run = place.generated;
        out.push_str(line);
        // After a copied line CBMC numbers the next one as the input's next
        // line (a copied line marker included); after tracc's own, one on.
        next = if place.generated {
            (next.0, next.1 + 1)
        } else {
            locate(line_index + 1)
        };
        offset += line.len();
    }
    out
}

/// A file name as a C string literal's contents.
fn escape(name: &str) -> String {
    name.chars()
        .flat_map(|c| match c {
            '"' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}
