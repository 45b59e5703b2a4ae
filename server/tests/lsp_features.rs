//! Every feature over the protocol, in process, snapshot tested.

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;

const MJ: &str = "file:///review.mj";
const MD: &str = "file:///article.md";

/// A `.mj` review: a clean winning hand, a typo'd option, a fifth 1m.
const REVIEW: &str = "\
# East 1, dealer
234m567p22s345678s riichi tsumo dora=1s
123m456p789s1122z riichii
11111m456p789s22z
";

const ARTICLE: &str = "\
# Reading waits

The hand `234m567p22s34678s` waits on two tiles.

```mj
123m456p789s1122z win=2z
```
";

async fn client(options: Value) -> TestClient {
    let (mut c, _) = TestClient::in_process();
    c.initialize(
        json!({"general": {"positionEncodings": ["utf-16"]}}),
        options,
    )
    .await;
    c
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

#[tokio::test]
async fn diagnostics_of_a_review() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, REVIEW).await;
    let d = c.diagnostics(MJ, 1).await;
    insta::assert_json_snapshot!(d);
}

#[tokio::test]
async fn diagnostics_in_markdown() {
    let mut c = client(Value::Null).await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let d = c.diagnostics(MD, 1).await;
    insta::assert_json_snapshot!(d);
}

#[tokio::test]
async fn hover_on_a_tile_names_it() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, "2340m567p22s345678s riichi tsumo dora=4m\n")
        .await;
    // The red five `0` at column 3.
    let red = c.call("textDocument/hover", at(MJ, 0, 3)).await;
    insta::assert_json_snapshot!("hover_red_five", red);
    // The dora indicator 4m, inside `dora=4m`.
    let ind = c.call("textDocument/hover", at(MJ, 0, 38)).await;
    insta::assert_json_snapshot!("hover_dora_indicator", ind);
}

#[tokio::test]
async fn hover_away_from_hands_is_empty() {
    let mut c = client(Value::Null).await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let prose = c.call("textDocument/hover", at(MD, 0, 3)).await;
    assert_eq!(prose, Value::Null);
    let past_end = c.call("textDocument/hover", at(MD, 99, 0)).await;
    assert_eq!(past_end, Value::Null);
}

#[tokio::test]
async fn semantic_tokens_classify_tiles_options_and_comments() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, "(123m) 0p e riichi dora=1s # note\n")
        .await;
    let t = c
        .call(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": MJ}}),
        )
        .await;
    insta::assert_json_snapshot!(decode(&t["data"]));
}

/// Semantic tokens as `[line, column, length, type, modifiers]`, absolute.
fn decode(data: &Value) -> Vec<Value> {
    let legend = tenpai::document::present::semantic::TokenType::ALL;
    let nums: Vec<u64> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0, 0);
    nums.chunks(5)
        .map(|c| {
            if c[0] > 0 {
                col = 0;
            }
            line += c[0];
            col += c[1];
            let mods: Vec<&str> = tenpai::document::present::semantic::MODIFIERS
                .iter()
                .enumerate()
                .filter(|(i, _)| c[4] & (1 << i) != 0)
                .map(|(_, m)| *m)
                .collect();
            json!([
                line,
                col,
                c[2],
                legend[c[3] as usize].name(),
                mods.join(",")
            ])
        })
        .collect()
}

#[tokio::test]
async fn document_symbols_one_per_hand() {
    let mut c = client(Value::Null).await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let s = c
        .call(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": MD}}),
        )
        .await;
    insta::assert_json_snapshot!(s);
}

#[tokio::test]
async fn completion_offers_options_then_values() {
    let mut c = client(Value::Null).await;
    let line = "234m567p22s345678s ";
    c.open(MJ, "mj", 1, &format!("{line}\n")).await;
    let items = c
        .call("textDocument/completion", at(MJ, 0, line.len() as u32))
        .await;
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"riichi") && labels.contains(&"seat="),
        "{labels:?}"
    );
    // Values of `seat=`: the four winds.
    c.change(MJ, 2, [0, 19, 0, 19], "seat=").await;
    let items = c.call("textDocument/completion", at(MJ, 0, 24)).await;
    insta::assert_json_snapshot!("completion_seat", items);
    // Inside the tiles: nothing to offer.
    let none = c.call("textDocument/completion", at(MJ, 0, 2)).await;
    assert_eq!(none, Value::Null);
}

#[tokio::test]
async fn code_actions_carry_the_diagnostics_fixes() {
    let mut c = client(Value::Null).await;
    c.open(MJ, "mj", 1, REVIEW).await;
    c.diagnostics(MJ, 1).await;
    let actions = c
        .call(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": MJ},
                "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                "context": {"diagnostics": []}
            }),
        )
        .await;
    insta::assert_json_snapshot!(actions);
}

#[tokio::test]
async fn formatting_rewrites_hand_lines_only() {
    let mut c = client(Value::Null).await;
    let doc =
        "# keep   this\n  567p 234m 22s345678s   tsumo riichi\n11123m456p789s 2z 2z riichii\n";
    c.open(MJ, "mj", 1, doc).await;
    let whole = c
        .call(
            "textDocument/formatting",
            json!({"textDocument": {"uri": MJ}, "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    insta::assert_json_snapshot!("formatting_document", whole);
    let none = c
        .call(
            "textDocument/rangeFormatting",
            json!({"textDocument": {"uri": MJ},
                   "range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 3}},
                   "options": {"tabSize": 4, "insertSpaces": true}}),
        )
        .await;
    assert_eq!(none, json!([]), "a line with an error is left as written");
}

#[tokio::test]
async fn code_actions_normalise_and_switch_honors() {
    let mut c = client(Value::Null).await;
    // Letters that normalise to digits; digits that can become letters.
    c.open(MJ, "mj", 1, "e e e 123m456p789s 55z\n123m456p789s11155z\n")
        .await;
    let actions = c
        .call(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": MJ},
                "range": {"start": {"line": 0, "character": 1}, "end": {"line": 1, "character": 1}},
                "context": {"diagnostics": []}
            }),
        )
        .await;
    let titles: Vec<(&str, &str)> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["title"].as_str().unwrap(),
                a["edit"]["changes"][MJ][0]["newText"].as_str().unwrap(),
            )
        })
        .collect();
    insta::assert_json_snapshot!(titles);
}
