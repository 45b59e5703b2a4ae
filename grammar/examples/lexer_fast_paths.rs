//! Gives the generated lexer of `src/parser.c` its fast paths (see
//! `lexer_fast_paths/transform.rs` for which and why). Run it after
//! `tree-sitter generate` and the dense parse table's rewrite
//! (`dense_parse_table`), before `./record-grammar-hash`:
//!
//! ```sh
//! cargo run -p tree-sitter-mj --example lexer_fast_paths
//! ```
//!
//! With `--check` it writes nothing and fails if `src/parser.c` is not
//! rewritten already. The file is replaced atomically (`support/rewrite.rs`).

#[path = "lexer_fast_paths/transform.rs"]
mod transform;

#[path = "support/rewrite.rs"]
mod rewrite;

fn main() -> std::process::ExitCode {
    rewrite::main(&rewrite::Step {
        name: "lexer_fast_paths",
        transform: transform::fast_lexer,
        done: "the lexer has its fast paths",
        missing: "the lexer lacks its fast paths",
        temporary_extension: "c.lexer-tmp",
    })
}
