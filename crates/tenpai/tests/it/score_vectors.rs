//! Every reference vector (`tests/vectors/scoring.jsonl`, `no-yaku.jsonl`,
//! Tenhou rules) through the project's parser and the engine: han, fu,
//! limit, yaku ids and han, every payment, errors.

use std::fmt::Write as _;

use serde_json::Value;
use tenpai::hand::parse_hand;
use tenpai::score::{self, Rules};

use crate::common;
use common::differences;

fn check_file(name: &str, text: &str) -> (usize, String) {
    let rules = Rules::tenhou();
    let mut failures = 0;
    let mut report = String::new();
    for (n, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(raw).expect("vector line is JSON");
        let id = v["id"].as_str().unwrap_or("?");
        let line = v["line"].as_str().unwrap_or("");
        let expect = &v["expect"];
        let got = match parse_hand(line, &rules) {
            Ok((hand, sit)) => score::to_json(&score::score(&hand, &sit, &rules)),
            Err(e) => {
                failures += 1;
                let _ = writeln!(
                    report,
                    "{name}:{} {id}: `{line}` does not parse: {e:?}",
                    n + 1
                );
                continue;
            }
        };
        let diffs = differences(expect, &got);
        if !diffs.is_empty() {
            failures += 1;
            let _ = writeln!(report, "{name}:{} {id}: `{line}`", n + 1);
            for d in diffs {
                let _ = writeln!(report, "    {d}");
            }
            if let Some(t) = got["interpretation"]["text"].as_str() {
                let _ = writeln!(report, "    chosen: {t} fu_details={}", got["fu_details"]);
            }
        }
    }
    (failures, report)
}

fn run(name: &str, text: &str, min_lines: usize) {
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    assert!(lines >= min_lines, "{name}: only {lines} vectors");
    let (failures, report) = check_file(name, text);
    assert!(
        failures == 0,
        "{failures} of {lines} vectors disagree:\n{report}"
    );
}

#[test]
fn scoring_vectors() {
    run(
        "scoring.jsonl",
        include_str!("../../../../tests/vectors/scoring.jsonl"),
        5000,
    );
}

#[test]
fn no_yaku_vectors() {
    run(
        "no-yaku.jsonl",
        include_str!("../../../../tests/vectors/no-yaku.jsonl"),
        200,
    );
}
