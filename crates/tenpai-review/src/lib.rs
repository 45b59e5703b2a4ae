//! Game logs read into one model, and the `.mj` review written from it.
//!
//! [`read_log`] takes the bytes of a log in any of the formats it knows
//! (tenhou.net/6 JSON, Tenhou's mjlog XML plain or gzip, mjai JSON lines),
//! picks the format by the content, and gives a [`model::Game`];
//! [`write::review`] writes the review of a game. A log that is truncated,
//! in no known format or contradicting itself is a [`ReadError`] naming
//! the place, never a panic and never a partial review.

pub mod error;
pub mod mjai;
pub mod mjlog;
pub mod model;
pub mod pai;
pub mod replay;
pub mod tenhou6;
pub mod write;
pub mod yaku;

pub use error::{Format, ReadError};
pub use model::Game;
pub use write::{review, Players, Review, ReviewOptions, RoundFilter};

/// Which format the bytes are in, by their content.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    if mjlog::is_gzip(bytes) {
        return Some(Format::Mjlog);
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let text = text.trim_start_matches('\u{feff}');
    if mjlog::detect(text) {
        Some(Format::Mjlog)
    } else if tenhou6::detect(text) {
        Some(Format::Tenhou6)
    } else if mjai::detect(text) {
        Some(Format::Mjai)
    } else {
        None
    }
}

/// Reads a log in any known format.
pub fn read_log(bytes: &[u8]) -> Result<Game, ReadError> {
    let inflated;
    let bytes = if mjlog::is_gzip(bytes) {
        inflated = mjlog::inflate(bytes)?;
        &inflated[..]
    } else {
        bytes
    };
    let text = std::str::from_utf8(bytes).map_err(|err| ReadError {
        format: None,
        place: format!("byte {}", err.valid_up_to()),
        message: "not UTF-8 text (nor gzip)".into(),
    })?;
    let text = text.trim_start_matches('\u{feff}');
    let game = match detect(text.as_bytes()) {
        Some(Format::Mjlog) => mjlog::read(text)?,
        Some(Format::Tenhou6) => tenhou6::read(text)?,
        Some(Format::Mjai) => mjai::read(text)?,
        None => {
            return Err(ReadError {
                format: None,
                place: String::new(),
                message: "not a game log tenpai knows: expected tenhou.net/6 JSON ({\"log\": ...}), mjlog XML (<mjloggm>) or mjai JSON lines ({\"type\": ...})".into(),
            })
        }
    };
    Ok(game.normalize())
}
