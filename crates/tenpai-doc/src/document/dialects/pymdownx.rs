//! pymdownx-mahjong: ```` ```mahjong ```` fences and inline `mj:123m`.
//!
//! A fence holds the hand on its first line, then `key: value` lines:
//! `draw:` (the drawn tile, last of the closed tiles), `dora:` and
//! `uradora:` (indicators), `waits:` (the stated waits, checked as a
//! claim), `title:` (free text). In the hand, `(123m<)` is a called meld
//! (`<` `^` `>` name the player it came from), `(666+6z^)` an added kan,
//! `[1111z]` a closed kan, `0` a red five and `Xz` an unknown tile.

use std::ops::Range;

use super::{Builder, Dialect, MeldKind, Placed, RawTile, Translation};

/// Is the fence info string pymdownx-mahjong's?
pub fn is_fence(info: &str) -> bool {
    info.split(|c: char| c.is_whitespace() || c == '{')
        .next()
        .is_some_and(|lang| lang.eq_ignore_ascii_case("mahjong"))
}

/// Reads the tiles of `text[range]` into `builder`: closed tiles, melds.
/// `None` when something else is written there.
pub fn read_hand(text: &str, range: Range<usize>, builder: &mut Builder) -> Option<()> {
    let written = text.get(range.clone())?;
    let bytes = written.as_bytes();
    let base = range.start;
    let mut cursor = 0;
    while cursor < bytes.len() {
        match bytes[cursor] {
            c if c.is_ascii_whitespace() => cursor += 1,
            open @ (b'(' | b'[') => {
                let close = if open == b'(' { b')' } else { b']' };
                let len = bytes[cursor + 1..].iter().position(|&c| c == close)?;
                let inner = cursor + 1..cursor + 1 + len;
                let tiles = meld_tiles(written, inner, base)?;
                let kind = if open == b'[' {
                    MeldKind::Closed
                } else {
                    MeldKind::Open
                };
                builder.meld(kind, &tiles, base + cursor..base + cursor + len + 2);
                cursor += len + 2;
            }
            c if c.is_ascii_digit() || c == b'X' || c == b'x' => {
                let (tiles, unknown, next) = run(written, cursor, bytes.len(), base)?;
                for (tile, src) in tiles {
                    builder.tile(tile, src);
                }
                for _ in 0..unknown {
                    builder.unknown_tile();
                }
                cursor = next;
            }
            _ => return None,
        }
    }
    Some(())
}

/// A run of digits and `X` then a suit letter, repeated: tiles and how
/// many were unknown.
fn run(s: &str, start: usize, end: usize, base: usize) -> Option<(Vec<Placed>, usize, usize)> {
    let bytes = s.as_bytes();
    let mut tiles = Vec::new();
    let mut unknown = 0;
    let mut cursor = start;
    loop {
        let len = bytes[cursor..end]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b'X' || **c == b'x')
            .count();
        if len == 0 {
            break;
        }
        let suit = *bytes.get(cursor + len)?;
        if !matches!(suit, b'm' | b'p' | b's' | b'z') {
            return None;
        }
        for k in 0..len {
            let digit = bytes[cursor + k];
            if digit == b'X' || digit == b'x' {
                unknown += 1;
                continue;
            }
            let tile = RawTile::new(digit - b'0', suit)?;
            let at = base + cursor + k;
            let src = if k + 1 == len { at..at + 2 } else { at..at + 1 };
            tiles.push((tile, src));
        }
        cursor += len + 1;
        if cursor >= end {
            break;
        }
    }
    Some((tiles, unknown, cursor))
}

/// A meld's tiles: `123m<`, `666+6z^` (the `+` tile is the added one).
fn meld_tiles(s: &str, inner: Range<usize>, base: usize) -> Option<Vec<Placed>> {
    let bytes = s.as_bytes();
    let mut tiles = Vec::new();
    let mut digits: Vec<usize> = Vec::new();
    for i in inner.clone() {
        match bytes[i] {
            c if c.is_ascii_digit() => digits.push(i),
            b'+' | b'<' | b'>' | b'^' | b' ' => {}
            suit @ (b'm' | b'p' | b's' | b'z') => {
                for (k, &at) in digits.iter().enumerate() {
                    let tile = RawTile::new(bytes[at] - b'0', suit)?;
                    let src = if k + 1 == digits.len() {
                        base + at..base + i + 1
                    } else {
                        base + at..base + at + 1
                    };
                    tiles.push((tile, src));
                }
                digits.clear();
            }
            _ => return None,
        }
    }
    (digits.is_empty() && (3..=4).contains(&tiles.len())).then_some(tiles)
}

/// Reads a ```` ```mahjong ```` fence whose content is `text[range]`.
/// Returns the translation and the range it covers (the fence's lines).
pub fn read_fence(text: &str, range: Range<usize>) -> Option<(Range<usize>, Translation)> {
    let body = text.get(range.clone())?;
    let mut builder = Builder::new();
    let mut hand_read = false;
    let mut draw: Option<Range<usize>> = None;
    let mut words: Vec<(String, Range<usize>)> = Vec::new();
    let mut covered = range.start..range.start;
    let mut at = range.start;
    for line in body.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        let line_range = start + lead..start + lead + trimmed.len();
        covered = if covered.is_empty() {
            line_range.clone()
        } else {
            covered.start..line_range.end
        };
        let key = trimmed
            .split_once(':')
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v));
        match key {
            Some((key, value))
                if matches!(
                    key.as_str(),
                    "draw" | "dora" | "uradora" | "ura" | "waits" | "title" | "wait"
                ) =>
            {
                let value_start = line_range.start + trimmed.len() - value.len();
                let value_range = trimmed_range(text, value_start..line_range.end);
                match key.as_str() {
                    "draw" => draw = Some(value_range),
                    "dora" => words.push((
                        format!("dora={}", text[value_range.clone()].trim()),
                        value_range,
                    )),
                    "uradora" | "ura" => words.push((
                        format!("ura={}", text[value_range.clone()].trim()),
                        value_range,
                    )),
                    "waits" | "wait" => words.push((
                        format!("=> waits {}", text[value_range.clone()].trim()),
                        value_range,
                    )),
                    _ => {}
                }
            }
            _ if !hand_read => {
                read_hand(text, line_range, &mut builder)?;
                hand_read = true;
            }
            _ => return None,
        }
    }
    if let Some(draw) = draw {
        // The drawn tile is the last closed tile, so the winning tile; the
        // stated waits are checked as those of the hand before it.
        read_hand(text, draw, &mut builder)?;
    }
    // Claims go last.
    words.sort_by_key(|(w, _)| w.starts_with("=>"));
    for (word, src) in words {
        if word.starts_with("=>") {
            builder.word("=>", src.clone());
            builder.word(word.trim_start_matches("=> "), src);
        } else {
            builder.word(&word, src);
        }
    }
    Some((covered, builder.finish(Dialect::Pymdownx)?))
}

fn trimmed_range(text: &str, range: Range<usize>) -> Range<usize> {
    let written = &text[range.clone()];
    let lead = written.len() - written.trim_start().len();
    let start = range.start + lead;
    start..start + written.trim().len()
}

/// Inline `mj:123m456p`: the range after the prefix, if it is one.
pub fn inline(text: &str, span: Range<usize>) -> Option<Translation> {
    let written = text.get(span.clone())?;
    let rest = written.strip_prefix("mj:")?;
    let mut builder = Builder::new();
    read_hand(
        text,
        span.start + 3..span.start + 3 + rest.len(),
        &mut builder,
    )?;
    builder.finish(Dialect::Pymdownx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_with_draw_dora_and_waits() {
        let text = "5511122z [3333z] (444+4z>)\ndraw: 2z\nwaits: 52z\ndora: 5z\ntitle: Big\n";
        let (_, t) = read_fence(text, 0..text.len()).unwrap();
        assert_eq!(
            t.text,
            "5z5z1z1z1z2z2z [3z3z3z3z] (4z4z4z4z) 2z dora=5z => waits 52z"
        );
        let text = "19p19s19m1234567Xz\n";
        let (_, t) = read_fence(text, 0..text.len()).unwrap();
        assert_eq!((t.tiles, t.unknown), (13, 1));
    }

    #[test]
    fn inline_spans() {
        let text = "mj:123m456p";
        assert_eq!(inline(text, 0..text.len()).unwrap().text, "1m2m3m4p5p6p");
        assert!(inline("123m", 0..4).is_none());
    }
}
