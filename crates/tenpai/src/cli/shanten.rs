//! `tenpai shanten`: shanten, waits (with their value), ukeire, and the
//! discard table of hand lines.

use std::io::Write;
use std::process::ExitCode;

use serde_json::{json, Value};

use crate::cli::check::RuleArgs;
use crate::diag::{Code, Diagnostic};
use crate::document::present::text::plural;
use crate::document::present::WinTile;
use crate::hand::{read_hand, Hand, Mode, ReadHand, Situation};
use crate::json::{PlacedDiagnostic, SCHEMA_VERSION};
use crate::notation::{
    ast::{HandItem, LineKind},
    parse_line,
};
use crate::score::Rules;
use crate::shanten::{self, Analysis, Shanten, Ukeire, Wait, WinValue};
use crate::tile::{parse_tiles, Tile, TileText};

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  tenpai shanten \"123m456p789s1122z\"
  tenpai shanten \"123456789m1135p9s discard=3p\" --ukeire
  tenpai shanten \"23m456p234s66s (678p)\" --json
  printf '1112345678999m\\n19m19p19s1234567z\\n' | tenpai shanten - --json")]
pub struct ShantenArgs {
    /// Hand lines (1-14 closed tiles, melds, options); an argument without
    /// closed tiles (`riichi`, `(678p)`) continues the line before it. `-`
    /// reads one line per line of standard input.
    #[arg(value_name = "LINE", required = true)]
    pub lines: Vec<String>,
    /// List the tiles that lower the shanten for every discard (the totals
    /// are always shown).
    #[arg(long)]
    pub ukeire: bool,
    /// Tiles seen elsewhere (discards, other melds), for practical counts:
    /// `--visible 2z2z5p` or `--visible 2z,2z,5p`. Added to the line's
    /// `visible=`.
    #[arg(long, value_name = "TILES")]
    pub visible: Option<String>,
    /// Write tiles as `1m` instead of glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Reads a hand line for analysis: partial hands (1-14 closed tiles) are
/// accepted; any error diagnostic is returned instead.
pub fn read_line(text: &str, rules: &Rules) -> Result<ReadHand, Vec<Diagnostic>> {
    let read = read_hand(text, rules, Mode::Partial)?;
    if read.0.closed.is_empty() {
        // A nagashi line may hold no tiles (it is scored without them), but
        // there is nothing to analyse.
        return Err(vec![Diagnostic::error(
            Code::TileCount,
            0..text.trim_end().len(),
            "this line has no tiles: a partial hand has 1 to 14 closed tiles",
        )]);
    }
    Ok(read)
}

/// An argument without closed tiles (options, melds, a claim) cannot be a
/// line of its own: it is the rest of the one before, written without
/// quotes (`tenpai shanten 123m456p789s1122z riichi`), as `tenpai score`
/// joins its words.
fn continues_previous(arg: &str) -> bool {
    match parse_line(arg).kind {
        LineKind::Hand(h) => !h.items.iter().any(|i| matches!(i, HandItem::Group(_))),
        _ => false,
    }
}

pub fn run(args: ShantenArgs) -> ExitCode {
    let rules = match args.rules.project_rules() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tenpai shanten: {e}");
            return ExitCode::from(2);
        }
    };
    let visible = match &args.visible {
        None => Vec::new(),
        Some(s) => match parse_tiles(&s.replace(',', "")) {
            Ok((tiles, _)) => tiles,
            Err(e) => {
                eprintln!("tenpai shanten: --visible: {e}");
                return ExitCode::from(2);
            }
        },
    };
    // Each hand line with the rules in force for it and its line number in
    // its input (1 for a line given as an argument).
    let mut inputs: Vec<(String, Rules, u32)> = Vec::new();
    let mut failed = false;
    // The command-line argument last read as a line of its own.
    let mut last_arg: Option<usize> = None;
    for l in &args.lines {
        if l == "-" {
            for hand in super::stdin_hands("shanten", &rules) {
                match hand {
                    Ok(super::StdinLine::Hand(line, rules, number)) => {
                        inputs.push((line, rules, number))
                    }
                    Ok(super::StdinLine::BadRules) => failed = true,
                    Err(e) => {
                        eprintln!("tenpai shanten: reading standard input: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
        } else if last_arg.is_some_and(|i| i + 1 == inputs.len()) && continues_previous(l) {
            if let Some((prev, _, _)) = inputs.last_mut() {
                prev.push(' ');
                prev.push_str(l);
            }
        } else {
            inputs.push((l.clone(), rules.clone(), 1));
            last_arg = Some(inputs.len() - 1);
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, (text, rules, number)) in inputs.iter().enumerate() {
        let result = read_line(text, rules).map(|(hand, mut sit, mut notes)| {
            notes.extend(fifth_visible(&hand, &sit, &visible));
            sit.visible.extend(visible.iter().copied());
            let analysis = shanten::analyze(&hand, &sit, rules);
            let sh = shanten::hand_shanten_under(&hand, rules.players);
            (hand, notes, sh, analysis)
        });
        let written = match (&result, args.json) {
            (Ok((_, notes, sh, a)), true) => {
                let mut report = shanten::to_json(sh, a);
                report["schema_version"] = json!(SCHEMA_VERSION);
                report["text"] = json!(text);
                report["error"] = Value::Null;
                if !notes.is_empty() {
                    report["diagnostics"] = diagnostics_json(text, *number, notes);
                }
                writeln!(out, "{report}")
            }
            (Ok((hand, notes, sh, a)), false) => {
                let sep = if n > 0 { "\n" } else { "" };
                write!(out, "{sep}{}", render(text, hand, notes, sh, a, &args))
            }
            (Err(diags), json) => {
                failed = true;
                if json {
                    // `read_hand` fails with at least one error.
                    let (code, message) = diags
                        .first()
                        .map_or((Code::NotAHand, "the line does not parse"), |d| {
                            (d.code, d.message.as_str())
                        });
                    let report = json!({
                        "schema_version": SCHEMA_VERSION,
                        "text": text,
                        "error": {"code": code, "message": message},
                        "diagnostics": diagnostics_json(text, *number, diags),
                    });
                    writeln!(out, "{report}")
                } else {
                    for d in diags {
                        eprintln!(
                            "{}\n  error[{}] at {}..{}: {}",
                            super::line_heading(text),
                            d.code,
                            d.span.start,
                            d.span.end,
                            d.message
                        );
                    }
                    Ok(())
                }
            }
        };
        if written.is_err() {
            // A closed pipe: nobody is reading any more.
            return ExitCode::from(if failed { 1 } else { 0 });
        }
    }
    ExitCode::from(if failed { 1 } else { 0 })
}

fn tile(t: Tile, text: TileText) -> String {
    match text {
        TileText::Ascii => t.to_string(),
        TileText::Glyphs => format!("{} {}", t.glyph(), t),
    }
}

fn hand_text(hand: &Hand, text: TileText) -> String {
    crate::document::present::hand_text(hand, WinTile::InHand, text)
}

fn forms(sh: &Shanten) -> String {
    let mut parts = vec![format!("regular {}", shanten::shanten_name(sh.regular))];
    if let Some(c) = sh.chiitoitsu {
        parts.push(format!("chiitoitsu {}", shanten::shanten_name(c)));
    }
    if let Some(k) = sh.kokushi {
        parts.push(format!("kokushi {}", shanten::shanten_name(k)));
    }
    parts.join(", ")
}

fn win_text(v: &WinValue) -> String {
    match v {
        WinValue::Points {
            han,
            fu,
            limit,
            total,
            ..
        } => {
            let what = match (limit, fu) {
                (Some(l), _) => format!("{han} han {}", l.id()),
                (None, Some(fu)) => format!("{han} han {fu} fu"),
                (None, None) => format!("{han} han"),
            };
            format!("{total} ({what})")
        }
        WinValue::NoYaku => "no yaku".to_string(),
        WinValue::Unpriced(m) => format!("not priced: {m}"),
    }
}

fn wait_lines(waits: &[Wait], text: TileText, indent: &str) -> String {
    let mut lines = String::new();
    for w in waits {
        let value = match &w.value {
            Some(v) if v.ron == WinValue::NoYaku && v.tsumo == WinValue::NoYaku => {
                format!("no yaku on {}", w.tile)
            }
            Some(v) => format!("ron {} · tsumo {}", win_text(&v.ron), win_text(&v.tsumo)),
            None => String::new(),
        };
        let line = format!("{indent}{}  {} left  {value}", tile(w.tile, text), w.left);
        lines.push_str(line.trim_end());
        lines.push('\n');
    }
    lines
}

fn ukeire_list(u: &Ukeire, text: TileText) -> String {
    u.tiles
        .iter()
        .map(|t| {
            if t.practical == t.left {
                format!("{}×{}", tile(t.tile, text), t.left)
            } else {
                format!("{}×{}({})", tile(t.tile, text), t.practical, t.left)
            }
        })
        .collect::<Vec<_>>()
        .join("  ")
}

fn count_text(u: &Ukeire) -> String {
    if u.total == u.practical_total {
        plural(u.total, "tile", "tiles")
    } else {
        format!(
            "{} ({} in theory)",
            plural(u.practical_total, "tile", "tiles"),
            u.total
        )
    }
}

/// The warning the line's own `visible=` gets for a fifth copy, for the
/// tiles of `--visible`, which the line's validation does not see (its
/// span, the whole line, names no word of it).
fn fifth_visible(hand: &Hand, sit: &Situation, flag: &[Tile]) -> Vec<Diagnostic> {
    let mut copies = [0u8; crate::tile::KINDS];
    let held = hand
        .closed
        .iter()
        .chain(hand.melds.iter().flat_map(|m| m.tiles.iter()));
    let seen = sit.dora.iter().chain(&sit.ura).chain(&sit.visible);
    for t in held.chain(seen) {
        copies[t.index()] = copies[t.index()].saturating_add(1);
    }
    let mut out = Vec::new();
    for t in flag {
        let count = &mut copies[t.index()];
        *count = count.saturating_add(1);
        if *count == 5 {
            out.push(Diagnostic::warning(
                Code::FifthTileIndicator,
                0..0,
                format!(
                    "this --visible tile is a fifth {}: the hand, indicators and visible tiles already hold four",
                    t.name()
                ),
            ));
        }
    }
    out
}

fn diagnostics_json(text: &str, number: u32, diags: &[Diagnostic]) -> Value {
    json!(diags
        .iter()
        .map(|d| PlacedDiagnostic::in_line(text, number, d))
        .collect::<Vec<_>>())
}

/// The readable report of one line.
fn render(
    text: &str,
    hand: &Hand,
    notes: &[Diagnostic],
    sh: &Shanten,
    a: &Analysis,
    args: &ShantenArgs,
) -> String {
    let tiles = if args.ascii {
        TileText::Ascii
    } else {
        TileText::Glyphs
    };
    let mut out = format!("{text}\n");
    for d in notes {
        let what = if d.severity == crate::diag::Severity::Warning {
            "warning"
        } else {
            "note"
        };
        out.push_str(&format!("  {what}[{}]: {}\n", d.code, d.message));
    }
    out.push_str(&format!("  hand     {}\n", hand_text(hand, tiles)));
    match a {
        Analysis::Complete => {
            out.push_str("  shanten  complete: a winning shape (see `tenpai score`)\n");
        }
        Analysis::Tenpai { waits, .. } => {
            let left: u32 = waits.iter().map(|w| u32::from(w.left)).sum();
            out.push_str(&format!("  shanten  tenpai ({})\n", forms(sh)));
            out.push_str(&format!(
                "  waits    {}, {} left\n",
                plural(waits.len() as u32, "kind", "kinds"),
                plural(left, "tile", "tiles")
            ));
            out.push_str(&wait_lines(waits, tiles, "    "));
        }
        Analysis::NotTenpai { ukeire, .. } => {
            out.push_str(&format!(
                "  shanten  {} ({})\n",
                shanten::shanten_name(sh.shanten),
                forms(sh)
            ));
            out.push_str(&format!(
                "  ukeire   {}, {}\n",
                plural(ukeire.tiles.len() as u32, "kind", "kinds"),
                count_text(ukeire)
            ));
            if !ukeire.tiles.is_empty() {
                out.push_str(&format!("    {}\n", ukeire_list(ukeire, tiles)));
            }
        }
        Analysis::Discards { options, .. } => {
            out.push_str(&format!(
                "  shanten  {} after the best discard ({})\n",
                shanten::shanten_name(sh.shanten),
                forms(sh)
            ));
            out.push_str("  discard  after       kinds  tiles\n");
            for o in options {
                out.push_str(&format!(
                    "    {:<6} {:<11} {:>5}  {}\n",
                    tile(o.tile, tiles),
                    shanten::shanten_name(o.shanten),
                    o.ukeire.tiles.len(),
                    count_text(&o.ukeire)
                ));
                if o.shanten == 0 {
                    out.push_str(&wait_lines(&o.waits, tiles, "             wait "));
                } else if args.ukeire && !o.ukeire.tiles.is_empty() {
                    out.push_str(&format!("             {}\n", ukeire_list(&o.ukeire, tiles)));
                }
            }
            if let Some(summary) = a.chosen_summary() {
                out.push_str(&format!("  chosen   {summary}\n"));
            }
        }
    }
    out
}
