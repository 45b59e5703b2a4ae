//! MDC (Nuxt Content) components: `:mahjong-tiles{src="235m466s1157p,2-22z"}`
//! inline, `::mahjong-tiles{src="…"}` as a block.
//!
//! `src` is mpsz; `,` starts a called meld, `-` lays the tile after it
//! sideways, the suit `x` is a tile back (`11p00x`). A part after a comma
//! of one tile is the drawn tile. A component followed by `ツモ`/`ロン`
//! (or `tsumo`/`ron`) and a one-tile component adds that tile as the
//! winning or drawn tile.

use std::ops::Range;

use super::{read_mpsz, Builder, Dialect, MeldKind, Placed, RawTile, Translation};

/// Component names read by default.
pub fn default_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    matches!(
        name.as_str(),
        "mahjong-tiles" | "mahjong" | "mj" | "tiles" | "mahjong-hand" | "hand"
    )
}

/// One component: its whole range and the range of its `src` value.
#[derive(Debug)]
pub struct Component {
    pub range: Range<usize>,
    pub src: Range<usize>,
}

/// Finds the tile components in `text[range]`.
pub fn find(text: &str, range: Range<usize>, is_name: &dyn Fn(&str) -> bool) -> Vec<Component> {
    let Some(slice) = text.get(range.clone()) else {
        return Vec::new();
    };
    let bytes = slice.as_bytes();
    memchr::memchr_iter(b':', bytes)
        // `::name` is found at its first colon.
        .filter(|&at| !(at > 0 && bytes[at - 1] == b':'))
        .filter_map(|at| component_at(text, range.start + at, range.end, is_name))
        .collect()
}

/// The component of the `{` at `brace` (`:name{…}`, `::name{…}`), read
/// up to `limit`: the name before it, back to its colon.
pub fn component_before_brace(
    text: &str,
    brace: usize,
    start: usize,
    limit: usize,
    is_name: &dyn Fn(&str) -> bool,
) -> Option<Component> {
    let bytes = text.as_bytes();
    let name_len = bytes[start..brace]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'_')
        .count();
    let name_start = brace - name_len;
    if name_len == 0 || name_start == start || bytes[name_start - 1] != b':' {
        return None;
    }
    let colon = if name_start >= start + 2 && bytes[name_start - 2] == b':' {
        name_start - 2
    } else {
        name_start - 1
    };
    component_at(text, colon, limit, is_name)
}

/// The component whose (first) colon is at `at`, read up to `limit`.
fn component_at(
    text: &str,
    at: usize,
    limit: usize,
    is_name: &dyn Fn(&str) -> bool,
) -> Option<Component> {
    let slice = text.get(..limit)?;
    let bytes = slice.as_bytes();
    let name_start = if bytes.get(at + 1) == Some(&b':') {
        at + 2
    } else {
        at + 1
    };
    let name_len = bytes
        .get(name_start..)?
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'_')
        .count();
    if name_len == 0 || bytes.get(name_start + name_len) != Some(&b'{') {
        return None;
    }
    if !is_name(&slice[name_start..name_start + name_len]) {
        return None;
    }
    let attrs_start = name_start + name_len + 1;
    let attrs_len = slice[attrs_start..].find(['}', '\n'])?;
    if bytes[attrs_start + attrs_len] != b'}' {
        return None;
    }
    let attrs = &slice[attrs_start..attrs_start + attrs_len];
    let src = attribute(attrs, &["src", "tiles", "hand"])?;
    Some(Component {
        range: at..attrs_start + attrs_len + 1,
        src: attrs_start + src.start..attrs_start + src.end,
    })
}

/// The value range of the first of `keys` in `attrs` (`key="v"`, `key='v'`).
fn attribute(attrs: &str, keys: &[&str]) -> Option<Range<usize>> {
    let bytes = attrs.as_bytes();
    let mut cursor = 0;
    while cursor < bytes.len() {
        let key_len = bytes[cursor..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'_')
            .count();
        if key_len == 0 {
            cursor += 1;
            continue;
        }
        let key = &attrs[cursor..cursor + key_len];
        cursor += key_len;
        if bytes.get(cursor) != Some(&b'=') {
            continue;
        }
        cursor += 1;
        let quote = bytes.get(cursor).copied();
        let value = match quote {
            Some(q @ (b'"' | b'\'')) => {
                let len = attrs[cursor + 1..].find(q as char)?;
                let found = cursor + 1..cursor + 1 + len;
                cursor += len + 2;
                found
            }
            _ => {
                let len = attrs[cursor..].find(' ').unwrap_or(attrs.len() - cursor);
                let found = cursor..cursor + len;
                cursor += len;
                found
            }
        };
        if keys.iter().any(|k| k.eq_ignore_ascii_case(key)) {
            return Some(value);
        }
    }
    None
}

/// A part of `src`: tiles (backs counted apart) and whether a `-` laid one
/// sideways.
struct Part {
    tiles: Vec<Placed>,
    backs: usize,
    sideways: bool,
    source: Range<usize>,
}

fn read_part(s: &str, start: usize, end: usize, base: usize) -> Option<Part> {
    let bytes = s.as_bytes();
    let mut part = Part {
        tiles: Vec::new(),
        backs: 0,
        sideways: false,
        source: base + start..base + end,
    };
    // Digits waiting for their suit, at their offsets; a `-` among them
    // lays the next one sideways.
    let mut digits: Vec<usize> = Vec::new();
    for i in start..end {
        match bytes[i] {
            b'-' => part.sideways = true,
            c if c.is_ascii_whitespace() => {}
            c if c.is_ascii_digit() => digits.push(i),
            b'x' | b'X' => {
                if digits.is_empty() {
                    return None;
                }
                part.backs += digits.len();
                digits.clear();
            }
            suit @ (b'm' | b'p' | b's' | b'z') => {
                if digits.is_empty() {
                    return None;
                }
                let count = digits.len();
                for (k, &at) in digits.iter().enumerate() {
                    let tile = RawTile::new(bytes[at] - b'0', suit)?;
                    let src = if k + 1 == count {
                        base + at..base + i + 1
                    } else {
                        base + at..base + at + 1
                    };
                    part.tiles.push((tile, src));
                }
                digits.clear();
            }
            _ => return None,
        }
    }
    digits.is_empty().then_some(part)
}

/// Reads a component's `src` value `text[range]`.
pub fn read(text: &str, range: Range<usize>) -> Option<Builder> {
    let written = text.get(range.clone())?;
    let mut builder = Builder::new();
    let mut at = 0;
    for (index, piece) in written.split(',').enumerate() {
        let start = at;
        at += piece.len() + 1;
        let part = read_part(written, start, start + piece.len(), range.start)?;
        if index == 0 {
            // A `-` in the closed part only lays a tile sideways (a riichi
            // discard in a river).
            for (tile, src) in part.tiles {
                builder.tile(tile, src);
            }
            for _ in 0..part.backs {
                builder.unknown_tile();
            }
            continue;
        }
        match (part.tiles.len(), part.backs) {
            (0, _) => {
                for _ in 0..part.backs {
                    builder.unknown_tile();
                }
            }
            // One tile apart: the drawn tile.
            (1, 0) if !part.sideways => {
                for (tile, src) in part.tiles {
                    builder.tile(tile, src);
                }
            }
            // A kan shown with two backs: closed.
            (2, 2) if part.tiles[0].0 == part.tiles[1].0 => {
                let tile = part.tiles[0].0;
                let src = part.tiles[0].1.clone();
                let four: Vec<(RawTile, Range<usize>)> = vec![
                    (tile, src.clone()),
                    (tile, src.clone()),
                    part.tiles[1].clone(),
                    (tile, part.tiles[1].1.clone()),
                ];
                builder.meld(MeldKind::Closed, &four, part.source);
            }
            (3..=4, 0) => builder.meld(MeldKind::Open, &part.tiles, part.source),
            _ => return None,
        }
    }
    Some(builder)
}

/// Reads a component whole; see [`read`].
pub fn translate(text: &str, range: Range<usize>) -> Option<Translation> {
    read(text, range)?.finish(Dialect::Mdc)
}

/// After a mark ending at `end`: `ツモ`, `ロン`, `tsumo` or `ron`, then a
/// mark of one tile (starting at `next_start`, its tiles `next_tiles` in
/// mpsz). Returns the option word and its range.
pub fn drawn_after(
    text: &str,
    end: usize,
    next_start: usize,
    next_tiles: &Range<usize>,
) -> Option<(&'static str, Range<usize>)> {
    let between = text.get(end..next_start)?;
    let word = between.trim();
    let option = match word {
        "ツモ" | "tsumo" | "Tsumo" | "自摸" => "tsumo",
        "ロン" | "ron" | "Ron" | "栄和" => "ron",
        _ => return None,
    };
    let lead = between.len() - between.trim_start().len();
    let word_range = end + lead..end + lead + word.len();
    let src = text.get(next_tiles.clone())?;
    let (run, stop) = read_mpsz(src, 0, next_tiles.start);
    (run.len() == 1 && stop == src.len()).then_some((option, word_range))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Vec<String> {
        find(text, 0..text.len(), &default_name)
            .into_iter()
            .filter_map(|c| translate(text, c.src))
            .map(|t| t.text)
            .collect()
    }

    #[test]
    fn components_with_melds_and_backs() {
        let text = "手牌 :mahjong-tiles{src=\"235m466s1157p,2-22z\"} ツモ\n::mahjong-tiles{src=\"11p00x\" size=\"30px\"}\n:::tip\n";
        assert_eq!(texts(text), ["2m3m5m4s6s6s1p1p5p7p (2z2z2z)", "1p1p"]);
        let text = ":mahjong-tiles{src=\"2469m3357s69p1345z,1m\"}";
        let t = translate(
            text,
            find(text, 0..text.len(), &default_name)[0].src.clone(),
        )
        .unwrap();
        assert_eq!(t.tiles, 15);
    }

    #[test]
    fn a_drawn_tile_after_tsumo() {
        let text = ":mahjong-tiles{src=\"222567m3345p,56-7s\"} ツモ :mahjong-tiles{src=\"3p\"}";
        let found = find(text, 0..text.len(), &default_name);
        let next = &found[1];
        let (word, range) =
            drawn_after(text, found[0].range.end, next.range.start, &next.src).unwrap();
        assert_eq!(word, "tsumo");
        assert_eq!(&text[range], "ツモ");
        // Two tiles after the word are no drawn tile.
        let text = text.replace("\"3p\"", "\"3p4p\"");
        let found = find(&text, 0..text.len(), &default_name);
        let next = &found[1];
        assert!(drawn_after(&text, found[0].range.end, next.range.start, &next.src).is_none());
    }
}
