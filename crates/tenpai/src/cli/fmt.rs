//! `tenpai fmt`: rewrites hand lines in the canonical form, in place, or
//! checks that they are (`--check`, with a unified diff).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::document::format::{apply_edits, format_document, to_tenpai_edits};
use crate::notation::format::{FormatOptions, HonorStyle};

use super::check::{read, setup};

#[derive(clap::Args, Debug)]
pub struct FmtArgs {
    /// Files and directories (searched for *.mj and *.md); `-` formats a .mj
    /// document from stdin to stdout.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Change nothing; exit 1 and print a diff when a file is not formatted.
    #[arg(long)]
    pub check: bool,
    /// How to write honors.
    #[arg(long, value_enum, value_name = "STYLE")]
    pub honors: Option<Honors>,
    /// Read the project configuration from this file instead of the nearest
    /// `tenpai.toml` above each document.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The name of the document read from `-`: `.md` or `.markdown` formats
    /// it as Markdown (only its hand lines change).
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    /// Also rewrite the hands of other tools' notations (Hugo shortcodes,
    /// MDC components, tile images…) in this one. Without it, `fmt` never
    /// touches them.
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub to: Option<Target>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// tenpai's own notation.
    Tenpai,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Honors {
    /// `1234567z`.
    Digits,
    /// `e s w n wh g r`.
    Letters,
}

/// A unified diff of `old` to `new` (empty when they are equal).
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .to_string()
}

pub fn run(args: FmtArgs) -> ExitCode {
    let flag = args.honors.map(|h| match h {
        Honors::Digits => HonorStyle::Digits,
        Honors::Letters => HonorStyle::Letters,
    });
    let (mut configs, inputs) = match setup(
        args.config.as_deref(),
        &args.paths,
        args.stdin_filename.as_deref(),
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut changed = 0usize;
    let mut unchanged = 0usize;
    let mut io_failed = false;
    let mut stdout = std::io::stdout().lock();
    for input in &inputs {
        let text = match read(input) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}: {e}", input.name);
                io_failed = true;
                continue;
            }
        };
        // The flag, else the project's `[fmt] honors`, else digits.
        let at = input.path.as_deref().or(args.stdin_filename.as_deref());
        let config = match configs.for_document(at) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        if input.path.as_deref().is_some_and(|p| config.excludes(p)) {
            continue;
        }
        let honors = flag.or(config.honors).unwrap_or(HonorStyle::Digits);
        let options = FormatOptions { honors };
        let formatted = match args.to {
            None => format_document(&text, input.kind, &options),
            Some(Target::Tenpai) => {
                let dialects = config.dialects.clone().unwrap_or_default();
                apply_edits(
                    &text,
                    &to_tenpai_edits(&text, input.kind, &dialects, &options),
                )
            }
        };
        if formatted == text {
            unchanged += 1;
        } else {
            changed += 1;
        }
        if args.check {
            let _ = stdout.write_all(unified_diff(&input.name, &text, &formatted).as_bytes());
            continue;
        }
        match &input.path {
            None => {
                let _ = stdout.write_all(formatted.as_bytes());
            }
            Some(p) if formatted != text => {
                if let Err(e) = std::fs::write(p, &formatted) {
                    eprintln!("error: {}: {e}", input.name);
                    io_failed = true;
                }
            }
            Some(_) => {}
        }
    }
    let _ = stdout.flush();
    let files = |n: usize| if n == 1 { "file" } else { "files" };
    if inputs.iter().any(|i| i.path.is_some()) || args.check {
        if args.check {
            eprintln!(
                "{changed} {} would be reformatted, {unchanged} {} already formatted",
                files(changed),
                files(unchanged)
            );
        } else {
            eprintln!(
                "{changed} {} reformatted, {unchanged} {} left unchanged",
                files(changed),
                files(unchanged)
            );
        }
    }
    if io_failed {
        ExitCode::from(2)
    } else if args.check && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
