//! mpsz written in prose, or in another language's code (a comment, a
//! string): `345678m 569p 45667s`, `from_mpsz("222567m34p33667s")`.
//!
//! Prose is full of short mpsz words (`the 4s dora`), so only a run of
//! whole hand words, separated by single spaces, with 13 to 18 tiles counts:
//! a hand, never a mention.

use std::ops::Range;

use super::{read_mpsz, Builder, Dialect, Translation};

/// Fewest and most tiles of a hand (four kans make 18).
pub const HAND_TILES: std::ops::RangeInclusive<usize> = 13..=18;

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Hands written as runs of mpsz words in `text[range]`.
pub fn runs(text: &str, range: Range<usize>) -> Vec<(Range<usize>, Translation)> {
    let mut out = Vec::new();
    let Some(slice) = text.get(range.clone()) else {
        return out;
    };
    let b = slice.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // A word starts with a digit after a non-word byte.
        if !b[i].is_ascii_digit() || (i > 0 && is_word_byte(b[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        let mut builder = Builder::new();
        let mut end = i;
        let mut at = i;
        loop {
            let (tiles, stop) = read_mpsz(slice, at, range.start);
            // A hand word ends at a non-word byte.
            if tiles.is_empty() || b.get(stop).is_some_and(|&c| is_word_byte(c)) {
                break;
            }
            for (t, r) in tiles {
                builder.tile(t, r);
            }
            end = stop;
            // One space, then another hand word.
            if b.get(stop) == Some(&b' ') && b.get(stop + 1).is_some_and(u8::is_ascii_digit) {
                at = stop + 1;
            } else {
                break;
            }
        }
        if HAND_TILES.contains(&builder.tile_count()) {
            if let Some(t) = builder.finish(Dialect::Mpsz) {
                out.push((range.start + start..range.start + end, t));
            }
        }
        i = end.max(start + 1);
        while i < b.len() && b[i].is_ascii_alphanumeric() {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_in_prose_and_code() {
        let text = "手牌此时为 345678m 569p 45667s）and the 4s dora; x1234567890m";
        let found = runs(text, 0..text.len());
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].0.clone()], "345678m 569p 45667s");
        let text = "Hand hand = from_mpsz(\"222567m34p33667s\"); // 1239m123456789p1239s1234567z";
        let found = runs(text, 0..text.len());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.tiles, 13);
    }
}
