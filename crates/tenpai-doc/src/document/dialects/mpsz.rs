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
    let bytes = slice.as_bytes();
    let mut cursor = range.start;
    while cursor < bytes.len() {
        if !is_word_start(slice, range.start, cursor) {
            cursor += 1;
            continue;
        }
        let (found, next) = run_at(slice, cursor);
        out.extend(found);
        cursor = next;
    }
    out
}

/// Does a word of digits start at `at` (`start` being where reading
/// began)? A digit after a non-word byte.
pub fn is_word_start(text: &str, start: usize, at: usize) -> bool {
    let bytes = text.as_bytes();
    bytes.get(at).is_some_and(u8::is_ascii_digit) && (at == start || !is_word_byte(bytes[at - 1]))
}

/// The run of mpsz words that starts at `start` (a word start) of `text`:
/// the hand it writes, if it is one, and where the next word can start.
pub fn run_at(text: &str, start: usize) -> (Option<(Range<usize>, Translation)>, usize) {
    let bytes = text.as_bytes();
    // Prose is full of short mpsz words (`the 4s dora`): the run's tiles
    // are counted first, without building anything, and only a run of a
    // hand's size is read.
    let (tiles, end) = count_run(bytes, start);
    if !HAND_TILES.contains(&tiles) {
        return (None, after_word(bytes, end, start));
    }
    let mut builder = Builder::new();
    let mut end = start;
    let mut at = start;
    loop {
        let (tiles, stop) = read_mpsz(text, at, 0);
        // A hand word ends at a non-word byte.
        if tiles.is_empty() || bytes.get(stop).is_some_and(|&c| is_word_byte(c)) {
            break;
        }
        for (t, r) in tiles {
            builder.tile(t, r);
        }
        end = stop;
        // One space, then another hand word.
        if bytes.get(stop) == Some(&b' ') && bytes.get(stop + 1).is_some_and(u8::is_ascii_digit) {
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
    (found, after_word(bytes, end, start))
}

/// Where the next word can start after a run from `start` to `end`: past
/// the letters and digits that follow it.
fn after_word(b: &[u8], end: usize, start: usize) -> usize {
    let mut next = end.max(start + 1);
    while next < b.len() && b[next].is_ascii_alphanumeric() {
        next += 1;
    }
    next
}

/// The tiles of the run of mpsz words at `start` and where it ends, as
/// [`run_at`] reads them (the same stops as [`read_mpsz`]), without
/// reading them: digits count, a group of a suit no tile has (`8z`) or a
/// word that goes on with a letter ends the run.
fn count_run(b: &[u8], start: usize) -> (usize, usize) {
    let mut tiles = 0;
    let mut end = start;
    let mut at = start;
    loop {
        // One word: groups of digits, each with its suit.
        let mut word_tiles = 0;
        let mut cursor = at;
        loop {
            let digits = b[cursor..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let suit = b.get(cursor + digits).map(u8::to_ascii_lowercase);
            let valid = digits > 0
                && match suit {
                    Some(b'm' | b'p' | b's') => true,
                    Some(b'z') => b[cursor..cursor + digits]
                        .iter()
                        .all(|d| (b'1'..=b'7').contains(d)),
                    _ => false,
                };
            if !valid {
                break;
            }
            word_tiles += digits;
            cursor += digits + 1;
        }
        if word_tiles == 0 || b.get(cursor).is_some_and(|&c| is_word_byte(c)) {
            break;
        }
        tiles += word_tiles;
        end = cursor;
        if b.get(cursor) == Some(&b' ') && b.get(cursor + 1).is_some_and(u8::is_ascii_digit) {
            at = cursor + 1;
        } else {
            break;
        }
    }
    (tiles, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_stops_where_reading_stops() {
        for text in [
            "345678m 569p 45667s",
            "123m 456p 789s 1122z x",
            "123m 456p 789s 1128z",
            "123m 456p 789s 11z22zz",
            "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p",
            "12345m 4",
            "0m5p",
        ] {
            let b = text.as_bytes();
            let (tiles, end) = count_run(b, 0);
            let mut builder = Builder::new();
            let mut read_end = 0;
            let mut at = 0;
            loop {
                let (run, stop) = read_mpsz(text, at, 0);
                if run.is_empty() || b.get(stop).is_some_and(|&c| is_word_byte(c)) {
                    break;
                }
                for (t, r) in run {
                    builder.tile(t, r);
                }
                read_end = stop;
                if b.get(stop) == Some(&b' ') && b.get(stop + 1).is_some_and(u8::is_ascii_digit) {
                    at = stop + 1;
                } else {
                    break;
                }
            }
            assert_eq!((tiles, end), (builder.tile_count(), read_end), "{text}");
        }
    }

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
