//! Byte offsets <-> (line, column) in UTF-8, UTF-16 or Unicode characters.
//!
//! Tile glyphs are outside the Basic Multilingual Plane: four UTF-8 bytes,
//! two UTF-16 units, one character. Lines end at `\n`, `\r\n` or `\r`, as
//! in the Language Server Protocol. Conversions never panic: an offset
//! inside a character moves back to its start, and anything past the end of
//! a line or of the text is clamped to it.

/// How columns are counted.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Encoding {
    Utf8,
    Utf16,
    /// Unicode scalar values (what `tenpai check` prints).
    Chars,
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

/// Line starts of one text; it keeps a copy of the text to count columns.
#[derive(Clone, Debug)]
pub struct LineIndex {
    text: String,
    /// Byte offset where each line starts; `starts[0] == 0`.
    starts: Vec<usize>,
    /// Every column is then a byte count: a line of thousands of findings
    /// is converted without counting its characters for each.
    ascii: bool,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i + 2);
                    i += 1;
                }
                b'\r' => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex {
            text: text.to_string(),
            starts,
            ascii: text.is_ascii(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Byte range of a line's content, without its line break; `None` past
    /// the last line.
    pub fn line_range(&self, line: usize) -> Option<std::ops::Range<usize>> {
        let start = *self.starts.get(line)?;
        let end = match self.starts.get(line + 1) {
            Some(&next) => {
                let s = &self.text[start..next];
                next - (s.len() - s.trim_end_matches(['\n', '\r']).len())
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
        let Some(range) = self.line_range(pos.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[range.clone()];
        let want = pos.column as usize;
        let mut col = 0;
        for (i, c) in line.char_indices() {
            let w = width(c, enc);
            if col + w > want {
                return range.start + i;
            }
            col += w;
        }
        range.end
    }

    /// Converts a byte range to a pair of positions.
    pub fn range(&self, range: std::ops::Range<usize>, enc: Encoding) -> (Position, Position) {
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
        Encoding::Chars => 1,
    }
}

fn measure(s: &str, enc: Encoding) -> usize {
    match enc {
        Encoding::Utf8 => s.len(),
        Encoding::Utf16 if s.is_ascii() => s.len(),
        Encoding::Utf16 => s.chars().map(char::len_utf16).sum(),
        Encoding::Chars => s.chars().count(),
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
        let idx = LineIndex::new(text);
        let at = text.find("123m").unwrap();
        assert_eq!(idx.position(at, Utf8), Position::new(1, 5));
        assert_eq!(idx.position(at, Utf16), Position::new(1, 3));
        assert_eq!(idx.position(at, Chars), Position::new(1, 2));
        for enc in [Utf8, Utf16, Chars] {
            assert_eq!(idx.offset(idx.position(at, enc), enc), at);
        }
    }

    #[test]
    fn offsets_inside_a_character_move_to_its_start() {
        let text = "a🀄b";
        let idx = LineIndex::new(text);
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
        let idx = LineIndex::new(text);
        assert_eq!(idx.position(99, Chars), Position::new(1, 2));
        assert_eq!(idx.offset(Position::new(0, 99), Utf16), 2);
        assert_eq!(idx.offset(Position::new(7, 0), Utf16), text.len());
        assert_eq!(idx.line_text(7), "");
    }

    #[test]
    fn line_breaks_crlf_and_cr() {
        let text = "a\r\nb\rc\n";
        let idx = LineIndex::new(text);
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
        let idx = LineIndex::new("");
        assert_eq!(idx.line_count(), 1);
        assert_eq!(idx.position(0, Utf16), Position::new(0, 0));
        assert_eq!(idx.offset(Position::new(3, 3), Utf16), 0);
    }

    #[test]
    fn round_trips_at_every_boundary() {
        let text = "🀇🀈🀉 é\r\nx🀄\n\nend";
        let idx = LineIndex::new(text);
        for (i, _) in text.char_indices() {
            if text[..i].ends_with('\r') {
                continue; // between \r and \n: not a position of its own
            }
            for enc in [Utf8, Utf16, Chars] {
                assert_eq!(idx.offset(idx.position(i, enc), enc), i, "{i} {enc:?}");
            }
        }
    }
}
