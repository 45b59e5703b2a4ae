//! `tenpai/render` over the protocol: a hand given as text, and the hands
//! of an open document in a range, each drawn as a standalone SVG.

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;

const MD: &str = "file:///article.md";

const ARTICLE: &str = "\
# Reading waits

The hand `234m567p22s34678s` waits on two tiles.

```mj
123m456p789s11222z tsumo
123m456p789s1122z8z
```
";

async fn client() -> TestClient {
    let (mut c, _) = TestClient::in_process();
    c.initialize(
        json!({"general": {"positionEncodings": ["utf-16"]}}),
        json!({}),
    )
    .await;
    c
}

fn hands(result: &Value) -> &Vec<Value> {
    result["hands"].as_array().expect("a list of hands")
}

#[tokio::test]
async fn a_hand_given_as_text_is_drawn() {
    let mut c = client().await;
    let got = c
        .call(
            "tenpai/render",
            json!({"hand": "234m567p22s345678s riichi tsumo", "theme": "dark"}),
        )
        .await;
    let hand = &hands(&got)[0];
    assert_eq!(hand["tiles"], "234m567p22345678s");
    let svg = hand["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<use data-tile=").count(), 14);
    assert!(svg.contains("4 han 20 fu · 2600 all"), "the caption");
    assert!(hand.get("range").is_none());
    assert_eq!(hand["errors"], json!([]));
    // A line that is no hand: no picture.
    let got = c.call("tenpai/render", json!({"hand": "# a note"})).await;
    assert_eq!(hands(&got).len(), 0);
}

#[tokio::test]
async fn the_hands_of_a_range_are_drawn_with_their_places() {
    let mut c = client().await;
    c.open(MD, "markdown", 1, ARTICLE).await;
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}});
    let got = c
        .call(
            "tenpai/render",
            json!({"textDocument": {"uri": MD}, "range": whole, "caption": "state"}),
        )
        .await;
    let all = hands(&got);
    assert_eq!(all.len(), 3, "{got}");
    assert_eq!(all[0]["tiles"], "234m567p2234678s");
    // The place shape of docs/json.md: 1-based, columns in characters.
    assert_eq!(all[0]["range"]["start"], json!({"line": 3, "column": 11}));
    assert!(all[0]["svg"].as_str().unwrap().contains("tenpai · "));
    assert_eq!(all[1]["range"]["start"]["line"], 6);
    // The hand with an error: drawn as written, its error given.
    assert_eq!(all[2]["tiles"], "123m456p789s1122z8z");
    assert_eq!(all[2]["errors"][0]["code"], "invalid-tile");
    assert!(all[2]["errors"][0]["message"].is_string());
    assert!(all[2]["svg"].as_str().unwrap().contains("class=\"mj-x\""));
    // A position (an empty range) finds the hand under it.
    let at = json!({"start": {"line": 5, "character": 3}, "end": {"line": 5, "character": 3}});
    let got = c
        .call(
            "tenpai/render",
            json!({"textDocument": {"uri": MD}, "range": at}),
        )
        .await;
    assert_eq!(hands(&got).len(), 1);
    assert_eq!(hands(&got)[0]["tiles"], "123m456p789s11222z");
}

#[tokio::test]
async fn bad_parameters_are_an_error_and_unknown_documents_none() {
    let mut c = client().await;
    let bad = c
        .request("tenpai/render", json!({"hand": "11z", "theme": "sepia"}))
        .await;
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let neither = c.request("tenpai/render", json!({})).await;
    assert_eq!(neither["error"]["code"], -32602, "{neither}");
    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}});
    let closed = c
        .call(
            "tenpai/render",
            json!({"textDocument": {"uri": "file:///closed.md"}, "range": range}),
        )
        .await;
    assert_eq!(closed, Value::Null);
}
