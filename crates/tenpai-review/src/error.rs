//! What goes wrong reading a log, and where.

use std::fmt;

/// The formats a log may be in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// tenhou.net/6 JSON: one object with every round, or one a line.
    Tenhou6,
    /// Tenhou's mjlog XML, plain or gzip.
    Mjlog,
    /// mjai events, one JSON object a line.
    Mjai,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Tenhou6 => "tenhou.net/6 JSON",
            Format::Mjlog => "mjlog XML",
            Format::Mjai => "mjai JSON lines",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A log that cannot be reviewed: the place (a round, an event, a byte
/// offset or line) and what is wrong there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadError {
    pub format: Option<Format>,
    /// Where: `round E3, event 41`, `byte 1234`, `line 7`.
    pub place: String,
    pub message: String,
}

impl ReadError {
    pub fn new(format: Format, place: impl Into<String>, message: impl Into<String>) -> ReadError {
        ReadError {
            format: Some(format),
            place: place.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.format, self.place.is_empty()) {
            (Some(format), false) => write!(f, "{format}, {}: {}", self.place, self.message),
            (Some(format), true) => write!(f, "{format}: {}", self.message),
            (None, false) => write!(f, "{}: {}", self.place, self.message),
            (None, true) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReadError {}
