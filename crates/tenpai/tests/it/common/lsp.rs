//! Steps of a language-server session that several test modules take.

use serde_json::json;
use tenpai::lsp::test_client::TestClient;

/// Reads until the server asks `method` of the client, and leaves the
/// request unanswered.
async fn unanswered(c: &mut TestClient, method: &str) {
    loop {
        let msg = c.recv().await;
        if msg["method"] == method && msg.get("id").is_some() {
            return;
        }
    }
}

/// Initializes a client that answers `workspace/configuration`, and reads
/// up to the server's first such request, left unanswered.
pub async fn initialize_pulling_configuration(c: &mut TestClient) {
    let init = json!({"processId": null, "rootUri": null,
        "capabilities": {"workspace": {"configuration": true}}});
    let r = c.request("initialize", init).await;
    assert!(r.get("result").is_some(), "{r}");
    c.notify("initialized", json!({})).await;
    unanswered(c, "workspace/configuration").await;
}

/// The code actions the server offers for `range` (a protocol range) of the
/// open document `uri`, with no diagnostics in the request's context.
pub async fn code_actions(
    c: &mut TestClient,
    uri: &str,
    range: serde_json::Value,
) -> serde_json::Value {
    c.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range,
            "context": {"diagnostics": []}
        }),
    )
    .await
}
