//! Temporary furiten from the order of the game: a winning tile a waiting
//! player lets go by (furiten until their next discard), and one let go
//! after riichi, discarded by another or drawn (furiten for the rest of the
//! round), noted in the review of real Tenhou games.

use common::{log, review_all};
use tenpai_review::{read_log, review, Players, ReviewOptions};

mod common;

/// The pass comments of a game's review for all players, with the round.
fn passes(file: &str) -> Vec<(String, String)> {
    let bytes = log(file);
    let game = read_log(&bytes).expect("the log reads");
    let written = review_all(&game);
    written
        .rounds
        .iter()
        .flat_map(|round| {
            round
                .lines
                .iter()
                .filter(|line| {
                    line.text.contains("furiten until") || line.text.contains("furiten for")
                })
                .map(|line| (round.name.clone(), line.text.clone()))
        })
        .collect()
}

/// The dealer in double riichi on a 5p tanki lets another player's 5p go
/// by, then draws the next 5p and wins by tsumo (furiten forbids only ron).
const PASSED_AFTER_RIICHI: &str = r#"{"type":"start_game","names":["Ann","Bo","Cy","Di"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"N","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5p"],["1s","2s","3s","4s","5s","6s","7s","8s","E","E","S","S","W"],["1s","2s","3s","4s","5s","6s","7s","8s","E","S","W","N","P"],["1m","2m","3m","4m","5m","6m","7m","8m","P","F","F","C","C"]]}
{"type":"tsumo","actor":0,"pai":"9s"}
{"type":"reach","actor":0}
{"type":"dahai","actor":0,"pai":"9s","tsumogiri":true}
{"type":"reach_accepted","actor":0}
{"type":"tsumo","actor":1,"pai":"5p"}
{"type":"dahai","actor":1,"pai":"5p","tsumogiri":true}
{"type":"tsumo","actor":2,"pai":"N"}
{"type":"dahai","actor":2,"pai":"N","tsumogiri":true}
{"type":"tsumo","actor":3,"pai":"F"}
{"type":"dahai","actor":3,"pai":"F","tsumogiri":true}
{"type":"tsumo","actor":0,"pai":"5p"}
{"type":"hora","actor":0,"target":0,"deltas":[19000,-6000,-6000,-6000],"ura_markers":["9m"]}
{"type":"end_kyoku"}
{"type":"end_game"}
"#;

#[test]
fn a_winning_tile_let_go_by_makes_the_player_furiten_until_their_discard() {
    // South 4 of this game: Bさん, dealt 2m6m7m8m1p3p3p6p6s7s3z5z7z, is
    // tenpai on 4p and 7p (678m 123p 33p 56p 567s) after their fourth
    // discard, 2m; Cさん's next discard is 7p, and Bさん lets it go by.
    // Bさん then draws 5m, cuts 8m and declares riichi on the same waits
    // (567m for sanshoku on 7p), draws 4p and lets their own tsumo go by.
    let found = passes("tenhou6/2020071200gm-00a9-0000-2703badd.json");
    assert_eq!(
        found,
        [
            (
                "S4".to_string(),
                "# Bさん lets 7p go by, a tile the hand waits on: furiten until their next discard"
                    .to_string()
            ),
            (
                "S4".to_string(),
                "# Bさん draws 4p, a winning tile, and does not win after riichi: furiten for the rest of the round"
                    .to_string()
            ),
        ]
    );
    // The mjlog of the same game says the same (of the player by their
    // real name: the tenhou.net/6 file has them replaced).
    let without_names = |said: Vec<(String, String)>| -> Vec<(String, String)> {
        said.into_iter()
            .map(|(round, text)| {
                let rest = text
                    .split_once(" lets ")
                    .map(|(_, rest)| format!("lets {rest}"));
                let rest = rest.or_else(|| {
                    text.split_once(" draws ")
                        .map(|(_, rest)| format!("draws {rest}"))
                });
                (round, rest.unwrap_or(text))
            })
            .collect()
    };
    assert_eq!(
        without_names(passes("mjlog/2020071200gm-00a9-0000-2703badd.mjlog")),
        without_names(found)
    );
}

#[test]
fn each_pass_since_the_players_last_discard_is_noted_once() {
    // East 2 of the game of docs/review.md: Cさん lets 9s go by twice, each
    // time on a new go-around (their own discard between ends the first).
    let found = passes("tenhou6/2020052700gm-00a9-0000-75a4695c.json");
    let expected =
        "# Cさん lets 9s go by, a tile the hand waits on: furiten until their next discard";
    assert_eq!(
        found,
        [
            ("E2".to_string(), expected.to_string()),
            ("E2".to_string(), expected.to_string()),
        ]
    );
    // Only the reviewed players' passes are written.
    let bytes = log("tenhou6/2020052700gm-00a9-0000-75a4695c.json");
    let game = read_log(&bytes).expect("the log reads");
    let only_a = review(
        &game,
        &ReviewOptions {
            players: Players::One(0),
            round: None,
        },
    )
    .expect("a review")
    .to_text();
    assert!(!only_a.contains("go by"), "{only_a}");
}

#[test]
fn a_winning_tile_let_go_by_after_riichi_is_furiten_for_the_round() {
    let game = read_log(PASSED_AFTER_RIICHI.as_bytes()).expect("the log reads");
    let text = review_all(&game).to_text();
    let said: Vec<&str> = text.lines().filter(|line| line.contains("go by")).collect();
    assert_eq!(
        said,
        ["# Ann lets 5p go by after riichi, a tile the hand waits on: furiten for the rest of the round"],
        "{text}"
    );
    // The pass comes after Bo's discard and before Cy's.
    let pass = text.find("lets 5p go by").expect("the pass");
    let tsumo = text.find("win=5p").expect("the win");
    assert!(pass < tsumo, "{text}");
}
