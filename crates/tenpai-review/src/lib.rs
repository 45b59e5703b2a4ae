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
    check_points(&game)?;
    Ok(game.normalize())
}

/// The largest score or score change a log may hold: far beyond any real
/// game's, and far from where sums of them would overflow.
const MOST_POINTS: i64 = 1_000_000_000;

/// Scores and score changes within [`MOST_POINTS`]: a log with a number
/// beyond (a corrupt file) is an error naming the round, never an overflow.
fn check_points(game: &Game) -> Result<(), ReadError> {
    for round in &game.rounds {
        let deltas: Vec<&[i64; 4]> = match &round.end {
            model::RoundEnd::Wins { wins } => wins.iter().map(|win| &win.deltas).collect(),
            model::RoundEnd::Draw { draw } => vec![&draw.deltas],
        };
        let numbers = round.scores.iter().chain(deltas.into_iter().flatten());
        if let Some(bad) = numbers
            .into_iter()
            .find(|points| points.unsigned_abs() > MOST_POINTS.unsigned_abs())
        {
            return Err(ReadError {
                format: None,
                place: format!("round {}", round.name()),
                message: format!(
                    "a score or score change of {bad} points: beyond any game's (at most {MOST_POINTS})"
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short game (a ron, then nine terminals), also a seed of the
    /// `logs` fuzz target.
    const GAME: &str = r#"{"title":["",""],"name":["A","B","C","D"],"rule":{"disp":"鳳南喰赤","aka":1},"log":[[[0,0,0],[25000,25000,25000,25000],[41],[],[11,11,15,16,17,19,27,28,29,31,32,33,43],[38],[60],[12,13,14,22,22,23,24,25,34,35,36,36,37],[],[],[12,13,14,26,26,27,28,37,39,39,44,45,46],[],[],[18,18,21,21,22,23,24,33,35,36,42,47,47],[],[],["和了",[-2000,2000,0,0],[1,0,1,"30符2飜2000点","平和(1飜)","断幺九(1飜)"]]],[[1,0,0],[23000,27000,25000,25000],[16],[],[11,11,15,16,17,19,27,28,29,31,32,33,43],[],[],[11,12,13,19,21,23,29,31,39,41,42,43,44],[45],[],[12,13,14,26,26,27,28,37,39,39,44,45,46],[],[],[18,18,21,21,22,23,24,33,35,36,42,47,47],[],[],["九種九牌"]]]}"#;

    #[test]
    fn a_score_beyond_any_game_is_an_error_not_an_overflow() {
        assert!(read_log(GAME.as_bytes()).is_ok());
        // A number JSON reads as the largest i64 (found by fuzzing: the
        // replay's sums overflowed).
        let corrupt = GAME.replacen("27000", &"1".repeat(60), 1);
        let err = read_log(corrupt.as_bytes()).expect_err("an error");
        assert_eq!(err.place, "round E2");
        assert!(err.message.contains("beyond any game's"), "{}", err.message);
        let negative = GAME.replacen("-2000", "-9223372036854775808", 1);
        let err = read_log(negative.as_bytes()).expect_err("an error");
        assert_eq!(err.place, "round E1");
    }
}
