//! Hugo shortcodes: `{{< mj 2m2m3m4m-6z6zh6z >}}` (also `{{% … %}}`,
//! quoted or named arguments: `{{< mj "123m" >}}`, `{{< mj tiles="123m" >}}`).
//!
//! Tiles are mpsz, in pairs (`2m2m`) or runs (`22m`); `h` after a tile
//! lays it sideways (a called tile) and `0` is a red five. `-` is a gap:
//! a group after a gap with a sideways tile is a called meld, any other
//! group is more closed tiles (the drawn tile, or blocks set apart).

use std::ops::Range;

use super::{read_mpsz, Builder, Dialect, MeldKind, Placed, Translation};

/// Shortcode names read by default: `mj`, `mj-center` and the like.
pub fn default_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    ["mj", "mahjong", "tiles", "hai", "pai"].iter().any(|n| {
        name == *n
            || name
                .strip_prefix(n)
                .is_some_and(|rest| rest.starts_with('-'))
    })
}

/// One shortcode: its whole range and the range of its tile argument.
pub struct Shortcode {
    pub range: Range<usize>,
    pub argument: Range<usize>,
}

/// Finds the tile shortcodes in `text[range]`, named as `is_name` says.
pub fn find(text: &str, range: Range<usize>, is_name: &dyn Fn(&str) -> bool) -> Vec<Shortcode> {
    let mut out = Vec::new();
    let Some(slice) = text.get(range.clone()) else {
        return out;
    };
    for at in memchr::memmem::find_iter(slice.as_bytes(), b"{{") {
        let start = range.start + at;
        if let Some(code) = shortcode(text, start, range.end, is_name) {
            out.push(code);
        }
    }
    out
}

/// The shortcode that opens with the `{{` at `start`, read up to `limit`.
pub fn shortcode(
    text: &str,
    start: usize,
    limit: usize,
    is_name: &dyn Fn(&str) -> bool,
) -> Option<Shortcode> {
    let rest = &text[start + 2..limit];
    let delimiter = rest.chars().next()?;
    let close = match delimiter {
        '<' => ">}}",
        '%' => "%}}",
        _ => return None,
    };
    let body_start = start + 3;
    // A shortcode is written on one line: its close is looked for there
    // (not in the rest of the document, for each `{{` of prose).
    let line_end = memchr::memchr(b'\n', &text.as_bytes()[body_start..limit])
        .map_or(limit, |n| body_start + n);
    let body_len = text[body_start..line_end].find(close)?;
    let body = &text[body_start..body_start + body_len];
    let lead = body.len() - body.trim_start().len();
    let body_trim = body.trim_start();
    let name_len = body_trim
        .find(|c: char| c.is_whitespace())
        .unwrap_or(body_trim.len());
    let name = &body_trim[..name_len];
    if !is_name(name) {
        return None;
    }
    let args_start = body_start + lead + name_len;
    let argument = argument(text, args_start..body_start + body_len)?;
    Some(Shortcode {
        range: start..body_start + body_len + close.len(),
        argument,
    })
}

/// The tile argument: the first positional one, or a named one
/// (`tiles=`, `src=`, `hand=`, `value=`), quotes left out.
fn argument(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    let written = &text[range.clone()];
    let mut cursor = 0;
    let bytes = written.as_bytes();
    let mut positional = None;
    while cursor < bytes.len() {
        while cursor < bytes.len() && bytes[cursor].is_ascii_whitespace() {
            cursor += 1;
        }
        if cursor >= bytes.len() {
            break;
        }
        let word_start = cursor;
        // A named argument: key="value" or key=value.
        let key_len = bytes[cursor..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_' || **c == b'-')
            .count();
        let named = bytes.get(cursor + key_len) == Some(&b'=') && key_len > 0;
        let value_start = if named { cursor + key_len + 1 } else { cursor };
        let (value, next) = value_at(written, value_start);
        if named {
            let key = written[word_start..word_start + key_len].to_ascii_lowercase();
            if matches!(
                key.as_str(),
                "tiles" | "src" | "hand" | "value" | "code" | "pai" | "hai"
            ) {
                return Some(range.start + value.start..range.start + value.end);
            }
        } else if positional.is_none() {
            positional = Some(range.start + value.start..range.start + value.end);
        }
        cursor = next.max(word_start + 1);
    }
    positional.filter(|r| !r.is_empty())
}

/// A value starting at `i`: quoted (`"…"`, `'…'`, `` `…` ``) or up to the
/// next space. Returns its range and where reading goes on.
fn value_at(s: &str, i: usize) -> (Range<usize>, usize) {
    let bytes = s.as_bytes();
    match bytes.get(i) {
        Some(&q) if matches!(q, b'"' | b'\'' | b'`') => match s[i + 1..].find(q as char) {
            Some(len) => (i + 1..i + 1 + len, i + len + 2),
            None => (i + 1..s.len(), s.len()),
        },
        _ => {
            let len = s[i..]
                .find(|c: char| c.is_whitespace())
                .unwrap_or(s.len() - i);
            (i..i + len, i + len)
        }
    }
}

/// Reads the tiles of a shortcode argument `text[range]`; `None` when it
/// holds anything but tiles, `h` marks and `-` gaps.
pub fn read(text: &str, range: Range<usize>) -> Option<Translation> {
    builder(text, range)?.finish(Dialect::Hugo)
}

/// The builder of [`read`], for more words after the tiles.
pub fn builder(text: &str, range: Range<usize>) -> Option<Builder> {
    let written = text.get(range.clone())?;
    let mut builder = Builder::new();
    let mut group_start = 0;
    for group in written.split('-') {
        let at = group_start;
        group_start += group.len() + 1;
        if group.trim().is_empty() {
            continue;
        }
        let (tiles, sideways) = read_group(written, at, at + group.len(), range.start)?;
        let source = range.start + at..range.start + at + group.len();
        if sideways && (3..=4).contains(&tiles.len()) {
            builder.meld(MeldKind::Open, &tiles, source);
        } else {
            for (tile, at) in tiles {
                builder.tile(tile, at);
            }
        }
    }
    Some(builder)
}

/// A group's tiles, and whether any is laid sideways.
fn read_group(s: &str, start: usize, end: usize, base: usize) -> Option<(Vec<Placed>, bool)> {
    let bytes = s.as_bytes();
    let mut tiles: Vec<Placed> = Vec::new();
    let mut sideways = false;
    let mut cursor = start;
    while cursor < end {
        if bytes[cursor].is_ascii_whitespace() {
            cursor += 1;
            continue;
        }
        if bytes[cursor] == b'h' && !tiles.is_empty() {
            // The mark belongs to the tile before it.
            sideways = true;
            if let Some(last) = tiles.last_mut() {
                last.1.end = base + cursor + 1;
            }
            cursor += 1;
            continue;
        }
        let (run, next) = read_mpsz(&s[..end], cursor, base);
        if run.is_empty() {
            return None;
        }
        tiles.extend(run);
        cursor = next;
    }
    Some((tiles, sideways))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands(text: &str) -> Vec<String> {
        find(text, 0..text.len(), &default_name)
            .into_iter()
            .filter_map(|c| read(text, c.argument))
            .map(|t| t.text)
            .collect()
    }

    #[test]
    fn shortcodes_with_gaps_and_sideways_tiles() {
        let text = "東 {{< mj-center 2m3m3m4m4m5m2p3p9s9s-6z6zh6z >}} and {{< mj 1p >}}";
        assert_eq!(hands(text), ["2m3m3m4m4m5m2p3p9s9s (6z6z6z)", "1p"]);
        let text = "{{< mj 2p2p2p3p3p4p6s7s7z7z-7z >}}{{% mj \"123m\" %}}{{< mj tiles='456p' >}}";
        assert_eq!(hands(text), ["2p2p2p3p3p4p6s7s7z7z7z", "1m2m3m", "4p5p6p"]);
        assert!(hands("{{< image w=\"500\" src=\"a.jpg\" >}} {{< mj abc >}}").is_empty());
    }

    #[test]
    fn tiles_map_to_the_authors_bytes() {
        let text = "發中 {{< mj 4ph3p5p >}}";
        let code = &find(text, 0..text.len(), &default_name)[0];
        let t = read(text, code.argument.clone()).unwrap();
        assert_eq!(t.text, "(4p3p5p)");
        let four = text.find("4ph").unwrap();
        assert_eq!(t.to_source(&(1..3)), four..four + 3);
        assert_eq!(t.to_text(four + 2), 1);
    }
}
