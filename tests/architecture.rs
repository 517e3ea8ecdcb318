//! The module map's rules, executed: each top-level module of `src/`
//! imports (`crate::NAME`, outside its tests) only modules before it in the
//! data flow's order that ARCHITECTURE.md gives, and the reference checker
//! (`check`), the oracle of the test suite, none of the transformation's
//! stages. A new import that breaks the order fails here with the file
//! that has it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The order of the stages: a module may import those before it.
const ORDER: [&str; 15] = [
    "ir",
    "reason",
    "diag",
    "parse",
    "lower",
    "loops",
    "accelerate",
    "instrument",
    "restrict",
    "emit",
    "check",
    "pipeline",
    "testgen",
    "evidence",
    "cli",
];

/// What the checker may import: the front end, never a stage that
/// transforms (it judges their output).
const CHECK_MAY_IMPORT: [&str; 5] = ["ir", "reason", "diag", "parse", "lower"];

/// The `.rs` files of a module, without those compiled only for tests
/// (`tests.rs`, and any file its parent declares after `#[cfg(test)]`).
fn production_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut test_only = BTreeSet::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    if let Ok(text) = std::fs::read_to_string(dir.join("mod.rs")) {
        let lines: Vec<&str> = text.lines().collect();
        for w in lines.windows(2) {
            if w[0].trim() == "#[cfg(test)]"
                && let Some(name) = w[1].trim().strip_prefix("mod ").and_then(|r| r.strip_suffix(';'))
            {
                test_only.insert(format!("{name}.rs"));
            }
        }
    }
    for p in paths {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if p.is_dir() {
            if !test_only.contains(&format!("{name}.rs")) {
                out.extend(production_files(&p));
            }
        } else if name.ends_with(".rs") && !test_only.contains(&name) {
            out.push(p);
        }
    }
    out
}

/// `crate::NAME` in `text` before its `#[cfg(test)] mod tests`.
fn imports(text: &str) -> BTreeSet<String> {
    let production = text.split("\n#[cfg(test)]\nmod tests {").next().unwrap_or(text);
    let mut out = BTreeSet::new();
    let mut rest = production;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect();
        out.insert(name);
    }
    out
}

#[test]
fn modules_import_only_the_stages_before_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<&str, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for module in ORDER {
        let dir = src.join(module);
        let files = if dir.is_dir() {
            production_files(&dir)
        } else {
            vec![src.join(format!("{module}.rs"))]
        };
        assert!(!files.is_empty(), "no files for `{module}`");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            for used in imports(&text) {
                if used != module {
                    graph.entry(module).or_default().entry(used).or_insert(f.clone());
                }
            }
        }
    }
    let mut broken = Vec::new();
    for (module, uses) in &graph {
        let me = ORDER.iter().position(|m| m == module).unwrap_or(usize::MAX);
        for (used, file) in uses {
            let allowed = match *module {
                "check" => CHECK_MAY_IMPORT.contains(&used.as_str()),
                _ => ORDER.iter().position(|m| m == used).is_some_and(|u| u < me),
            };
            if !allowed {
                broken.push(format!("`{module}` imports `{used}` ({})", file.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the module map:\n{}",
        broken.join("\n")
    );
    // The rule sees something: the stages do import each other.
    assert!(graph["pipeline"].contains_key("restrict"), "{graph:?}");
}

#[test]
fn the_import_scan_sees_through_tests_but_not_into_them() {
    let text = "use crate::ir::Expr;\nfn f() { crate::loops::find_loops(); }\n#[cfg(test)]\nmod tests {\n    use crate::pipeline::Options;\n}\n";
    let got: Vec<String> = imports(text).into_iter().collect();
    assert_eq!(got, vec!["ir".to_string(), "loops".to_string()]);
}

/// The stage folders of `src/`.
fn stages() -> Vec<(String, PathBuf)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out: Vec<(String, PathBuf)> = ORDER
        .iter()
        .map(|m| (m.to_string(), src.join(m)))
        .filter(|(_, d)| d.is_dir())
        .collect();
    out.sort();
    out
}

/// A file of a stage by its path under the stage's folder, without `.rs`:
/// `mod`, `context`, `symex/mod`, `symex/expr`.
fn file_name(stage_dir: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(stage_dir).unwrap_or(file).with_extension("");
    rel.to_string_lossy().replace('\\', "/")
}

/// The production text of a file: before its inline tests, without `//`
/// comments (doc comments name other files freely).
fn production_text(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let production = text.split("\n#[cfg(test)]\nmod tests {").next().unwrap_or(&text);
    production
        .lines()
        .map(|l| l.find("//").map_or(l, |at| &l[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers a path list names first: `a` in `super::a::B`, `a` and
/// `b` in `super::{a::X, b}`.
fn first_segments(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(inner) = rest.strip_prefix('{') {
        let inner = inner.split('}').next().unwrap_or("");
        inner.split(',').map(ident).filter(|s| !s.is_empty()).collect()
    } else {
        vec![ident(rest)]
    }
}

/// Which files of its stage a file imports: `super::x` names the sibling
/// file `x` or else an item of the parent module's `mod.rs`;
/// `crate::STAGE::x` a file at the stage's top or its `mod.rs`; and a
/// `mod.rs` that uses `child::` imports that child.
fn file_imports(stage: &str, files: &BTreeSet<String>, name: &str, text: &str) -> BTreeSet<String> {
    let dir = name.rsplit_once('/').map_or("", |(d, _)| d);
    let is_mod = name == "mod" || name.ends_with("/mod");
    let join = |d: &str, x: &str| {
        if d.is_empty() {
            x.to_string()
        } else {
            format!("{d}/{x}")
        }
    };
    let resolve = |d: &str, x: &str| -> Option<String> {
        [join(d, x), join(d, &format!("{x}/mod"))]
            .into_iter()
            .find(|c| files.contains(c))
    };
    // The directory `super::` names from this file.
    let super_dir = if is_mod {
        dir.rsplit_once('/').map_or("", |(d, _)| d)
    } else {
        dir
    };
    let mut out = BTreeSet::new();
    let mut note = |target: String| {
        if target != name && files.contains(&target) {
            out.insert(target);
        }
    };
    let mut scan = |marker: &str, base: &str| {
        let mut rest = text;
        while let Some(at) = rest.find(marker) {
            let before = rest[..at].chars().last();
            rest = &rest[at + marker.len()..];
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            for x in first_segments(rest) {
                if x == "super" {
                    continue;
                }
                note(resolve(base, &x).unwrap_or_else(|| join(base, "mod")));
            }
        }
    };
    if !(is_mod && dir.is_empty()) {
        scan("super::", super_dir);
    }
    scan(&format!("crate::{stage}::"), "");
    if is_mod {
        for child in files.iter().filter_map(|f| {
            let rest = if dir.is_empty() {
                Some(f.as_str())
            } else {
                f.strip_prefix(&format!("{dir}/"))
            };
            rest.filter(|r| !r.contains('/') || r.ends_with("/mod"))
                .map(|r| (f.clone(), r.trim_end_matches("/mod").to_string()))
        }) {
            let (file, local) = child;
            let used = format!("{local}::");
            if text.match_indices(&used).any(|(i, _)| {
                !text[..i]
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            }) {
                note(file);
            }
        }
    }
    out
}

/// The cycles (strongly connected components of more than one file).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Files that reach each other both ways.
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(f) = stack.pop() {
            for g in graph.get(&f).into_iter().flatten() {
                if seen.insert(g.clone()) {
                    stack.push(g.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> = graph.keys().map(|f| (f, reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for f in graph.keys() {
        if done.contains(f) || !reaches[f].contains(f) {
            continue;
        }
        let comp: Vec<String> = graph
            .keys()
            .filter(|g| *g == f || (reaches[f].contains(*g) && reaches[*g].contains(f)))
            .cloned()
            .collect();
        done.extend(comp.iter().cloned());
        out.push(comp);
    }
    out
}

#[test]
fn the_files_of_a_stage_import_each_other_without_cycles() {
    let mut found = Vec::new();
    for (stage, dir) in stages() {
        let files: BTreeMap<String, PathBuf> = production_files(&dir)
            .into_iter()
            .map(|f| (file_name(&dir, &f), f))
            .collect();
        let names: BTreeSet<String> = files.keys().cloned().collect();
        let graph: BTreeMap<String, BTreeSet<String>> = files
            .iter()
            .map(|(n, f)| (n.clone(), file_imports(&stage, &names, n, &production_text(f))))
            .collect();
        for c in cycles(&graph) {
            found.push(format!("{stage}: {}", c.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import cycles between files:\n{}", found.join("\n"));
}

#[test]
fn the_file_scan_sees_siblings_parents_and_children() {
    let files: BTreeSet<String> = ["mod", "a", "b", "sub/mod", "sub/c"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let got = |name: &str, text: &str| -> Vec<String> { file_imports("st", &files, name, text).into_iter().collect() };
    assert_eq!(got("a", "use super::b::X;\nuse super::Thing;"), ["b", "mod"]);
    assert_eq!(got("a", "use super::{b::X, sub};"), ["b", "sub/mod"]);
    assert_eq!(got("sub/c", "use super::Y; use crate::st::a::Z;"), ["a", "sub/mod"]);
    assert_eq!(got("sub/mod", "use super::b; c::f();"), ["b", "sub/c"]);
    assert_eq!(got("mod", "pub use a::X;\nmod b;"), ["a"]);
    let g: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "a"), ("c", "a")]
        .iter()
        .map(|(x, y)| (x.to_string(), BTreeSet::from([y.to_string()])))
        .collect();
    assert_eq!(cycles(&g), vec![vec!["a".to_string(), "b".to_string()]]);
}

/// Lines of a file, its inline tests included.
fn file_lines(file: &Path) -> usize {
    std::fs::read_to_string(file).unwrap_or_default().lines().count()
}

#[test]
fn no_source_file_is_longer_than_900_lines_and_pipeline_is_glue() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut long = Vec::new();
    let mut all = production_files(&src);
    all.sort();
    for f in &all {
        let n = file_lines(f);
        if n > 900 {
            long.push(format!("{} ({n} lines)", f.display()));
        }
    }
    assert!(
        long.is_empty(),
        "source files over 900 lines (tests.rs files aside):\n{}",
        long.join("\n")
    );
    let pipeline = std::fs::read_to_string(src.join("pipeline/mod.rs")).unwrap_or_default();
    assert!(
        pipeline.lines().count() < 300,
        "pipeline/mod.rs strings the stages together; keep it short"
    );
}
