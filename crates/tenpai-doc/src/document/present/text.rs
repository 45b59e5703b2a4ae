//! Small renderings shared by hovers, hints and symbols.

use super::outcome::Outcome;
use crate::diag::Code;
use crate::hand::{Hand, MeldKind};
use crate::score::{Points, Score};
use crate::shanten::{Analysis, DiscardOption, Wait, WinValue};
use crate::tile::{to_compact, to_compact_red, Suit, Tile, TileText};

/// A tile as a glyph, or as `5m` (`0m` for a red five: `red`).
pub fn tile_text(t: Tile, red: bool, text: TileText) -> String {
    match (text, red) {
        (TileText::Glyphs, _) => t.glyph().to_string(),
        (TileText::Ascii, true) => format!("0{}", t.suit().letter()),
        (TileText::Ascii, false) => t.ascii(),
    }
}

/// Tiles as glyphs, or in compact notation (`123m5p`).
pub fn tiles_text(tiles: &[Tile], text: TileText) -> String {
    if text == TileText::Glyphs {
        tiles.iter().map(|t| t.glyph()).collect()
    } else {
        to_compact(tiles)
    }
}

/// Where [`hand_text`] writes the winning tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinTile {
    /// Among the closed tiles, where it sorts.
    InHand,
    /// After the hand: `… + 🀝`.
    Apart,
}

/// The hand: closed tiles, called melds in their brackets, and the winning
/// tile where `win` says (`🀇🀈🀉… (🀙🀙🀙) + 🀝`). In digits a red five is
/// written `0`: the first 5 of its suit in the meld or the closed tiles it
/// was written in (the hand knows that, not which copy).
pub fn hand_text(hand: &Hand, win: WinTile, text: TileText) -> String {
    let win = hand.win.filter(|_| win == WinTile::Apart);
    let mut closed = hand.closed.clone();
    if let Some(w) = win {
        if let Some(i) = closed.iter().rposition(|t| *t == w) {
            closed.remove(i);
        }
    }
    let mut red = hand.red_suits & !hand.red_melded;
    let mut melded = hand.red_melded;
    let write = |tiles: &[Tile], red: &mut u8| match text {
        TileText::Glyphs => tiles_text(tiles, TileText::Glyphs),
        TileText::Ascii => to_compact_red(tiles, red),
    };
    let mut out = write(&closed, &mut red);
    for m in &hand.melds {
        let (open, close) = match m.kind {
            MeldKind::ClosedKan => ('[', ']'),
            _ => ('(', ')'),
        };
        out.push(' ');
        out.push(open);
        out.push_str(&write(&m.tiles, &mut melded));
        out.push(close);
    }
    if let Some(w) = win {
        // The red five not found among the others is the winning tile.
        let red = w.number() == 5 && red & (1 << (w.suit().index() & 7)) != 0;
        out.push_str(" + ");
        out.push_str(&tile_text(w, red, text));
    }
    out
}

pub fn shanten_name(s: i8) -> String {
    match s {
        i8::MIN..=-1 => "complete".to_string(),
        0 => "tenpai".to_string(),
        n => format!("{n}-shanten"),
    }
}

pub fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Waits in the compact form players write: `1-4p`, `2m 5p`, `1-4-7s`.
pub fn waits_compact(tiles: &[Tile]) -> String {
    let mut parts = Vec::new();
    for suit in [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor] {
        let nums: Vec<String> = tiles
            .iter()
            .filter(|t| t.suit() == suit)
            .map(|t| t.number().to_string())
            .collect();
        if !nums.is_empty() {
            parts.push(format!("{}{}", nums.join("-"), suit.letter()));
        }
    }
    parts.join(" ")
}

/// What is paid, before honba and sticks: `7700`, `2000/3900`, `3900 all`.
pub fn payment_text(p: &Points) -> String {
    match (p.ron, p.dealer, p.non_dealer) {
        (Some(r), _, _) => r.to_string(),
        (None, Some(d), Some(nd)) => format!("{nd}/{d}"),
        (None, _, Some(each)) => format!("{each} all"),
        _ => p.total.to_string(),
    }
}

/// `4 han 30 fu`, `5 han · Mangan`, `Yakuman`.
pub fn han_fu_text(s: &Score) -> String {
    match (s.limit, s.fu) {
        (Some(l), _) if l.is_yakuman() => l.name().to_string(),
        (Some(l), _) => format!("{} han · {}", s.han, l.name()),
        (None, Some(fu)) => format!("{} han {} fu", s.han, fu),
        (None, None) => format!("{} han", s.han),
    }
}

/// One way of winning on a wait: `3 han 40 fu · 5200`, `no yaku`.
pub fn win_value_text(v: &WinValue) -> String {
    match v {
        WinValue::Points {
            han,
            fu,
            limit,
            total,
            ..
        } => match (limit, fu) {
            (Some(l), _) if l.is_yakuman() => {
                format!("{} · {total}", l.id().replace('_', " "))
            }
            (Some(l), _) => format!("{han} han {} · {total}", l.id().replace('_', " ")),
            (None, Some(fu)) => format!("{han} han {fu} fu · {total}"),
            (None, None) => format!("{han} han · {total}"),
        },
        WinValue::NoYaku => "no yaku".to_string(),
        WinValue::Unpriced(m) => format!("not priced ({m})"),
    }
}

/// One discard's outcome: `1-shanten, 24 tiles`.
pub fn discard_text(o: &DiscardOption) -> String {
    format!(
        "{}, {}",
        shanten_name(o.shanten),
        plural(o.ukeire.practical_total, "tile", "tiles")
    )
}

pub fn tiles_left(waits: &[Wait]) -> u32 {
    waits.iter().map(|w| u32::from(w.left)).sum()
}

fn no_yaku(v: &WinValue) -> bool {
    matches!(v, WinValue::NoYaku)
}

/// `tenpai · 1-4p (8)`, marked when the waits cannot win.
pub fn tenpai_text(waits: &[Wait]) -> String {
    let tiles: Vec<Tile> = waits.iter().map(|w| w.tile).collect();
    let mut text = format!("tenpai · {} ({})", waits_compact(&tiles), tiles_left(waits));
    let values: Vec<_> = waits.iter().filter_map(|w| w.value.as_ref()).collect();
    if !values.is_empty() && values.len() == waits.len() {
        if values.iter().all(|v| no_yaku(&v.ron) && no_yaku(&v.tsumo)) {
            text.push_str(" · no yaku");
        } else if values.iter().all(|v| no_yaku(&v.ron)) {
            text.push_str(" · no yaku on ron");
        }
    }
    text.push_str(&furiten_text(waits));
    text
}

/// ` · furiten (4m discarded)` when a wait is among the player's discards
/// (`river=`, or the line's `discard=`), else nothing.
pub fn furiten_text(waits: &[Wait]) -> String {
    let discarded: Vec<Tile> = waits.iter().filter(|w| w.furiten).map(|w| w.tile).collect();
    if discarded.is_empty() {
        return String::new();
    }
    format!(" · furiten ({} discarded)", waits_compact(&discarded))
}

/// What a hand line amounts to, in one line: its value
/// (`4 han 30 fu · 7700`) or its state (`1-shanten · 24 tiles`,
/// `tenpai · 1-4p (8)`).
pub fn value_summary(o: &Outcome) -> String {
    match o {
        Outcome::Scored(s) => format!("{} · {}", han_fu_text(s), payment_text(&s.points)),
        Outcome::NotScored(e) if e.code == Code::NoYaku => "no yaku".to_string(),
        Outcome::NotScored(e) => format!("not priced: {}", e.message),
        Outcome::Shanten(an) => state_text(an),
    }
}

/// The state of a hand that is not complete.
pub fn state_text(an: &Analysis) -> String {
    match an {
        Analysis::Complete => "complete".to_string(),
        Analysis::Tenpai { waits, .. } => tenpai_text(waits),
        Analysis::NotTenpai { shanten, ukeire } => format!(
            "{} · {}",
            shanten_name(shanten.shanten),
            plural(ukeire.practical_total, "tile", "tiles")
        ),
        Analysis::Discards {
            shanten, options, ..
        } => match options.first() {
            Some(best) if best.shanten == 0 && !best.waits.is_empty() => {
                format!("discard {} → {}", best.tile, tenpai_text(&best.waits))
            }
            Some(best) => format!(
                "{} · discard {} · {}",
                shanten_name(shanten.shanten),
                best.tile,
                plural(best.ukeire.practical_total, "tile", "tiles")
            ),
            None => shanten_name(shanten.shanten),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::parse_tiles;

    #[test]
    fn compact_waits() {
        let t = |s| parse_tiles(s).unwrap().0;
        assert_eq!(waits_compact(&t("14p")), "1-4p");
        assert_eq!(waits_compact(&t("2m5p")), "2m 5p");
        assert_eq!(waits_compact(&t("147s")), "1-4-7s");
        assert_eq!(waits_compact(&t("1z7z")), "1-7z");
    }

    #[test]
    fn tiles_as_text() {
        let t = |s| parse_tiles(s).unwrap().0;
        assert_eq!(tiles_text(&t("123m"), TileText::Glyphs), "🀇🀈🀉");
        assert_eq!(tiles_text(&t("321m5p"), TileText::Ascii), "321m5p");
        assert_eq!(tile_text(t("5p")[0], true, TileText::Ascii), "0p");
    }

    /// In digits a hand's red fives are written `0`, in the closed tiles,
    /// a meld, or the winning tile set apart, wherever the suit's 5 is.
    #[test]
    fn red_fives_in_digits() {
        use crate::hand::parse_hand;
        use crate::score::Rules;
        let shown = |line: &str, win: WinTile| {
            let (hand, _) = parse_hand(line, &Rules::tenhou()).unwrap();
            hand_text(&hand, win, TileText::Ascii)
        };
        assert_eq!(
            shown("406m123p789s11222z", WinTile::InHand),
            "406m123p789s11222z"
        );
        assert_eq!(
            shown("123m406p789s11z (505s)", WinTile::InHand),
            "123m406p789s11z (055s)"
        );
        // The red five stays where it was written, also when a plain five
        // of its suit comes first.
        assert_eq!(
            shown("234m5p678s234s1z (505p)", WinTile::InHand),
            "234m5p234678s1z (055p)"
        );
        assert_eq!(
            shown("234m0p678s234s1z (555p)", WinTile::InHand),
            "234m0p234678s1z (555p)"
        );
        assert_eq!(
            shown("234m567p22s34678s0s win=0s seat=s", WinTile::Apart),
            "234m567p2234678s + 0s"
        );
        // Glyphs have no red five.
        assert_eq!(shown("406m123p789s11222z", WinTile::InHand).len(), 18);
        assert!(!hand_text(
            &parse_hand("406m123p789s11222z", &Rules::tenhou())
                .unwrap()
                .0,
            WinTile::InHand,
            TileText::Glyphs
        )
        .contains('0'));
    }
}
