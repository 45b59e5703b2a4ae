//! Each decision line says what the player has seen once: their own
//! discards in `river=` (called ones too, for furiten), everyone else's in
//! `visible=` with the others' melds, less the tiles called from this
//! player's river, which `river=` already holds.

use common::review_all;
use tenpai_review::read_log;
use tenpai_review::write::LineKind;

mod common;

/// The dealer cuts East, which West calls; the dealer's next decision has
/// East in its river, and West's pon shows the two other Easts only.
const CALLED_FROM_THE_RIVER: &str = r#"{"type":"start_game","names":["Ann","Bo","Cy","Di"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"N","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","N","N","9m"],["1s","2s","3s","4s","5s","6s","7s","8s","S","S","W","W","C"],["E","E","1p","2p","3p","4m","5m","6m","7m","8m","9m","P","P"],["1m","2m","3m","4m","5m","6m","7p","8p","F","F","C","C","W"]]}
{"type":"tsumo","actor":0,"pai":"S"}
{"type":"dahai","actor":0,"pai":"E","tsumogiri":false}
{"type":"pon","actor":2,"target":0,"pai":"E","consumed":["E","E"]}
{"type":"dahai","actor":2,"pai":"1p","tsumogiri":false}
{"type":"tsumo","actor":3,"pai":"2p"}
{"type":"dahai","actor":3,"pai":"2p","tsumogiri":true}
{"type":"tsumo","actor":0,"pai":"3s"}
{"type":"dahai","actor":0,"pai":"S","tsumogiri":false}
{"type":"hora","actor":1,"target":0,"deltas":[-1000,1000,0,0]}
{"type":"end_kyoku"}
{"type":"end_game"}
"#;

fn option<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(" # ")
        .next()?
        .split(' ')
        .find_map(|word| word.strip_prefix(key))
}

#[test]
fn own_discards_are_in_the_river_and_not_again_in_the_melds() {
    let game = read_log(CALLED_FROM_THE_RIVER.as_bytes()).expect("the log reads");
    let written = review_all(&game);
    let decisions: Vec<(usize, &str)> = written.rounds[0]
        .lines
        .iter()
        .filter(|line| line.kind == LineKind::Decision)
        .map(|line| (line.seat.unwrap_or(9), line.text.as_str()))
        .collect();
    let dealer: Vec<&str> = decisions
        .iter()
        .filter(|(seat, _)| *seat == 0)
        .map(|(_, text)| *text)
        .collect();
    assert_eq!(dealer.len(), 2, "{decisions:?}");
    // The first decision: nothing discarded yet.
    assert_eq!(option(dealer[0], "river="), None, "{}", dealer[0]);
    // The second: East in the river, and the pon's other two Easts, the
    // 1p and the 2p in sight.
    assert_eq!(option(dealer[1], "river="), Some("1z"), "{}", dealer[1]);
    assert_eq!(
        option(dealer[1], "visible="),
        Some("12p11z"),
        "{}",
        dealer[1]
    );
    // West sees the dealer's East once (in the pon it holds), its own 1p
    // in its river.
    let west: Vec<&str> = decisions
        .iter()
        .filter(|(seat, _)| *seat == 2)
        .map(|(_, text)| *text)
        .collect();
    assert_eq!(west.len(), 1);
    assert_eq!(option(west[0], "river="), None, "{}", west[0]);
    // The ron line carries the winner's river (nothing yet: Bo never
    // discarded), so no river= word.
    let win = written.rounds[0]
        .lines
        .iter()
        .find(|line| line.kind == LineKind::Win)
        .expect("a win line");
    assert_eq!(option(&win.text, "river="), None, "{}", win.text);
}
