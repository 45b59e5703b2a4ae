//! Every real win of `../shared/real/tenhou-wins.jsonl` (6,223 wins from
//! real Tenhou games, with Tenhou's own result) through the project's parser
//! and the engine under the default rules: han, fu (for hands below
//! yakuman), the limit, the yaku with their han, the hand's value and what
//! the winner received.
//!
//! The file is read at run time from the shared folder beside the
//! repository (it is other people's data and is not copied into the
//! project). Where the folder is missing the test fails: a check of the
//! engine against Tenhou must not pass by finding nothing.

use std::fmt::Write as _;
use std::path::PathBuf;

use serde_json::Value;
use tenpai::hand::parse_hand;
use tenpai::score::{self, Rules};

fn wins_file() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.join("../shared/real/tenhou-wins.jsonl")
}

/// Tenhou's limit number: 0 none, 1 mangan, 2 haneman, 3 baiman,
/// 4 sanbaiman, 5 yakuman (counted ones included).
fn tenhou_limit(limit: Option<&str>) -> u64 {
    match limit {
        None => 0,
        Some("mangan") => 1,
        Some("haneman") => 2,
        Some("baiman") => 3,
        Some("sanbaiman") => 4,
        Some(_) => 5,
    }
}

fn sorted_yaku(yaku: &Value) -> Vec<(String, u64)> {
    let mut list: Vec<(String, u64)> = yaku
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|entry| match entry {
            Value::Array(pair) => Some((pair[0].as_str()?.to_string(), pair[1].as_u64()?)),
            Value::Object(_) => Some((entry["id"].as_str()?.to_string(), entry["han"].as_u64()?)),
            _ => None,
        })
        .filter(|(_, han)| *han > 0)
        .collect();
    list.sort();
    list
}

/// What differs between Tenhou's result and the engine's, if anything.
fn differences(line: &str, expect: &Value, rules: &Rules) -> Vec<String> {
    let got = match parse_hand(line, rules) {
        Ok((hand, situation)) => score::to_json(&score::score(&hand, &situation, rules)),
        Err(errors) => return vec![format!("does not parse: {errors:?}")],
    };
    if !got["error"].is_null() {
        return vec![format!("not priced: {}", got["error"])];
    }
    let mut found = Vec::new();
    if got["han"] != expect["han"] {
        found.push(format!(
            "han: Tenhou {}, tenpai {}",
            expect["han"], got["han"]
        ));
    }
    let yakuman = expect["yakuman"].as_bool().unwrap_or(false);
    if !yakuman && got["fu"] != expect["fu"] {
        found.push(format!("fu: Tenhou {}, tenpai {}", expect["fu"], got["fu"]));
    }
    let limit = tenhou_limit(got["limit"].as_str());
    if Some(limit) != expect["limit"].as_u64() {
        found.push(format!("limit: Tenhou {}, tenpai {limit}", expect["limit"]));
    }
    let total = got["points"]["total"].as_u64();
    if total != expect["total"].as_u64() {
        found.push(format!(
            "total: Tenhou {}, tenpai {total:?}",
            expect["total"]
        ));
    }
    let table =
        expect["honba"].as_u64().unwrap_or(0) * 300 + expect["sticks"].as_u64().unwrap_or(0) * 1000;
    let value = total.map(|t| t.saturating_sub(table));
    if value != expect["points"].as_u64() {
        found.push(format!(
            "value: Tenhou {}, tenpai {value:?}",
            expect["points"]
        ));
    }
    let (theirs, ours) = (sorted_yaku(&expect["yaku"]), sorted_yaku(&got["yaku"]));
    if theirs != ours {
        found.push(format!("yaku: Tenhou {theirs:?}, tenpai {ours:?}"));
    }
    found
}

#[test]
fn every_real_tenhou_win_scores_as_tenhou_paid_it() {
    let path = wins_file();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{} cannot be read: {error}", path.display()));
    let rules = Rules::tenhou();
    let mut wins = 0;
    let mut failures = 0;
    let mut report = String::new();
    for raw in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(raw).expect("each line of the file is JSON");
        let line = record["line"].as_str().expect("each win has a line");
        wins += 1;
        let found = differences(line, &record["expect"], &rules);
        if !found.is_empty() {
            failures += 1;
            let _ = writeln!(report, "{} `{line}`", record["id"]);
            for difference in found {
                let _ = writeln!(report, "    {difference}");
            }
        }
    }
    assert_eq!(wins, 6223, "the file holds 6,223 wins");
    assert!(
        failures == 0,
        "{failures} of {wins} real wins disagree with Tenhou:\n{report}"
    );
}
