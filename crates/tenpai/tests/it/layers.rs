//! Data flows one way: no module of a crate imports a module that imports
//! it back, directly or through others. The test reads every crate's
//! sources, takes each `crate::name` a top-level module names (also inside
//! `use crate::{…}` groups), and fails with the cycle it finds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn rust_files(path: &Path, into: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("a source directory can be listed")
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            rust_files(&entry, into);
        }
    } else if path.extension().is_some_and(|ext| ext == "rs") {
        into.push(path.to_path_buf());
    }
}

/// The identifiers at the top level of a `{…}` group that starts at `text`
/// (just after its opening brace).
fn group_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_head = true;
    let mut current = String::new();
    for ch in text.chars() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => at_head = true,
            c if depth == 0 && at_head && (c.is_alphanumeric() || c == '_') => current.push(c),
            _ => {
                if !current.is_empty() {
                    heads.push(std::mem::take(&mut current));
                    at_head = false;
                }
            }
        }
    }
    if !current.is_empty() {
        heads.push(current);
    }
    heads
}

/// Every module a source text names through `prefix` (`crate::` for the
/// top-level modules, `crate::document::` and `super::` for those of
/// `document`).
/// Comments (doc links among them) import nothing and are left out.
fn named_through(text: &str, prefix: &str) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .map(|line| line.split_once("//").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    let text = code.as_str();
    let mut names = BTreeSet::new();
    for (at, _) in text.match_indices(prefix) {
        if text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &text[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            names.extend(group_heads(group));
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(name);
        }
    }
    names
}

/// Every top-level module a source text names through `crate::`.
fn named_modules(text: &str) -> BTreeSet<String> {
    named_through(text, "crate::")
}

/// The modules of the directory `src` (a crate's `src`, or a module's
/// directory, reached from elsewhere as `prefix`) and whom each names.
fn module_graph(src: &Path) -> Graph {
    directory_graph(src, &["crate::"])
}

fn directory_graph(src: &Path, prefixes: &[&str]) -> Graph {
    let mut modules: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for entry in std::fs::read_dir(src).expect("src can be listed") {
        let path = entry.expect("a directory entry").path();
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if stem == "lib" || stem == "main" || stem == "mod" {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&path, &mut files);
        modules.entry(stem).or_default().extend(files);
    }
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(module, files)| {
            let mut uses = BTreeSet::new();
            for file in files {
                let text = std::fs::read_to_string(file).expect("a source file can be read");
                for prefix in prefixes {
                    let named = named_through(&text, prefix);
                    uses.extend(
                        named
                            .into_iter()
                            .filter(|name| known.contains(name) && name != module),
                    );
                }
            }
            (module.clone(), uses)
        })
        .collect()
}

/// A cycle of the graph, as the modules along it, if there is one.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|seen| seen == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_has_an_import_cycle_between_its_modules() {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for entry in std::fs::read_dir(&crates).expect("crates/ can be listed") {
        let src = entry.expect("a directory entry").path().join("src");
        if !src.is_dir() {
            continue;
        }
        let graph = module_graph(&src);
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{}: import cycle {}", src.display(), cycle.join(" -> "));
        }
        // One level down: the submodules of each module with a directory,
        // named as `crate::module::sub` or, from beside them, `super::sub`.
        for module in graph.keys() {
            let dir = src.join(module);
            if !dir.is_dir() {
                continue;
            }
            let through = format!("crate::{module}::");
            let graph = directory_graph(&dir, &[through.as_str(), "super::"]);
            if let Some(cycle) = find_cycle(&graph) {
                panic!("{}: import cycle {}", dir.display(), cycle.join(" -> "));
            }
        }
        checked += 1;
    }
    assert!(checked >= 4, "the crates were found ({checked})");
}

#[test]
fn the_engine_layers_are_found_in_order() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tenpai-core/src");
    let graph = module_graph(&src);
    let uses = |module: &str, other: &str| graph[module].contains(other);
    // Edges that must exist (so the test reads what it claims to) ...
    assert!(uses("hand", "notation") && uses("score", "hand") && uses("shanten", "score"));
    // ... and the ones that were cycles before.
    assert!(!uses("notation", "score") && !uses("notation", "hand") && !uses("hand", "score"));
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let graph: Graph = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
        .collect();
    assert_eq!(
        find_cycle(&graph).map(|cycle| cycle.join(" -> ")),
        Some("a -> b -> c -> a".into())
    );
    assert_eq!(
        named_modules(
            "use crate::{tile::Tile, score::{self, Rules}};\ncrate::hand::x() // crate::doc"
        ),
        BTreeSet::from(["tile".to_string(), "score".to_string(), "hand".to_string()])
    );
}
