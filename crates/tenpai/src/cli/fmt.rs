//! `tenpai fmt`: rewrites hand lines in the canonical form, in place, or
//! checks that they are (`--check`, with a unified diff). Files are
//! replaced atomically ([`super::write`]), and counted as reformatted only
//! once the new text is in place.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::document::format::{apply_edits, format_document, to_tenpai_edits};
use crate::format::{FormatOptions, HonorStyle};

use super::check::{read, setup};
use super::terminal::escape_controls;
use super::write::{write_file, Expect, Written};

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

/// Lines of context around each change in `fmt --check`'s diff.
const CONTEXT_LINES: usize = 3;

/// A unified diff of `old` to `new` (empty when they are equal).
///
/// The formatter rewrites lines one for one, so when both texts have the
/// same number of lines the diff pairs them by position: time linear in the
/// text (a general diff is quadratic in the changed lines: 80,000 of them
/// took 17 s). Texts of different line counts (never from `fmt`) go
/// through `similar`, under a deadline after which it settles for a
/// coarser but still correct diff.
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    if old_lines.len() != new_lines.len() {
        return similar::TextDiff::configure()
            .deadline(std::time::Instant::now() + std::time::Duration::from_secs(2))
            .diff_lines(old, new)
            .unified_diff()
            .context_radius(CONTEXT_LINES)
            .header(name, name)
            .to_string();
    }
    paired_diff(name, &old_lines, &new_lines)
}

/// The unified diff of two texts of as many lines, line `i` against line `i`.
fn paired_diff(name: &str, old: &[&str], new: &[&str]) -> String {
    use std::fmt::Write as _;
    let changed: Vec<usize> = (0..old.len()).filter(|&i| old[i] != new[i]).collect();
    let mut out = format!("--- {name}\n+++ {name}\n");
    let mut k = 0;
    while k < changed.len() {
        // A hunk: changes closer than twice the context share one.
        let first = changed[k];
        let mut last = first;
        k += 1;
        while k < changed.len() && changed[k] - last <= 2 * CONTEXT_LINES {
            last = changed[k];
            k += 1;
        }
        let from = first.saturating_sub(CONTEXT_LINES);
        let to = (last + CONTEXT_LINES + 1).min(old.len());
        let count = to - from;
        let _ = writeln!(out, "@@ -{} +{} @@", span(from, count), span(from, count));
        let mut i = from;
        while i < to {
            if old[i] == new[i] {
                push_line(&mut out, ' ', old[i]);
                i += 1;
                continue;
            }
            // A run of changed lines: all removals, then all additions.
            let run_end = (i..to).find(|&j| old[j] == new[j]).unwrap_or(to);
            for line in &old[i..run_end] {
                push_line(&mut out, '-', line);
            }
            for line in &new[i..run_end] {
                push_line(&mut out, '+', line);
            }
            i = run_end;
        }
    }
    out
}

/// `start,count` of a hunk header, 1-based (`start` alone for one line).
fn span(from: usize, count: usize) -> String {
    if count == 1 {
        format!("{}", from + 1)
    } else {
        format!("{},{count}", from + 1)
    }
}

fn push_line(out: &mut String, mark: char, line: &str) {
    out.push(mark);
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
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
    let mut unreadable = 0usize;
    let mut unwritten = 0usize;
    let mut stdout = std::io::stdout().lock();
    let stdout_is_terminal = stdout.is_terminal();
    for input in &inputs {
        let text = match read(input) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}: {e}", escape_controls(&input.name));
                unreadable += 1;
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
        if args.check {
            if formatted == text {
                unchanged += 1;
            } else {
                changed += 1;
            }
            let diff = unified_diff(&input.name, &text, &formatted);
            let diff = if stdout_is_terminal {
                escape_controls(&diff)
            } else {
                diff.into()
            };
            let _ = stdout.write_all(diff.as_bytes());
            continue;
        }
        match &input.path {
            None => {
                let _ = stdout.write_all(formatted.as_bytes());
                if formatted == text {
                    unchanged += 1;
                } else {
                    changed += 1;
                }
            }
            Some(_) if formatted == text => unchanged += 1,
            // Counted only once the new text is in place.
            Some(path) => match write_file(
                path,
                formatted.as_bytes(),
                Expect::Unchanged(text.as_bytes()),
            ) {
                Ok(Written::Replaced) => changed += 1,
                Ok(Written::AlreadyThere) => unchanged += 1,
                Err(e) => {
                    eprintln!("error: {}: {e}", escape_controls(&input.name));
                    unwritten += 1;
                }
            },
        }
    }
    let _ = stdout.flush();
    let files = |n: usize| if n == 1 { "file" } else { "files" };
    let mut failures = String::new();
    if unreadable > 0 {
        failures.push_str(&format!(
            ", {unreadable} {} could not be read",
            files(unreadable)
        ));
    }
    if unwritten > 0 {
        failures.push_str(&format!(
            ", {unwritten} {} could not be written",
            files(unwritten)
        ));
    }
    if inputs.iter().any(|i| i.path.is_some()) || args.check {
        if args.check {
            eprintln!(
                "{changed} {} would be reformatted, {unchanged} {} already formatted{failures}",
                files(changed),
                files(unchanged)
            );
        } else {
            eprintln!(
                "{changed} {} reformatted, {unchanged} {} left unchanged{failures}",
                files(changed),
                files(unchanged)
            );
        }
    }
    if unreadable + unwritten > 0 {
        ExitCode::from(2)
    } else if args.check && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
