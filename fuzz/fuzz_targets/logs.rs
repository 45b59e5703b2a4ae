//! The game-log readers: any bytes, as a truncated, mutated or foreign
//! file may hold them, through format detection, the tenhou.net/6 JSON,
//! mjlog XML (plain or gzip) and mjai readers, the replay and the review.
//! Properties: no panic; an error names what is wrong; a log that reads
//! either reviews or says why; a review's decision lines hold 14 tiles
//! (a kan counted as three); and a game read from any format, written as
//! mjai events, reads back to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tenpai_review::model::RoundEnd;
use tenpai_review::{mjai, read_log, review, Players, ReviewOptions};

/// Tiles of a decision line's hand: digits before a suit letter, a meld
/// in brackets counted as three whatever its size.
fn hand_tiles(line: &str) -> usize {
    let hand = line.split(" seat=").next().unwrap_or_default();
    let mut count = 0;
    for group in hand.split(' ') {
        if group.starts_with('(') || group.starts_with('[') {
            count += 3;
        } else {
            count += group.chars().filter(char::is_ascii_digit).count();
        }
    }
    count
}

fuzz_target!(|data: &[u8]| {
    let game = match read_log(data) {
        Ok(game) => game,
        Err(err) => {
            assert!(
                !err.to_string().trim().is_empty(),
                "an error without a message"
            );
            return;
        }
    };
    let options = ReviewOptions {
        players: Players::All,
        round: None,
    };
    let reviewed = review(&game, &options);
    match &reviewed {
        Ok(written) => {
            for round in &written.rounds {
                for line in &round.lines {
                    if line.kind == tenpai_review::write::LineKind::Decision {
                        assert_eq!(hand_tiles(&line.text), 14, "{}", line.text);
                    }
                }
            }
        }
        Err(err) => assert!(!err.to_string().trim().is_empty()),
    }
    // The mjai converter and reader agree on every game that reviews.
    if reviewed.is_ok() {
        let events = mjai::write(&game);
        let again = read_log(events.as_bytes()).expect("the converter's events read back");
        // mjai records no han, fu or yaku, and no table rules (the lobby,
        // red fives, open tanyao): the reader assumes Tenhou's.
        let mut expected = game.clone();
        expected.rules = again.rules.clone();
        for round in &mut expected.rounds {
            if let RoundEnd::Wins { wins } = &mut round.end {
                for win in wins {
                    win.value = None;
                }
            }
        }
        assert_eq!(again, expected);
    }
});
