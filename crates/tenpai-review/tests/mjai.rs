//! The mjai reader on a log written here by hand, and the converter's
//! events: their order, riichi acceptance, and a round trip.

use common::review_all;
use tenpai_review::model::{Action, RoundEnd, Win};
use tenpai_review::write::LineKind;
use tenpai_review::{detect, mjai, read_log, review, Format, ReviewOptions};

mod common;

/// The dealer declares riichi on the first discard and draws the winning
/// tile on the next turn: double riichi, ippatsu, tsumo, a pure straight
/// (haneman).
const RIICHI_IPPATSU: &str = r#"{"type":"start_game","names":["Ann","Bo","Cy","Di"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"N","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"],["1s","2s","3s","4s","5s","6s","7s","8s","E","E","S","S","W"],["1s","2s","3s","4s","5s","6s","7s","8s","E","S","W","N","P"],["1m","2m","3m","4m","5m","6m","7m","8m","P","F","F","C","C"]]}
{"type":"tsumo","actor":0,"pai":"9s"}
{"type":"reach","actor":0}
{"type":"dahai","actor":0,"pai":"9s","tsumogiri":true}
{"type":"reach_accepted","actor":0}
{"type":"tsumo","actor":1,"pai":"W"}
{"type":"dahai","actor":1,"pai":"W","tsumogiri":true}
{"type":"tsumo","actor":2,"pai":"N"}
{"type":"dahai","actor":2,"pai":"N","tsumogiri":true}
{"type":"tsumo","actor":3,"pai":"F"}
{"type":"dahai","actor":3,"pai":"F","tsumogiri":true}
{"type":"tsumo","actor":0,"pai":"5p"}
{"type":"hora","actor":0,"target":0,"deltas":[19000,-6000,-6000,-6000],"ura_markers":["9m"]}
{"type":"end_kyoku"}
{"type":"end_game"}
"#;

fn types(events: &str) -> Vec<String> {
    events
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
            value["type"].as_str().expect("a type").to_string()
        })
        .collect()
}

#[test]
fn a_hand_written_log_reads_and_reviews() {
    assert_eq!(detect(RIICHI_IPPATSU.as_bytes()), Some(Format::Mjai));
    let game = read_log(RIICHI_IPPATSU.as_bytes()).expect("the log reads");
    assert_eq!(game.players[0], "Ann");
    assert_eq!(game.rounds.len(), 1);
    let round = &game.rounds[0];
    assert!(matches!(
        round.actions[1],
        Action::Discard {
            seat: 0,
            riichi: true,
            tsumogiri: true,
            ..
        }
    ));
    let written = review_all(&game);
    let win = written.rounds[0]
        .lines
        .iter()
        .find(|line| line.kind == LineKind::Win)
        .expect("a win line");
    assert_eq!(
        win.text,
        "123456789m12355p win=5p tsumo double-riichi ippatsu seat=e round=e dora=4z ura=9m sticks=1 => 6000 all # Ann wins by tsumo"
    );
    let decisions: Vec<&str> = written.rounds[0]
        .lines
        .iter()
        .filter(|line| line.kind == LineKind::Decision)
        .map(|line| line.text.as_str())
        .collect();
    assert_eq!(decisions.len(), 4);
    assert!(
        decisions[0].starts_with("123456789m1235p9s riichi seat=e round=e dora=4z discard=9s"),
        "{}",
        decisions[0]
    );
}

#[test]
fn the_converter_writes_the_events_back_in_order() {
    let game = read_log(RIICHI_IPPATSU.as_bytes()).expect("the log reads");
    let events = mjai::write(&game);
    assert_eq!(types(&events), types(RIICHI_IPPATSU));
    assert_eq!(read_log(events.as_bytes()).expect("it reads back"), game);
}

#[test]
fn a_riichi_discard_won_on_is_not_accepted() {
    let mut game = read_log(RIICHI_IPPATSU.as_bytes()).expect("the log reads");
    let round = &mut game.rounds[0];
    round.actions.truncate(2);
    round.end = RoundEnd::Wins {
        wins: vec![Win {
            seat: 1,
            from: 0,
            pao: None,
            value: None,
            deltas: [-1000, 1000, 0, 0],
            ura: Vec::new(),
        }],
    };
    let events = mjai::write(&game);
    let kinds = types(&events);
    assert!(!kinds.contains(&"reach_accepted".to_string()), "{kinds:?}");
    assert_eq!(kinds[2..6], ["tsumo", "reach", "dahai", "hora"]);
}

#[test]
fn bad_mjai_logs_name_their_line() {
    let cut: String = RIICHI_IPPATSU
        .lines()
        .take(8)
        .collect::<Vec<_>>()
        .join("\n");
    let err = read_log(cut.as_bytes()).expect_err("a truncated log");
    assert!(err.to_string().contains("truncated"), "{err}");
    let bad_tile = RIICHI_IPPATSU.replace(r#""pai":"5p"}"#, r#""pai":"0p"}"#);
    let err = read_log(bad_tile.as_bytes()).expect_err("a bad tile");
    assert!(err.to_string().contains("line 13"), "{err}");
    let hidden = RIICHI_IPPATSU.replace(r#""pai":"W"}"#, r#""pai":"?"}"#);
    let err = read_log(hidden.as_bytes()).expect_err("a hidden tile");
    assert!(err.to_string().contains("hidden"), "{err}");
    let wrong_discard = RIICHI_IPPATSU.replace(
        r#""actor":1,"pai":"W","tsumogiri":true"#,
        r#""actor":1,"pai":"C","tsumogiri":false"#,
    );
    let err = review(
        &read_log(wrong_discard.as_bytes()).expect("it parses"),
        &ReviewOptions::default(),
    )
    .expect_err("a discard of a tile not held");
    assert!(err.to_string().contains("round E1, move 4"), "{err}");
}
