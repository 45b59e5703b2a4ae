//! The canonical formatter: one spelling for every hand line, so that diffs
//! of articles show changes of meaning only.
//!
//! Canonical form: the closed tiles sorted and written one group per suit in
//! m p s z order (`123m456p789s11z`; a red five sorts as a 5 and stays `0`),
//! then each meld, sorted inside, after a space, in the order written; then
//! the options in the order of [`crate::notation::options::OPTIONS`]; then `=> claim`;
//! then the comment. One space between parts. Glyphs become digits (or
//! letters), `h` becomes `z`. When sorting would change which tile is written
//! last, the implicit winning tile is written out as `win=`.

use std::fmt::Write as _;

use crate::tile::{Suit, Tile};

use crate::notation::ast::{HandItem, HandLine, LineKind, OptionTok, OptionValue, TileTok};
use crate::notation::options;

/// How honors are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum HonorStyle {
    /// `1234567z`: the default, as Tenhou and most tools write them.
    #[default]
    Digits,
    /// `e s w n wh g r`.
    Letters,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct FormatOptions {
    pub honors: HonorStyle,
}

/// The canonical form of one line, or `None` when it has syntax errors (it
/// is then left as written). Blank lines become empty; comment and `rules:`
/// lines lose only their surrounding whitespace.
///
/// ```
/// use tenpai_core::format::{format_line, FormatOptions};
///
/// let options = FormatOptions::default();
/// assert_eq!(format_line("789s 11z 123m", &options).as_deref(), Some("123m789s11z"));
/// assert_eq!(format_line("6m0m4m5m", &options).as_deref(), Some("4056m"));
/// assert_eq!(format_line("123 456p", &options), None);
/// ```
pub fn format_line(text: &str, opts: &FormatOptions) -> Option<String> {
    let line = crate::notation::parse_line(text);
    if !line.errors.is_empty() {
        return None;
    }
    Some(match &line.kind {
        LineKind::Blank => String::new(),
        // A `rules:` line is the writer's, as a comment is: its words keep
        // their order and spacing (docs/notation.md).
        LineKind::Comment | LineKind::Rules(_) => text.trim().to_string(),
        LineKind::Hand(h) => hand_line(text, h, opts),
    })
}

fn hand_line(text: &str, h: &HandLine, opts: &FormatOptions) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut closed: Vec<&TileTok> = h
        .items
        .iter()
        .filter_map(|i| match i {
            HandItem::Group(g) => Some(h.toks(&g.tiles).iter()),
            HandItem::Meld(_) => None,
        })
        .flatten()
        .collect();
    let last_written = closed.last().map(|t| (t.tile, t.red));
    closed.sort_by_key(|t| (t.tile, !t.red));
    write_tiles(&mut out, closed.iter().copied(), opts, true);
    for item in &h.items {
        if let HandItem::Meld(m) = item {
            let mut tiles: Vec<&TileTok> = h.toks(&m.tiles).iter().collect();
            tiles.sort_by_key(|t| (t.tile, !t.red));
            sep(&mut out);
            let (open, close) = match m.bracket {
                crate::notation::ast::Bracket::Open => ('(', ')'),
                crate::notation::ast::Bracket::Closed => ('[', ']'),
            };
            out.push(open);
            write_tiles(&mut out, tiles.into_iter(), opts, false);
            out.push(close);
        }
    }

    // Sorting moves the tile written last; keep the winning tile it implied
    // (validation decides whether the hand has one).
    let implied_win = match (last_written, closed.last()) {
        (Some((w, red)), Some(new_last)) if h.option("win").is_none() && new_last.tile != w => {
            let validated = crate::hand::validate(
                h,
                &crate::rules::Rules::default(),
                crate::hand::Mode::Partial,
            );
            (validated.hand.win == Some(w)).then_some((w, red))
        }
        _ => None,
    };

    let mut order: Vec<&OptionTok> = h.options.iter().collect();
    order.sort_by_key(|o| o.id);
    let mut wrote_win = false;
    for o in order {
        if let (Some((w, red)), false) = (implied_win, wrote_win) {
            if o.id > options::rank("win") {
                sep(&mut out);
                out.push_str("win=");
                write_tile(&mut out, w, red, opts);
                wrote_win = true;
            }
        }
        sep(&mut out);
        out.push_str(o.key());
        match &o.value {
            Some(OptionValue::Flag) | None => {}
            Some(OptionValue::Tile(t)) => {
                out.push('=');
                write_tile(&mut out, t.tile, t.red, opts);
            }
            Some(OptionValue::Tiles(ts)) => {
                out.push('=');
                write_tiles(&mut out, h.toks(ts).iter(), opts, false);
            }
            Some(OptionValue::Wind(w)) => {
                out.push('=');
                out.push(w.letter());
            }
            Some(OptionValue::Number(n)) => {
                let _ = write!(out, "={n}");
            }
        }
    }
    if let (Some((w, red)), false) = (implied_win, wrote_win) {
        sep(&mut out);
        out.push_str("win=");
        write_tile(&mut out, w, red, opts);
    }
    if let Some(c) = &h.claim {
        sep(&mut out);
        out.push_str("=>");
        for word in c.text.split_whitespace() {
            out.push(' ');
            out.push_str(word);
        }
    }
    if let Some(c) = &h.comment {
        sep(&mut out);
        out.push_str(&text[c.clone()]);
    }
    out
}

fn sep(out: &mut String) {
    if !out.is_empty() {
        out.push(' ');
    }
}

fn write_tile(out: &mut String, tile: Tile, red: bool, opts: &FormatOptions) {
    if tile.is_honor() && opts.honors == HonorStyle::Letters {
        out.push_str(letter(tile));
    } else {
        out.push(if red {
            '0'
        } else {
            char::from(b'0' + tile.number())
        });
        out.push(tile.suit().letter());
    }
}

fn letter(tile: Tile) -> &'static str {
    ["e", "s", "w", "n", "wh", "g", "r"][usize::from(tile.number().clamp(1, 7)) - 1]
}

/// Writes tiles in the order given, sharing one suit letter between
/// consecutive tiles of a suit. In a closed hand written with letter honors,
/// each honor kind is a word of its own (`789s ee ggg` rather than the
/// puzzling `789seeggg`).
fn write_tiles<'a>(
    out: &mut String,
    tiles: impl Iterator<Item = &'a TileTok>,
    opts: &FormatOptions,
    spaced_letters: bool,
) {
    let mut pending: Option<Suit> = None;
    let mut any = false;
    let mut prev_letter: Option<Tile> = None;
    for t in tiles {
        let suit = t.tile.suit();
        if suit == Suit::Honor && opts.honors == HonorStyle::Letters {
            if let Some(s) = pending.take() {
                out.push(s.letter());
            }
            if spaced_letters && any && prev_letter != Some(t.tile) {
                out.push(' ');
            }
            out.push_str(letter(t.tile));
            any = true;
            prev_letter = Some(t.tile);
            continue;
        }
        if let Some(s) = pending.filter(|&s| s != suit) {
            out.push(s.letter());
        }
        pending = Some(suit);
        out.push(if t.red {
            '0'
        } else {
            char::from(b'0' + t.tile.number())
        });
        any = true;
        prev_letter = None;
    }
    if let Some(s) = pending {
        out.push(s.letter());
    }
}
