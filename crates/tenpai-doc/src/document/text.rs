//! The text of a document and its line index: byte offsets <-> (line,
//! column) in UTF-8, UTF-16 or UTF-32, for the command line, the language
//! server and the playground alike.
//!
//! Tile glyphs are outside the Basic Multilingual Plane: four UTF-8 bytes,
//! two UTF-16 units, one UTF-32 unit (one character). Lines end at `\n`,
//! `\r\n` or `\r`, as in the Language Server Protocol. Conversions never
//! panic: an offset inside a character moves back to its start, and
//! anything past the end of a line or of the text is clamped to it.
//!
//! The language server edits a [`TextDocument`] in place
//! ([`TextDocument::replace`]): only the line starts after the edit move,
//! so a keystroke in a large document costs a copy of the bytes after it
//! and a pass over the line starts after it, not a new index.

use std::ops::Range;

/// How columns are counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Encoding {
    /// Bytes: no conversion at all.
    Utf8,
    /// UTF-16 code units: the Language Server Protocol's default (and a
    /// JavaScript string's indices).
    #[default]
    Utf16,
    /// Unicode scalar values, one per character (what `tenpai check`
    /// prints, as a terminal shows a glyph in one column).
    Utf32,
}

/// A 0-based line and column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

impl Position {
    pub fn new(line: u32, column: u32) -> Position {
        Position { line, column }
    }
}

/// A text and where its lines start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextDocument {
    text: String,
    /// Byte offset where each line starts; `starts[0] == 0`.
    starts: Vec<usize>,
    /// Every column is then a byte count: a line of thousands of findings
    /// is converted without counting its characters for each. Edits keep
    /// it true only while what they write is ASCII too (a stale `false`
    /// costs time, never correctness).
    ascii: bool,
}

/// Whether a line starts at byte `at` of `bytes` (`0 < at <= len`): after a
/// `\n`, or after a `\r` that no `\n` follows.
fn starts_line(bytes: &[u8], at: usize) -> bool {
    match bytes[at - 1] {
        b'\n' => true,
        b'\r' => bytes.get(at) != Some(&b'\n'),
        _ => false,
    }
}

impl TextDocument {
    pub fn new(text: impl Into<String>) -> TextDocument {
        let text = text.into();
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        starts.extend((1..=bytes.len()).filter(|&at| starts_line(bytes, at)));
        let ascii = text.is_ascii();
        TextDocument {
            text,
            starts,
            ascii,
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn len(&self) -> usize {
        self.text.len()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Replaces the bytes `range` with `with`, keeping the line index
    /// (clamped to the text and moved back to character boundaries, so
    /// nothing panics). Only the lines the edit touches are scanned again;
    /// the starts after it move by the change in length.
    pub fn replace(&mut self, range: Range<usize>, with: &str) {
        let floor = |mut at: usize| {
            at = at.min(self.text.len());
            while !self.text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        let (start, end) = (floor(range.start), floor(range.end));
        let end = end.max(start);
        self.text.replace_range(start..end, with);
        self.ascii &= with.is_ascii();
        // Whether a line starts at `at` depends on the bytes at `at - 1` and
        // `at` alone: the starts before the edit are as they were, those
        // after its end too (moved), and only the positions from its start
        // to the end of what it wrote are looked at again.
        let first = self.starts.partition_point(|&s| s < start).max(1);
        let after = self.starts.partition_point(|&s| s <= end);
        let written_end = start + with.len();
        let bytes = self.text.as_bytes();
        let rescanned: Vec<usize> = (start.max(1)..=written_end)
            .filter(|&at| starts_line(bytes, at))
            .collect();
        let delta = with.len() as isize - (end - start) as isize;
        for s in &mut self.starts[after..] {
            *s = (*s as isize + delta) as usize;
        }
        self.starts.splice(first..after.max(first), rescanned);
    }

    /// The 0-based line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Byte range of a line's content, without its line break; `None` past
    /// the last line.
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.starts.get(line)?;
        let end = match self.starts.get(line + 1) {
            Some(&next) => {
                let line_text = &self.text[start..next];
                next - (line_text.len() - line_text.trim_end_matches(['\n', '\r']).len())
            }
            None => self.text.len(),
        };
        Some(start..end)
    }

    /// The text of a line without its line break ("" past the end).
    pub fn line_text(&self, line: usize) -> &str {
        self.line_range(line).map_or("", |r| &self.text[r])
    }

    /// The position of byte `offset`.
    pub fn position(&self, offset: usize, enc: Encoding) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let range = self.line_range(line).unwrap_or(0..0);
        // An offset inside a `\r\n` counts as the end of the line.
        let upto = offset.min(range.end);
        let column = if self.ascii {
            upto - range.start
        } else {
            measure(&self.text[range.start..upto], enc)
        };
        Position::new(line as u32, column as u32)
    }

    /// The byte offset of a position. A line past the end gives the end of
    /// the text; a column past the end of its line gives the end of the line;
    /// a column inside a character (a UTF-16 surrogate pair, a UTF-8
    /// sequence) gives the start of that character.
    pub fn offset(&self, pos: Position, enc: Encoding) -> usize {
        self.offset_in_text(pos, enc).unwrap_or(self.text.len())
    }

    /// Like [`TextDocument::offset`], but `None` for a line past the end of
    /// the text (a request there is about nothing).
    pub fn offset_in_text(&self, pos: Position, enc: Encoding) -> Option<usize> {
        let range = self.line_range(pos.line as usize)?;
        let line = &self.text[range.clone()];
        let want = pos.column as usize;
        if self.ascii || enc == Encoding::Utf8 {
            let mut at = want.min(line.len());
            while !line.is_char_boundary(at) {
                at -= 1;
            }
            return Some(range.start + at);
        }
        let mut col = 0;
        for (i, c) in line.char_indices() {
            let char_width = width(c, enc);
            if col + char_width > want {
                return Some(range.start + i);
            }
            col += char_width;
        }
        Some(range.end)
    }

    /// Converts a byte range to a pair of positions.
    pub fn range(&self, range: Range<usize>, enc: Encoding) -> (Position, Position) {
        (
            self.position(range.start, enc),
            self.position(range.end, enc),
        )
    }
}

fn width(c: char, enc: Encoding) -> usize {
    match enc {
        Encoding::Utf8 => c.len_utf8(),
        Encoding::Utf16 => c.len_utf16(),
        Encoding::Utf32 => 1,
    }
}

fn measure(s: &str, enc: Encoding) -> usize {
    match enc {
        Encoding::Utf8 => s.len(),
        Encoding::Utf16 if s.is_ascii() => s.len(),
        Encoding::Utf16 => s.chars().map(char::len_utf16).sum(),
        Encoding::Utf32 => s.chars().count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Encoding::*;

    #[test]
    fn glyph_before_a_hand() {
        // 🀄 is 4 bytes, 2 UTF-16 units, 1 character.
        let text = "first\n🀄 123m\n";
        let idx = TextDocument::new(text);
        let at = text.find("123m").unwrap();
        assert_eq!(idx.position(at, Utf8), Position::new(1, 5));
        assert_eq!(idx.position(at, Utf16), Position::new(1, 3));
        assert_eq!(idx.position(at, Utf32), Position::new(1, 2));
        for enc in [Utf8, Utf16, Utf32] {
            assert_eq!(idx.offset(idx.position(at, enc), enc), at);
        }
    }

    #[test]
    fn offsets_inside_a_character_move_to_its_start() {
        let text = "a🀄b";
        let idx = TextDocument::new(text);
        for inside in 2..5 {
            assert_eq!(idx.position(inside, Utf16), Position::new(0, 1));
        }
        // UTF-16 column 2 is between the two halves of the surrogate pair.
        assert_eq!(idx.offset(Position::new(0, 2), Utf16), 1);
        assert_eq!(idx.offset(Position::new(0, 3), Utf16), 5);
        // UTF-8 column 3 is inside the glyph's bytes.
        assert_eq!(idx.offset(Position::new(0, 3), Utf8), 1);
    }

    #[test]
    fn past_the_end_is_clamped() {
        let text = "ab\ncd";
        let idx = TextDocument::new(text);
        assert_eq!(idx.position(99, Utf32), Position::new(1, 2));
        assert_eq!(idx.offset(Position::new(0, 99), Utf16), 2);
        assert_eq!(idx.offset(Position::new(7, 0), Utf16), text.len());
        assert_eq!(idx.line_text(7), "");
    }

    #[test]
    fn line_breaks_crlf_and_cr() {
        let text = "a\r\nb\rc\n";
        let idx = TextDocument::new(text);
        assert_eq!(idx.line_count(), 4);
        assert_eq!(idx.line_text(0), "a");
        assert_eq!(idx.line_text(1), "b");
        assert_eq!(idx.line_text(2), "c");
        assert_eq!(idx.line_text(3), "");
        assert_eq!(idx.position(4, Utf8), Position::new(1, 1));
        // Inside the \r\n: the end of line 0.
        assert_eq!(idx.position(2, Utf8), Position::new(0, 1));
        assert_eq!(idx.offset(Position::new(2, 1), Utf8), 6);
    }

    #[test]
    fn empty_text() {
        let idx = TextDocument::new("");
        assert_eq!(idx.line_count(), 1);
        assert_eq!(idx.position(0, Utf16), Position::new(0, 0));
        assert_eq!(idx.offset(Position::new(3, 3), Utf16), 0);
    }

    #[test]
    fn round_trips_at_every_boundary() {
        let text = "🀇🀈🀉 é\r\nx🀄\n\nend";
        let idx = TextDocument::new(text);
        for (i, _) in text.char_indices() {
            if text[..i].ends_with('\r') {
                continue; // between \r and \n: not a position of its own
            }
            for enc in [Utf8, Utf16, Utf32] {
                assert_eq!(idx.offset(idx.position(i, enc), enc), i, "{i} {enc:?}");
            }
        }
    }

    #[test]
    fn edits_keep_the_line_index() {
        let pieces = ["\n", "\r", "\r\n", "a", "🀄", "12m ", "", "\n\r"];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut doc = TextDocument::new("ab\r\ncd\re🀄\n\nf");
        for step in 0..3000 {
            let len = doc.len();
            let (a, b) = (next(len + 2), next(len + 2));
            let with: String = (0..next(3)).map(|_| pieces[next(pieces.len())]).collect();
            let mut expected = doc.text().to_string();
            let floor = |mut at: usize| {
                at = at.min(expected.len());
                while !expected.is_char_boundary(at) {
                    at -= 1;
                }
                at
            };
            let (start, end) = (floor(a.min(b)), floor(a.max(b)));
            expected.replace_range(start..end, &with);
            doc.replace(a.min(b)..a.max(b), &with);
            let fresh = TextDocument::new(expected.clone());
            assert_eq!(doc.text(), expected, "step {step}");
            assert_eq!(doc.starts, fresh.starts, "step {step}: {expected:?}");
        }
    }

    #[test]
    fn a_line_past_the_end_is_outside_the_text() {
        let idx = TextDocument::new("12m\r\nab\n");
        assert_eq!(idx.offset_in_text(Position::new(2, 0), Utf16), Some(8));
        assert_eq!(idx.offset_in_text(Position::new(3, 0), Utf16), None);
        assert_eq!(idx.offset(Position::new(3, 0), Utf16), 8);
    }
}
