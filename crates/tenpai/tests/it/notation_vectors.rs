//! Every reference line parses and validates cleanly: the scoring vectors'
//! `line`s strictly, the shanten vectors' `hand`s as partial hands.

use std::path::PathBuf;

use tenpai::hand::{self, Mode};
use tenpai::notation::{ast::LineKind, parse_line};
use tenpai::rules::Rules;

fn vectors(name: &str) -> Vec<serde_json::Value> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        root.join("tests/vectors").join(name),
        root.join("../shared/vectors").join(name),
        PathBuf::from("/work/shared/vectors").join(name),
    ];
    let path = candidates
        .iter()
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("vector file {name} not found"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn scoring_lines_validate() {
    let rules = Rules::tenhou();
    let mut n = 0;
    for file in ["scoring.jsonl", "no-yaku.jsonl"] {
        for v in vectors(file) {
            let line = v["line"].as_str().unwrap();
            let (hand, _sit) = hand::parse_hand(line, &rules)
                .unwrap_or_else(|e| panic!("{}: {line}: {e:#?}", v["id"]));
            assert!(hand.win.is_some(), "{line}: no winning tile");
            let w = hand.win.unwrap();
            assert!(hand.closed.contains(&w));
            assert!(hand.closed.windows(2).all(|p| p[0] <= p[1]));
            assert_eq!(hand.closed.len() + 3 * hand.melds.len(), 14, "{line}");
            n += 1;
        }
    }
    assert_eq!(n, 5200);
}

#[test]
fn shanten_hands_parse() {
    let rules = Rules::tenhou();
    for v in vectors("shanten.jsonl") {
        let text = v["hand"].as_str().unwrap();
        let line = parse_line(text);
        assert!(line.errors.is_empty(), "{text}: {:?}", line.errors);
        let LineKind::Hand(h) = &line.kind else {
            panic!("{text}: not a hand line")
        };
        for mode in [Mode::Strict, Mode::Partial] {
            let val = hand::validate(h, &rules, mode);
            assert!(!val.has_errors(), "{text}: {:?}", val.diagnostics);
        }
    }
}
