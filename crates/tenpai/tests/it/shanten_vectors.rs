//! The reference vectors (`tests/vectors/shanten.jsonl`, Tenhou rules): all
//! 10,000 hands, every form separately.

use tenpai::shanten::{shanten, Shanten};
use tenpai::tile::{counts, parse_tiles};

fn vectors() -> Vec<serde_json::Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/shanten.jsonl"
    );
    let text =
        std::fs::read_to_string(path).expect("tests/vectors/shanten.jsonl is in the repository");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn all_reference_vectors_agree_form_by_form() {
    let vs = vectors();
    assert_eq!(vs.len(), 10_000);
    let mut wrong = Vec::new();
    for v in &vs {
        let hand = v["hand"].as_str().expect("hand");
        let (tiles, _) = parse_tiles(hand).expect("vector hands parse");
        let got = shanten(&counts(&tiles), 0);
        let want = Shanten {
            shanten: v["shanten"].as_i64().expect("shanten") as i8,
            regular: v["regular"].as_i64().expect("regular") as i8,
            chiitoitsu: v["chiitoitsu"].as_i64().map(|n| n as i8),
            kokushi: v["kokushi"].as_i64().map(|n| n as i8),
        };
        if got != want {
            wrong.push(format!("{} {hand}: got {got:?}, want {want:?}", v["id"]));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}
