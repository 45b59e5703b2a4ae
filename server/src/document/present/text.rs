//! Small renderings shared by hovers, hints and symbols.

use crate::hand::{Hand, MeldKind};
use crate::tile::{to_compact, Suit, Tile};

/// A tile as a glyph, or as `5m` (`0m` for a red five).
pub fn tile_text(t: Tile, red: bool, glyphs: bool) -> String {
    match (glyphs, red) {
        (true, _) => t.glyph().to_string(),
        (false, true) => format!("0{}", t.suit().letter()),
        (false, false) => t.ascii(),
    }
}

/// Tiles as glyphs, or in compact notation (`123m5p`).
pub fn tiles_text(tiles: &[Tile], glyphs: bool) -> String {
    if glyphs {
        tiles.iter().map(|t| t.glyph()).collect()
    } else {
        to_compact(tiles)
    }
}

/// The hand: closed tiles, called melds in their brackets, and the winning
/// tile apart (`🀇🀈🀉… (🀙🀙🀙) + 🀝`).
pub fn hand_text(hand: &Hand, glyphs: bool) -> String {
    let mut closed = hand.closed.clone();
    if let Some(w) = hand.win {
        if let Some(i) = closed.iter().rposition(|t| *t == w) {
            closed.remove(i);
        }
    }
    let mut out = tiles_text(&closed, glyphs);
    for m in &hand.melds {
        let (open, close) = match m.kind {
            MeldKind::ClosedKan => ('[', ']'),
            _ => ('(', ')'),
        };
        out.push(' ');
        out.push(open);
        out.push_str(&tiles_text(&m.tiles, glyphs));
        out.push(close);
    }
    if let Some(w) = hand.win {
        out.push_str(" + ");
        out.push_str(&tile_text(w, false, glyphs));
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
        assert_eq!(tiles_text(&t("123m"), true), "🀇🀈🀉");
        assert_eq!(tiles_text(&t("321m5p"), false), "321m5p");
        assert_eq!(tile_text(t("5p")[0], true, false), "0p");
    }
}
