//! What the test modules share: comparing a scoring vector's expectation
//! with tenpai's JSON answer (`tenpai score --json`, `score::to_json`),
//! running the built binary ([`cli`]), and driving the server ([`lsp`]).

pub mod cli;
pub mod lsp;

use serde_json::Value;

/// What differs between the vector's expectation and tenpai's answer.
pub fn differences(expect: &Value, got: &Value) -> Vec<String> {
    let mut diffs = Vec::new();
    let exp_err = expect["error"].as_str();
    let got_err = got["error"]["code"].as_str();
    if exp_err != got_err {
        diffs.push(format!("error: expected {exp_err:?}, got {}", got["error"]));
        return diffs;
    }
    if exp_err.is_some() {
        return diffs;
    }
    for k in ["han", "limit", "points"] {
        if expect[k] != got[k] {
            diffs.push(format!("{k}: expected {}, got {}", expect[k], got[k]));
        }
    }
    if !expect["fu"].is_null() && expect["fu"] != got["fu"] {
        diffs.push(format!("fu: expected {}, got {}", expect["fu"], got["fu"]));
    }
    let got_yaku: Vec<Value> = got["yaku"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|y| serde_json::json!([y["id"], y["han"]]))
                .collect()
        })
        .unwrap_or_default();
    if expect["yaku"] != Value::Array(got_yaku.clone()) {
        diffs.push(format!(
            "yaku: expected {}, got {}",
            expect["yaku"],
            Value::Array(got_yaku)
        ));
    }
    diffs
}
