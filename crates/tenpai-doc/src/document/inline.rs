//! Does an inline code span hold a hand line? It must begin with a tile
//! group (`123m`, `[1111p]`, `(123m)`, a tile glyph), its hand part must be
//! made of notation characters only, and what follows must read as options,
//! a claim or a comment. `x = 1234`, `10mb` and `3px` are left alone; the
//! typo `11128z` is taken, so its error is reported.

use crate::notation::options::{FLAG_NAMES, KEY_NAMES, LONGEST_NAME};
use crate::tile::Tile;

fn is_glyph(c: char) -> bool {
    Tile::from_glyph(c).is_some()
}

fn is_suit(c: char) -> bool {
    matches!(c, 'm' | 'p' | 's' | 'z' | 'h')
}

/// Characters a hand part is written with.
fn is_notation_char(c: char) -> bool {
    c.is_ascii_digit()
        || matches!(
            c,
            'm' | 'p' | 's' | 'z' | 'h' | 'e' | 'w' | 'n' | 'g' | 'r' | '(' | ')' | '[' | ']'
        )
        || is_glyph(c)
}

/// Does `s` begin with a tile group: digits then a suit letter, a glyph, or
/// a bracketed meld of such (or of letter honors: `(rrr)`)?
fn begins_with_tile_group(s: &str) -> bool {
    let mut chars = s.chars().peekable();
    let Some(&first) = chars.peek() else {
        return false;
    };
    if is_glyph(first) {
        return true;
    }
    let group = if first == '(' || first == '[' {
        let close = if first == '(' { ')' } else { ']' };
        let inner = &s[1..];
        let Some(end) = inner.find(close) else {
            return false;
        };
        let meld = &inner[..end];
        if !meld.is_empty()
            && meld
                .chars()
                .all(|c| matches!(c, 'e' | 's' | 'w' | 'n' | 'h' | 'g' | 'r'))
        {
            return true;
        }
        inner
    } else {
        s
    };
    if group.starts_with(is_glyph) {
        return true;
    }
    let digits = group.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && group[digits..].starts_with(is_suit)
}

/// The edit distance between `a` and `b`, when it is at most `max`.
fn within(a: &str, b: &str, max: usize) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > max {
        return false;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()] <= max
}

/// What prose puts after a word: `Riichi.`, `(tsumo)`.
const PROSE_PUNCTUATION: [char; 7] = ['.', ',', ';', ':', '!', '?', ')'];

/// An option word (the flags of [`FLAG_NAMES`]: a writer's words), or a
/// typo of one. Only the long option words count
/// typos, one edit away (two for `double-riichi`): English is full of
/// words an edit or two from `ron`, `win` or `round` (`or`, `on`, `won`,
/// `found`), and `` `2s or 5s` `` is prose.
fn option_word(word: &str) -> bool {
    // `Riichi`, `tsumo.`: capitals and closing punctuation of prose.
    let word = word
        .trim_end_matches(PROSE_PUNCTUATION)
        .to_ascii_lowercase();
    let word = word.as_str();
    FLAG_NAMES.iter().any(|o| {
        *o == word
            || (o.len() >= 6
                && word.len() >= 4
                && word.bytes().all(|c| c.is_ascii_lowercase() || c == b'-')
                && within(word, o, if o.len() > 7 { 2 } else { 1 }))
    })
}

fn reads_as_option(word: &str) -> bool {
    word.starts_with("=>")
        || word.starts_with('#')
        || word.contains('=')
        || option_word(word)
        || colon_option(word)
}

/// `dora:1m`, `seat:s`: a valued option with a colon for its `=` (the
/// parser reports it, with a fix).
fn colon_option(word: &str) -> bool {
    word.split_once(':').is_some_and(|(key, value)| {
        !value.is_empty() && KEY_NAMES.contains(&key.to_ascii_lowercase().as_str())
    })
}

/// `345678sriichi`: an option glued to the hand part, written without
/// its space (the parser reports it, with a fix). The option starts
/// within the tiles' run of notation characters, and only near its end:
/// an option word is short, and a key ends at the word's first colon.
/// Trying only those starts keeps a long word (a pasted blob in a code
/// span) linear, where trying every start was quadratic. (A typo of an
/// option word may be two letters longer than the longest name.)
fn glued_option(word: &str) -> bool {
    let tiles_end = word
        .find(|c: char| !is_notation_char(c))
        .unwrap_or(word.len());
    let body_end = word.trim_end_matches(PROSE_PUNCTUATION).len();
    let colon = word.find(':');
    word.char_indices()
        .skip(1)
        .take_while(|&(i, _)| i <= tiles_end)
        .any(|(i, _)| {
            let rest = &word[i..];
            (body_end.saturating_sub(i) <= LONGEST_NAME + 2 && option_word(rest))
                || colon.is_some_and(|c| c.saturating_sub(i) <= LONGEST_NAME && colon_option(rest))
        })
}

/// Is the text between a pair of `^^` markers a hand? A hand line as an
/// inline code span would be, or at least three words of letter honors
/// (`eee sss www nnn whwh`): one or two such words are English (`we`,
/// `new`).
pub fn caret_hand(body: &str) -> bool {
    if body.contains(['\n', '\r']) {
        return false;
    }
    let honors = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| matches!(c, 'e' | 's' | 'w' | 'n' | 'h' | 'g' | 'r'))
            && crate::notation::is_hand_word(w)
    };
    looks_like_hand(body) || {
        let words: Vec<&str> = body.split_whitespace().collect();
        words.len() >= 3 && words.iter().all(|w| honors(w))
    }
}

/// Is the text of an inline code span a hand line?
pub fn looks_like_hand(span: &str) -> bool {
    let span = span.trim();
    if !begins_with_tile_group(span) {
        return false;
    }
    let mut words = span.split_whitespace();
    for word in words.by_ref() {
        if word.chars().all(is_notation_char) {
            continue;
        }
        // The first word after the hand part decides.
        return reads_as_option(word) || glued_option(word);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::looks_like_hand;

    #[test]
    fn hands_and_hand_fragments() {
        for s in [
            "123m456p789s1122z",
            "123m 456p 789s 11z 22z",
            "11128z",
            "[1111p] 123m",
            "(123m) 456p",
            "(rrr) 123m",
            "[eeee] 11z",
            "🀇🀈🀉 456p",
            "14m",
            "234m567p22s345678s riichi tsumo dora=1s",
            "123m456p789s11z22z => 7700",
            "123m456p789s11z22z riichii",
            "123m456p789s11z22z tenho",
            "123m456p789s11z22z double-richi",
            "123m456p789s11z22z ron",
            "123m456p789s11z22z Riichi",
            "234m567p22s345678s Riichi Tsumo",
            "234m567p22s345678s tsumo.",
            "123m456p789s11z22z # the classic",
            "12m win=3m",
            // Typos the parser reports with a fix: a colon for `=`, an
            // option glued to the tiles.
            "123m456p789s11222z dora:1m",
            "123m456p789s11222z seat:s",
            "234m567p22s345678sriichi tsumo",
        ] {
            assert!(looks_like_hand(s), "{s}");
        }
    }

    #[test]
    fn a_long_word_is_read_in_linear_time() {
        // Each start of a glued option was tried by reading the whole
        // prefix again: a megabyte word took hours.
        let run = "1".repeat(1 << 20);
        assert!(!looks_like_hand(&format!("1m{run}x")));
        assert!(looks_like_hand(&format!("1m{run}riichi")));
        assert!(looks_like_hand(&format!("1m{run}Riichi.")));
        assert!(looks_like_hand(&format!("1m{run}dora:1m")));
        assert!(!looks_like_hand(&format!("1m{run}:{run}")));
    }

    #[test]
    fn other_code_is_left_alone() {
        for s in [
            "x = 1234",
            "1234",
            "10mb",
            "3px",
            "let",
            "e",
            "(a + b)",
            "[1, 2]",
            "2s and 3s",
            "2s or 5s",
            "14m on 25m",
            "14m won",
            "14m run",
            "3s found",
            "🀄 or 🀅",
            "1m-2m",
            "3m:30",
            "10s wait:",
            "5m roundtrip",
            "2s seat:",
            "",
            "🀫",
        ] {
            assert!(!looks_like_hand(s), "{s}");
        }
    }
}
