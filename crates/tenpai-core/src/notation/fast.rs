//! The parser's fast path: one pass over a line of well-formed ASCII
//! notation (hand words, options, a claim, a comment), with no error
//! handling at all. At the first byte it does not expect (any error,
//! non-ASCII text outside the comment and claim, a glued option, a blank,
//! comment-only or `rules:` line) it gives up, and the recovering parser in
//! `parse.rs` reads the line from the start.
//!
//! So the recovering parser stays the one definition of the language, and
//! this module must return exactly what it returns: the tests below compare
//! the two on every line of the vectors and the corpus, on mutations of them
//! and on random lines.

use crate::tile::{Tile, Wind};

use super::ast::*;
use super::options::{self, ValueKind};
use super::parse::{is_hand_word, marks, number, printable_run, trim_end, words, MAX_COUNT};
use super::{claim, lex};

/// Reads `text` into `hand` (an empty hand line) when it is well-formed
/// ASCII notation; `None` sends it to the recovering parser (`hand` is
/// then left half-filled).
// Inlined into `parse_line`, as it was before the crate split: called,
// it cost the parse bench 15-30% (benches-against/redesign.sh).
#[inline(always)]
pub(super) fn line(text: &str, hand: &mut HandLine) -> Option<()> {
    let b = text.as_bytes();
    // Positions are kept in 32 bits (see `TileTok`).
    if u32::try_from(b.len()).is_err() {
        return None;
    }
    let start = skip_spaces(b, 0, b.len())?;
    if start == b.len() || b[start] == b'#' || b[start..].starts_with(b"rules:") {
        return None;
    }
    let (comment_at, arrow_at) = marks(b, start);
    let content_end = comment_at.unwrap_or(b.len());
    let opts_end = arrow_at.unwrap_or(content_end);
    // A NUL byte is an error wherever it stands (the recovering parser
    // says so). Among the words it stops a word as any control character
    // does, and the line goes to the recovering parser; only the claim and
    // the comment would take it in, so only they are searched, and most
    // lines have neither (memchr's vector search: the slice's own
    // `contains` goes a word at a time).
    if opts_end < b.len() && memchr::memchr(0, &b[opts_end..]).is_some() {
        return None;
    }

    hand.toks = Vec::with_capacity(24);
    hand.hand_span = start..start;
    hand.comment = comment_at.map(|c| c..trim_end(text, c, text.len()));
    let mut in_hand = true;
    let mut i = start;
    while i < opts_end {
        let s = i;
        let e = word_end(b, s, opts_end)?;
        let c = b[s];
        // An option's name is never made only of letter honors, so a word
        // that names an option is not looked at as tiles.
        let mut key = None;
        let tiles = c.is_ascii_digit() || matches!(c, b'(' | b'[' | b')' | b']') || {
            let key_end = b[s..e].iter().position(|&c| c == b'=').map_or(e, |k| s + k);
            key = options::lookup(&text[s..key_end]).map(|k| (k, key_end));
            key.is_none() && is_hand_word(&text[s..e])
        };
        if tiles {
            if !in_hand {
                return None;
            }
            if hand.items.is_empty() {
                hand.hand_span.start = s;
            }
            hand_word(b, s, e, hand)?;
            hand.hand_span.end = e;
        } else {
            if in_hand {
                in_hand = false;
                hand.hand_toks = hand.toks.len();
                hand.options = Vec::with_capacity(8);
            }
            option(text, s, e, key?, hand)?;
        }
        i = skip_spaces(b, e, opts_end)?;
    }
    if in_hand {
        hand.hand_toks = hand.toks.len();
    }
    if let Some(a) = arrow_at {
        hand.claim = Some(claim_of(text, a, content_end)?);
    }
    Some(())
}

/// ASCII whitespace, tab to carriage return and space, as the word splitter
/// of the recovering parser has it.
fn is_space(c: u8) -> bool {
    matches!(c, b'\t'..=b'\r' | b' ')
}

/// The first byte of `b[i..end]` that is not a space; `None` at a byte
/// outside ASCII (it may be a Unicode space).
#[inline(always)]
fn skip_spaces(b: &[u8], mut i: usize, end: usize) -> Option<usize> {
    let b = b.get(..end).unwrap_or(b);
    while let Some(&c) = b.get(i) {
        if c == b' ' || c.wrapping_sub(b'\t') <= b'\r' - b'\t' {
            i += 1;
        } else {
            return (c < 0x80).then_some(i);
        }
    }
    Some(i)
}

/// The end of the word at `b[s..end]`: printable ASCII up to a space;
/// `None` at any other byte.
#[inline(always)]
fn word_end(b: &[u8], s: usize, end: usize) -> Option<usize> {
    let e = printable_run(b, s, end);
    (e == end || is_space(b[e])).then_some(e)
}

/// One hand word: groups and melds.
// Inlined into the loop over a line's words, as are `option`, `value`,
// `word_end`, `skip_spaces` and `parse::marks`, as they all were in the
// one crate before the split: called, they cost the parse bench 1.4
// million instructions of 23 million in its 10,000 lines (callgrind, the
// REDESIGN_PASSES of benches-against/redesign.rs).
#[inline(always)]
fn hand_word(b: &[u8], s: usize, e: usize, hand: &mut HandLine) -> Option<()> {
    let mut i = s;
    while i < e {
        match b[i] {
            open @ (b'(' | b'[') => {
                let close = if open == b'(' { b')' } else { b']' };
                let j = (i + 1..e).find(|&j| matches!(b[j], b'(' | b'[' | b')' | b']'))?;
                if b[j] != close {
                    return None;
                }
                let first = hand.toks.len();
                tiles(b, i + 1, j, &mut hand.toks, None)?;
                hand.items.push(HandItem::Meld(MeldTok::new(
                    if open == b'(' {
                        Bracket::Open
                    } else {
                        Bracket::Closed
                    },
                    first..hand.toks.len(),
                    i..j + 1,
                )));
                i = j + 1;
            }
            b')' | b']' => return None,
            _ => i = tiles(b, i, e, &mut hand.toks, Some(&mut hand.items))?,
        }
    }
    Some(())
}

/// The row of each suit letter (`m p s`, then `z` and `h`) in the tile
/// table, 255 for other bytes: a load, where a `match` compiles to an
/// indirect jump that the suits of a random hand keep mispredicting.
static SUIT_ROWS: [u8; 256] = {
    let mut t = [255; 256];
    t[b'm' as usize] = 0;
    t[b'p' as usize] = 1;
    t[b's' as usize] = 2;
    t[b'z' as usize] = 3;
    t[b'h' as usize] = 3;
    t
};

/// The token of each digit in each suit's row (at position 0), so that a
/// digit's token is one load: `0` is the red five; the digits no honor has
/// are never looked up (the caller checks them).
static DIGIT_TOKS: [[TileTok; 16]; 4] = {
    let mut t = [[TileTok::at(Tile::EAST, false, Written::Digit, 0, 1); 16]; 4];
    let mut row = 0;
    while row < 4 {
        let mut d = 0;
        while d < 10 {
            if let Some(tile) = Tile::from_digit(row, d as u8) {
                t[row][d] = TileTok::at(tile, d == 0, Written::Digit, 0, 1);
            }
            d += 1;
        }
        row += 1;
    }
    t
};

/// The end of the run of ASCII digits at `b[i..end]`, eight bytes at a time.
fn digits_end(b: &[u8], mut i: usize, end: usize) -> usize {
    let b = b.get(..end).unwrap_or(b);
    while let Some(chunk) = b.get(i..i + 8) {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        // Per byte: the high bit set where the byte is not '0'..='9'
        // (below 0x30, or 0x3a and above once 0x46 is added).
        let lo = x.wrapping_sub(0x3030_3030_3030_3030);
        let hi = x.wrapping_add(0x4646_4646_4646_4646);
        let other = (lo | hi | x) & 0x8080_8080_8080_8080;
        if other != 0 {
            return i + (other.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// The tiles of `b[i..end]` up to a bracket: digit groups and letter honors,
/// each a group in `items` when given. Returns where it stopped.
fn tiles(
    b: &[u8],
    mut i: usize,
    end: usize,
    toks: &mut Vec<TileTok>,
    mut items: Option<&mut Items>,
) -> Option<usize> {
    while i < end {
        let c = b[i];
        let first = toks.len();
        let span;
        if c.is_ascii_digit() {
            let j = digits_end(b, i + 1, end);
            let letter = *b.get(j).filter(|_| j < end)?;
            let row = usize::from(SUIT_ROWS[usize::from(letter)]);
            if row > 3 {
                return None;
            }
            let digits = &b[i..j];
            // Every digit is a suited tile; honors are 1z-7z.
            if row == 3 && digits.iter().any(|&d| matches!(d, b'0' | b'8' | b'9')) {
                return None;
            }
            // From a slice, `extend` reserves once and writes each token
            // without a capacity check.
            let templates = &DIGIT_TOKS[row & 3];
            toks.extend(
                digits
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| templates[usize::from(d & 15)].moved_to(i + k)),
            );
            span = i..j + 1;
        } else if let Some((tile, len)) = lex::letter_honor(&b[i..end]) {
            span = i..i + len;
            toks.push(TileTok::at(tile, false, Written::Letter, i, len));
        } else if matches!(c, b'(' | b'[' | b')' | b']') {
            return Some(i);
        } else {
            return None;
        }
        i = span.end;
        if let Some(items) = items.as_deref_mut() {
            items.push(HandItem::Group(Group::at(first..toks.len(), span)));
        }
    }
    Some(i)
}

/// The option word `text[s..e]`, whose key (ending at `key_end`) has been
/// looked up, when its value reads without an error.
#[inline(always)]
fn option(
    text: &str,
    s: usize,
    e: usize,
    ((_, kind, id), key_end): ((&'static str, ValueKind, usize), usize),
    hand: &mut HandLine,
) -> Option<()> {
    let raw = (key_end < e).then(|| (key_end + 1, e));
    let value = match (kind, raw) {
        (ValueKind::Flag | ValueKind::FlagOrNumber, None) => OptionValue::Flag,
        (_, Some((vs, ve))) if vs < ve && kind != ValueKind::Flag => {
            value(text, vs, ve, kind, &mut hand.toks)?
        }
        _ => return None,
    };
    // Pushed here, not returned: an `Option<OptionTok>` handed back is
    // copied twice on its way into the vector.
    hand.options.push(OptionTok::at(id, value, s..e, key_end));
    Some(())
}

#[inline(always)]
fn value(
    text: &str,
    vs: usize,
    ve: usize,
    kind: ValueKind,
    toks: &mut Vec<TileTok>,
) -> Option<OptionValue> {
    let b = text.as_bytes();
    match kind {
        ValueKind::Flag => None,
        ValueKind::Number | ValueKind::FlagOrNumber => number(&text[vs..ve])
            .filter(|&n| n <= MAX_COUNT)
            .map(OptionValue::Number),
        ValueKind::Wind => match b.get(vs..ve) {
            // The usual one-letter wind, without slicing the text.
            Some(&[c]) => Wind::from_letter(c),
            _ => Wind::parse(&text[vs..ve]),
        }
        .map(OptionValue::Wind),
        // The usual one-tile value, `win=5m`: read here, not lexed as a
        // group (as the branch below would read it).
        ValueKind::Tile if ve - vs == 2 && b[vs].is_ascii_digit() => {
            let row = usize::from(SUIT_ROWS[usize::from(b[vs + 1])]);
            let digit = b[vs] - b'0';
            let tile = Tile::from_digit(row, digit).filter(|_| row <= 3)?;
            Some(OptionValue::Tile(TileTok::at(
                tile,
                digit == 0,
                Written::Digit,
                vs,
                1,
            )))
        }
        ValueKind::Tile | ValueKind::Tiles => {
            let first = toks.len();
            if tiles(b, vs, ve, toks, None)? < ve {
                return None;
            }
            match (kind, toks.len() - first) {
                (ValueKind::Tile, 1) => toks.pop().map(OptionValue::Tile),
                (ValueKind::Tiles, n) if n > 0 => {
                    Some(OptionValue::Tiles(TokRange::new(first..toks.len())))
                }
                _ => None,
            }
        }
    }
}

/// The claim from `=>` at `a` to the end of the content, when it reads
/// without an error.
fn claim_of(text: &str, a: usize, content_end: usize) -> Option<Claim> {
    let cs = a + 2;
    let ce = trim_end(text, cs, content_end);
    let mut errors = Vec::new();
    let items = claim::items(text, cs, ce, &mut errors);
    let text_start = words(text, cs, ce).next().map_or(ce, |(s, _)| s);
    if !errors.is_empty() || text_start >= ce {
        return None;
    }
    Some(Claim {
        items,
        span: a..ce,
        text: text[text_start..ce].to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::ast::{HandLine, Line, LineKind};
    use super::super::parse::recovering;
    use super::line;
    use crate::test_lines::samples;

    /// Whether the fast path agrees with the recovering parser on `text`
    /// (or leaves it to it); returns whether it read the line.
    fn agrees(text: &str) -> bool {
        let mut fast = HandLine::default();
        let read = line(text, &mut fast).is_some();
        if read {
            let fast = Line {
                kind: LineKind::Hand(fast),
                errors: Vec::new(),
            };
            assert_eq!(fast, recovering(text), "{text:?}");
        }
        read
    }

    #[test]
    fn reads_the_vectors_and_agrees_on_every_sample() {
        let (samples, vectors) = samples();
        assert!(vectors > 15_000, "{vectors} vector lines");
        assert!(samples.len() > vectors + 250, "{} samples", samples.len());
        let read = samples.iter().filter(|s| agrees(s)).count();
        // Nearly every vector line is well-formed: the fast path must take
        // them, or it speeds nothing up.
        assert!(read * 10 > samples.len() * 9, "{read} of {}", samples.len());
    }

    /// Edits of well-formed lines land on every branch where the fast path
    /// must give up or agree: each sample with one character inserted,
    /// replaced or deleted, at every position, from an alphabet of the
    /// characters the notation treats specially.
    #[test]
    fn agrees_on_every_one_character_edit() {
        const ALPHABET: &[char] = &[
            // A NUL byte: an error anywhere, searched for only in the
            // comment and the claim.
            '\0',
            ' ',
            '\t',
            '\u{b}',
            '\u{3000}',
            '0',
            '5',
            '8',
            'm',
            'p',
            's',
            'z',
            'h',
            'w',
            'e',
            'M',
            '(',
            ')',
            '[',
            ']',
            '=',
            '>',
            '#',
            ',',
            ':',
            '-',
            '/',
            'x',
            '\u{1F000}',
            '\u{1F02A}',
            'é',
        ];
        let mut read = 0;
        let mut total = 0;
        let (samples, vectors) = samples();
        for (n, sample) in samples.iter().enumerate() {
            // Every sample of the corpus, one in fifty of the vectors.
            if n % 50 != 0 && n < vectors {
                continue;
            }
            let at: Vec<usize> = sample
                .char_indices()
                .map(|(i, _)| i)
                .chain([sample.len()])
                .collect();
            for (k, &i) in at.iter().enumerate() {
                let next = at.get(k + 1).copied();
                for &c in ALPHABET {
                    let mut ins = sample.clone();
                    ins.insert(i, c);
                    let mut edits = vec![ins];
                    if let Some(j) = next {
                        let mut rep = sample.clone();
                        rep.replace_range(i..j, c.encode_utf8(&mut [0; 4]));
                        edits.push(rep);
                    }
                    for e in &edits {
                        total += 1;
                        read += usize::from(agrees(e));
                    }
                }
                if let Some(j) = next {
                    let mut del = sample.clone();
                    del.replace_range(i..j, "");
                    total += 1;
                    read += usize::from(agrees(&del));
                }
            }
        }
        // Both outcomes are exercised: many edits still read, many do not.
        assert!(
            read * 10 > total && read * 10 < total * 9,
            "{read} of {total}"
        );
    }
}

#[cfg(test)]
mod props {
    use proptest::prelude::*;

    use super::super::ast::{HandLine, Line, LineKind};
    use super::super::parse::recovering;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn agrees_with_the_recovering_parser(
            text in "[0-9mpszhwegrn ()\\[\\]=>#a-z:,\u{3000}\u{1F000}\u{0}-]{0,40}"
        ) {
            let mut fast = HandLine::default();
            if super::line(&text, &mut fast).is_some() {
                let fast = Line { kind: LineKind::Hand(fast), errors: Vec::new() };
                prop_assert_eq!(fast, recovering(&text));
            }
        }
    }
}
