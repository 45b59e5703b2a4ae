//! A pao (sekinin barai) win as the review writes it: the claim is the
//! total the winner received, and the comment names the liable player and
//! each payment the log records.

use common::{log, review_all};
use tenpai_review::read_log;
use tenpai_review::write::LineKind;

mod common;

#[test]
fn the_pao_sample_names_the_liable_player_and_what_each_paid() {
    let game = read_log(&log("xml/pao.xml")).expect("the sample reads");
    let written = review_all(&game);
    let wins: Vec<&str> = written
        .rounds
        .iter()
        .flat_map(|round| &round.lines)
        .filter(|line| line.kind == LineKind::Win && line.text.contains("pao:"))
        .map(|line| line.text.as_str())
        .collect();
    assert_eq!(wins.len(), 1, "{wins:?}");
    let line = wins[0];
    // Seat 2 wins a yakuman by tsumo with one honba; seat 0 is liable and
    // pays all of it (the log's score changes: -32300 for seat 0, nothing
    // for seats 1 and 3).
    let liable = &game.players[0];
    assert!(line.contains(" tsumo"), "{line}");
    assert!(line.contains("=> yakuman 32300 #"), "{line}");
    assert!(
        line.contains(&format!(
            "pao: {liable} is liable for the yakuman; {liable} (liable) pays 32300;"
        )),
        "{line}"
    );
    for other in [&game.players[1], &game.players[3]] {
        assert!(!line.contains(&format!("{other} pays")), "{line}");
    }
}
