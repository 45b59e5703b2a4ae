//! Gives every parse state of the generated `src/parser.c` a dense row of
//! the parse table (see `dense_parse_table/transform.rs` for why and how).
//! Run it after `tree-sitter generate`, before `./record-grammar-hash`:
//!
//! ```sh
//! cargo run -p tree-sitter-mj --example dense_parse_table
//! ```
//!
//! With `--check` it writes nothing and fails if `src/parser.c` is not
//! dense already. The file is replaced atomically (`support/rewrite.rs`).

#[path = "dense_parse_table/transform.rs"]
mod transform;

#[path = "support/rewrite.rs"]
mod rewrite;

fn main() -> std::process::ExitCode {
    rewrite::main(&rewrite::Step {
        name: "dense_parse_table",
        transform: transform::dense_parser,
        done: "every state is dense",
        missing: "some states are small",
        temporary_extension: "c.dense-tmp",
    })
}
