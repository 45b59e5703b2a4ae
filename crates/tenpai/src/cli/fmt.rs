//! `tenpai fmt`: rewrites hand lines in the canonical form, in place, or
//! checks that they are (`--check`, with a unified diff). Files are
//! replaced atomically ([`super::write`]), and counted as reformatted only
//! once the new text is in place.

use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::document::chunks::chunks;
use crate::document::dialects::DialectConfig;
use crate::document::format::{apply_edits, format_document, to_tenpai_edits};
use crate::document::DocKind;
use crate::format::{FormatOptions, HonorStyle};

use super::check::CHUNK_BYTES;
use super::check::{read, setup};
use super::terminal::escape_controls;
use super::write::{Expect, Replacement, WriteError, Written};

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
    let changed: Vec<usize> = (0..old.len())
        .filter(|&cursor| old[cursor] != new[cursor])
        .collect();
    let mut out = format!("--- {name}\n+++ {name}\n");
    let mut kept = 0;
    while kept < changed.len() {
        // A hunk: changes closer than twice the context share one.
        let first = changed[kept];
        let mut last = first;
        kept += 1;
        while kept < changed.len() && changed[kept] - last <= 2 * CONTEXT_LINES {
            last = changed[kept];
            kept += 1;
        }
        let from = first.saturating_sub(CONTEXT_LINES);
        let to = (last + CONTEXT_LINES + 1).min(old.len());
        let count = to - from;
        let _ = writeln!(out, "@@ -{} +{} @@", span(from, count), span(from, count));
        let mut cursor = from;
        while cursor < to {
            if old[cursor] == new[cursor] {
                push_line(&mut out, ' ', old[cursor]);
                cursor += 1;
                continue;
            }
            // A run of changed lines: all removals, then all additions.
            let run_end = (cursor..to).find(|&j| old[j] == new[j]).unwrap_or(to);
            for line in &old[cursor..run_end] {
                push_line(&mut out, '-', line);
            }
            for line in &new[cursor..run_end] {
                push_line(&mut out, '+', line);
            }
            cursor = run_end;
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

/// How one document is formatted: its kind, the target notation, the
/// dialects read (for `--to tenpai`) and the formatting options.
struct Formatting<'a> {
    kind: DocKind,
    to: Option<Target>,
    dialects: &'a DialectConfig,
    options: &'a FormatOptions,
}

impl Formatting<'_> {
    /// `text` (a whole document, or a piece of one that [`chunks`] cut)
    /// formatted.
    fn format(&self, text: &str) -> String {
        match self.to {
            None => format_document(text, self.kind, self.options),
            Some(Target::Tenpai) => apply_edits(
                text,
                &to_tenpai_edits(text, self.kind, self.dialects, self.options),
            ),
        }
    }

    /// The pieces of `text`, of about `size` bytes, that format alone as
    /// they format in the whole: cut where the hands the formatting reads
    /// (own notation alone, or with the other notations `--to tenpai`
    /// rewrites) read apart as together.
    fn pieces(&self, text: &str, size: usize) -> Vec<Range<usize>> {
        match self.to {
            // Plain formatting reads the hands with the default dialects
            // (and leaves theirs alone).
            None => chunks(text, self.kind, size, &DialectConfig::default()),
            Some(Target::Tenpai) => chunks(text, self.kind, size, self.dialects),
        }
    }
}

/// Replaces the file at `path`, which holds `text`, with the formatted
/// pieces of `text`, written as they are formatted: the file is replaced
/// (atomically) from the first piece that changes, and not at all when
/// none does ([`Written::AlreadyThere`]).
fn write_pieces(
    path: &std::path::Path,
    text: &str,
    pieces: Vec<Range<usize>>,
    formatting: &Formatting<'_>,
) -> Result<Written, WriteError> {
    let mut replacement: Option<Replacement> = None;
    for range in pieces {
        let formatted = formatting.format(&text[range.clone()]);
        let out = match &mut replacement {
            Some(out) => out,
            None if formatted == text[range.clone()] => continue,
            None => {
                let mut out = Replacement::begin(path)?;
                out.write_all(&text.as_bytes()[..range.start])?;
                replacement.insert(out)
            }
        };
        out.write_all(formatted.as_bytes())?;
    }
    match replacement {
        Some(out) => out.commit(Expect::Unchanged(text.as_bytes())),
        None => Ok(Written::AlreadyThere),
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
        let dialects = config.dialects.clone().unwrap_or_default();
        let formatting = Formatting {
            kind: input.kind,
            to: args.to,
            dialects: &dialects,
            options: &options,
        };
        // Each piece formatted alone gives what formatting the whole gives
        // (a piece ends where nothing reaches across), with one piece's
        // hands in memory at a time.
        let pieces = formatting.pieces(&text, CHUNK_BYTES);
        if args.check {
            let formatted: String = pieces
                .into_iter()
                .map(|range| formatting.format(&text[range]))
                .collect();
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
                let mut same = true;
                for range in pieces {
                    let formatted = formatting.format(&text[range.clone()]);
                    same &= formatted == text[range];
                    let _ = stdout.write_all(formatted.as_bytes());
                }
                if same {
                    unchanged += 1;
                } else {
                    changed += 1;
                }
            }
            // Counted only once the new text is in place.
            Some(path) => match write_pieces(path, &text, pieces, &formatting) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` formatted in pieces of 1, 40 and 1000 bytes is `text`
    /// formatted whole, byte for byte, for both targets and both honor
    /// styles. Returns how many of the four whole formattings changed it.
    fn assert_formats_as_whole(text: &str, kind: DocKind) -> usize {
        let dialects = DialectConfig::default();
        let mut changed = 0;
        for to in [None, Some(Target::Tenpai)] {
            for honors in [HonorStyle::Digits, HonorStyle::Letters] {
                let options = FormatOptions { honors };
                let formatting = Formatting {
                    kind,
                    to,
                    dialects: &dialects,
                    options: &options,
                };
                let whole = formatting.format(text);
                changed += usize::from(whole != text);
                for size in [1, 40, 1000] {
                    let pieces = formatting.pieces(text, size);
                    let covered: String = pieces.iter().map(|r| &text[r.clone()]).collect();
                    assert_eq!(covered, text, "the pieces of {size} cover the text");
                    let in_pieces: String = pieces
                        .into_iter()
                        .map(|range| formatting.format(&text[range]))
                        .collect();
                    assert_eq!(in_pieces, whole, "{to:?} {honors:?} in pieces of {size}");
                }
            }
        }
        changed
    }

    /// A seeded document of `blocks` blocks drawn from `blocks_of`.
    fn document(blocks_of: &[&str], blocks: usize, head: &str) -> String {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut text = String::from(head);
        for _ in 0..blocks {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            text.push_str(blocks_of[(seed % blocks_of.len() as u64) as usize]);
        }
        text
    }

    /// Markdown with unsorted and letter-honor hands in fences, code spans
    /// and carets, other tools' notations (which `--to tenpai` rewrites,
    /// fences included), lists, quotes, ignore marks and front matter.
    #[test]
    fn markdown_in_pieces_formats_as_the_whole_document() {
        let blocks = [
            "# Heading\n\n",
            "Prose with `456m123p789s2211z tsumo` in it.\n\n",
            "```mj\nrules: kiriage\n987m456p123s1122z riichi\n\n11128z\n```\n\n",
            "- a list `9998765432111m ron win=9m`\n\n  continued ^^e e e s s^^\n\n",
            "> quoted `321m456p789s1122z  riichi   win=2z`\n\n",
            "<!-- tenpai-ignore -->\n\n",
            "<!-- tenpai-ignore-start -->\n\n`321m` kept\n\nprose\n\n<!-- tenpai-ignore-end -->\n\n",
            "A hand {{< mj 2m2m3m4m5m6m7m8m9m1p1p1p6z6z >}} here.\n\n",
            "```mahjong\n123m456p789s11z22z\n```\n\n",
            "Shown :mahjong-tiles{src=\"235m466s1157p,2-22z\"} ツモ\n\n",
            "---\n\n",
            "    indented `11z` code\n\n",
            "text\r\n\r\n`32m1p` and more\r\n\r\n",
            "| a | b |\n| --- | --- |\n| `321m` | x |\n\n",
        ];
        let text = document(&blocks, 300, "---\ntitle: x\n---\n\n");
        let count = chunks(&text, DocKind::Markdown, 40, &DialectConfig::default()).len();
        assert!(count > 5, "{count} pieces");
        assert_eq!(assert_formats_as_whole(&text, DocKind::Markdown), 4);
    }

    /// A `.mj` document of unsorted hands, comments (with ignore marks),
    /// blank lines and `rules:` lines formats in pieces as it does whole.
    #[test]
    fn mj_in_pieces_formats_as_the_whole_document() {
        let blocks = [
            "987m456p123s1122z riichi\n",
            "# tenpai: ignore\n",
            "\n",
            "rules: kiriage\n",
            "321m 654p 987s 2211z  tsumo  win=2z\n",
            "123m456p789s1122z\r\n",
            "# a comment\n",
        ];
        let text = document(&blocks, 400, "\u{feff}");
        assert_eq!(assert_formats_as_whole(&text, DocKind::Mj), 4);
    }

    /// Real articles (read at run time from `../shared/realdocs`, never
    /// copied) format in pieces as they format whole.
    #[test]
    fn real_articles_in_pieces_format_as_whole() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/realdocs");
        let mut read = 0;
        let mut changed = 0;
        for entry in std::fs::read_dir(&dir).expect("../shared/realdocs beside the repository") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "md") {
                let text = std::fs::read_to_string(&path).expect("an article");
                changed += assert_formats_as_whole(&text, DocKind::Markdown);
                read += 1;
            }
        }
        assert!(read > 10, "{read} articles");
        // Some articles have hands that formatting (or `--to tenpai`)
        // rewrites: the comparison compared something.
        assert!(changed > 0);
    }
}
