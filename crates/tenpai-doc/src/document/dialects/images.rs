//! Runs of tile images: `<img src="../hai/man1.gif">…` and `![](1m.png)…`.
//!
//! A file name is read through a mapping to tiles: the built-in one knows
//! the common tile sets (`man1` `pin2` `sou3`, `ton nan sha pei haku hatu
//! chun`, with a `y` prefix for a sideways tile and an `m` suffix for a
//! small one; `1m`…`7z` names; `p_ms1` `p_ps1` `p_ss1` `p_ji_e`…), and the
//! configuration adds its own. Images next to each other (spaces between)
//! are one hand; the words `Pon` `Chi` `Kan` `Ankan` (and ポン チー カン 暗槓)
//! before a group make it a called meld, `Tsumo`/`Ron`/`Draw` (ツモ ロン)
//! before one image add the drawn tile; `Dora` ends the hand.

use std::collections::HashMap;
use std::ops::Range;

use super::{Builder, Dialect, MeldKind, RawTile, Translation};

/// Tiles for file names the configuration adds: stem (lowercase, no
/// extension) to mpsz (`1m`).
pub type ImageMap = HashMap<String, String>;

/// One image in the text (a tile, a back, or another picture): its range
/// and the tile its file shows.
#[derive(Clone, Debug)]
pub struct Image {
    range: Range<usize>,
    /// `None`: not a tile; `Some(None)`: a tile back.
    tile: Option<Option<RawTile>>,
    sideways: bool,
}

/// The stem of a path: no directories, no extension, no query, lowercase.
fn stem(path: &str) -> String {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let name = name.rsplit_once('.').map_or(name, |(n, _)| n);
    name.to_ascii_lowercase()
}

/// The tile a file stem shows, and whether it lies sideways.
fn tile_of(stem: &str, custom: &ImageMap) -> Option<(RawTile, bool)> {
    if let Some(mpsz) = custom.get(stem) {
        let bytes = mpsz.as_bytes();
        return (bytes.len() == 2)
            .then(|| RawTile::new(bytes[0].wrapping_sub(b'0'), bytes[1]))
            .flatten()
            .map(|t| (t, false));
    }
    let (sideways, name) = match stem.strip_prefix('y') {
        Some(rest) if named(rest).is_some() => (true, rest),
        _ => (false, stem),
    };
    if let Some(t) = named(name) {
        return Some((t, sideways));
    }
    // Small tiles: `man1m`, `pin2m`.
    if let Some(t) = name.strip_suffix('m').and_then(named) {
        return Some((t, sideways));
    }
    None
}

/// Tile backs: `ura`, `back`, `0z`.
fn is_back(stem: &str) -> bool {
    matches!(stem, "ura" | "back" | "0z" | "z0" | "yura" | "p_bk" | "bk")
}

/// The built-in names.
fn named(name: &str) -> Option<RawTile> {
    let bytes = name.as_bytes();
    // `1m` `0p` `7z`, and `m1` `p0` `z7`.
    if bytes.len() == 2 {
        if let Some(t) = RawTile::new(bytes[0].wrapping_sub(b'0'), bytes[1]) {
            return Some(t);
        }
        if let Some(t) = RawTile::new(bytes[1].wrapping_sub(b'0'), bytes[0]) {
            return Some(t);
        }
    }
    for (prefix, suit) in [
        ("man", b'm'),
        ("pin", b'p'),
        ("sou", b's'),
        ("p_ms", b'm'),
        ("p_ps", b'p'),
        ("p_ss", b's'),
    ] {
        if let Some(rest) = name.strip_prefix(prefix) {
            // `p_ms1_1`: the set's orientation after `_`.
            let digits = rest.split('_').next().unwrap_or(rest);
            let red = digits.ends_with('r') || rest.contains("aka");
            let digit = digits.trim_end_matches('r');
            if digit.len() == 1 {
                let number = digit.as_bytes()[0].wrapping_sub(b'0');
                return RawTile::new(if red && number == 5 { 0 } else { number }, suit);
            }
        }
    }
    let honor = match name.split('_').next().unwrap_or(name) {
        "ton" => 1,
        "nan" => 2,
        "sha" | "sya" | "shaa" | "xia" => 3,
        "pei" | "pe" | "pee" => 4,
        "haku" => 5,
        "hatu" | "hatsu" => 6,
        "chun" | "tyun" => 7,
        "p" => match name {
            "p_ji_e" => 1,
            "p_ji_s" => 2,
            "p_ji_w" => 3,
            "p_ji_n" => 4,
            "p_no" | "p_ji_no" => 5,
            "p_ji_h" => 6,
            "p_ji_c" => 7,
            _ => return None,
        },
        _ => return None,
    };
    RawTile::new(honor, b'z')
}

/// The images of `text[range]`: `<img … src="…" …>` tags and `![…](…)`.
fn images(text: &str, range: Range<usize>, custom: &ImageMap) -> Vec<Image> {
    let Some(slice) = text.get(..range.end) else {
        return Vec::new();
    };
    memchr::memchr2_iter(b'<', b'!', &slice.as_bytes()[range.start..])
        .filter_map(|at| image_at(slice, range.start + at, custom))
        .collect()
}

/// The image written at `at` of `text` (an `<img>` tag or `![…](…)`), if
/// one is there.
pub fn image_at(text: &str, at: usize, custom: &ImageMap) -> Option<Image> {
    let (end, src) = if text.as_bytes().get(at) == Some(&b'<') {
        html_image(text, at)?
    } else {
        markdown_image(text, at)?
    };
    let name = stem(src);
    let (tile, sideways) = match tile_of(&name, custom) {
        Some((t, s)) => (Some(Some(t)), s),
        None if is_back(&name) => (Some(None), false),
        None => (None, false),
    };
    Some(Image {
        range: at..end,
        tile,
        sideways,
    })
}

fn html_image(s: &str, at: usize) -> Option<(usize, &str)> {
    let rest = &s[at..];
    if !rest.get(..4)?.eq_ignore_ascii_case("<img") {
        return None;
    }
    let end = rest.find('>')?;
    let tag = &rest[..end];
    let src_at = tag.find("src=")?;
    let quote = tag.as_bytes().get(src_at + 4).copied()?;
    let value = if quote == b'"' || quote == b'\'' {
        let quoted = &tag[src_at + 5..];
        &quoted[..quoted.find(quote as char)?]
    } else {
        let quoted = &tag[src_at + 4..];
        &quoted[..quoted.find(char::is_whitespace).unwrap_or(quoted.len())]
    };
    Some((at + end + 1, value))
}

fn markdown_image(s: &str, at: usize) -> Option<(usize, &str)> {
    let rest = &s[at..];
    if !rest.starts_with("![") {
        return None;
    }
    // An image is written on one line: the rest of the document is not
    // searched for each `!` of prose.
    let rest = &rest[..memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len())];
    let close = rest.find("](")?;
    let target = &rest[close + 2..];
    let end = target.find(')')?;
    let src = target[..end].split_whitespace().next()?;
    Some((at + close + 2 + end + 1, src))
}

/// What stands between two images of a run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Between {
    /// Spaces: the same group.
    Nothing,
    /// An empty element (`<span style="margin-right:10px"></span>`): a gap,
    /// the next group.
    Gap,
    /// `Pon`, `Ankan`…: the next group is a called meld.
    Meld(MeldKind),
    /// `Tsumo`, `Ron`: the next image is the drawn or winning tile.
    Drawn(&'static str),
    /// `Dora`: the next images are dora indicators.
    Dora,
    /// Anything else: the run ends.
    End,
}

/// Empty inline elements and their closing tags, taken out of a gap.
fn without_empty_elements(gap: &str) -> (String, bool) {
    let mut out = String::new();
    let mut rest = gap;
    let mut found = false;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            out.push_str(&rest[open..]);
            return (out, found);
        };
        let tag = &rest[open + 1..open + close];
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/'])
            .next()
            .unwrap_or("");
        if matches!(name.to_ascii_lowercase().as_str(), "span" | "wbr") {
            found = true;
        } else {
            out.push_str(&rest[open..open + close + 1]);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    (out, found)
}

fn between(gap: &str) -> Between {
    if gap.contains('\n') {
        return Between::End;
    }
    let (words, element) = without_empty_elements(&gap.replace("&nbsp;", " "));
    let words_between = words
        .trim()
        .trim_matches(|c: char| c == ':' || c == '：')
        .trim();
    if words_between.is_empty() {
        return if element {
            Between::Gap
        } else {
            Between::Nothing
        };
    }
    match words_between.to_ascii_lowercase().as_str() {
        "pon" | "chi" | "chii" | "kan" | "minkan" | "ポン" | "チー" | "カン" | "明槓" => {
            Between::Meld(MeldKind::Open)
        }
        "ankan" | "暗槓" | "暗カン" => Between::Meld(MeldKind::Closed),
        "tsumo" | "ツモ" | "draw" | "自摸" => Between::Drawn("tsumo"),
        "ron" | "ロン" => Between::Drawn("ron"),
        "dora" | "ドラ" | "ドラ表示牌" | "dora indicator" => Between::Dora,
        _ => Between::End,
    }
}

/// The hands written as image runs in `text[range]`. A run is images of
/// tiles on one line with only spaces, empty elements or the words above
/// between them.
pub fn read(
    text: &str,
    range: Range<usize>,
    custom: &ImageMap,
) -> Vec<(Range<usize>, Translation)> {
    hands(text, &images(text, range, custom))
}

/// The hands of `all`, the images of a document in order.
pub fn hands(text: &str, all: &[Image]) -> Vec<(Range<usize>, Translation)> {
    let mut out = Vec::new();
    let mut first = 0;
    while first < all.len() {
        if all[first].tile.is_none() {
            first += 1;
            continue;
        }
        // Groups of adjacent images and what came before each group.
        let mut groups: Vec<(Between, Vec<Image>)> =
            vec![(Between::Nothing, vec![all[first].clone()])];
        let mut next = first + 1;
        while next < all.len() && all[next].tile.is_some() {
            let gap = &text[all[next - 1].range.end..all[next].range.start];
            match between(gap) {
                Between::Nothing => {
                    if let Some(g) = groups.last_mut() {
                        g.1.push(all[next].clone());
                    }
                }
                Between::End => break,
                other => groups.push((other, vec![all[next].clone()])),
            }
            next += 1;
        }
        let start = all[first].range.start;
        let end = all[next - 1].range.end;
        out.extend(hand_of(groups).map(|t| (start..end, t)));
        first = next;
    }
    out
}

fn hand_of(groups: Vec<(Between, Vec<Image>)>) -> Option<Translation> {
    let mut builder = Builder::new();
    let mut words: Vec<(String, Range<usize>)> = Vec::new();
    for (kind, group) in groups {
        let placed: Vec<(RawTile, Range<usize>)> = group
            .iter()
            .filter_map(|im| im.tile.flatten().map(|t| (t, im.range.clone())))
            .collect();
        let backs = group.len() - placed.len();
        let source = group[0].range.start..group[group.len() - 1].range.end;
        let ends_are_backs = |g: &[Image]| {
            g.first().is_some_and(|im| im.tile == Some(None))
                && g.last().is_some_and(|im| im.tile == Some(None))
        };
        match kind {
            Between::Dora => {
                let mut value = String::from("dora=");
                for (t, _) in &placed {
                    value.push((t.number + b'0') as char);
                    value.push(t.suit as char);
                }
                if !placed.is_empty() {
                    words.push((value, source));
                }
            }
            Between::Meld(k) if (3..=4).contains(&placed.len()) && backs == 0 => {
                builder.meld(k, &placed, source)
            }
            Between::Drawn(word) if placed.len() == 1 && backs == 0 => {
                for (t, r) in placed {
                    builder.tile(t, r);
                }
                words.push((word.to_string(), source));
            }
            _ if group.len() == 4
                && backs == 2
                && ends_are_backs(&group)
                && placed[0].0 == placed[1].0 =>
            {
                let (tile, first_source) = placed[0].clone();
                let second_source = placed[1].1.clone();
                builder.meld(
                    MeldKind::Closed,
                    &[
                        (tile, first_source.clone()),
                        (tile, first_source),
                        (tile, second_source.clone()),
                        (tile, second_source),
                    ],
                    source,
                );
            }
            _ if backs == 0
                && group.iter().any(|im| im.sideways)
                && (3..=4).contains(&placed.len()) =>
            {
                builder.meld(MeldKind::Open, &placed, source)
            }
            _ => {
                for (t, r) in placed {
                    builder.tile(t, r);
                }
                for _ in 0..backs {
                    builder.unknown_tile();
                }
            }
        }
    }
    for (word, src) in words {
        builder.word(&word, src);
    }
    builder.finish(Dialect::Images)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_with_calls_and_a_drawn_tile() {
        let text = "<img src=\"../hai/pin2.gif\" /><img src=\"../hai/pin3.gif\" />  Pon <img src=\"haku.gif\" /><img src=\"haku.gif\" /><img src=\"yhaku.gif\" /> Tsumo <img src=\"pin4.gif\" /> Dora <img src=\"pin1.gif\" />";
        let found = read(text, 0..text.len(), &ImageMap::new());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.text, "2p3p (5z5z5z) 4p tsumo dora=1p");
        let text = "<img src='a/2m.gif'><img src='a/2m.gif'><span style='x'></span><img src='ura.gif'><img src='6z.gif'><img src='6z.gif'><img src='ura.gif'><span></span><img src='5s.gif'>";
        let found = read(text, 0..text.len(), &ImageMap::new());
        assert_eq!(found[0].1.text, "2m2m [6z6z6z6z] 5s");
        let text = "![](p_ms5.png)![](1m.png) x ![1p](img/p1.png)";
        let found = read(text, 0..text.len(), &ImageMap::new());
        assert_eq!(found[0].1.text, "5m1m");
        assert_eq!(found[1].1.text, "1p");
    }
}
