//! LSP positions <-> byte offsets in a rope, in the negotiated encoding.
//!
//! Clients may send positions past the end of a line or of the document, or
//! (in UTF-16) between the two halves of a surrogate pair such as 🀄. The
//! protocol says such positions fall back to the line's end; inside a
//! character they snap to the character's start. Nothing here panics.

use ropey::Rope;
use tower_lsp_server::ls_types::{Position, PositionEncodingKind, Range};

use crate::json::{Place, Point};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Encoding {
    Utf8,
    /// The protocol's default, and the only one every client supports.
    #[default]
    Utf16,
}

impl Encoding {
    /// UTF-8 when the client offers it (no conversion at all), else UTF-16.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
            _ => Encoding::Utf16,
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }
}

/// The byte length of a line without its line break.
fn content_len(rope: &Rope, line: usize) -> usize {
    let slice = rope.line(line);
    let mut len = slice.len_bytes();
    // Line breaks are `\n`, `\r\n` or `\r` (ropey's `cr_lines`, as the
    // protocol defines them).
    if len > 0 && slice.byte(len - 1) == b'\n' {
        len -= 1;
    }
    if len > 0 && slice.byte(len - 1) == b'\r' {
        len -= 1;
    }
    len
}

/// The byte offset of a position; `None` only for a line past the end of
/// the document (callers clamp or ignore, as fits the request).
pub fn offset(rope: &Rope, pos: Position, enc: Encoding) -> Option<usize> {
    let line = pos.line as usize;
    if line >= rope.len_lines() {
        return None;
    }
    let start = rope.line_to_byte(line);
    let len = content_len(rope, line);
    let col = pos.character as usize;
    let within = match enc {
        Encoding::Utf8 => {
            let b = start + col.min(len);
            // Snap a byte inside a character to that character's start.
            rope.char_to_byte(rope.byte_to_char(b)) - start
        }
        Encoding::Utf16 => {
            let slice = rope.byte_slice(start..start + len);
            let cu = col.min(slice.len_utf16_cu());
            slice.char_to_byte(slice.utf16_cu_to_char(cu))
        }
    };
    Some(start + within)
}

/// Like [`offset`], but a line past the end means the end of the document.
pub fn offset_clamped(rope: &Rope, pos: Position, enc: Encoding) -> usize {
    offset(rope, pos, enc).unwrap_or(rope.len_bytes())
}

/// The position of a byte offset (clamped to the document, snapped to a
/// character start).
pub fn position(rope: &Rope, byte: usize, enc: Encoding) -> Position {
    let byte = byte.min(rope.len_bytes());
    let line = rope.byte_to_line(byte);
    let line_start = rope.line_to_byte(line);
    let character = match enc {
        Encoding::Utf8 => rope.char_to_byte(rope.byte_to_char(byte)) - line_start,
        Encoding::Utf16 => {
            rope.char_to_utf16_cu(rope.byte_to_char(byte))
                - rope.char_to_utf16_cu(rope.byte_to_char(line_start))
        }
    };
    Position::new(line as u32, character as u32)
}

/// The position of a byte offset inside a known line, for results given as
/// line + byte column (cheaper than [`position`]: no line search).
pub fn line_position(rope: &Rope, line: usize, col: usize, enc: Encoding) -> Position {
    if line >= rope.len_lines() {
        return position(rope, rope.len_bytes(), enc);
    }
    let start = rope.line_to_byte(line);
    let col = col.min(content_len(rope, line));
    match enc {
        Encoding::Utf8 => Position::new(line as u32, col as u32),
        Encoding::Utf16 => {
            let slice = rope.byte_slice(start..start + col.min(rope.len_bytes() - start));
            Position::new(line as u32, slice.len_utf16_cu() as u32)
        }
    }
}

pub fn range(rope: &Rope, bytes: std::ops::Range<usize>, enc: Encoding) -> Range {
    Range::new(
        position(rope, bytes.start, enc),
        position(rope, bytes.end, enc),
    )
}

/// The place of a byte range as tenpai's own requests write it
/// (`docs/json.md`): 1-based lines and columns in Unicode characters, as the
/// command line writes them, whatever the protocol's encoding.
pub fn place(rope: &Rope, bytes: std::ops::Range<usize>) -> Place {
    let point = |byte: usize| {
        let byte = byte.min(rope.len_bytes());
        let line = rope.byte_to_line(byte);
        let column = rope.byte_to_char(byte) - rope.line_to_char(line);
        Point {
            line: line as u32 + 1,
            column: column as u32 + 1,
        }
    };
    Place {
        start: point(bytes.start),
        end: point(bytes.end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn utf16_counts_surrogate_pairs_as_two() {
        let rope = Rope::from_str("🀄 123m\nx");
        // 🀄 is 4 bytes, 2 UTF-16 units; the space is at unit 2, byte 4.
        assert_eq!(offset(&rope, pos(0, 2), Encoding::Utf16), Some(4));
        assert_eq!(offset(&rope, pos(0, 4), Encoding::Utf8), Some(4));
        assert_eq!(position(&rope, 5, Encoding::Utf16), pos(0, 3));
        assert_eq!(position(&rope, 5, Encoding::Utf8), pos(0, 5));
        assert_eq!(line_position(&rope, 0, 5, Encoding::Utf16), pos(0, 3));
    }

    #[test]
    fn inside_a_character_snaps_to_its_start() {
        let rope = Rope::from_str("a🀄b");
        assert_eq!(offset(&rope, pos(0, 2), Encoding::Utf16), Some(1));
        assert_eq!(offset(&rope, pos(0, 3), Encoding::Utf8), Some(1));
        assert_eq!(position(&rope, 3, Encoding::Utf16), pos(0, 1));
    }

    #[test]
    fn past_the_end_falls_back_to_the_line_end() {
        let rope = Rope::from_str("12m\r\nab\n");
        assert_eq!(offset(&rope, pos(0, 99), Encoding::Utf16), Some(3));
        assert_eq!(offset(&rope, pos(0, 99), Encoding::Utf8), Some(3));
        assert_eq!(offset(&rope, pos(1, 2), Encoding::Utf16), Some(7));
        // The empty last line after the final newline exists; the next does not.
        assert_eq!(offset(&rope, pos(2, 0), Encoding::Utf16), Some(8));
        assert_eq!(offset(&rope, pos(3, 0), Encoding::Utf16), None);
        assert_eq!(offset_clamped(&rope, pos(9, 9), Encoding::Utf16), 8);
        assert_eq!(position(&rope, 999, Encoding::Utf16), pos(2, 0));
    }

    #[test]
    fn negotiation_prefers_utf8_when_offered() {
        let both = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF8];
        assert_eq!(Encoding::negotiate(Some(&both)), Encoding::Utf8);
        let only16 = [PositionEncodingKind::UTF16];
        assert_eq!(Encoding::negotiate(Some(&only16)), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
    }
}
