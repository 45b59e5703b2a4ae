//! What authors state beside a hand, read as claims on it: the waits and
//! the count of tiles left on them (`→ {{< mj 2s5s >}} 待ち`, a table row's
//! `11枚`, "waits on 1-4-7s (11 tiles)"), the tiles a shape accepts
//! ("accepts 4 kinds, 16 tiles"), and, in a list under a 14-tile hand,
//! what each discard leaves (`{{< mj 2m >}} 切り ... {{< mj 1m4m5s8s >}}
//! 4種16枚`, "Discard 2m: 4 kinds, 16 tiles").
//!
//! Only forms that tie the statement to one hand without guessing are
//! read: the words must follow the hand on its own line (or, for a discard
//! list, be the items of a list right under it). A count in running prose
//! ("acceptance doubles from 12 tiles to 24 tiles") is no claim.

use std::ops::Range;

use super::{read_mpsz, RawTile};

/// A claim item and the author's bytes that state it.
pub type Item = (String, Range<usize>);

/// What joins a hand to the waits its author states (its range), and the
/// count of tiles left on them the author states, with where it is.
pub type StatedWaits = (Range<usize>, Option<(u32, Range<usize>)>);

/// Between a hand ending at `end` and the tiles at `next`: an arrow
/// (`→`, `->`, `⇒`) with `待ち` (or "wait") after the tiles, or the next
/// cell of a table row whose cell after holds a count of tiles (`11枚`):
/// the range of what joins them (the arrow, the cell boundary), and the
/// count of tiles the author states, with its range.
pub fn waits_joined(text: &str, end: usize, next: Range<usize>) -> Option<StatedWaits> {
    let between = text.get(end..next.start)?;
    let joint = between.trim();
    let after = text.get(next.end..)?;
    let lead = between.len() - between.trim_start().len();
    let arrow = end + lead..end + lead + joint.len();
    if matches!(joint, "→" | "->" | "⇒" | "=>" | "：" | ":") {
        let after = after.trim_start();
        return (after.starts_with("待ち") || after.starts_with("wait")).then_some((arrow, None));
    }
    if !is_cell_boundary(joint) {
        return None;
    }
    // `</td><td>11枚`: the count in the next cell.
    let cell = after
        .trim_start()
        .strip_prefix("</td>")
        .map(str::trim_start)
        .and_then(|a| a.strip_prefix("<td>"))
        .map(str::trim_start)?;
    let at = text.len() - cell.len();
    let (count, written) = japanese_count(text, at, '枚')?;
    Some((arrow, Some((count, written))))
}

/// `</td><td>`, spaces between allowed.
fn is_cell_boundary(s: &str) -> bool {
    s.strip_prefix("</td>")
        .map(str::trim_start)
        .is_some_and(|rest| rest == "<td>")
}

/// A number at `at` followed by `unit` (spaces between allowed): the
/// number, and the range from its first digit to the end of the unit.
fn japanese_count(text: &str, at: usize, unit: char) -> Option<(u32, Range<usize>)> {
    let rest = text.get(at..)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let after = rest[digits..].trim_start_matches(' ');
    let unit_at = at + (rest.len() - after.len());
    after.starts_with(unit).then_some(())?;
    let count = rest[..digits].parse().ok()?;
    Some((count, at..unit_at + unit.len_utf8()))
}

/// Reads left to right through a line, ASCII words compared without case.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    /// Where the line ends.
    end: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str, at: usize) -> Cursor<'a> {
        let end = memchr::memchr(b'\n', &text.as_bytes()[at.min(text.len())..])
            .map_or(text.len(), |n| at + n);
        Cursor { text, at, end }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at..self.end).unwrap_or("")
    }

    fn spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// Takes `word` (ASCII case ignored) when the line goes on with it.
    fn take(&mut self, word: &str) -> bool {
        let rest = self.rest().as_bytes();
        let ok =
            rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word.as_bytes());
        if ok {
            self.at += word.len();
        }
        ok
    }

    /// Takes the first of `words` the line goes on with.
    fn take_any(&mut self, words: &[&str]) -> bool {
        words.iter().any(|w| self.take(w))
    }

    /// Takes separators between the parts of a statement: spaces and
    /// `, : ; — … → ->` and emphasis marks (`**`, `__`).
    fn separators(&mut self) {
        loop {
            self.spaces();
            if !self.take_any(&[
                ",", "、", ":", "：", ";", "—", "–", "...", "…", "→", "->", "**", "__", "*", "_",
            ]) {
                return;
            }
        }
    }

    /// A number: its value and range.
    fn number(&mut self) -> Option<(u32, Range<usize>)> {
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 3 {
            return None;
        }
        let start = self.at;
        let value = self.rest()[..digits].parse().ok()?;
        self.at += digits;
        Some((value, start..self.at))
    }

    /// Does a word end here (not a letter or digit next)?
    fn word_ends(&self) -> bool {
        !self
            .rest()
            .chars()
            .next()
            .is_some_and(char::is_alphanumeric)
    }

    /// Do tiles end here? Not before an ASCII letter or digit (`3mm` is
    /// no tile); Japanese runs on without a space (`9s切り`).
    fn tiles_end(&self) -> bool {
        !self
            .rest()
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
    }
}

/// Counts written in English: `16 tiles`, `4 kinds`, `4 kinds, 16 tiles`,
/// `4 kinds of tiles (16 tiles)`, each with its bytes.
fn english_counts(cursor: &mut Cursor) -> Vec<Item> {
    let mut items = Vec::new();
    for _ in 0..2 {
        let save = cursor.at;
        let Some((n, written)) = cursor.number() else {
            break;
        };
        cursor.spaces();
        let unit = if cursor.take_any(&["kinds", "kind", "types", "type"]) {
            "kinds"
        } else if cursor.take_any(&["tiles", "tile"]) {
            "tiles"
        } else {
            cursor.at = save;
            break;
        };
        if !cursor.word_ends() {
            cursor.at = save;
            break;
        }
        items.push((format!("{n} {unit}"), written.start..cursor.at));
        // `4 kinds of tiles`
        let before = cursor.at;
        cursor.spaces();
        if !cursor.take("of tiles") {
            cursor.at = before;
        }
        let before = cursor.at;
        cursor.separators();
        cursor.take("(");
        cursor.spaces();
        if cursor.rest().starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        cursor.at = before;
        break;
    }
    items
}

/// A count written in a parenthesis or after separators, in English.
fn english_counts_after(cursor: &mut Cursor) -> Vec<Item> {
    let save = cursor.at;
    cursor.separators();
    let open = cursor.take("(");
    cursor.spaces();
    let items = english_counts(cursor);
    if items.is_empty() {
        cursor.at = save;
        return items;
    }
    if open {
        cursor.spaces();
        cursor.take(")");
    }
    items
}

/// Tiles written in prose: `1-4-7s`, `14m`, `3m6m`, `1-4m and 2-5s`.
/// Returns them in mpsz (`1s4s7s`) with their bytes.
fn prose_tiles(cursor: &mut Cursor) -> Option<Item> {
    let start = cursor.at;
    let mut tiles: Vec<RawTile> = Vec::new();
    let mut end = start;
    loop {
        let group_start = cursor.at;
        let mut digits = Vec::new();
        loop {
            let rest = cursor.rest().as_bytes();
            match rest.first() {
                Some(d) if d.is_ascii_digit() => {
                    digits.push(d - b'0');
                    cursor.at += 1;
                    // `1-4-7s`: a dash between digits.
                    let rest = cursor.rest().as_bytes();
                    if rest.first() == Some(&b'-') && rest.get(1).is_some_and(u8::is_ascii_digit) {
                        cursor.at += 1;
                    }
                }
                _ => break,
            }
        }
        let suit = cursor.rest().as_bytes().first().map(u8::to_ascii_lowercase);
        let group: Option<Vec<RawTile>> = match suit {
            Some(suit @ (b'm' | b'p' | b's' | b'z')) if !digits.is_empty() => {
                digits.iter().map(|&d| RawTile::new(d, suit)).collect()
            }
            _ => None,
        };
        let Some(group) = group else {
            cursor.at = group_start;
            break;
        };
        cursor.at += 1;
        // `3m6m`: the next group right after the suit.
        let joined = cursor.rest().starts_with(|c: char| c.is_ascii_digit());
        if !joined && !cursor.tiles_end() {
            cursor.at = group_start;
            break;
        }
        tiles.extend(group);
        end = cursor.at;
        if joined {
            continue;
        }
        // Another group: `1-4m 2-5s`, `1-4m and 2-5s`, `3m, 6m`, `3m/6m`.
        let before = cursor.at;
        cursor.take_any(&[",", "/", "&"]);
        cursor.spaces();
        cursor.take_any(&["and ", "or "]);
        cursor.spaces();
        if !cursor.rest().starts_with(|c: char| c.is_ascii_digit()) {
            cursor.at = before;
            break;
        }
    }
    cursor.at = end;
    if tiles.is_empty() {
        cursor.at = start;
        return None;
    }
    let mpsz: String = tiles
        .iter()
        .flat_map(|t| [char::from(t.number + b'0'), char::from(t.suit)])
        .collect();
    Some((mpsz, start..end))
}

/// After a hand or shape ending at `end`, on the same line: the waits and
/// counts stated in English — "waits on 1-4-7s (11 tiles)", "waiting for
/// 3m6m, 8 tiles", "accepts 4 kinds, 16 tiles", "ukeire: 16 tiles". The
/// claim items (with `=>` first), and where the statement ends.
pub fn in_prose(text: &str, end: usize) -> Option<(Vec<Item>, usize)> {
    let mut cursor = Cursor::new(text, end);
    cursor.separators();
    let mut items: Vec<Item> = Vec::new();
    let lead = cursor.at;
    cursor.take_any(&["it ", "which "]);
    cursor.take_any(&["is ", "now "]);
    let verb = cursor.at;
    if cursor.take_any(&[
        "waits on ",
        "waits for ",
        "waiting on ",
        "waiting for ",
        "wait on ",
        "wait for ",
    ]) {
        let word = verb..cursor.at - 1;
        cursor.spaces();
        let (tiles, written) = prose_tiles(&mut cursor)?;
        items.push(("waits".to_string(), word));
        items.push((tiles, written));
        items.extend(english_counts_after(&mut cursor));
    } else {
        cursor.at = lead;
        if !cursor.take_any(&[
            "accepts",
            "accepting",
            "acceptance of",
            "acceptance:",
            "ukeire of",
            "ukeire:",
            "ukeire",
        ]) {
            return None;
        }
        if !cursor.word_ends() && !cursor.rest().starts_with(' ') {
            return None;
        }
        cursor.spaces();
        items.extend(english_counts(&mut cursor));
        if items.is_empty() {
            return None;
        }
    }
    let stop = items.last().map_or(end, |i| i.1.end);
    Some((items, stop))
}

/// One discard of a list under a 14-tile hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The item's bytes, from its discard to its last count.
    pub range: Range<usize>,
    /// The discarded tile in mpsz and where it is written.
    pub tile: Item,
    /// The tiles the item says the discard accepts, when it lists them.
    pub accepted: Option<Listed>,
    /// The counts (`4 kinds`, `16 tiles`) with their bytes.
    pub counts: Vec<Item>,
    /// Marks the item holds (its discard and the accepted tiles): they are
    /// the item's, not shapes of their own.
    pub marks: Vec<usize>,
}

/// Tiles an author lists: in mpsz (`1m4m5s8s`), the bytes that list them
/// (a mark, or tiles in prose), and the bytes of the tiles alone (a
/// mark's argument, without the markup around it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub tiles: String,
    pub range: Range<usize>,
    pub written: Range<usize>,
}

/// A mark of the document's markup (a shortcode or a component): its
/// bytes, and the tiles it writes, when it writes any.
pub struct MarkTiles {
    pub range: Range<usize>,
    /// The bytes of its tiles (a shortcode's argument, a component's
    /// `src`).
    pub argument: Range<usize>,
    /// The mark's tiles in mpsz (`2m`, `1m4m5s8s`).
    pub tiles: Option<String>,
}

/// The start of the line after the one holding `at`.
fn next_line(text: &str, at: usize) -> Option<usize> {
    memchr::memchr(b'\n', text.as_bytes().get(at..)?).map(|n| at + n + 1)
}

/// The body of a list item on the line starting at `line`: after `- `,
/// `* `, `+ ` or `1. `, `1) `.
fn list_item_body(text: &str, line: usize) -> Option<usize> {
    let rest = text.get(line..)?;
    let indent = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let bytes = &rest.as_bytes()[indent..];
    let marker = match bytes.first()? {
        b'-' | b'*' | b'+' => 1,
        d if d.is_ascii_digit() => {
            let digits = bytes.iter().take_while(|c| c.is_ascii_digit()).count();
            matches!(bytes.get(digits), Some(b'.' | b')')).then_some(digits + 1)?
        }
        _ => return None,
    };
    matches!(bytes.get(marker), Some(b' ' | b'\t')).then_some(line + indent + marker + 1)
}

/// Words that say "discard": before the tile (`Discard 2m`, `打2m`) or
/// after it (`2m 切り`, `2m cut`).
const DISCARD_BEFORE: [&str; 5] = ["discarding", "discard", "cutting", "cut", "打"];
const DISCARD_AFTER: [&str; 5] = ["切り", "切", "打", "discard", "cut"];

/// The items of the list under a 14-tile hand ending at `hand_end`: each
/// item's body (after its marker) and the end of its line. The list starts
/// on a line after the hand (blank lines between allowed); it ends at the
/// first line that is neither blank nor a list item.
fn list_items(text: &str, hand_end: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut line = next_line(text, hand_end);
    std::iter::from_fn(move || loop {
        let start = line?;
        let line_end =
            memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |n| start + n);
        line = (line_end < text.len()).then_some(line_end + 1);
        if text[start..line_end].trim().is_empty() {
            continue;
        }
        let Some(body) = list_item_body(text, start) else {
            line = None;
            return None;
        };
        return Some((body, line_end));
    })
}

/// Where the list under a 14-tile hand ending at `hand_end` ends (the end
/// of its last item's line; `hand_end` when there is none): the marks a
/// [`discard_list`] can hold start before it.
pub fn list_end(text: &str, hand_end: usize) -> usize {
    list_items(text, hand_end)
        .last()
        .map_or(hand_end, |(_, line_end)| line_end)
}

/// The list under a 14-tile hand ending at `hand_end` (see
/// [`list_items`]): for each item that names a discard and counts what it
/// accepts, the discard and its counts. `marks` are the document's marks
/// after the hand, in order.
pub fn discard_list(text: &str, hand_end: usize, marks: &[MarkTiles]) -> Vec<Discard> {
    let mut out = Vec::new();
    let mut next_mark = 0;
    for (body, _) in list_items(text, hand_end) {
        while marks.get(next_mark).is_some_and(|m| m.range.start < body) {
            next_mark += 1;
        }
        if let Some(item) = discard_item(text, body, marks, next_mark) {
            out.push(item);
        }
    }
    out
}

/// The mark starting at `at`, among `marks[from..]`.
fn mark_at(marks: &[MarkTiles], from: usize, at: usize) -> Option<usize> {
    marks[from.min(marks.len())..]
        .iter()
        .position(|m| m.range.start == at)
        .map(|k| from + k)
        .filter(|&k| marks[k].range.start == at)
}

/// One tile written at the cursor: a mark of one tile, or an mpsz word.
fn one_tile(
    text: &str,
    cursor: &mut Cursor,
    marks: &[MarkTiles],
    from: usize,
) -> Option<(Item, Option<usize>)> {
    if let Some(k) = mark_at(marks, from, cursor.at) {
        let tiles = marks[k].tiles.clone()?;
        if tiles.len() != 2 {
            return None;
        }
        cursor.at = marks[k].range.end;
        return Some(((tiles, marks[k].range.clone()), Some(k)));
    }
    let (run, stop) = read_mpsz(text, cursor.at, 0);
    if run.len() != 1 || stop > cursor.end {
        return None;
    }
    let tile = run[0].0;
    let start = cursor.at;
    cursor.at = stop;
    if !cursor.tiles_end() {
        return None;
    }
    let mpsz = format!(
        "{}{}",
        char::from(tile.number + b'0'),
        char::from(tile.suit)
    );
    Some(((mpsz, start..stop), None))
}

fn discard_item(text: &str, body: usize, marks: &[MarkTiles], from: usize) -> Option<Discard> {
    let mut cursor = Cursor::new(text, body);
    let mut held = Vec::new();
    cursor.take_any(&["**", "__"]);
    // `Discard 2m` or `2m 切り`.
    let tile = if cursor.take_any(&DISCARD_BEFORE) {
        cursor.spaces();
        let (tile, mark) = one_tile(text, &mut cursor, marks, from)?;
        held.extend(mark);
        tile
    } else {
        let (tile, mark) = one_tile(text, &mut cursor, marks, from)?;
        held.extend(mark);
        cursor.spaces();
        if !cursor.take_any(&DISCARD_AFTER) {
            return None;
        }
        tile
    };
    cursor.separators();
    // The tiles it accepts: a mark, or tiles in prose.
    if cursor.take_any(&["accepts ", "accepting "]) {
        cursor.spaces();
    }
    let accepted = if let Some(k) = mark_at(marks, from, cursor.at) {
        let tiles = marks[k].tiles.clone()?;
        cursor.at = marks[k].range.end;
        held.push(k);
        Some(Listed {
            tiles,
            range: marks[k].range.clone(),
            written: marks[k].argument.clone(),
        })
    } else {
        let save = cursor.at;
        let listed = prose_tiles(&mut cursor).map(|(tiles, range)| Listed {
            tiles,
            range: range.clone(),
            written: range,
        });
        if listed.is_none() {
            cursor.at = save;
        }
        listed
    };
    cursor.separators();
    cursor.take_any(&["accepts", "accepting", "acceptance", "ukeire"]);
    cursor.separators();
    cursor.take("(");
    cursor.spaces();
    let counts = counts_at(text, &mut cursor);
    let mut last = counts.last()?.1.end;
    // An emphasis the item opened around its counts (`__4種16枚__`) closes
    // inside the item: a range that kept its opener and left its closer
    // would leave the page a stray `__` where the item is drawn.
    for emphasis in ["**", "__"] {
        if text[last..].starts_with(emphasis) && text[body..last].matches(emphasis).count() % 2 == 1
        {
            last += emphasis.len();
        }
    }
    Some(Discard {
        range: body..last,
        tile,
        accepted,
        counts,
        marks: held,
    })
}

/// `4種16枚`, `4種類16枚`, `16枚`, or the English `4 kinds, 16 tiles`.
fn counts_at(text: &str, cursor: &mut Cursor) -> Vec<Item> {
    let at = cursor.at;
    if let Some((kinds, kinds_written)) = japanese_count(text, at, '種') {
        let mut after = kinds_written.end;
        if text[after..].starts_with('類') {
            after += '類'.len_utf8();
        }
        let after_space =
            after + (text[after..].len() - text[after..].trim_start_matches(' ').len());
        let Some((tiles, tiles_written)) = japanese_count(text, after_space, '枚') else {
            return Vec::new();
        };
        cursor.at = tiles_written.end;
        return vec![
            (format!("{kinds} kinds"), kinds_written.start..after),
            (format!("{tiles} tiles"), tiles_written),
        ];
    }
    if let Some((tiles, written)) = japanese_count(text, at, '枚') {
        cursor.at = written.end;
        return vec![(format!("{tiles} tiles"), written)];
    }
    english_counts(cursor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(text: &str, end: usize) -> Option<(Vec<String>, Vec<&str>)> {
        let (items, _) = in_prose(text, end)?;
        Some((
            items.iter().map(|i| i.0.clone()).collect(),
            items.iter().map(|i| &text[i.1.clone()]).collect(),
        ))
    }

    #[test]
    fn english_waits_and_counts_after_a_hand() {
        let text = "HAND waits on 1-4-7s (11 tiles).\nmore";
        let (items, written) = claims(text, 4).unwrap();
        assert_eq!(items, ["waits", "1s4s7s", "11 tiles"]);
        assert_eq!(written, ["waits on", "1-4-7s", "11 tiles"]);
        let text = "HAND, which is waiting for 3m6m and 2-5s: 3 kinds, 12 tiles";
        let (_, written) = claims(text, 4).unwrap();
        assert_eq!(written[0], "waiting for");
        let text = "HAND, which is waiting for 3m6m and 2-5s: 3 kinds, 12 tiles";
        let (items, _) = claims(text, 4).unwrap();
        assert_eq!(items, ["waits", "3m6m2s5s", "3 kinds", "12 tiles"]);
        let text = "HAND accepts 4 kinds of tiles (16 tiles) here";
        let (items, written) = claims(text, 4).unwrap();
        assert_eq!(items, ["4 kinds", "16 tiles"]);
        assert_eq!(written, ["4 kinds", "16 tiles"]);
    }

    #[test]
    fn running_prose_is_no_claim() {
        for text in [
            "HAND (14 tiles) is the question",
            "HAND and the acceptance doubles from 12 tiles to 24 tiles",
            "HAND\nwaits on 3m",
            "HAND waits on the dora",
            "HAND accepts tiles well",
            "HAND waits on 3mm",
        ] {
            assert_eq!(claims(text, 4), None, "{text}");
        }
    }

    #[test]
    fn discard_lists_in_japanese_and_english() {
        let text = "HAND\n\n- M1 切り ... M2 3種11枚。 then words\n- M3 切り ... M4 __5種18枚__\n1. Discard 9p: accepts 1-4m 2-5s, 4 kinds 15 tiles\n\nprose\n- M5 切り 2種8枚";
        let mark = |s: &str, tiles: &str| MarkTiles {
            range: text.find(s).unwrap()..text.find(s).unwrap() + s.len(),
            argument: text.find(s).unwrap()..text.find(s).unwrap() + s.len(),
            tiles: Some(tiles.to_string()),
        };
        let marks = [
            mark("M1", "2m"),
            mark("M2", "1m4m5s"),
            mark("M3", "3p"),
            mark("M4", "1p4p"),
            mark("M5", "7z"),
        ];
        let list = discard_list(text, 4, &marks);
        assert_eq!(list.len(), 3, "{list:?}");
        assert_eq!(list[0].tile.0, "2m");
        let counts: Vec<_> = list[0]
            .counts
            .iter()
            .map(|c| (c.0.as_str(), &text[c.1.clone()]))
            .collect();
        assert_eq!(counts, [("3 kinds", "3種"), ("11 tiles", "11枚")]);
        assert_eq!(list[0].marks, [0, 1]);
        assert_eq!(&text[list[0].range.clone()], "M1 切り ... M2 3種11枚");
        assert_eq!(list[1].counts[1].0, "18 tiles");
        assert_eq!(list[2].tile.0, "9p");
        assert_eq!(&text[list[2].tile.1.clone()], "9p");
        let counts: Vec<_> = list[2].counts.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(counts, ["4 kinds", "15 tiles"]);
        // The tiles each item lists: a mark's, or those in prose.
        let listed = |k: usize| {
            list[k]
                .accepted
                .as_ref()
                .map(|l| (l.tiles.as_str(), &text[l.range.clone()]))
        };
        assert_eq!(listed(0), Some(("1m4m5s", "M2")));
        assert_eq!(listed(2), Some(("1m4m2s5s", "1-4m 2-5s")));
    }

    #[test]
    fn a_list_ends_at_its_last_item_and_a_hand_without_one_at_itself() {
        let text = "HAND\n\n- M1 切り 3種11枚\n- M3 切り\n\nprose\n- M5 切り 2種8枚";
        let last_item_end = text.find("\n\nprose").unwrap();
        assert_eq!(list_end(text, 4), last_item_end);
        // No list under the hand: no mark after it is one of a list's.
        assert_eq!(list_end("HAND\nprose\n- M5 切り", 4), 4);
        assert_eq!(list_end("HAND", 4), 4);
    }

    #[test]
    fn discard_items_in_plain_japanese_mpsz() {
        // No space between the tile and 切り, nor between list and counts.
        let text = "HAND
- 9s切り 14p25s 4種14枚
- 打1z 3m6m9m4種12枚
- 2p切り 5種18枚";
        let list = discard_list(text, 4, &[]);
        assert_eq!(list.len(), 3, "{list:?}");
        let tiles: Vec<_> = list.iter().map(|d| d.tile.0.as_str()).collect();
        assert_eq!(tiles, ["9s", "1z", "2p"]);
        let listed: Vec<_> = list
            .iter()
            .map(|d| d.accepted.as_ref().map(|l| &text[l.written.clone()]))
            .collect();
        assert_eq!(listed, [Some("14p25s"), Some("3m6m9m"), None]);
        assert_eq!(list[1].counts[0].0, "4 kinds");
        // A suit letter runs on into a word: no tile.
        assert!(discard_list(
            "HAND
- 9sx切り 14p 1種4枚",
            4,
            &[]
        )
        .is_empty());
    }

    #[test]
    fn table_cells_and_arrows() {
        let text = "<td>A</td><td>BB</td><td>11 枚</td>";
        let a = text.find('A').unwrap();
        let b = text.find("BB").unwrap();
        let (joint, count) = waits_joined(text, a + 1, b..b + 2).unwrap();
        assert_eq!(&text[joint], "</td><td>");
        let (n, written) = count.unwrap();
        assert_eq!((n, &text[written]), (11, "11 枚"));
    }
}
