//! Byte offsets (Rust's `&str`) to and from UTF-16 offsets (a JavaScript
//! string's indices, which CodeMirror positions are).

/// The map of one text. An ASCII text needs none: both offsets agree.
#[derive(Clone, Debug, Default)]
pub struct Utf16Map {
    /// Each non-ASCII character, in order; between two of them every
    /// character is ASCII, so both offsets advance together.
    wide: Vec<Wide>,
    len_bytes: usize,
}

/// Where a non-ASCII character starts (in UTF-16) and ends (in both).
#[derive(Clone, Copy, Debug)]
struct Wide {
    start_utf16: usize,
    end_byte: usize,
    end_utf16: usize,
}

impl Utf16Map {
    pub fn new(text: &str) -> Utf16Map {
        let mut wide = Vec::new();
        if !text.is_ascii() {
            let mut utf16 = 0;
            for (byte, ch) in text.char_indices() {
                if !ch.is_ascii() {
                    wide.push(Wide {
                        start_utf16: utf16,
                        end_byte: byte + ch.len_utf8(),
                        end_utf16: utf16 + ch.len_utf16(),
                    });
                }
                utf16 += ch.len_utf16();
            }
        }
        Utf16Map {
            wide,
            len_bytes: text.len(),
        }
    }

    /// The UTF-16 offset of byte `byte` (a char boundary; past the end is
    /// clamped to it).
    pub fn to_utf16(&self, byte: usize) -> usize {
        let byte = byte.min(self.len_bytes);
        let index = self.wide.partition_point(|w| w.end_byte <= byte);
        match index.checked_sub(1).and_then(|index| self.wide.get(index)) {
            Some(w) => w.end_utf16 + (byte - w.end_byte),
            None => byte,
        }
    }

    /// The byte offset of UTF-16 offset `utf16`: a position inside a
    /// character (between the halves of a surrogate pair) moves to its
    /// end; past the end is clamped to it.
    pub fn to_byte(&self, utf16: usize) -> usize {
        let index = self.wide.partition_point(|w| w.end_utf16 <= utf16);
        if let Some(next) = self.wide.get(index) {
            if utf16 > next.start_utf16 {
                return next.end_byte;
            }
        }
        let byte = match index.checked_sub(1).and_then(|index| self.wide.get(index)) {
            Some(w) => w.end_byte + (utf16 - w.end_utf16),
            None => utf16,
        };
        byte.min(self.len_bytes)
    }

    /// A byte range as a UTF-16 range.
    pub fn range(&self, bytes: &std::ops::Range<usize>) -> (usize, usize) {
        (self.to_utf16(bytes.start), self.to_utf16(bytes.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_offsets_are_the_same() {
        let map = Utf16Map::new("123m 456p");
        assert_eq!(map.to_utf16(4), 4);
        assert_eq!(map.to_byte(4), 4);
        assert_eq!(map.to_utf16(99), 9);
    }

    #[test]
    fn glyphs_and_kana_count_as_javascript_counts_them() {
        // 🀇 is 4 bytes and 2 UTF-16 units; 中 is 3 bytes and 1 unit.
        let text = "a🀇b中c";
        let map = Utf16Map::new(text);
        for (byte, ch) in text.char_indices() {
            let utf16: usize = text[..byte].chars().map(char::len_utf16).sum();
            assert_eq!(map.to_utf16(byte), utf16, "at {ch}");
            assert_eq!(map.to_byte(utf16), byte, "at {ch}");
        }
        assert_eq!(map.to_utf16(text.len()), 6);
        assert_eq!(map.to_byte(6), text.len());
        // Between the surrogates of 🀇: moved to its end.
        assert_eq!(map.to_byte(2), 5);
    }
}
