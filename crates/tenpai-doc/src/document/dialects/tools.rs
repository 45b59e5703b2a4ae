//! Hands written for other programs: mahjong-helper's command line,
//! riichi-tools-rs strings and Tenhou's hand links.
//!
//! - mahjong-helper: `mahjong-helper [-flags] 34068m 5678p 23567s` (an
//!   inline code span); after `#` each word is a called meld, a capital
//!   suit (`6666P`) a closed kan; `+ 6m` is another player's discard
//!   (the call being weighed), not part of the hand.
//! - riichi-tools-rs: `456s11133z(456m1)(p1z1)(k2z)(s3z3)`: `(123m1)` a
//!   chi, `(pXCI)` a pon, `(kXC)` a closed kan, `(kXCI)` an open kan,
//!   `(sXCI)` an added kan (`I` names the player called from).
//! - Tenhou: `tenhou.net/2/?q=123m456p789s11122z` (also `/1/` `/2/`),
//!   the hand after `q=`.

use std::ops::Range;

use super::{read_mpsz, Builder, Dialect, MeldKind, Placed, RawTile, Translation};

/// `mahjong-helper …` in an inline code span `text[span]`.
pub fn mahjong_helper(text: &str, span: Range<usize>) -> Option<Translation> {
    let written = text.get(span.clone())?;
    let rest = written.strip_prefix("mahjong-helper ")?;
    let mut at = span.start + (written.len() - rest.len());
    let mut builder = Builder::new();
    let mut melds = false;
    let mut stop = false;
    for word in rest.split(' ') {
        let start = at;
        at += word.len() + 1;
        if word.is_empty() || stop {
            continue;
        }
        match word {
            "#" => melds = true,
            "+" => stop = true,
            w if w.starts_with('-') => {}
            w => {
                let lower = w.to_ascii_lowercase();
                let (tiles, end) = read_mpsz(&lower, 0, start);
                if end != w.len() || tiles.is_empty() {
                    return None;
                }
                if melds {
                    let closed = w.bytes().any(|c| c.is_ascii_uppercase());
                    let kind = if closed {
                        MeldKind::Closed
                    } else {
                        MeldKind::Open
                    };
                    if !(3..=4).contains(&tiles.len()) {
                        return None;
                    }
                    builder.meld(kind, &tiles, start..start + w.len());
                } else {
                    for (t, r) in tiles {
                        builder.tile(t, r);
                    }
                }
            }
        }
    }
    builder.finish(Dialect::MahjongHelper)
}

/// Does `s` use riichi-tools-rs melds (`(456m1)`, `(p1z1)`)?
pub fn is_riichi_tools(s: &str) -> bool {
    let bytes = s.as_bytes();
    memchr::memchr_iter(b'(', bytes).any(|i| {
        let inner = &s[i + 1..];
        let Some(close) = inner.find(')') else {
            return false;
        };
        let meld = &inner[..close];
        let mb = meld.as_bytes();
        match mb.first() {
            Some(b'p' | b'k' | b's') => {
                mb.len() >= 3 && mb[1].is_ascii_digit() && mb[2].is_ascii_alphabetic()
            }
            Some(c) if c.is_ascii_digit() => {
                mb.last().is_some_and(u8::is_ascii_digit) && mb.iter().any(u8::is_ascii_alphabetic)
            }
            _ => false,
        }
    })
}

/// Reads a riichi-tools-rs hand `text[span]`.
pub fn riichi_tools(text: &str, span: Range<usize>) -> Option<Translation> {
    let written = text.get(span.clone())?;
    let bytes = written.as_bytes();
    let base = span.start;
    let mut builder = Builder::new();
    let mut cursor = 0;
    while cursor < bytes.len() {
        if bytes[cursor] == b'(' {
            let len = written[cursor + 1..].find(')')?;
            let inner = &written[cursor + 1..cursor + 1 + len];
            let source = base + cursor..base + cursor + len + 2;
            let inner_bytes = inner.as_bytes();
            let (kind, tiles) = match inner_bytes.first()? {
                c @ (b'p' | b'k' | b's') => {
                    let tile =
                        RawTile::new(inner_bytes.get(1)?.wrapping_sub(b'0'), *inner_bytes.get(2)?)?;
                    let at = base + cursor + 2..base + cursor + 4;
                    let count = if *c == b'p' { 3 } else { 4 };
                    let kind = if *c == b'k' && inner_bytes.len() == 3 {
                        MeldKind::Closed
                    } else {
                        MeldKind::Open
                    };
                    (kind, vec![(tile, at); count])
                }
                _ => {
                    // `456m1`: the tiles, then who it came from.
                    let digits = inner.trim_end_matches(|c: char| c.is_ascii_digit());
                    let (tiles, end) = read_mpsz(digits, 0, base + cursor + 1);
                    if end != digits.len() {
                        return None;
                    }
                    (MeldKind::Open, tiles)
                }
            };
            if !(3..=4).contains(&tiles.len()) {
                return None;
            }
            builder.meld(kind, &tiles, source);
            cursor += len + 2;
        } else {
            let (tiles, end) = read_mpsz(written, cursor, base);
            if tiles.is_empty() {
                return None;
            }
            for (t, r) in tiles {
                builder.tile(t, r);
            }
            cursor = end;
        }
    }
    builder.finish(Dialect::RiichiTools)
}

/// Does `s` use the bracket melds of mandel59/mahjong (`[2<34p]`,
/// `[^東東東]`) or its kanji honors after tiles (`123m東東`)?
pub fn is_bracket_kanji(s: &str) -> bool {
    let bytes = s.as_bytes();
    // Tested on every inline code span that starts with a digit (tenpai's
    // own hands among them): the cheap refusals first.
    if !bytes
        .first()
        .is_some_and(|c| c.is_ascii_digit() || *c == b'[')
        || s.contains(char::is_whitespace)
    {
        return false;
    }
    // The kanji are not ASCII.
    let kanji = !s.is_ascii() && s.chars().any(|c| super::glyphs::honor_kanji(c).is_some());
    let marks = memchr::memchr_iter(b'[', bytes).any(|i| {
        s[i + 1..]
            .find(']')
            .is_some_and(|e| s[i + 1..i + 1 + e].contains(['<', '>', '^']))
    });
    kanji || marks
}

/// Reads a mandel59/mahjong hand `text[span]`: mpsz (`5rm` a red five),
/// kanji honors, `[…]` melds whose mark `<` `^` `>` names the player
/// called from (no mark: a closed kan; one `[北]`: a north set aside).
pub fn bracket_kanji(text: &str, span: Range<usize>) -> Option<Translation> {
    let written = text.get(span.clone())?;
    let base = span.start;
    let mut builder = Builder::new();
    let mut cursor = 0;
    while cursor < written.len() {
        if written.as_bytes()[cursor] == b'[' {
            let len = written[cursor + 1..].find(']')?;
            let inner = cursor + 1..cursor + 1 + len;
            let (tiles, marked) = kanji_tiles(written, inner, base)?;
            let source = base + cursor..base + cursor + len + 2;
            match tiles.len() {
                1 if !marked => builder.unknown_tile(),
                3..=4 if marked => builder.meld(MeldKind::Open, &tiles, source),
                4 => builder.meld(MeldKind::Closed, &tiles, source),
                _ => return None,
            }
            cursor += len + 2;
        } else {
            let end = written[cursor..]
                .find('[')
                .map_or(written.len(), |e| cursor + e);
            let (tiles, marked) = kanji_tiles(written, cursor..end, base)?;
            if marked {
                return None;
            }
            for (t, r) in tiles {
                builder.tile(t, r);
            }
            cursor = end;
        }
    }
    builder.finish(Dialect::Mandel59)
}

/// Tiles of `s[range]` (mpsz with `5r`, kanji honors) and whether a call
/// mark is among them.
fn kanji_tiles(s: &str, range: Range<usize>, base: usize) -> Option<(Vec<Placed>, bool)> {
    let mut tiles = Vec::new();
    let mut marked = false;
    let mut digits: Vec<(u8, usize)> = Vec::new();
    for (k, c) in s[range.clone()].char_indices() {
        let at = range.start + k;
        match c {
            '<' | '>' | '^' => marked = true,
            'r' if !digits.is_empty() => {
                if let Some(last) = digits.last_mut() {
                    if last.0 == 5 {
                        last.0 = 0;
                    }
                }
            }
            d if d.is_ascii_digit() => digits.push((d as u8 - b'0', at)),
            'm' | 'p' | 's' | 'z' => {
                let count = digits.len();
                if count == 0 {
                    return None;
                }
                for (j, (d, pos)) in digits.drain(..).enumerate() {
                    let src = if j + 1 == count {
                        base + pos..base + at + 1
                    } else {
                        base + pos..base + pos + 1
                    };
                    tiles.push((RawTile::new(d, c as u8)?, src));
                }
            }
            k if super::glyphs::honor_kanji(k).is_some() => {
                if !digits.is_empty() {
                    return None;
                }
                let number = super::glyphs::honor_kanji(k)?;
                tiles.push((
                    RawTile::new(number, b'z')?,
                    base + at..base + at + k.len_utf8(),
                ));
            }
            _ => return None,
        }
    }
    digits.is_empty().then_some((tiles, marked))
}

/// Tenhou hand links in `text[range]`: each link's range and its hand.
pub fn tenhou_links(text: &str, range: Range<usize>) -> Vec<(Range<usize>, Translation)> {
    let Some(slice) = text.get(..range.end) else {
        return Vec::new();
    };
    memchr::memmem::find_iter(&slice.as_bytes()[range.start..], b"?q=")
        .filter_map(|at| tenhou_link_at(slice, range.start + at, range.start))
        .collect()
}

/// The Tenhou link whose `?q=` is at `question` (the link starts at
/// `start` or after): the range of its tiles and its hand.
pub fn tenhou_link_at(
    text: &str,
    question: usize,
    start: usize,
) -> Option<(Range<usize>, Translation)> {
    if !text[question..].starts_with("?q=") {
        return None;
    }
    // The link is one word: `tenhou.net/2/?q=…`.
    let before = &text[start..question];
    let word_start = before
        .rfind(|c: char| c.is_whitespace() || c == ')' || c == '"')
        .map_or(0, |i| i + 1);
    memchr::memmem::find(&before.as_bytes()[word_start..], b"tenhou.net/")?;
    let value_start = question + 3;
    let len = text[value_start..]
        .find(|c: char| !(c.is_ascii_alphanumeric()))
        .unwrap_or(text.len() - value_start);
    let value = &text[value_start..value_start + len];
    let (tiles, end): (Vec<Placed>, usize) = read_mpsz(value, 0, value_start);
    if tiles.is_empty() || end != value.len() {
        return None;
    }
    let mut builder = Builder::new();
    for (t, r) in tiles {
        builder.tile(t, r);
    }
    Some((
        value_start..value_start + len,
        builder.finish(Dialect::Tenhou)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mahjong_helper_lines() {
        let text = "mahjong-helper 234688m 34s # 6666P 234p + 3m";
        let t = mahjong_helper(text, 0..text.len()).unwrap();
        assert_eq!(t.text, "2m3m4m6m8m8m3s4s [6p6p6p6p] (2p3p4p)");
        let text = "mahjong-helper -d=38p33m 34568m 5678p 23567s";
        assert_eq!(mahjong_helper(text, 0..text.len()).unwrap().tiles, 14);
    }

    #[test]
    fn riichi_tools_melds() {
        let text = "456s11133z(456m1)(456p0)";
        assert!(is_riichi_tools(text));
        assert!(!is_riichi_tools("123m (123m) 456p"));
        let t = riichi_tools(text, 0..text.len()).unwrap();
        assert_eq!(t.text, "4s5s6s1z1z1z3z3z (4m5m6m) (4p5p6p)");
        let text = "4z(p1z1)(k2z)(s3z3)(p6z2)";
        let t = riichi_tools(text, 0..text.len()).unwrap();
        assert_eq!(t.text, "4z (1z1z1z) [2z2z2z2z] (3z3z3z3z) (6z6z6z)");
    }

    #[test]
    fn mandel59_brackets() {
        let text = "234s5m[2<34p][<234m][^東東東]0m";
        assert!(is_bracket_kanji(text));
        assert!(!is_bracket_kanji("123m456p"));
        let t = bracket_kanji(text, 0..text.len()).unwrap();
        assert_eq!(t.text, "2s3s4s5m (2p3p4p) (2m3m4m) (1z1z1z) 0m");
        let text = "3366p[<東東東東][>白白白][3333s][北][北]3p";
        let t = bracket_kanji(text, 0..text.len()).unwrap();
        assert_eq!(t.text, "3p3p6p6p (1z1z1z1z) (5z5z5z) [3s3s3s3s] 3p");
        assert_eq!(t.unknown, 2);
    }

    #[test]
    fn tenhou_link() {
        let text = "see https://tenhou.net/2/?q=123m456p789s11122z.";
        let found = tenhou_links(text, 0..text.len());
        assert_eq!(found[0].1.text, "1m2m3m4p5p6p7s8s9s1z1z1z2z2z");
        assert_eq!(&text[found[0].0.clone()], "123m456p789s11122z");
    }
}
