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
//! rewritten already. The file is replaced atomically (a temporary file beside
//! it, then a rename).

#[path = "lexer_fast_paths/transform.rs"]
mod transform;

use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage: lexer_fast_paths [--check]";

/// Whether to rewrite `src/parser.c` or only check it.
enum Mode {
    Rewrite,
    Check,
}

fn main() -> ExitCode {
    let mode = match std::env::args().nth(1).as_deref() {
        None => Mode::Rewrite,
        Some("--check") => Mode::Check,
        Some(_) => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/parser.c");
    match run(&path, mode) {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{}: {message}", path.display());
            ExitCode::FAILURE
        }
    }
}

fn run(path: &Path, mode: Mode) -> Result<String, String> {
    let source = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
    let rewritten = transform::fast_lexer(&source)?;
    if rewritten == source {
        return Ok(format!(
            "{}: the lexer has its fast paths already",
            path.display()
        ));
    }
    if let Mode::Check = mode {
        return Err("the lexer lacks its fast paths: run this without --check".into());
    }
    let temporary = path.with_extension("c.lexer-tmp");
    std::fs::write(&temporary, &rewritten).map_err(|error| error.to_string())?;
    std::fs::rename(&temporary, path).map_err(|error| error.to_string())?;
    Ok(format!(
        "{}: the lexer has its fast paths now ({} bytes, {} before)",
        path.display(),
        rewritten.len(),
        source.len()
    ))
}
