//! The command line the post-processing steps of the generated parser
//! share (`dense_parse_table`, `lexer_fast_paths`): rewrite `src/parser.c`
//! with a step's transform, or with `--check` write nothing and fail if the
//! file is not its own rewrite. The file is replaced atomically (a
//! temporary file beside it, then a rename), so an interrupted run leaves
//! the old parser whole.

use std::path::Path;
use std::process::ExitCode;

/// One post-processing step, as its command line speaks of it.
pub struct Step {
    /// The example's name, for the usage line.
    pub name: &'static str,
    /// The rewrite itself: the same text back when it is applied already.
    pub transform: fn(&str) -> Result<String, String>,
    /// What the rewritten parser has ("every state is dense").
    pub done: &'static str,
    /// What a parser not rewritten lacks ("some states are small").
    pub missing: &'static str,
    /// The temporary file's extension, beside `src/parser.c`.
    pub temporary_extension: &'static str,
}

/// Whether to rewrite `src/parser.c` or only check it.
enum Mode {
    Rewrite,
    Check,
}

/// Runs `step` on the grammar's `src/parser.c` as the command line asks.
pub fn main(step: &Step) -> ExitCode {
    let mode = match std::env::args().nth(1).as_deref() {
        None => Mode::Rewrite,
        Some("--check") => Mode::Check,
        Some(_) => {
            eprintln!("usage: {} [--check]", step.name);
            return ExitCode::from(2);
        }
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/parser.c");
    match run(step, &path, mode) {
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

fn run(step: &Step, path: &Path, mode: Mode) -> Result<String, String> {
    let source = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
    let rewritten = (step.transform)(&source)?;
    if rewritten == source {
        return Ok(format!("{}: {} already", path.display(), step.done));
    }
    if let Mode::Check = mode {
        return Err(format!("{}: run this without --check", step.missing));
    }
    let temporary = path.with_extension(step.temporary_extension);
    std::fs::write(&temporary, &rewritten).map_err(|error| error.to_string())?;
    std::fs::rename(&temporary, path).map_err(|error| error.to_string())?;
    Ok(format!(
        "{}: {} now ({} bytes, {} before)",
        path.display(),
        step.done,
        rewritten.len(),
        source.len()
    ))
}
