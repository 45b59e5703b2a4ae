//! LSP positions <-> byte offsets of a [`TextDocument`], in the negotiated
//! encoding: a thin layer over the document layer's one line index, which
//! the command line uses too.
//!
//! Clients may send positions past the end of a line or of the document, or
//! (in UTF-16) between the two halves of a surrogate pair such as 🀄. The
//! protocol says such positions fall back to the line's end; inside a
//! character they snap to the character's start. Nothing here panics.

use tower_lsp_server::ls_types::{Position, PositionEncodingKind, Range};

use crate::document::{self, Encoding, TextDocument};
use crate::json::Place;

/// The client's preferred encoding among those it offers: UTF-8 (no
/// conversion at all), else UTF-32, else UTF-16 (the protocol's default,
/// and the only one every client supports).
pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
    let offered = offered.unwrap_or_default();
    if offered.contains(&PositionEncodingKind::UTF8) {
        Encoding::Utf8
    } else if offered.contains(&PositionEncodingKind::UTF32) {
        Encoding::Utf32
    } else {
        Encoding::Utf16
    }
}

/// The protocol's name of an encoding.
pub fn kind(enc: Encoding) -> PositionEncodingKind {
    match enc {
        Encoding::Utf8 => PositionEncodingKind::UTF8,
        Encoding::Utf16 => PositionEncodingKind::UTF16,
        Encoding::Utf32 => PositionEncodingKind::UTF32,
    }
}

fn from_lsp(pos: Position) -> document::Position {
    document::Position::new(pos.line, pos.character)
}

/// The byte offset of a position; `None` only for a line past the end of
/// the document (callers clamp or ignore, as fits the request).
pub fn offset(text: &TextDocument, pos: Position, enc: Encoding) -> Option<usize> {
    text.offset_in_text(from_lsp(pos), enc)
}

/// Like [`offset`], but a line past the end means the end of the document.
pub fn offset_clamped(text: &TextDocument, pos: Position, enc: Encoding) -> usize {
    text.offset(from_lsp(pos), enc)
}

/// The position of a byte offset (clamped to the document, snapped to a
/// character start).
pub fn position(text: &TextDocument, byte: usize, enc: Encoding) -> Position {
    let at = text.position(byte, enc);
    Position::new(at.line, at.column)
}

pub fn range(text: &TextDocument, bytes: std::ops::Range<usize>, enc: Encoding) -> Range {
    Range::new(
        position(text, bytes.start, enc),
        position(text, bytes.end, enc),
    )
}

/// The place of a byte range as tenpai's own requests write it
/// (`docs/json.md`): 1-based lines and columns in Unicode characters, as the
/// command line writes them, whatever the protocol's encoding.
pub fn place(text: &TextDocument, bytes: std::ops::Range<usize>) -> Place {
    Place::in_text(text, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn utf16_counts_surrogate_pairs_as_two() {
        let text = TextDocument::new("🀄 123m\nx");
        // 🀄 is 4 bytes, 2 UTF-16 units; the space is at unit 2, byte 4.
        assert_eq!(offset(&text, pos(0, 2), Encoding::Utf16), Some(4));
        assert_eq!(offset(&text, pos(0, 4), Encoding::Utf8), Some(4));
        assert_eq!(position(&text, 5, Encoding::Utf16), pos(0, 3));
        assert_eq!(position(&text, 5, Encoding::Utf8), pos(0, 5));
        assert_eq!(position(&text, 5, Encoding::Utf32), pos(0, 2));
    }

    #[test]
    fn inside_a_character_snaps_to_its_start() {
        let text = TextDocument::new("a🀄b");
        assert_eq!(offset(&text, pos(0, 2), Encoding::Utf16), Some(1));
        assert_eq!(offset(&text, pos(0, 3), Encoding::Utf8), Some(1));
        assert_eq!(position(&text, 3, Encoding::Utf16), pos(0, 1));
    }

    #[test]
    fn past_the_end_falls_back_to_the_line_end() {
        let text = TextDocument::new("12m\r\nab\n");
        assert_eq!(offset(&text, pos(0, 99), Encoding::Utf16), Some(3));
        assert_eq!(offset(&text, pos(0, 99), Encoding::Utf8), Some(3));
        assert_eq!(offset(&text, pos(1, 2), Encoding::Utf16), Some(7));
        // The empty last line after the final newline exists; the next does not.
        assert_eq!(offset(&text, pos(2, 0), Encoding::Utf16), Some(8));
        assert_eq!(offset(&text, pos(3, 0), Encoding::Utf16), None);
        assert_eq!(offset_clamped(&text, pos(9, 9), Encoding::Utf16), 8);
        assert_eq!(position(&text, 999, Encoding::Utf16), pos(2, 0));
    }

    #[test]
    fn negotiation_prefers_utf8_when_offered() {
        let both = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF8];
        assert_eq!(negotiate(Some(&both)), Encoding::Utf8);
        let only16 = [PositionEncodingKind::UTF16];
        assert_eq!(negotiate(Some(&only16)), Encoding::Utf16);
        assert_eq!(negotiate(None), Encoding::Utf16);
        let not8 = [PositionEncodingKind::UTF16, PositionEncodingKind::UTF32];
        assert_eq!(negotiate(Some(&not8)), Encoding::Utf32);
        assert_eq!(kind(Encoding::Utf32), PositionEncodingKind::UTF32);
    }
}
