//! Shared by the grammar's test files.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use tree_sitter::{Node, Parser, Tree};

/// Whether the nom parser's diagnostic code is a syntax error, which the
/// grammar must mark with ERROR or MISSING (the corpus README's classes).
pub fn is_syntax(code: &str) -> bool {
    use tenpai_core::code::{Code, CodeClass};
    code.parse::<Code>()
        .is_ok_and(|code| code.class() == CodeClass::Syntax)
}

pub fn parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_mj::LANGUAGE.into())
        .expect("the mj grammar loads");
    parser
}

pub fn parse(text: &str) -> Tree {
    parser()
        .parse(text, None)
        .expect("parsing returns a tree when no timeout is set")
}

/// `grammar/` (the crate's root).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files in `dir` whose name ends with `ext`, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(ext))
        .collect();
    out.sort();
    out
}

/// Every ERROR and MISSING node under `node`, in document order.
pub fn error_nodes<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    if node.is_error() || node.is_missing() {
        out.push(node);
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if child.has_error() || child.is_missing() {
            error_nodes(child, out);
        }
    }
}
