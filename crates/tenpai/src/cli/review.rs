//! `tenpai review LOG…`: a game log (tenhou.net/6 JSON, mjlog XML plain or
//! gzip, mjai JSON lines) -> a `.mj` review, on standard output or written
//! atomically with `-o FILE`; `--json` for tools.
//!
//! All or nothing: when any log cannot be read, nothing is written and each
//! failure is reported with its place, so a partial review is never taken
//! for a whole one.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::write::{write_file, Expect};
use tenpai_review::write::{parse_players, Players, Review, ReviewOptions, RoundFilter};

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  tenpai review 2020052700gm-00a9-0000-75a4695c.mjlog
  tenpai review game.json --player all -o game.mj
  tenpai review game.json --player 2 --round S3
  tenpai review - --json < events.mjson")]
pub struct ReviewArgs {
    /// Game logs: tenhou.net/6 JSON, Tenhou mjlog XML (plain or gzip) or
    /// mjai JSON lines, told apart by their content. `-` reads standard input.
    #[arg(value_name = "LOG", required = true)]
    pub logs: Vec<PathBuf>,
    /// Write the review to this file (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Whose decisions to review: a name, a seat 0-3 (or east..north, the
    /// seat in the first round), or `all`. Default: seat 0.
    #[arg(long, value_name = "NAME|SEAT|all")]
    pub player: Option<String>,
    /// Review one round only: `E3`, `S1`, or with its honba `E3-1`.
    #[arg(long, value_name = "ROUND", value_parser = round_filter)]
    pub round: Option<RoundFilter>,
    /// Write the review as JSON (its lines with their kinds and seats).
    #[arg(long)]
    pub json: bool,
}

fn round_filter(text: &str) -> Result<RoundFilter, String> {
    RoundFilter::parse(text).ok_or_else(|| {
        format!(
            "\"{text}\" is not a round: write E1-E4, S1-S4, W1-W4, N1-N4, optionally -HONBA (E3-1)"
        )
    })
}

fn read_input(path: &Path) -> std::io::Result<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Reviews one log, or says why not.
pub fn review_log(
    bytes: &[u8],
    player: Option<&str>,
    round: Option<&RoundFilter>,
) -> Result<Review, String> {
    let game = tenpai_review::read_log(bytes).map_err(|err| err.to_string())?;
    let players = match player {
        Some(text) => parse_players(&game, text)?,
        None => Players::One(0),
    };
    let options = ReviewOptions {
        players,
        round: round.cloned(),
    };
    tenpai_review::review(&game, &options).map_err(|err| err.to_string())
}

pub fn run(args: ReviewArgs) -> ExitCode {
    let mut reviews = Vec::new();
    let mut failed = false;
    for path in &args.logs {
        let shown = path.display();
        let result = read_input(path)
            .map_err(|err| format!("cannot read it: {err}"))
            .and_then(|bytes| review_log(&bytes, args.player.as_deref(), args.round.as_ref()));
        match result {
            Ok(review) => reviews.push((path, review)),
            Err(message) => {
                eprintln!("tenpai review: {shown}: {message}");
                failed = true;
            }
        }
    }
    if failed {
        eprintln!("tenpai review: nothing written");
        return ExitCode::FAILURE;
    }
    let several = reviews.len() > 1;
    let text = if args.json {
        let values: Vec<serde_json::Value> = reviews
            .iter()
            .map(|(path, review)| {
                let mut value = serde_json::to_value(review).unwrap_or_default();
                if let Some(object) = value.as_object_mut() {
                    object.insert("log".into(), path.display().to_string().into());
                }
                value
            })
            .collect();
        let value = if several {
            serde_json::Value::Array(values)
        } else {
            values.into_iter().next().unwrap_or_default()
        };
        format!(
            "{}\n",
            serde_json::to_string_pretty(&value).unwrap_or_default()
        )
    } else {
        let mut out = String::new();
        for (index, (path, review)) in reviews.iter().enumerate() {
            if index > 0 {
                out.push('\n');
            }
            if several || path.as_path() != Path::new("-") {
                out.push_str(&format!("# Log: {}\n", path.display()));
            }
            out.push_str(&review.to_text());
        }
        out
    };
    match &args.output {
        Some(path) => {
            // Atomically: a reader never sees half a review.
            if let Err(err) = write_file(path, text.as_bytes(), Expect::Anything) {
                eprintln!("tenpai review: cannot write {}: {err}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
