//! Gives every parse state of the generated `src/parser.c` a dense row of
//! the parse table (see `dense_parse_table/transform.rs` for why and how).
//! Run it after `tree-sitter generate`, before `./record-grammar-hash`:
//!
//! ```sh
//! cargo run -p tree-sitter-mj --example dense_parse_table
//! ```
//!
//! With `--check` it writes nothing and fails if `src/parser.c` is not
//! dense already. The file is replaced atomically (a temporary file beside
//! it, then a rename).

#[path = "dense_parse_table/transform.rs"]
mod transform;

use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage: dense_parse_table [--check]";

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
    let dense = transform::dense_parser(&source)?;
    if dense == source {
        return Ok(format!("{}: every state is dense already", path.display()));
    }
    if let Mode::Check = mode {
        return Err("some states are small: run this without --check".into());
    }
    let temporary = path.with_extension("c.dense-tmp");
    std::fs::write(&temporary, &dense).map_err(|error| error.to_string())?;
    std::fs::rename(&temporary, path).map_err(|error| error.to_string())?;
    Ok(format!(
        "{}: every state is dense now ({} bytes, {} before)",
        path.display(),
        dense.len(),
        source.len()
    ))
}
