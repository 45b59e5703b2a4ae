//! The 6,223 real wins of `../shared/real/tenhou-wins.jsonl` (4-player
//! Tenhou games; what Tenhou itself paid), scored under Tenhou's rules:
//! han, fu (ordinary hands), the winner's total and the yaku must agree.
//! The file is read at run time from the shared inputs beside the clone
//! (it is not the project's to copy).

use std::fmt::Write as _;
use std::path::PathBuf;

use serde_json::Value;
use tenpai::hand::parse_hand;
use tenpai::score::{self, Rules};

fn real_wins() -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let path = root.join("shared/real/tenhou-wins.jsonl");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (CI has ../shared beside the clone)",
            path.display()
        )
    })
}

#[test]
fn every_real_tenhou_win_scores_as_tenhou_paid_it() {
    let rules = Rules::tenhou();
    let text = real_wins();
    let mut checked = 0;
    let mut failures = 0;
    let mut report = String::new();
    for raw in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(raw).expect("JSON line");
        let id = v["id"].as_str().unwrap_or("?");
        let line = v["line"].as_str().unwrap_or("");
        let expect = &v["expect"];
        checked += 1;
        let got = match parse_hand(line, &rules) {
            Ok((hand, sit)) => score::to_json(&score::score(&hand, &sit, &rules)),
            Err(e) => {
                failures += 1;
                let _ = writeln!(report, "{id}: `{line}` does not parse: {e:?}");
                continue;
            }
        };
        let mut diffs = Vec::new();
        if !got["error"].is_null() {
            diffs.push(format!("error {}", got["error"]));
        } else {
            if expect["han"] != got["han"] {
                diffs.push(format!("han: {} vs {}", expect["han"], got["han"]));
            }
            let yakuman = expect["yakuman"].as_bool().unwrap_or(false);
            if !yakuman && expect["fu"] != got["fu"] {
                diffs.push(format!("fu: {} vs {}", expect["fu"], got["fu"]));
            }
            if expect["total"] != got["points"]["total"] {
                diffs.push(format!(
                    "total: {} vs {}",
                    expect["total"], got["points"]["total"]
                ));
            }
            let mut want: Vec<Value> = expect["yaku"].as_array().cloned().unwrap_or_default();
            let mut have: Vec<Value> = got["yaku"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|y| serde_json::json!([y["id"], y["han"]]))
                        .collect()
                })
                .unwrap_or_default();
            let key = |y: &Value| y[0].as_str().unwrap_or("").to_string();
            want.sort_by_key(key);
            have.sort_by_key(key);
            if want != have {
                diffs.push(format!(
                    "yaku: {} vs {}",
                    Value::Array(want),
                    Value::Array(have)
                ));
            }
        }
        if !diffs.is_empty() {
            failures += 1;
            let _ = writeln!(report, "{id}: `{line}`: {}", diffs.join("; "));
        }
    }
    assert!(checked >= 6223, "only {checked} wins");
    assert!(
        failures == 0,
        "{failures} of {checked} real wins disagree:\n{report}"
    );
}
