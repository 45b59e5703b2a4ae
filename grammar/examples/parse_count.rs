//! Parses one of the parse bench's documents a given number of times: a
//! figure the machine's load does not change is the instructions a full
//! parse takes, the difference between two counts of this program divided
//! by the difference in parses (the rest is building the document).
//!
//! ```sh
//! cargo build --release -p tree-sitter-mj --example parse_count
//! perf stat -e instructions:u target/release/examples/parse_count mj 1
//! perf stat -e instructions:u target/release/examples/parse_count mj 11
//! ```
//!
//! tree-sitter allocates with mimalloc, as in the bench, or with the C
//! library's `malloc` when the third argument is `libc`.
//!
//! It also prints the tree's size: its nodes, and how many of them are
//! named (what the syntax tree shows), for one parse.

use std::process::ExitCode;

use tree_sitter::{Language, Parser, TreeCursor};

#[path = "../benches/support/allocator.rs"]
mod allocator;
// The bench's documents; the edited line is the bench's business.
#[allow(dead_code)]
#[path = "../benches/support/documents.rs"]
mod documents;

use allocator::TreeSitterAllocator;

const USAGE: &str = "usage: parse_count mj|json [parses] [mimalloc|libc]";

/// Every node under the cursor's, the cursor's own included, and the named ones.
fn count_nodes(cursor: &mut TreeCursor) -> (usize, usize) {
    let mut all = 0;
    let mut named = 0;
    loop {
        all += 1;
        if cursor.node().is_named() {
            named += 1;
        }
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return (all, named);
            }
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let allocator = match args.get(2).map(String::as_str) {
        None => TreeSitterAllocator::Mimalloc,
        Some(name) => match TreeSitterAllocator::from_name(name) {
            Some(allocator) => allocator,
            None => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        },
    };
    // Before any tree-sitter object exists.
    allocator.install();
    let (language, text): (Language, String) = match args.first().map(String::as_str) {
        Some("mj") => (tree_sitter_mj::LANGUAGE.into(), documents::mj_document()),
        Some("json") => (
            tree_sitter_json::LANGUAGE.into(),
            documents::json_document(),
        ),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let parses: usize = match args.get(1).map(|count| count.parse()) {
        None => 1,
        Some(Ok(count)) if count > 0 => count,
        Some(_) => {
            eprintln!("parses: a whole number, 1 or more");
            return ExitCode::from(2);
        }
    };
    let mut parser = Parser::new();
    if let Err(error) = parser.set_language(&language) {
        eprintln!("loading the grammar: {error}");
        return ExitCode::FAILURE;
    }
    let mut tree = None;
    for _ in 0..parses {
        tree = parser.parse(&text, None);
    }
    let Some(tree) = tree else {
        eprintln!("the parser returned no tree");
        return ExitCode::FAILURE;
    };
    let (all, named) = count_nodes(&mut tree.walk());
    println!(
        "{} bytes, {parses} parse(s) allocating with {}; tree: {all} nodes, {named} named, errors: {}",
        text.len(),
        allocator.name(),
        tree.root_node().has_error()
    );
    ExitCode::SUCCESS
}
