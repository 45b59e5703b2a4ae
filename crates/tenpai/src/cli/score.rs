//! `tenpai score`: a hand line (and agari's flags) -> yaku, fu with reasons,
//! han/fu/limit and who pays what; `--json` for machines, `-` for batches.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use serde_json::{json, Value};

use crate::cli::check::RuleArgs;
use crate::diag::{Code, Diagnostic, Severity};
use crate::document::present::WinTile;
use crate::hand::{read_hand, Hand, Mode, Situation};
use crate::json::{PlacedDiagnostic, SCHEMA_VERSION};
use crate::notation::{ast::LineKind, parse_line};
use crate::score::json::error_json;
use crate::score::{self, Alternative, Interpretation, Rules, Score, ScoreError};
use crate::tile::TileText;

#[derive(clap::Args, Debug, Default)]
#[command(after_help = "Examples:
  tenpai score \"234m567p22s345678s win=8s riichi tsumo dora=1p\"
  tenpai score 234m567p22s345678s -w 8s -t -r -d 1p
  tenpai score \"19m19p19s12345677z\" --json
  tenpai score - --json < hands.mj

Options on the command line replace the same options written in the line.")]
pub struct ScoreArgs {
    /// The hand line (tiles, melds, options); several words are joined into
    /// one line. `-` reads hand lines from standard input, one per line.
    #[arg(value_name = "LINE", required = true)]
    pub line: Vec<String>,

    /// Winning tile (`win=`).
    #[arg(short = 'w', long = "win", value_name = "TILE", value_parser = one_tile)]
    pub win: Option<String>,
    /// Won by self-draw (`tsumo`; default: ron).
    #[arg(short, long)]
    pub tsumo: bool,
    /// Won on a discard (`ron`).
    #[arg(long, conflicts_with = "tsumo")]
    pub ron: bool,
    /// Riichi.
    #[arg(short, long)]
    pub riichi: bool,
    /// Double riichi.
    #[arg(long)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[arg(long)]
    pub ippatsu: bool,
    /// Round wind: e s w n (or 1z-4z).
    #[arg(long, value_name = "WIND", value_parser = wind)]
    pub round: Option<String>,
    /// Seat wind: e s w n (or 1z-4z); east is the dealer.
    #[arg(long, value_name = "WIND", value_parser = wind)]
    pub seat: Option<String>,
    /// Dora indicators: `1m5z` or `1m,5z`.
    #[arg(short, long, value_name = "TILES", value_parser = tiles)]
    pub dora: Option<String>,
    /// Ura-dora indicators (count with riichi only).
    #[arg(long, value_name = "TILES", value_parser = tiles)]
    pub ura: Option<String>,
    /// Won on the last tile: haitei (tsumo) or houtei (ron).
    #[arg(long)]
    pub last_tile: bool,
    /// Won on a kan replacement tile.
    #[arg(long)]
    pub rinshan: bool,
    /// Robbed a kan.
    #[arg(long)]
    pub chankan: bool,
    /// Dealer's win on the first draw.
    #[arg(long)]
    pub tenhou: bool,
    /// Non-dealer's win on the first draw.
    #[arg(long)]
    pub chiihou: bool,
    /// Non-dealer's ron before the first draw; its value (mangan, yakuman,
    /// or a number of han as `--renhou 5`) sets the renhou rule (default
    /// mangan).
    #[arg(long, value_name = "VALUE", num_args = 0..=1, default_missing_value = "mangan", value_parser = renhou_value)]
    pub renhou: Option<String>,
    /// Riichi declared open, hand shown (`open-riichi`): scores its 2 han
    /// (3 with `--double-riichi`) and turns the open-riichi rule on.
    #[arg(long)]
    pub open_riichi: bool,
    /// North tiles set aside as nukidora (`nuki=N`, 0-4); three-player, so
    /// it also turns `sanma` on.
    #[arg(long, value_name = "N", value_parser = nuki_count)]
    pub nuki: Option<u32>,
    /// The dealer's eighth win in a row (`paarenchan`; `--paarenchan 2`
    /// counts it twice); turns the paarenchan rule on.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "1", value_parser = paarenchan_count)]
    pub paarenchan: Option<u32>,
    /// Score a nagashi mangan (no tiles needed beyond the line's hand).
    #[arg(long)]
    pub nagashi: bool,
    /// Counters on the table (300 points each by default).
    #[arg(long, value_name = "N", value_parser = honba_count)]
    pub honba: Option<u32>,
    /// Riichi sticks on the table (1000 each).
    #[arg(long, value_name = "N", value_parser = stick_count)]
    pub sticks: Option<u32>,

    #[command(flatten)]
    pub rules: RuleArgs,
    /// Kazoe cap: 13+ han is `yakuman` (default) or `sanbaiman`.
    #[arg(long, value_name = "CAP")]
    pub kazoe: Option<String>,
    /// Only the biggest yakuman counts when several apply.
    #[arg(long)]
    pub no_yakuman_stacking: bool,
    /// Nagashi mangan is not scored.
    #[arg(long)]
    pub no_nagashi: bool,
    /// Fu for a pair of a wind that is both seat and round wind (2 or 4).
    #[arg(long, value_name = "FU")]
    pub double_wind_fu: Option<u8>,
    /// Points per honba on a ron (a third from each payer on a tsumo).
    #[arg(long, value_name = "POINTS")]
    pub honba_value: Option<u32>,

    /// Print every interpretation, not only the best.
    #[arg(long)]
    pub all: bool,
    /// One JSON object per hand line (see docs/json.md).
    #[arg(long)]
    pub json: bool,
    /// Write tiles as `1m` instead of Unicode glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// No colour (also off with NO_COLOR, or when not on a terminal).
    #[arg(long)]
    pub no_color: bool,
}

// The situation flags are checked as clap reads them, by the notation's
// own parser, so that a bad value is a usage error (exit 2) naming the flag,
// not an error in a line the user did not write (`seat=x`).

fn option_value(key: &str, v: &str) -> Result<String, String> {
    let line = crate::notation::parse_line(&format!("1m {key}={v}"));
    match line.errors.first() {
        None => Ok(v.to_string()),
        Some(d) => Err(d.message.clone()),
    }
}

fn wind(v: &str) -> Result<String, String> {
    option_value("seat", v)
}

// A space between the tiles is no option word here (the flag's whole value
// is tiles), and `flag_options` drops it as it drops a comma.
fn tiles(v: &str) -> Result<String, String> {
    option_value("dora", &v.replace([',', ' '], ""))
}

fn one_tile(v: &str) -> Result<String, String> {
    option_value("win", v)
}

// The line's own range (0-999) decides, so that `--honba 1000` is refused
// here rather than scored as a line with a bad `honba=`.
fn count(key: &str, v: &str) -> Result<u32, String> {
    option_value(key, v)?
        .parse()
        .map_err(|_| format!("'{v}' is not a number of {key}"))
}

fn nuki_count(v: &str) -> Result<u32, String> {
    count("nuki", v).and_then(|n| {
        if n <= 4 {
            Ok(n)
        } else {
            Err(format!("nuki counts the Norths set aside, 0 to 4, not {n}"))
        }
    })
}

fn paarenchan_count(v: &str) -> Result<u32, String> {
    match v.parse::<u32>() {
        Ok(n @ 1..=6) => Ok(n),
        _ => Err(format!("paarenchan counts 1 to 6 yakuman, not '{v}'")),
    }
}

/// `--renhou` is mangan, yakuman, off or a number of han, as a `renhou=`
/// rule word says.
fn renhou_value(v: &str) -> Result<String, String> {
    Rules::tenhou()
        .apply(&format!("renhou={v}"))
        .map(|()| v.to_string())
        .map_err(|e| format!("--renhou: {e}"))
}

fn honba_count(v: &str) -> Result<u32, String> {
    count("honba", v)
}

fn stick_count(v: &str) -> Result<u32, String> {
    count("sticks", v)
}

impl ScoreArgs {
    /// The rule set: presets and words first, then each switch flag.
    pub fn rule_set(&self) -> Result<Rules, String> {
        let mut rules = self.rules.project_rules()?;
        if let Some(k) = &self.kazoe {
            rules.apply(&format!("kazoe={k}"))?;
        }
        if self.no_yakuman_stacking {
            rules.yakuman_stacking = false;
        }
        if self.no_nagashi {
            rules.nagashi = false;
        }
        if let Some(f) = self.double_wind_fu {
            rules.apply(&format!("double-wind-fu={f}"))?;
        }
        if let Some(v) = self.honba_value {
            rules.apply(&format!("honba={v}")).map_err(|_| {
                format!("--honba-value takes the points a honba adds to a ron, a multiple of 3 up to 10000 (300 by default), not {v}")
            })?;
        }
        if let Some(v) = &self.renhou {
            rules
                .apply(&format!("renhou={v}"))
                .map_err(|e| format!("--renhou: {e}"))?;
        }
        if self.open_riichi {
            rules.open_riichi = true;
        }
        if self.paarenchan.is_some() {
            rules.paarenchan = true;
        }
        // Norths are set aside only with three players.
        if self.nuki.is_some_and(|n| n > 0) && !rules.is_sanma() {
            rules.apply("sanma")?;
        }
        Ok(rules)
    }

    /// The options the flags set, as `(key, word)` pairs of the notation.
    fn flag_options(&self) -> Vec<(&'static str, String)> {
        let mut options: Vec<(&'static str, String)> = Vec::new();
        let tiles = |s: &str| s.replace([',', ' '], "");
        if let Some(w) = &self.win {
            options.push(("win", format!("win={}", tiles(w))));
        }
        if self.tsumo {
            options.push(("tsumo", "tsumo".into()));
        }
        if self.ron {
            options.push(("ron", "ron".into()));
        }
        if self.double_riichi {
            options.push(("double-riichi", "double-riichi".into()));
        } else if self.riichi {
            options.push(("riichi", "riichi".into()));
        }
        if self.open_riichi {
            options.push(("open-riichi", "open-riichi".into()));
        }
        if self.ippatsu {
            options.push(("ippatsu", "ippatsu".into()));
        }
        if let Some(w) = &self.round {
            options.push(("round", format!("round={w}")));
        }
        if let Some(w) = &self.seat {
            options.push(("seat", format!("seat={w}")));
        }
        if let Some(d) = &self.dora {
            options.push(("dora", format!("dora={}", tiles(d))));
        }
        if let Some(d) = &self.ura {
            options.push(("ura", format!("ura={}", tiles(d))));
        }
        for (on, key) in [
            (self.rinshan, "rinshan"),
            (self.chankan, "chankan"),
            (self.tenhou, "tenhou"),
            (self.chiihou, "chiihou"),
            (self.renhou.is_some(), "renhou"),
            (self.nagashi, "nagashi"),
        ] {
            if on {
                options.push((key, key.into()));
            }
        }
        match self.paarenchan {
            Some(1) => options.push(("paarenchan", "paarenchan".into())),
            Some(n) => options.push(("paarenchan", format!("paarenchan={n}"))),
            None => {}
        }
        if let Some(n) = self.nuki {
            options.push(("nuki", format!("nuki={n}")));
        }
        if let Some(n) = self.honba {
            options.push(("honba", format!("honba={n}")));
        }
        if let Some(n) = self.sticks {
            options.push(("sticks", format!("sticks={n}")));
        }
        options
    }
}

/// Options that replace each other: a flag for one removes the others.
fn replaces(flag: &str, key: &str) -> bool {
    flag == key
        || matches!(
            (flag, key),
            ("tsumo", "ron")
                | ("ron", "tsumo")
                | ("riichi", "double-riichi")
                | ("double-riichi", "riichi")
        )
}

/// The line with the flags' options added; an option the flags set is
/// removed from the line first. `--last-tile` becomes `haitei` or `houtei`
/// once it is known how the hand was won.
pub fn merge_flags(line: &str, args: &ScoreArgs) -> String {
    let flags = args.flag_options();
    let parsed = parse_line(line);
    let mut text = line.to_string();
    let mut tsumo = args.tsumo;
    if let LineKind::Hand(h) = &parsed.kind {
        if !args.ron && h.option("tsumo").is_some() {
            tsumo = true;
        }
        // Cut from the end so earlier spans stay valid.
        let mut cuts: Vec<std::ops::Range<usize>> = h
            .options
            .iter()
            .filter(|o| {
                flags.iter().any(|(k, _)| replaces(k, o.key()))
                    || (args.last_tile && matches!(o.key(), "haitei" | "houtei"))
            })
            .map(|o| o.span())
            .collect();
        cuts.sort_by_key(|r| std::cmp::Reverse(r.start));
        for c in cuts {
            if c.end <= text.len() && text.is_char_boundary(c.start) && text.is_char_boundary(c.end)
            {
                text.replace_range(c, "");
            }
        }
    }
    let mut words: Vec<String> = flags.into_iter().map(|(_, w)| w).collect();
    if args.last_tile {
        words.push(if tsumo { "haitei" } else { "houtei" }.to_string());
    }
    if words.is_empty() {
        return line.to_string();
    }
    // Options go before a claim or comment.
    let cut = [text.find("=>"), text.find('#')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(text.len());
    let (head, tail) = text.split_at(cut);
    let mut out = head.split_whitespace().collect::<Vec<_>>().join(" ");
    for w in words {
        out.push(' ');
        out.push_str(&w);
    }
    if !tail.is_empty() {
        out.push(' ');
        out.push_str(tail);
    }
    out
}

/// One scored line, or why it could not be. (One value per command-line
/// line, moved once: the inline tile lists of `Hand` make the variants
/// unequal, which costs nothing here.)
#[allow(clippy::large_enum_variant)]
pub enum Outcome {
    Scored {
        hand: Hand,
        sit: Situation,
        result: Box<Result<Score, ScoreError>>,
        /// The line's warnings and notes (an option these rules do not
        /// score, a fifth copy counted with the indicators): the hand is
        /// scored, but not quite as written.
        notes: Vec<Diagnostic>,
    },
    Notation(Vec<Diagnostic>),
}

pub fn score_line(line: &str, rules: &Rules) -> Outcome {
    match read_hand(line, rules, Mode::Strict) {
        Ok((hand, sit, notes)) => {
            let result = Box::new(score::score(&hand, &sit, rules));
            Outcome::Scored {
                hand,
                sit,
                result,
                notes,
            }
        }
        Err(errors) => Outcome::Notation(errors),
    }
}

impl Outcome {
    pub fn ok(&self) -> bool {
        matches!(self, Outcome::Scored { result, .. } if result.is_ok())
    }

    /// The `--json` object of the line `text`, line `number` (1-based) of
    /// the input: `docs/json.md`, `docs/schema/score.json`.
    pub fn to_json(&self, text: &str, number: u32) -> Value {
        let mut value = match self {
            Outcome::Scored { result, notes, .. } => {
                let mut value = score::to_json(result);
                if !notes.is_empty() {
                    value["diagnostics"] = diagnostics_json(text, number, notes);
                }
                value
            }
            Outcome::Notation(diags) => {
                // `read_hand` fails with at least one error; an empty list
                // would be a line it could not read as a hand at all.
                let first = diags.first();
                let mut value = error_json(
                    first.map_or(Code::NotAHand, |d| d.code),
                    &first.map_or_else(
                        || "the line does not parse".to_string(),
                        |d| d.message.clone(),
                    ),
                );
                value["diagnostics"] = diagnostics_json(text, number, diags);
                value
            }
        };
        value["schema_version"] = json!(SCHEMA_VERSION);
        value["text"] = json!(text);
        value
    }
}

fn diagnostics_json(text: &str, number: u32, diags: &[Diagnostic]) -> Value {
    json!(diags
        .iter()
        .map(|d| PlacedDiagnostic::in_line(text, number, d))
        .collect::<Vec<_>>())
}

/// ANSI styling, or none.
#[derive(Clone, Copy)]
pub struct Style {
    pub on: bool,
}

impl Style {
    fn paint(self, code: &str, s: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    fn bold(self, s: &str) -> String {
        self.paint("1", s)
    }
    fn dim(self, s: &str) -> String {
        self.paint("2", s)
    }
    fn good(self, s: &str) -> String {
        self.paint("1;32", s)
    }
    fn bad(self, s: &str) -> String {
        self.paint("1;31", s)
    }
    fn accent(self, s: &str) -> String {
        self.paint("1;33", s)
    }
}

/// The hand as written, in glyphs or digits: closed tiles, then melds.
pub fn hand_text(hand: &Hand, text: TileText) -> String {
    crate::document::present::hand_text(hand, WinTile::InHand, text)
}

fn value_line(han: u32, fu: Option<u32>, limit: Option<score::Limit>, st: Style) -> String {
    let hf = match (limit, fu) {
        (Some(score::Limit::Yakuman(_)), _) => String::new(),
        (_, Some(fu)) => format!("{han} han {fu} fu"),
        (_, None) => format!("{han} han"),
    };
    match limit {
        Some(l) if hf.is_empty() => st.accent(l.name()),
        Some(l) => format!("{} ({hf})", st.accent(l.name())),
        None => st.bold(&hf),
    }
}

fn payments_text(points: &score::Points, sit: &Situation, rules: &Rules) -> String {
    let mut text = match (points.ron, points.dealer, points.non_dealer) {
        (Some(r), _, _) => format!("Ron: {r} from the discarder"),
        (None, Some(d), Some(n)) => {
            format!("Tsumo: {n} from each non-dealer, {d} from the dealer ({n}/{d})")
        }
        (None, None, Some(n)) => format!("Tsumo: {n} all"),
        _ => String::new(),
    };
    let mut extras = Vec::new();
    if sit.honba > 0 && !sit.nagashi {
        let per = if sit.tsumo {
            format!(" ({} from each payer)", sit.honba * (rules.honba_value / 3))
        } else {
            String::new()
        };
        extras.push(format!("{} honba{per}", sit.honba));
    }
    if sit.sticks > 0 && !sit.nagashi {
        let sticks = if sit.sticks == 1 { "stick" } else { "sticks" };
        extras.push(format!("{} riichi {sticks}", sit.sticks));
    }
    if !extras.is_empty() {
        let _ = write!(text, "; with {}", extras.join(" and "));
    }
    let _ = write!(text, " = {} total", points.total);
    text
}

fn yaku_table(out: &mut String, yaku: &score::YakuList, st: Style) {
    let width = yaku
        .iter()
        .map(|y| y.yaku.name().len())
        .max()
        .unwrap_or(0)
        .max(4);
    for y in yaku {
        let han = if y.yaku.is_yakuman() {
            if y.han >= 26 {
                "double yakuman".to_string()
            } else {
                "yakuman".to_string()
            }
        } else {
            format!("{} han", y.han)
        };
        let _ = writeln!(out, "  {:<width$}  {}", y.yaku.name(), st.bold(&han));
    }
}

fn fu_table(out: &mut String, items: &score::FuList, fu: Option<u32>, st: Style) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "{}", st.bold("Fu"));
    for f in items {
        let _ = writeln!(out, "  {:>3}  {}", f.fu, f.reason);
    }
    if let Some(fu) = fu {
        let _ = writeln!(out, "  {}", st.dim(&format!("{fu:>3}  total")));
    }
}

fn interpretation_text(it: &Interpretation, text: TileText) -> String {
    it.render(text)
}

fn alternative_text(
    out: &mut String,
    a: &Alternative,
    sit: &Situation,
    rules: &Rules,
    text: TileText,
    st: Style,
) {
    let _ = writeln!(out, "  {}", interpretation_text(&a.interpretation, text));
    match &a.points {
        Some(p) => {
            let ids: Vec<String> = a
                .yaku
                .iter()
                .map(|y| format!("{} {}", y.yaku.id(), y.han))
                .collect();
            let _ = writeln!(
                out,
                "    {}: {}; {}",
                value_line(a.han, a.fu, a.limit, st),
                ids.join(", "),
                payments_text(p, sit, rules)
            );
        }
        None => {
            let _ = writeln!(out, "    {}", st.dim("no yaku"));
        }
    }
}

/// Which readings of a scored hand the human report shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Readings {
    /// The chosen one.
    Best,
    /// The chosen one, then every other (`--all`).
    All,
}

/// The human report of one line.
pub fn render_text(
    line: &str,
    outcome: &Outcome,
    rules: &Rules,
    readings: Readings,
    text: TileText,
    st: Style,
) -> String {
    let mut out = String::new();
    match outcome {
        Outcome::Notation(diags) => {
            let _ = writeln!(out, "{} {}", st.bad("error:"), super::line_heading(line));
            for d in diags {
                let _ = writeln!(
                    out,
                    "  {} {} (at {}..{})",
                    st.bold(d.code.as_str()),
                    d.message,
                    d.span.start,
                    d.span.end
                );
            }
        }
        Outcome::Scored {
            hand,
            sit,
            result,
            notes,
        } => {
            let _ = writeln!(out, "{}", st.bold(&hand_text(hand, text)));
            for d in notes {
                let what = if d.severity == Severity::Warning {
                    "warning:"
                } else {
                    "note:"
                };
                let _ = writeln!(
                    out,
                    "{} {}: {}",
                    st.accent(what),
                    st.bold(d.code.as_str()),
                    d.message
                );
            }
            match &**result {
                Err(e) => {
                    let _ = writeln!(
                        out,
                        "{} {}: {}",
                        st.bad("error:"),
                        st.bold(e.code.as_str()),
                        e.message
                    );
                }
                Ok(s) => {
                    let _ = writeln!(
                        out,
                        "{}",
                        st.dim(&interpretation_text(&s.interpretation, text))
                    );
                    let _ = writeln!(out, "{}", st.bold("Yaku"));
                    yaku_table(&mut out, &s.yaku, st);
                    fu_table(&mut out, &s.fu_details, s.fu, st);
                    let who = if sit.is_dealer() {
                        "dealer"
                    } else {
                        "non-dealer"
                    };
                    let _ = writeln!(
                        out,
                        "{}  {}",
                        value_line(s.han, s.fu, s.limit, st),
                        st.dim(&format!(
                            "({who} {})",
                            if sit.nagashi {
                                "nagashi mangan: a draw, paid as a tsumo"
                            } else if sit.tsumo {
                                "tsumo"
                            } else {
                                "ron"
                            }
                        ))
                    );
                    let _ = writeln!(out, "{}", st.good(&payments_text(&s.points, sit, rules)));
                    if readings == Readings::All && !s.others.is_empty() {
                        let _ = writeln!(out, "{}", st.bold("Other interpretations"));
                        for a in &s.others {
                            alternative_text(&mut out, a, sit, rules, text, st);
                        }
                    }
                }
            }
        }
    }
    out
}

pub fn run(args: ScoreArgs) -> ExitCode {
    // The words are joined into one line, so a `-` among them would be read
    // as an option of a hand line rather than as standard input.
    if args.line.len() > 1 && args.line.iter().any(|w| w == "-") {
        eprintln!(
            "tenpai score: `-` reads the hand lines from standard input and takes no other words; give the situation as flags (`tenpai score - --riichi`) or in the lines"
        );
        return ExitCode::from(2);
    }
    let rules = match args.rule_set() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tenpai score: {e}");
            return ExitCode::from(2);
        }
    };
    let color = !args.no_color
        && !args.json
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::io::stdout().is_terminal();
    let st = Style { on: color };
    let text = if args.ascii {
        TileText::Ascii
    } else {
        TileText::Glyphs
    };
    let readings = if args.all {
        Readings::All
    } else {
        Readings::Best
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let mut bad_rules = false;

    let mut emit =
        |line: &str, rules: &Rules, number: u32, out: &mut dyn Write| -> std::io::Result<()> {
            let merged = merge_flags(line, &args);
            let outcome = score_line(&merged, rules);
            failed |= !outcome.ok();
            if args.json {
                writeln!(out, "{}", outcome.to_json(&merged, number))
            } else {
                write!(
                    out,
                    "{}",
                    render_text(&merged, &outcome, rules, readings, text, st)
                )
            }
        };

    let io = if args.line.len() == 1 && args.line[0] == "-" {
        let mut first = true;
        let mut res = Ok(());
        for hand in super::stdin_hands("score", &rules) {
            let (line, rules, number) = match hand {
                Ok(super::StdinLine::Hand(line, rules, number)) => (line, rules, number),
                Ok(super::StdinLine::BadRules) => {
                    bad_rules = true;
                    continue;
                }
                Err(e) => {
                    eprintln!("tenpai score: reading standard input: {e}");
                    return ExitCode::from(2);
                }
            };
            if !args.json && !first {
                let _ = writeln!(out);
            }
            first = false;
            res = emit(&line, &rules, number, &mut out);
            if res.is_err() {
                break;
            }
        }
        res
    } else {
        let line = args.line.join(" ");
        emit(&line, &rules, 1, &mut out)
    };
    if let Err(e) = io.and_then(|_| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("tenpai score: {e}");
            return ExitCode::from(2);
        }
    }
    if failed || bad_rules {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
