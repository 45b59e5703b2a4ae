//! Tiles written as characters: the Unicode Mahjong Tiles glyphs (🀇 …),
//! kanji names (`東南西北白發中`, `発`, `一萬`/`一万`, `一筒`, `一索`/`一条`)
//! and circled digits for pins (`①`…`⑨`).
//!
//! Glyphs cannot be prose, so a run of them is read anywhere. Kanji and
//! circled digits are prose too (`東` is "east", `中` "middle"), so they are
//! read only on a line of their own in a fence, made of tiles and nothing
//! else.

use std::ops::Range;

use super::{Builder, Dialect, RawTile, Translation};

/// The glyph block: 🀀 (U+1F000) to 🀡 (U+1F021); 🀫 (U+1F02B) is a back.
fn glyph(c: char) -> Option<Option<RawTile>> {
    let code = c as u32;
    let tile = match code {
        0x1F000..=0x1F003 => RawTile::new((code - 0x1F000 + 1) as u8, b'z'),
        0x1F004 => RawTile::new(7, b'z'),
        0x1F005 => RawTile::new(6, b'z'),
        0x1F006 => RawTile::new(5, b'z'),
        0x1F007..=0x1F00F => RawTile::new((code - 0x1F007 + 1) as u8, b'm'),
        0x1F010..=0x1F018 => RawTile::new((code - 0x1F010 + 1) as u8, b's'),
        0x1F019..=0x1F021 => RawTile::new((code - 0x1F019 + 1) as u8, b'p'),
        0x1F02B => return Some(None),
        _ => return None,
    };
    tile.map(Some)
}

pub(super) fn honor_kanji(c: char) -> Option<u8> {
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

fn number_kanji(c: char) -> Option<u8> {
    "一二三四五六七八九"
        .chars()
        .position(|k| k == c)
        .map(|i| i as u8 + 1)
}

fn suit_kanji(c: char) -> Option<u8> {
    Some(match c {
        '萬' | '万' => b'm',
        '筒' | '饼' | '餅' => b'p',
        '索' | '条' | '條' => b's',
        _ => return None,
    })
}

fn circled(c: char) -> Option<u8> {
    let code = c as u32;
    (0x2460..=0x2468)
        .contains(&code)
        .then(|| (code - 0x2460 + 1) as u8)
}

/// Which characters [`read_line`] takes for tiles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Script {
    /// The Unicode Mahjong Tiles glyphs only.
    Glyphs,
    /// Those, kanji names and circled digits (`一萬`, `①筒`, `東`).
    GlyphsAndKanji,
}

/// What a line of tile characters holds; `None` if anything else is on
/// it (spaces aside).
pub fn read_line(text: &str, range: Range<usize>, script: Script) -> Option<Translation> {
    let written = text.get(range.clone())?;
    let mut builder = Builder::new();
    let mut chars = written.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let at = range.start + i;
        let here = at..at + c.len_utf8();
        if c.is_whitespace() {
            continue;
        }
        if let Some(tile) = glyph(c) {
            match tile {
                Some(t) => builder.tile(t, here),
                None => builder.unknown_tile(),
            }
            continue;
        }
        // The emoji variation selector after 🀄.
        if c == '\u{fe0f}' {
            continue;
        }
        if script == Script::Glyphs {
            return None;
        }
        if let Some(n) = honor_kanji(c) {
            builder.tile(RawTile::new(n, b'z')?, here);
        } else if let Some(n) = circled(c) {
            builder.tile(RawTile::new(n, b'p')?, here);
        } else if let Some(n) = number_kanji(c) {
            let &(j, suit) = chars.peek()?;
            let suit = suit_kanji(suit)?;
            chars.next();
            let end = range.start + j + text[range.start + j..].chars().next()?.len_utf8();
            builder.tile(RawTile::new(n, suit)?, at..end);
        } else {
            return None;
        }
    }
    builder.finish(Dialect::Glyphs)
}

/// Runs of glyphs in prose (`text[range]`): each run's range, at least
/// `min` glyphs long (spaces between glyphs allowed).
pub fn runs(text: &str, range: Range<usize>, min: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let Some(slice) = text.get(..range.end) else {
        return out;
    };
    // Every glyph starts with the bytes F0 9F 80.
    let finder = memchr::memmem::Finder::new(GLYPH_START);
    let mut from = range.start;
    while let Some(found) = finder.find(&slice.as_bytes()[from..]) {
        let (run, next) = run_at(slice, from + found, min);
        out.extend(run);
        from = next;
    }
    out
}

/// The bytes every glyph starts with.
pub const GLYPH_START: &[u8] = b"\xF0\x9F\x80";

/// The run of glyphs that starts at `start` of `text`, if it has `min`
/// glyphs or more, and where to look for the next one.
pub fn run_at(text: &str, start: usize, min: usize) -> (Option<Range<usize>>, usize) {
    let mut count = 0;
    let mut last_glyph_end = start;
    for (i, c) in text[start..].char_indices() {
        if glyph(c).is_some() {
            count += 1;
            last_glyph_end = start + i + c.len_utf8();
        } else if !(c == ' ' || c == '\u{fe0f}') {
            break;
        }
    }
    let mut next = last_glyph_end.max(start + 1);
    while !text.is_char_boundary(next) {
        next += 1;
    }
    ((count >= min).then_some(start..last_glyph_end), next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyph_and_kanji_lines() {
        let text = "🀇🀈🀛 🀜\n";
        assert_eq!(
            read_line(text, 0..text.len() - 1, Script::Glyphs)
                .unwrap()
                .text,
            "1m2m3p4p"
        );
        let text = "北北北發一萬九万①";
        let t = read_line(text, 0..text.len(), Script::GlyphsAndKanji).unwrap();
        assert_eq!(t.text, "4z4z4z6z1m9m1p");
        assert_eq!(t.to_source(&(8..10)), 12..18);
        assert!(read_line("東は中", 0..9, Script::GlyphsAndKanji).is_none());
        assert!(read_line(text, 0..text.len(), Script::Glyphs).is_none());
    }

    #[test]
    fn runs_in_prose() {
        let text = "自分: 🀀🀁🀂 and 🀑 (2s)";
        let r = runs(text, 0..text.len(), 3);
        assert_eq!(r.len(), 1);
        assert_eq!(&text[r[0].clone()], "🀀🀁🀂");
    }
}
