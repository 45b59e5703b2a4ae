//! The protocol itself, in process: negotiation, robustness, lifecycle.

use serde_json::{json, Value};
use tenpai::lsp::test_client::TestClient;

const URI: &str = "file:///review.mj";

fn utf8_client() -> Value {
    json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}})
}

#[tokio::test]
async fn negotiates_utf8_when_offered_and_utf16_otherwise() {
    let (mut c, _) = TestClient::in_process();
    let caps = c.initialize(utf8_client(), Value::Null).await;
    assert_eq!(caps["positionEncoding"], "utf-8");

    let (mut c, _) = TestClient::in_process();
    let caps = c.initialize(json!({}), Value::Null).await;
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
}

#[tokio::test]
async fn unknown_methods_get_method_not_found() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    let r = c.request("tenpai/noSuchThing", json!({})).await;
    assert_eq!(r["error"]["code"], -32601);
    let r = c
        .request(
            "textDocument/definition",
            json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}),
        )
        .await;
    assert_eq!(r["error"]["code"], -32601);
    // Unknown `$/` notifications are ignored, and the server still answers.
    c.notify("$/somethingNew", json!({})).await;
    c.call("shutdown", Value::Null).await;
}

#[tokio::test]
async fn edits_to_unknown_documents_are_logged_and_ignored() {
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.change("file:///nowhere.mj", 2, [0, 0, 0, 0], "x").await;
    let log = c.notification("window/logMessage").await;
    assert!(
        log["message"].as_str().unwrap().contains("not open"),
        "{log}"
    );
}

#[tokio::test]
async fn shutdown_then_exit_ends_the_server_cleanly() {
    let (mut c, task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.shutdown().await;
    assert!(task.await.unwrap(), "shutdown was seen before exit");

    let (mut c, task) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.notify("exit", Value::Null).await;
    assert!(!task.await.unwrap(), "exit without shutdown");
}

#[tokio::test]
async fn a_malformed_message_is_answered_with_a_parse_error() {
    // tower-lsp-server ends the session after a frame it cannot decode; the
    // client still learns why.
    let (mut c, _) = TestClient::in_process();
    c.initialize(json!({}), Value::Null).await;
    c.send_raw(b"Content-Length: 9\r\n\r\n{nonsense").await;
    let r = c.recv().await;
    assert_eq!(r["error"]["code"], -32700, "{r}");
}
