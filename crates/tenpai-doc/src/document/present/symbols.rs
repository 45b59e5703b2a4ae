//! Document symbols: one per hand (and shape), named by its tiles in
//! tenpai's canonical notation, detailed by its value. Mentions of one or
//! two tiles are no symbols.

use std::ops::Range;

use crate::document::LineAnalysis;
use crate::format::{format_line, FormatOptions};

use super::outcome::outcome;
use super::text::value_summary;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Symbol {
    /// The hand in canonical notation (`123m456p789s11z (555p)`), whatever
    /// notation wrote it.
    pub name: String,
    /// Its value or state (`4 han 30 fu · 7700`, `1-shanten · 24 tiles`),
    /// or why it has none.
    pub detail: String,
    /// Line-relative: the hand part (the symbol's name).
    pub selection: Range<usize>,
}

/// Most tiles of a mention: fewer than a shape's three.
const MENTION_TILES: usize = 2;

pub fn symbol(a: &LineAnalysis, text: &str) -> Option<Symbol> {
    let hand_line = a.hand_line()?;
    if hand_line.tiles().len() <= MENTION_TILES {
        return None;
    }
    let written = text.get(hand_line.hand_span.clone())?;
    let name = canonical_tiles(written).unwrap_or_else(|| written.to_string());
    let detail = match outcome(a) {
        Some(o) => value_summary(o),
        None if a.has_errors() => "has errors".to_string(),
        None => String::new(),
    };
    Some(Symbol {
        name,
        detail,
        selection: hand_line.hand_span.clone(),
    })
}

/// The tiles of a hand part in canonical notation, without the `win=`
/// the formatter adds when sorting moves the winning tile.
pub fn canonical_tiles(hand: &str) -> Option<String> {
    let formatted = format_line(hand, &FormatOptions::default())?;
    let tiles: Vec<&str> = formatted
        .split(' ')
        .take_while(|w| w.starts_with(|c: char| c.is_ascii_digit() || c == '(' || c == '['))
        .collect();
    (!tiles.is_empty()).then(|| tiles.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::analyze_text;
    use crate::score::Rules;

    #[test]
    fn symbols_are_canonical_and_mentions_have_none() {
        let line = "789s 123m 4p56p 1z1z (555p) tsumo";
        let a = analyze_text(line, &Rules::tenhou());
        assert_eq!(symbol(&a, line).unwrap().name, "123m456p789s11z (555p)");
        let line = "5p";
        let a =
            crate::document::analyze_in(line, &Rules::tenhou(), crate::document::Context::Inline);
        assert!(symbol(&a, line).is_none());
    }
}
