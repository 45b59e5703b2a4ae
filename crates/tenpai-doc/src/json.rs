//! What every machine-readable output shares (`docs/json.md`): the schema
//! version, the place of something in a text, and a diagnostic placed
//! there. `tenpai check --format json`, `tenpai score --json`,
//! `tenpai shanten --json` and the language server's custom requests
//! (`tenpai/render`, `tenpai/documentRules`) write these same objects, so
//! that a tool reads one shape whichever command it ran.

use std::ops::Range;

use serde::Serialize;

use crate::code::Code;
use crate::diag::{Diagnostic, Severity};
use crate::document::{Encoding, Position, TextDocument};

/// The version of the JSON shapes of `docs/json.md`, written as
/// `schema_version` in every output. It changes when a field is removed,
/// renamed or changes meaning; new fields may come without a change.
pub const SCHEMA_VERSION: u32 = 1;

/// A point in a text: the 1-based line, and the 1-based column counted in
/// Unicode characters (a tile glyph such as 🀄 is one column, as a
/// terminal shows it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize)]
pub struct Point {
    pub line: u32,
    pub column: u32,
}

impl Point {
    /// The point of a 0-based position whose column counts characters.
    pub fn of(position: Position) -> Point {
        Point {
            line: position.line + 1,
            column: position.column + 1,
        }
    }
}

/// Where something is: from `start` to just before `end` (exclusive), as
/// `{"start": {"line", "column"}, "end": {"line", "column"}}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Place {
    pub start: Point,
    pub end: Point,
}

impl Place {
    /// The place of the bytes `bytes` of the text `index` holds.
    pub fn in_text(index: &TextDocument, bytes: Range<usize>) -> Place {
        let (start, end) = index.range(bytes, Encoding::Utf32);
        Place {
            start: Point::of(start),
            end: Point::of(end),
        }
    }

    /// The place of the bytes `bytes` of one line of input, `text`, which
    /// is line `line_number` (1-based) of what was read.
    pub fn in_line(text: &str, line_number: u32, bytes: Range<usize>) -> Place {
        let column = |offset: usize| {
            let mut offset = offset.min(text.len());
            while !text.is_char_boundary(offset) {
                offset -= 1;
            }
            text[..offset].chars().count() as u32 + 1
        };
        Place {
            start: Point {
                line: line_number,
                column: column(bytes.start),
            },
            end: Point {
                line: line_number,
                column: column(bytes.end),
            },
        }
    }
}

/// A diagnostic as the outputs write it:
/// `{"code", "severity", "message", "range"}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlacedDiagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub range: Place,
}

impl PlacedDiagnostic {
    /// A diagnostic of one line of input (see [`Place::in_line`]).
    pub fn in_line(text: &str, line_number: u32, diagnostic: &Diagnostic) -> PlacedDiagnostic {
        PlacedDiagnostic {
            code: diagnostic.code,
            severity: diagnostic.severity,
            message: diagnostic.message.clone(),
            range: Place::in_line(text, line_number, diagnostic.span.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_from_one() {
        let text = "🀇🀈🀉m 123p";
        // `123p` starts after three four-byte glyphs, `m` and a space.
        let start = text.find("123p").expect("in the text");
        let place = Place::in_line(text, 3, start..text.len());
        assert_eq!(place.start, Point { line: 3, column: 6 });
        assert_eq!(
            place.end,
            Point {
                line: 3,
                column: 10
            }
        );
    }

    #[test]
    fn offsets_inside_a_character_move_to_its_start() {
        let place = Place::in_line("🀄", 1, 1..3);
        assert_eq!((place.start.column, place.end.column), (1, 1));
    }

    #[test]
    fn a_place_in_a_text_has_its_line() {
        let text = "first\nsecond 🀄 hand\n";
        let index = TextDocument::new(text);
        let start = text.find("hand").expect("in the text");
        let place = Place::in_text(&index, start..start + 4);
        assert_eq!(
            place.start,
            Point {
                line: 2,
                column: 10
            }
        );
        assert_eq!(
            place.end,
            Point {
                line: 2,
                column: 14
            }
        );
        let json = serde_json::to_value(place).expect("a place serialises");
        assert_eq!(
            json,
            serde_json::json!({"start": {"line": 2, "column": 10}, "end": {"line": 2, "column": 14}})
        );
    }
}
