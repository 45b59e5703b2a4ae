//! mahgen: ```` ```mahgen ```` fences, `mg 123m` / `mahgen 123m` code spans
//! (the Obsidian plugin) and `<mah-gen data-seq="…">`.
//!
//! mpsz where `|` is a gap, `_` lays the next tile sideways (a called
//! tile), `^` and `v` stack an added kan's tile, `0z` is a tile back and
//! `8z` `9z` are blank tiles. A group between gaps with a sideways or
//! stacked tile is a called meld; `0z` `NN` `0z` is a closed kan.

use std::ops::Range;

use super::{Builder, Dialect, MeldKind, Placed, RawTile, Translation};

/// Is the fence info string mahgen's?
pub fn is_fence(info: &str) -> bool {
    info.split(|c: char| c.is_whitespace() || c == '{')
        .next()
        .is_some_and(|lang| lang.eq_ignore_ascii_case("mahgen") || lang.eq_ignore_ascii_case("mg"))
}

/// An inline code span `mg 123m` or `mahgen 123m`: the sequence's range.
pub fn inline_sequence(text: &str, span: Range<usize>) -> Option<Range<usize>> {
    let written = text.get(span.clone())?;
    let rest = written
        .strip_prefix("mg ")
        .or_else(|| written.strip_prefix("mahgen "))?;
    let lead = written.len() - rest.len() + (rest.len() - rest.trim_start().len());
    Some(span.start + lead..span.start + lead + rest.trim().len())
}

/// `<mah-gen data-seq="…">` in `text[range]`: each sequence's range.
pub fn html_sequences(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let Some(slice) = text.get(..range.end) else {
        return Vec::new();
    };
    memchr::memmem::find_iter(&slice.as_bytes()[range.start..], b"<mah-gen")
        .filter_map(|at| html_sequence_at(slice, range.start + at))
        .collect()
}

/// The `data-seq` value of the `<mah-gen …>` tag at `at`, if one is there.
pub fn html_sequence_at(text: &str, at: usize) -> Option<Range<usize>> {
    if !text[at..].starts_with("<mah-gen") {
        return None;
    }
    let tag_end = text[at..].find('>').map_or(text.len(), |e| at + e);
    let tag = &text[at..tag_end];
    if tag.contains("data-river-mode") {
        return None;
    }
    let start = at + tag.find("data-seq=\"")? + 10;
    let len = text[start..tag_end].find('"')?;
    Some(start..start + len)
}

/// One mahgen tile: its tile (`None` for a back or a blank), a mark
/// before it (`_`, `^`, `v`) and its source.
struct Written {
    tile: Option<RawTile>,
    marked: bool,
    source: Range<usize>,
}

/// Reads a mahgen sequence `text[range]`.
pub fn read(text: &str, range: Range<usize>) -> Option<Translation> {
    let sequence = text.get(range.clone())?;
    let mut builder = Builder::new();
    let mut at = 0;
    for group in sequence.split('|') {
        let start = at;
        at += group.len() + 1;
        if group.trim().is_empty() {
            continue;
        }
        let written = read_group(sequence, start, start + group.len(), range.start)?;
        let source = range.start + start..range.start + start + group.len();
        let tiles: Vec<Placed> = written
            .iter()
            .filter_map(|w| w.tile.map(|t| (t, w.source.clone())))
            .collect();
        let backs = written.len() - tiles.len();
        let marked = written.iter().any(|w| w.marked);
        let is_back = |w: &Written| w.tile.is_none();
        if written.len() == 4
            && backs == 2
            && is_back(&written[0])
            && is_back(&written[3])
            && tiles[0].0 == tiles[1].0
        {
            let (tile, first_source) = tiles[0].clone();
            let second_source = tiles[1].1.clone();
            let four = [
                (tile, first_source.clone()),
                (tile, first_source),
                (tile, second_source.clone()),
                (tile, second_source),
            ];
            builder.meld(MeldKind::Closed, &four, source);
        } else if marked && backs == 0 && (3..=4).contains(&tiles.len()) {
            builder.meld(MeldKind::Open, &tiles, source);
        } else {
            for (tile, src) in tiles {
                builder.tile(tile, src);
            }
            for _ in 0..backs {
                builder.unknown_tile();
            }
        }
    }
    builder.finish(Dialect::Mahgen)
}

fn read_group(s: &str, start: usize, end: usize, base: usize) -> Option<Vec<Written>> {
    let bytes = s.as_bytes();
    let mut out: Vec<Written> = Vec::new();
    // Digits waiting for their suit: (digit, marked, offset).
    let mut pending: Vec<(u8, bool, usize)> = Vec::new();
    // The mark before the next digit: `_` sideways, `^` a stacked tile
    // (two tiles), `v` a stacked tile with a red five (two tiles).
    let mut mark = None;
    for (i, &c) in bytes.iter().enumerate().take(end).skip(start) {
        match c {
            m @ (b'_' | b'^' | b'v') => mark = Some(m),
            c if c.is_ascii_digit() => {
                let digit = c - b'0';
                match mark.take() {
                    Some(b'^') => {
                        pending.push((digit, true, i));
                        pending.push((digit, true, i));
                    }
                    // `v0`: the lower tile is red; `v5`: the upper one.
                    Some(b'v') => {
                        pending.push((digit, true, i));
                        pending.push((if digit == 0 { 5 } else { 0 }, true, i));
                    }
                    Some(_) => pending.push((digit, true, i)),
                    None => pending.push((digit, false, i)),
                }
            }
            suit @ (b'm' | b'p' | b's' | b'z') => {
                if pending.is_empty() {
                    return None;
                }
                let count = pending.len();
                for (k, (digit, marked, at)) in pending.drain(..).enumerate() {
                    let tile = match (suit, digit) {
                        (b'z', 0 | 8 | 9) => None,
                        _ => Some(RawTile::new(digit, suit)?),
                    };
                    let src = if k + 1 == count {
                        base + at..base + i + 1
                    } else {
                        base + at..base + at + 1
                    };
                    out.push(Written {
                        tile,
                        marked,
                        source: src,
                    });
                }
            }
            c if c.is_ascii_whitespace() => {}
            _ => return None,
        }
    }
    pending.is_empty().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn melds_kans_and_backs() {
        let text = "1m|_123p|5v05m|0z11s0z|66^6z";
        let t = read(text, 0..text.len()).unwrap();
        assert_eq!(t.text, "1m (1p2p3p) (5m0m5m5m) [1s1s1s1s] (6z6z6z6z)");
        let t = read("0z11p0z 8z", 0..10).unwrap();
        assert_eq!(t.tiles, 2);
        assert_eq!(inline_sequence("mg 1s2s3s", 0..9), Some(3..9));
    }
}
