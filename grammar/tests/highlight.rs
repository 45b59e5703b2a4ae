//! Highlight tests: `test/highlights/*.mj` hold notation lines followed by
//! assertion comments, `#   ^ number`: the caret's column, on the nearest
//! line above that is not an assertion, must get exactly that capture from
//! `queries/highlights.scm` (`none`: no capture); `# <- name` asserts
//! column 0. Columns count characters,
//! so lines with tile glyphs line up as they look.

mod support;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use tree_sitter::{Query, QueryCursor, StreamingIterator};

/// `(byte range, capture name)` of every highlight capture in `text`.
fn captures(text: &str) -> Vec<(std::ops::Range<usize>, String)> {
    let tree = support::parse(text);
    let query = Query::new(
        &tree_sitter_mj::LANGUAGE.into(),
        tree_sitter_mj::HIGHLIGHTS_QUERY,
    )
    .expect("highlights.scm compiles against the grammar");
    let names = query.capture_names();
    let mut cursor = QueryCursor::new();
    let mut it = cursor.captures(&query, tree.root_node(), text.as_bytes());
    let mut out = Vec::new();
    while let Some((m, i)) = it.next() {
        let c = m.captures()[*i];
        let name = names[c.index as usize];
        // `_x` captures feed predicates; `spell` is Neovim's spell-check hint.
        if name.starts_with('_') || name == "spell" {
            continue;
        }
        out.push((c.node.byte_range(), name.to_string()));
    }
    out
}

/// The caret columns and capture of an assertion line; `# <- name` asserts
/// the column of the `#`.
fn assertion(line: &str) -> Option<(Vec<usize>, String)> {
    let rest = line.strip_prefix('#')?;
    let trimmed = rest.trim_start();
    if let Some(name) = trimmed.strip_prefix("<-") {
        return Some((vec![0], name.trim().to_string()));
    }
    if !trimmed.starts_with('^') {
        return None;
    }
    let carets: Vec<usize> = line
        .chars()
        .enumerate()
        .filter(|(_, c)| *c == '^')
        .map(|(i, _)| i)
        .collect();
    let name = trimmed.trim_start_matches('^').trim().to_string();
    Some((carets, name))
}

#[test]
fn highlights() {
    let dir = support::root().join("test/highlights");
    let files = support::files(&dir, ".mj");
    assert!(!files.is_empty(), "no highlight tests in {}", dir.display());
    let mut failures = String::new();
    let mut checked = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("reading a highlight test");
        let caps = captures(&text);
        let mut offset = 0;
        let mut target: Option<(usize, &str)> = None;
        for line in text.split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let line = line.trim_end_matches(['\r', '\n']);
            let Some((carets, want)) = assertion(line) else {
                target = Some((start, line));
                continue;
            };
            let Some((line_start, source)) = target else {
                failures.push_str("an assertion before any line\n");
                continue;
            };
            for col in carets {
                let Some((byte, _)) = source.char_indices().nth(col) else {
                    let _ = writeln!(failures, "{source:?}: column {col} is past the end");
                    continue;
                };
                let at = line_start + byte;
                let got: BTreeSet<&str> = caps
                    .iter()
                    .filter(|(r, _)| r.contains(&at))
                    .map(|(_, n)| n.as_str())
                    .collect();
                let ok = if want == "none" {
                    got.is_empty()
                } else {
                    got.len() == 1 && got.contains(want.as_str())
                };
                checked += 1;
                if !ok {
                    let _ = writeln!(
                        failures,
                        "{}: {source:?} column {col}: expected {want}, got {got:?}",
                        path.file_name().unwrap_or_default().to_string_lossy()
                    );
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} highlight assertions ran");
    assert!(failures.is_empty(), "highlight mismatches:\n{failures}");
}
