//! End to end: the built `tenpai lsp` binary driven over stdio as an editor
//! drives it.

use std::process::Stdio;

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;
use tokio::process::{Child, Command};

fn spawn() -> (TestClient, Child) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenpai"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the tenpai binary starts");
    let stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    (TestClient::new(stdout, stdin), child)
}

/// A client that knows only UTF-16, as the protocol's default.
fn utf16_client() -> Value {
    json!({"textDocument": {"hover": {"contentFormat": ["markdown"]}}})
}

#[tokio::test]
async fn shutdown_and_exit_end_the_process_with_code_zero() {
    let (mut c, mut child) = spawn();
    let caps = c.initialize(utf16_client(), Value::Null).await;
    assert_eq!(caps["positionEncoding"], "utf-16");
    c.shutdown().await;
    let status = child.wait().await.expect("the process ends");
    assert_eq!(status.code(), Some(0));
}

#[tokio::test]
async fn exit_without_shutdown_is_code_one() {
    let (mut c, mut child) = spawn();
    c.initialize(utf16_client(), Value::Null).await;
    c.notify("exit", Value::Null).await;
    let status = child.wait().await.expect("the process ends");
    assert_eq!(status.code(), Some(1));
}

/// A glyph before the hand on the same line: 🀄 is two UTF-16 units and four
/// bytes, so every column after it differs between encodings.
const ARTICLE: &str = "# Waits\n\n🀄 Red first: `11123m456p789s22z riichii`\n";
const URI: &str = "file:///article.md";
/// UTF-16 column where the hand starts: `🀄` (2) + ` Red first: `` (13).
const HAND: u32 = 15;

#[tokio::test]
async fn diagnostics_and_hover_at_utf16_columns_then_an_edit_clears_the_error() {
    let (mut c, mut child) = spawn();
    c.initialize(utf16_client(), Value::Null).await;
    c.open(URI, "markdown", 1, ARTICLE).await;

    let d = c.diagnostics(URI, 1).await;
    let d = d.as_array().expect("a list");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "unknown-option");
    // `riichii` follows the 17-character hand and a space.
    assert_eq!(
        d[0]["range"],
        json!({"start": {"line": 2, "character": HAND + 18},
               "end": {"line": 2, "character": HAND + 25}})
    );

    // The `2` of `11123m`, fourth character of the hand.
    let h = c
        .call(
            "textDocument/hover",
            json!({"textDocument": {"uri": URI},
                   "position": {"line": 2, "character": HAND + 3}}),
        )
        .await;
    assert!(
        h["contents"]["value"].as_str().unwrap().contains("2 man"),
        "{h}"
    );
    assert_eq!(
        h["range"],
        json!({"start": {"line": 2, "character": HAND + 3},
               "end": {"line": 2, "character": HAND + 4}})
    );

    // Delete the extra `i`: the diagnostic goes away.
    c.change(URI, 2, [2, HAND + 24, 2, HAND + 25], "").await;
    let d = c.diagnostics(URI, 2).await;
    assert_eq!(d, json!([]));

    c.shutdown().await;
    assert_eq!(child.wait().await.expect("ends").code(), Some(0));
}
