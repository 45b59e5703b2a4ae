//! The `tenpai` command line: one binary for the checks, the formatter, the
//! scorer, the shanten analysis and the language server.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod check;
pub mod fmt;
pub mod lsp;
pub mod publish;
pub mod render;
pub mod review;
pub mod score;
pub mod shanten;
pub mod terminal;
pub mod write;

/// What a line of standard input holds for `score -` and `shanten -`.
pub(crate) enum StdinLine {
    /// A hand line, with the rules in force for it and its 1-based line
    /// number in the input (for the places of `--json`).
    Hand(String, crate::score::Rules, u32),
    /// A `rules:` line with a word that does not apply (already reported on
    /// stderr): the lines after it are not read under the rules the user
    /// wrote, so the run must not end as a success.
    BadRules,
}

/// A hand line as it heads its errors: a blank one is named, or the
/// header would be empty.
pub(crate) fn line_heading(line: &str) -> &str {
    if line.trim().is_empty() {
        "(a blank line)"
    } else {
        line
    }
}

/// The hand lines of standard input, read as a `.mj` document: blank and
/// comment lines are skipped, and `rules:` lines set the rules of the lines
/// after them (their problems go to stderr, after `tenpai CMD:`).
pub(crate) fn stdin_hands(
    cmd: &'static str,
    rules: &crate::score::Rules,
) -> impl Iterator<Item = std::io::Result<StdinLine>> {
    use crate::notation::{ast::LineKind, parse_line, rules_of};
    let mut rules = rules.clone();
    std::io::stdin()
        .lines()
        .zip(1u32..)
        .filter_map(move |(line, number)| {
            let line = match line {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            match parse_line(&line).kind {
                LineKind::Blank | LineKind::Comment => None,
                LineKind::Rules(r) => {
                    let (next, diags) = rules_of(&r, &rules);
                    for d in &diags {
                        eprintln!("tenpai {cmd}: {line}: {}: {}", d.code, d.message);
                    }
                    rules = next;
                    (!diags.is_empty()).then_some(Ok(StdinLine::BadRules))
                }
                LineKind::Hand(_) => Some(Ok(StdinLine::Hand(line, rules.clone(), number))),
            }
        })
}

#[derive(Parser, Debug)]
#[command(
    name = "tenpai",
    version,
    about = "Riichi Mahjong hand notation: check, format, score, analyse, serve",
    after_help = "A first word that is no subcommand is a hand to score, as `tenpai score` reads it:\n  tenpai 234m567p22s345678s win=8s riichi tsumo\n  tenpai 123p111999s11166z win=6z --sanma --nuki 2"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check hand lines in .mj and Markdown files (notation errors, impossible
    /// hands, hands with no yaku, wrong claims).
    Check(check::CheckArgs),
    /// Rewrite hand lines in the canonical form.
    Fmt(fmt::FmtArgs),
    /// Score a winning hand.
    Score(score::ScoreArgs),
    /// Shanten, waits, ukeire and discard analysis.
    Shanten(shanten::ShantenArgs),
    /// Run the language server over stdio.
    Lsp(lsp::LspArgs),
    /// Review a game log (tenhou.net/6 JSON, mjlog XML, mjai): a .mj file
    /// with every decision and every win, scored as the log records it.
    Review(review::ReviewArgs),
    /// Draw hands as tiles: a document as an HTML page, or one hand as SVG
    /// or PNG.
    Render(render::RenderArgs),
    /// mdBook preprocessor: draws the hands of a book's chapters
    /// (`[preprocessor.tenpai] command = "tenpai mdbook"`).
    Mdbook(publish::MdbookArgs),
    /// Pandoc JSON filter: draws the hands of a document in HTML output.
    Pandoc(publish::PandocArgs),
}

/// Whether `word` names a subcommand (or an alias of one, or `help`):
/// read from the command definition itself, so a new subcommand is never
/// mistaken for a hand.
fn is_subcommand(word: &str) -> bool {
    use clap::CommandFactory;
    word == "help"
        || Cli::command()
            .get_subcommands()
            .any(|c| c.get_name() == word || c.get_all_aliases().any(|a| a == word))
}

/// The arguments with `score` put in front when the first word is not a
/// subcommand (nor `--help` / `--version`): `tenpai HAND ...` scores the
/// hand, as agari's command line does.
pub fn with_default_subcommand(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let first = args.get(1).and_then(|a| a.to_str());
    let scores = match first {
        None => false,
        Some(word) => !is_subcommand(word) && !matches!(word, "-h" | "--help" | "-V" | "--version"),
    };
    if !scores {
        return args;
    }
    let mut out = Vec::with_capacity(args.len() + 1);
    let mut rest = args.into_iter();
    out.extend(rest.next());
    out.push("score".into());
    out.extend(rest);
    out
}

pub fn main() -> ExitCode {
    let args = with_default_subcommand(std::env::args_os().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Check(a) => check::run(a),
        Command::Fmt(a) => fmt::run(a),
        Command::Score(a) => score::run(a),
        Command::Shanten(a) => shanten::run(a),
        Command::Lsp(a) => lsp::run(a),
        Command::Review(a) => review::run(a),
        Command::Render(a) => render::run(a),
        Command::Mdbook(a) => publish::run_mdbook(a),
        Command::Pandoc(a) => publish::run_pandoc(a),
    }
}

#[cfg(test)]
mod default_subcommand_tests {
    use super::*;

    fn words(args: &[&str]) -> Vec<String> {
        with_default_subcommand(args.iter().map(|a| (*a).into()).collect())
            .into_iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn a_hand_first_is_scored_and_a_subcommand_is_itself() {
        assert_eq!(
            words(&["tenpai", "123m456p789s11222z", "--sanma"]),
            ["tenpai", "score", "123m456p789s11222z", "--sanma"]
        );
        assert_eq!(words(&["tenpai", "-"]), ["tenpai", "score", "-"]);
        for sub in ["check", "fmt", "score", "shanten", "lsp", "help"] {
            assert_eq!(words(&["tenpai", sub, "x"]), ["tenpai", sub, "x"]);
        }
        // Every subcommand the definition has, however many are added.
        use clap::CommandFactory;
        for c in Cli::command().get_subcommands() {
            let name = c.get_name().to_string();
            assert_eq!(words(&["tenpai", &name])[1], name);
        }
        assert_eq!(words(&["tenpai", "--help"]), ["tenpai", "--help"]);
        assert_eq!(words(&["tenpai"]), ["tenpai"]);
    }
}
