//! `tenpai check`: every hand line of `.mj` and Markdown files, reported as
//! rustc and ruff report (human), as one JSON array, or as GitHub workflow
//! annotations.

use std::fmt::Write as _;
use std::io::{IsTerminal, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use crate::config::Configs;
use crate::diag::{Code, Severity};
use crate::document::chunks::chunks;
use crate::document::fix::{fix_document, FixLevel};
use crate::document::{Analyzer, DocKind, Encoding, FileDiagnostic, Position, TextDocument};
use crate::json::{Place, Point, SCHEMA_VERSION};
use crate::score::Rules;

use super::terminal::{self, escape_controls};
use super::write::{Expect, Replacement, WriteError};

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Files and directories (searched for *.mj and *.md); `-` reads a .mj
    /// document from stdin.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Treat warnings as errors for the exit code (`--deny warnings`).
    #[arg(long, value_enum, value_name = "WHAT")]
    pub deny: Vec<Deny>,
    /// When to colour the human output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Apply the safe fixes (wrong claims, missing spaces, repeated words)
    /// to the files, then report what is left. With `-`, the fixed document
    /// goes to stdout and the report to stderr.
    #[arg(long)]
    pub fix: bool,
    /// `--fix`, and also apply the guesses: the closest option for a typo,
    /// dropping one of two contradicting words.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Read the project configuration from this file instead of the nearest
    /// `tenpai.toml` above each document.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The name of the document read from `-`: used in the report, and
    /// `.md` or `.markdown` reads it as Markdown (editors and pre-commit
    /// hooks pipe a buffer with its file name).
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Human,
    Json,
    Github,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deny {
    Warnings,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// The base rule set, before any `rules:` line of a document.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct RuleArgs {
    /// Rule words, as in a `rules:` line: `--rules "mahjong-soul kiriage"`,
    /// `--rules kazoe=sanbaiman`. May be repeated.
    #[arg(long = "rules", value_name = "WORDS")]
    pub words: Vec<String>,
    /// Round 4 han 30 fu and 3 han 60 fu up to mangan.
    #[arg(long)]
    pub kiriage: bool,
    /// Count the four "double" yakuman twice.
    #[arg(long)]
    pub double_yakuman: bool,
    /// No tanyao on an open hand.
    #[arg(long)]
    pub no_open_tanyao: bool,
    /// No red fives: a written `0` is a plain five.
    #[arg(long)]
    pub no_red_fives: bool,
    /// Three-player mahjong (sanma): no 2m-8m, no chi, North set aside as
    /// nukidora, tsumo loss, 200 a honba (`--rules sanma`).
    #[arg(long)]
    pub sanma: bool,
}

impl RuleArgs {
    /// The rule set these flags describe, or the message for a bad word.
    pub fn rules(&self) -> Result<Rules, String> {
        self.rules_on(Rules::tenhou())
    }

    /// These flags on top of the rules of the `tenpai.toml` nearest the
    /// current directory (`score` and `shanten`: their hands come from the
    /// command line, so the project is where they are run).
    pub fn project_rules(&self) -> Result<Rules, String> {
        let base = Configs::default().for_document(None)?.rules;
        self.rules_on(base)
    }

    /// These flags applied on top of `base` (a project's `tenpai.toml`).
    pub fn rules_on(&self, base: Rules) -> Result<Rules, String> {
        let mut rules = base;
        for w in &self.words {
            rules.apply_words(w).map_err(|e| format!("--rules: {e}"))?;
        }
        if self.kiriage {
            rules.kiriage = true;
        }
        if self.double_yakuman {
            rules.double_yakuman = true;
        }
        if self.no_open_tanyao {
            rules.open_tanyao = false;
        }
        if self.no_red_fives {
            rules.red_fives = false;
        }
        if self.sanma && !rules.is_sanma() {
            rules.apply("sanma")?;
        }
        Ok(rules)
    }
}

/// A document to check.
#[derive(Clone, Debug)]
pub struct Input {
    /// As printed: the path as given or found, `<stdin>` for `-`.
    pub name: String,
    pub path: Option<PathBuf>,
    pub kind: DocKind,
    /// Why a directory could not be searched: reported when the input is
    /// read, like a file that cannot be read, so the other files are still
    /// checked.
    pub error: Option<String>,
}

/// What `check` and `fmt` start from: the project configuration and the
/// documents named on the command line.
pub fn setup(
    config: Option<&Path>,
    paths: &[PathBuf],
    stdin_name: Option<&Path>,
) -> Result<(Configs, Vec<Input>), String> {
    let configs = Configs::new(config).map_err(|e| e.to_string())?;
    Ok((configs, collect_inputs(paths, stdin_name)))
}

/// Expands the command line's paths: files as given (`.md` and `.markdown`
/// are Markdown, anything else a `.mj` document), directories searched in
/// name order for `*.mj`, `*.md` and `*.markdown`, skipping hidden
/// directories, `target`, `node_modules` and symbolic links to directories.
/// A path that does not exist, or a directory that cannot be listed, is
/// kept: reading it fails, is reported, and the other files are still
/// checked. A file named twice (or found again
/// in a directory named too) is read once.
///
/// `-` is stdin: a `.mj` document printed as `<stdin>`, unless
/// `stdin_name` names it (then its name, and Markdown for `.md`).
pub fn collect_inputs(paths: &[PathBuf], stdin_name: Option<&Path>) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            if out.iter().any(|i: &Input| i.path.is_none()) {
                continue;
            }
            out.push(Input {
                name: stdin_name.map_or("<stdin>".to_string(), |n| n.display().to_string()),
                path: None,
                kind: stdin_name
                    .and_then(DocKind::from_path)
                    .unwrap_or(DocKind::Mj),
                error: None,
            });
        } else if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(Input {
                name: p.display().to_string(),
                path: Some(p.clone()),
                kind: DocKind::from_path(p).unwrap_or(DocKind::Mj),
                error: None,
            });
        }
    }
    // The same file by two names (`docs/a.md`, `./docs/a.md`, through a
    // directory): the first one named stays.
    let mut seen = std::collections::HashSet::new();
    out.retain(|i| match &i.path {
        Some(p) => seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())),
        None => true,
    });
    out
}

/// A directory that cannot be listed (no permission, removed meanwhile)
/// becomes an input whose reading fails: one such directory deep in a tree
/// must not stop every other file from being checked.
fn walk(dir: &Path, out: &mut Vec<Input>) {
    let listing = match std::fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(e) => {
            out.push(Input {
                name: dir.display().to_string(),
                path: Some(dir.to_path_buf()),
                kind: DocKind::Mj,
                error: Some(e.to_string()),
            });
            return;
        }
    };
    // Symbolic links to directories are not followed (as git and ripgrep
    // do): a link to a parent would loop, and the files are found where
    // they are. A link to a file is read.
    let mut entries: Vec<_> = listing
        .filter_map(Result::ok)
        .filter(|e| !(e.file_type().is_ok_and(|t| t.is_symlink()) && e.path().is_dir()))
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                walk(&p, out);
            }
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| ["mj", "md", "markdown"].contains(&e.to_ascii_lowercase().as_str()))
        {
            let Some(kind) = DocKind::from_path(&p) else {
                continue;
            };
            // Only regular files, as ripgrep: opening a FIFO blocks until
            // a writer comes, a device may never end. A link whose target
            // is gone (or that loops) is named once, and is no error.
            match std::fs::metadata(&p) {
                Ok(meta) if meta.is_file() => out.push(Input {
                    name: p.display().to_string(),
                    path: Some(p.clone()),
                    kind,
                    error: None,
                }),
                Ok(_) => {}
                Err(e) => eprintln!(
                    "warning: {}: skipped, a link to nothing readable ({e})",
                    escape_controls(&p.display().to_string())
                ),
            }
        }
    }
}

/// One finding, placed for printing; serialised as in `docs/json.md`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Finding {
    pub path: String,
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// Positions 1-based, columns counted in Unicode characters; the end is
    /// exclusive.
    pub range: Place,
    /// The file line the finding starts on, for the human output: shared
    /// by the findings of one line, which may be thousands on a long line.
    #[serde(skip)]
    pub source: Arc<str>,
    /// Related places and suggested fixes, as notes.
    #[serde(skip)]
    pub notes: Vec<String>,
}

/// What one run found.
#[derive(Default, Debug)]
pub struct Report {
    pub findings: Vec<Finding>,
    pub files: usize,
    pub hands: usize,
    /// Fixes applied by `--fix`.
    pub fixed: usize,
    /// Files that could not be read (not UTF-8, unreadable).
    pub unreadable: usize,
    /// Files `--fix` could not write (their fixes are not counted, and
    /// their report is of the text still on disk).
    pub unwritten: usize,
}

impl Report {
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// Adds one document's findings. A large document is analysed in
    /// pieces (see [`chunks`]), each piece's analyses dropped before the
    /// next: memory follows the piece and the findings, not the document
    /// (an analysed line takes kilobytes, and 100 MB of distinct lines took
    /// gigabytes at once).
    pub fn add_document(&mut self, document: &Checked, analyzer: &mut Analyzer) {
        self.add_in_chunks(document, analyzer, CHUNK_BYTES);
    }

    /// [`Report::add_document`] with pieces of about `chunk_bytes`.
    fn add_in_chunks(&mut self, document: &Checked, analyzer: &mut Analyzer, chunk_bytes: usize) {
        let Checked {
            name,
            text,
            kind,
            rules,
        } = *document;
        self.files += 1;
        let mut place = PieceStart {
            rules: rules.clone(),
            first_line: 0,
        };
        for chunk in chunks(text, kind, chunk_bytes, analyzer.dialects()) {
            self.add_piece(name, &text[chunk], kind, &mut place, analyzer);
        }
    }

    /// Adds the findings of one piece of a document, which starts at
    /// `place` and leaves it where the next piece starts (its line, and the
    /// rules its last `rules:` line left).
    fn add_piece(
        &mut self,
        name: &str,
        piece: &str,
        kind: DocKind,
        place: &mut PieceStart,
        analyzer: &mut Analyzer,
    ) {
        let lines = analyzer.analyze(piece, kind, &place.rules);
        self.hands += lines.iter().filter(|l| l.analysis.is_hand()).count();
        for line in lines.iter().filter(|l| l.origin.allows_rules()) {
            if let Some(after) = &line.analysis.rules_after {
                place.rules = after.clone();
            }
        }
        let index = TextDocument::new(piece);
        let mut last: Option<(u32, Arc<str>)> = None;
        for d in crate::document::file_diagnostics(&lines) {
            let mut found = finding(name, &index, d, &mut last);
            found.range.start.line += place.first_line;
            found.range.end.line += place.first_line;
            self.findings.push(found);
        }
        // A piece ends with a line break (but the last): its last "line" is
        // empty.
        place.first_line += index.line_count() as u32 - 1;
    }

    /// Applies the fixes of `level` to a document piece by piece, adding
    /// the findings of the fixed text, and hands each fixed piece to
    /// `sink` in order (a file being replaced, stdout): the fixed document
    /// is never held whole. Returns the fixes applied, or the sink's error.
    pub fn fix_document_into(
        &mut self,
        document: &Checked,
        analyzer: &mut Analyzer,
        level: FixLevel,
        sink: &mut dyn FnMut(Range<usize>, &str) -> std::io::Result<()>,
    ) -> std::io::Result<usize> {
        self.fix_in_chunks(document, analyzer, level, sink, CHUNK_BYTES)
    }

    /// [`Report::fix_document_into`] with pieces of about `chunk_bytes`.
    fn fix_in_chunks(
        &mut self,
        document: &Checked,
        analyzer: &mut Analyzer,
        level: FixLevel,
        sink: &mut dyn FnMut(Range<usize>, &str) -> std::io::Result<()>,
        chunk_bytes: usize,
    ) -> std::io::Result<usize> {
        let Checked {
            name,
            text,
            kind,
            rules,
        } = *document;
        self.files += 1;
        let mut place = PieceStart {
            rules: rules.clone(),
            first_line: 0,
        };
        let mut fixed_count = 0;
        for chunk in chunks(text, kind, chunk_bytes, analyzer.dialects()) {
            let piece = &text[chunk.clone()];
            let (fixed, n) = fix_document(piece, kind, &place.rules, analyzer, level);
            fixed_count += n;
            sink(chunk, &fixed)?;
            self.add_piece(name, &fixed, kind, &mut place, analyzer);
        }
        Ok(fixed_count)
    }
}

/// A document as `check` reads it: its name in the report, its text, its
/// kind, and the rules in force at its start.
#[derive(Clone, Copy)]
pub struct Checked<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub kind: DocKind,
    pub rules: &'a Rules,
}

/// Where a piece of a document starts: its first line (0-based) and the
/// rules in force there.
struct PieceStart {
    rules: Rules,
    first_line: u32,
}

/// The size from which a document is analysed, fixed and formatted in
/// pieces.
pub const CHUNK_BYTES: usize = 1 << 20;

/// `last` is the source line of the finding before, reused when it is on
/// the same line.
fn finding(
    name: &str,
    index: &TextDocument,
    d: FileDiagnostic,
    last: &mut Option<(u32, Arc<str>)>,
) -> Finding {
    // A byte order mark is no column in an editor or a GitHub annotation.
    let bom = index.text().starts_with('\u{feff}');
    let unmarked = |mut position: Position| {
        if bom && position.line == 0 {
            position.column = position.column.saturating_sub(1);
        }
        position
    };
    let (start, end) = index.range(d.range.clone(), Encoding::Utf32);
    let (start, end) = (unmarked(start), unmarked(end));
    let source = match last {
        Some((line, source)) if *line == start.line => source.clone(),
        _ => {
            let mut text = index.line_text(start.line as usize);
            if start.line == 0 {
                text = text.trim_start_matches('\u{feff}');
            }
            let source: Arc<str> = Arc::from(text);
            *last = Some((start.line, source.clone()));
            source
        }
    };
    let mut notes = Vec::new();
    for r in &d.related {
        let position = unmarked(index.position(r.range.start, Encoding::Utf32));
        notes.push(format!(
            "note: {}:{}: {}",
            position.line + 1,
            position.column + 1,
            r.message
        ));
    }
    for f in &d.fixes {
        notes.push(format!("help: {}", f.title));
    }
    Finding {
        path: name.to_string(),
        code: d.code,
        severity: d.severity,
        message: d.message,
        range: Place {
            start: Point::of(start),
            end: Point::of(end),
        },
        source,
        notes,
    }
}

/// ANSI styles, or none.
#[derive(Clone, Copy)]
struct Style {
    on: bool,
}

impl Style {
    fn paint(self, code: &str, s: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }

    fn severity(self, sev: Severity) -> String {
        let code = match sev {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "1;36",
        };
        self.paint(code, sev.as_str())
    }
}

/// Terminal columns a character takes: wide East Asian characters and the
/// emoji-presented 🀄 take two, combining marks none. Enough to put a caret
/// under the right character without a table of all of Unicode.
fn char_width(c: char) -> usize {
    let cp = c as u32;
    if matches!(cp, 0x0300..=0x036F | 0x200B..=0x200F | 0xFE00..=0xFE0F) {
        return 0;
    }
    let wide = matches!(
        cp,
        0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x1F004
            | 0x1F0CF
            | 0x1F300..=0x1F64F
            | 0x1F900..=0x1F9FF
            | 0x20000..=0x3FFFD
    );
    if wide {
        2
    } else {
        1
    }
}

/// Characters of a source line printed around a finding on a long line:
/// the line is cut to a window around the finding, marked by `...`, as
/// rustc does, so that a pasted line of thousands of words prints a few
/// lines per finding, not the whole line each time.
const CONTEXT: usize = 40;
const LONG_LINE: usize = 120;

/// The source line as printed (tabs as four spaces) and the caret line
/// under characters `from..to` (0-based character columns).
fn underline(source: &str, from: usize, to: usize) -> (String, String) {
    let to = to.max(from + 1);
    let (lead, shown, trail, from, to) = window(source, from, to);
    let mut line = String::from(if lead { "..." } else { "" });
    let mut carets = " ".repeat(line.len());
    let mut count = 0;
    for (i, c) in shown.chars().enumerate() {
        let (text, w) = if c == '\t' {
            ("    ".to_string(), 4)
        } else if terminal::is_unsafe(c) {
            let shown = terminal::escaped(c);
            let width = shown.len();
            (shown, width)
        } else {
            (c.to_string(), char_width(c))
        };
        line.push_str(&text);
        let marked = (from..to).contains(&i);
        if i < to {
            // A zero-width character still gets its caret.
            let caret_count = if marked { w.max(1) } else { w };
            carets.extend(std::iter::repeat_n(
                if marked { '^' } else { ' ' },
                caret_count,
            ));
        }
        count += 1;
    }
    if from >= count {
        // A finding at the end of the line.
        carets.push('^');
    }
    if trail {
        line.push_str("...");
    }
    (line, carets.trim_end().to_string())
}

/// The part of `source` printed for a finding at characters `from..to`:
/// whether text is cut before and after it, and the columns of the finding
/// in it. A line up to [`LONG_LINE`] characters is printed whole.
fn window(source: &str, from: usize, to: usize) -> (bool, &str, bool, usize, usize) {
    // An ASCII line is cut by bytes; others by characters (counting them is
    // linear in the line, for each finding: only long non-ASCII lines pay).
    let chars = if source.is_ascii() {
        source.len()
    } else {
        source.chars().count()
    };
    if chars <= LONG_LINE {
        return (false, source, false, from, to);
    }
    let start = from.saturating_sub(CONTEXT);
    let end = to.min(from + LONG_LINE).saturating_add(CONTEXT).min(chars);
    let byte = |k: usize| {
        if source.is_ascii() {
            k.min(source.len())
        } else {
            source
                .char_indices()
                .nth(k)
                .map_or(source.len(), |(b, _)| b)
        }
    };
    let shown = &source[byte(start)..byte(end)];
    (start > 0, shown, end < chars, from - start, to - start)
}

/// Whether the human report is coloured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Paint {
    Plain,
    /// ANSI colours, for a terminal.
    Ansi,
}

/// The human report: one block per finding, then a summary line.
pub fn render_human(report: &Report, paint: Paint) -> String {
    let st = Style {
        on: paint == Paint::Ansi,
    };
    let mut out = String::new();
    for f in &report.findings {
        let _ = writeln!(
            out,
            "{}: {}{}",
            st.paint(
                "1",
                &format!(
                    "{}:{}:{}",
                    escape_controls(&f.path),
                    f.range.start.line,
                    f.range.start.column
                )
            ),
            st.severity(f.severity),
            st.paint(
                "1",
                &format!("[{}]: {}", f.code, escape_controls(&f.message))
            ),
        );
        let (start, end) = (f.range.start, f.range.end);
        let gutter = start.line.to_string().len();
        let pad = " ".repeat(gutter);
        let bar = st.paint("1;34", "|");
        let to = if end.line == start.line {
            end.column as usize - 1
        } else {
            f.source.chars().count()
        };
        let (line, carets) = underline(&f.source, start.column as usize - 1, to);
        let _ = writeln!(out, "{pad} {bar}");
        let _ = writeln!(
            out,
            "{} {bar} {line}",
            st.paint("1;34", &start.line.to_string())
        );
        let caret_color = match f.severity {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "1;36",
        };
        let _ = writeln!(out, "{pad} {bar} {}", st.paint(caret_color, &carets));
        for n in &f.notes {
            let _ = writeln!(out, "{pad} = {}", escape_controls(n));
        }
        out.push('\n');
    }
    out.push_str(&summary(report));
    out.push('\n');
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "Checked 14 hands in 2 files: 1 error, 2 warnings." / "...: all good."
pub fn summary(report: &Report) -> String {
    let checked = format!(
        "Checked {} in {}",
        plural(report.hands, "hand", "hands"),
        plural(report.files, "file", "files")
    );
    let mut parts = Vec::new();
    for (sev, one, many) in [
        (Severity::Error, "error", "errors"),
        (Severity::Warning, "warning", "warnings"),
        (Severity::Info, "note", "notes"),
    ] {
        let count = report.count(sev);
        if count > 0 {
            parts.push(plural(count, one, many));
        }
    }
    let fixed = match report.fixed {
        0 => String::new(),
        count => format!(" Fixed {}.", plural(count, "problem", "problems")),
    };
    let unread = match report.unreadable {
        0 => String::new(),
        n => format!(" {} could not be read.", plural(n, "file", "files")),
    };
    let unwritten = match report.unwritten {
        0 => String::new(),
        n => format!(" {} could not be written.", plural(n, "file", "files")),
    };
    let unread = format!("{unread}{unwritten}");
    match (parts.is_empty(), report.unreadable + report.unwritten) {
        (true, 0) => format!("{checked}: all good.{fixed}"),
        (true, _) => format!("{checked}.{unread}{fixed}"),
        (false, _) => format!("{checked}: {}.{unread}{fixed}", parts.join(", ")),
    }
}

/// The run as one JSON object (`docs/json.md`, `docs/schema/check.json`).
pub fn render_json(report: &Report) -> String {
    #[derive(Serialize)]
    struct Run<'a> {
        schema_version: u32,
        files: usize,
        hands: usize,
        findings: &'a [Finding],
    }
    let run = Run {
        schema_version: SCHEMA_VERSION,
        files: report.files,
        hands: report.hands,
        findings: &report.findings,
    };
    // Plain structs of strings and numbers: serialising cannot fail.
    let mut json = serde_json::to_string_pretty(&run).unwrap_or_else(|_| "{}".to_string());
    json.push('\n');
    json
}

/// GitHub Actions workflow commands, one per finding.
pub fn render_github(report: &Report) -> String {
    fn data(s: &str) -> String {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    }
    fn property(s: &str) -> String {
        data(s).replace(':', "%3A").replace(',', "%2C")
    }
    let mut out = String::new();
    for f in &report.findings {
        let level = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let _ = writeln!(
            out,
            "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            property(&f.path),
            f.range.start.line,
            f.range.start.column,
            f.range.end.line,
            f.range.end.column,
            property(&format!("tenpai {}", f.code)),
            data(&format!("{}: {}", f.code, f.message)),
        );
    }
    out
}

pub fn run(args: CheckArgs) -> ExitCode {
    if let Err(e) = args.rules.rules() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
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
    let mut report = Report::default();
    let mut analyzer = Analyzer::new();
    let mut failed = false;
    let level = (args.fix || args.unsafe_fixes).then_some(if args.unsafe_fixes {
        FixLevel::All
    } else {
        FixLevel::Safe
    });
    // With `--fix -`, stdout carries the fixed document.
    let mut report_to_stderr = false;
    for input in &inputs {
        // The project's rules for this document, then the command line's.
        let at = input.path.as_deref().or(args.stdin_filename.as_deref());
        let config = match configs.for_document(at) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        // The project's `exclude` globs: such a document is not checked.
        if input.path.as_deref().is_some_and(|p| config.excludes(p)) {
            continue;
        }
        let dialects = config.dialects.clone().unwrap_or_default();
        if *analyzer.dialects() != dialects {
            analyzer.set_dialects(dialects);
        }
        let rules = match args.rules.rules_on(config.rules) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let text = match read(input) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}: {e}", escape_controls(&input.name));
                report.unreadable += 1;
                failed = true;
                continue;
            }
        };
        let checked = Checked {
            name: &input.name,
            text: &text,
            kind: input.kind,
            rules: &rules,
        };
        match (level, &input.path) {
            (None, _) => {
                report.add_document(&checked, &mut analyzer);
            }
            (Some(level), Some(path)) => {
                if let Err(e) = fix_file(
                    &mut report,
                    input,
                    path,
                    &text,
                    &rules,
                    &mut analyzer,
                    level,
                ) {
                    // Counted, and reported on, only once the fixed text is
                    // in place: otherwise the file still holds `text`.
                    eprintln!("error: {}: {e}", escape_controls(&input.name));
                    report.unwritten += 1;
                    failed = true;
                    report.add_document(&checked, &mut analyzer);
                }
            }
            (Some(level), None) => {
                let mut stdout = std::io::stdout().lock();
                let fixed =
                    report.fix_document_into(&checked, &mut analyzer, level, &mut |_, piece| {
                        stdout.write_all(piece.as_bytes())
                    });
                let _ = stdout.flush();
                report_to_stderr = true;
                report.fixed += fixed.unwrap_or(0);
            }
        }
    }
    let output = match args.format {
        Format::Human => {
            let terminal =
                || std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            let paint = match args.color {
                ColorChoice::Always => Paint::Ansi,
                ColorChoice::Auto if terminal() => Paint::Ansi,
                ColorChoice::Never | ColorChoice::Auto => Paint::Plain,
            };
            render_human(&report, paint)
        }
        Format::Json => render_json(&report),
        Format::Github => render_github(&report),
    };
    if report_to_stderr {
        let _ = std::io::stderr().lock().write_all(output.as_bytes());
    } else {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(output.as_bytes());
        let _ = stdout.flush();
    }
    // The process ends here: freeing every cached line one by one would
    // take longer than analysing them did (a 5 MB document: ~0.5 s of
    // allocator work), and the OS takes the memory back at once.
    std::mem::forget(analyzer);
    if failed {
        return ExitCode::from(2);
    }
    let deny_warnings = args.deny.contains(&Deny::Warnings);
    let errors = report.count(Severity::Error);
    let warnings = report.count(Severity::Warning);
    if errors > 0 || (deny_warnings && warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `check --fix` of a file: the fixed pieces go to a replacement of the
/// file, begun at the first piece a fix changes (a file no fix changes is
/// not written), committed once all are written. On success the report
/// holds the findings of the fixed text; on an error it is left as it was.
fn fix_file(
    report: &mut Report,
    input: &Input,
    path: &Path,
    text: &str,
    rules: &Rules,
    analyzer: &mut Analyzer,
    level: FixLevel,
) -> Result<(), WriteError> {
    let before = (report.findings.len(), report.files, report.hands);
    let mut replacement: Option<Replacement> = None;
    let mut not_begun: Option<WriteError> = None;
    let checked = Checked {
        name: &input.name,
        text,
        kind: input.kind,
        rules,
    };
    let fixed = report.fix_document_into(&checked, analyzer, level, &mut |range, piece| {
        let out = match &mut replacement {
            Some(out) => out,
            None if piece == &text[range.clone()] => return Ok(()),
            None => match Replacement::begin(path) {
                Ok(mut out) => {
                    out.write_all(&text.as_bytes()[..range.start])?;
                    replacement.insert(out)
                }
                Err(e) => {
                    not_begun = Some(e);
                    return Err(std::io::Error::other("not begun"));
                }
            },
        };
        out.write_all(piece.as_bytes())
    });
    let outcome = match (fixed, replacement) {
        (Err(e), _) => Err(not_begun.unwrap_or(WriteError::Io(e))),
        (Ok(_), None) => Ok(0),
        (Ok(n), Some(out)) => out.commit(Expect::Unchanged(text.as_bytes())).map(|_| n),
    };
    match outcome {
        Ok(n) => {
            report.fixed += n;
            Ok(())
        }
        Err(e) => {
            report.findings.truncate(before.0);
            (report.files, report.hands) = (before.1, before.2);
            Err(e)
        }
    }
}

/// The text of a document (stdin for `-`); not UTF-8 is an error.
pub fn read(input: &Input) -> std::io::Result<String> {
    if let Some(e) = &input.error {
        return Err(std::io::Error::other(e.clone()));
    }
    let bytes = match &input.path {
        Some(p) => std::fs::read(p)?,
        None => {
            let mut stdin_bytes = Vec::new();
            std::io::stdin().read_to_end(&mut stdin_bytes)?;
            stdin_bytes
        }
    };
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::chunks::mj_chunks;

    #[cfg(unix)]
    #[test]
    fn links_to_directories_are_not_followed() {
        let dir = std::env::temp_dir().join(format!("tenpai-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/a.mj"), "11z\n").unwrap();
        std::fs::write(dir.join("b.md"), "x\n").unwrap();
        let outside = dir.with_extension("outside.mj");
        std::fs::write(&outside, "11z\n").unwrap();
        // A loop, a link to a sibling directory, a link to a file outside
        // (read) and one to a file found anyway (read once, as b.md).
        std::os::unix::fs::symlink(".", dir.join("sub/self")).unwrap();
        std::os::unix::fs::symlink("sub", dir.join("again")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("c.mj")).unwrap();
        std::os::unix::fs::symlink("b.md", dir.join("d.md")).unwrap();
        let found = collect_inputs(std::slice::from_ref(&dir), None);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(&outside);
        let names: Vec<String> = found
            .iter()
            .map(|i| {
                let p = PathBuf::from(&i.name);
                p.strip_prefix(&dir).unwrap().display().to_string()
            })
            .collect();
        assert_eq!(names, ["b.md", "c.mj", "sub/a.mj"]);
    }

    #[test]
    fn a_directory_that_cannot_be_listed_is_reported_not_fatal() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("tenpai-locked-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("locked")).unwrap();
        std::fs::write(dir.join("a.mj"), "11z\n").unwrap();
        std::fs::write(dir.join("locked/b.mj"), "11z\n").unwrap();
        let locked = dir.join("locked");
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        // Root lists it anyway: nothing to check then (CI runs as root;
        // the check runs for any other user).
        let listable = std::fs::read_dir(&locked).is_ok();
        let found = collect_inputs(std::slice::from_ref(&dir), None);
        let read: Vec<_> = found.iter().map(|i| read(i).is_ok()).collect();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        if listable {
            // Said, so that a run as root does not pass for a check made.
            eprintln!("skipped: this user can list a directory of mode 000 (root)");
            return;
        }
        assert_eq!(read, [true, false]);
        assert_eq!(found[1].name, locked.display().to_string());
    }

    #[test]
    fn carets_under_wide_glyphs_and_tabs() {
        let (line, carets) = underline("🀄\tab 11128z", 5, 7);
        assert_eq!(line, "🀄    ab 11128z");
        assert_eq!(carets, "         ^^");
        // At the end of the line.
        let (_, carets) = underline("ab", 2, 2);
        assert_eq!(carets, "  ^");
        // Under a character of no width (U+FE0F after a glyph).
        let (_, carets) = underline("🀄\u{fe0f}🀄", 1, 2);
        assert_eq!(carets, "  ^");
    }

    /// A long line is cut to a window around each finding, by bytes when
    /// it is ASCII and by characters when not.
    #[test]
    fn long_lines_print_a_window_around_the_finding() {
        let long = format!("123m456p789s11222z {}", ["riichi"; 50].join(" "));
        let at = long.len() - 13;
        let (line, carets) = underline(&long, at, at + 6);
        assert_eq!(line, format!("...{}", &long[at - CONTEXT..]));
        assert_eq!(carets, format!("{}^^^^^^", " ".repeat(3 + CONTEXT)));
        let glyphs = format!("🀄🀄 {}", ["riichi"; 50].join(" "));
        let (line, carets) = underline(&glyphs, 10, 16);
        let cut = glyphs.char_indices().nth(16 + CONTEXT).unwrap().0;
        assert_eq!(line, format!("{}...", &glyphs[..cut]));
        assert_eq!(carets, "            ^^^^^^");
        // A short line is printed whole.
        let (line, _) = underline("123m riichi", 5, 11);
        assert_eq!(line, "123m riichi");
    }

    /// A document read in chunks gives the findings of a whole read: the
    /// rules of a `rules:` line reach the next chunks, a lone `# tenpai:
    /// ignore` its hand across blank and comment lines, and the lines and
    /// columns are the document's.
    #[test]
    fn chunks_read_as_the_whole_document() {
        let pieces = [
            "123m456p789s11222z tsumo qq\n",
            "rules: kiriage\n",
            "rules: tenhou\r\n",
            "# tenpai: ignore\n",
            "\n",
            "# a note\n",
            "11128z\n",
            "123m456p789s1122z riichii\r\n",
            "🀄 123m 8z\n",
            "\u{feff}11z\n",
            "234m567p22s345678s riichi tsumo dora=1s => 7700\n",
            "1112345678999m ron win=9m => 48000\n",
        ];
        let text = seeded_document("\u{feff}", &pieces, 400, 0x2545_f491_4f6c_dd1d);
        assert!(mj_chunks(&text, 40).len() > 1);
        assert_reads_as_whole(&text, DocKind::Mj, 100);
    }

    /// The findings of a report, as compared.
    /// `start`, then `count` pieces picked by a seeded xorshift: the same
    /// document on every run.
    fn seeded_document(start: &str, pieces: &[&str], count: usize, seed: u64) -> String {
        let mut state = seed;
        let mut text = String::from(start);
        for _ in 0..count {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(pieces[(state % pieces.len() as u64) as usize]);
        }
        text
    }

    fn summary(r: &Report) -> Vec<String> {
        r.findings
            .iter()
            .map(|f| {
                let at = (
                    f.range.start.line,
                    f.range.start.column,
                    f.range.end.line,
                    f.range.end.column,
                );
                format!("{at:?} {} {} {}", f.code, f.message, f.source)
            })
            .collect()
    }

    /// `check` and `check --fix` (safe and unsafe) of `text` in pieces of
    /// 1, 40 and 1000 bytes give what they give reading it whole: the same
    /// findings, the same fixed text, the same count of fixes.
    /// Returns the count of findings of the whole read.
    fn assert_reads_as_whole(text: &str, kind: DocKind, min_findings: usize) -> usize {
        let rules = Rules::tenhou();
        let document = Checked {
            name: "a",
            text,
            kind,
            rules: &rules,
        };
        let mut whole = Report::default();
        whole.add_in_chunks(&document, &mut Analyzer::new(), usize::MAX);
        let found = whole.findings.len();
        assert!(found >= min_findings, "{found} findings");
        for size in [1, 40, 1000] {
            let mut chunked = Report::default();
            chunked.add_in_chunks(&document, &mut Analyzer::new(), size);
            assert_eq!(chunked.hands, whole.hands, "pieces of {size}");
            assert_eq!(summary(&chunked), summary(&whole), "pieces of {size}");
        }
        for level in [FixLevel::Safe, FixLevel::All] {
            let mut analyzer = Analyzer::new();
            let (fixed, n) = fix_document(text, kind, &rules, &mut analyzer, level);
            let mut whole = Report::default();
            let fixed_document = Checked {
                text: &fixed,
                ..document
            };
            whole.add_in_chunks(&fixed_document, &mut analyzer, usize::MAX);
            for size in [1, 40, 1000] {
                let mut out = String::new();
                let mut chunked = Report::default();
                let count = chunked
                    .fix_in_chunks(
                        &document,
                        &mut Analyzer::new(),
                        level,
                        &mut |_, piece| {
                            out.push_str(piece);
                            Ok(())
                        },
                        size,
                    )
                    .unwrap();
                assert_eq!(out, fixed, "{level:?} in pieces of {size}");
                assert_eq!(count, n, "{level:?} in pieces of {size}");
                assert_eq!(summary(&chunked), summary(&whole), "{level:?}, {size}");
            }
        }
        found
    }

    /// A Markdown document of fences (with `rules:` lines and blank lines
    /// inside), inline hands, lists, quotes, ignore marks and other tools'
    /// notations reads in pieces as it reads whole.
    #[test]
    fn markdown_in_pieces_reads_as_the_whole_document() {
        let pieces = [
            "# Heading\n\n",
            "Some prose with `123m456p789s11222z tsumo qq` in it.\n\n",
            "```mj\nrules: kiriage\n123m456p789s1122z riichii\n\n11128z\n```\n\n",
            "```mj\nrules: tenhou\n234m567p22s345678s riichi tsumo dora=1s => 7700\n```\n\n",
            "- a list `1112345678999m ron win=9m => 48000`\n\n  continued ^^11z^^\n\n",
            "> quoted `123m456p789s1122z reichi win=2z`\n\n",
            "<!-- tenpai-ignore -->\n\n",
            "<!-- tenpai-ignore-start -->\n\n",
            "<!-- tenpai-ignore-end -->\n\n",
            "{{< mahjong >}}123m456p789s11z{{< /mahjong >}}\n\n",
            "---\n\n",
            "    indented `11z` code\n\n",
            "text\r\n\r\n",
            "A ^^123m456p789s11122z^^ and `🀄 123m 8z`.\n\n",
        ];
        let text = seeded_document(
            "---\ntitle: x\n---\n\n",
            &pieces,
            300,
            0x9e37_79b9_7f4a_7c15,
        );
        let dialects = crate::document::DialectConfig::default();
        // Fewer than the blocks: an ignore region keeps what it covers, up
        // to its end mark, in one piece.
        let count = crate::document::chunks::markdown_chunks(&text, 40, &dialects).len();
        assert!(count > 5, "{count} pieces");
        assert_reads_as_whole(&text, DocKind::Markdown, 50);
    }

    /// Real articles (read at run time from `../shared/realdocs`, never
    /// copied) read in pieces as they read whole.
    #[test]
    fn real_articles_in_pieces_read_as_whole() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/realdocs");
        let listing = std::fs::read_dir(&dir).expect("../shared/realdocs beside the repository");
        let mut read = 0;
        let mut found = 0;
        for entry in listing {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "md") {
                let text = std::fs::read_to_string(&path).expect("an article");
                found += assert_reads_as_whole(&text, DocKind::Markdown, 0);
                read += 1;
            }
        }
        assert!(read > 10, "{read} articles");
        // The articles have findings: the comparison compared some.
        assert!(found > 0);
    }

    /// The project's own fixture documents (`tests/fixtures`: articles,
    /// nanikiru lists under their hands, `.mj` files) read in pieces as
    /// they read whole.
    #[test]
    fn fixtures_in_pieces_read_as_whole() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        for (name, kind, min_findings) in [
            ("check/article.md", DocKind::Markdown, 1),
            ("fmt/article.md", DocKind::Markdown, 0),
            ("stated/nanikiru-en.md", DocKind::Markdown, 1),
            ("stated/nanikiru-ja.md", DocKind::Markdown, 1),
            ("check/clean.mj", DocKind::Mj, 0),
            ("check/review.mj", DocKind::Mj, 0),
        ] {
            let text = std::fs::read_to_string(dir.join(name)).expect("a fixture");
            assert_reads_as_whole(&text, kind, min_findings);
        }
    }

    /// Thousands of findings on one line share its text: the report grows
    /// with the findings, not with findings times the line's length.
    #[test]
    fn findings_of_one_line_share_its_text() {
        let text = format!("123m456p789s11222z {}\n", ["riichi"; 2000].join(" "));
        let mut report = Report::default();
        let mut analyzer = Analyzer::new();
        let rules = Rules::tenhou();
        let document = Checked {
            name: "a.mj",
            text: &text,
            kind: DocKind::Mj,
            rules: &rules,
        };
        report.add_document(&document, &mut analyzer);
        assert_eq!(report.findings.len(), 1999);
        let first = &report.findings[0].source;
        assert!(report
            .findings
            .iter()
            .all(|f| Arc::ptr_eq(&f.source, first)));
        let human = render_human(&report, Paint::Plain);
        assert!(human.len() < 1999 * 400, "{} bytes", human.len());
    }

    #[test]
    fn rule_words_and_switches() {
        let args = RuleArgs {
            words: vec!["mahjong-soul,kiriage".into()],
            no_red_fives: true,
            ..RuleArgs::default()
        };
        let r = args.rules().unwrap();
        assert!(r.double_yakuman && r.kiriage && !r.red_fives);
        let bad = RuleArgs {
            words: vec!["kiriagee".into()],
            ..RuleArgs::default()
        };
        assert!(bad.rules().unwrap_err().contains("kiriagee"));
    }

    #[test]
    fn github_escapes() {
        let report = Report {
            findings: vec![Finding {
                path: "a,b.md".into(),
                code: Code::WrongClaim,
                severity: Severity::Warning,
                range: Place {
                    start: Point { line: 1, column: 2 },
                    end: Point { line: 1, column: 3 },
                },
                message: "100% wrong\nreally".into(),
                source: Arc::from(""),
                notes: vec![],
            }],
            files: 1,
            hands: 1,
            fixed: 0,
            unreadable: 0,
            unwritten: 0,
        };
        assert_eq!(
            render_github(&report),
            "::warning file=a%2Cb.md,line=1,col=2,endLine=1,endColumn=3,title=tenpai wrong-claim::wrong-claim: 100%25 wrong%0Areally\n"
        );
    }
}
