//! The shared conformance corpus (`tests/corpus/*.txt` at the repository
//! root; its README gives the format) through the tree-sitter grammar:
//! - a line the nom parser accepts (`--- tokens`) parses without ERROR or
//!   MISSING nodes, into the same tokens with the same byte spans;
//! - a line with a syntax error has an ERROR or MISSING node overlapping each
//!   syntax error's span;
//! - a line whose diagnostics are all word or semantic errors parses without
//!   ERROR or MISSING nodes.

mod support;

use std::fmt::Write as _;

use tree_sitter::Node;

struct Case {
    file: String,
    name: String,
    input: String,
    /// `(kind or code, start, end)`.
    expected: Vec<(String, usize, usize)>,
    errors: bool,
}

fn span(s: &str) -> Option<(usize, usize)> {
    let (a, b) = s.split_once("..")?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

fn cases(file: &str, text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(name) = lines[i].strip_prefix("===") else {
            i += 1;
            continue;
        };
        let input = lines.get(i + 1).copied().unwrap_or("").to_string();
        let header = lines.get(i + 2).copied().unwrap_or("").trim();
        let errors = match header {
            "--- errors" => true,
            "--- tokens" => false,
            other => panic!("{file}: case {name:?}: expected a --- line, got {other:?}"),
        };
        i += 3;
        let mut expected = Vec::new();
        while i < lines.len() && !lines[i].trim().is_empty() && !lines[i].starts_with("===") {
            let mut parts = lines[i].splitn(3, ' ');
            let kind = parts.next().unwrap_or("").to_string();
            let (s, e) = parts
                .next()
                .and_then(span)
                .unwrap_or_else(|| panic!("{file}: bad line {:?}", lines[i]));
            expected.push((kind, s, e));
            i += 1;
        }
        out.push(Case {
            file: file.to_string(),
            name: name.trim().to_string(),
            input,
            expected,
            errors,
        });
    }
    out
}

/// The corpus's token list, read off the tree.
fn tokens(node: Node, out: &mut Vec<(String, usize, usize)>) {
    let push = |out: &mut Vec<(String, usize, usize)>, kind: &str, n: Node| {
        out.push((kind.to_string(), n.start_byte(), n.end_byte()));
    };
    match node.kind() {
        "tile" | "red_five" | "honor" | "glyph_man" | "glyph_pin" | "glyph_sou" | "glyph_honor" => {
            push(out, "tile", node)
        }
        "suit" => push(out, "suit", node),
        "(" | ")" | "[" | "]" => push(out, "bracket", node),
        "comment" => push(out, "comment", node),
        "rules:" => push(out, "rules", node),
        "rule" => push(out, "rule", node),
        "option" => {
            let key = node.child_by_field_name("key");
            let value = node.child_by_field_name("value");
            let has_eq =
                (0..node.child_count()).any(|i| node.child(i).is_some_and(|c| c.kind() == "="));
            if let Some(k) = key {
                push(out, if has_eq { "key" } else { "flag" }, k);
            }
            if let Some(v) = value {
                push(out, "value", v);
            }
        }
        "claim" => {
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            if let Some(arrow) = children.first() {
                push(out, "arrow", *arrow);
            }
            if children.len() > 1 {
                let (s, e) = (
                    children[1].start_byte(),
                    children[children.len() - 1].end_byte(),
                );
                out.push(("claim".to_string(), s, e));
            }
        }
        _ => {
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                tokens(child, out);
            }
        }
    }
}

fn render(list: &[(String, usize, usize)]) -> String {
    list.iter()
        .map(|(k, s, e)| format!("{k} {s}..{e}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn conformance_corpus() {
    let dir = support::root().join("../tests/corpus");
    let mut all = Vec::new();
    for path in support::files(&dir, ".txt") {
        let text = std::fs::read_to_string(&path).expect("reading a corpus file");
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        all.extend(cases(&name, &text));
    }
    assert!(
        all.len() >= 100,
        "found only {} corpus cases in {}",
        all.len(),
        dir.display()
    );

    let mut failures = String::new();
    let mut syntax_checked = 0;
    for case in &all {
        let tree = support::parse(&case.input);
        let root = tree.root_node();
        let mut errs = Vec::new();
        support::error_nodes(root, &mut errs);
        let err_spans: Vec<(usize, usize)> = errs
            .iter()
            .map(|n| (n.start_byte(), n.end_byte()))
            .collect();
        let mut fail = |msg: String| {
            let _ = writeln!(
                failures,
                "{} / {}: {:?}\n  {msg}\n  tree: {}\n",
                case.file,
                case.name,
                case.input,
                root.to_sexp()
            );
        };
        let syntax: Vec<&(String, usize, usize)> = case
            .expected
            .iter()
            .filter(|(code, _, _)| case.errors && support::is_syntax(code))
            .collect();
        if syntax.is_empty() {
            if !errs.is_empty() {
                fail(format!("accepted by the nom parser (no syntax error), but ERROR/MISSING at {err_spans:?}"));
                continue;
            }
            if !case.errors {
                let mut got = Vec::new();
                tokens(root, &mut got);
                if got != case.expected {
                    fail(format!(
                        "tokens differ\n  expected: {}\n  got:      {}",
                        render(&case.expected),
                        render(&got)
                    ));
                }
            }
        } else {
            for (code, s, e) in syntax {
                syntax_checked += 1;
                let hit = err_spans.iter().any(|&(a, b)| {
                    if a == b {
                        *s <= a && a <= *e
                    } else {
                        a < *e && *s < b
                    }
                });
                if !hit {
                    fail(format!(
                        "{code} at {s}..{e}: no ERROR/MISSING there (they are at {err_spans:?})"
                    ));
                }
            }
        }
    }
    assert!(
        syntax_checked >= 20,
        "only {syntax_checked} syntax errors checked"
    );
    assert!(failures.is_empty(), "conformance failures:\n{failures}");
}
