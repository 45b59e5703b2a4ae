//! Tiles inside a region of the line: digit runs with their suit letter, red
//! fives, letter honors (`wh` before `w`) and Unicode glyphs.
//!
//! Hand words, meld contents and tile-valued options (`dora=1m3p`) all go
//! through [`tiles`]; brackets are the caller's business.

use crate::diag::{Code, Diagnostic};
use crate::tile::{Suit, Tile};

use std::ops::Range;

use super::ast::{Span, TileTok, Written};

/// First code point of the Mahjong Tiles block, and the last one that is a
/// tile of the riichi game / of the block (flowers, seasons, joker, back).
const GLYPH_FIRST: u32 = 0x1F000;
const GLYPH_LAST: u32 = 0x1F02B;

/// The character at byte `i` of `s` (which must be a char boundary).
pub(crate) fn char_at(s: &str, i: usize) -> Option<char> {
    s.get(i..).and_then(|r| r.chars().next())
}

pub(crate) fn is_glyph_block(c: char) -> bool {
    (GLYPH_FIRST..=GLYPH_LAST).contains(&(c as u32))
}

pub(crate) fn is_suit_letter(b: u8) -> bool {
    matches!(b, b'm' | b'p' | b's' | b'z' | b'h')
}

/// A letter honor at the start of `s`: its tile and its length in bytes.
pub(crate) fn letter_honor(s: &[u8]) -> Option<(Tile, usize)> {
    match s {
        [b'w', b'h', ..] => Some((Tile::WHITE, 2)),
        [b'w', ..] => Some((Tile::WEST, 1)),
        [b'e', ..] => Some((Tile::EAST, 1)),
        [b's', ..] => Some((Tile::SOUTH, 1)),
        [b'n', ..] => Some((Tile::NORTH, 1)),
        [b'g', ..] => Some((Tile::GREEN, 1)),
        [b'r', ..] => Some((Tile::RED, 1)),
        _ => None,
    }
}

/// Lexes `line[start..end]` up to the first bracket, appending its tiles to
/// `toks`, calling `group` with the span and token range of each group, and
/// pushing errors for what is not a tile. Returns whether any error was
/// pushed, and where it stopped (`end`, or the bracket).
pub(crate) fn tiles(
    line: &str,
    start: usize,
    end: usize,
    toks: &mut Vec<TileTok>,
    mut group: impl FnMut(Span, Range<usize>),
    errors: &mut Vec<Diagnostic>,
) -> (bool, usize) {
    let b = line.as_bytes();
    let before = errors.len();
    let mut i = start;
    while i < end {
        let c = b[i];
        if matches!(c, b'(' | b'[' | b')' | b']') {
            break;
        } else if c.is_ascii_digit() {
            let mut j = i;
            while j < end && b[j].is_ascii_digit() {
                j += 1;
            }
            if j < end && is_suit_letter(b[j]) {
                let suit = Suit::from_letter(b[j] as char).unwrap_or(Suit::Honor);
                let first = toks.len();
                for k in i..j {
                    let d = b[k] - b'0';
                    let tile = if suit == Suit::Honor && d == 0 {
                        None
                    } else {
                        Tile::new(suit, d)
                    };
                    match tile {
                        Some(tile) => {
                            toks.push(TileTok::new(tile, d == 0, Written::Digit, k..k + 1))
                        }
                        None => errors.push(invalid_honor(d, b[j] as char, k..k + 1)),
                    }
                }
                if toks.len() > first {
                    group(i..j + 1, first..toks.len());
                }
                i = j + 1;
            } else {
                let next = if j < end { Some(b[j]) } else { None };
                errors.push(missing_suit(&line[i..j], i..j, next));
                // An uppercase suit letter belongs to this error, not to the next.
                i = if next.is_some_and(|l| is_suit_letter(l.to_ascii_lowercase())) {
                    j + 1
                } else {
                    j
                };
            }
        } else if let Some((tile, len)) = letter_honor(&b[i..end]) {
            group(i..i + len, toks.len()..toks.len() + 1);
            toks.push(TileTok::new(tile, false, Written::Letter, i..i + len));
            i += len;
        } else if is_suit_letter(c) {
            errors.push(Diagnostic::error(
                Code::MissingDigits,
                i..i + 1,
                format!(
                    "'{}' is a suit letter, but no digits come before it (write e.g. 5{})",
                    c as char, c as char
                ),
            ));
            i += 1;
        } else {
            let ch = char_at(line, i).unwrap_or('\u{FFFD}');
            let len = ch.len_utf8();
            if let Some(tile) = Tile::from_glyph(ch) {
                group(i..i + len, toks.len()..toks.len() + 1);
                toks.push(TileTok::new(tile, false, Written::Glyph, i..i + len));
            } else if is_glyph_block(ch) {
                errors.push(Diagnostic::error(
                    Code::InvalidTile,
                    i..i + len,
                    format!("'{ch}' is a flower, season, joker or tile back, not a tile of riichi mahjong"),
                ));
            } else if let Some((run, mpsz)) = kanji_tiles(&line[i..end]) {
                // Tiles written in kanji: one diagnostic for the run, with
                // the same tiles in this notation.
                errors.push(kanji_diagnostic(&line[i..i + run], &mpsz, i..i + run));
                i += run;
                continue;
            } else if let Some(d) = foreign_mark(ch, i..i + len) {
                errors.push(d);
            } else {
                errors.push(unknown_character(ch, i..i + len));
            }
            i += len;
        }
    }
    (errors.len() > before, i)
}

fn invalid_honor(d: u8, letter: char, span: Span) -> Diagnostic {
    let msg = if d == 0 {
        format!("there is no red honor: '0{letter}' is not a tile (honors are 1{letter}-7{letter})")
    } else {
        format!("there is no {d}{letter}: honors are 1{letter}-7{letter} (East South West North White Green Red)")
    };
    Diagnostic::error(Code::InvalidTile, span, msg)
}

fn missing_suit(digits: &str, span: Span, next: Option<u8>) -> Diagnostic {
    let hint = match next.map(|b| b.to_ascii_lowercase()) {
        Some(l @ (b'm' | b'p' | b's' | b'z' | b'h')) => {
            let diagnostic = Diagnostic::error(
                Code::MissingSuit,
                span.clone(),
                format!(
                    "'{digits}' has no suit letter; suit letters are lowercase: {digits}{}",
                    l as char
                ),
            );
            return diagnostic.with_safe_fix(
                format!("write {digits}{}", l as char),
                span.end..span.end + 1,
                (l as char).to_string(),
            );
        }
        _ if digits
            .bytes()
            .all(|diagnostic| (b'1'..=b'7').contains(&diagnostic)) =>
        {
            format!("write {digits}m, {digits}p, {digits}s or {digits}z")
        }
        _ => format!("write {digits}m, {digits}p or {digits}s"),
    };
    Diagnostic::error(
        Code::MissingSuit,
        span,
        format!("'{digits}' has no suit letter: {hint}"),
    )
}

/// The honor a kanji names (`東南西北白發中`, also `発` and the simplified
/// `东` `发`), as its digit.
fn honor_kanji(c: char) -> Option<u8> {
    Some(match c {
        '東' | '东' => 1,
        '南' => 2,
        '西' => 3,
        '北' => 4,
        '白' => 5,
        '發' | '発' | '发' => 6,
        '中' => 7,
        _ => return None,
    })
}

/// A run of tiles written in kanji at the start of `s`: `北北北`, `一萬`
/// (`一万`, `一筒`, `一索`/`一条`), circled digits for pins (`①`). Its length
/// in bytes and the same tiles in mpsz (`444z`), or `None` when `s` does
/// not start with one.
fn kanji_tiles(s: &str) -> Option<(usize, String)> {
    let mut chars = s.char_indices().peekable();
    let mut tiles: Vec<(u8, char)> = Vec::new();
    let mut end = 0;
    while let Some(&(at, c)) = chars.peek() {
        let tile = if let Some(n) = honor_kanji(c) {
            chars.next();
            (n, 'z')
        } else if let Some(n) = ('①'..='⑨').position(|k| k == c) {
            chars.next();
            (n as u8 + 1, 'p')
        } else if let Some(n) = "一二三四五六七八九".chars().position(|k| k == c) {
            let mut ahead = chars.clone();
            ahead.next();
            let suit = match ahead.peek().map(|&(_, k)| k) {
                Some('萬' | '万') => 'm',
                Some('筒') => 'p',
                Some('索' | '条') => 's',
                _ => break,
            };
            chars.next();
            chars.next();
            (n as u8 + 1, suit)
        } else {
            break;
        };
        tiles.push(tile);
        end = chars.peek().map_or(s.len(), |&(next, _)| next);
        let _ = at;
    }
    if tiles.is_empty() {
        return None;
    }
    // Digits of one suit together, each suit's letter after its digits.
    let mut mpsz = String::new();
    for (k, (n, suit)) in tiles.iter().enumerate() {
        mpsz.push((b'0' + n) as char);
        if tiles.get(k + 1).is_none_or(|next| next.1 != *suit) {
            mpsz.push(*suit);
        }
    }
    Some((end, mpsz))
}

fn kanji_diagnostic(written: &str, mpsz: &str, span: Span) -> Diagnostic {
    let bytes = mpsz.as_bytes();
    // One tile: its name, and for an honor its letter too.
    let one = (bytes.len() == 2)
        .then(|| Suit::from_letter(bytes[1] as char).and_then(|s| Tile::new(s, bytes[0] - b'0')))
        .flatten();
    let message = match one {
        Some(t) if t.is_honor() => format!(
            "'{written}' is {}: write {mpsz} or {}",
            t.name(),
            t.letter_notation()
        ),
        Some(t) => format!("'{written}' is {}: write {mpsz}", t.name()),
        None => format!("'{written}' are tiles written in kanji: write {mpsz}"),
    };
    Diagnostic::error(Code::UnknownCharacter, span.clone(), message).with_safe_fix(
        format!("write {mpsz}"),
        span,
        mpsz,
    )
}

/// Another tool's mark inside a hand word: what it means there, and how
/// tenpai writes it.
fn foreign_mark(ch: char, span: Span) -> Option<Diagnostic> {
    let (message, fix): (&str, Option<&str>) = match ch {
        '<' | '>' | '^' => (
            "marks the player a tile was called from (pymdownx-mahjong, mandel59): tenpai's melds need no mark",
            Some(""),
        ),
        '+' => (
            "marks an added kan (pymdownx-mahjong): tenpai writes an open kan of four tiles, (6666z)",
            Some(""),
        ),
        '_' => (
            "lays the next tile sideways (mahgen): tenpai writes a call as a meld, (123m)",
            None,
        ),
        '|' => (
            "is a gap (mahgen): tenpai separates groups with a space",
            Some(" "),
        ),
        'X' => (
            "is an unknown tile (pymdownx-mahjong): tenpai reads only known tiles",
            None,
        ),
        _ => return None,
    };
    let diagnostic = Diagnostic::error(
        Code::UnknownCharacter,
        span.clone(),
        format!("'{ch}' {message}"),
    );
    Some(match fix {
        Some("") => diagnostic.with_safe_fix(format!("remove '{ch}'"), span, ""),
        Some(text) => diagnostic.with_safe_fix(format!("write '{text}' for '{ch}'"), span, text),
        None => diagnostic,
    })
}

pub(crate) fn unknown_character(ch: char, span: Span) -> Diagnostic {
    if invisible(ch) {
        // Quoting it would show nothing: name it, and offer to take it out
        // (it means nothing here; 🀄 then U+FE0F is what emoji keyboards
        // and copy-paste produce).
        let code = format!("U+{:04X}", ch as u32);
        return Diagnostic::error(
            Code::UnknownCharacter,
            span.clone(),
            format!("an invisible character, {code}, is not part of the hand notation"),
        )
        .with_safe_fix(format!("remove {code}"), span, "");
    }
    Diagnostic::error(
        Code::UnknownCharacter,
        span,
        format!("'{ch}' is not part of the hand notation"),
    )
}

/// `s` for a message: each character that prints as nothing written as its
/// code point (`U+0000`).
pub(crate) fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(invisible) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if invisible(c) {
            out.push_str(&format!("U+{:04X}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Characters that print as nothing: controls, zero-width and format
/// characters, variation selectors.
fn invisible(ch: char) -> bool {
    ch.is_control()
        || matches!(ch,
            '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{FE00}'..='\u{FE0F}'
            | '\u{E0100}'..='\u{E01EF}')
}
