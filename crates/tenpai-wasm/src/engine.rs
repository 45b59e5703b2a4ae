//! One hand line, for the calculator: what the line holds (tiles, melds,
//! the situation, so the controls can be set from it) and what it is worth
//! or how far it is from winning, as `tenpai score --json` and
//! `tenpai shanten --json` write it.
//!
//! The line is analysed by the document layer (`analyze_text`), exactly as
//! the editor's own line is, so the calculator and the hover never differ.

use serde::Serialize;
use serde_json::Value;
use tenpai_core::code::Code;
use tenpai_core::hand::{Hand, MeldKind, Riichi, Situation};
use tenpai_core::score::{self, Rules, Yaku};
use tenpai_core::shanten::{self, Analysis};
use tenpai_core::tile::{Suit, Tile};
use tenpai_doc::document::{analyze_text, LineAnalysis, Outcome};
use tenpai_doc::render::svg::{inline, standalone, FaceSet, Frame};
use tenpai_doc::render::{HandOptions, Picture, Theme, STANDALONE_SCALE};

/// A meld as the calculator draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MeldView {
    /// `chi`, `pon`, `kan` (open) or `ankan` (closed).
    pub kind: &'static str,
    /// Tiles as `5m`, a red five as `0m`.
    pub tiles: Vec<String>,
}

/// The tiles of a line.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct HandView {
    /// Sorted closed tiles, a red five as `0m`; the winning tile included.
    pub closed: Vec<String>,
    pub melds: Vec<MeldView>,
    /// The winning tile of a complete hand.
    pub win: Option<String>,
}

/// The situation of a line, as the calculator's controls show it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SituationView {
    pub tsumo: bool,
    /// `none`, `riichi` or `double`.
    pub riichi: &'static str,
    pub ippatsu: bool,
    pub last_tile: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub renhou: bool,
    /// `e s w n`.
    pub seat: String,
    pub round: String,
    pub dora: Vec<String>,
    pub ura: Vec<String>,
    pub honba: u32,
    pub sticks: u32,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LineDiagnostic {
    /// UTF-16 offsets in the line.
    pub from: usize,
    pub to: usize,
    pub severity: &'static str,
    pub code: Code,
    pub message: String,
}

/// Everything the calculator shows of one line.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct LineReport {
    /// `score` (a priced win), `unscored` (a complete shape without a
    /// price: no yaku), `shanten` (not complete), or `none` (errors, or
    /// not a hand line).
    pub outcome: &'static str,
    pub hand: Option<HandView>,
    pub situation: Option<SituationView>,
    pub diagnostics: Vec<LineDiagnostic>,
    /// `tenpai score --json`'s object (see docs/json.md).
    pub score: Option<Value>,
    /// `tenpai shanten --json`'s object.
    pub shanten: Option<Value>,
    /// The line in canonical form, when it has no syntax errors.
    pub formatted: Option<String>,
}

fn tile_code(tile: Tile, red: bool) -> String {
    if red {
        format!("0{}", tile.suit().letter())
    } else {
        tile.to_string()
    }
}

fn suit_bit(suit: Suit) -> u8 {
    match suit {
        Suit::Man => 1,
        Suit::Pin => 2,
        Suit::Sou => 4,
        Suit::Honor => 0,
    }
}

/// Tiles as codes, the first five of each suit in `red` written `0`
/// (clearing its bit, so each red five is written once).
fn codes(tiles: &[Tile], red: &mut u8) -> Vec<String> {
    tiles
        .iter()
        .map(|&tile| {
            let bit = suit_bit(tile.suit());
            let is_red = tile.is_five() && *red & bit != 0;
            if is_red {
                *red &= !bit;
            }
            tile_code(tile, is_red)
        })
        .collect()
}

pub fn hand_view(hand: &Hand) -> HandView {
    let mut melded = hand.red_suits & hand.red_melded;
    let melds = hand
        .melds
        .iter()
        .map(|m| MeldView {
            kind: match m.kind {
                MeldKind::Chi => "chi",
                MeldKind::Pon => "pon",
                MeldKind::OpenKan => "kan",
                MeldKind::ClosedKan => "ankan",
            },
            tiles: codes(&m.tiles, &mut melded),
        })
        .collect();
    let mut closed_red = hand.red_suits & !hand.red_melded;
    HandView {
        closed: codes(&hand.closed, &mut closed_red),
        melds,
        win: hand.win.map(|t| t.to_string()),
    }
}

fn situation_view(sit: &Situation) -> SituationView {
    let list = |tiles: &[Tile]| tiles.iter().map(|t| t.to_string()).collect();
    SituationView {
        tsumo: sit.tsumo,
        riichi: match sit.riichi {
            Riichi::None => "none",
            Riichi::Riichi => "riichi",
            Riichi::Double => "double",
        },
        ippatsu: sit.ippatsu,
        last_tile: sit.last_tile,
        rinshan: sit.rinshan,
        chankan: sit.chankan,
        tenhou: sit.tenhou,
        chiihou: sit.chiihou,
        renhou: sit.renhou,
        seat: sit.seat.letter().to_string(),
        round: sit.round.letter().to_string(),
        dora: list(&sit.dora),
        ura: list(&sit.ura),
        honba: sit.honba,
        sticks: sit.sticks,
    }
}

/// Adds `name_ja` beside each `name` of a score object's yaku lists.
fn with_japanese_names(mut value: Value) -> Value {
    fn name_yaku(list: &mut Value) {
        if let Some(items) = list.as_array_mut() {
            for item in items {
                let japanese = item
                    .get("id")
                    .and_then(Value::as_str)
                    .and_then(Yaku::from_id)
                    .map(Yaku::name_ja);
                if let (Some(name), Some(object)) = (japanese, item.as_object_mut()) {
                    object.insert("name_ja".into(), Value::from(name));
                }
            }
        }
    }
    if let Some(yaku) = value.get_mut("yaku") {
        name_yaku(yaku);
    }
    if let Some(others) = value.get_mut("others").and_then(Value::as_array_mut) {
        for other in others {
            if let Some(yaku) = other.get_mut("yaku") {
                name_yaku(yaku);
            }
        }
    }
    value
}

/// Analyses one hand line under `rules`.
pub fn analyze_line(line: &str, rules: &Rules) -> LineReport {
    report(&analyze_text(line, rules), line)
}

/// The report of a line already analysed (a line of a document, under the
/// rules in force there); `line` is its text.
pub fn report(analysis: &LineAnalysis, line: &str) -> LineReport {
    let map = crate::offsets::Utf16Map::new(line);
    let diagnostics = analysis
        .diagnostics
        .iter()
        .map(|d| {
            let (from, to) = map.range(&d.span);
            LineDiagnostic {
                from,
                to,
                severity: d.severity.as_str(),
                code: d.code,
                message: d.message.clone(),
            }
        })
        .collect();
    let (outcome, score, shanten) = match &analysis.outcome {
        Some(Outcome::Scored(s)) => (
            "score",
            Some(with_japanese_names(score::to_json(&Ok(
                score::Score::clone(s),
            )))),
            None,
        ),
        Some(Outcome::NotScored(e)) => (
            "unscored",
            Some(score::json::error_json(e.code, &e.message)),
            None,
        ),
        Some(Outcome::Shanten(a)) => {
            let shanten_json = match a {
                Analysis::Tenpai { shanten, .. }
                | Analysis::NotTenpai { shanten, .. }
                | Analysis::Discards { shanten, .. } => Some(shanten::to_json(shanten, a)),
                Analysis::Complete => None,
            };
            ("shanten", None, shanten_json)
        }
        None => ("none", None, None),
    };
    let formatted = tenpai_doc::format::format_line(line, &Default::default());
    LineReport {
        outcome,
        hand: analysis.validated.as_ref().map(|v| hand_view(&v.hand)),
        situation: analysis
            .validated
            .as_ref()
            .map(|v| situation_view(&v.situation)),
        diagnostics,
        score,
        shanten,
        formatted,
    }
}

/// Every yaku's id with its English and Japanese names, in the engine's
/// order (for the interface's tables and its language switch).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct YakuName {
    pub id: &'static str,
    pub en: &'static str,
    pub ja: &'static str,
}

pub fn yaku_names() -> Vec<YakuName> {
    Yaku::all()
        .iter()
        .map(|y| YakuName {
            id: y.id(),
            en: y.name(),
            ja: y.name_ja(),
        })
        .collect()
}

/// The renderer's tile faces, for a page: a hidden `<svg>` of one
/// `<symbol>` per face (`#mj-5m`, `#mj-0m` for a red five, `#mj-1z`), which
/// tiles drawn in the page point at, and their style rules, themed by the
/// page's `data-theme` (`light`, `dark`, `auto`: the system's).
pub fn tile_sprite() -> (String, String) {
    use tenpai_doc::render::faces::{DARK, LIGHT};
    use tenpai_doc::render::svg::{page_rules, sprite, variables, FaceSet};
    let dark = variables(&DARK);
    let css = format!(
        "{rules}:root{{{light}}}:root[data-theme=dark]{{{dark}}}\
         @media (prefers-color-scheme: dark){{:root[data-theme=auto]{{{dark}}}}}",
        rules = page_rules(),
        light = variables(&LIGHT),
    );
    (sprite(&FaceSet::all()), css)
}

/// A standalone SVG of a hand line already analysed (the renderer's, as
/// `tenpai render` draws it), captioned with its value; `None` for a line
/// that is no hand.
pub fn picture_svg(analysis: &LineAnalysis, line: &str, theme: Theme) -> Option<String> {
    let picture = Picture::of(line, analysis, &HandOptions::default())?;
    let frame = Frame {
        title: &picture.title,
        marked: !picture.errors.is_empty(),
        scale: STANDALONE_SCALE,
    };
    Some(standalone(
        &picture.layout,
        &frame,
        picture.caption.as_deref(),
        theme,
    ))
}

/// A hand line already analysed, drawn for the page: an `<svg>` whose
/// tiles point at the page's sprite ([`tile_sprite`]), laid out as played.
pub fn picture_inline(analysis: &LineAnalysis, line: &str) -> Option<String> {
    let picture = Picture::of(line, analysis, &HandOptions::default())?;
    let frame = Frame {
        title: &picture.title,
        marked: !picture.errors.is_empty(),
        scale: 1.0,
    };
    let mut out = String::new();
    inline(&mut out, &picture.layout, &frame, &mut FaceSet::new());
    Some(out)
}
