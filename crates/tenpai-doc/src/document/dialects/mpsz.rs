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
    let Some(slice) = text.get(..range.end) else {
        return out;
    };
    let b = slice.as_bytes();
    let mut i = range.start;
    while i < b.len() {
        if !is_word_start(slice, range.start, i) {
            i += 1;
            continue;
        }
        let (found, next) = run_at(slice, i);
        out.extend(found);
        i = next;
    }
    out
}

/// Does a word of digits start at `at` (`start` being where reading
/// began)? A digit after a non-word byte.
pub fn is_word_start(text: &str, start: usize, at: usize) -> bool {
    let b = text.as_bytes();
    b.get(at).is_some_and(u8::is_ascii_digit) && (at == start || !is_word_byte(b[at - 1]))
}

/// The run of mpsz words that starts at `start` (a word start) of `text`:
/// the hand it writes, if it is one, and where the next word can start.
pub fn run_at(text: &str, start: usize) -> (Option<(Range<usize>, Translation)>, usize) {
    let b = text.as_bytes();
    let mut builder = Builder::new();
    let mut end = start;
    let mut at = start;
    loop {
        let (tiles, stop) = read_mpsz(text, at, 0);
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
    let found = if HAND_TILES.contains(&builder.tile_count()) {
        builder.finish(Dialect::Mpsz).map(|t| (start..end, t))
    } else {
        None
    };
    let mut next = end.max(start + 1);
    while next < b.len() && b[next].is_ascii_alphanumeric() {
        next += 1;
    }
    (found, next)
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
