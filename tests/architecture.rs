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
    let production = text.split("\n#[cfg(test)]\nmod tests").next().unwrap_or(text);
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
