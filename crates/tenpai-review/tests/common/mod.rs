//! What the review tests share: the real game logs, read from
//! `../shared/real/logs` beside the repository, and a game reviewed for
//! every player.

// Each test file uses part of this module; the rest is not dead there.
#![allow(dead_code)]

use std::path::PathBuf;

use tenpai_review::{review, Game, Players, Review, ReviewOptions};

/// The folder of real logs: `../shared/real/logs` beside the repository
/// (where CI puts it), else the development machine's copy.
pub fn logs_dir() -> PathBuf {
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/real/logs");
    if beside.exists() {
        beside
    } else {
        PathBuf::from("/work/shared/real/logs")
    }
}

/// The bytes of a real log, by its path under the logs folder.
pub fn log(path: &str) -> Vec<u8> {
    let found = logs_dir().join(path);
    std::fs::read(&found).unwrap_or_else(|err| panic!("{}: {err}", found.display()))
}

/// Every player's decisions, every round.
pub fn all_players() -> ReviewOptions {
    ReviewOptions {
        players: Players::All,
        round: None,
    }
}

/// The review of a game for every player, which must be written.
pub fn review_all(game: &Game) -> Review {
    review(game, &all_players()).expect("a review")
}
