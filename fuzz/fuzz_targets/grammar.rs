//! The tree-sitter grammar (what editors highlight) against the nom parser
//! (what `check` and the server read), on one line. Properties: where the
//! parser reports a syntax error, the tree has an ERROR or MISSING node
//! overlapping it; where it reports none, the tree has none, and both read
//! the same kind of line (a hand line, a `rules:` line, a comment or a
//! blank line). A byte order mark at the start is the file's: tree-sitter
//! skips it, and the document layer strips it before the parser.
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;
use tenpai_core::code::{Code, CodeClass};
use tenpai_core::notation::{self, ast::LineKind};
use tree_sitter::{Node, Parser};

thread_local! {
    static PARSER: RefCell<Parser> = RefCell::new({
        let mut parser = Parser::new();
        parser
            .set_language(&tree_sitter_mj::LANGUAGE.into())
            .expect("the mj grammar loads");
        parser
    });
}

fn is_syntax(code: Code) -> bool {
    code.class() == CodeClass::Syntax
}

/// Every ERROR and MISSING node under `node`, as byte ranges.
fn error_spans(node: Node, out: &mut Vec<(usize, usize)>) {
    if node.is_error() || node.is_missing() {
        out.push((node.start_byte(), node.end_byte()));
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.has_error() || child.is_missing() {
            error_spans(child, out);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // One line: the document layer splits at every line break.
    let line = text.split(['\n', '\r']).next().unwrap_or_default();
    let bom = if line.starts_with('\u{feff}') { 3 } else { 0 };
    let parsed = notation::parse_line(&line[bom..]);
    let syntax: Vec<_> = parsed
        .errors
        .iter()
        .filter(|d| is_syntax(d.code))
        .map(|d| (d.code, d.span.start + bom..d.span.end + bom))
        .collect();
    let Some(tree) = PARSER.with(|p| p.borrow_mut().parse(line, None)) else {
        panic!("tree-sitter gave no tree for {line:?}");
    };
    let root = tree.root_node();
    let mut errors = Vec::new();
    error_spans(root, &mut errors);
    if syntax.is_empty() {
        assert!(
            errors.is_empty(),
            "{line:?}: the parser has no syntax error, the tree has ERROR at {errors:?}: {}",
            root.to_sexp()
        );
        let expected = match parsed.kind {
            LineKind::Blank => None,
            LineKind::Comment => Some("comment"),
            LineKind::Rules(_) => Some("rules_line"),
            LineKind::Hand(_) => Some("hand_line"),
        };
        let mut cursor = root.walk();
        let lines: Vec<&str> = root.named_children(&mut cursor).map(|n| n.kind()).collect();
        assert_eq!(
            lines.as_slice(),
            expected.as_slice(),
            "{line:?}: the parser reads {expected:?}, the tree {}",
            root.to_sexp()
        );
    } else {
        for (code, span) in &syntax {
            let hit = errors.iter().any(|&(a, b)| {
                if a == b {
                    span.start <= a && a <= span.end
                } else {
                    a < span.end && span.start < b
                }
            });
            assert!(
                hit,
                "{line:?}: {code} at {span:?}, tree errors at {errors:?}: {}",
                root.to_sexp()
            );
        }
    }
});
