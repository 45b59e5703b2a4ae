//! Completion on a hand line: the options after the hand, their values,
//! and for `win=` the hand's waits first.

use std::ops::Range;

use crate::document::{analyze_text, LineAnalysis};
use crate::shanten::Analysis;

use super::outcome::{outcome, Outcome};
use super::text::{shanten_name, win_value_text};
use crate::notation::ast::LineKind;
use crate::notation::options::{self, ValueKind};
use crate::score::Rules;
use crate::tile::{Tile, Wind};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ItemKind {
    /// An option word or `key=`.
    Option,
    /// A tile value.
    Tile,
    /// Another value (a wind).
    Value,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    pub label: String,
    pub detail: String,
    /// Replaces `replace` (line-relative bytes).
    pub insert: String,
    pub replace: Range<usize>,
    /// Orders the list: waits before other tiles, and so on.
    pub sort: String,
    pub kind: ItemKind,
}

/// What each option means, for the completion list.
fn describe(key: &str) -> &'static str {
    match key {
        "win" => "the winning tile",
        "tsumo" => "won by self-draw",
        "ron" => "won on a discard",
        "riichi" => "riichi declared",
        "double-riichi" => "riichi declared on the first turn",
        "ippatsu" => "won within a turn of riichi",
        "haitei" => "tsumo on the last tile",
        "houtei" => "ron on the last discard",
        "rinshan" => "won on the replacement tile of a kan",
        "chankan" => "ron on a tile added to a kan",
        "tenhou" => "dealer's win on the first draw",
        "chiihou" => "non-dealer's win on the first draw",
        "renhou" => "ron before the first draw",
        "nagashi" => "nagashi mangan",
        "seat" => "the seat wind (dealer is East)",
        "round" => "the round wind",
        "dora" => "dora indicators",
        "ura" => "ura-dora indicators",
        "honba" => "honba counters",
        "sticks" => "riichi sticks on the table",
        "visible" => "tiles seen elsewhere",
        "discard" => "the tile discarded (game review)",
        _ => "",
    }
}

/// The completions at byte `col` of a line.
pub fn complete(text: &str, col: usize, rules: &Rules) -> Vec<Item> {
    let mut col = col.min(text.len());
    while !text.is_char_boundary(col) {
        col -= 1;
    }
    let start = text[..col].rfind(char::is_whitespace).map_or(0, |i| {
        i + text[i..].chars().next().map_or(1, char::len_utf8)
    });
    let word = &text[start..col];
    // The line without the word being typed: a half-written word (`r`,
    // `win=`) would otherwise be read as a tile or be an error.
    let rest = format!("{}{}", &text[..start], &text[col..]);
    let a = analyze_text(&rest, rules, false);
    let LineKind::Hand(h) = &a.line.kind else {
        return Vec::new();
    };
    let after_hand = start >= h.hand_span.end;
    let in_claim = h.claim.as_ref().is_some_and(|c| c.span.start < start);
    let in_comment = h.comment.as_ref().is_some_and(|c| c.start < start);
    if !after_hand || in_claim || in_comment {
        return Vec::new();
    }
    match word.split_once('=') {
        Some((key, value)) => {
            let value_start = start + key.len() + 1;
            values(key, value_start..col, value, &a)
        }
        None => option_items(&a, start..col),
    }
}

fn option_items(a: &LineAnalysis, replace: Range<usize>) -> Vec<Item> {
    let present: Vec<&str> = a
        .hand_line()
        .map(|h| h.options.iter().map(|o| o.key).collect())
        .unwrap_or_default();
    options::OPTIONS
        .iter()
        .enumerate()
        .filter(|(_, (name, _))| !present.contains(name))
        .map(|(i, (name, kind))| {
            let insert = match kind {
                ValueKind::Flag => name.to_string(),
                _ => format!("{name}="),
            };
            Item {
                label: insert.clone(),
                detail: describe(name).to_string(),
                insert,
                replace: replace.clone(),
                sort: format!("{i:02}"),
                kind: ItemKind::Option,
            }
        })
        .collect()
}

fn values(key: &str, replace: Range<usize>, typed: &str, a: &LineAnalysis) -> Vec<Item> {
    let Some((name, kind, _)) = options::lookup(key) else {
        return Vec::new();
    };
    match kind {
        ValueKind::Wind => Wind::ALL
            .iter()
            .map(|w| Item {
                label: w.letter().to_string(),
                detail: w.name().to_string(),
                insert: w.letter().to_string(),
                replace: replace.clone(),
                sort: format!("{}", *w as u8),
                kind: ItemKind::Value,
            })
            .collect(),
        ValueKind::Tile => tile_items(ranked_tiles(name, a), replace),
        // Several tiles: offer the next one, after what is typed.
        ValueKind::Tiles => {
            let at = replace.start + typed.len();
            tile_items(Tile::all().map(|t| (t, String::new())).collect(), at..at)
        }
        ValueKind::Flag | ValueKind::Number => Vec::new(),
    }
}

/// Tiles in the order a writer most likely wants them, with a note each.
fn ranked_tiles(key: &str, a: &LineAnalysis) -> Vec<(Tile, String)> {
    let mut first: Vec<(Tile, String)> = Vec::new();
    let analysis = match outcome(a) {
        Some(Outcome::Shanten(an)) => Some(an),
        _ => None,
    };
    match (key, &analysis) {
        ("win", Some(Analysis::Tenpai { waits, .. })) => {
            for w in waits {
                let note = match &w.value {
                    Some(v) => format!("wait, {} left · ron {}", w.left, win_value_text(&v.ron)),
                    None => format!("wait, {} left", w.left),
                };
                first.push((w.tile, note));
            }
        }
        ("discard", Some(Analysis::Discards { options, .. })) => {
            for o in options {
                first.push((o.tile, shanten_name(o.shanten)));
            }
        }
        _ => {}
    }
    // Then the hand's own tiles (the winning tile of a 14-tile hand is one
    // of them), then every other tile.
    if let Some(v) = &a.validated {
        for t in &v.hand.closed {
            if !first.iter().any(|(f, _)| f == t) {
                first.push((*t, "in the hand".to_string()));
            }
        }
    }
    for t in Tile::all() {
        if !first.iter().any(|(f, _)| *f == t) {
            first.push((t, String::new()));
        }
    }
    first
}

fn tile_items(tiles: Vec<(Tile, String)>, replace: Range<usize>) -> Vec<Item> {
    tiles
        .into_iter()
        .enumerate()
        .map(|(i, (t, note))| Item {
            label: t.ascii(),
            detail: if note.is_empty() {
                format!("{} {}", t.glyph(), t.name())
            } else {
                format!("{} {} — {note}", t.glyph(), t.name())
            },
            insert: t.ascii(),
            replace: replace.clone(),
            sort: format!("{i:02}"),
            kind: ItemKind::Tile,
        })
        .collect()
}
